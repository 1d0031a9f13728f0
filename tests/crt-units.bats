#!/usr/bin/env bats
# crt --att-units/--def-units: a loe battle read off a saved game (the
# strengths from the units and their markers, the terrain from the map),
# and --apply: the result happens in the game, its retreats and advances
# left open in the rules' order (8.3 B), undone like any step.  The
# expected odds are worked by hand from 8.2.1 A and 8.6; the results are
# read off the stand-in chart the test names.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

# The teaching situation, an Ethiopian irregular (3) in mountain 2505
# beside it-inf-a (2504) and it-inf-b (2406), and the Italian combat
# phase (4.2 A: reinforcement, movement, combat).
new_battle() {
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
	umpire --saved tue game place eth-x --side ethiopian \
	    --type ethiopian-irr --strength 3 --hex 2505 >/dev/null
	umpire --saved tue game next >/dev/null
	umpire --saved tue game next >/dev/null
	export UMPIRE_SAVED=tue
}

# stderr holds the text (bats-assert here has no assert_stderr).
stderr_has() {
	[[ "$stderr" == *"$1"* ]] || fail "stderr lacks '$1': $stderr"
}

# The stand-in chart's result for a column and a roll.
chart() {
	jq -r --arg c "$1" --arg r "$2" \
	    '.columns[] | select(.id == $c) | .results[$r]' \
	    "$TOP/rules/loe/crt.json"
}

@test "units by id: the strengths and the defender's terrain read off the game" {
	new_battle
	run --separate-stderr umpire --json crt --att-units it-inf-a,it-inf-b \
	    --def-units eth-x --roll 4
	assert_success
	# 8 + 8 against 3: 16:3 rounds down to 5:1 (8.2.1 A); the mountain of
	# 2505 shifts it 1L to 4:1 (8.6.2)
	assert_equal "$(jq -r '.attack, .defense, .odds, .column, .attacker' \
	    <<<"$output" | tr '\n' ' ')" "16 3 5:1 4:1 italian "
	assert_equal "$(jq -r .result.code <<<"$output")" "$(chart 4:1 4)"
	# the same battle typed by hand gives the same answer
	hand=$(umpire -g loe --json crt 8,8 3:irr --terrain mountain \
	    --attacker italian --roll 4 | jq -c '.result')
	assert_equal "$(jq -c .result <<<"$output")" "$hand"
	assert_equal "$(jq -c .units.attackers <<<"$output")" \
	    '["it-inf-a","it-inf-b"]'
}

@test "markers count: out of supply halves (9.4.3 C), an entrenchment shifts (10.2.2 A)" {
	new_battle
	umpire game mark it-inf-b oos-1 >/dev/null
	umpire game mark eth-x entrenched >/dev/null
	run --separate-stderr umpire --json crt --att-units it-inf-a,it-inf-b \
	    --def-units eth-x --roll 2
	assert_success
	# 8 + 4 (half of 8 out of supply) = 12 against 3: 4:1; mountain 1L
	# and the entrenchment 1L: 2:1
	assert_equal "$(jq -r '.attack, .odds, .column' <<<"$output" | \
	    tr '\n' ' ')" "12 4:1 2:1 "
	assert_equal "$(jq -r .result.code <<<"$output")" "$(chart 2:1 2)"
	run umpire crt --att-units it-inf-a,it-inf-b --def-units eth-x --roll 2
	assert_output --partial "it-inf-b 8:oos"
	assert_output --partial "9.4.3 C"
}

@test "what the player types stands over what the map reads" {
	new_battle
	run --separate-stderr umpire --json crt --att-units it-inf-a \
	    --def-units eth-x --terrain clear --roll 1
	assert_success
	# 8:3 is 2:1, clear as given: no shift
	assert_equal "$(jq -r .column <<<"$output")" "2:1"
	run umpire crt --att-units it-inf-a --def-units eth-x --terrain clear \
	    --roll 1
	assert_output --partial "terrain as given, not as read off the position (mountain)"
}

@test "a battle the rules refuse: not adjacent (8.1.2 C), a hex split (8.1.2 E)" {
	new_battle
	run --separate-stderr umpire crt --att-units it-askari --def-units eth-x \
	    --roll 1
	assert_one_line_error 2
	stderr_has "'it-askari' in 1811 is not next to 'eth-x' in 2505"
	stderr_has "8.1.2 C"
	umpire game place eth-y --side ethiopian --type ethiopian-irr \
	    --strength 2 --hex 2505 >/dev/null
	run --separate-stderr umpire crt --att-units it-inf-a --def-units eth-x \
	    --roll 1
	assert_failure 2
	stderr_has "'eth-y' in 2505 is left out"
	stderr_has "8.1.2 E"
	run --separate-stderr umpire crt --att-units it-inf-a --def-units nobody \
	    --roll 1
	assert_failure 2
	stderr_has "no unit 'nobody' in saved:tue"
	run --separate-stderr umpire crt 8 3 --att-units it-inf-a --def-units eth-x
	assert_failure 2
	stderr_has "not both"
	run --separate-stderr umpire crt --att-units it-inf-a --def-units it-inf-b
	assert_failure 2
	stderr_has "cannot defend against its own side"
}

@test "--apply: a retreat and an advance left open in order (8.3 B), undone whole" {
	new_battle
	before=$(mktemp)
	cp "$(file tue)" "$before"
	run --separate-stderr umpire crt --att-units it-inf-a,it-inf-b \
	    --def-units eth-x --roll 4 --apply
	assert_success
	assert_output --partial "applied as step"
	# Db2/Aa1: the defender's retreat of 2 first, then the advance of 1,
	# whose first hex is the one the defender leaves (8.5.1)
	assert_equal "$(jq -c '[.pending[] | [.owe, .hexes, .units]]' \
	    "$(file tue)")" \
	    '[["retreat",2,["eth-x"]],["advance",1,["it-inf-a","it-inf-b"]]]'
	assert_equal "$(jq -r '.pending[1].via, .pending[1].optional' \
	    "$(file tue)" | tr '\n' ' ')" "2505 true "
	# nothing else happens while the retreat is owed
	mid=$(mktemp)
	cp "$(file tue)" "$mid"
	run --separate-stderr umpire game next
	assert_one_line_error 2
	stderr_has "owes a retreat of 2 hexes (8.4) for eth-x first"
	cmp "$(file tue)" "$mid"
	run --separate-stderr umpire move-cost --unit it-inf-b --to 2405 --apply
	assert_failure 2
	cmp "$(file tue)" "$mid"
	# undo takes the battle back whole: nothing owed any more
	umpire game undo >/dev/null
	assert_equal "$(jq -c '.position, .pending' "$(file tue)")" \
	    "$(jq -c '.position, .pending' "$before")"
	rm -f "$before" "$mid"
}

@test "--apply: eliminated defenders go to the dead pile (8.3.1); Engaged marks both sides" {
	new_battle
	# 16:3, 5:1, mountain 4:1; roll 6: De/Aa2 on the stand-in
	assert_equal "$(chart 4:1 6)" "De/Aa2"
	run --separate-stderr umpire crt --att-units it-inf-a,it-inf-b \
	    --def-units eth-x --roll 6 --apply
	assert_success
	assert_equal "$(jq -r '[.position.units[].id] | index("eth-x")' \
	    "$(file tue)")" "null"
	assert_equal "$(jq -r '.dead[0].id, .dead[0].died' "$(file tue)" | \
	    tr '\n' ' ')" "eth-x 1 "
	# only the optional advance is open, and the next step gives it up
	assert_equal "$(jq -r '.pending[0].owe, .pending[0].hexes' \
	    "$(file tue)" | tr '\n' ' ')" "advance 2 "
	umpire game undo >/dev/null
	# 8:3 is 2:1, the mountain 1:1; roll 3: En on the stand-in
	assert_equal "$(chart 1:1 3)" "En"
	run --separate-stderr umpire crt --att-units it-inf-a --def-units eth-x \
	    --roll 3 --apply
	assert_success
	assert_equal "$(jq -c '[.position.units[] | select(.id == "it-inf-a" or
	    .id == "eth-x") | .markers]' "$(file tue)")" \
	    '[["engaged","fought"],["engaged","fought"]]'
	# 8.1.1 C: not twice in one combat phase, refused before any roll
	run --separate-stderr umpire crt --att-units it-inf-a --def-units eth-x
	assert_one_line_error 2
	stderr_has "'it-inf-a' has been in a battle this combat phase"
	stderr_has "8.1.1 C"
	# a later combat phase: 8.3.6 F, any result but Engaged releases
	# them; roll 4 on 1:1 is Ex
	umpire game unmark it-inf-a fought >/dev/null
	umpire game unmark eth-x fought >/dev/null
	assert_equal "$(chart 1:1 4)" "Ex"
	run --separate-stderr umpire crt --att-units it-inf-a --def-units eth-x \
	    --roll 4 --apply
	assert_success
	# Ex: the defenders die; the attacker owes 3 printed CF (8.3.4) and
	# may then advance into the hex
	assert_equal "$(jq -c '[.pending[] | [.owe, .cf]]' "$(file tue)")" \
	    '[["loss",3],["advance",null]]'
	assert_equal "$(jq -c '.position.units[] | select(.id == "it-inf-a") |
	    .markers' "$(file tue)")" '["fought"]'
}

@test "--apply needs a saved game and a roll's battle of units" {
	new_battle
	unset UMPIRE_SAVED
	run --separate-stderr umpire -g loe crt 8 3 --roll 4 --apply
	assert_failure 2
	stderr_has "--apply"
	run --separate-stderr umpire --saved tue crt --att-units it-inf-a \
	    --def-units eth-x --odds --apply
	assert_failure 2
	run --separate-stderr umpire -g loe crt --att-units it-inf-a \
	    --def-units eth-x --situation teaching --map teaching --roll 4 --apply
	assert_failure 2
	stderr_has "--apply changes a saved game"
}

@test "--losses pays an exchange: at least the defenders' printed CF (8.3.4)" {
	new_battle
	# 16:3 is 5:1, the mountain 4:1; roll 1: Ex on the stand-in
	assert_equal "$(chart 4:1 1)" "Ex"
	umpire crt --att-units it-inf-a,it-inf-b --def-units eth-x --roll 1 \
	    --apply >/dev/null
	assert_equal "$(jq -c '.pending[0] | [.owe, .cf, .units]' "$(file tue)")" \
	    '["loss",3,["it-inf-a","it-inf-b"]]'
	mid=$(mktemp)
	cp "$(file tue)" "$mid"
	# a unit that was not in the battle pays nothing
	run --separate-stderr umpire crt --losses it-askari
	assert_one_line_error 2
	stderr_has "'it-askari' is not one of the units that owe the loss"
	cmp "$(file tue)" "$mid"
	# one division of 8 pays the 3 owed; the other may still advance
	run --separate-stderr umpire crt --losses it-inf-a
	assert_success
	assert_equal "$(jq -c '[.dead[].id]' "$(file tue)")" '["eth-x","it-inf-a"]'
	assert_equal "$(jq -c '.pending | map([.owe, .units])' "$(file tue)")" \
	    '[["advance",["it-inf-b"]]]'
	run --separate-stderr umpire crt --losses it-inf-b
	assert_one_line_error 2
	stderr_has "owes no loss"
	rm -f "$mid"
}

@test "--losses: fewer CF than owed is refused while others could pay" {
	new_battle
	umpire game set it-inf-b strength=2 >/dev/null
	# 8 + 2 = 10 against 3: 3:1 (8.2.1 A), the mountain 2:1; roll 3: Ex
	assert_equal "$(chart 2:1 3)" "Ex"
	umpire crt --att-units it-inf-a,it-inf-b --def-units eth-x --roll 3 \
	    --apply >/dev/null
	mid=$(mktemp)
	cp "$(file tue)" "$mid"
	run --separate-stderr umpire crt --losses it-inf-b
	assert_one_line_error 2
	stderr_has "add up to 2, and 3 is owed (8.3.4)"
	cmp "$(file tue)" "$mid"
	run --separate-stderr umpire crt --losses it-inf-a,it-inf-b
	assert_success
	assert_equal "$(jq -c '.pending' "$(file tue)")" '[]'
	rm -f "$mid"
}

@test "the units' words: two armies roll to cooperate (13.1.4), colonial troops (12.5)" {
	umpire game new arm -g loe --map teaching >/dev/null
	export UMPIRE_SAVED=arm
	umpire game place it-a --side italian --type italian-inf --strength 6 \
	    --hex 2505 >/dev/null
	umpire game place as1 --side italian --type askari --strength 4 \
	    --hex 2505 >/dev/null
	umpire game place e1 --side ethiopian --type ethiopian-irr --strength 4 \
	    --hex 2504 --marker army-1 >/dev/null
	umpire game place e2 --side ethiopian --type ethiopian-irr --strength 4 \
	    --hex 2405 --marker army-2 >/dev/null
	# 4 + 4 against 6 + 4 and the Askaro HQ, which supports a division of
	# colonial troops (12.5) with its CF + 1 (12.4 B): 8:13 is 1:2, the
	# mountain 1:3; the cooperation die 1 fails: 2L more, 1:5 (13.1.4 B)
	run --separate-stderr umpire --json crt --att-units e1,e2 \
	    --def-units it-a,as1 --hq askaro:2 --roll 1,4
	assert_success
	assert_equal "$(jq -r '.defense, .cooperation.armies, .column' \
	    <<<"$output" | tr '\n' ' ')" "13 2 1:5 "
	# a cooperation die of 3 cooperates: 1:3
	run --separate-stderr umpire --json crt --att-units e1,e2 \
	    --def-units it-a,as1 --hq askaro:2 --roll 3,4
	assert_equal "$(jq -r .column <<<"$output")" "1:3"
	# one army: no cooperation roll, one die
	umpire game unmark e2 army-2 >/dev/null
	umpire game mark e2 army-1 >/dev/null
	run --separate-stderr umpire --json crt --att-units e1,e2 \
	    --def-units it-a,as1 --hq askaro:2 --roll 4
	assert_success
	assert_equal "$(jq -r '.cooperation, .column' <<<"$output" | \
	    tr '\n' ' ')" "null 1:3 "
}

@test "--apply refuses a marker a full unit has no room for, and writes nothing" {
	new_battle
	umpire game remove eth-x >/dev/null
	umpire game place eth-x --side ethiopian --type ethiopian-irr \
	    --strength 3 --hex 2505 $(printf -- '--marker army-%d ' $(seq 16)) \
	    >/dev/null
	before=$(mktemp)
	cp "$(file tue)" "$before"
	# 16:3, 4:1 in the mountain, roll 4: Db2/Aa1; the battle would mark
	# eth-x fought (8.1.1 C), a 17th marker
	run --separate-stderr umpire crt --att-units it-inf-a,it-inf-b \
	    --def-units eth-x --roll 4 --apply
	assert_one_line_error 2
	stderr_has "unit 'eth-x' carries 16 markers"
	cmp "$(file tue)" "$before"
	rm -f "$before"
}

@test "the combat phase's end takes fought off (8.1.1 C): the next one may fight" {
	new_battle
	# 8:3 is 2:1, the mountain 1:1; roll 2: Co on the stand-in
	assert_equal "$(chart 1:1 2)" "Co"
	umpire crt --att-units it-inf-a --def-units eth-x --roll 2 --apply \
	    >/dev/null
	assert_equal "$(jq -c '.position.units[] | select(.id == "eth-x") |
	    .markers' "$(file tue)")" '["fought"]'
	# the Italian combat phase ends: the marker comes off in that step
	run --separate-stderr umpire game next
	assert_success
	assert_equal "$(jq -c '[.position.units[] | .markers // [] |
	    select(index("fought"))] | length' "$(file tue)")" 0
	# and undo of the step puts it back with the phase
	umpire game undo >/dev/null
	assert_equal "$(jq -c '.position.units[] | select(.id == "eth-x") |
	    .markers' "$(file tue)")" '["fought"]'
	# a battle of the Ethiopian combat phase, a phase later than the air
	# strike and the Ethiopian movement, finds them free again
	for i in 1 2 3 4; do umpire game next >/dev/null; done
	run --separate-stderr umpire --json game show
	assert_equal "$(jq -r .phase.name <<<"$output")" "ethiopian combat"
	run --separate-stderr umpire crt --att-units eth-x --def-units it-inf-a \
	    --roll 2
	assert_success
}
