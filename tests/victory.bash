# victory.bash: helpers for the victory tests (victory.bats,
# victory-sotq.bats).

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

# jq FILTER applied to saved game $UMPIRE_SAVED's file, as a player
# editing it by hand would
set_file() {
	local f
	f=$(file "$UMPIRE_SAVED")
	jq "$1" "$f" >"$f.x" && mv "$f.x" "$f"
}

# The check as JSON ($json): $got is "CODE RULE" of its result; $output
# (and $lines) its steps' texts, one a line.
verdict() {
	run --separate-stderr umpire --json victory "$@"
	assert_success
	json=$output
	got=$(jq -r '"\(.result.code) \(.result.rule)"' <<<"$json")
	output=$(jq -r '.steps[].text' <<<"$json")
	lines=()
	mapfile -t lines <<<"$output"
}
