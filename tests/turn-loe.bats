#!/usr/bin/env bats
# A Lion of Ethiopia game played on one saved game through its sequence of
# play (4.2): in each Italian movement phase the supply check (9.4.1: a cut
# unit marked OOS-1, then OOS-2, then eliminated), a move priced and made
# (6.3), and in the combat phase a battle by unit ids whose result is
# applied, its retreat and its advance taken in the order of 8.3 B, the
# units that fought free again once the phase is over (8.1.1 C).
#
# Worked by hand on the teaching map (odd-q): 2505 is mountain, next to
# 2504 (it-inf-a) and 2406 (it-inf-b); 4416 is ringed by 4415, 4417, 4315,
# 4316, 4515 and 4516, so a unit there with an enemy in each traces no
# line (9.2.2 A).

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

marks() {
	jq -c --arg id "$1" '[.position.units[] | select(.id == $id) |
	    .markers // []] | .[0]' "$(file tue)"
}

hex_of() {
	jq -r --arg id "$1" '.position.units[] | select(.id == $id) | .hex' \
	    "$(file tue)"
}

setup_game() {
	local h n=0
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=tue
	umpire game place eth-x --side ethiopian --type ethiopian-irr \
	    --strength 3 --hex 2505 >/dev/null
	umpire game place cut --side italian --type italian-inf --strength 3 \
	    --ma 6 --hex 4416 >/dev/null
	for h in 4415 4417 4315 4316 4515 4516; do
		n=$((n + 1))
		umpire game place "ring-$n" --side ethiopian --type ethiopian-irr \
		    --strength 2 --ma 6 --hex "$h" >/dev/null
	done
}

@test "loe, two turns and a half: supply, a move, a battle with its retreat and advance" {
	setup_game
	# turn 1: the game begins in the Italian reinforcement phase (4.2 A)
	run --separate-stderr umpire --json game show
	assert_equal "$(jq -r '.turn, .phase.name' <<<"$output" | tr '\n' '|')" \
	    "1|italian reinforcement|"
	# nothing of the movement phase may be done yet (4.1 B)
	run --separate-stderr umpire move-cost --unit it-inf-b --to 2405 --apply
	assert_one_line_error 2
	phase_to "italian movement"

	# 9.4, 9.4.1 A: the supply check first: cut is out of supply, marked
	run --separate-stderr umpire supply-trace --unit cut --apply
	assert_equal "$(marks cut)" '["oos-1"]'

	# 6.3.1: it-inf-b goes round by clear 2305 to clear 2405, 1 + 1 MP
	# (2406 and 2405 both lie in eth-x's zone of control)
	run --separate-stderr umpire move-cost --unit it-inf-b --to 2405 --apply
	assert_success
	assert_line --partial "2405 reached for 2 MP, 4 left"
	assert_equal "$(hex_of it-inf-b)" 2405

	# the combat phase: 8 + 8 against 3 is 16:3, 5:1 (8.2.1 A); eth-x's
	# mountain shifts it to 4:1 (8.6.2); a 4 there is Db2/Aa1
	phase_to "italian combat"
	run --separate-stderr umpire --json crt --att-units it-inf-a,it-inf-b \
	    --def-units eth-x --roll 4 --apply
	assert_success
	assert_equal "$(jq -r '.column, .result.code' <<<"$output" | \
	    tr '\n' '|')" "4:1|Db2/Aa1|"
	# 8.3 B: the defender's retreat first; the phase does not end with it
	# owed, nor may the advance come first
	run --separate-stderr umpire game next
	assert_one_line_error 2
	run --separate-stderr umpire move-cost --unit it-inf-a --advance owed \
	    --to 2505 --apply
	assert_one_line_error 2
	# 8.4: two hexes, each counted as one, to 2706 by way of 2606
	run --separate-stderr umpire move-cost --unit eth-x --retreat owed \
	    --to 2706 --apply
	assert_success
	assert_equal "$(hex_of eth-x)" 2706
	# 8.5.1: the advance enters the hex the defender left
	run --separate-stderr umpire move-cost --unit it-inf-a --advance owed \
	    --to 2505 --apply
	assert_success
	assert_equal "$(hex_of it-inf-a)" 2505
	# it-inf-b may still advance (8.3.3: not mandatory)
	assert_equal "$(jq -c '.pending | map([.owe, .units])' "$(file tue)")" \
	    '[["advance",["it-inf-b"]]]'
	assert_equal "$(marks it-inf-b)" '["fought"]'

	# the combat phase over: the advance not made is given up, and every
	# unit may fight again (8.1.1 C)
	umpire game next >/dev/null
	assert_equal "$(jq -c .pending "$(file tue)")" '[]'
	assert_equal "$(marks it-inf-a) $(marks it-inf-b) $(marks eth-x)" \
	    '[] [] []'

	# turn 2, the next Italian movement phase: still cut, OOS-2 (9.4.1 C)
	phase_to "italian movement"
	assert_equal "$(jq .turn "$(file tue)")" 2
	umpire supply-trace --unit cut --apply >/dev/null || true
	assert_equal "$(marks cut)" '["oos-2"]'
	# turn 3: eliminated (9.4.1 D), into the dead pile
	umpire game next >/dev/null
	phase_to "italian movement"
	umpire supply-trace --unit cut --apply >/dev/null || true
	assert_equal "$(jq -r '[.position.units[].id] | index("cut")' \
	    "$(file tue)")" null
	assert_equal "$(jq -r '.dead[] | select(.id == "cut") | .died' \
	    "$(file tue)")" 3
}

@test "loe: the whole game undone step by step comes back to its start" {
	setup_game
	start=$(jq -S '{turn, phase, position, pending, dead}' "$(file tue)")
	phase_to "italian movement"
	umpire supply-trace --unit cut --apply >/dev/null || true
	umpire move-cost --unit it-inf-b --to 2405 --apply >/dev/null
	phase_to "italian combat"
	umpire crt --att-units it-inf-a,it-inf-b --def-units eth-x --roll 4 \
	    --apply >/dev/null
	umpire move-cost --unit eth-x --retreat owed --to 2706 --apply >/dev/null
	umpire move-cost --unit it-inf-a --advance owed --to 2505 --apply \
	    >/dev/null
	umpire game next >/dev/null
	# every step back: the log says how many the players took
	n=$(jq '[.log[] | select(.undo)] | length' "$(file tue)")
	# the placements of setup_game (8) are steps too: undo to before them
	for i in $(seq $((n - 8))); do
		umpire game undo >/dev/null
	done
	assert_equal "$(jq -S '{turn, phase, position, pending, dead}' \
	    "$(file tue)")" "$start"
}

@test "loe 7.3 E: a unit moves once a movement phase; the next phase frees it" {
	setup_game
	phase_to "italian movement"
	# it-inf-b: 2406 to 2405 by 2305, 2 of its 6 MP
	umpire move-cost --unit it-inf-b --to 2405 --apply >/dev/null
	assert_equal "$(marks it-inf-b)" '["moved"]'
	before=$(mktemp)
	cp "$(file tue)" "$before"
	# the 4 MP left are not a second move: it is over
	run --separate-stderr umpire move-cost --unit it-inf-b --to 2305 --apply
	assert_failure
	assert_output --partial "7.3 E"
	cmp "$(file tue)" "$before"
	# another unit still moves
	run --separate-stderr umpire move-cost --unit it-askari --reach
	assert_success
	# the movement phase over, the marker is gone (and back with undo)
	umpire game next >/dev/null
	assert_equal "$(marks it-inf-b)" '[]'
	umpire game undo >/dev/null
	assert_equal "$(marks it-inf-b)" '["moved"]'
	rm -f "$before"
}
