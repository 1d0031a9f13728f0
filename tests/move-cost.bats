#!/usr/bin/env bats
# move-cost: pricing moves step by step without a map, and a stand's move
# by the inch (iwiif).  The loe cases are the rulebook's own examples
# (6.3.6, 6.3.8, 6.3.11); every other expected figure is hand arithmetic,
# shown beside the test.  On a map: move-cost-map.bats.

load helpers
load move

@test "loe 6.3.6: 4913, jungle and clear, costs 1 + 3 = 4" {
	mc -g loe --unit italian-inf --ma 6 clear+jungle --json
	assert_success
	assert_equal "$(json_get '.steps[0].cost' <<<"$output")" 4
	assert_equal "$(json_get '.left' <<<"$output")" 2
	assert_equal "$stderr" ""
}

@test "loe 6.3.6: 4708, marsh and mountain, costs 2 + 3 = 5" {
	mc -g loe --unit italian-inf --ma 6 mountain+marsh --json
	assert_success
	assert_equal "$(json_get '.steps[0].cost' <<<"$output")" 5
	assert_equal "$(json_get '.steps[0].rule' <<<"$output")" 6.3.6
}

@test "loe 6.3.11: 2504 to 2505 (mountain) costs 2; 2406 to 2505 by road costs 1" {
	mc -g loe --unit italian-inf --ma 6 mountain --json
	assert_equal "$(json_get '.steps[0].cost' <<<"$output")" 2
	mc -g loe --unit italian-inf --ma 6 mountain+road --json
	assert_equal "$(json_get '.steps[0].cost' <<<"$output")" 1
	assert_equal "$(json_get '.steps[0].rule' <<<"$output")" 6.3.11
}

@test "loe 6.3.8: 3925 through 4025 to 4026 in one phase, 4126 only in the next" {
	# 3925 -> 4025 and 4025 -> 4026 run along the river; 4026 -> 4126
	# crosses it, which waits for the next movement phase
	mc -g loe --unit italian-inf --ma 6 river river cross --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" blocked
	assert_equal "$(json_get '.result.steps_taken' <<<"$output")" 2
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.3.8 A"
	# and the next phase, starting in 4026 on the river, it may cross
	mc -g loe --unit italian-inf --ma 6 cross --json
	assert_success
}

@test "loe 6.3.8: 3925 through the confluence 3926 to 3927 is refused" {
	mc -g loe --unit italian-inf --ma 6 river cross
	assert_equal "$status" 1
	assert_line --partial "crossed only in the next movement phase"
	assert_line --partial "6.3.8 A"
}

@test "loe 6.3.9: a bridge or the ford lets a river be crossed at once" {
	mc -g loe --unit italian-inf --ma 6 river cross+road --json
	assert_success
	mc -g loe --unit italian-inf --ma 6 river+ford cross --json
	assert_success
}

@test "loe 6.3.11 C: Italians pay 1/2 on a paved road, Ethiopians 1" {
	# 1/2 + 1/2 + 1/2 = 1 1/2 of 6: 4 1/2 left
	mc -g loe --unit askari --ma 6 paved paved paved --json
	assert_equal "$(json_get '.total' <<<"$output")" 1.5
	assert_equal "$(json_get '.left' <<<"$output")" 4.5
	mc -g loe --unit ethiopian-reg --ma 6 paved paved paved --json
	assert_equal "$(json_get '.total' <<<"$output")" 3
}

@test "loe 6.2 B: the full cost must be paid; no minimum move (6.2 C)" {
	# MA 4: mountain 2, then amba 3 would need 3 with 2 left
	mc -g loe --unit italian-inf --ma 4 mountain amba --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.2 B"
	assert_equal "$(json_get '.result.steps_taken' <<<"$output")" 1
}

@test "loe 5.3: the move ends on entering an EZOC, and never goes EZOC to EZOC" {
	mc -g loe --unit italian-inf --ma 6 clear ezoc clear --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" stopped
	assert_equal "$(json_get '.result.rule' <<<"$output")" "5.3 A"
	mc -g loe --unit italian-inf --ma 6 --from-ezoc ezoc --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "5.3 B"
	mc -g loe --unit italian-inf --ma 6 --from-ezoc clear ezoc --json
	assert_equal "$(json_get '.result.code' <<<"$output")" ends
}

@test "loe 6.3.4-6.3.6: jungle, marsh and massif are closed to mechanized units" {
	mc -g loe --unit motorized --ma 8 clear+jungle --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.3.5 B"
	mc -g loe --unit motorized --ma 8 clear+jungle+road --json
	assert_success
	mc -g loe --unit motorized --ma 12 massif --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.3.4 B"
	# massif: infantry needs an MA of 8 or more
	mc -g loe --unit ethiopian-irr --ma 6 massif --json
	assert_equal "$status" 1
	mc -g loe --unit ethiopian-irr --ma 8 massif --json
	assert_success
}

@test "loe 8.4.2 A, 8.5.2 D: a retreat or advance by road enters massif, which a move may not" {
	mc -g loe --unit motorized --retreat 1 massif+road --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
	mc -g loe --unit motorized --advance 1 massif+road --json
	assert_success
	mc -g loe --unit motorized --retreat 1 massif --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.3.4 B"
	# 6.3.11 D opens jungle, amba and marsh by road to a move, not massif
	mc -g loe --unit motorized --ma 8 massif+road --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.3.4 B"
}

@test "loe 9.4.2, 11.4.4: out of supply and disrupted halve the MA, rounding up" {
	# 7 -> 4 out of supply; 4 -> 2 disrupted
	mc -g loe --unit italian-inf --ma 7 --oos clear --json
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 4
	mc -g loe --unit italian-inf --ma 7 --oos --dis clear --json
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 2
	# 9.1 E: the trail reminds that it may move only nearer supply
	mc -g loe --unit italian-inf --ma 7 --oos clear --json
	assert_equal "$(json_get '.units[0].note_rule' <<<"$output")" "9.1 E"
	# 9.4.4: irregulars keep their MA
	mc -g loe --unit ethiopian-irr --ma 7 --oos clear --json
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 7
	# 11.4.4: disrupted units may not enter an EZOC
	mc -g loe --unit ethiopian-irr --ma 7 --dis ezoc --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" 11.4.4
}

@test "loe 16.7: mountain infantry pays 1 for mountain, 2 for amba, 4 for massif" {
	# 1 + 2 + 4 = 7 of 8
	mc -g loe --unit mountain-inf --ma 8 mountain amba massif --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 7
}

@test "loe 6.1.1 A: a stack moves at its slowest unit's MA" {
	# MA 4: road 1 + mountain 2 = 3, then mountain 2 with 1 left
	mc -g loe --unit italian-inf:6 --unit askari:4 road mountain mountain --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.steps_taken' <<<"$output")" 2
	[[ "$(json_get '.result.text' <<<"$output")" == askari:* ]]
}

@test "loe 8.4: a retreat counts hexes, may not enter an EZOC and crosses rivers only at bridges" {
	mc -g loe --unit italian-inf --retreat 2 mountain massif --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.3.4 B"
	mc -g loe --unit italian-inf --retreat 2 amba+jungle mountain --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	mc -g loe --unit italian-inf --retreat 2 clear ezoc --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "8.4 B"
	mc -g loe --unit italian-inf --retreat 2 river cross --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "8.4.2 B"
	mc -g loe --unit italian-inf --retreat 1 clear+marsh --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "8.4.2 C"
}

@test "loe 16.1.1: a Graziani gruppo in supply advances one hex more, through EZOC" {
	mc -g loe --unit graziani --advance 2 --supplied clear ezoc clear --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 3
	mc -g loe --unit graziani --advance 2 clear ezoc clear --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "8.5 B"
}

@test "loe 16.1.1 B: a Graziani gruppo in supply retreats through EZOC as the defender, not the attacker" {
	mc -g loe --unit graziani --supplied --retreat 2 ezoc clear --json
	assert_success
	assert_equal "$(json_get '.steps[0].rule' <<<"$output")" 16.1.1
	mc -g loe --unit graziani --supplied --attacker --retreat 2 ezoc clear --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "8.4 B"
}

@test "toto 38.0, 9.7: rough 2, then road hexes 1/2 each ignoring the river" {
	# 2 + 1/2 + 1/2 = 3 of 4
	mc -g toto --unit infantry --ma 4 rough road road+river --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 3
	assert_equal "$(json_get '.table_source' <<<"$output")" stand-in
}

@test "toto 38.0, 24.0: rough costs 3 in winter, marsh 3 in summer" {
	mc -g toto --unit infantry --ma 6 --season winter rough --json
	assert_equal "$(json_get '.total' <<<"$output")" 3
	mc -g toto --unit infantry --ma 6 --season summer marsh --json
	assert_equal "$(json_get '.total' <<<"$output")" 3
	mc -g toto --unit infantry --ma 6 --season fall marsh --json
	assert_equal "$(json_get '.total' <<<"$output")" 2
	# the TEC's marsh row: 2 in fall and winter, 3 in spring and summer
	mc -g toto --unit infantry --ma 6 --season winter marsh --json
	assert_equal "$(json_get '.total' <<<"$output")" 2
	mc -g toto --unit infantry --ma 6 --season spring marsh --json
	assert_equal "$(json_get '.total' <<<"$output")" 3
}

@test "toto 31.4: German infantry in an infiltration attack pursues two hexes, else one (14.3)" {
	mc -g toto --unit german-inf --infiltration --advance 0 clear clear --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 2
	mc -g toto --unit german-inf --advance 0 clear clear --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 1
}

@test "toto 9.4: a minimum move of one hex for all the MP, only at the start" {
	mc -g toto --unit infantry --ma 2 lava-flow --json
	assert_success
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.4
	mc -g toto --unit infantry --ma 3 clear lava-flow --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.2
}

@test "toto 11.5: disengaging costs 1 more MP and may not enter an EZOC" {
	# clear 1 + 1 = 2
	mc -g toto --unit infantry --ma 4 --from-ezoc clear --json
	assert_equal "$(json_get '.total' <<<"$output")" 2
	mc -g toto --unit infantry --ma 4 --from-ezoc ezoc --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" 11.5
}

@test "toto 9.8, 9.9: a rail move costs 1 MP for up to 25 hexes, once a phase" {
	mc -g toto --unit infantry --ma 3 by-rail by-rail by-rail clear --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	mc -g toto --unit infantry --ma 3 by-rail clear by-rail --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.9
	mc -g toto --unit infantry --ma 3 --oos by-rail --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.8
}

@test "toto 9.1, 24.2: forced march doubles the MA, never in winter" {
	mc -g toto --unit infantry --ma 3 --forced clear --json
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 6
	mc -g toto --unit infantry --ma 3 --forced --season winter clear
	assert_one_line_error 2
	# 15.11: a forced march starts in supply
	mc -g toto --unit infantry --ma 3 --forced --oos clear
	assert_one_line_error 2
	[[ "$stderr" == *"(15.11)"* ]]
}

@test "toto 13.2: a retreat loses one divisional equivalent per EZOC entered" {
	mc -g toto --unit infantry --retreat 3 clear ezoc ezoc --json
	assert_success
	assert_equal "$(json_get '.loss' <<<"$output")" 2
	# 22: guerrillas retreat through EZOC without loss
	mc -g toto --unit guerrilla --retreat 2 ezoc ezoc --json
	assert_equal "$(json_get '.loss // 0' <<<"$output")" 0
}

@test "a retreat named shorter than its length eliminates the unit (loe 8.4.3, toto 13.2, sotq 10.G)" {
	mc -g loe --unit italian-inf --retreat 3 clear --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" short
	assert_equal "$(json_get '.result.rule' <<<"$output")" 8.4.3
	# 1 hex of 3 named: 2 still to go
	assert_equal "$(json_get '.left' <<<"$output")" 2
	mc -g toto --unit infantry --retreat 2 clear
	assert_equal "$status" 1
	assert_line --partial "the retreat goes 1 of its 2 hexes"
	mc -g sotq --battle omdurman --unit infantry --side british --retreat 3 clear clear --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "10.G, 8.D"
	# named in full, it stands
	mc -g toto --unit infantry --retreat 2 clear clear --json
	assert_success
	assert_equal "$(json_get '.result.code' <<<"$output")" ok
}

@test "sotq 13.E: a British rout at Omdurman stops once inside the Zariba, not in its trench" {
	mc -g sotq --battle omdurman --unit infantry --side british --retreat 3 clear clear+zariba --json
	assert_success
	assert_equal "$(json_get '.result.rule' <<<"$output")" 13.E
	assert_equal "$(json_get '.total' <<<"$output")" 2
	mc -g sotq --battle omdurman --unit infantry --side british --retreat 3 clear clear+zariba+trench --json
	assert_equal "$(json_get '.result.code' <<<"$output")" short
	# a Dervish unit's rout does not stop there
	mc -g sotq --battle omdurman --unit infantry --side dervish --retreat 3 clear clear+zariba --json
	assert_equal "$(json_get '.result.code' <<<"$output")" short
}

@test "toto 13.4: a retreat may stop short in a fortification" {
	mc -g toto --unit infantry --retreat 3 clear clear+fort --json
	assert_success
	assert_equal "$(json_get '.result.rule' <<<"$output")" 13.4
	assert_equal "$(json_get '.total' <<<"$output")" 2
	# a fort on the way does not end a retreat that goes on
	mc -g toto --unit infantry --retreat 3 clear+fort clear --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" short
	# loe has no such rule
	mc -g loe --unit italian-inf --retreat 2 clear+fort --json
	assert_equal "$(json_get '.result.code' <<<"$output")" short
}

@test "toto 14.3: cavalry pursues two hexes, infantry one, whatever the result" {
	mc -g toto --unit cavalry --advance 0 clear ezoc --json
	assert_success
	mc -g toto --unit infantry --advance 0 clear clear --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 14.3
	mc -g toto --unit infantry --advance 2 clear clear --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 1
}

@test "toto 31.2: an infiltrating unit goes on from an EZOC for 2 more MP" {
	# ezoc 1, then clear 1 + 2 = 3: total 4 of 6
	mc -g toto --unit cavalry --side allied --infiltration --ma 6 ezoc clear --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 4
}

@test "sotq Part 15: the fourth unit through an entry hex pays 4" {
	# the rules' example: 1 for the clear hex and 3 for the units before
	mc -g sotq --battle isandhlwana --unit zulu-inf --entry 4 clear --json
	assert_equal "$(json_get '.steps[0].cost' <<<"$output")" 4
}

@test "sotq Part 6 D: dismounting costs 3 MP at Isandhlwana; mounting ends the move" {
	# horse MA 6: clear 1 + dismount 3 + clear 1 = 5
	mc -g sotq --battle isandhlwana --unit horse --formation mounted clear dismount clear --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 5
	mc -g sotq --battle isandhlwana --unit horse mount clear --json
	assert_equal "$(json_get '.result.code' <<<"$output")" stopped
	mc -g sotq --battle omdurman --unit lancers dismount --json
	assert_equal "$status" 1
}

@test "sotq Part 6 D: Dervish horse never dismount, by whichever type word" {
	for type in dervish-horse "horse --side dervish"; do
		# shellcheck disable=SC2086 # the side goes as its own words
		mc -g sotq --battle omdurman --unit $type dismount --json
		assert_equal "$status" 1
		assert_equal "$(json_get '.result.rule' <<<"$output")" 6.D
		mc -g sotq --battle omdurman --unit $type --formation dismounted clear
		assert_one_line_error 2
	done
	# British horse at Omdurman dismount for 4 MP (8 units of cost)
	mc -g sotq --battle omdurman --unit horse --side british dismount --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 4
}

@test "sotq Part 6 C: crests are closed, and the Nile to all but gunboats" {
	mc -g sotq --battle isandhlwana --unit zulu-inf clear+crest --json
	assert_equal "$status" 1
	mc -g sotq --battle omdurman --unit infantry nile --json
	assert_equal "$status" 1
	mc -g sotq --battle omdurman --unit gunboat nile nile --json
	assert_success
}

@test "sotq Part 8 C: a unit leaving an enemy ZOC moves one hex only" {
	mc -g sotq --battle omdurman --unit infantry --from-ezoc clear clear --json
	assert_equal "$(json_get '.result.steps_taken' <<<"$output")" 1
}

@test "the trail names each step's rule and the running total" {
	mc -g loe --unit italian-inf --ma 6 mountain clear+jungle
	assert_success
	assert_line --partial "mountain 2"
	assert_line --partial "clear 1 + jungle 3"
	assert_line --partial "6 MP, 0 left"
}

@test "bad input: an unknown word, type, game, or a missing unit is one line and exit 2" {
	mc -g loe --unit italian-inf mountian
	assert_one_line_error 2
	[[ "$stderr" == *"'mountian'"*"mountain"* ]]
	mc -g loe --unit tank clear
	assert_one_line_error 2
	mc -g iwiif --unit x clear
	assert_one_line_error 2
	mc -g loe clear
	assert_one_line_error 2
	mc -g loe --unit infantry clear
	assert_one_line_error 2
	mc -g loe --unit italian-inf --ma 0 clear
	assert_one_line_error 2
	mc -g loe --unit italian-inf mountain+amba
	assert_one_line_error 2
}

@test "a broken tec.json is refused with exit 3 and nothing on stdout" {
	mkdir -p "$XDG_DATA_HOME/umpire/loe"
	printf '{"format":"umpire-tec/1","game":"loe","scale":2,"terrain":[{"word":"clear","mp":-1,"rule":"x"}]}' \
	    >"$XDG_DATA_HOME/umpire/loe/tec.json"
	mc -g loe --unit italian-inf clear
	assert_one_line_error 3
	# a stacking limit not a whole number from 1 to 99
	mkdir -p "$XDG_DATA_HOME/umpire/toto"
	for bad in 0 1.5 100 '"8"'; do
		sed "s/\"word\": \"clear\", \"mp\": 1, \"rule\": \"38.0\", \"stack\": 8/\"word\": \"clear\", \"mp\": 1, \"rule\": \"38.0\", \"stack\": $bad/" \
		    "$TOP/rules/toto/tec.json" >"$XDG_DATA_HOME/umpire/toto/tec.json"
		grep -q "\"stack\": $bad" "$XDG_DATA_HOME/umpire/toto/tec.json"
		mc -g toto --unit infantry clear
		assert_one_line_error 3
		[[ "$stderr" == *"stacking limit"* ]]
	done
}

@test "a player's own tec.json replaces the shipped one" {
	mkdir -p "$XDG_DATA_HOME/umpire/sotq"
	sed 's/"word": "rough", "mp": 2/"word": "rough", "mp": 3/' \
	    "$TOP/rules/sotq/tec.json" >"$XDG_DATA_HOME/umpire/sotq/tec.json"
	mc -g sotq --battle omdurman --unit infantry rough --json
	assert_equal "$(json_get '.total' <<<"$output")" 3
}

@test "completion offers the game's unit types and step words, each accepted" {
	for g in loe toto; do
		for t in $(umpire __complete -g $g move-cost --unit ''); do
			# loe's generic types (infantry, engineer, ...) need a side
			run umpire -g $g move-cost --unit "$t" --ma 9 clear
			[ "$status" -le 1 ] ||
				run umpire -g $g move-cost --unit "$t" --side ethiopian --ma 9 clear
			[ "$status" -le 1 ] || fail "$g offers $t, which it refuses"
		done
	done
	run umpire __complete -g loe move-cost --unit italian-inf clear+ju
	assert_output clear+jungle
	for w in $(umpire __complete -g loe move-cost --unit italian-inf ''); do
		case $w in mount|dismount|limber|unlimber|by-rail) continue ;; esac
		run umpire -g loe move-cost --unit italian-inf --ma 9 "$w"
		[ "$status" -le 1 ] || fail "loe offers $w, which it refuses"
	done
}

@test "sotq Part 14: only units free to go leave the map, from an exit hex" {
	# Omdurman British infantry: clear 1 + off 1 (5.B's own figure) = 2
	mc -g sotq --battle omdurman --unit infantry --side british clear+exit off --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	assert_equal "$(json_get '.result.rule' <<<"$output")" 5.B
	mc -g sotq --battle omdurman --unit dervish-horse clear off --json
	assert_equal "$status" 1
	mc -g sotq --battle isandhlwana --unit regular-foot clear off --json
	assert_equal "$status" 1
	mc -g sotq --battle isandhlwana --unit colonial-inf clear+exit off --json
	assert_success
	mc -g sotq --battle isandhlwana --unit zulu-inf --side british clear
	assert_one_line_error 2
}

@test "loe 6.4 C: an Italian unit puts to sea from its port, and its move ends" {
	mc -g loe --unit askari --ma 6 embark --json
	assert_success
	assert_equal "$(json_get '.result.code' <<<"$output")" ends
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.4 C"
	# only at the very start, from the port it began the phase in
	mc -g loe --unit askari --ma 6 clear embark --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.4 C"
	mc -g loe --unit ethiopian-irr --ma 6 embark --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.4 A"
}

@test "loe 6.4 D: from the sea, the first step lands at a port for 1 MP" {
	# land 1 + mountain 2 + mountain 2 = 5 of 6, 1 left
	mc -g loe --unit askari --ma 6 --at-sea clear+port mountain mountain --json
	assert_success
	assert_equal "$(json_get '.steps[0].cost' <<<"$output")" 1
	assert_equal "$(json_get '.steps[0].rule' <<<"$output")" "6.4 D"
	assert_equal "$(json_get '.left' <<<"$output")" 1
	# 6.4 B: only at a port; 6.4 D: a port in an EZOC ends the move (5.3 A)
	mc -g loe --unit askari --ma 6 --at-sea clear --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.4 B"
	mc -g loe --unit askari --ma 6 --at-sea clear+port+ezoc clear --json
	assert_equal "$(json_get '.result.code' <<<"$output")" stopped
	assert_equal "$(json_get '.result.rule' <<<"$output")" "5.3 A"
	mc -g loe --unit ethiopian-irr --ma 6 --at-sea clear+port
	assert_one_line_error 2
	mc -g loe --unit askari --at-sea --retreat 1 clear+port
	assert_one_line_error 2
}

@test "loe 6.4 A: the sea lift is one division or three smaller units a turn" {
	# counted in thirds of a division: a division takes 3, a smaller
	# unit 1 (7.2.1 B), an Italian HQ 1 (12.2 A)
	# nothing at sea yet: 0 + 3 = 3 of 3, the division embarks
	mc -g loe --unit italian-inf embark --json
	assert_success
	# one smaller unit already gone: 1 + 3 = 4 > 3, refused
	mc -g loe --unit italian-inf --sea-moved 1 embark --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" blocked
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.4 A"
	# a smaller unit after two others: 2 + 1 = 3 of 3
	mc -g loe --unit askari --non-div --sea-moved 2 embark --json
	assert_success
	# an HQ is a third without --non-div: 2 + 1 = 3
	mc -g loe --unit italian-hq --sea-moved 2 embark --json
	assert_success
	# a stack shares the lift: 1 + 1 (askari) + 1 (HQ) = 3, then the
	# third unit makes 4: refused, naming it
	mc -g loe --unit askari --unit italian-hq --unit blackshirt --non-div \
	    --sea-moved 1 embark --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.4 A"
	assert_equal "$(json_get '.result.text' <<<"$output")" \
	    "blackshirt: sea lift used: 3 of 3 thirds; a smaller unit takes 1: the move cannot begin"
	assert_equal "$(json_get '.inputs.sea_moved' <<<"$output")" 1
}

@test "bad input: --sea-moved out of range, not a number, or for a game with no sea lift" {
	mc -g loe --unit italian-inf --sea-moved 4 embark
	assert_one_line_error 2
	[[ "$stderr" == *"'4' (expected 0 to 3)"* ]]
	mc -g loe --unit italian-inf --sea-moved x embark
	assert_one_line_error 2
	mc -g toto --unit infantry --sea-moved 1 clear
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --sea-moved is for units that share a sea lift, which toto's have not: '1'"
	# --non-div is loe's own option (its move-cost entry declares it)
	mc -g toto --unit infantry --non-div clear
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --non-div does not apply to toto"
}

# I wish I was in France!: no hexes, a stand's distances by type (10) and
# what its condition leaves (9, 23).  The figures are the movement chart's:
# infantry 6" and 8", cavalry 10" and 12", vehicles 8" with no assault.

@test "iwiif 10: a steady infantry stand moves 6\" and assaults 8\"" {
	mc -g iwiif --unit infantry --json
	assert_success
	assert_equal "$(json_get '.procedure' <<<"$output")" move-cost
	assert_equal "$(json_get '.result.code' <<<"$output")" 6/8
	assert_equal "$(json_get '.condition' <<<"$output")" steady
	assert_equal "$stderr" ""
	mc -g iwiif --unit infantry
	assert_success
	assert_line --partial 'result: moves 6", assaults 8"'
}

@test "iwiif 9: cavalry suppressed keeps its 10\" but may not advance or assault" {
	# suppressed stands will not advance: the move stays 10", the
	# assault (an advance) is gone: 10/0
	mc -g iwiif --unit cavalry --condition suppressed --json
	assert_success
	assert_equal "$(json_get '.result.code' <<<"$output")" 10/0
}

@test "iwiif 9 and 23: pinned infantry may not move; a pinned armoured car moves 8\"" {
	mc -g iwiif --unit infantry --condition pinned --json
	assert_success
	assert_equal "$(json_get '.result.code' <<<"$output")" 0/0
	# an armoured car is a vehicle (8", no assault) that ignores pinned
	mc -g iwiif --unit ac --condition pinned --json
	assert_equal "$(json_get '.result.code' <<<"$output")" 8/0
	assert_equal "$(json_get '.result.rule' <<<"$output")" 23
}

@test "iwiif 9: a broken wagon falls back its full 4\"; 14 and 15: moving ends in position and set-up" {
	mc -g iwiif --unit wagon --condition broken --in-position --set-up
	assert_success
	assert_line --partial 'falls back 4" toward its base edge'
	assert_line --partial 'moving ends being in position'
	assert_line --partial 'moving undoes the set-up'
}

@test "iwiif: hex options, steps, a stack and a bad condition are usage errors" {
	mc -g iwiif --unit infantry --side italian
	assert_equal "$status" 2
	assert_output ""
	assert_equal "$stderr" "umpire move-cost: iwiif moves stands by the inch, not by hexes: '--side'"
	mc -g iwiif --unit infantry clear
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire move-cost: iwiif moves stands by the inch: no steps: 'clear'"
	mc -g iwiif --unit infantry --unit cavalry
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire move-cost: iwiif moves one stand at a time: 'cavalry'"
	mc -g iwiif --unit infantry --condition shaken
	assert_equal "$status" 2
	[[ "$stderr" == *"'shaken'"* ]] || fail "$stderr"
	mc -g iwiif --map x --situation y --unit infantry --to 0101
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire move-cost: iwiif moves stands by the inch, not by hexes: '--map'"
}

@test "a stand's options are refused to a game that moves by hexes" {
	# --condition is iwiif's own option; loe's move-cost does not declare it
	mc -g loe --unit italian-inf --condition pinned clear
	assert_equal "$status" 2
	assert_output ""
	assert_equal "$stderr" "umpire move-cost: --condition does not apply to loe"
	# and on a map, the map's game refuses another game's option
	mc --map teaching -g loe --situation teaching --unit it-inf-a --to 2505 --forced
	assert_equal "$status" 2
	assert_output ""
	assert_equal "$stderr" "umpire move-cost: --forced does not apply to loe"
}

@test "loe 9.4.4, 11.4.4: a disrupted irregular out of supply: half of 7 is 4, no 9.1 E limit" {
	# 9.4.4: irregulars suffer no movement penalty for supply, so the
	# out-of-supply half and 9.1 E's closer-to-a-source limit do not
	# apply; a disruption still halves: 7 -> 4 (rounded up)
	run --separate-stderr umpire move-cost -g loe --unit ethiopian-irr --ma 7 --dis --oos clear --json
	assert_success
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 4
	assert_equal "$(json_get '.units[0].ma_rule' <<<"$output")" "9.4.4, 11.4.4"
	refute_output --partial "9.1 E"
	run --separate-stderr umpire move-cost -g loe --unit ethiopian-irr --ma 7 --dis --oos clear
	assert_success
	assert_output --partial "half of 7, rounded up: 4"
	refute_output --partial "closer to a source"
}

@test "loe 16.7: mountain infantry's costs cite 16.7, not the TEC's 6.3 rows" {
	# 16.7: clear and mountain 1, amba 2, massif 4: 1 + 2 + 4 + 1 = 8
	run --separate-stderr umpire move-cost -g loe --unit mountain-inf --ma 8 mountain amba massif clear --json
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 8
	assert_equal "$(json_get '[.steps[].rule] | unique | join(",")' <<<"$output")" 16.7
	# the same hexes for line infantry: 6.3.2 to 6.3.4's own costs and rules
	run --separate-stderr umpire move-cost -g loe --unit italian-inf --ma 20 mountain amba massif --json
	assert_equal "$(json_get .total <<<"$output")" 13
	assert_equal "$(json_get '[.steps[].rule] | join(",")' <<<"$output")" 6.3.2,6.3.3,6.3.4
}
