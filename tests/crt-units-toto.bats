#!/usr/bin/env bats
# crt --att-units/--def-units for Twilight of the Ottomans: a battle read
# off a saved game (attack factors from the units, defense factors from
# their def-N markers, the terrain, river, holy city and ring of zones
# from the map), the battles the rules refuse, and --apply: losses owed
# for the owners to choose (12.19), retreats (13.1, 13.4) and pursuit
# (14.2, 14.3) left open in order, undone like any step.  Percentages
# are worked by hand from 12.2 and 12.17; multiples and results are read
# off the stand-in TEC and charts with jq.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

stderr_has() {
	[[ "$stderr" == *"$1"* ]] || fail "stderr lacks '$1': $stderr"
}

# The stand-in chart's result: chart raid|big-push COLUMN ROLL.
chart() {
	jq -r --arg c "$2" --arg r "$3" \
	    '.columns[] | select(.id == $c) | .results[$r]' \
	    "$TOP/rules/toto/crt-$1.json"
}

# A hexside's defense multiple in the TEC (12.15, 38.0).
hexside_mult() {
	jq -r --arg w "$1" '.hexsides[] | select(.word == $w) | .defense' \
	    "$TOP/rules/toto/tec.json"
}

# The toto teaching situation: the Ottoman garrison of Baghdad (4415,
# clear) given its defense factor 3; br-inf-a (attack 2, MA 4) in 4515
# across the Tigris from it.
new_battle() {
	umpire game new tb -g toto --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=tb
	umpire game mark ot-garrison def-3 >/dev/null
}

# A second British division in 4416, beside Baghdad on its own bank.
second_division() {
	umpire game place br-x --side allied --type infantry --strength 2 \
	    --ma 4 --hex 4416 >/dev/null
}

@test "toto by id: attack and defense factors and the river read off the game" {
	new_battle
	assert_equal "$(hexside_mult river)" 2
	run --separate-stderr umpire --json crt --att-units br-inf-a \
	    --def-units ot-garrison --table raid --roll 4
	assert_success
	# 2 against 3 doubled by the river every attacker crosses (12.15):
	# 2 / 6 x 100 = 33%, the 0-49 column (12.17)
	assert_equal "$(jq -r '.attack, .defense, .percent, .column' \
	    <<<"$output" | tr '\n' ' ')" "2 6 33 0-49 "
	assert_equal "$(jq -r .result.code <<<"$output")" "$(chart raid 0-49 4)"
	hand=$(umpire -g toto --json crt 2 3 --table raid --hexside river \
	    --att-move 4 --def-move 2 --roll 4 | jq -c .result)
	assert_equal "$(jq -c .result <<<"$output")" "$hand"
	run umpire crt --att-units br-inf-a --def-units ot-garrison --table raid \
	    --roll 4
	assert_output --partial "ot-garrison 3 in 4415"
	assert_output --partial "1 of 1 attackers across a river hexside"
	# the MAs, br-inf-a's 4 and the garrison's 2, settle an MD (12.18)
	umpire --json crt --att-units br-inf-a --def-units ot-garrison \
	    --table raid --roll 4 | jq -e '[.steps[].text] |
	    any(contains("attackers 4, defenders 2"))' >/dev/null
}

@test "toto by id: a river only some attackers cross gives nothing (12.15)" {
	new_battle
	second_division
	run --separate-stderr umpire --json crt --att-units br-inf-a,br-x \
	    --def-units ot-garrison --table raid --roll 1
	assert_success
	# 2 + 2 against 3 undoubled: 133%, the 100-199 column
	assert_equal "$(jq -r '.attack, .defense, .column' <<<"$output" | \
	    tr '\n' ' ')" "4 3 100-199 "
	run umpire crt --att-units br-inf-a,br-x --def-units ot-garrison \
	    --table raid --roll 1
	assert_output --partial "1 of 2 attackers across a river hexside"
	assert_output --partial "no benefit"
}

@test "toto by id: what the player gives stands over what the map reads" {
	new_battle
	run --separate-stderr umpire --json crt --att-units br-inf-a \
	    --def-units ot-garrison --table raid --hexside river:some --roll 1
	assert_success
	# 2 against 3: 66%, the 50-99 column
	assert_equal "$(jq -r '.defense, .column' <<<"$output" | tr '\n' ' ')" \
	    "3 50-99 "
	run umpire crt --att-units br-inf-a --def-units ot-garrison \
	    --table raid --hexside river:some --roll 1
	assert_output --partial "hexside as given, not as read off the position (river)"
}

@test "toto by id: a fortification doubles the others in clear (12.15)" {
	new_battle
	second_division
	umpire game place ot-fort --side ottoman --type fortification \
	    --strength 0 --ma 0 --hex 4415 --marker def-2 >/dev/null
	run --separate-stderr umpire --json crt --att-units br-inf-a,br-x \
	    --def-units ot-garrison,ot-fort --table raid --roll 1
	assert_success
	# the garrison's 3 doubled, the fort's own 2 not: 8; 4 / 8 = 50%
	assert_equal "$(jq -r '.defense, .column' <<<"$output" | tr '\n' ' ')" \
	    "8 50-99 "
}

@test "toto by id: Jerusalem undoubled (25.1), never the Big Push (25.2), a ring of zones concentric (12.13)" {
	cat >"$BATS_TEST_TMPDIR/holy.map" <<-EOF
	game toto
	name holy
	layout odd-q
	size 0101 0404
	default clear
	0202 rough city
	place 0202 Jerusalem
	EOF
	cat >"$BATS_TEST_TMPDIR/holy.json" <<-EOF
	{"format": "umpire-situation/1", "game": "toto", "units": [
	 {"id": "ot-a", "side": "ottoman", "type": "infantry", "strength": 1,
	  "ma": 3, "hex": "0202", "markers": ["def-2"]},
	 {"id": "br-a", "side": "allied", "type": "infantry", "strength": 2,
	  "ma": 4, "hex": "0201"},
	 {"id": "br-b", "side": "allied", "type": "infantry", "strength": 2,
	  "ma": 4, "hex": "0203"}]}
	EOF
	pos=(--map "$BATS_TEST_TMPDIR/holy.map" \
	    --situation "$BATS_TEST_TMPDIR/holy.json")
	run --separate-stderr umpire -g toto --json crt "${pos[@]}" --att-units br-a \
	    --def-units ot-a --table raid --roll 1
	assert_success
	# the rough of Jerusalem does not double its 2 (25.1): 2 / 2 = 100%
	assert_equal "$(jq -r '.defense, .column' <<<"$output" | tr '\n' ' ')" \
	    "2 100-199 "
	run --separate-stderr umpire -g toto crt "${pos[@]}" --att-units br-a \
	    --def-units ot-a --table big-push --roll 1
	assert_one_line_error 2
	stderr_has "25.2"
	# 0201 and 0203: the two divisions and their zones fill the six hexes
	# around 0202 (odd-q: 0101 0102 0201 0203 0301 0302), so each is doubled
	run --separate-stderr umpire -g toto --json crt "${pos[@]}" --att-units br-a,br-b \
	    --def-units ot-a --table raid --roll 1
	assert_success
	assert_equal "$(jq -r .attack <<<"$output")" 8
	run umpire -g toto crt "${pos[@]}" --att-units br-a,br-b --def-units ot-a \
	    --table raid --roll 1
	assert_output --partial "every hex around 0202 holds an attacker"
}

@test "toto by id: the battles the rules refuse" {
	new_battle
	run --separate-stderr umpire crt --att-units br-inf-b \
	    --def-units ot-garrison --table raid --roll 1
	assert_one_line_error 2
	stderr_has "'br-inf-b' in 4418 is not next to 'ot-garrison' in 4415"
	stderr_has "12.1"
	umpire game place ot-inf --side ottoman --type infantry --strength 1 \
	    --ma 3 --hex 4415 --marker def-2 >/dev/null
	run --separate-stderr umpire crt --att-units br-inf-a \
	    --def-units ot-garrison --table raid --roll 1
	assert_one_line_error 2
	stderr_has "'ot-inf' in 4415 is left out"
	stderr_has "12.12"
	umpire game place ot-far --side ottoman --type infantry --strength 1 \
	    --ma 3 --hex 4514 --marker def-2 >/dev/null
	run --separate-stderr umpire crt --att-units br-inf-a \
	    --def-units ot-garrison,ot-inf,ot-far --table raid --roll 1
	assert_one_line_error 2
	stderr_has "12.8"
	# the garrison's attack factor is 0 (12.3)
	run --separate-stderr umpire crt --att-units ot-garrison \
	    --def-units br-inf-a --table raid --roll 1
	assert_one_line_error 2
	stderr_has "attack factor 0"
	stderr_has "12.3"
	# br-inf-a has no defense factor on the position
	run --separate-stderr umpire crt --att-units ot-inf \
	    --def-units br-inf-a --table raid --roll 1
	assert_one_line_error 2
	stderr_has "mark it def-N"
	run --separate-stderr umpire -g toto crt 4 3 --table raid \
	    --situation teaching
	assert_one_line_error 2
	stderr_has "--situation does not apply to toto"
}

@test "toto --apply: a withdrawal owes the retreat, then the pursuit (12.18 DW)" {
	new_battle
	# the phase of the sequence of play that takes the battle
	phase_to "allied combat"
	second_division
	# 4 against 3: 133%, 100-199; roll 5 on the stand-in raid chart
	assert_equal "$(chart raid 100-199 5)" DW
	before=$(mktemp)
	cp "$(file tb)" "$before"
	run --separate-stderr umpire crt --att-units br-inf-a,br-x \
	    --def-units ot-garrison --table raid --roll 5 --apply
	assert_success
	assert_output --partial "applied as step"
	assert_equal "$(jq -c '[.pending[] | [.owe, .hexes, .units]]' \
	    "$(file tb)")" \
	    '[["retreat",1,["ot-garrison"]],["advance",1,["br-inf-a","br-x"]]]'
	assert_equal "$(jq -r '.pending[0].from, .pending[1].via,
	    .pending[1].optional' "$(file tb)" | tr '\n' ' ')" "4415 4415 true "
	umpire game undo >/dev/null
	assert_equal "$(jq -c '.position, .pending' "$(file tb)")" \
	    "$(jq -c '.position, .pending' "$before")"
	rm -f "$before"
}

@test "toto --apply: a lone attacker's attrition removes it (12.18 AA); camels pursue 2 hexes (14.3)" {
	new_battle
	# the phase of the sequence of play that takes the battle
	phase_to "allied combat"
	# 2 against 6: 33%, 0-49; roll 2
	assert_equal "$(chart raid 0-49 2)" AA
	run --separate-stderr umpire crt --att-units br-inf-a \
	    --def-units ot-garrison --table raid --roll 2 --apply
	assert_success
	assert_equal "$(jq -c '[.dead[].id], .pending' "$(file tb)" | \
	    tr '\n' ' ')" '["br-inf-a"] [] '
	umpire game undo >/dev/null
	umpire game place br-camel-2 --side allied --type camel --strength 1 \
	    --ma 6 --hex 4515 >/dev/null
	umpire game place br-x --side allied --type infantry --strength 2 \
	    --ma 4 --hex 4414 >/dev/null
	# 2 + 1 against 3, the river crossed by the camels only: 100%; roll 5
	# (4315 is in no attacker's zone: not concentric)
	assert_equal "$(chart raid 100-199 5)" DW
	run --separate-stderr umpire --json crt --att-units br-x,br-camel-2 \
	    --def-units ot-garrison --table raid --roll 5 --apply
	assert_success
	assert_equal "$(jq -c '[.pending[] | [.owe, .hexes, .units]]' \
	    "$(file tb)")" \
	    '[["retreat",1,["ot-garrison"]],["advance",2,["br-camel-2"]],["advance",1,["br-x"]]]'
}

@test "toto --apply: a bloodbath owes half of each side's factors (12.18 BB, 12.19)" {
	new_battle
	# the phase of the sequence of play that takes the battle
	phase_to "allied combat"
	second_division
	umpire game place ot-inf --side ottoman --type infantry --strength 1 \
	    --ma 3 --hex 4415 --marker def-2 >/dev/null
	# 4 against 3 + 2: 80%, 50-99; roll 4 on the Big Push
	assert_equal "$(chart big-push 50-99 4)" BB
	run --separate-stderr umpire --json crt --att-units br-inf-a,br-x \
	    --def-units ot-garrison,ot-inf --table big-push --roll 4 --apply
	assert_success
	# half of 5 rounded up is 3 defense factors, counted by defense;
	# half of 4 is 2 attack factors
	assert_equal "$(jq -c '[.pending[] | [.owe, .cf, .units, .values]]' \
	    "$(file tb)")" \
	    '[["loss",3,["ot-garrison","ot-inf"],{"ot-garrison":3,"ot-inf":2}],["loss",2,["br-inf-a","br-x"],{"br-inf-a":2,"br-x":2}]]'
	run --separate-stderr umpire game next
	assert_failure 2
	stderr_has "owes a loss"
	# the defender's loss counts defense factors (12.19): ot-inf's 2 fall
	# short of the 3 owed, ot-garrison's 3 pay it
	run --separate-stderr umpire crt --losses ot-inf
	assert_failure 2
	stderr_has "add up to 2, and 3 is owed (12.19)"
	run --separate-stderr umpire crt --losses ot-garrison
	assert_success
	# then one division pays the 2 the attacker owes
	run --separate-stderr umpire crt --losses br-x
	assert_success
	assert_equal "$(jq -c '[.dead[].id], .pending' "$(file tb)" | \
	    tr '\n' ' ')" '["ot-garrison","br-x"] [] '
}

@test "toto --apply: defeated in a fort, the fort stays and the others may (13.4)" {
	new_battle
	# the phase of the sequence of play that takes the battle
	phase_to "allied combat"
	second_division
	umpire game place ot-fort --side ottoman --type fortification \
	    --strength 0 --ma 0 --hex 4415 --marker def-2 >/dev/null
	# 4 against 8 (the fort's 2, the garrison's 3 doubled): 50%, 50-99;
	# roll 6 on the Big Push
	assert_equal "$(chart big-push 50-99 6)" DD
	run --separate-stderr umpire --json crt --att-units br-inf-a,br-x \
	    --def-units ot-garrison,ot-fort --table big-push --roll 6 --apply
	assert_success
	# half of the printed 5 rounded up: 3; a retreat for the garrison
	# only, and one it may refuse
	assert_equal "$(jq -c '[.pending[] | [.owe, .cf, .units, .optional]]' \
	    "$(file tb)")" \
	    '[["loss",3,["ot-garrison","ot-fort"],null],["retreat",null,["ot-garrison"],true],["advance",null,["br-inf-a","br-x"],true]]'
	assert_equal "$(jq -r '.pending[1].rule' "$(file tb)")" 13.4
}

@test "toto --apply: an attrition of two attackers owes one unit, the owner's choice (12.18 AA, 12.19)" {
	new_battle
	phase_to "allied combat"
	second_division
	umpire game unmark ot-garrison def-3 >/dev/null
	umpire game mark ot-garrison def-9 >/dev/null
	# 2 + 2 against 9: 44%, 0-49; roll 2 on the Raid CRT
	assert_equal "$(chart raid 0-49 2)" AA
	run --separate-stderr umpire crt --att-units br-inf-a,br-x \
	    --def-units ot-garrison --table raid --roll 2 --apply
	assert_success
	assert_equal "$(jq -c '.pending[0] | [.owe, .count, .units]' \
	    "$(file tb)")" '["loss",1,["br-inf-a","br-x"]]'
	run --separate-stderr umpire crt --losses br-inf-a,br-x
	assert_failure 2
	stderr_has "the loss is 1 unit, and 2 are named (12.19)"
	run --separate-stderr umpire crt --losses br-x
	assert_success
	assert_equal "$(jq -c '[.dead[].id]' "$(file tb)")" '["br-x"]'
}
