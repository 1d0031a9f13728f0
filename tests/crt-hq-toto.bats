#!/usr/bin/env bats
# crt --hq ID for Twilight of the Ottomans on a position: an HQ of the
# attacking side adds its parenthetic factor to one attack a combat phase
# when an attacking unit is within its support radius, counted in hexes
# through anything (17.1), and when it is in general supply (15.5).  The
# battle is the teaching one: br-inf-a (2) across the Tigris from the
# Baghdad garrison (3, doubled by the river: 6); an HQ of factor 3 makes
# it 5 / 6 x 100 = 83%, the 50-99 column (12.17).

load helpers

battle() {
	umpire game new hb -g toto --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=hb
	umpire game mark ot-garrison def-3 >/dev/null
	# 4417 is two hexes from br-inf-a in 4515
	umpire game place hq1 --side allied --type hq --strength 3 --ma 4 \
	    --hex 4417 --marker radius-2 --marker def-1 >/dev/null
	phase_to "allied combat"
}

attack() {
	run --separate-stderr umpire --json crt --att-units br-inf-a \
	    --def-units ot-garrison --table raid --roll 4 --hq hq1 "$@"
}

@test "toto --hq by id: within its radius it adds its factor (17.1)" {
	battle
	attack
	assert_success
	assert_equal "$(jq -r '.attack, .defense, .percent' <<<"$output" |
	    tr '\n' ' ')" "5 6 83 "
	jq -e '[.steps[] | select(.rule == "17.1") | .text] |
	    any(contains("2 hexes from br-inf-a, within its support radius of 2"))' \
	    <<<"$output" >/dev/null
	# the same battle by hand: --hq 3
	hand=$(umpire -g toto --json crt 2 3 --table raid --hexside river \
	    --att-move 4 --def-move 2 --hq 3 --roll 4 | jq -c .result)
	assert_equal "$(jq -c .result <<<"$output")" "$hand"
}

@test "toto --hq by id: out of its radius, no radius, not an HQ (17.1)" {
	battle
	umpire game set hq1 hex=4418 >/dev/null
	umpire game unmark hq1 radius-2 >/dev/null
	attack
	assert_one_line_error 2
	[[ "$stderr" == *"radius-N"* ]] || fail "$stderr"
	umpire game mark hq1 radius-1 >/dev/null
	umpire game set hq1 hex=4417 >/dev/null
	attack
	assert_one_line_error 2
	[[ "$stderr" == *"beyond its support radius of 1"* ]] || fail "$stderr"
	run --separate-stderr umpire crt --att-units br-inf-a \
	    --def-units ot-garrison --table raid --roll 4 --hq br-inf-b
	assert_one_line_error 2
	[[ "$stderr" == *"no HQ of the attacking side"* ]] || fail "$stderr"
	umpire game set hq1 side=ottoman >/dev/null
	umpire game set hq1 hex=4416 >/dev/null
	attack
	assert_one_line_error 2
}

@test "toto --hq by id: out of general supply it gives none (15.5)" {
	battle
	umpire game mark hq1 oos >/dev/null
	attack
	assert_one_line_error 2
	[[ "$stderr" == *"15.5"* ]] || fail "$stderr"
	# with an Allied supply unit on the map, the line is traced: one of
	# radius 1 far off in 2524 leaves the HQ out of supply
	umpire game unmark hq1 oos >/dev/null
	umpire game place sup --side allied --type supply --strength 0 --ma 3 \
	    --hex 2524 --marker radius-1 >/dev/null
	attack
	assert_one_line_error 2
	[[ "$stderr" == *"out of general supply"* ]] || fail "$stderr"
	# beside it, it is in supply
	umpire game set sup hex=4418 >/dev/null
	attack
	assert_success
	jq -e '[.steps[] | select(.rule == "15.5")] | length == 1' \
	    <<<"$output" >/dev/null
}

@test "toto --hq by id: one attack a combat phase, never hurt by it (17.1)" {
	battle
	umpire game place br-y --side allied --type infantry --strength 2 \
	    --ma 4 --hex 4416 >/dev/null
	attack --apply
	assert_success
	# BA: one unit of each side goes; the HQ only takes its mark
	assert_equal "$(jq -c '[.effects[] | select(.unit == "hq1")]' \
	    <<<"$output")" '[{"unit":"hq1","mark":"supported","rule":"17.1"}]'
	assert_equal "$(jq -c '.position.units[] | select(.id == "hq1") |
	    .markers' "$XDG_STATE_HOME/umpire/games/hb.json")" \
	    '["radius-2","def-1","supported"]'
	# a second attack this phase, from br-y on a new defender of Baghdad
	umpire game place ot-z --side ottoman --type infantry --strength 1 \
	    --ma 3 --hex 4415 --marker def-2 >/dev/null
	run --separate-stderr umpire crt --att-units br-y --def-units ot-z \
	    --table raid --roll 4 --hq hq1
	assert_one_line_error 2
	[[ "$stderr" == *"one a phase (17.1)"* ]] || fail "$stderr"
	run --separate-stderr umpire crt --att-units br-y --def-units ot-z \
	    --table raid --roll 4
	assert_success
	# the combat phase's end takes the mark off
	umpire game next >/dev/null
	assert_equal "$(jq -c '.position.units[] | select(.id == "hq1") |
	    .markers' "$XDG_STATE_HOME/umpire/games/hb.json")" \
	    '["radius-2","def-1"]'
}
