#!/usr/bin/env bats
# move-cost on a map: whose rail net a rail move may use (toto 9.10, 16.2),
# and a railway longer than one rail move.  The situation's rail_nets says
# which side's net each hex is part of; every expected figure is hand
# arithmetic, shown beside the test.

load helpers
load move

onnets() {
	onfixture toto-rail.json toto-rail-nets.json "$@"
}

onbuilt() {
	onfixture toto-rail-built.json "toto-rail-built-$1.json" "${@:2}"
}

# toto-rail.json: 30 by 5 rough (2 MP, 38.0), railways along rows 03 and
# 05.  toto-rail-nets.json: the Allied net is 0103-1203 and all of row 05
# (12 + 30 = 42 hexes), the Ottoman 1303-3003 (18).  al-1 (MA 4) in 0103,
# al-7 (MA 4) in 2803, the armoured train al-8 in 1203, ot-2 (MA 4) in 2003.

@test "toto 9.10, 16.2: a rail move stops where the enemy's net begins; the road goes on" {
	# 0103 -> 1203 is 11 rail hexes of the Allied net: 1 MP (9.8)
	onnets --unit al-1 --to 1203 --json
	assert_success
	# the total, then the Allied net's size
	assert_equal "$(json_get '"\(.total) \(.rail_net.hexes)"' <<<"$output")" "1 42"
	# on to 1803: 1303 to 1803 are the Ottomans' rail, a road to the
	# Allies (9.7): 1 MP by rail to 1203, then 6 x 1/2 = 3: 4 MP; on a
	# situation that does not say whose the nets are it is 1 MP, all rail
	onnets --unit al-1 --to 1803 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 4
	assert_equal "$(json_get '[.path[] | select(.rule == "9.8")] | length' <<<"$output")" 11
	assert_equal "$(json_get '[.path[] | select(.rule == "9.7")] | length' <<<"$output")" 6
	assert_equal "$(json_get '.path[-1].text' <<<"$output")" \
	    "road 1/2, the rest ignored (not this side's rail net)"
	run --separate-stderr umpire -g toto move-cost --map "$FIXTURES/move/toto-rail.json" \
	    --situation "$FIXTURES/move/toto-rail-units.json" --unit al-1 --to 1803 --json
	assert_equal "$(json_get '.total' <<<"$output")" 1
	onnets --unit al-1 --to 1803
	assert_line --regexp 'a rail move keeps to the allied rail net: 42 hexes +9\.10, 16\.2$'
}

@test "toto 9.10: the Ottomans ride their own net; an Ally in it may not" {
	# ot-2 in 2003 -> 1303, 7 hexes of the Ottoman net: 1 MP; 1303 is in
	# the train al-8's zone (1203 is next to it), so the rail move stops there
	onnets --unit ot-2 --to 1303 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
	assert_equal "$(json_get '.path[-1].rule' <<<"$output")" 9.8
	assert_equal "$(json_get '.rail_net.side' <<<"$output")" ottoman
	# al-7 stands in the Ottoman net at 2803: no rail move, 2703 to 2303
	# by road, 5 x 1/2 = 2 1/2 MP
	onnets --unit al-7 --to 2303 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2.5
	assert_equal "$(json_get '[.path[].rule] | unique | join(",")' <<<"$output")" 9.7
}

@test "toto 16.4: an armoured train keeps to its own side's rail net" {
	# al-8 in 1203, the end of the Allied net: 1303 is Ottoman rail
	onnets --unit al-8 --to 1303 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 16.4
	# 1103 is its own: along the railway as a road, 1/2 MP (9.7), less
	# than a rail move's 1
	onnets --unit al-8 --to 1103 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 0.5
}

@test "toto 16.2: a net built on a road is rail for its side" {
	# toto-rail-built.json: rough 10 by 3, rail 0102-0502, road 0602-1002;
	# the Allies have built their net on to 0802.  0102 -> 1002: rail to
	# 0802, 7 hexes, 1 MP; then 0902 and 1002 by road, 2 x 1/2: 2 MP
	onbuilt units --unit al-1 --to 1002 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	assert_equal "$(json_get '[.path[].rule] | join(",")' <<<"$output")" \
	    "9.8,9.8,9.8,9.8,9.8,9.8,9.8,9.7,9.7"
	# no rail_nets: the map's rail only, to 0502 (1 MP), then 0602 to
	# 1002 by road, 5 x 1/2 = 2 1/2: 3 1/2 MP
	onbuilt none --unit al-1 --to 1002 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 3.5
	assert_equal "$(json_get '.rail_net' <<<"$output")" null
}

# A situation on toto-rail.json with rail_nets $1 (JSON), into $BATS_TEST_TMPDIR/s.json
nets_file() {
	cat >"$BATS_TEST_TMPDIR/s.json" <<EOT
{ "game": "toto", "rail_nets": $1,
  "units": [ { "id": "al-1", "side": "allied", "type": "infantry", "strength": 3, "ma": 4, "hex": "0103" } ] }
EOT
}

badnets() {
	nets_file "$1"
	run --separate-stderr umpire -g toto move-cost --map "$FIXTURES/move/toto-rail.json" \
	    --situation "$BATS_TEST_TMPDIR/s.json" --unit al-1 --to 0503
	assert_one_line_error 3
}

@test "bad rail_nets are refused with exit 3 and one line" {
	# 0101 is rough, neither rail nor road (16.2)
	badnets '{ "allied": ["0101"] }'
	[[ "$stderr" == *"neither rail nor road (16.2): '0101'" ]]
	# a hex in both sides' nets
	badnets '{ "allied": ["0103-0503"], "ottoman": ["0503"] }'
	[[ "$stderr" == *"a hex in two sides' nets: '0503'" ]]
	# off the map, a broken range, not a list, not an object
	badnets '{ "allied": ["3103"] }'
	[[ "$stderr" == *"no such hex or range on the map: '3103'" ]]
	badnets '{ "allied": ["0103-"] }'
	badnets '{ "allied": ["0103-0203-0303"] }'
	badnets '{ "allied": "0103" }'
	badnets '["0103"]'
	badnets '{ "allied": [103] }'
	# rail nets are toto's own member: a loe situation has none
	cat >"$BATS_TEST_TMPDIR/l.json" <<EOT
{ "game": "loe", "rail_nets": { "italian": ["2504"] },
  "units": [ { "id": "a", "side": "italian", "type": "askari", "strength": 4, "ma": 6, "hex": "2504" } ] }
EOT
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/l.json" --unit a --to 2505
	assert_one_line_error 3
	[[ "$stderr" == *"situation: unknown member: 'rail_nets'"* ]]
}

@test "rail_nets that cover the map more than four times over are refused, not worked through" {
	# toto-rail.json is 30 x 5 = 150 hexes: the entries may visit 4 x 150
	# = 600.  0103-1203 is 11 hexes, row 05's railway 0105-3005 30, the
	# Ottoman 1303-3003 18: with row 05 named 19 times, 11 + 570 + 18 =
	# 599, taken; 21 times, 11 + 630 = 641 before the Ottoman net, refused
	# (a file naming a big map over and over would keep umpire busy for
	# hours)
	jq '.rail_nets.allied = ["0103-1203"] + [range(19) | "0105-3005"]' \
	    "$FIXTURES/move/toto-rail-nets.json" >"$BATS_TEST_TMPDIR/ok.json"
	run --separate-stderr umpire move-cost --map "$FIXTURES/move/toto-rail.json" \
	    --situation "$BATS_TEST_TMPDIR/ok.json" --unit al-1 --reach
	assert_success
	jq '.rail_nets.allied = ["0103-1203"] + [range(21) | "0105-3005"]' \
	    "$FIXTURES/move/toto-rail-nets.json" >"$BATS_TEST_TMPDIR/over.json"
	run --separate-stderr umpire move-cost --map "$FIXTURES/move/toto-rail.json" \
	    --situation "$BATS_TEST_TMPDIR/over.json" --unit al-1 --reach
	assert_one_line_error 3
	assert_equal "$stderr" "umpire move-cost: $BATS_TEST_TMPDIR/over.json: rail_nets: the entries cover the map more than 4 times over (list each stretch once): '0105-3005'"
}

# toto-rail-long.json: 80 by 3 rough, one railway along row 02 (80 rail
# hexes, more than a search's first 64 slots for rail hexes, which then
# grow); al-1 (MA 4) in 0102.
@test "toto 9.7, 9.8: a long railway: 25 hexes by rail for 1 MP, the rest as a road" {
	# --ma 24, 48 half MP: the rail move's 1 MP takes it 25 hexes to
	# 2602, and the other 46 halves 46 road hexes on to 7202 (9.7)
	onfixture toto-rail-long.json toto-rail-long-units.json --unit al-1 \
	    --reach --ma 24 --json
	assert_success
	assert_equal "$(json_get '[.reach[] | select(.hex == "7102" or
	    .hex == "7202" or .hex == "7302") | "\(.hex) \(.left)"] | join(",")' \
	    <<<"$output")" "7102 0.5,7202 0"
	# the path there: 25 rail steps and 46 road steps, 1 + 23 = 24 MP
	onfixture toto-rail-long.json toto-rail-long-units.json --unit al-1 \
	    --to 7202 --ma 24 --json
	assert_success
	assert_equal "$(json_get '"\(.total) \([.path[] | select(.rule ==
	    "9.8")] | length) \([.path[] | select(.rule == "9.7")] |
	    length)"' <<<"$output")" "24 25 46"
	# at any cost, 8002: 1 MP to 2602, then 54 road hexes, 27 MP: 28
	onfixture toto-rail-long.json toto-rail-long-units.json --unit al-1 \
	    --to 8002
	assert_failure 1
	assert_output --partial "the cheapest legal way costs 28 MP, 24 more than the 4 there is"
}

# toto-rail.json with a situation that keeps supply: an Allied supply unit
# of radius 2 in 0303; al-1 in 0103 is 2 hexes from it, al-9 in 1103 is 8.
supplied_rail() {
	cat >"$BATS_TEST_TMPDIR/sup.json" <<-EOF
	{ "game": "toto", "map": "test-rail", "units": [
	  { "id": "al-1", "side": "allied", "type": "infantry", "strength": 3, "ma": 4, "hex": "0103" },
	  { "id": "al-9", "side": "allied", "type": "infantry", "strength": 3, "ma": 4, "hex": "1103" },
	  { "id": "sup", "side": "allied", "type": "supply", "strength": 0, "ma": 3, "hex": "0303",
	    "markers": ["radius-2"] } ] }
	EOF
	run --separate-stderr umpire -g toto move-cost --map "$FIXTURES/move/toto-rail.json" \
	    --situation "$BATS_TEST_TMPDIR/sup.json" "$@"
}

@test "toto 9.8, 15.2: on a map, a rail move's general supply is traced, not only read off a marker" {
	# al-1: 0203, 0303, within the radius 2: by rail to 1203 for 1 MP
	supplied_rail --unit al-1 --to 1203 --json
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 1
	assert_equal "$(json_get '.units[0].note_rule' <<<"$output")" "9.8, 15.2"
	# al-9 carries no oos marker, yet 1103 is 11 - 3 = 8 hexes from the
	# supply unit: no rail move; 1103 to 1903 by the railway's road,
	# 8 x 1/2 = 4 MP (9.7)
	supplied_rail --unit al-9 --to 1903 --json
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 4
	assert_equal "$(json_get '[.path[].rule] | unique | join(",")' <<<"$output")" 9.7
	assert_equal "$(json_get .units[0].note <<<"$(umpire -g toto move-cost --map "$FIXTURES/move/toto-rail.json" --situation "$BATS_TEST_TMPDIR/sup.json" --unit al-9 --to 1903 --json)")" \
	    "out of general supply, traced: 8 hexes where 2 are allowed"
	# nor a forced march (15.11)
	supplied_rail --unit al-9 --forced --to 1903
	assert_one_line_error 2
	[[ "$stderr" == *15.11* ]]
}
