#!/usr/bin/env bats
# map svg: the answers drawn on the map, rendered by librsvg's rsvg-convert
# and checked as pixels with tests/svgprobe: retreat and advance routes,
# supply lines, a rail move's steps, a voyage by sea, and sotq's retreats,
# each where move-cost or supply-trace puts it and nowhere else.  The map
# itself, a path and a reach: svg.bats.

load helpers
load picture
load svg
load sotq

# The supply tests' corridor map: ocean but for column 10 (clear, the
# Italian source 1019 at its foot) and column 05, so a loe unit in column
# 10 can only go up or down the column, and every route below is a
# difference of rows.  Its situations are tests/fixtures/svg/corridor-*.
CORRIDOR="$FIXTURES/supply/loe-corridor.json"
RETREAT_COLOUR='#e66100'
ADVANCE_COLOUR='#6a3d9a'
FAIL_COLOUR='#d7191c'

corridor() {
	local name=$1 sit=$2
	shift 2
	render "$name" -g loe "$CORRIDOR" --situation "$FIXTURES/svg/corridor-$sit.json" "$@"
}

@test "--retreat: the routes show at the centres of their hexes and nowhere else" {
	# b in 1014 retreats 2 (loe 8.4.1: it must end 2 hexes away).  South,
	# 1016 is in the zone of the Ethiopian in 1017, closed to a retreat
	# (8.4 B); north, 1013 then 1012, two hexes away: the only end
	corridor r retreat --unit b --retreat 2 --around 1014 --radius 3
	run probe centres r "$RETREAT_COLOUR"
	assert_success
	assert_equal "$(echo $output)" "1012 1013 1014"
	# the end is framed: the frame's right side lies 0.36 R from the centre
	run probe at r 1012 0.36 0
	assert_output "$RETREAT_COLOUR"
	run probe at r 1013 0.36 0
	refute_output "$RETREAT_COLOUR"
	# no one dies, no path is drawn
	run probe centres r "$FAIL_COLOUR"
	assert_output ""
	run probe centres r "$PATH_COLOUR"
	assert_output ""
	grep -q 'class="title">b in 1014: retreat 2, 1 hex to end in<' "$BATS_TEST_TMPDIR/r.svg"
}

@test "--retreat and --advance routes are dashed, so grey prints tell them from lines" {
	# between two centres of a route the line's colour alternates with the
	# white casing under it: dashes, not colour alone
	corridor r retreat --unit b --retreat 2 --around 1014 --radius 2
	run probe along r 1014 1013
	assert_line "$RETREAT_COLOUR"
	assert_line '#ffffff'
	corridor a retreat --unit b --advance 2 --around 1014 --radius 2
	run probe along a 1014 1013
	assert_line "$ADVANCE_COLOUR"
	assert_line '#ffffff'
	# a supply line is solid: no white between 1017 and 1018 (a's line
	# runs 1016 to 1019; its dot and ring at the ends have white rims)
	render s -g loe "$CORRIDOR" --situation "$FIXTURES/svg/corridor-supply.json" \
	    --supply a --around 1017 --radius 2
	run probe along s 1017 1018
	assert_line "$PATH_COLOUR"
	refute_line '#ffffff'
	# in grey the route's node stands well off the clear ground round it:
	# clear #f6f3de is 0.299*246 + 0.587*243 + 0.114*222 = 241.5, the
	# orange #e66100 0.299*230 + 0.587*97 = 125.7
	local ground node
	ground=$(probe grey r 1013 | cut -d' ' -f2)
	node=$(probe rgb r 1013 | cut -d' ' -f2 | grey_of)
	assert_equal "$ground $node" "242 126"
}

# grey_of: #rrggbb on stdin, its grey (0.299 R + 0.587 G + 0.114 B) rounded
grey_of() {
	local c
	read -r c
	echo $(( (299 * 16#${c:1:2} + 587 * 16#${c:3:2} + 114 * 16#${c:5:2} + 500) / 1000 ))
}

@test "--retreat with no legal end crosses out every hex the unit could reach" {
	# b in 1015, Ethiopians in 1012 and 1018: their zones cover 1013 and
	# 1017, closed to a retreat (8.4 B), so b gets only to 1014 and 1016,
	# one hex, not the 2 it must retreat: eliminated (8.4.3) in 1014,
	# 1015 or 1016, as move-cost --retreat says
	corridor t trapped --unit b --retreat 2 --around 1015 --radius 3
	run probe centres t "$FAIL_COLOUR"
	assert_equal "$(echo $output)" "1014 1015 1016"
	run probe centres t "$RETREAT_COLOUR"
	assert_output ""
	grep -q 'class="title">b in 1015: no retreat of 2, eliminated (8.4.3)<' "$BATS_TEST_TMPDIR/t.svg"
	run --separate-stderr umpire -g loe move-cost --map "$CORRIDOR" \
	    --situation "$FIXTURES/svg/corridor-trapped.json" --unit b --retreat 2 --json
	assert_equal "$(json_get '[.eliminated_in[].hex] | join(" ")' <<<"$output")" "1014 1015 1016"
}

@test "--advance: every hex the advance reaches, and --via enters the defender's hex first" {
	# b in 1014 advances 3 (8.5.2 A counts hexes): north 1013, 1012, 1011;
	# south 1015, 1016, and the Ethiopian holds 1017
	corridor a retreat --unit b --advance 3 --around 1014 --radius 4
	run probe centres a "$ADVANCE_COLOUR"
	assert_equal "$(echo $output)" "1011 1012 1013 1014 1015 1016"
	# 8.5.1: by 1015 first, then one more hex: 1016, or back past b's own
	# hex to 1013 (2 hexes from 1015): 1013 is not reached
	corridor v retreat --unit b --advance 2 --via 1015 --around 1014 --radius 3
	run probe centres v "$ADVANCE_COLOUR"
	assert_equal "$(echo $output)" "1014 1015 1016"
	run --separate-stderr umpire -g loe --json map svg "$CORRIDOR" \
	    --situation "$FIXTURES/svg/corridor-retreat.json" --unit b --advance 2 --via 1015
	assert_equal "$(json_get '[.routes[] | .from + ">" + .hex] | join(" ")' <<<"$output")" "1014>1015 1015>1016"
}

@test "toto 13.2: a retreat's ends carry their losses; an end in an EZOC with a free way open is left out" {
	# al-1 in 0303 (odd-q): its six neighbours 0302, 0304, 0203, 0204,
	# 0403 and 0404 lie in the zones of the Ottomans in 0301, 0305, 0103
	# and 0503, none holding one: a retreat of 1 ends in any, losing one
	# divisional equivalent for the EZOC entered
	run --separate-stderr umpire -g toto --json map svg "$FIXTURES/move/toto-map.json" \
	    --situation "$FIXTURES/svg/toto-ring.json" --unit al-1 --retreat 1
	assert_success
	assert_equal "$(json_get '.ends | join(" ")' <<<"$output")" "0203 0204 0302 0304 0403 0404"
	assert_equal "$(json_get '.end_losses | join(" ")' <<<"$output")" "1 1 1 1 1 1"
	# each loss is written beside its end
	assert_equal "$(json_get .svg <<<"$output" | grep -c 'class="left">1<')" 6
	# as move-cost's test: from 0303 with only the Ottoman in 0305, the
	# ends 2 hexes away in its zone (0205, 0405) are left out, 0301 stands
	run --separate-stderr umpire -g toto --json map svg "$FIXTURES/move/toto-map.json" \
	    --situation "$FIXTURES/move/toto.json" --unit al-1 --retreat 2
	assert_equal "$(json_get '[.ends[] | select(. == "0301" or . == "0205" or . == "0405")] | join(" ")' <<<"$output")" 0301
	assert_equal "$(json_get '[.routes[] | select(.hex == "0405")] | length' <<<"$output")" 0
	# and no end loses: no losses are written
	assert_equal "$(json_get .svg <<<"$output" | grep -c 'class="left"')" 0
}

@test "--supply: lines, the unit out of supply ringed, the hex that blocked it barred" {
	# a in 1016 reaches the source 1019 in 3 hexes (9.2); b in 1011 would
	# need 8 where 7 are allowed, so it is out of supply, blocked at 1019
	render s -g loe "$CORRIDOR" --situation "$FIXTURES/svg/corridor-supply.json" \
	    --supply italian --around 1015 --radius 5
	run probe centres s "$FAIL_COLOUR"
	assert_equal "$(echo $output)" "1019"
	# the ring round b's hex lies 0.8 R from its centre; a has none
	run probe at s 1011 0.8 0
	assert_output "$FAIL_COLOUR"
	run probe at s 1016 0.8 0
	refute_output "$FAIL_COLOUR"
	grep -q '>OOS<' "$BATS_TEST_TMPDIR/s.svg"
	run --separate-stderr umpire -g loe --json map svg "$CORRIDOR" \
	    --situation "$FIXTURES/svg/corridor-supply.json" --supply italian -o "$BATS_TEST_TMPDIR/j.svg"
	assert_equal "$(json_get '[.supply[] | .unit + ":" + (.supplied | tostring) + ":" + (.blocked // "-")] | join(" ")' <<<"$output")" \
	    "a:true:- b:false:1019"
	assert_equal "$(json_get '.supply[0].line | join(" ")' <<<"$output")" "1016 1017 1018 1019"
}

@test "--supply for one unit, blocked by a zone of control, and supply-trace --svg draws the same" {
	# b in 1014: 1015, then 1016, in the zone of the Ethiopian in 1017: a
	# line may end in an unnegated EZOC but not pass it (9.2.2 B)
	render b -g loe "$CORRIDOR" --situation "$FIXTURES/svg/corridor-retreat.json" --supply b
	run probe centres b "$FAIL_COLOUR"
	assert_equal "$(echo $output)" "1016"
	umpire -g loe supply-trace --map "$CORRIDOR" \
	    --situation "$FIXTURES/svg/corridor-retreat.json" --unit b --svg >"$BATS_TEST_TMPDIR/t.svg"
	cmp "$BATS_TEST_TMPDIR/b.svg" "$BATS_TEST_TMPDIR/t.svg"
}

@test "the answers' options: one answer a picture, each with what it needs" {
	local s="$FIXTURES/svg/corridor-retreat.json"
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" --retreat 2
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --retreat needs --unit, the unit that moves: '2'"
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" --unit b
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --unit is for --path, --retreat and --advance: 'b'"
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" --unit b --retreat 2 --via 1013
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" --unit b --retreat 2 --supply b
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: one answer a picture: --path, --reach, --retreat, --advance or --supply: '--retreat'"
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --supply italian
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" --unit b --retreat 0
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" --unit nobody --retreat 2
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" --unit b --advance 2 --via 1016
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" --supply nobody
	assert_one_line_error 2
	# --via into the ocean 0914 (beside 1014, odd-q) is a negative answer
	# naming the rule, as move-cost's is
	run --separate-stderr umpire -g loe map svg "$CORRIDOR" --situation "$s" \
	    --unit b --advance 2 --via 0914
	assert_one_line_error 1
	[[ "$stderr" == *"(6.3.7): '0914'" ]]
}

# The toto rail test map (tests/fixtures/move/toto-rail.json): rough
# hexes, railways along rows 03 and 05; al-2 (infantry, MA 4) in 0105.
RAIL_MAP="$FIXTURES/move/toto-rail.json"
RAIL_SIT="$FIXTURES/move/toto-rail-units.json"

# rail_row FROM TO [ROW]: the hexes of row ROW (05) from column FROM to TO
rail_row() {
	local c out=""
	for c in $(seq "$1" "$2"); do
		out+=$(printf '%02d%s,' "$c" "${3:-05}")
	done
	echo "${out%,}"
}

@test "toto 9.8: a path along the railway is priced as move-cost prices it, rail move and all" {
	# 0105 -> 3005 is 29 hexes: 4 along the railway as a road (9.7,
	# 4 x 1/2 = 2 MP), then the rail move, 1 MP for 25 hexes (9.8):
	# 3 MP of 4.  Priced as plain steps it would be 29 x 1/2 = 14 1/2.
	run --separate-stderr umpire -g toto --json map svg "$RAIL_MAP" \
	    --situation "$RAIL_SIT" --path "$(rail_row 1 30)" -o "$BATS_TEST_TMPDIR/r.svg"
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 3
	assert_equal "$(json_get '[.path[] | select(.rule == "9.8")] | length' <<<"$output")" 25
	json_get '[.path[1:][] | [.hex, .cost, .rule, .text]]' <<<"$output" >"$BATS_TEST_TMPDIR/svg.steps"
	# the same question put to move-cost: the same steps, costs and rules
	run --separate-stderr umpire -g toto --json move-cost --map "$RAIL_MAP" \
	    --situation "$RAIL_SIT" --unit al-2 --to 3005
	assert_success
	json_get '[.path[] | [.hex, .cost, .rule, .text]]' <<<"$output" >"$BATS_TEST_TMPDIR/mc.steps"
	cmp "$BATS_TEST_TMPDIR/svg.steps" "$BATS_TEST_TMPDIR/mc.steps"
}

@test "toto 9.8: the rail move's steps wear sleepers, the road steps before it do not" {
	render r -g toto "$RAIL_MAP" --situation "$RAIL_SIT" --around 0405 --radius 3 \
	    --path "$(rail_row 1 30)"
	# in the window (columns 01 to 07): four road steps of 1/2 (9.7),
	# then 1 MP for the rail move's first hex and 0 for the next (9.8)
	assert_equal "$(costs r)" "0.5 0.5 0.5 0.5 1 0 "
	assert_equal "$(rules r)" "9.7 9.7 9.7 9.7 9.8 9.8 "
	# the middle of each step (odd-q: from an odd column the next hex of
	# the row lies north-east, 0.75 R right and 0.433 R up; from an even
	# one south-east): the path's colour on a road step, a black sleeper
	# on a step of the rail move
	run probe at r 0305 0.75 -0.433
	assert_output "$PATH_COLOUR"
	run probe at r 0405 0.75 0.433
	assert_output "$PATH_COLOUR"
	run probe at r 0505 0.75 -0.433
	assert_output "#000000"
	run probe at r 0605 0.75 0.433
	assert_output "#000000"
	grep -q 'class="leg">the rail move (toto 9.8)<' "$BATS_TEST_TMPDIR/r.svg"
	grep -q 'class="title">al-2 from 0105: 29 hexes for 3 MP of 4<' "$BATS_TEST_TMPDIR/r.svg"
}

# The rule written under each cost, in order: rules NAME
rules() {
	grep -o 'class="rule">[^<]*' "$BATS_TEST_TMPDIR/$1.svg" |
	    sed 's/.*>//' | tr '\n' ' '
}

# sea-1 (askari, MA 6, marked at-sea) sailed from Massawa 5232; an
# Ethiopian unit in 3932 puts Assab 3833 in its zone of control, another
# holds Mogadishu 1019 (tests/fixtures/move/loe-sea.json)
SEA_SIT="$FIXTURES/move/loe-sea.json"
SEA_COLOUR='#08519c'

@test "loe 6.4 D: a path from the sea lands first, as move-cost prices it" {
	# land back at Massawa 5232 (1 MP), then 5331, mountain (2): 3 of 6
	run --separate-stderr umpire -g loe --json map svg teaching --situation "$SEA_SIT" \
	    --path 5232,5232,5331 -o "$BATS_TEST_TMPDIR/s.svg"
	assert_success
	assert_equal "$(json_get '[.path[].cost] | join(",")' <<<"$output")" "0,1,2"
	assert_equal "$(json_get '.path[1].rule' <<<"$output")" "6.4 D"
	json_get '[.path[1:][] | [.hex, .cost, .rule, .text, .stop]]' <<<"$output" >"$BATS_TEST_TMPDIR/svg.steps"
	run --separate-stderr umpire -g loe --json move-cost --map teaching \
	    --situation "$SEA_SIT" --unit sea-1 --to 5331
	assert_success
	json_get '[.path[] | [.hex, .cost, .rule, .text, .stop]]' <<<"$output" >"$BATS_TEST_TMPDIR/mc.steps"
	cmp "$BATS_TEST_TMPDIR/svg.steps" "$BATS_TEST_TMPDIR/mc.steps"
	# a unit not marked at sea, asked about as at sea (--at-sea, as
	# move-cost takes it): port-1 in Massawa, the same 1 + 2
	local port="$FIXTURES/move/loe-port.json"
	run --separate-stderr umpire -g loe --json map svg teaching --situation "$port" \
	    --path 5232,5232,5331 --at-sea -o "$BATS_TEST_TMPDIR/p.svg"
	assert_success
	json_get '[.path[1:][] | [.hex, .cost, .rule, .text, .stop]]' <<<"$output" >"$BATS_TEST_TMPDIR/svg.steps"
	run --separate-stderr umpire -g loe --json move-cost --map teaching \
	    --situation "$port" --unit port-1 --at-sea --to 5331
	json_get '[.path[] | [.hex, .cost, .rule, .text, .stop]]' <<<"$output" >"$BATS_TEST_TMPDIR/mc.steps"
	cmp "$BATS_TEST_TMPDIR/svg.steps" "$BATS_TEST_TMPDIR/mc.steps"
	run --separate-stderr umpire -g loe map svg teaching --situation "$port" --path 5331,5232 --at-sea
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --at-sea needs a unit of --situation in the path's first hex: '5331'"
	run --separate-stderr umpire -g loe map svg teaching --situation "$port" --at-sea
	assert_one_line_error 2
	# landing at Assab, in the EZOC of 3932: 1 MP and the move ends
	# (5.3 A), as move-cost says
	run --separate-stderr umpire -g loe --json map svg teaching --situation "$SEA_SIT" \
	    --path 5232,3833 -o "$BATS_TEST_TMPDIR/a.svg"
	assert_success
	json_get '[.path[1:][] | [.hex, .cost, .rule, .text, .stop]]' <<<"$output" >"$BATS_TEST_TMPDIR/svg.steps"
	assert_equal "$(json_get '.path[1].stop' <<<"$output")" "it enters an enemy zone of control"
	run --separate-stderr umpire -g loe --json move-cost --map teaching \
	    --situation "$SEA_SIT" --unit sea-1 --to 3833
	json_get '[.path[] | [.hex, .cost, .rule, .text, .stop]]' <<<"$output" >"$BATS_TEST_TMPDIR/mc.steps"
	cmp "$BATS_TEST_TMPDIR/svg.steps" "$BATS_TEST_TMPDIR/mc.steps"
}

@test "loe 6.4: the voyage is a dotted sea lane to the port, the landing a step with its cost and rule" {
	render s -g loe teaching --situation "$SEA_SIT" --around 4532 --radius 8 \
	    --path 5232,3833
	assert_equal "$(costs s)" "1 "
	assert_equal "$(rules s)" "6.4 D "
	# the lane's colour on the way from Massawa to Assab; no land step
	# drawn between them: the path's colour only at Assab's centre
	run probe along s 5232 3833
	assert_line "$SEA_COLOUR"
	run probe centres s "$PATH_COLOUR"
	assert_output 3833
	grep -q 'class="leg">by sea, then the landing (loe 6.4 D)<' "$BATS_TEST_TMPDIR/s.svg"
	# 6.4 B: a unit at sea lands only at a port; 6.4 D: not one the enemy holds
	run --separate-stderr umpire -g loe map svg teaching --situation "$SEA_SIT" --path 5232,5331
	assert_one_line_error 1
	[[ "$stderr" == *"(6.4 B): '5331'" ]]
	run --separate-stderr umpire -g loe map svg teaching --situation "$SEA_SIT" --path 5232,1019
	assert_one_line_error 1
	[[ "$stderr" == *"(6.4 D): '1019'" ]]
	# on land every step crosses a hexside, a landing's too
	run --separate-stderr umpire -g loe map svg teaching --situation "$SEA_SIT" --path 5232,3833,3835
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --path: 3833 and 3835 do not touch: '3835'"
}

@test "loe 6.4 C: from a port, a voyage to another port is embarking now and next phase's move" {
	# port-1 (askari, MA 6) stands in Massawa 5232 (loe-port.json): it
	# puts to sea this phase and next phase lands at Assab 3833 (1 MP,
	# 6.4 D), then 3832, clear (1): 2 of next phase's 6, as move-cost's
	# "by sea" answer prices it
	local sit="$FIXTURES/move/loe-port.json"
	run --separate-stderr umpire -g loe --json map svg teaching \
	    --situation "$sit" --path 5232,3833,3832 -o "$BATS_TEST_TMPDIR/e.svg"
	assert_success
	assert_equal "$(json_get '[.path[1:][] | .cost] | add' <<<"$output")" 2
	assert_equal "$(json_get '.path[1].rule' <<<"$output")" "6.4 D"
	run --separate-stderr umpire -g loe --json move-cost --map teaching \
	    --situation "$sit" --unit port-1 --to 3832
	assert_equal "$(json_get '.by_sea.total' <<<"$output")" 2
	assert_equal "$(json_get '.by_sea.port' <<<"$output")" 3833
	# drawn: the lane from Massawa to Assab, the path's colour only on land
	render e -g loe teaching --situation "$sit" --around 4532 --radius 8 \
	    --path 5232,3833,3832
	assert_equal "$(costs e)" "1 1 "
	run probe along e 5232 3833
	assert_line "$SEA_COLOUR"
	run probe centres e "$PATH_COLOUR"
	assert_equal "$(sort <<<"$output" | tr '\n' ' ')" "3832 3833 "
	grep -q 'class="leg">embark now (loe 6.4 C); next phase by sea, then the landing (6.4 D)<' \
	    "$BATS_TEST_TMPDIR/e.svg"
	# 6.4 A, as move-cost's --sea-moved: with a third already at sea,
	# port-1, a division, would make 1 + 3 = 4 of 3; port-3, marked
	# non-div, after two thirds makes 2 + 1 = 3 and still sails
	run --separate-stderr umpire -g loe map svg teaching --situation "$sit" \
	    --path 5232,3833,3832 --sea-moved 1 -o "$BATS_TEST_TMPDIR/f.svg"
	assert_one_line_error 1
	[[ "$stderr" == *"sea lift used: 1 of 3 thirds; a division takes 3 (6.4 A): '5232'" ]]
	run --separate-stderr umpire -g loe map svg teaching --situation "$sit" \
	    --unit port-3 --path 5232,3833,3832 --sea-moved 2 -o "$BATS_TEST_TMPDIR/f.svg"
	assert_success
	run --separate-stderr umpire -g loe map svg teaching --sea-moved 1
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map svg teaching --situation "$sit" \
	    --path 5232,3833 --sea-moved 4
	assert_one_line_error 2
	# 6.4 A: only Italian units go by sea
	jq '.units += [{id: "et-p", side: "ethiopian", type: "ethiopian-irr",
	    strength: 3, ma: 6, hex: "3833"}]' "$sit" >"$BATS_TEST_TMPDIR/ep.json"
	run --separate-stderr umpire -g loe map svg teaching \
	    --situation "$BATS_TEST_TMPDIR/ep.json" --unit et-p --path 3833,5232
	assert_one_line_error 1
	[[ "$stderr" == *"may not put to sea from 3833"*"(6.4 A): '3833'" ]]
}

@test "a priced path enters each hex once; one the unit may not take is refused with the reason" {
	run --separate-stderr umpire -g loe map svg teaching --situation teaching \
	    --path 3925,4025,3925
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --path: a move enters each hex once, this one twice: '3925'"
	# al-2 (MA 4) off the railway into rough 0104, 0204, 0304: 3 x 2 =
	# 6 MP (38.0), 2 more than it has
	run --separate-stderr umpire -g toto map svg "$RAIL_MAP" --situation "$RAIL_SIT" \
	    --path 0105,0104,0204,0304
	assert_one_line_error 1
	assert_equal "$stderr" "umpire map: --path: al-2 has 4 MP, the path costs 6: '0304'"
	# al-1 along row 03 past 2203, in the zone of control of the Ottoman
	# in 2202: the rail move ends there (9.9, 11.4), and so does any move
	run --separate-stderr umpire -g toto map svg "$RAIL_MAP" --situation "$RAIL_SIT" \
	    --path "$(rail_row 1 24 03)"
	assert_one_line_error 1
	assert_equal "$stderr" "umpire map: --path: al-1 must stop in 2203: it enters an enemy zone of control (11.4): '2203'"
}

# sotq's 7 by 7 test map (tests/fixtures/move/sotq-square.json); the
# situations are written by sit (tests/sotq.bash)
SQUARE="$FIXTURES/move/sotq-square.json"

square() {
	local name=$1 sit=$2
	shift 2
	render "$name" -g sotq "$SQUARE" --situation "$BATS_TEST_TMPDIR/$sit.json" "$@"
}

# svg_vs_mc SIT ARGS...: map svg's ends and move-cost's, for one retreat
svg_vs_mc() {
	local s=$1
	shift
	umpire -g sotq --json map svg "$SQUARE" --situation "$BATS_TEST_TMPDIR/$s.json" \
	    -o "$BATS_TEST_TMPDIR/cmp.svg" "$@" | jq -r '.ends | join(" ")'
	umpire -g sotq --json move-cost --map "$SQUARE" \
	    --situation "$BATS_TEST_TMPDIR/$s.json" "$@" |
	    jq -r '[.ends[].hex] + [(.leaves_from // [])[].hex] | join(" ")'
}

@test "sotq 10.G: --away keeps only the routes going farther from the fire, as move-cost finds them" {
	# foot in 0404, a Zulu in 0204 whose zone takes in 0304 and 0305
	# (8.D): a withdrawal of 1 may end in 0405, 0504 or 0505; going away
	# from 0204 (2 hexes off), only 0504 and 0505, 3 off, do
	sit s "$(u foot british regular-foot 0404)" "$(u z zulu zulu-inf 0204)"
	square n s --unit foot --retreat 1
	run probe centres n "$RETREAT_COLOUR"
	assert_equal "$(echo $output)" "0404 0405 0504 0505"
	square a s --unit foot --retreat 1 --away 0204
	run probe centres a "$RETREAT_COLOUR"
	assert_equal "$(echo $output)" "0404 0504 0505"
	run svg_vs_mc s --unit foot --retreat 1 --away 0204
	assert_equal "$(echo $output)" "0504 0505 0504 0505"
	# a rout of 3 away from 0204 ends 5 hexes from it, in column 07
	# (move-cost-sotq.bats works it out): rows 03 to 06
	run svg_vs_mc s --unit foot --retreat 3 --away 0204
	assert_equal "$(echo $output)" "0703 0704 0705 0706 0703 0704 0705 0706"
}

@test "sotq 13.E: --toward draws the run to its goal; a nearer goal ends it, one on the edge takes it off the map" {
	# 0704 is 3 hexes east of 0404, every step one nearer: the route
	# ends there, 4 hexes drawn
	sit s "$(u foot british regular-foot 0404)"
	square t s --unit foot --retreat 3 --toward 0704
	run probe centres t "$RETREAT_COLOUR"
	assert_equal "${#lines[@]}" 4
	assert_line 0404
	assert_line 0704
	run svg_vs_mc s --unit foot --retreat 3 --toward 0704
	assert_equal "$(echo $output)" "0704 0704"
	# 0604 is 2 away: the run stops there, not 3 on
	square n s --unit foot --retreat 3 --toward 0604
	grep -q 'class="title">foot in 0404: retreat 3 toward 0604, 2 hexes away, 1 hex to end in<' \
	    "$BATS_TEST_TMPDIR/n.svg"
	run svg_vs_mc s --unit foot --retreat 3 --toward 0604
	assert_equal "$(echo $output)" "0604 0604"
	# from 0604, 0704 is 1 away on the east edge: it reaches it and runs
	# off the map (10.G, 14), not eliminated
	sit e "$(u foot british regular-foot 0604)" "$(u z zulu zulu-inf 0404)"
	square e e --unit foot --retreat 3 --toward 0704
	grep -q 'class="title">foot in 0604: retreat 3 reaches 0704 on the map&apos;s edge and leaves the map (10.G, 14)<' \
	    "$BATS_TEST_TMPDIR/e.svg"
	run probe centres e "$FAIL_COLOUR"
	assert_output ""
	run svg_vs_mc e --unit foot --retreat 3 --toward 0704
	assert_equal "$(echo $output)" "0704 0704"
}

@test "--away and --toward: for --retreat, hexes of the map other than the unit's; completed as hexes" {
	sit s "$(u foot british regular-foot 0404)" "$(u z zulu zulu-inf 0204)"
	local f="$BATS_TEST_TMPDIR/s.json"
	run --separate-stderr umpire -g sotq map svg "$SQUARE" --situation "$f" --unit foot --advance 1 --away 0204
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --away is for --retreat: '0204'"
	run --separate-stderr umpire -g sotq map svg "$SQUARE" --situation "$f" --path 0404,0504 --toward 0704
	assert_one_line_error 2
	run --separate-stderr umpire -g sotq map svg "$SQUARE" --situation "$f" --unit foot --retreat 1 --away 0404
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --away is a hex on the map other than the unit's: '0404'"
	run --separate-stderr umpire -g sotq map svg "$SQUARE" --situation "$f" --unit foot --retreat 3 --toward 0909
	assert_one_line_error 2
	run --separate-stderr umpire -g sotq map svg "$SQUARE" --situation "$f" --unit foot --retreat 1 \
	    --away 0201 --away 0202 --away 0203 --away 0204 --away 0205
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: too many --away hexes: '0205' (at most 4)"
	run --separate-stderr umpire -g sotq map show "$SQUARE" --situation "$f" --away 0204
	assert_one_line_error 2
	# completion: the options from the table, their values the map's hexes
	run umpire __complete map svg --aw
	assert_output --away
	run umpire __complete map svg --tow
	assert_output --toward
	run umpire __complete map svg --at-
	assert_output --at-sea
	run umpire __complete -g sotq map svg "$SQUARE" --away 070
	assert_line 0704
	run umpire __complete -g sotq map svg "$SQUARE" --toward 070
	assert_line 0704
}

@test "sotq 13.E: map svg readies the unit as move-cost does: inside the Zariba a rout is a withdrawal of 1" {
	# the Omdurman teaching map: warwick-a in 2223, a trench hex of the
	# Zariba, routed from 2022's side, withdraws 1 hex, not 3; of its
	# neighbours 2224, 2323 and 2324 lie 3 from 2022, one farther, and
	# guards-a holds 2324 (9.B): 2224 and 2323 (move-cost-sotq.bats)
	run --separate-stderr umpire -g sotq --json map svg omdurman --situation omdurman \
	    --unit warwick-a --retreat 3 --away 2022 -o "$BATS_TEST_TMPDIR/z.svg"
	assert_success
	assert_equal "$(json_get '.ends | join(",")' <<<"$output")" "2224,2323"
	grep -q 'class="title">warwick-a in 2223: retreat 1, 2 hexes to end in<' "$BATS_TEST_TMPDIR/z.svg"
}

@test "sotq 9.B: a withdrawal that can keep no stacking rule is drawn as move-cost finds it, a last resort" {
	# as move-cost-sotq.bats: 0304 and 0305 lie in the zone of the Zulu
	# in 0204 (8.D), 0403 behind the crest; 0405 and 0504 each hold two
	# regulars, 4 + 4 + 4 = 12 points > 8; 0505 a colonial, which a
	# regular may not join: only 9.B's last resort opens 0505
	sit s "$(u foot british regular-foot 0404)" "$(u r1 british regular-foot 0405)" \
	    "$(u r2 british regular-foot 0405)" "$(u r3 british regular-foot 0504)" \
	    "$(u r4 british regular-foot 0504)" "$(u nnc british colonial-inf 0505)" \
	    "$(u z zulu zulu-inf 0204)"
	run --separate-stderr umpire -g sotq --json map svg "$SQUARE" --situation "$BATS_TEST_TMPDIR/s.json" \
	    --unit foot --retreat 1 --away 0204 -o "$BATS_TEST_TMPDIR/l.svg"
	assert_success
	assert_equal "$(json_get '.ends | join(",")' <<<"$output")" 0505
	assert_equal "$(json_get .outcome <<<"$output")" ok
	assert_equal "$(json_get .last_resort <<<"$output")" 9.B
	grep -q 'class="title">foot in 0404: retreat 1, 1 hex to end in, stacking broken as a last resort (9.B)<' \
	    "$BATS_TEST_TMPDIR/l.svg"
	run svg_vs_mc s --unit foot --retreat 1 --away 0204
	assert_equal "$(echo $output)" "0505 0505"
}

@test "sotq 14: --reach writes pass where the unit may go but not end its move, as move-cost names them" {
	# tests/fixtures/move/sotq-line.json: 0204, 0304 and 0305 lie west of
	# the Retreat Line; f (regular foot, MA 3) in 0404 crosses it but may
	# not end west of it: move-cost --reach puts the three apart
	sit s "$(u f british regular-foot 0404)"
	local line="$FIXTURES/move/sotq-line.json"
	run --separate-stderr umpire -g sotq --json map svg "$line" --situation "$BATS_TEST_TMPDIR/s.json" \
	    --reach f -o "$BATS_TEST_TMPDIR/r.svg"
	assert_success
	assert_equal "$(json_get '.pass_only | join(",")' <<<"$output")" "0204,0304,0305"
	assert_equal "$(json_get '[.reach[].hex] | index("0304")' <<<"$output")" null
	run --separate-stderr umpire -g sotq --json move-cost --map "$line" \
	    --situation "$BATS_TEST_TMPDIR/s.json" --unit f --reach
	assert_equal "$(json_get '[.pass_only[].hex] | join(",")' <<<"$output")" "0204,0304,0305"
	# in the picture: "pass" in those three hexes (and once in the legend)
	assert_equal "$(grep -c 'class="left">pass<' "$BATS_TEST_TMPDIR/r.svg")" 4
	grep -q 'it may go through, not end its move there<' "$BATS_TEST_TMPDIR/r.svg"
}

@test "toto 9.10, 16.2: a path into the enemy's rail net leaves the rail move where move-cost leaves it" {
	# tests/fixtures/move/toto-rail-nets.json: the Allied net is 0103-1203
	# and row 05, the Ottoman 1303-3003.  al-1 (MA 4) from 0103 to 1803:
	# 1 MP by rail to 1203 (9.8), then 1303 to 1803 as a road, 6 x 1/2 =
	# 3 MP (9.7): 4 MP
	local nets="$FIXTURES/move/toto-rail-nets.json"
	run --separate-stderr umpire -g toto --json map svg "$RAIL_MAP" --situation "$nets" \
	    --path "$(rail_row 1 18 03)" -o "$BATS_TEST_TMPDIR/n.svg"
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 4
	json_get '[.path[1:][] | [.hex, .cost, .rule, .text]]' <<<"$output" >"$BATS_TEST_TMPDIR/svg.steps"
	run --separate-stderr umpire -g toto --json move-cost --map "$RAIL_MAP" \
	    --situation "$nets" --unit al-1 --to 1803
	json_get '[.path[] | [.hex, .cost, .rule, .text]]' <<<"$output" >"$BATS_TEST_TMPDIR/mc.steps"
	cmp "$BATS_TEST_TMPDIR/svg.steps" "$BATS_TEST_TMPDIR/mc.steps"
}

@test "loe 8.4.1: each end of a retreat is drawn by its own route, even one that enters a hex another route passes" {
	# it-inf-a in 2504 retreats 2 on the teaching map; move-cost gives
	# each end its route toward the road (8.4.1): 2505 is reached by
	# 2504-2605-2505, though 2505 also lies on 2406's route 2504-2505-2406.
	# A hex-before-each-hex drawing could hold only one way into 2505.
	umpire -g loe --json move-cost --map teaching --situation teaching \
	    --unit it-inf-a --retreat 2 >"$BATS_TEST_TMPDIR/mc.json"
	assert_equal "$(jq -r '.routes[] | select(.end == "2505") | [.steps[].hex] | join(",")' \
	    "$BATS_TEST_TMPDIR/mc.json")" "2605,2505"
	render r -g loe teaching --situation teaching --unit it-inf-a --retreat 2 --around 2504
	# the step 2605 -> 2505 is drawn: the route's colour between the centres
	run probe along r 2605 2505
	assert_line "$RETREAT_COLOUR"
	# and --json lists every step of every end's route, move-cost's steps
	umpire -g loe --json map svg teaching --situation teaching --unit it-inf-a \
	    --retreat 2 --around 2504 -o "$BATS_TEST_TMPDIR/j.svg" |
	    jq -r '[.routes[] | .from + ">" + .hex] | sort | join(" ")' >"$BATS_TEST_TMPDIR/svg-steps"
	jq -r '.from as $o | [.routes[] | [$o] + [.steps[].hex] | . as $h |
	    range(1; length) | $h[. - 1] + ">" + $h[.]] | unique | join(" ")' \
	    "$BATS_TEST_TMPDIR/mc.json" \
	    >"$BATS_TEST_TMPDIR/mc-steps"
	cmp "$BATS_TEST_TMPDIR/svg-steps" "$BATS_TEST_TMPDIR/mc-steps"
}

@test "sotq 12.F: --attacker draws an attacker with no way out pinned where it stands, not crossed out" {
	# the Zulu z in 0404 with British in 0204, 0604 and 0406: their zones
	# (none facing, so all six hexes round each) close 0304 0305, 0504
	# 0505 and 0405, and 0403 lies behind the crest: no hex is open
	# (move-cost-sotq.bats has the same board)
	sit s "$(u z zulu zulu-inf 0404)" "$(u b1 british regular-foot 0204)" \
	    "$(u b2 british regular-foot 0604)" "$(u b3 british regular-foot 0406)"
	square p s --unit z --retreat 1 --attacker --away 0204
	grep -q 'class="title">z in 0404: cannot retreat 1: .*(12.F)<' "$BATS_TEST_TMPDIR/p.svg"
	run probe centres p "$FAIL_COLOUR"
	assert_output ""
	run svg_vs_mc s --unit z --retreat 1 --attacker --away 0204
	assert_output ""
	# hit by fire instead (10.G) it is eliminated where it stands
	square e s --unit z --retreat 1 --away 0204
	run probe centres e "$FAIL_COLOUR"
	assert_output 0404
	# --attacker is for a retreat; the game refuses it for more than 1
	local f="$BATS_TEST_TMPDIR/s.json"
	run --separate-stderr umpire -g sotq map svg "$SQUARE" --situation "$f" --unit z --advance 1 --attacker
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --attacker is for a retreat of the attacking units: '--attacker'"
	run --separate-stderr umpire -g sotq map svg "$SQUARE" --situation "$f" --unit z --retreat 3 --attacker
	assert_one_line_error 2
}

@test "--path --unit: the path is priced for the unit named, not the top of the stack" {
	# loe-stack.json: x (a division, on top) and y (non-div) in 2504;
	# 2605 is clear with jungle, 1 + 3 = 4 MP (6.3.6), for either; the
	# path is x's unless --unit names y
	local s="$FIXTURES/move/loe-stack.json"
	render x -g loe teaching --situation "$s" --path 2504,2605
	grep -q 'class="title">x from 2504: 1 hex for 4 MP of 6<' "$BATS_TEST_TMPDIR/x.svg"
	render y -g loe teaching --situation "$s" --path 2504,2605 --unit y
	grep -q 'class="title">y from 2504: 1 hex for 4 MP of 6<' "$BATS_TEST_TMPDIR/y.svg"
	run probe centres y "$PATH_COLOUR"
	assert_equal "$(echo $output)" "2504 2605"
	# --unit must stand where the path starts, and be in the situation
	run --separate-stderr umpire -g loe map svg teaching --situation "$s" --path 2504,2605 --unit a1
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --unit: a1 does not stand in 2504, where the path starts: 'a1'"
	run --separate-stderr umpire -g loe map svg teaching --situation "$s" --path 2504,2605 --unit nobody
	assert_one_line_error 2
}
