#!/usr/bin/env bats
# move-cost on a map for Soldiers of the Queen: withdrawals, routs and the
# advance after melee (8.D, 10.G, 12.C, 12.F, 13.E), zones of control by
# facing (7.A, 8.A, 8.B), changes of formation in a map move (6.D, 6.E),
# and --unit completion by battle.
#
# The map is tests/fixtures/move/sotq-square.json: 7 by 7 clear hexes,
# even-q (an even column's neighbours in the next columns are rows r and
# r + 1, an odd column's rows r - 1 and r), a crest between 0404 and 0403.
# So 0404's neighbours are 0403 (behind the crest), 0405, 0304, 0305, 0504
# and 0505.  Every distance below is counted by hand on that rule.

load helpers
load sotq

onsq() { on_square move-cost "$@"; }

ends() {
	json_get '[.ends[].hex] | join(",")' <<<"$output"
}

@test "10.G, 8.D: a withdrawal goes 1 hex away from the fire, never into a zone" {
	# a Zulu in 0204, no facing marker: its zone is all six neighbours,
	# 0203 0205 0104 0105 0304 0305.  From 0404 (2 from 0204): 0304 and
	# 0305 lie 1 from 0204 and in the zone; 0405 lies 2 (not farther);
	# 0403 is behind the crest; 0504 and 0505 lie 3, one farther: the ends.
	sit s "$(u foot british regular-foot 0404)" "$(u z zulu zulu-inf 0204)"
	onsq s --unit foot --retreat 1 --away 0204 --json
	assert_success
	assert_equal "$(ends)" "0504,0505"
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 1
	assert_equal "$(json_get '.inputs.away[0]' <<<"$output")" 0204
	assert_equal "$stderr" ""
}

@test "10.G: --away twice: each step goes farther from both hexes" {
	# axial on even-q: r = row - ceil(col / 2); distance (|dq| + |dr| +
	# |dq + dr|) / 2.  0404 = (4,2), 0401 = (4,-1): 3 apart.  Of the
	# ends away from 0204 (0504 and 0505, above), 0504 = (5,1) lies
	# (1 + 2 + 3) / 2 = 3 from 0401, no farther; 0505 = (5,2) lies
	# (1 + 3 + 4) / 2 = 4: the one end
	sit s "$(u foot british regular-foot 0404)" "$(u z zulu zulu-inf 0204)"
	onsq s --unit foot --retreat 1 --away 0204 --away 0401 --json
	assert_success
	assert_equal "$(ends)" "0505"
	assert_equal "$(json_get '.inputs.away | join(",")' <<<"$output")" "0204,0401"
}

@test "10.G: a rout of 3 hexes away from the fire ends 3 hexes on, 5 from the firer" {
	# every step one farther from 0204: 2, 3, 4, 5.  A hex 3 from 0404
	# and 5 from 0204 is in column 07 (5 columns from 02); from 0404,
	# three steps east reach column 07 rows 03 to 06 (rows widen by one
	# a column: 04-05, 03-05, 03-06).  0204 reaches all of column 07's
	# rows 02-07 in five steps, so 0703 0704 0705 0706 are the ends.
	sit s "$(u foot british regular-foot 0404)" "$(u z zulu zulu-inf 0204)"
	onsq s --unit foot --retreat 3 --away 0204 --json
	assert_success
	assert_equal "$(ends)" "0703,0704,0705,0706"
	assert_equal "$(json_get '.units[0].ma_rule' <<<"$output")" "10.G, 13.E"
}

@test "10.G, 14: a rout the map's edge cuts short leaves the map" {
	# from 0604 (2 from 0404) the hexes farther from 0404 are 0704 and
	# 0705 (3); from either, every hex farther lies in column 08, off
	# the map: the rout leaves the map there, one hex into it
	sit s "$(u foot british regular-foot 0604)" "$(u z zulu zulu-inf 0404)"
	onsq s --unit foot --retreat 3 --away 0404 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" off-map
	assert_equal "$(json_get '.result.rule' <<<"$output")" "10.G, 14"
	assert_equal "$(json_get '[.leaves_from[].hex] | join(",")' <<<"$output")" "0704,0705"
	# 13.E: a run toward 0704, 1 hex away on the east edge, reaches it
	# and runs on off the map
	onsq s --unit foot --retreat 3 --toward 0704 --json
	assert_equal "$(json_get '.result.code' <<<"$output")" off-map
	assert_equal "$(json_get '[.leaves_from[].hex] | join(",")' <<<"$output")" 0704
}

@test "10.G, 8.D: with every way shut the unit is eliminated; a friend does not negate" {
	# zones: 0204 covers 0304 0305; 0604 (even) covers 0504 0505; 0406
	# covers 0405; 0403 is behind the crest.  A British unit in 0405
	# does not negate the zone there for a withdrawal (8.D).
	sit s "$(u foot british regular-foot 0404)" "$(u z1 zulu zulu-inf 0204)" \
	    "$(u z2 zulu zulu-inf 0604)" "$(u z3 zulu zulu-inf 0406)" \
	    "$(u nnc british colonial-inf 0405)"
	onsq s --unit foot --retreat 1 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" eliminated
	assert_equal "$(json_get '.result.rule' <<<"$output")" "10.G, 8.D"
	# without the direction the game notes what it did not check
	assert_equal "$(json_get '.units[0].note_rule' <<<"$output")" "10.G, 12.C"
}

@test "7.A, 8.A: a zone reaches the three frontal hexes only; pinned units have none" {
	# z3 in 0406 faces south (facing-s): its frontal hexsides are SE, S
	# and SW, so 0405 (north of it) is free; the rest as above
	sit s "$(u foot british regular-foot 0404)" "$(u z1 zulu zulu-inf 0204)" \
	    "$(u z2 zulu zulu-inf 0604)" "$(u z3 zulu zulu-inf 0406 facing-s)"
	onsq s --unit foot --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0405"
	# a pinned z2 exerts no zone (8.A): 0504 and 0505 open as well
	sit p "$(u foot british regular-foot 0404)" "$(u z1 zulu zulu-inf 0204)" \
	    "$(u z2 zulu zulu-inf 0604 pinned)" "$(u z3 zulu zulu-inf 0406 facing-s)"
	onsq p --unit foot --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0405,0504,0505"
}

@test "8.A: leaders and the wagon have no zone; mounted horse reach all six" {
	# a Zulu leader in 0204 shuts nothing: 0304 0305 0405 0504 0505 open
	sit l "$(u foot british regular-foot 0404)" "$(u ind zulu zulu-leader 0204)"
	onsq l --unit foot --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0405,0504,0505"
	sit s "$(u z zulu zulu-inf 0404)" "$(u wagon british supply-wagon 0204)" \
	    "$(u rnc british horse 0604 mounted facing-n)"
	# the wagon shuts nothing; the mounted horse in 0604 faces north but
	# reaches all six (7.A): 0504 and 0505 are shut
	onsq s --unit z --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0405"
}

@test "6.C: routed or pinned Zulus bar other Zulus' hexes, retreats too" {
	sit s "$(u z zulu zulu-inf 0404)" "$(u z2 zulu zulu-inf 0405 routed)"
	onsq s --unit z --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0504,0505"
	# at Isandhlwana a routed British unit bars no British move (6.C is
	# the Zulus' there)
	sit b "$(u a british regular-foot 0404)" "$(u b british regular-foot 0405 routed)"
	onsq b --unit a --retreat 1 --json
	assert_equal "$(ends)" "0304,0305,0405,0504,0505"
}

@test "13.E: a rout in the Rally Phase runs toward its goal; a nearer goal ends it" {
	# 0704 is 3 from 0404 (0504, 0604, 0704): only it is 3 steps nearer
	sit s "$(u foot british regular-foot 0404)"
	onsq s --unit foot --retreat 3 --toward 0704 --json
	assert_success
	assert_equal "$(ends)" "0704"
	# without --toward the answer names the goal 13.E gives
	onsq s --unit foot --retreat 3 --json
	assert_success
	assert_equal "$(json_get '.units[0].note | test("toward 1934")' <<<"$output")" true
	# 0604 is 2 away: the run stops there
	onsq s --unit foot --retreat 3 --toward 0604 --json
	assert_success
	assert_equal "$(ends)" "0604"
	# 0401 is 3 north, but the only hex nearer it, 0403, is behind the
	# crest (0304 and 0504 lie 3 from 0401, as 0404 does)
	onsq s --unit foot --retreat 3 --toward 0401 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" eliminated
}

@test "12.F: the advance after melee is one hex into the defender's, zones ignored" {
	# the Zulu in 0204 takes 0304, which the British unit in 0404 holds
	# in its zone (no facing: all six)
	sit s "$(u z zulu zulu-inf 0204)" "$(u foot british regular-foot 0404)"
	onsq s --unit z --advance 1 --via 0304 --json
	assert_success
	assert_equal "$(json_get '[.reach[].hex] | join(",")' <<<"$output")" 0304
	onsq s --unit z --advance 2 --via 0304
	assert_one_line_error 2
	# up to two attacking units advance (12.F); a leader has no melee
	# strength, so never attacks and never advances (12.A)
	sit t "$(u a-1 zulu zulu-inf 0404)" "$(u a-2 zulu zulu-inf 0404)" \
	    "$(u b-1 zulu zulu-inf 0404)" "$(u ind zulu zulu-leader 0404)"
	onsq t --unit a-1 --unit a-2 --advance 1 --via 0504 --json
	assert_success
	assert_equal "$(json_get '[.reach[].hex] | join(",")' <<<"$output")" 0504
	onsq t --unit a-1 --unit a-2 --unit b-1 --advance 1 --via 0504
	assert_one_line_error 2
	[[ $stderr == *"(12.F): '3'" ]] || fail "$stderr"
	onsq t --unit ind --advance 1 --via 0504
	assert_one_line_error 2
	sit g "$(u gun british artillery 0404 limbered)" "$(u z zulu zulu-inf 0206)"
	onsq g --unit gun --advance 1 --via 0405 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 12.F
}

@test "6.D: a mounted unit that dismounts moves on with what is left" {
	# Isandhlwana horse, mounted: MA 6; dismounting costs 3; 3 MP left,
	# so 0704 (3 clear hexes east, 1 MP each) is reached with 0 left
	sit s "$(u rnc british horse 0404 mounted)"
	onsq s --unit rnc --change dismount --to 0704 --json
	assert_success
	assert_equal "$(json_get '.change.cost' <<<"$output")" 3
	assert_equal "$(json_get '.change.left' <<<"$output")" 3
	assert_equal "$(json_get '.total' <<<"$output")" 3
	# mounting ends the move: no hex is within reach
	sit d "$(u rnc british horse 0404)"
	onsq d --unit rnc --change mount --reach --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.change.rule' <<<"$output")" 6.D
}

@test "6.E: a gun keeps 4 MP back to unlimber at the end; limbering first costs 4" {
	# limbered gun, MA 6: 6 - 4 = 2 MP for the move, so 0604 (2) but
	# not 0704 (3)
	# (the marker limbered sets the formation)
	sit s "$(u gun british artillery 0404 limbered)"
	onsq s --unit gun --change-after unlimber --to 0604 --json
	assert_success
	assert_equal "$(json_get '.change.left' <<<"$output")" 2
	onsq s --unit gun --change-after unlimber --to 0704
	assert_equal "$status" 1
	assert_line --partial "costs 3 MP, 1 more than the 2 there is"
	# no marker: an Isandhlwana gun is unlimbered (6.E) and cannot move;
	# limbering first costs 4 of 6, 2 left
	sit n "$(u gun british artillery 0404)"
	onsq n --unit gun --to 0604
	assert_equal "$status" 1
	onsq n --unit gun --change limber --to 0604 --json
	assert_success
	assert_equal "$(json_get '.change.when' <<<"$output")" before
	assert_equal "$(json_get '.total' <<<"$output")" 2
}

@test "9.A: two Zulu combat units a hex; leaders and the uKhulutshane do not count" {
	# 0405 holds two Zulus: closed; 0504 one: open; 0505 a Zulu and
	# the uKhulutshane (free, 9.A): open; 0304 a Zulu and an inDuna: open
	sit s "$(u z zulu zulu-inf 0404)" "$(u a-1 zulu zulu-inf 0405)" \
	    "$(u a-2 zulu zulu-inf 0405)" "$(u b-1 zulu zulu-inf 0504)" \
	    "$(u c-1 zulu zulu-inf 0505)" "$(u ukhulutshane-1 zulu zulu-inf 0505)" \
	    "$(u d-1 zulu zulu-inf 0304)" "$(u d-induna zulu zulu-leader 0304)"
	onsq s --unit z --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0504,0505"
	onsq s --unit z --to 0405 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.A
}

@test "9.B Isandhlwana: 8 melee points a hex, the wagon 4, guns free; regulars apart from colonials" {
	# foot (4) into 0405 with a regular (4): 8, open; 0304 with two
	# regulars (4 + 4 + 4 = 12): closed; 0305 with the wagon (4) and a
	# regular (4): 12, closed; 0504 with a gun and a regular: 4 + 0 + 4
	# = 8, open; 0505 with a colonial: closed to a move, and to a
	# withdrawal too while 0405 and 0504 are open (9.B: only as a last
	# resort; the next test)
	sit s "$(u foot british regular-foot 0404)" "$(u r1 british regular-foot 0405)" \
	    "$(u r2 british regular-foot 0304)" "$(u r3 british regular-foot 0304)" \
	    "$(u wagon british supply-wagon 0305)" "$(u r4 british regular-foot 0305)" \
	    "$(u gun british artillery 0504)" "$(u r5 british regular-foot 0504)" \
	    "$(u nnc british colonial-inf 0505)"
	onsq s --unit foot --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0405,0504"
	assert_equal "$(json_get '.last_resort' <<<"$output")" null
	onsq s --unit foot --to 0505 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.text' <<<"$output")" "regular and colonial units do not stack"
	onsq s --unit foot --to 0304 --json
	assert_equal "$(json_get '.result.text' <<<"$output")" "more than 8 melee points in one hex"
}

@test "9.B: a withdrawal joins colonials only when no other way is open" {
	# foot (regular, 4 points) in 0404 withdraws from the Zulu in 0204.
	# 0304 and 0305 lie in its zone (8.D); 0403 is behind the crest;
	# 0405 and 0504 each hold two regulars: 4 + 4 + 4 = 12 > 8 (9.B);
	# 0505 holds a colonial: 4 + 4 = 8 points, but regulars and colonials
	# do not stack.  No hex keeps every rule, so 9.B's exception opens
	# 0505 (3 from 0204, one farther than 0404's 2)
	sit s "$(u foot british regular-foot 0404)" "$(u r1 british regular-foot 0405)" \
	    "$(u r2 british regular-foot 0405)" "$(u r3 british regular-foot 0504)" \
	    "$(u r4 british regular-foot 0504)" "$(u nnc british colonial-inf 0505)" \
	    "$(u z zulu zulu-inf 0204)"
	onsq s --unit foot --retreat 1 --away 0204 --json
	assert_success
	assert_equal "$(ends)" 0505
	assert_equal "$(json_get '.last_resort' <<<"$output")" 9.B
	# the 8-point limit still holds: a second colonial in 0505 makes it
	# 4 + 4 + 4 = 12, and the unit is eliminated (10.G)
	sit f "$(u foot british regular-foot 0404)" "$(u r1 british regular-foot 0405)" \
	    "$(u r2 british regular-foot 0405)" "$(u r3 british regular-foot 0504)" \
	    "$(u r4 british regular-foot 0504)" "$(u nnc british colonial-inf 0505)" \
	    "$(u nnc2 british colonial-inf 0505)" "$(u z zulu zulu-inf 0204)"
	onsq f --unit foot --retreat 1 --away 0204 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" eliminated
	# a move never mixes them (9.B's exception is for forced moves)
	onsq s --unit foot --to 0505 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.B
	# once so stacked, they part in the next Movement Phase: the two
	# may not move on together (to the empty 0504, 1 MP), each alone may
	sit m "$(u foot british regular-foot 0404)" "$(u nnc british colonial-inf 0404)"
	onsq m --unit foot --unit nnc --to 0504 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.B
	onsq m --unit nnc --to 0504 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
}

@test "Part 9: a stack moving together counts every unit of it" {
	# two regulars (4 + 4) move from 0404 into 0405, where one stands:
	# 4 + 4 + 4 = 12 > 8 (9.B); into the empty 0504 they go, 1 MP
	sit s "$(u a british regular-foot 0404)" "$(u b british regular-foot 0404)" \
	    "$(u c british regular-foot 0405)"
	onsq s --unit a --unit b --to 0405 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.B
	onsq s --unit a --unit b --to 0504 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
	# two Zulus of one impi join a third: 3 > 2 (9.A)
	sit z "$(u ve-1 zulu zulu-inf 0404)" "$(u ve-2 zulu zulu-inf 0404)" \
	    "$(u ve-3 zulu zulu-inf 0405)"
	onsq z --unit ve-1 --unit ve-2 --to 0405 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.A
}

@test "9.A: units of two impis pass through each other but do not end together" {
	# umcijo-1 in 0404 (MA 5).  0504 holds an inGobamakhosi unit, 0505
	# a pinned one, which no Zulu enters or passes (6.C).  0604 lies
	# 2 away; both hexes between, 0504 and 0505, touch 0404 and 0604
	# (0604, an even column, touches rows 04 and 05 of column 05), so
	# the way is through 0504: 1 + 1 = 2 MP, 3 left
	sit s "$(u umcijo-1 zulu zulu-inf 0404)" "$(u umcijo-2 zulu zulu-inf 0405)" \
	    "$(u ingobamakhosi-1 zulu zulu-inf 0504)" \
	    "$(u ingobamakhosi-2 zulu zulu-inf 0505 pinned)" \
	    "$(u ukhulutshane-1 zulu zulu-inf 0304)"
	onsq s --unit umcijo-1 --to 0604 --json
	assert_success
	assert_equal "$(json_get '[.path[].hex] | join(",")' <<<"$output")" "0504,0604"
	assert_equal "$(json_get '.total' <<<"$output")" 2
	# but it may not stop in 0504
	onsq s --unit umcijo-1 --to 0504 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" none
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.A
	# --reach names 0504 apart, and leaves it out of the hexes reached
	onsq s --unit umcijo-1 --reach --json
	assert_success
	assert_equal "$(json_get '[.pass_only[].hex] | join(",")' <<<"$output")" 0504
	assert_equal "$(json_get '[.reach[].hex] | index("0504")' <<<"$output")" null
	# its own impi's hex it may end in (two units); the uKhulutshane
	# stacks with anyone (9.A): 0304 to 0504 by 0403, 2 MP
	onsq s --unit umcijo-1 --to 0405 --json
	assert_success
	onsq s --unit ukhulutshane-1 --to 0504 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	# a withdrawal is not the Movement Phase: 0504 is an end of one,
	# beside 0304 (the uKhulutshane), 0305 (empty) and 0405 (its own
	# impi); 0505 is the pinned unit's, 0403 behind the crest
	onsq s --unit umcijo-1 --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0405,0504"
}

@test "14: a regular or British leader crosses the Retreat Line but does not end west of it" {
	# tests/fixtures/move/sotq-line.json: 0204, 0304 and 0305 lie west
	# of the line.  f (regular foot, MA 3) in 0404
	ln() { run --separate-stderr umpire -g sotq move-cost --map \
	    "$FIXTURES/move/sotq-line.json" --situation "$BATS_TEST_TMPDIR/$1.json" "${@:2}"; }
	sit s "$(u f british regular-foot 0404)" "$(u p british pulleine 0404)" \
	    "$(u w british supply-wagon 0404)" "$(u nnc british colonial-inf 0505)" \
	    "$(u g british regular-foot 0505 forced-west)"
	ln s --unit f --to 0304 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 14
	ln s --unit p --to 0304 --json
	assert_equal "$status" 1
	# 0104 lies east of it, 3 from 0404, and every way there crosses
	# column 03 at 0304 or 0305 (the two hexes of it 0404 touches):
	# through the west, 1 + 1 + 1 = 3 MP, all of f's
	ln s --unit f --to 0104 --json
	assert_success
	assert_equal "$(json_get '.path[0].hex' <<<"$output")" 0304
	assert_equal "$(json_get '.total' <<<"$output")" 3
	# --reach puts the three west hexes apart (0204 is 2 MP away)
	ln s --unit f --reach --json
	assert_equal "$(json_get '[.pass_only[].hex] | join(",")' <<<"$output")" "0204,0304,0305"
	# the wagon and colonials are not bound; nor is a regular forced west
	# before (marker forced-west): 0505 to 0305 by 0405, 2 MP
	ln s --unit w --to 0304 --json
	assert_success
	ln s --unit nnc --to 0305 --json
	assert_success
	ln s --unit g --to 0305 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	# a withdrawal or rout is not bound: 0304 and 0305 are ends
	ln s --unit f --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0405,0504"
	# without a map the player names the hex: a last step west of the
	# line is refused, an earlier one is not (1 + 1 = 2 MP of 3)
	run --separate-stderr umpire -g sotq move-cost --battle isandhlwana \
	    --unit regular-foot clear clear+west-of-line --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" no-end
	assert_equal "$(json_get '.result.rule' <<<"$output")" 14
	run --separate-stderr umpire -g sotq move-cost --battle isandhlwana \
	    --unit regular-foot clear+west-of-line clear --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	run --separate-stderr umpire -g sotq move-cost --battle isandhlwana \
	    --unit colonial-inf clear clear+west-of-line --json
	assert_success
}

@test "12.F: an attacker that cannot withdraw after melee is pinned, not eliminated" {
	# the Zulu z in 0404: British units in 0204 (its zone: 0304, 0305),
	# 0604 (0504, 0505) and 0406 (0405), none facing, so all six; 0403
	# behind the crest.  No hex is open.
	sit s "$(u z zulu zulu-inf 0404)" "$(u b1 british regular-foot 0204)" \
	    "$(u b2 british regular-foot 0604)" "$(u b3 british regular-foot 0406)"
	onsq s --unit z --retreat 1 --attacker --away 0204 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" stays
	assert_equal "$(json_get '.result.rule' <<<"$output")" 12.F
	assert_equal "$(json_get '.result.text | test("pinned, not eliminated")' <<<"$output")" true
	# hit by fire instead (10.G) it is eliminated
	onsq s --unit z --retreat 1 --away 0204 --json
	assert_equal "$(json_get '.result.code' <<<"$output")" eliminated
	# without a map: the first hex is in a zone, so it stays, pinned
	run --separate-stderr umpire -g sotq move-cost --battle isandhlwana \
	    --unit zulu-inf --retreat 1 --attacker clear+ezoc --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.text | test("pinned, not eliminated")' <<<"$output")" true
	assert_equal "$(json_get '.inputs.attacker' <<<"$output")" true
	# an attacker withdraws 1 hex; the Isandhlwana British never attack
	onsq s --unit z --retreat 3 --attacker
	assert_one_line_error 2
	onsq s --unit b1 --retreat 1 --attacker
	assert_one_line_error 2
	onsq s --unit z --to 0504 --attacker
	assert_one_line_error 2
}

@test "6.C, 10.G: pinned and routed units do not move; a pinned one does not withdraw" {
	sit s "$(u p zulu zulu-inf 0404 pinned)" "$(u r zulu zulu-inf 0202 routed)"
	onsq s --unit p --reach
	assert_one_line_error 1
	[[ $stderr == *"(6.C)"*"'pinned'" ]] || fail "$stderr"
	onsq s --unit p --retreat 1
	assert_one_line_error 1
	[[ $stderr == *"does not withdraw (10.G)"* ]] || fail "$stderr"
	onsq s --unit p --advance 1 --via 0405
	assert_one_line_error 1
	onsq s --unit p --retreat 1 --attacker
	assert_one_line_error 1
	onsq s --unit r --to 0203
	assert_one_line_error 1
	[[ $stderr == *"'routed'" ]] || fail "$stderr"
	# a pinned unit routed is pinned no more (10.G): it runs 3 hexes,
	# away from 0204 to 0704 and beyond: column 07 rows 03 to 06, as in
	# the rout test above
	sit q "$(u p zulu zulu-inf 0404 pinned)" "$(u b british regular-foot 0204)"
	onsq q --unit p --retreat 3 --away 0204 --json
	assert_success
	assert_equal "$(ends)" "0703,0704,0705,0706"
	assert_equal "$(json_get '.units[0].note_rule' <<<"$output")" 10.G
}

@test "9.B, 9.C Omdurman: one foot unit or two of a regiment; one gun; mounted cavalry alone" {
	export BATTLE=omdurman
	sq="$FIXTURES/move/sotq-square-omdurman.json"
	sit s "$(u lancs-a british infantry 0404)" "$(u lancs-b british infantry 0405)" \
	    "$(u warwick-a british infantry 0504)" "$(u maxim-a british field-artillery 0505)" \
	    "$(u maxim-b british field-artillery 0604)" "$(u lancers british lancers 0305)"
	om() { run --separate-stderr umpire -g sotq move-cost --map "$sq" \
	    --situation "$BATS_TEST_TMPDIR/s.json" "$@"; }
	# lancs-a joins lancs-b (one regiment): 1 MP, clear
	om --unit lancs-a --to 0405 --json
	assert_success
	om --unit lancs-a --to 0504 --json
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.B
	# a gun (0604, beside 0504 and 0505) joins foot, not another gun
	om --unit maxim-b --to 0504 --json
	assert_success
	om --unit maxim-b --to 0505 --json
	assert_equal "$(json_get '.result.text' <<<"$output")" "one artillery unit a hex"
	# the 21st Lancers, always mounted, stand alone
	om --unit lancers --to 0404 --json
	assert_equal "$(json_get '.result.text' <<<"$output")" "mounted cavalry stands alone"
}

@test "10.G, 8.D, 12.F without a map: named hexes, one each, no zone entered" {
	# clear and rough cost one hex each in a rout; the third is in an
	# enemy zone, so the rout stops after 2 of 3
	run --separate-stderr umpire -g sotq move-cost --battle isandhlwana \
	    --unit regular-foot --retreat 3 clear rough clear+ezoc --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 8.D
	assert_equal "$(json_get '.result.steps_taken' <<<"$output")" 2
	# the advance after melee ignores the zone (12.F)
	run --separate-stderr umpire -g sotq move-cost --battle omdurman \
	    --unit infantry --advance 1 clear+ezoc --json
	assert_success
	assert_equal "$(json_get '.steps[0].rule' <<<"$output")" 12.F
}

@test "13.E: inside the Zariba a British unit does not rout but withdraws 1 hex" {
	# the Omdurman teaching map: warwick-a in 2223, a trench hex of the
	# Zariba; routed from 2022's side it withdraws 1 hex, not 3
	run --separate-stderr umpire -g sotq move-cost --map omdurman \
	    --situation omdurman --unit warwick-a --retreat 3 --away 2022 --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 1
	assert_equal "$(json_get '.units[0].ma_rule' <<<"$output")" 13.E
	# 2223 lies 2 from 2022 (2022 reaches column 22's rows 21-23 in
	# two steps); of its neighbours 2224, 2323 and 2324 lie 3, farther,
	# but guards-a holds 2324, another regiment (9.B): 2224 and 2323
	assert_equal "$(json_get '[.ends[].hex] | join(",")' <<<"$output")" "2224,2323"
	run --separate-stderr umpire -g sotq move-cost --map omdurman \
	    --situation omdurman --unit warwick-a --retreat 3 --away 2022
	assert_line --partial "inside the Zariba it does not rout"
}

@test "bad forced-move and formation input is one line on stderr" {
	sit s "$(u foot british regular-foot 0404)" "$(u l british horse 0101)"
	onsq s --unit foot --retreat 2
	assert_one_line_error 2
	onsq s --unit foot --retreat 1 --away 9999
	assert_one_line_error 2
	onsq s --unit foot --retreat 1 --away 0404
	assert_one_line_error 2
	onsq s --unit foot --to 0704 --away 0204
	assert_one_line_error 2
	onsq s --unit foot --retreat 1 --change mount
	assert_one_line_error 2
	onsq s --unit foot --change mount --to 0704
	assert_one_line_error 2
	onsq s --unit foot --change dismount --change-after mount --to 0704
	assert_one_line_error 2
	run --separate-stderr umpire -g sotq move-cost --battle omdurman \
	    --unit infantry --away 0101 clear
	assert_one_line_error 2
}

@test "completion: --unit offers the types of the battle on the line" {
	run umpire __complete -g sotq move-cost --battle isandhlwana --unit ''
	assert_success
	assert_line zulu-inf
	refute_line gunboat
	run umpire __complete -g sotq move-cost --battle omdurman --unit ''
	assert_line gunboat
	refute_line zulu-inf
	# hexes of the map for --away and --toward
	run umpire __complete -g sotq move-cost --map isandhlwana --away 193
	assert_line 1934
	run umpire __complete -g sotq move-cost --map isandhlwana --toward 193
	assert_line 1934
	# without -g, --battle still means sotq's battles
	run umpire __complete move-cost --battle omdurman --unit 'l'
	assert_output lancers
	# every type offered is one the battle accepts
	for b in isandhlwana omdurman; do
		for t in $(umpire __complete -g sotq move-cost --battle $b --unit ''); do
			run umpire -g sotq move-cost --battle $b --unit "$t" --side british clear
			[ "$status" -le 1 ] ||
				run umpire -g sotq move-cost --battle $b --unit "$t" clear
			[ "$status" -le 1 ] || fail "$b offers $t, which it refuses"
		done
	done
}

@test "10.G, 14: map svg draws a rout the map's edge cuts short as leaving the map" {
	# foot in 0704 on the east edge; Zulus in 0603 and 0605: 0603, 0605
	# are enemy hexes, 0703, 0604 and 0705 lie in their zones (8.D), so
	# no step is open and the rout leaves the map from 0704 itself, as
	# move-cost says; the picture must not show the unit eliminated
	sit s "$(u foot british regular-foot 0704)" "$(u z1 zulu zulu-inf 0603)" \
	    "$(u z2 zulu zulu-inf 0605)"
	onsq s --unit foot --retreat 3 --json
	assert_equal "$(json_get '.result.code' <<<"$output")" off-map
	assert_equal "$(json_get '[.leaves_from[].hex] | join(",")' <<<"$output")" 0704
	run --separate-stderr umpire -g sotq --json map svg "$FIXTURES/move/sotq-square.json" \
	    --situation "$BATS_TEST_TMPDIR/s.json" --unit foot --retreat 3 -o "$BATS_TEST_TMPDIR/s.svg"
	assert_success
	assert_equal "$(json_get '.ends | join(",")' <<<"$output")" 0704
	assert_equal "$(json_get '.eliminated_in | length' <<<"$output")" 0
	grep -q "leaves the map" "$BATS_TEST_TMPDIR/s.svg"
}

# The cheapest way at any cost (a --to beyond the allowance) is searched
# toward the target first, bounded by the least a step costs the unit
# (Part 6 C: its cheapest terrain, or the trail for guns and wagons; the
# rest only adds).  Its total must be what the plain search finds with an
# allowance big enough to get there: a bound too high would miss a cheaper
# way.  Both teaching battles, foot, guns and a wagon on the trail, and the
# gunboat on the Nile.
@test "map: sotq: the cheapest way at any cost is the one a big enough allowance finds" {
	local battle u to args

	for args in "isandhlwana a-1-24-b rockets wagon f-1-24 umcijo-1" \
	    "omdurman guards-a maxim-a gunboat taiasha-1"; do
		set -- $args
		battle=$1
		shift
		for u in "$@"; do
			for to in 0101 1113 2434 0134 2201 1934 2810 3236 0435 3120; do
				at_any_cost "-g sotq move-cost --map $battle --situation $TOP/rules/sotq/situations/$battle.json --unit $u --to $to"
			done
		done
	done | tally 20
}

@test "8.B: a unit without a Fire Strength has no zone across a ridge, either way" {
	# tests/fixtures/move/sotq-ridge.json: the sotq-square layout, no
	# crest, a ridge between 0405 and 0406.  0406 (even) touches 0405,
	# 0407, 0306, 0307, 0506 and 0507, so a unit there reaches 0405
	# only across the ridge.  0404's neighbours: 0403 0405 0304 0305
	# 0504 0505, none in any other zone.
	ridge() {
		run --separate-stderr umpire -g sotq move-cost \
		    --map "$FIXTURES/move/sotq-ridge.json" \
		    --situation "$BATS_TEST_TMPDIR/$1.json" "${@:2}"
	}
	# the Zulus have no fire phase (Part 4), so no Fire Strength: the
	# Zulu in 0406 shuts nothing across the ridge, 0405 stays open
	sit z "$(u foot british regular-foot 0404)" "$(u z zulu zulu-inf 0406)"
	ridge z --unit foot --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0403,0405,0504,0505"
	# a British foot unit has one: its zone goes over the ridge (the map
	# does not say which side is higher), and 0405 is shut to the Zulu
	sit b "$(u z zulu zulu-inf 0404)" "$(u foot british regular-foot 0406)"
	ridge b --unit z --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0403,0504,0505"
	# the same counter marked no-fire (printed without a Fire Strength)
	sit n "$(u z zulu zulu-inf 0404)" "$(u foot british regular-foot 0406 no-fire)"
	ridge n --unit z --retreat 1 --json
	assert_success
	assert_equal "$(ends)" "0304,0305,0403,0405,0504,0505"
	# a move: the British foot walks into 0405 and need not stop there
	# (8.C), while the Zulu walking in under the British foot's zone does
	ridge z --unit foot --to 0405 --json
	assert_success
	assert_equal "$(json_get '.path[0].stop // "none"' <<<"$output")" none
	ridge b --unit z --to 0405 --json
	assert_success
	assert_equal "$(json_get '.path[0].stop' <<<"$output")" "it enters an enemy zone of control"
}

@test "9.B Omdurman: the Royal Engineers stack with any foot, as Part 3 sets up 2021" {
	export BATTLE=omdurman
	sq="$FIXTURES/move/sotq-square-omdurman.json"
	# 0405 holds two Lincolnshires and a Maxim, 2021's stack of Part 3;
	# 0504 one Warwickshire; 0505 the mounted 21st Lancers.  0404 touches
	# 0405, 0504 and 0505 (even column: rows r and r + 1 beside it).
	sit s "$(u re british engineer 0404)" "$(u lincs-a british infantry 0405)" \
	    "$(u lincs-b british infantry 0405)" "$(u maxim-c british field-artillery 0405)" \
	    "$(u warwick-a british infantry 0504)" "$(u lancers british lancers 0505)"
	om() { run --separate-stderr umpire -g sotq move-cost --map "$sq" \
	    --situation "$BATS_TEST_TMPDIR/s.json" "$@"; }
	# the engineers join the full stack of a regiment and its gun: not
	# a third foot unit (9.B), 1 clear hex
	om --unit re --to 0405 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 1
	# and any other foot unit
	om --unit re --to 0504 --json
	assert_success
	# but never mounted cavalry (9.B)
	om --unit re --to 0505 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.text' <<<"$output")" "mounted cavalry stands alone"
	# an engineer is foot otherwise: Part 6 B's 5 MP
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 5
	# the shipped set-up: Part 3's 2021 (two Lincolnshires, the Royal
	# Engineers, Maxim C) is all there, and lincs-b may not join the two
	# Seaforths next door in 2022 (a third foot unit), the engineers may
	run --separate-stderr umpire -g sotq move-cost --map omdurman \
	    --situation omdurman --unit royal-engineers --to 2022 --json
	assert_success
	run --separate-stderr umpire -g sotq move-cost --map omdurman \
	    --situation omdurman --unit lincs-b --to 2022 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 9.B
	assert_equal "$(jq -r '[.units[] | select(.hex == "2021") | .id] | join(",")' \
	    "$TOP/rules/sotq/situations/omdurman.json")" "lincs-a,lincs-b,royal-engineers,maxim-c"
}

@test "5.B: a unit leaves the map only from an exit hex, for 1 MP of Part 5" {
	# named steps: clear 1 into the exit hex, 1 to leave (5.B) = 2
	run --separate-stderr umpire -g sotq move-cost --battle omdurman --side british \
	    --unit infantry clear+exit off --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	assert_equal "$(json_get '.steps[1].rule' <<<"$output")" 5.B
	assert_equal "$(json_get '.steps[1].text | test("stand-in")' <<<"$output")" false
	# from a hex named without exit: refused, with the rule
	run --separate-stderr umpire -g sotq move-cost --battle omdurman --side british \
	    --unit infantry clear clear off --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 5.B
	# 5 MP: 4 clear hexes, the 4th an exit, leave 1 more: 5; one more hex
	# before and the 1 MP to go is not there
	run --separate-stderr umpire -g sotq move-cost --battle omdurman --side british \
	    --unit infantry clear clear clear clear+exit off --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 5
	run --separate-stderr umpire -g sotq move-cost --battle omdurman --side british \
	    --unit infantry clear clear clear clear clear+exit off --json
	assert_equal "$status" 1
	# on the teaching map 2501 is an exit hex (its note): a unit there
	# goes for 1 MP; one in 2503 walks 2 clear hexes to 2501 keeping the
	# 1 MP back (5 - 1 = 4 for the walk), and joins the other half of its
	# regiment there (9.B); one not on an exit hex may not
	om() { run --separate-stderr umpire -g sotq move-cost --map omdurman \
	    --situation "$BATS_TEST_TMPDIR/o.json" "$@"; }
	BATTLE=omdurman sit o "$(u lancs-a british infantry 2501)" "$(u lancs-b british infantry 2503)"
	# (it has left, so no hex is within reach: status 1)
	om --unit lancs-a --change off --reach --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.change.cost' <<<"$output")" 1
	assert_equal "$(json_get '.change.rule' <<<"$output")" 5.B
	om --unit lancs-b --change-after off --to 2501 --json
	assert_success
	assert_equal "$(json_get '.total' <<<"$output")" 2
	om --unit lancs-b --change off --reach
	assert_one_line_error 2
	[[ $stderr == *"only from an exit hex"*"(5.B)" ]] || fail "$stderr"
	om --unit lancs-b --change-after off --to 2502
	assert_one_line_error 2
}
