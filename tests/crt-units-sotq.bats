#!/usr/bin/env bats
# crt --att-units/--def-units for Soldiers of the Queen: fire (Part 10)
# and melee (Part 12) read off a saved game on the Isandhlwana teaching
# map (the fire strength, weapon and morale from the counters' markers,
# the range hex to hex, the leaders of the target hex), the fights
# refused, and --apply: eliminations and leaders killed to the dead pile,
# pins and routs marked, withdrawals, routs and advances left open.  The
# columns are worked by hand from 10.B and 10.D, the shifts and results
# read off the stand-in charts with jq.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

stderr_has() {
	[[ "$stderr" == *"$1"* ]] || fail "stderr lacks '$1': $stderr"
}

# The stand-in chart's cell: cell TABLE COLUMN ROLL.
cell() {
	jq -r --arg c "$2" --arg r "$3" \
	    '.columns[] | select(.id == $c) | .results | to_entries[] |
	    select((.key | split("-") | map(tonumber)) as $k |
	    ($r | tonumber) >= $k[0] and ($r | tonumber) <= ($k[-1])) | .value' \
	    "$TOP/rules/sotq/$1.json"
}

# The Isandhlwana teaching situation: a-1-24-b (0627) given its fire
# strength 3, weapon h and morale B; an impi of two C and D units two
# hexes north of it in 0625 with their inDuna.
new_fight() {
	umpire game new sq -g sotq --map isandhlwana --situation isandhlwana \
	    >/dev/null
	export UMPIRE_SAVED=sq
	for m in fire-3 weapon-h morale-b; do
		umpire game mark a-1-24-b $m >/dev/null
	done
	umpire game place zulu-x --side zulu --type zulu-inf --strength 6 \
	    --ma 5 --hex 0625 --marker morale-c >/dev/null
	umpire game place zulu-y --side zulu --type zulu-inf --strength 6 \
	    --ma 5 --hex 0625 --marker morale-d >/dev/null
	umpire game place induna --side zulu --type zulu-leader --strength 0 \
	    --ma 5 --hex 0625 >/dev/null
}

@test "sotq fire by id: strength, weapon, range and leaders read off the game" {
	new_fight
	# weapon h at 2 hexes: 1R (Range Effects Chart)
	assert_equal "$(cell range-effects h 2)" 1R
	run --separate-stderr umpire --json crt --table fire \
	    --att-units a-1-24-b --def-units zulu-x,zulu-y --roll 2,4,5
	assert_success
	# fire strength 3 is the 3-4 column (10.B), 1R to 5-6 (10.D)
	assert_equal "$(jq -r '.attack, .range, .column, .battle, .attacker' \
	    <<<"$output" | tr '\n' ' ')" "3 2 5-6 isandhlwana british "
	assert_equal "$(jq -r .result.code <<<"$output")" "$(cell fire-crt 5-6 2)"
	hand=$(umpire -g sotq --json crt 3:h:b 6:c,6:d --table fire \
	    --battle isandhlwana --range 2 --leaders 1 --roll 2,4,5 | \
	    jq -c '.result, .morale')
	assert_equal "$(jq -c '.result, .morale' <<<"$output")" "$hand"
	run umpire crt --table fire --att-units a-1-24-b --def-units zulu-x,zulu-y \
	    --roll 2,4,5
	assert_output --partial "range 2 hexes"
	assert_output --partial "zulu-x 6:c in 0625"
}

@test "sotq by id: the fights refused" {
	new_fight
	run --separate-stderr umpire crt --table fire --att-units a-1-24-a \
	    --def-units zulu-x,zulu-y --roll 1
	assert_one_line_error 2
	stderr_has "mark it fire-N"
	run --separate-stderr umpire crt --table fire --att-units a-1-24-b \
	    --def-units zulu-x --roll 1
	assert_one_line_error 2
	stderr_has "'zulu-y' in 0625 is left out"
	stderr_has "12.C"
	run --separate-stderr umpire crt --table fire --att-units a-1-24-b \
	    --def-units induna --roll 1
	assert_one_line_error 2
	stderr_has "is no combat unit"
	# melee: the impi in 0625 is not next to 0627
	run --separate-stderr umpire crt --table melee --att-units zulu-x,zulu-y \
	    --def-units a-1-24-b --roll 1
	assert_one_line_error 2
	stderr_has "'zulu-x' in 0625 is not next to the target"
	run --separate-stderr umpire -g sotq crt 3:h 6:c --table fire \
	    --battle isandhlwana --range 2 --map isandhlwana
	assert_one_line_error 2
	stderr_has "--map does not apply to sotq"
}

@test "sotq fire --apply: one eliminated, a rout marked and owed, undone whole" {
	new_fight
	# the phase of the sequence of play that takes the battle
	phase_to "british offensive fire"
	# roll 5 on 5-6 is 1: the top unit dies; zulu-y (D) checks morale,
	# 1 routs it; the inDuna's 2d6 of 3+4 spares him (13.D)
	assert_equal "$(cell fire-crt 5-6 5)" 1
	assert_equal "$(cell morale d 1)" RT
	before=$(mktemp)
	cp "$(file sq)" "$before"
	run --separate-stderr umpire crt --table fire --att-units a-1-24-b \
	    --def-units zulu-x,zulu-y --roll 5,1,3+4 --apply
	assert_success
	assert_equal "$(jq -c '[.dead[].id]' "$(file sq)")" '["zulu-x"]'
	assert_equal "$(jq -c '.position.units[] | select(.id == "zulu-y") |
	    .markers' "$(file sq)")" '["morale-d","routed"]'
	assert_equal "$(jq -c '[.pending[] | [.owe, .hexes, .units, .from]]' \
	    "$(file sq)")" '[["retreat",3,["zulu-y"],"0625"]]'
	umpire game undo >/dev/null
	assert_equal "$(jq -c '.position, .pending, .dead' "$(file sq)")" \
	    "$(jq -c '.position, .pending, .dead' "$before")"
	rm -f "$before"
}

@test "sotq fire --apply: the last unit gone, its leader dies with it (13.D); a PN pins the hex (10.G)" {
	new_fight
	# the phase of the sequence of play that takes the battle
	phase_to "british offensive fire"
	umpire game remove zulu-y >/dev/null
	run --separate-stderr umpire crt --table fire --att-units a-1-24-b \
	    --def-units zulu-x --roll 5 --apply
	assert_success
	assert_equal "$(jq -c '[.dead[].id]' "$(file sq)")" '["zulu-x","induna"]'
	umpire game undo >/dev/null
	umpire game undo >/dev/null
	# roll 3 on 5-6 is PN: both units pinned
	assert_equal "$(cell fire-crt 5-6 3)" PN
	run --separate-stderr umpire crt --table fire --att-units a-1-24-b \
	    --def-units zulu-x,zulu-y --roll 3 --apply
	assert_success
	assert_equal "$(jq -c '[.position.units[] | select(.hex == "0625") |
	    [.id, (.markers // [] | index("pinned") != null)]]' "$(file sq)")" \
	    '[["zulu-x",true],["zulu-y",true],["induna",false]]'
}

@test "sotq melee --apply: the hex emptied owes an optional advance; a withdrawal the attackers' retreat (12.F)" {
	new_fight
	# the phase of the sequence of play that takes the battle
	phase_to "zulu/dervish melee"
	umpire game place zulu-z --side zulu --type zulu-inf --strength 6 \
	    --ma 5 --hex 0626 --marker morale-b >/dev/null
	# 6 against 4 is 1:1 in the defender's favour; roll 6 there is 1
	assert_equal "$(cell melee-isandhlwana 1:1 6)" 1
	run --separate-stderr umpire crt --table melee --att-units zulu-z \
	    --def-units a-1-24-b --roll 6 --apply
	assert_success
	assert_equal "$(jq -c '[.dead[].id], [.pending[] | [.owe, .units, .via,
	    .optional]]' "$(file sq)" | tr '\n' ' ')" \
	    '["a-1-24-b"] [["advance",["zulu-z"],"0627",true]] '
	umpire game undo >/dev/null
	assert_equal "$(cell melee-isandhlwana 1:1 1)" WD
	run --separate-stderr umpire crt --table melee --att-units zulu-z \
	    --def-units a-1-24-b --roll 1 --apply
	assert_success
	assert_equal "$(jq -c '[.pending[] | [.owe, .hexes, .units, .side]]' \
	    "$(file sq)")" '[["retreat",1,["zulu-z"],"attacker"]]'
}

@test "sotq --apply: a die still owed applies nothing" {
	new_fight
	# the phase of the sequence of play that takes the battle
	phase_to "british offensive fire"
	cp "$(file sq)" "$BATS_TEST_TMPDIR/before"
	# roll 5 is 1; zulu-y's morale die is not given
	run --separate-stderr umpire crt --table fire --att-units a-1-24-b \
	    --def-units zulu-x,zulu-y --roll 5 --apply
	assert_failure 2
	stderr_has "--apply"
	cmp "$(file sq)" "$BATS_TEST_TMPDIR/before"
}
