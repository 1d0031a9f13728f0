# adwa.bash: helpers for the tests of a saved Adwa game (draw.bats,
# adwa-turn.bats): where the game lies, a new game, the cards counted, and
# whole steps of a turn taken in the rules' order (2, 9, 2.3).

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

# Bring the turn to its action (2.3): the exchange, then the Mutiny step.
to_act() {
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
