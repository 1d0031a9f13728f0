#!/usr/bin/env bats
# move-cost on a map: paths, reaches, retreats and advances on the loe
# teaching map and the fixture maps of tests/fixtures/move, under loe's
# and toto's movement rules.  The loe cases are the rulebook's own
# examples where it has them (6.3.8, 6.3.11, 8.4.1); every other expected
# figure is hand arithmetic, shown beside the test.  Whose rail net a rail
# move may use: move-cost-rail.bats; toto's retreats and stacking on its
# small maps: move-cost-toto.bats; sotq: move-cost-sotq.bats.

load helpers
load move

# On the loe teaching map (rules/loe/maps/teaching.map) the Awash runs
# 3826-3926-4026-4125 and the Mille 4027-3926; 4026's banks are
# {3925, 4025} and {4126, 4027}.  Units: tests/fixtures/move/loe.json.
# loe move-cost on the teaching map with the situation $1 (tests/fixtures/move)
onloe() {
	local sit=$1

	shift
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$FIXTURES/move/$sit" "$@"
}

# landed SIT IDS HEX: umpire stacking --hex HEX on situation file SIT with
# the units IDS (a,b) moved there: a move may end over a limit, which
# 7.1 A holds as the Movement Phase ends (umpire game next checks it)
landed() {
	jq --arg ids "$2" --arg hex "$3" '($ids | split(",")) as $m |
	    .units |= map(if (.id | IN($m[])) then .hex = $hex else . end)' \
	    "$1" >"$BATS_TEST_TMPDIR/landed.json"
	run --separate-stderr umpire -g loe stacking --situation \
	    "$BATS_TEST_TMPDIR/landed.json" --hex "$3" --json
}

# found: the rules of what the check found, and its first text
found() {
	json_get '[.hexes[].findings[].rule] | join(",")' <<<"$output"
}

onmap() {
	onloe loe.json "$@"
}
# The cheapest way at any cost (a --to beyond the allowance) is searched
# toward the target first, bounded by the least a step costs the unit
# (loe 6.3, 6.3.11 A: 1/2 MP on a paved road for the Italian side, 1 MP
# else) and by where the paved road runs.  Its total must be what the plain
# search finds with an allowance big enough to get there: a bound set too
# high, off the road or along it, would miss the cheaper way.
@test "map: loe: the cheapest way at any cost is the one a big enough allowance finds" {
	local su u to

	# mot, an Italian motorized division in Massawa, goes by the paved
	# road (1/2 MP); ship, another, lands from the sea first (6.4 D);
	# motorized, so that --ma 99 opens no massif to them (6.3.4 B opens
	# massif to infantry of MA 8 or more)
	cat >"$BATS_TEST_TMPDIR/mot.json" <<-'EOF'
	{ "game": "loe", "units": [ { "id": "mot", "side": "italian",
	  "type": "motorized", "strength": 4, "ma": 8, "hex": "5232" },
	  { "id": "ship", "side": "italian", "type": "motorized",
	  "strength": 4, "ma": 8, "hex": "1019", "markers": ["at-sea"] } ] }
	EOF
	# most of the 55 lie beyond the 6 or 8 MP the five have
	for su in $FIXTURES/move/loe.json:it-1 $FIXTURES/move/loe.json:it-2 \
	    $FIXTURES/move/loe.json:et-1 $BATS_TEST_TMPDIR/mot.json:mot \
	    $BATS_TEST_TMPDIR/mot.json:ship; do
		u=${su#*:}
		for to in 4013 3716 5232 2809 4919 3123 1019 5535 0801 4227 4828; do
			at_any_cost "-g loe move-cost --map teaching --situation ${su%%:*} --unit $u --to $to"
		done
	done | tally 30
}

# toto's cheapest way at any cost may take a rail move (9.8) and looks
# toward the target first, bounded by what each hex costs at least to
# enter (38.0; 1/2 MP road hex to road hex, 9.7) and by the rail hexes, from
# which a rail move may land anywhere on the net.  As for loe, its total
# must be what the plain search finds with an allowance big enough.
@test "map: toto: the cheapest way at any cost, rail move and all, is the one a big enough allowance finds" {
	local u to

	for u in ot-garrison br-inf-a br-inf-b br-camel ru-corps; do
		for to in 4901 2627 4904 5212 1519 3410 4716 5312 3010 3112 1407 2007; do
			at_any_cost "-g toto move-cost --map teaching --situation $TOP/rules/toto/situations/teaching.json --unit $u --to $to"
		done
	done | tally 40
}

@test "map: 2504 to 2505 is mountain, 2 MP (6.3.11's example)" {
	onmap --unit it-2 --to 2505 --json
	assert_success
	assert_equal "$(json_get '.path[0].hex' <<<"$output")" 2505
	assert_equal "$(json_get '.total' <<<"$output")" 2
}

@test "map: 4025 into 4026 and across to 4126 waits for the next phase (6.3.8)" {
	# 4025 -> 4026 is 1 MP; 4026 -> 4126 would cross the Awash
	onmap --unit it-5 --ma 2 --reach --json
	assert_success
	assert_equal "$(json_get '[.reach[].hex] | index("4026") != null' <<<"$output")" true
	assert_equal "$(json_get '[.reach[].hex] | index("4126") != null' <<<"$output")" false
	# begun on the river in 4026, the unit leaves by either bank (6.3.8 B)
	onmap --unit it-6 --ma 1 --to 4126 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
}

@test "map: 3925 through the confluence 3926 to 3927 is refused" {
	# 3925 -> 3926 -> 3927 would be 2 MP; across the confluence it is
	# refused.  3925 lies north of the Awash and 3927 in the wedge west of
	# the Mille, so the way crosses both: the Awash at the road's bridge
	# in 4324 (the road comes in from 4224 on the north bank and runs on
	# along the river, so it touches both banks: 6.3.9 A), the Mille at
	# the road's bridge in 4630: 4025 4124 4224 4324, 4325 4326 4327 4328
	# 4429 4529 4630 (along the Mille, on its east bank), 4530 4430 4329
	# 4229 4128 4028 3927: 18 hexes of clear or road at 1 MP, 12 more than
	# 6.  (Along the Mille from 3926 is no way: in 3926 the unit is on the
	# Awash's north bank, and the Mille leaves by the other side of the
	# Awash: the test below.)
	onmap --unit it-1 --to 3927
	assert_equal "$status" 1
	assert_line --partial "costs 18 MP, 12 more than the 6"
}

# loe on the teaching map with a path drawn: map svg --path prices each
# step as move-cost does and refuses the first the rules refuse
onpath() {
	local unit=$1 path=$2

	shift 2
	run --separate-stderr umpire -g loe map svg teaching \
	    --situation "$FIXTURES/move/loe.json" --unit "$unit" --path "$path" \
	    -o "$BATS_TEST_TMPDIR/p.svg" "$@"
}

@test "map: loe 6.3.8 A: along the river and out by the bank it came from is no crossing" {
	# the Awash runs 3926-4026-4125-4225; it-5 in 4025 enters 4026 by
	# its north hexside, on the bank {3925, 4025}; 4026 -> 4125 follows
	# the river, on the same side of it, which in 4125 is the bank of
	# 4025 and 4124 (4125's river hexsides are to 4026 and 4225); so
	# 4125 -> 4124 crosses nothing: 3 hexes of clear, 1 MP each, 3 MP
	onpath it-5 4025,4026,4125,4124 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 3
	# and out by the far bank, {4226, 4126}, it crosses: next phase
	onpath it-5 4025,4026,4125,4226
	assert_equal "$status" 1
	[[ "$stderr" == *"(6.3.8 A): '4226'" ]]
}

@test "map: loe 6.3.8 D: at the confluence each river is its own; along one's bank is no crossing" {
	# 3926: the Awash runs in from 3826 and out to 4026, the Mille in
	# from 4027; it-1 enters from 3925, north of the Awash.  Along the
	# Awash to 4026 it keeps that bank, so on to 4025 is no crossing:
	# 3 hexes, 3 MP
	onpath it-1 3925,3926,4026,4025 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 3
	# but the Mille leaves 3926 south of the Awash: going down it from
	# the north bank crosses the Awash, so it waits for the next phase
	onpath it-1 3925,3926,4027
	assert_equal "$status" 1
	[[ "$stderr" == *"(6.3.8 A): '4027'" ]]
}

# loe's bridges on tests/fixtures/move/loe-river.json: a river down
# column 04 (0402-0408), a road across it in 0408, and a road in 0405
# that stays on the west bank
onriver() {
	onfixture loe-river.json loe-river-units.json "$@"
}

@test "map: loe 6.3.9 A: a bridge is where a road crosses the river, not any road out of a river hex" {
	# e-1 in 0505 enters 0405 from the east bank; the road 0304-0405-0305
	# stays on the west bank, so 0405 -> 0305 by it crosses the river
	# unbridged: refused this phase
	run --separate-stderr umpire -g loe map svg "$FIXTURES/move/loe-river.json" \
	    --situation "$FIXTURES/move/loe-river-units.json" --unit e-1 \
	    --path 0505,0405,0305 -o "$BATS_TEST_TMPDIR/r.svg"
	assert_equal "$status" 1
	[[ "$stderr" == *"(6.3.8 A): '0305'" ]]
	# the way is by the bridge in 0408: 0406 0407 0408 along the east
	# bank, across at the bridge and out by 0307, then 0306 0305: six
	# hexes of clear at 1 MP, all of e-1's 6 (round the river's end at
	# 0401 would be 0504 0503 0502 0501 0401 0301 0302 0303 0304 0305, 10)
	onriver --unit e-1 --to 0305 --json
	assert_success
	assert_equal "$(json_get '[.path[].hex] | join(",")' <<<"$output")" \
	    "0406,0407,0408,0307,0306,0305"
	assert_equal "$(json_get '.total' <<<"$output")" 6
	# w-1 in 0304 comes into 0405 by that road on the west bank and
	# leaves by it on the same bank: no crossing, road 1 + road 1 = 2 MP
	run --separate-stderr umpire -g loe map svg "$FIXTURES/move/loe-river.json" \
	    --situation "$FIXTURES/move/loe-river-units.json" --unit w-1 \
	    --path 0304,0405,0305 -o "$BATS_TEST_TMPDIR/r.svg" --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
}

@test "map: an adjacent hex closed to the unit says why (6.3.5 B, 4913 jungle)" {
	onmap --unit it-4 --to 4913 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.3.5 B"
}

@test "map: too far for the MA says by how much" {
	# over the Awash by the road's bridge in 4324 (the road comes in from
	# 4224 on the north bank and runs on along the river, touching both
	# banks, 6.3.9 A): 4025 4124 4224 4324, out by the south bank to 4325,
	# then 4226 4126: 7 hexes at 1 MP (clear or road); MA 3 is 4 short
	onmap --unit it-1 --ma 3 --to 4126
	assert_equal "$status" 1
	assert_line --partial "costs 7 MP, 4 more than the 3"
}

@test "map: a stack moves at its slowest (it-2 MA 6, it-3 MA 4)" {
	onmap --unit it-2 --unit it-3 --reach --json
	assert_success
	assert_equal "$(json_get '[.reach[].left] | max' <<<"$output")" 3
}

@test "map: loe 8.4.1: a retreat of 2 goes toward the nearest road" {
	# it-1 in 3925, (39, 6) in odd-q cube coordinates; the nearest road
	# hexes are 3 away: 4023 (40, 3) and 4123 (41, 3) on the road through
	# Dese, 4224 (42, 3).  Of 3925's neighbours 3924 (39, 5) and 4025
	# (40, 5) are 2 from them; from 3924, 3923 and 4024 are 1 from 4023;
	# from 4025, 4024 and 4124 (41, 4) are 1 from 4123.  Three ends
	onmap --unit it-1 --retreat 2 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" \
	    "3923,4024,4124"
	assert_equal "$(json_get '.road.steps_kept' <<<"$output")" 2
	assert_equal "$(json_get '[.routes[] | select(.end == "4124") | .steps[].hex] | join(",")' \
	    <<<"$output")" "4025,4124"
}

@test "map: bad map input is refused with one line" {
	onmap --unit nobody --reach
	assert_one_line_error 2
	onmap --unit it-1 --to 9999
	assert_one_line_error 2
	onmap --unit it-1 --reach clear
	assert_one_line_error 2
	onmap --unit it-1
	assert_one_line_error 2
}

@test "map: two questions at once are refused, naming both in the order given" {
	onmap --unit it-1 --reach --to 2505
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --reach and --to exclude each other (ask one thing at a time): '--to'"
	# --to with --retreat names the retreat's end: --reach is the second
	onmap --unit it-1 --to 2505 --retreat 2 --reach
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --to and --reach exclude each other (ask one thing at a time): '--reach'"
	# without a map too: a retreat and an advance are two questions
	run --separate-stderr umpire -g loe move-cost --unit italian-inf \
	    --retreat 2 --advance 1
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --retreat and --advance exclude each other (ask one thing at a time): '--advance'"
}

@test "map: the teaching maps and situations by name; a sotq map names its battle" {
	run umpire -g loe move-cost --map teaching --situation teaching --unit it-inf-a --to 2505 --json
	assert_success
	# 2504 -> 2505, mountain: 2 MP (6.3.11's example)
	assert_equal "$(json_get '.total' <<<"$output")" 2
	run umpire -g sotq move-cost --map omdurman --situation omdurman --unit rifle-bde-a --reach --json
	assert_success
	# Omdurman infantry: MA 5 (6.B)
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 5
}

@test "map: an advance enters the defender's hex first (--via), then goes on" {
	# toto 14.2-14.4: cavalry al-2 in 0303 pursues 2 through 0304, EZOC
	# ignored; not back into 0303, not into the enemy in 0305
	onfixture toto-map.json toto.json --unit al-2 --advance 2 --via 0304 --json
	assert_success
	assert_equal "$(json_get '[.reach[].hex] | join(",")' <<<"$output")" \
	    "0204,0205,0304,0404,0405"
	# loe 8.5.2 B: from 4025 into the river hex 4026, on along the river
	# or back to the west bank, never across to 4126 or 4027
	onmap --unit it-5 --advance 2 --via 4026 --json
	assert_success
	assert_equal "$(json_get '[.reach[].hex] | join(",")' <<<"$output")" \
	    "3925,3926,4026,4125"
	onmap --unit it-5 --advance 2 --via 4027
	assert_one_line_error 2
}

# A 30 by 5 toto map of rough hexes (2 MP, 38.0) with railways along rows
# 03 and 05 (tests/fixtures/move/toto-rail.json).  al-1 (MA 4) in 0103,
# al-2 (MA 4) in 0105, al-3 (MA 4, out of supply) in 0103; an Ottoman unit
# in 2202, whose zone of control takes in 2203 on the row 03 railway.
onrail() {
	onfixture toto-rail.json toto-rail-units.json "$@"
}

@test "map: toto 9.8: 1 MP, then up to 25 rail hexes for nothing" {
	# 0103 -> 1803 is 17 rail hexes: 1 MP for the rail move; by road it
	# would be 17 x 1/2 = 8 1/2 MP
	onrail --unit al-1 --to 1803 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
	assert_equal "$(json_get '.path | length' <<<"$output")" 17
	assert_equal "$(json_get '.path[0].rule' <<<"$output")" 9.8
	assert_equal "$(json_get '.path[16].text' <<<"$output")" "by rail: hex 17 of 25"
	assert_equal "$stderr" ""
}

@test "map: toto 9.8: a rail move is 25 hexes at most; road hexes make up the rest" {
	# 0105 -> 3005 is 29 hexes: 25 by rail (1 MP) and 4 along the railway
	# as a road (9.7, 4 x 1/2 = 2 MP): 3 MP of 4, 1 left
	onrail --unit al-2 --to 3005 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 3
	assert_equal "$(json_get '[.path[] | select(.rule == "9.8")] | length' <<<"$output")" 25
	onrail --unit al-2 --reach --json
	assert_equal "$(json_get '.reach[] | select(.hex == "3005") | .left' <<<"$output")" 1
	# 2605 is hex 25 of the rail move: 4 - 1 = 3 left
	assert_equal "$(json_get '.reach[] | select(.hex == "2605") | .left' <<<"$output")" 3
}

@test "map: toto 9.9, 11.4: a rail move stops in an EZOC; one rail move a phase" {
	# 2203 is hex 21 of the rail move and in the Ottoman ZOC: 1 MP, stop
	onrail --unit al-1 --to 2203 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
	assert_equal "$(json_get '.path[-1].stop' <<<"$output")" "it enters an enemy zone of control"
	# past it to 2403 with MA 6: rail to 2103 (1 MP), rough 2204 (2),
	# rough 2303 (2, come in off the railway), then 2403 by road (1/2),
	# no second rail move: 5 1/2 MP
	onrail --unit al-1 --ma 6 --to 2403 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 5.5
	assert_equal "$(json_get '.path[-1].rule' <<<"$output")" 9.7
}

@test "map: toto 9.8: no rail move out of general supply" {
	# al-3 is out of supply: 17 road hexes at 1/2 = 8 1/2 MP, 4 1/2 short
	onrail --unit al-3 --to 1803
	assert_equal "$status" 1
	assert_line --partial "costs 8 1/2 MP, 4 1/2 more than the 4"
}

# On the loe teaching map, sea-1 (askari, MA 6, marked at-sea) sailed from
# Massawa 5232; an Ethiopian unit in 3932 puts Assab 3833 in its zone of
# control and another holds Mogadishu 1019 (tests/fixtures/move/loe-sea.json).
onsea() {
	onloe loe-sea.json "$@"
}

@test "map: loe 6.4 D: a unit at sea lands at a port for 1 MP and moves on" {
	# land at Massawa 5232 (1), then 5331, mountain (2): 3 MP of 6
	onsea --unit sea-1 --to 5331 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 3
	assert_equal "$(json_get '.path[0].hex' <<<"$output")" 5232
	assert_equal "$(json_get '.path[0].rule' <<<"$output")" "6.4 D"
	onsea --unit sea-1 --reach --json
	# Massawa itself: 6 - 1 = 5; 5231 up the paved road: 6 - 1 - 1/2
	assert_equal "$(json_get '.reach[] | select(.hex == "5232") | .left' <<<"$output")" 5
	assert_equal "$(json_get '.reach[] | select(.hex == "5231") | .left' <<<"$output")" 4.5
}

@test "map: loe 6.4 D, 5.3 A: landing in an EZOC ends the move; an enemy-held port is shut" {
	# Assab 3833 is in the EZOC of 3932: 6 - 1 = 5 left, and no further
	onsea --unit sea-1 --reach --json
	assert_equal "$(json_get '.reach[] | select(.hex == "3833") | .left' <<<"$output")" 5
	assert_equal "$(json_get '[.reach[].hex] | index("3832")' <<<"$output")" null
	# Mogadishu 1019 is held by the enemy: no landing there
	assert_equal "$(json_get '[.reach[].hex] | index("1019")' <<<"$output")" null
	assert_equal "$(json_get '[.reach[].hex] | index("1118")' <<<"$output")" null
	onsea --unit sea-1 --to 3833 --json
	assert_equal "$(json_get '.path[0].stop' <<<"$output")" "it enters an enemy zone of control"
	# 6.4 A: only Italian units go to sea
	onsea --unit et-3 --reach
	assert_one_line_error 2
}

# More toto units on the rail map: al-4 (MA 1) in rough 0101; al-5
# (infantry, MA 4) and al-6 (allied cavalry, MA 6) in 2302, in the zone of
# control of the Ottoman unit in 2202.
@test "map: toto 9.4: a minimum move of one hex for all the MP" {
	# rough costs 2 and al-4 has 1: one hex, the whole MA, and no more
	onrail --unit al-4 --to 0102 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
	assert_equal "$(json_get '.path[0].rule' <<<"$output")" 9.4
	onrail --unit al-4 --reach --json
	assert_equal "$(json_get '[.reach[].left] | max' <<<"$output")" 0
}

@test "map: toto 11.5: disengaging costs 1 more MP, first into a hex free of EZOC" {
	# 2302 -> 2402: rough 2 + 1 = 3 MP of 4
	onrail --unit al-5 --to 2402 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 3
	assert_equal "$(json_get '.path[0].rule' <<<"$output")" 11.5
	# 2203 is in the EZOC too: not straight there, but out to 2303
	# (rough 2 + 1) and back along the railway as a road (1/2): 3 1/2
	onrail --unit al-5 --to 2203 --json
	assert_equal "$(json_get '.total' <<<"$output")" 3.5
	assert_equal "$(json_get '.path[0].hex' <<<"$output")" 2303
}

@test "map: toto 31.2: an infiltrating unit goes EZOC to EZOC for 2 more MP" {
	# 2302 -> 2301, both in the EZOC: rough 2 + 2 = 4 MP of 6 (around by
	# 2402 would be 2 + 1 disengaging, then 2: 5)
	onrail --unit al-6 --infiltration --to 2301 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 4
	assert_equal "$(json_get '.path[0].rule' <<<"$output")" 31.2
	# without rule 31 it must go round: 5 MP (11.5 lets it enter an
	# EZOC later in the move)
	onrail --unit al-6 --to 2301 --json
	assert_equal "$(json_get '.total' <<<"$output")" 5
	assert_equal "$(json_get '.path[0].hex' <<<"$output")" 2402
	# into a hex free of EZOC it disengages for 1 (11.5): 2 + 1 = 3
	onrail --unit al-6 --infiltration --to 2402 --json
	assert_equal "$(json_get '.total' <<<"$output")" 3
}

@test "map: toto 9.1: a forced march doubles the MA" {
	# 0103 -> 2403 costs 5 1/2 (see 9.9 above): too much for MA 4, not 8
	onrail --unit al-1 --to 2403
	assert_equal "$status" 1
	assert_line --partial "costs 5 1/2 MP, 1 1/2 more than the 4"
	onrail --unit al-1 --forced --to 2403 --json
	assert_success
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 8
	assert_equal "$(json_get '.total' <<<"$output")" 5.5
}

# loe's limits on zones of control and the units' markers on the teaching
# map (tests/fixtures/move/loe-zoc.json).
onzoc() {
	onloe loe-zoc.json "$@"
}

@test "map: loe 6.1.2: neutral territory is closed; the Kenya wedge is gone around" {
	# 3732, next to Assab, is neutral
	onzoc --unit n-1 --to 3732 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.1.2 A"
	# 1811 -> 1910 crosses the wedge: not in one step, but in two around it
	run --separate-stderr umpire -g loe move-cost --map teaching --situation teaching \
	    --unit it-askari --to 1910 --json
	assert_success
	assert_equal "$(json_get '.path | length' <<<"$output")" 2
}

@test "map: loe 5.2 A, 6.1.2 B: no zone of control reaches across the Kenya wedge" {
	# the teaching situation's it-askari in 1811, and an Ethiopian in
	# 1910; the wedge lies on the hexsides 1811/1910 and 1811/1911, so
	# neither 1910 nor 1911 is in the askari's zone and 1910 -> 1911 is one
	# step of clear, 1 MP.  Were the zone to reach across, 1910 -> 1911
	# would go EZOC to EZOC (5.3 B) and the way round by 2011 cost 2.
	jq '.units += [{ "id": "et-k", "side": "ethiopian", "type":
	    "ethiopian-irr", "strength": 3, "ma": 6, "hex": "1910" }]' \
	    "$TOP/rules/loe/situations/teaching.json" >"$BATS_TEST_TMPDIR/k.json"
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/k.json" --unit et-k --to 1911 --json
	assert_success
	assert_equal "$(json_get '[.path[].hex] | join(",")' <<<"$output")" 1911
	assert_equal "$(json_get '.total' <<<"$output")" 1
	assert_equal "$(json_get '.path[0].stop // "none"' <<<"$output")" none
	# nor does et-k's zone reach back into 1811: the askari is in no
	# EZOC there, so it may step into 1810 (next to 1910, in et-k's zone)
	# and stop; from an EZOC in 1811 that step would be refused (5.3 B)
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/k.json" --unit it-askari --to 1810 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
	assert_equal "$(json_get '.path[0].stop' <<<"$output")" \
	    "it enters an enemy zone of control"
}

@test "map: loe 5.2: no ZOC into or out of the fort at Massawa, nor into an entrenchment" {
	# f-et in 5131 is next to f-it in the fort 5232: neither is in the
	# other's ZOC, so f-et goes to 5231 without stopping...
	onzoc --unit f-et --to 5231 --json
	assert_success
	assert_equal "$(json_get '.path[0].stop // "none"' <<<"$output")" none
	# ...while f-it, leaving the fort, stops in 5231, in f-et's ZOC; had
	# 5232 been in an EZOC that step would be refused (5.3 B)
	onzoc --unit f-it --to 5231 --json
	assert_success
	assert_equal "$(json_get '.path[0].stop' <<<"$output")" "it enters an enemy zone of control"
	# e-it is entrenched in 3520 next to e-et: not in an EZOC, it may
	# step into 3421, in e-et's ZOC, and stop there
	onzoc --unit e-it --to 3421 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
}

@test "map: loe 9.4.2, 11.4.4: oos and dis markers halve the MA; disrupted units keep out of EZOC" {
	# oos-1: 7 -> 4 (half, rounded up)
	onzoc --unit o-it --reach --json
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 4
	assert_equal "$(json_get '.units[0].ma_rule' <<<"$output")" 9.4.2
	# dis: 6 -> 3, and 3421 (e-et's ZOC) is shut to it
	onzoc --unit d-it --to 3421 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 3
	assert_equal "$(json_get '.result.rule' <<<"$output")" 11.4.4
}

@test "map: loe 5.7: a friendly unit negates an EZOC for a retreat" {
	# r-it in 3623 retreats 1: 3522 is in e-et's ZOC; 3622 is too, but
	# g-it stands there.  Its neighbours 3523, 3622, 3624, 3722 and 3723
	# were all ends before 8.4.1's road rule; now 3722 alone is (the test
	# below), the other four left out by the road and not by a zone: 5.7
	# shows in 3622 being among them
	onzoc --unit r-it --retreat 1 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" 3722
	assert_equal "$(json_get '.road.ends_left_out' <<<"$output")" 4
}

@test "map: loe 8.4.1: toward the nearest road; where it is shut, toward the other" {
	# odd-q cube coordinates (x = col, z = row - (col - col%2)/2): 3623 is
	# (36, 5); the nearest road hexes, 3 away, are 3321 (33, 5: dx 3,
	# dz 0) on 3320/3321 and 3921 (39, 2: dx 3, dz 3) on 3921/4022.  Of
	# 3623's neighbours only 3522 (35, 5) is 2 from 3321 and only 3722
	# (37, 4) 2 from 3921; 3522 is in e-et's zone (8.4 B), so the retreat
	# of 1 must end in 3722
	onzoc --unit r-it --retreat 1 --json
	assert_equal "$(json_get '.road.distance' <<<"$output")" 3
	assert_equal "$(json_get '.routes[0].steps[0].road' <<<"$output")" toward
	assert_equal "$(json_get '.routes[0].steps[0].rule' <<<"$output")" "8.4.2 A"
	onzoc --unit r-it --retreat 1
	assert_line --regexp '^ +1 3722 +1 hex toward the nearest road +8\.4\.1$'
}

@test "map: loe 16.7: mountain infantry enters 2505, mountain, for 1 MP" {
	# an askari pays 2 (6.3.11's example); mountain infantry 1
	onzoc --unit m-it --to 2505 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
}

@test "map: loe 6.4: no way by land this phase, but by sea from the port" {
	# port-1 (askari, MA 6) in Massawa 5232; Assab's 3832 is far by land
	# but by sea: land at Assab 3833 (1), then 3832, clear (1): 2 MP of
	# the next phase's 6
	onloe loe-port.json --unit port-1 --to 3832 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.by_sea.port' <<<"$output")" 3833
	assert_equal "$(json_get '.by_sea.total' <<<"$output")" 2
	assert_equal "$(json_get '.result.rule' <<<"$output")" 6.4
	# an Ethiopian unit has no sea movement to offer (6.4 A)
	onloe loe-port.json --unit et-1 --to 3832 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.by_sea' <<<"$output")" null
}

@test "map: loe 6.4 C: a unit at sea is in the box, not in the port it is listed at" {
	# sea-2 is at sea, listed at Mogadishu 1019: et-2 in 1118 may enter
	# 1019 along the road (1 MP, 6.3.11 C), nothing holding it
	onloe loe-port.json --unit et-2 --to 1019 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
}

@test "map: a situation's number too big for any counter is refused by name, as data (exit 3)" {
	# 1e300 and 2.5 are numbers but not counts; the range is checked
	# before any conversion (under SANITIZE=1 a conversion of 1e300 to int
	# would stop the run)
	for v in 1e300 -1e300 2.5 10000; do
		sed "s/\"strength\": 6, \"ma\": 6, \"hex\": \"3925\"/\"strength\": $v, \"ma\": 6, \"hex\": \"3925\"/" \
		    "$FIXTURES/move/loe.json" >"$BATS_TEST_TMPDIR/s.json"
		run --separate-stderr umpire -g loe move-cost --map teaching \
		    --situation "$BATS_TEST_TMPDIR/s.json" --unit it-2 --to 2505
		assert_one_line_error 3
		assert_equal "$stderr" "umpire move-cost: $BATS_TEST_TMPDIR/s.json: units[0].strength: expected a whole number from 0 to 9999"
	done
}

@test "map: loe 6.4 A: no way by sea once the turn's sea lift is used" {
	# port-1, a division, in Massawa: with a smaller unit already at sea
	# (1 + 3 = 4 > 3) it may not embark, and says so
	onloe loe-port.json --unit port-1 --to 3832 --sea-moved 1 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.by_sea' <<<"$output")" null
	assert_equal "$(json_get '.result.rule' <<<"$output")" "6.4 A"
	[[ "$(json_get '.result.text' <<<"$output")" == *"; not by sea: sea lift used: 1 of 3 thirds; a division takes 3" ]]
	# port-3 carries the non-div marker: 2 + 1 = 3, so it still goes by
	# sea: land at Assab 3833 (1 MP), then 3832 (1): 2 MP
	onloe loe-port.json --unit port-3 --to 3832 --sea-moved 2 --json
	assert_equal "$(json_get '.by_sea.total' <<<"$output")" 2
	assert_equal "$(json_get '.result.rule' <<<"$output")" 6.4
}

# A 9 by 9 loe map of clear hexes with a road down column 07, 0703 to
# 0707 (tests/fixtures/move/loe-road.json).  Odd-q: an odd column's
# neighbours in the next columns are rows r and r + 1, an even column's
# rows r - 1 and r.  a stands in 0505; its neighbours are 0504, 0506,
# 0405, 0406, 0605 and 0606.
onroad() {
	onfixture loe-road.json "loe-road-$1.json" "${@:2}"
}

@test "map: loe 8.4.1: toward the nearest road, then along it; roads equally near are the player's choice" {
	# the road hexes nearest 0505 are 2 away: 0605 touches 0704 and 0705,
	# 0606 touches 0705 and 0706, and no other neighbour of 0505 is 1
	# from the road.  A retreat of 2: 0605 or 0606, then one of the three
	# road hexes it touches: ends 0704, 0705, 0706
	onroad units --unit a --retreat 2 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "0704,0705,0706"
	assert_equal "$(json_get '.road.distance' <<<"$output")" 2
	# a retreat of 4 goes on along the road for steps 3 and 4: from 0704
	# to 0705 then 0706, or to 0703 and no further (0703's only road side
	# is back to 0704); from 0705 to 0704 then 0703, or to 0706 then
	# 0707; from 0706 to 0705 then 0704.  Ends 0703, 0704, 0706, 0707:
	# two of them only 2 hexes from 0505, a retreat that enters no hex
	# twice but turns (8.4.1 asks no more)
	onroad units --unit a --retreat 4 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "0703,0704,0706,0707"
	assert_equal "$(json_get '[.routes[] | select(.end == "0707") | .steps[].road] | join(",")' \
	    <<<"$output")" "toward,toward,along,along"
	assert_equal "$(json_get '.road.steps_kept' <<<"$output")" 4
}

@test "map: loe 8.4.1: a road hex in an enemy zone is shut, so the retreat takes the other" {
	# x in 0805 (even: 0804, 0806, 0704, 0705, 0904, 0905) shuts 0704 and
	# 0705 (8.4 B); 0605 leads only to those, 0606 also to 0706: one end
	onroad shut --unit a --retreat 2 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" 0706
	assert_equal "$(json_get '[.routes[0].steps[].hex] | join(",")' <<<"$output")" "0606,0706"
}

@test "map: loe 8.4.1: when no way leads toward the road, any way stands" {
	# z in 0705 (odd: 0704, 0706, 0605, 0606, 0805, 0806): both ways toward
	# the road, 0605 and 0606, are in its zone.  Any way of 2 that keeps
	# out of the zone: by 0504 to 0503, 0404, 0405, 0604; by 0506 to 0507,
	# 0406, 0407, 0607; by 0405 to 0304, 0305 (and 0404, 0406, 0504); by
	# 0406 to 0306 (and 0305, 0405, 0407, 0506): 13 ends
	onroad cut --unit a --retreat 2 --json
	assert_success
	assert_equal "$(json_get '.ends | length' <<<"$output")" 13
	assert_equal "$(json_get '.road.steps_kept' <<<"$output")" 0
	assert_equal "$(json_get '[.ends[].hex] | index("0506") != null' <<<"$output")" true
	assert_equal "$(json_get '.road.text' <<<"$output")" \
	    "the nearest road is 2 hexes away, and no route can go toward it: any way stands"
}

@test "map: loe 8.4.1: on the road, along it as far as it goes, then any way" {
	# c in 0705, on the road: along to 0704 then 0703, or to 0706 then
	# 0707, where the road ends; the third hex is free: from 0703 to 0702,
	# 0603, 0604, 0803, 0804, from 0707 to 0708, 0607, 0608, 0807, 0808
	onroad units --unit c --retreat 3 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" \
	    "0603,0604,0607,0608,0702,0708,0803,0804,0807,0808"
	assert_equal "$(json_get '.road.steps_kept' <<<"$output")" 2
	assert_equal "$(json_get '.road.text' <<<"$output")" \
	    "the unit stands on a road; no route keeps to it for all 3 hexes, those keeping to it for 2 stand"
}

@test "map: loe 8.4.1 --farther: every step one hex farther out, the road kept as long as it goes so" {
	# cube coordinates (x = col, z = row - (col - col%2)/2): 0505 is
	# (5, 3).  Steps 1 and 2 as without --farther: 0605 or 0606, then
	# 0704 (7, 1), 0705 (7, 2) or 0706 (7, 3), all 2 out.  Along the road
	# 3 out: 0703 (7, 0) from 0704, 0707 (7, 4) from 0706; 0705's road
	# neighbours are 2 out.  0703 and 0707 end the road: step 4 is free,
	# 4 out: from 0703 0702 (7, -1) or 0803 (8, -1); from 0707 0708
	# (7, 5) or 0808 (8, 4)
	onroad units --unit a --retreat 4 --farther --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "0702,0708,0803,0808"
	assert_equal "$(json_get '.road.steps_kept' <<<"$output")" 3
	# without a map or a retreat it means nothing
	mc -g loe --unit italian-inf --retreat 1 --farther clear
	assert_one_line_error 2
	onroad units --unit a --to 0605 --farther
	assert_one_line_error 2
}

@test "map: loe 6.3.10 A: the lake across two sides of 3308 is crossed as a river" {
	# 3208 -> 3308 -> 3408 would cross from one shore to the other (2 MP):
	# only a unit that began the phase in 3308 may; round by 3209, 3309
	# and 3409 it is 4 clear hexes
	cat >"$BATS_TEST_TMPDIR/lake.json" <<-'EOF'
	{ "game": "loe", "map": "teaching", "units": [
	  { "id": "et", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "ma": 4, "hex": "3208" } ] }
	EOF
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/lake.json" --unit et --to 3408 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 4
	assert_equal "$(json_get '[.path[].hex] | join(" ")' <<<"$output")" \
	    "3209 3309 3409 3408"
}

@test "map: loe 8.1.1's note: a zone reaches into a massif only from a unit that could enter it (6.3.4 B)" {
	# et in 4920 steps into the massif 5020, next to an Italian unit in 5119
	for spec in "motorized 8 null" "italian-inf 6 null" "italian-inf 8 zone"; do
		read -r type ma want <<<"$spec"
		cat >"$BATS_TEST_TMPDIR/m.json" <<-EOF
		{ "game": "loe", "map": "teaching", "units": [
		  { "id": "et", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "ma": 20, "hex": "4920" },
		  { "id": "it", "side": "italian", "type": "$type", "strength": 3, "ma": $ma, "hex": "5119" } ] }
		EOF
		run --separate-stderr umpire -g loe move-cost --map teaching \
		    --situation "$BATS_TEST_TMPDIR/m.json" --unit et --to 5020 --json
		assert_success
		assert_equal "$(json_get '.path[0].terrain' <<<"$output")" massif
		if [ "$want" = zone ]; then
			assert_equal "$(json_get '.path[0].stop' <<<"$output")" \
			    "it enters an enemy zone of control"
		else
			assert_equal "$(json_get '.path[0].stop' <<<"$output")" null
		fi
	done
}

@test "bad input: a loe retreat is 1 to 4 hexes (8.4 A)" {
	onroad units --unit a --retreat 5
	assert_one_line_error 2
	[[ "$stderr" == *"(8.4 A): '5'"* ]]
	mc -g loe --unit italian-inf --retreat 5 clear clear clear clear clear
	assert_one_line_error 2
}

@test "bad input: a loe advance is 1 to 3 hexes (8.5 A), a Graziani gruppo in supply's 4 (16.1.1 A)" {
	mc -g loe --unit italian-inf --advance 4 clear clear clear clear
	assert_one_line_error 2
	[[ "$stderr" == *"(8.5 A): '4'"* ]]
	onroad units --unit a --advance 4
	assert_one_line_error 2
	# 3, the most the CRT gives, stands
	mc -g loe --unit italian-inf --advance 3 clear clear clear --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 3
	# the gruppo's one more hex goes on top of the CRT's 3
	mc -g loe --unit graziani --supplied --advance 3 clear clear clear clear --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 4
}

@test "map: loe 8.4.2 A, 7.2.1: a retreat may not end where its stack would pass three divisions" {
	# loe-stack.json: x (a division) and y (non-div, a third) in 2504;
	# without them the retreat of 2 ends in 2406 2505 2604 2605 2703.
	# 2505 holds three divisions: 9 thirds, so x makes 12 and y 10, over
	# 9.  2605 holds two divisions, an HQ and a non-div unit: 6 + 1 + 1 =
	# 8, so x makes 11 (over) and y 9 (the limit, allowed, 7.2.1 A, B)
	onloe loe-stack.json --unit x --retreat 2 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "2406,2604,2703"
	assert_equal "$(json_get '.ends_overstacked' <<<"$output")" 2
	onloe loe-stack.json --unit y --retreat 2 --json
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "2406,2604,2605,2703"
	# the two together: 8 + 3 + 1 = 12 in 2605, over
	onloe loe-stack.json --unit x --unit y --retreat 2 --json
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "2406,2604,2703"
	# 7.1 A: a move may end overstacked (another unit may yet leave);
	# the Movement Phase's end may not: the check counts 12 thirds
	onloe loe-stack.json --unit x --to 2505 --json
	assert_success
	landed "$FIXTURES/move/loe-stack.json" x 2505
	assert_equal "$(found)" "7.2.1 A"
	assert_equal "$(json_get '.hexes[0].findings[0].text | test("12 thirds")' <<<"$output")" true
}

@test "map: loe 7.2.1 C: one corps HQ and one army HQ a hex" {
	# loe-stack.json with b3, the HQ in 2605, marked a corps HQ, and two
	# more HQs in 2604: h1 a corps HQ, h2 an army HQ.  2605 holds 6 + 1
	# + 1 = 8 thirds, so one more HQ (a third) makes 9, within 7.2.1 A.
	jq '.units |= map(if .id == "b3" then .markers = ["corps-hq"] else . end) |
	    .units += [{id: "h1", side: "italian", type: "italian-hq",
	    strength: 1, ma: 6, hex: "2604", markers: ["corps-hq"]},
	    {id: "h2", side: "italian", type: "italian-hq", strength: 1,
	    ma: 6, hex: "2604", markers: ["army-hq"]}]' \
	    "$FIXTURES/move/loe-stack.json" >"$BATS_TEST_TMPDIR/hq.json"
	hq() {
		run --separate-stderr umpire -g loe move-cost --map teaching \
		    --situation "$BATS_TEST_TMPDIR/hq.json" "$@" --json
	}
	# a second corps HQ may end a move in 2605, not the phase ...
	hq --unit h1 --to 2605
	assert_success
	landed "$BATS_TEST_TMPDIR/hq.json" h1 2605
	assert_equal "$(found)" "7.2.1 C"
	assert_equal "$(json_get '.hexes[0].findings[0].text' <<<"$output")" "2 corps HQs, one a hex at most"
	# ... an army HQ may: one of each
	landed "$BATS_TEST_TMPDIR/hq.json" h2 2605
	assert_equal "$(json_get .result.code <<<"$output")" ok
	# both: 8 + 2 = 10 thirds, over the count (7.2.1 A), and two corps HQs
	landed "$BATS_TEST_TMPDIR/hq.json" h1,h2 2605
	assert_equal "$(found)" "7.2.1 A,7.2.1 C"
	# a retreat of h1 may not end there (8.4.2 A): 2505 is kept out by
	# the count (9 + 1 = 10 thirds), 2605 by the HQ
	hq --unit h1 --retreat 1
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | index("2605")' <<<"$output")" null
	# an HQ the situation does not mark is not checked: b3 unmarked
	jq '.units |= map(if .id == "b3" then del(.markers) else . end)' \
	    "$BATS_TEST_TMPDIR/hq.json" >"$BATS_TEST_TMPDIR/hq2.json"
	landed "$BATS_TEST_TMPDIR/hq2.json" h1 2605
	assert_equal "$(json_get .result.code <<<"$output")" ok
}

@test "map: loe 8.4.2 B, 8.4.3: every end full: a stack splits up, a lone unit is eliminated" {
	# three more divisions in each of 2406, 2604 and 2703: every end of
	# the retreat of 2 is full for x (9 + 3 = 12)
	jq '.units += [range(3) as $i | ("2406", "2604", "2703") |
	    {id: "f\(.)-\($i)", side: "italian", type: "italian-inf",
	    strength: 6, ma: 6, hex: .}]' "$FIXTURES/move/loe-stack.json" \
	    >"$BATS_TEST_TMPDIR/full.json"
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/full.json" --unit x --retreat 2 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" eliminated
	# y alone still fits 2605 (8 + 1 = 9); x and y together fit nowhere
	# whole, so they split up in the last hex and every end is shown
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/full.json" --unit x --unit y --retreat 2 --json
	assert_success
	assert_equal "$(json_get '.stack_splits' <<<"$output")" true
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "2406,2505,2604,2605,2703"
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/full.json" --unit x --unit y --retreat 2
	assert_output --partial "no end holds the whole stack: it splits up in its last hex"
}

@test "map: loe 7.2.2: four Ethiopian units a hex, HQs, engineers and the Tesfazien Askaris not counted" {
	# e in 3520 moves to 3521; there stand three irregulars, an HQ, an
	# engineer and a unit marked tesfazien: 3 counted + e = 4, allowed
	jq '.units += [(range(3) | {id: "i\(.)", type: "ethiopian-irr"}),
	    {id: "h", type: "ethiopian-hq"}, {id: "g", type: "engineer"},
	    {id: "t", type: "ethiopian-reg", markers: ["tesfazien"]}] |
	    .units |= map(if .hex then . else . + {side: "ethiopian",
	    strength: 1, ma: 6, hex: "3521"} end)' \
	    "$FIXTURES/move/loe-stack.json" >"$BATS_TEST_TMPDIR/eth.json"
	landed "$BATS_TEST_TMPDIR/eth.json" e 3521
	assert_equal "$(json_get .result.code <<<"$output")" ok
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 4
	# a fourth irregular there makes 5: over at the phase's end
	jq '.units += [{id: "i3", side: "ethiopian", type: "ethiopian-irr",
	    strength: 1, ma: 6, hex: "3521"}]' "$BATS_TEST_TMPDIR/eth.json" \
	    >"$BATS_TEST_TMPDIR/eth5.json"
	landed "$BATS_TEST_TMPDIR/eth5.json" e 3521
	assert_equal "$(found)" "7.2.2 A"
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 5
}

# An Ethiopian situation on the teaching map: loe-stack.json's e (an
# irregular, MA 6) in 3520, and the units given as jq objects standing in
# 3521 (next to 3520, mountain: 2 MP), each made Ethiopian with strength 1, MA 6.
ethiopians() {
	jq ".units += ([$1] | map({side: \"ethiopian\", strength: 1, ma: 6,
	    hex: \"3521\"} + .))" \
	    "$FIXTURES/move/loe-stack.json" >"$BATS_TEST_TMPDIR/eth.json"
}

oneth() {
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/eth.json" "$@"
}

@test "map: loe 7.2.2 B, 13.2 A: Selassie counts for nothing in a stack, moving or standing" {
	# four irregulars in 3521 fill it (7.2.2 A: four units); Selassie,
	# an HQ (13.2 A: set apart from the other HQs only by what it lists),
	# has no stacking value (7.2.2 B, 13.1.1 B): he may join them, 4 + 0
	ethiopians '{id: "i0", type: "ethiopian-irr"}, {id: "i1", type:
	    "ethiopian-irr"}, {id: "i2", type: "ethiopian-irr"}, {id: "i3",
	    type: "ethiopian-irr"}, {id: "s", type: "selassie", hex: "3520"}'
	oneth --unit s --to 3521 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	# and standing there with three irregulars, he leaves room for e:
	# 3 + 0 + 1 = 4
	ethiopians '{id: "i0", type: "ethiopian-irr"}, {id: "i1", type:
	    "ethiopian-irr"}, {id: "i2", type: "ethiopian-irr"}, {id: "s",
	    type: "selassie"}'
	landed "$BATS_TEST_TMPDIR/eth.json" e 3521
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 4
	# a fourth irregular instead of him: 5, over (7.2.2 A)
	ethiopians '{id: "i0", type: "ethiopian-irr"}, {id: "i1", type:
	    "ethiopian-irr"}, {id: "i2", type: "ethiopian-irr"}, {id: "i3",
	    type: "ethiopian-irr"}'
	landed "$BATS_TEST_TMPDIR/eth.json" e 3521
	assert_equal "$(found)" "7.2.2 A"
}

@test "map: loe 7.2.2 B: a moving Tesfazien unit counts for nothing either" {
	# t, marked tesfazien, moves from 3520 into 3521 where four
	# irregulars stand: 4 + 0, allowed; an unmarked unit would make 5
	ethiopians '{id: "i0", type: "ethiopian-irr"}, {id: "i1", type:
	    "ethiopian-irr"}, {id: "i2", type: "ethiopian-irr"}, {id: "i3",
	    type: "ethiopian-irr"}, {id: "t", type: "ethiopian-reg", hex:
	    "3520", markers: ["tesfazien"]}'
	landed "$BATS_TEST_TMPDIR/eth.json" t 3521
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 4
	landed "$BATS_TEST_TMPDIR/eth.json" e 3521
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 5
}

@test "map: loe 13.1.3 A: units of two Ethiopian armies may not stack" {
	# k2, of Ras Kassa's army (army-2), moves from 3520 to 3521, where a
	# unit of Ras Imru's (army-3) stands: refused, 1 + 1 units well
	# under the count
	ethiopians '{id: "k", type: "ethiopian-irr", markers: ["army-3"]},
	    {id: "k2", type: "ethiopian-irr", hex: "3520", markers: ["army-2"]},
	    {id: "k3", type: "ethiopian-irr", hex: "3520", markers: ["army-3"]},
	    {id: "g", type: "guard", hex: "3520", markers: ["army-1"]}'
	landed "$BATS_TEST_TMPDIR/eth.json" k2 3521
	assert_equal "$(found)" "13.1.3 A"
	assert_equal "$(json_get '.hexes[0].findings[0].text | test("army-3")' <<<"$output")" true
	# it may pass through, ending beyond in 3522 (3520 -> 3521 -> 3522,
	# mountain 2 + 2 = 4 MP; 3522 is next to 3521, not to 3520, and the
	# ways round by 3421 3422 or 3621 3622 cost 6)
	oneth --unit k2 --to 3522 --json
	assert_success
	assert_equal "$(json_get '[.path[].hex] | join(",")' <<<"$output")" 3521,3522
	assert_equal "$(json_get '.total' <<<"$output")" 4
	# a unit of the same army joins it, and the Imperial Guard stacks
	# with any army (13.3.1 B)
	oneth --unit k3 --to 3521 --json
	assert_success
	oneth --unit g --to 3521 --json
	assert_success
}

@test "map: loe 13.1.3 B: a retreat with no end but beside another army's units ends there" {
	# on loe-road.json, r (army-2) in the corner 0101 retreats 1: its
	# hexes are 0102, 0201, 0202, and 8.4.1 keeps 0201 and 0202 (5 from
	# the road in column 07; 0102 is 6).  With army-3 units in 0201 and
	# 0202 no end keeps 13.1.3 A, so the retreat ends there all the same
	# (13.1.3 B), rather than r being eliminated (8.4.3)
	cat >"$BATS_TEST_TMPDIR/army.json" <<-'EOF'
	{ "game": "loe", "units": [
	 { "id": "r", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3,
	   "ma": 6, "hex": "0101", "markers": ["army-2"] },
	 { "id": "b", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3,
	   "ma": 6, "hex": "0201", "markers": ["army-3"] },
	 { "id": "c", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3,
	   "ma": 6, "hex": "0202", "markers": ["army-3"] } ] }
	EOF
	run --separate-stderr umpire move-cost --map "$FIXTURES/move/loe-road.json" \
	    --situation "$BATS_TEST_TMPDIR/army.json" --unit r --retreat 1 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "0201,0202"
	assert_equal "$(json_get '.last_resort' <<<"$output")" "13.1.3 B"
	# with 0202 empty, it must go there (13.1.3 A): one end
	jq '.units |= map(select(.id != "c"))' "$BATS_TEST_TMPDIR/army.json" \
	    >"$BATS_TEST_TMPDIR/army1.json"
	run --separate-stderr umpire move-cost --map "$FIXTURES/move/loe-road.json" \
	    --situation "$BATS_TEST_TMPDIR/army1.json" --unit r --retreat 1 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "0202"
	assert_equal "$(json_get '.last_resort // "none"' <<<"$output")" none
}

@test "loe 14.3.1: Dejamatch Gugsa never moves, and a forced retreat eliminates him" {
	# the teaching situation: Gugsa in Adigrat 4828, 4728 next to it by road
	onmap() {
		run --separate-stderr umpire -g loe move-cost --map teaching --situation teaching "$@"
	}
	onmap --unit gugsa --to 4728 --json
	assert_failure 1
	assert_output --partial "14.3.1 A"
	onmap --unit gugsa --retreat 1 --json
	assert_failure 1
	assert_equal "$(json_get .result.code <<<"$output")" eliminated
	assert_output --partial "14.3.1 D"
}

@test "map: loe 8.3.6 B, E: an engaged unit may not move in the movement phase" {
	# the teaching situation with it-inf-a (2504) marked engaged: 2505,
	# 2 MP of its 6, is refused with the rule, exit 1, and it reaches
	# nothing; unmarked it goes there for 2 MP (6.3.11's example)
	jq '.units |= map(if .id == "it-inf-a" then .markers = ["engaged"] else . end |
	    if .id == "eth-irr-a" then .type = "selassie" | .markers = ["engaged"]
	    else . end)' "$TOP/rules/loe/situations/teaching.json" \
	    >"$BATS_TEST_TMPDIR/eng.json"
	eng() {
		run --separate-stderr umpire -g loe move-cost --map teaching \
		    --situation "$BATS_TEST_TMPDIR/eng.json" "$@"
	}
	eng --unit it-inf-a --to 2505 --json
	assert_failure 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" "8.3.6 B, E"
	assert_equal "$(json_get '.units[0].note_rule' <<<"$output")" "8.3.6 B, E"
	eng --unit it-inf-a --reach --json
	assert_failure 1
	assert_equal "$(json_get '.reach | length' <<<"$output")" 0
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation teaching --unit it-inf-a --to 2505 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	# a retreat is the Combat Phase's: 2504's ends stand
	eng --unit it-inf-a --retreat 1 --json
	assert_success
	# 13.2 A: Selassie (here in 3925) is immune to engagement; 4025 is
	# clear, 1 MP
	eng --unit eth-irr-a --to 4025 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
}

@test "loe: a unit with no MA in its situation gets no unlimited path" {
	printf '%s\n' '{ "game": "loe", "map": "teaching", "units": [' \
	    '{ "id": "x", "side": "italian", "type": "italian-inf", "strength": 8, "hex": "4928" } ] }' \
	    >"$BATS_TEST_TMPDIR/noma.json"
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/noma.json" --unit x --to 4929
	assert_one_line_error 2
	[[ "$stderr" == *'no movement allowance'* ]] || fail "$stderr"
	# --ma gives it one
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/noma.json" --unit x --ma 6 --to 4929
	assert_success
}

@test "a situation names its game and map: no -g, no --map" {
	# a file: its game and map members (the toto teaching situation)
	run --separate-stderr umpire move-cost --situation "$TOP/rules/toto/situations/teaching.json" \
	    --unit br-inf-a --reach --json
	assert_success
	assert_equal "$(json_get .game <<<"$output")" toto
	# a shipped name one game alone has: isandhlwana is sotq's
	run --separate-stderr umpire move-cost --situation isandhlwana --unit f-1-24 --reach --json
	assert_success
	assert_equal "$(json_get .game <<<"$output")" sotq
	# with -g, the game's own situation of that name gives the map
	run --separate-stderr umpire -g loe move-cost --situation teaching --unit it-inf-a --to 2505
	assert_success
	assert_output --partial "2505 reached for 2 MP"
	# teaching is both loe's and toto's: which one is asked
	run --separate-stderr umpire move-cost --situation teaching --unit it-inf-a --to 2505
	assert_one_line_error 2
	[[ "$stderr" == *"more than one game (loe, toto)"* ]] || fail "$stderr"
}
