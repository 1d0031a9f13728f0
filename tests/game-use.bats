#!/usr/bin/env bats
# game use: what loe lets a side do once a game, kept in the saved game's
# member "used": the Imperial Army's first attack (13.2.2, in an Ethiopian
# combat phase) and the League of Nations (16.2, at an Ethiopian
# reinforcement phase); a second use refused citing the rule; undone.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

new_tue() {
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
}

# next until the saved game is in the phase named $1
to_phase() {
	local i
	for i in $(seq 20); do
		umpire --saved tue game show | head -1 | grep -q ", $1 phase$" &&
			return 0
		umpire --saved tue game next >/dev/null
	done
	fail "never reached the $1 phase"
}

use() {
	run --separate-stderr umpire --saved tue game use "$@"
}

@test "without a thing, each is listed, used or not" {
	new_tue
	use --json
	assert_success
	assert_equal "$(json_get '[.once[] | "\(.name)=\(.used)"] | join(",")' \
	    <<<"$output")" "first-attack=false,league-of-nations=false,askari-withdrawal=false"
	use
	assert_line --partial "first-attack: not used yet"
}

@test "13.2.2: the first attack is used once, in an Ethiopian combat phase" {
	new_tue
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	use first-attack
	assert_one_line_error 2
	assert_equal "$stderr" "umpire game: game use: first-attack belongs to the ethiopian combat phase (13.2.2 A); saved game 'tue' is in the italian reinforcement phase"
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	to_phase "ethiopian combat"
	jq -S . "$(file tue)" >"$BATS_TEST_TMPDIR/at-combat"
	use first-attack
	assert_success
	assert_line --partial "used: first-attack, once a game"
	assert_equal "$(jq -c '[.used[] | .name, .rule, .turn]' "$(file tue)")" \
	    '["first-attack","13.2.2 A",1]'
	assert_equal "$(jq -r '.log[-1].rule' "$(file tue)")" "13.2.2 A"
	use first-attack
	assert_one_line_error 2
	assert_equal "$stderr" "umpire game: game use: first-attack was used in turn 1; the rules allow it once a game (13.2.2 A)"
	# a new turn does not give it back
	to_phase "italian movement"
	to_phase "ethiopian combat"
	use first-attack
	assert_one_line_error 2
	use --json
	assert_equal "$(json_get '.once[0].used' <<<"$output")" 1
}

@test "game undo takes a use back, the used member as before" {
	new_tue
	to_phase "ethiopian reinforcement"
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	use league-of-nations
	assert_success
	run umpire --saved tue game undo
	assert_success
	assert_equal "$(jq -c .used "$(file tue)")" "[]"
	assert_equal "$(jq -S 'del(.log)' "$(file tue)")" \
	    "$(jq -S 'del(.log)' "$BATS_TEST_TMPDIR/before")"
	use league-of-nations
	assert_success
}

@test "an unknown thing, or a game with none, is refused" {
	new_tue
	use nosuch
	assert_one_line_error 2
	assert_equal "$stderr" "umpire game: game use: not a thing loe allows once a game: 'nosuch' (expected first-attack, league-of-nations, askari-withdrawal)"
	use first-attack league-of-nations
	assert_one_line_error 2
	umpire game new t1 -g toto --map teaching --situation teaching >/dev/null
	run --separate-stderr umpire --saved t1 game use
	assert_one_line_error 2
	assert_equal "$stderr" "umpire game: game use: toto has nothing its rules allow only once a game"
}

@test "a broken used member is reported with the file and never written" {
	new_tue
	f=$(file tue)
	jq '.used = ["first-attack"] | .phase = 6' "$f" >"$f.x"
	mv "$f.x" "$f"
	cp "$f" "$BATS_TEST_TMPDIR/before"
	use first-attack
	assert_one_line_error 3
	assert_equal "$stderr" "umpire game: $f: used: expected entries each an object with a \"name\" and a \"turn\" (the file is left as it is)"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
}

@test "a use waits for the lock and gives up with exit 5" {
	new_tue
	to_phase "ethiopian combat"
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	flock "$XDG_STATE_HOME/umpire/games/tue.lock" sleep 3 &
	sleep 0.3
	UMPIRE_LOCK_TIMEOUT=0.2 use first-attack
	assert_one_line_error 5
	# the list needs no lock
	use
	assert_success
	wait
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
}

@test "completion offers use, and the things of the saved game's game" {
	new_tue
	run umpire __complete game us
	assert_output "use"
	UMPIRE_SAVED=tue run umpire __complete game use ""
	assert_line first-attack
	assert_line league-of-nations
}
