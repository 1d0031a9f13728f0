#!/usr/bin/env bats
# supply-trace for Soldiers of the Queen: Part 11's ammunition supply at
# Isandhlwana.  A British unit's path to the Supply Wagon runs through no
# hex in a Zulu zone unless a British unit stands there (8.E, 11); the
# Ammunition Resupply Table column is chosen by the kind of unit and its
# range from the wagon (the stand-in rules/sotq/ammo-resupply, importable).
#
# The map is tests/fixtures/move/sotq-square.json: 7 by 7 clear hexes,
# even-q (an even column's neighbours in the next columns are rows r and
# r + 1, an odd column's rows r - 1 and r).  Distances are counted by hand
# on that rule.

load helpers
load sotq

st() { on_square supply-trace "$@"; }

# Zulus in 0402, 0405 and 0407, no facing (all six hexes): column 04 is
# shut from end to end.  0401 and 0403 lie in 0402's zone, 0404 and 0406 in
# 0405's, 0402 0405 0407 hold Zulus.
WALL='0402 0405 0407'
wall() {
	local h
	for h in $WALL; do
		u "z$h" zulu zulu-inf "$h"
		echo
	done | paste -sd, -
}

@test "11: range 6 from the wagon, foot column 6-10: a 1-3 refills (stand-in)" {
	# 0104 to 0704: six columns east; from an odd column the rows reached
	# widen 3-4, 3-5, 2-5, 2-6, 1-6, 1-7, so 0704 is 6 away, and the
	# clear path is 6 hexes long
	sit s "$(u foot british regular-foot 0104 ammo-half)" \
	    "$(u wagon british supply-wagon 0704)"
	st s --unit foot --json
	assert_success
	assert_equal "$(json_get '.units[0].supplied' <<<"$output")" true
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 6
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 0704
	assert_equal "$(json_get '.units[0].effect' <<<"$output")" \
	    "range 6: roll 1d6, 1-3 erases the last mark (foot-6-10)"
	assert_equal "$(json_get '.table_source' <<<"$output")" stand-in
	assert_equal "$stderr" ""
	# dismounted horse at the same range: the horse column, 1-2
	sit h "$(u rnc british horse 0104 noammo)" "$(u wagon british supply-wagon 0704)"
	st h --unit rnc --json
	assert_equal "$(json_get '.units[0].effect' <<<"$output")" \
	    "range 6: roll 1d6, 1-2 erases the last mark (horse-6-10); out of ammunition until then"
}

@test "8.E, 11: a wall of Zulu zones cuts the path; a British unit in 0404 opens it" {
	sit s "$(u foot british regular-foot 0104)" "$(u wagon british supply-wagon 0704)" \
	    "$(wall)"
	st s --unit foot --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.units[0].supplied' <<<"$output")" false
	assert_equal "$(json_get '.units[0].blocked_by.rule' <<<"$output")" "8.E, 11"
	# 0404 is in 0405's zone only; 0304 and 0504 beside it are in none.
	# A British unit there negates the zone for resupply (8.E)
	sit n "$(u foot british regular-foot 0104)" "$(u wagon british supply-wagon 0704)" \
	    "$(wall)" "$(u nnc british colonial-inf 0404)"
	st n --unit foot --json
	assert_success
	assert_equal "$(json_get '[.units[0].path[].hex] | index("0404") > 0' <<<"$output")" true
	assert_equal "$(json_get '.units[0].path[] | select(.hex == "0404") | .rule' <<<"$output")" "8.E, 11"
}

@test "11: the unit's own hex may lie in a Zulu zone" {
	# a Zulu in 0204 (no facing: all six) has 0203 0205 0104 0105 0304
	# 0305 in its zone, 0104 the unit's own.  Both steps east from 0104
	# (0203, 0204) are shut, so the path goes 0103 0202 0303 0403 0504
	# 0604 0704: 7 hexes; the range is still 6
	sit s "$(u foot british regular-foot 0104)" "$(u wagon british supply-wagon 0704)" \
	    "$(u z zulu zulu-inf 0204)"
	st s --unit foot --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 7
	assert_equal "$(json_get '.units[0].how' <<<"$output")" \
	    "a path of 7 hexes to the Supply Wagon in 0704, range 6"
}

@test "11: pinned or routed units, artillery, leaders, Zulus and no wagon" {
	sit s "$(u foot british regular-foot 0104 pinned)" "$(u gun british artillery 0105)" \
	    "$(u p british pulleine 0106)" "$(u wagon british supply-wagon 0704)" \
	    "$(u z zulu zulu-inf 0707)"
	st s --side british --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.units[] | select(.id == "foot") | .blocked_by.why' <<<"$output")" \
	    "a pinned unit may not be resupplied"
	assert_equal "$(json_get '.units[] | select(.id == "gun") | .how' <<<"$output")" \
	    "artillery never runs out of ammunition"
	assert_equal "$(json_get '.units[] | select(.id == "p") | .supplied' <<<"$output")" true
	st s --side zulu --json
	assert_success
	assert_equal "$(json_get '.units[0].how' <<<"$output")" "only British units keep an ammunition roster"
	# a destroyed wagon is no source
	sit w "$(u foot british regular-foot 0104)" "$(u wagon british supply-wagon 0704 destroyed)"
	st w --unit foot --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.units[0].blocked_by.why' <<<"$output")" "no Supply Wagon on the map"
}

@test "11: the printed chart imported replaces the stand-in" {
	jq '.source = "user" | (.columns[] | select(.id == "foot-6-10") | .results) = {"1-4": "resupplied", "5-6": "none"}' \
	    "$TOP/rules/sotq/ammo-resupply.json" >"$BATS_TEST_TMPDIR/chart.json"
	run umpire table --import sotq ammo-resupply "$BATS_TEST_TMPDIR/chart.json"
	assert_success
	sit s "$(u foot british regular-foot 0104 ammo-half)" "$(u wagon british supply-wagon 0704)"
	st s --unit foot --json
	assert_success
	assert_equal "$(json_get '.units[0].effect' <<<"$output")" \
	    "range 6: roll 1d6, 1-4 erases the last mark (foot-6-10)"
	assert_equal "$(json_get '.stand_in' <<<"$output")" null
}

@test "11: by eye, a Zulu zone blocks, a negated one does not" {
	run --separate-stderr umpire -g sotq supply-trace --hexes 8 --through clear,ezoc --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.through[1].rule' <<<"$output")" "8.E, 11"
	# blocked by the zone, not by its length
	run --separate-stderr umpire -g sotq supply-trace --hexes 40 --through clear,ezoc
	assert_equal "$status" 1
	assert_line --partial "any length will do"
	refute_output --partial "too long"
	# any length will do: 40 hexes and no limit given
	run --separate-stderr umpire -g sotq supply-trace --hexes 40 --through clear+ezoc-negated --json
	assert_success
	assert_equal "$(json_get '.allowed' <<<"$output")" null
	run --separate-stderr umpire -g sotq supply-trace --hexes 8 --through crest
	assert_equal "$status" 1
}

@test "Part 11 is Isandhlwana's: Omdurman and bad input are one line on stderr" {
	run --separate-stderr umpire -g sotq supply-trace --map omdurman --situation omdurman --side british
	assert_one_line_error 2
	run --separate-stderr umpire -g sotq supply-trace --hexes 3 --through clear,swamp
	assert_one_line_error 2
	sit s "$(u foot british regular-foot 0104)"
	st s --unit nobody
	assert_one_line_error 2
}

@test "the teaching situation: every British unit's path to the wagon in 1930" {
	run --separate-stderr umpire -g sotq supply-trace --map isandhlwana --situation isandhlwana --unit f-1-24 --json
	assert_success
	# f-1-24 in 1829 is beside the wagon in 1930: 1 hex, range 1, foot 0-2
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 1
	assert_equal "$(json_get '.units[0].effect' <<<"$output")" \
	    "range 1: may roll once it has used half its ammunition (marker ammo-half); then 1d6, 1-5 refills (foot-0-2)"
	# a-1-24-a in 0628 has used half: its range to 1930 is 13 (13
	# columns, the rows within reach), foot 11 or more: 1-2 (stand-in)
	run --separate-stderr umpire -g sotq supply-trace --map isandhlwana --situation isandhlwana --unit a-1-24-a --json
	assert_success
	assert_equal "$(json_get '.units[0].effect' <<<"$output")" \
	    "range 13: roll 1d6, 1-2 erases the last mark (foot-11+)"
}
