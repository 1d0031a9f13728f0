# adwa.bash: helpers for the tests of a saved Adwa game (draw.bats,
# draw-state.bats, adwa-turn.bats): where the game lies, a new game, the
# cards counted, and whole steps of a turn taken in the rules' order (2,
# 9, 2.3).

decks() {
	echo "$XDG_STATE_HOME/umpire/decks"
}

state() {
	echo "$(decks)/${1:-adwa}.json"
}

new_game() {
	run --separate-stderr umpire draw -g adwa new --seed "${1:-1896}" "${@:2}"
	assert_success
}

# The count of every card in the game, from the public status.
total() {
	umpire draw status --json "$@" | jq '.piles.draw + .piles.discard +
		.piles.removed + .piles.locked + ([.commanders[].cards] | add)'
}

# Every card id in every hand of the game, one per line.
hand_ids() {
	local c
	for c in $(umpire draw status --json | jq -r '.commanders[].name'); do
		umpire draw hand "$c" --json | jq -r '.cards[].id'
	done
}

turn_of() {
	umpire draw status --json | jq -r .turn.commander
}

# The step the turn waits for: draw, exchange, mutiny or act (2, 9).
step_of() {
	umpire draw status --json "$@" | jq -r .turn.next
}

# The exchange the turn owes (2.2), each side giving the first card it
# holds: the next commander in command is worked out from the public order.
exchange_step() {
	local st c n ca cb
	st=$(umpire draw status --json "$@")
	c=$(jq -r .turn.commander <<<"$st")
	n=$(jq -r --arg c "$c" '.commanders as $a | ($a | map(.name) | index($c)) as $i |
		[range(1; $a | length)] | map($a[($i + .) % ($a | length)]) |
		map(select(.disgraced | not)) | .[0].name' <<<"$st")
	ca=$(umpire draw hand "$c" --json "$@" | jq -r '.cards[0].card')
	umpire draw exchange "$ca" --with "$n" "$@" >/dev/null
	cb=$(umpire draw hand "$n" --json "$@" | jq -r '.cards[0].card')
	umpire draw exchange "$cb" --with "$c" "$@" >/dev/null
}

# The Mutiny step (9) with a 6 for every Mutiny card held: none triggers.
mutiny_step() {
	local c held
	c=$(umpire draw status --json "$@" | jq -r .turn.commander)
	held=$(umpire draw hand "$c" --json "$@" | jq '.counts.mutiny // 0')
	if [ "$held" -gt 0 ]; then
		umpire draw mutiny --roll "$(seq "$held" | sed 's/.*/6/' | paste -sd,)" \
			"$@" >/dev/null
	else
		umpire draw mutiny "$@" >/dev/null
	fi
}

# Answer every Assassin that waits with no Healer and no Veto (2.1, 10):
# the wound's d6 is umpire's, from the game's generator.
answer_none() {
	while [ "$(step_of "$@")" = react ]; do
		umpire draw react none "$@" >/dev/null
	done
}

# Bring the turn to its action (2.3): the exchange, then the Mutiny step.
to_act() {
	answer_none "$@"
	[ "$(step_of "$@")" != exchange ] || exchange_step "$@"
	[ "$(step_of "$@")" != mutiny ] || mutiny_step "$@"
	[ "$(step_of "$@")" = act ]
}

# What the board owes before the next draw (11): the attack roll after the
# turn, the end of the round; made with the game's own dice.
board_steps() {
	local owed
	while owed=$(umpire draw board --json "$@" | jq -r '.owed // empty') &&
	    [ -n "$owed" ]; do
		umpire draw "$owed" "$@" >/dev/null || return 1
	done
}

# Finish the turn under way as the rules order it, with a pass at the end,
# then what the board owes; nothing when it is over already.
end_turn() {
	if [ "$(step_of "$@")" != draw ]; then
		to_act "$@"
		umpire draw pass "$@" >/dev/null
	fi
	board_steps "$@"
}

# The next commander's turn: the last one finished, then the draw.
next_turn() {
	end_turn
	umpire draw "$@"
	answer_none
}

# The number of entries in the game's log.
entries() {
	umpire draw log --json | jq '.entries | length'
}

# Is the commander whose turn it is able to act (not incapacitated)?
able() {
	[ "$(umpire draw status --json |
	    jq '.turn.commander as $c | .commanders[] | select(.name == $c) | .incapacitated')" = 0 ]
}

# Move the first n cards of a commander's hand, Mutiny cards apart, to the
# discard pile by editing the saved game (the rules have no discard at
# will): a way to fill the discard pile for the tests of recycling.
to_discard() {
	jq -c --arg c "$1" --argjson n "$2" '
		(.players | map(.name) | index($c)) as $i |
		(.cards) as $k |
		([.players[$i].hand[] | select($k[.] != "mutiny")][0:$n]) as $m |
		.players[$i].hand -= $m | .piles.discard += $m' "$(state)" \
		>"$BATS_TEST_TMPDIR/discarded"
	cp "$BATS_TEST_TMPDIR/discarded" "$(state)"
}

# Put the first card of a kind in a commander's hand, from wherever it
# lies, by editing the saved game: a hand set up for a test.
give() {
	jq -c --arg k "$1" --arg c "$2" '.players as $p | .piles.draw as $d |
		(.players | map(.name) | index($c)) as $j |
		[.cards | to_entries[] | select(.value == $k) | .key |
			select(. as $i | $p[$j].hand | index($i) | not)] as $ids |
		(([$ids[] | select(. as $i | $d | index($i))] + $ids)[0]) as $id |
		.players |= map(.hand -= [$id]) | .piles |= map_values(. - [$id]) |
		(.players | map(.name) | index($c)) as $i | .players[$i].hand += [$id]' \
		"$(state)" >"$BATS_TEST_TMPDIR/given"
	cp "$BATS_TEST_TMPDIR/given" "$(state)"
}

# Make it commander $1's turn number $2, at its action (2.3).
at_act() {
	jq -c --arg c "$1" --argjson n "$2" '.turn = {player: $c, number: $n,
		round: 1, drawn: true, exchanged: true, rolled: true, acted: false}' \
		"$(state)" >"$BATS_TEST_TMPDIR/at"
	cp "$BATS_TEST_TMPDIR/at" "$(state)"
}

# Roles set by hand: $1 the traitor ("" for none), $2 the spy.
set_roles() {
	jq -c --arg t "$1" --arg s "$2" '.roles = true | .players |= map(.role =
		(if .name == $t then "traitor" elif .name == $s then "spy"
		else "loyal" end))' "$(state)" >"$BATS_TEST_TMPDIR/roles"
	cp "$BATS_TEST_TMPDIR/roles" "$(state)"
}

# A step refused: exit 2, one line on stderr with the words given (a
# pattern), the state file left byte for byte.
refused() {
	local words=$1
	shift
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire draw "$@"
	assert_one_line_error 2
	[[ "$stderr" == *$words* ]] || fail "stderr: $stderr"
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
}

# board FILTER: jq FILTER over the saved game's `draw board --json`.
board() {
	umpire draw board --json | jq -c "$1"
}

# stages NAME: that commander's contingents' stages, as a JSON list.
stages() {
	board "[.board.commanders[] | select(.name == \"$1\") | .stages[]]"
}
