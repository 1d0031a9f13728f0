#!/usr/bin/env bats
# supply-trace: supply lines on a map.  The map tests/fixtures/supply/
# loe-corridor.json is ocean but for corridors one hex wide (column 10 to
# the Italian source 1019, column 05 to the town 0520), so every count below
# is a difference of rows, worked by hand in the comment beside it.

load helpers
load picture

MAP="$BATS_TEST_DIRNAME/fixtures/supply/loe-corridor.json"

# sit NAME UNIT...: a loe situation of units "id side type hex [marker]"
sit() {
	local f="$BATS_TEST_TMPDIR/$1.json" sep="" id side type hex mk
	shift
	{
		printf '{ "format": "umpire-situation/1", "game": "loe", "units": [\n'
		for u in "$@"; do
			read -r id side type hex mk <<<"$u"
			printf '%s{ "id": "%s", "side": "%s", "type": "%s", "strength": 4, "ma": 6, "hex": "%s"%s }\n' \
			    "$sep" "$id" "$side" "$type" "$hex" \
			    "${mk:+, \"markers\": [\"$mk\"]}"
			sep=","
		done
		printf ']}\n'
	} >"$f"
	echo "$f"
}

st() {
	run --separate-stderr umpire -g loe supply-trace "$@"
}

@test "loe 9.2: a line of exactly 7 hexes reaches the source" {
	# 1012 to 1019: 1013 .. 1019 = 19 - 12 = 7 hexes, the source's counted
	s=$(sit seven "a italian italian-inf 1012")
	st --map "$MAP" --situation "$s" --unit a --json
	assert_success
	assert_equal "$(json_get '.units[0].supplied' <<<"$output")" true
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 7
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 1019
	assert_equal "$(json_get '.units[0].path[7].hex' <<<"$output")" 1019
	assert_equal "$stderr" ""
}

@test "loe: a supply line reads no movement costs, so a broken tec.json is no bar" {
	# 9.2.1: a line crosses any terrain but ocean, whatever it costs to
	# move: supply-trace leaves loe/tec.json unread, move-cost does not
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	echo '{ not json' >"$BATS_TEST_TMPDIR/d/loe/tec.json"
	s=$(sit seven "a italian italian-inf 1012")
	UMPIRE_DATA="$BATS_TEST_TMPDIR/d" st --map "$MAP" --situation "$s" --unit a --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 7
	run --separate-stderr env UMPIRE_DATA="$BATS_TEST_TMPDIR/d" umpire -g loe \
	    move-cost --map "$MAP" --situation "$s" --unit a --reach
	assert_failure 3
	[[ "$stderr" == *"d/loe/tec.json"* ]]
}

@test "loe 9.2: a line of 8 hexes is one too many" {
	# 1011 to 1019: 19 - 11 = 8 hexes where 7 are allowed
	s=$(sit eight "a italian italian-inf 1011")
	st --map "$MAP" --situation "$s" --unit a
	assert_failure 1
	assert_output --partial "8 hexes where 7 are allowed"
	assert_equal "$stderr" ""
}

@test "loe 9.2.2 B: an unnegated EZOC may end a line" {
	# 0514 to the town 0520: 6 hexes; the Italian in 0521 puts 0520 in
	# its zone, and the line ends there
	s=$(sit end "e ethiopian ethiopian-irr 0514" "i italian italian-inf 0521")
	st --map "$MAP" --situation "$s" --unit e --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 6
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 0520
	assert_equal "$(json_get '.units[0].path[6].rule' <<<"$output")" "9.3.1 C"
}

@test "loe 9.2.2 B: an unnegated EZOC may not be passed through" {
	# the Italian in 0616 (even column, half a hex higher) touches 0515
	# and 0516: the line from 0514 enters 0515 and may go no further
	s=$(sit pass "e ethiopian ethiopian-irr 0514" "i italian italian-inf 0616")
	st --map "$MAP" --situation "$s" --unit e --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].blocked_by.hex' <<<"$output")" 0515
	assert_equal "$(json_get '.units[0].blocked_by.rule' <<<"$output")" "9.2.2 B"
}

@test "loe 5.7: the same EZOC negated by friendly units lets the line through" {
	# friendly units in 0515 and 0516 negate both hexes of the zone:
	# 0514 to 0520 is 6 hexes again
	s=$(sit negated "e ethiopian ethiopian-irr 0514" "i italian italian-inf 0616" \
	    "f1 ethiopian ethiopian-irr 0515" "f2 ethiopian ethiopian-irr 0516")
	st --map "$MAP" --situation "$s" --unit e --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 6
	assert_equal "$(json_get '.units[0].path[1].rule' <<<"$output")" 5.7
}

@test "loe 9.2.1: a river is crossed without a bridge" {
	# 0517/0518 is a river hexside on the way from 0514 to 0520
	s=$(sit river "e ethiopian ethiopian-irr 0514")
	st --map "$MAP" --situation "$s" --unit e --json
	assert_success
	assert_equal "$(json_get '.units[0].path[4].hex' <<<"$output")" 0518
	json_get '.units[0].path[4].why' <<<"$output" | grep -q "no bridge"
}

@test "loe 9.2.1: neutral territory is refused" {
	jq '.hexes["0518"] = {"terrain": "clear", "features": ["neutral"]}' \
	    "$MAP" >"$BATS_TEST_TMPDIR/nmap.json"
	s=$(sit neutral "e ethiopian ethiopian-irr 0514")
	st --map "$BATS_TEST_TMPDIR/nmap.json" --situation "$s" --unit e --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].blocked_by.hex' <<<"$output")" 0518
	assert_equal "$(json_get '.units[0].blocked_by.rule' <<<"$output")" 9.2.1
}

@test "loe 9.3.2: a road hex joined to the source is a source" {
	# 1030 to 1019 is 11 hexes, but 1025 is on the road from 1019:
	# 30 - 25 = 5 hexes
	s=$(sit road "a italian italian-inf 1030")
	st --map "$MAP" --situation "$s" --unit a --json
	assert_success
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 1025
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 5
}

@test "loe 9.3.2: an enemy unit on the road cuts the road source" {
	# the Ethiopian in 1022 breaks the road 1019-1025; its zone covers
	# 1023, which the line from 1030 enters and may not leave
	s=$(sit cut "a italian italian-inf 1030" "e ethiopian ethiopian-irr 1022")
	st --map "$MAP" --situation "$s" --unit a --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].blocked_by.hex' <<<"$output")" 1023
}

@test "loe 9.4.1: markers go none, OOS-1, OOS-2, eliminated, and off when supplied" {
	s=$(sit marks "a italian italian-inf 1011" "b italian italian-inf 1011 oos-1" \
	    "c italian italian-inf 1011 oos-2" "d italian italian-inf 1012 oos-2")
	st --map "$MAP" --situation "$s" --side italian --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].marker.new' <<<"$output")" oos-1
	assert_equal "$(json_get '.units[1].marker.new' <<<"$output")" oos-2
	assert_equal "$(json_get '.units[2].marker.new' <<<"$output")" eliminated
	assert_equal "$(json_get '.units[3].marker.new' <<<"$output")" none
	assert_equal "$(json_get '.units[3].marker.rule' <<<"$output")" "9.4.1 B"
	assert_equal "$(json_get '.eliminated' <<<"$output")" 1
}

@test "loe 9.4.3 B: in the combat phase markers stay" {
	s=$(sit combat "a italian italian-inf 1011 oos-1")
	st --map "$MAP" --situation "$s" --unit a --phase combat --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].marker.new' <<<"$output")" oos-1
	assert_equal "$(json_get '.units[0].effect_rule' <<<"$output")" "9.4.3 C"
}

@test "--update writes the markers back; without it the file is untouched" {
	s=$(sit upd "a italian italian-inf 1011" "c italian italian-inf 1011 oos-2" \
	    "d italian italian-inf 1012 oos-1")
	cp "$s" "$BATS_TEST_TMPDIR/before.json"
	st --map "$MAP" --situation "$s" --side italian
	cmp "$s" "$BATS_TEST_TMPDIR/before.json"
	st --map "$MAP" --situation "$s" --side italian --update
	assert_failure 1
	assert_equal "$(jq -c '[.units[] | [.id, (.markers // [])]]' "$s")" \
	    '[["a",["oos-1"]],["d",[]]]'
}

@test "loe 13.2 E: Selassie is always in supply" {
	s=$(sit sel "s ethiopian selassie 1011")
	st --map "$MAP" --situation "$s" --unit s --json
	assert_success
	assert_equal "$(json_get '.units[0].rule' <<<"$output")" "13.2 E"
}

@test "by eye: 7 hexes hold, 8 do not; an EZOC passed blocks, a river does not" {
	run --separate-stderr umpire -g loe supply-trace --hexes 7 --through river
	assert_success
	run --separate-stderr umpire -g loe supply-trace --hexes 8
	assert_failure 1
	run --separate-stderr umpire -g loe supply-trace --hexes 3 --through river+ezoc --json
	assert_failure 1
	assert_equal "$(json_get '.through[1].rule' <<<"$output")" "9.2.2 B"
}

@test "bad input: one line on stderr, nothing on stdout" {
	s=$(sit bad "a italian italian-inf 1011")
	st --map "$MAP" --situation "$s" --unit nobody
	assert_failure 2
	assert_equal "$output" ""
	assert_equal "$stderr" "umpire supply-trace: no such unit in the situation: 'nobody'"
	st --map "$MAP" --situation "$s" --unit a --phase lunch
	assert_failure 2
	run --separate-stderr umpire -g loe supply-trace --hexes 3 --through unicorn
	assert_failure 2
	assert_equal "$stderr" "umpire supply-trace: --through: not a loe word: 'unicorn'"
}

@test "toto 15.2: a supply unit's radius of 2, counted in hexes" {
	sed 's/"game": "loe"/"game": "toto"/; s/ocean/sea/g' "$MAP" |
	    jq '.hexes |= with_entries(.value.features = []) | .hexsides = []' \
	    >"$BATS_TEST_TMPDIR/t.json"
	cat >"$BATS_TEST_TMPDIR/ts.json" <<-J
	{ "format": "umpire-situation/1", "game": "toto", "units": [
	 { "id": "sup", "side": "allied", "type": "supply", "strength": 0, "ma": 4, "hex": "0515" },
	 { "id": "near", "side": "allied", "type": "infantry", "strength": 2, "ma": 4, "hex": "0517" },
	 { "id": "far", "side": "allied", "type": "infantry", "strength": 2, "ma": 4, "hex": "0518" } ] }
	J
	# 0517 is 17 - 15 = 2 hexes from the supply unit; 0518 is 3
	run --separate-stderr umpire -g toto supply-trace --map "$BATS_TEST_TMPDIR/t.json" \
	    --situation "$BATS_TEST_TMPDIR/ts.json" --side allied --phase attrition --season winter --json
	assert_failure 1
	assert_equal "$(json_get '.units[1].supplied' <<<"$output")" true
	assert_equal "$(json_get '.units[1].hexes' <<<"$output")" 2
	assert_equal "$(json_get '.units[2].supplied' <<<"$output")" false
	# 15.6, 38.0: clear terrain in winter calls for one check
	assert_equal "$(json_get '.units[2].attrition_checks' <<<"$output")" 1
	assert_equal "$(json_get '.units[0].rule' <<<"$output")" 15.12
}

LINE_COLOUR='#e6007e'
OOS_COLOUR='#d7191c'

@test "--svg: each unit's line shows at its hexes' centres and nowhere else" {
	# a at 1016 traces 1017, 1018, 1019 (3 hexes); e at 0517 traces
	# 0518, 0519, 0520, the town (3 hexes); each side's picture shows its
	# own units' lines only
	s=$(sit svg "a italian italian-inf 1016" "e ethiopian ethiopian-irr 0517")
	picture e -g loe supply-trace --map "$MAP" --situation "$s" --side ethiopian --svg
	run probe centres e "$LINE_COLOUR"
	assert_success
	assert_equal "$(echo $output)" "0517 0518 0519 0520"
	picture i -g loe supply-trace --map "$MAP" --situation "$s" --side italian --svg
	run probe centres i "$LINE_COLOUR"
	assert_equal "$(echo $output)" "1016 1017 1018 1019"
}

# map show's letter after a hex's id in the drawing (the legend, below
# it, names hexes too): "0517 S" -> S, "0518" -> nothing
letter() {
	grep -o "$1\*\? [A-Z=@]\?" | head -n 1 | sed 's/^[0-9]*\** *//'
}

@test "map svg and map show --supply --lost: a town the enemy has taken is no source (9.3.1 C)" {
	# e in 0517 traces 0518, 0519 to the town 0520: 3 hexes (9.2).  The
	# other town on the map, 1019, is an Italian source 9.3.1 B lists, no
	# Ethiopian one, so with 0520 lost e has no source at all
	s=$(sit lost "e ethiopian ethiopian-irr 0517")
	picture held -g loe map svg "$MAP" --situation "$s" --supply ethiopian
	run probe centres held "$LINE_COLOUR"
	assert_equal "$(echo $output)" "0517 0518 0519 0520"
	# the OOS ring lies 0.8 R from the hex's centre: none while 0520 holds
	run probe at held 0517 0.8 0
	refute_output "$OOS_COLOUR"
	picture lost -g loe map svg "$MAP" --situation "$s" --supply ethiopian --lost 0520
	run probe centres lost "$LINE_COLOUR"
	assert_output ""
	run probe at lost 0517 0.8 0
	assert_output "$OOS_COLOUR"
	grep -q 'class="title">supply: ethiopian, hexes lost: 0520<' "$BATS_TEST_TMPDIR/lost.svg"
	# supply-trace draws the same picture from the same answer
	umpire -g loe supply-trace --map "$MAP" --situation "$s" --side ethiopian \
	    --lost 0520 --svg >"$BATS_TEST_TMPDIR/t.svg"
	cmp "$BATS_TEST_TMPDIR/lost.svg" "$BATS_TEST_TMPDIR/t.svg"
	# the text drawing: S and the source @ while it holds, O once lost
	run --separate-stderr umpire -g loe map show "$MAP" --situation "$s" \
	    --supply ethiopian --around 0518 --radius 2
	assert_success
	assert_equal "$(letter 0517 <<<"$output") $(letter 0520 <<<"$output")" "S @"
	run --separate-stderr umpire -g loe map show "$MAP" --situation "$s" \
	    --supply ethiopian --around 0518 --radius 2 --lost 0520
	assert_success
	assert_equal "$(letter 0517 <<<"$output")" O
	assert_equal "$(letter 0520 <<<"$output")" ""
	assert_line "supply: ethiopian, hexes lost: 0520"
	# --json says the question as well as the answer, the same three ways
	run --separate-stderr umpire -g loe --json map show "$MAP" --situation "$s" \
	    --supply ethiopian --lost 0520
	assert_equal "$(json_get '[.phase, .lost, .supply[0].supplied] | map(tostring) | join(" ")' <<<"$output")" "movement 0520 false"
	run --separate-stderr umpire -g loe --json map svg "$MAP" --situation "$s" \
	    --supply ethiopian --lost 0520 -o "$BATS_TEST_TMPDIR/j.svg"
	assert_equal "$(json_get '[.phase, .lost, .supply[0].supplied] | map(tostring) | join(" ")' <<<"$output")" "movement 0520 false"
	run --separate-stderr umpire -g loe --json supply-trace --map "$MAP" --situation "$s" \
	    --side ethiopian --lost 0520
	assert_equal "$(json_get '[.phase, .lost] | join(" ")' <<<"$output")" "movement 0520"
}

@test "map svg and map show --supply --phase combat: a supply unit that moved gives no offensive supply (toto 15.8)" {
	# u in 0517 is 17 - 15 = 2 hexes from the supply unit in 0515, within
	# its radius of 2 (15.2), in the Movement Phase; in the Combat Phase
	# a supply unit that has moved is no source (15.8)
	m=$(tmap)
	s=$(tsit moved "sup allied supply 0515 moved" "u allied infantry 0517")
	picture move -g toto map svg "$m" --situation "$s" --supply allied
	run probe centres move "$LINE_COLOUR"
	assert_equal "$(echo $output)" "0515 0516 0517"
	run probe at move 0517 0.8 0
	refute_output "$OOS_COLOUR"
	picture fight -g toto map svg "$m" --situation "$s" --supply allied --phase combat
	run probe centres fight "$LINE_COLOUR"
	assert_output ""
	run probe at fight 0517 0.8 0
	assert_output "$OOS_COLOUR"
	grep -q 'class="title">supply: allied, combat phase<' "$BATS_TEST_TMPDIR/fight.svg"
	umpire -g toto supply-trace --map "$m" --situation "$s" --side allied \
	    --phase combat --svg >"$BATS_TEST_TMPDIR/t.svg"
	cmp "$BATS_TEST_TMPDIR/fight.svg" "$BATS_TEST_TMPDIR/t.svg"
	# the movement phase's answer is the default, by name or not
	umpire -g toto supply-trace --map "$m" --situation "$s" --side allied \
	    --phase movement --svg >"$BATS_TEST_TMPDIR/t.svg"
	cmp "$BATS_TEST_TMPDIR/move.svg" "$BATS_TEST_TMPDIR/t.svg"
	run --separate-stderr umpire -g toto map show "$m" --situation "$s" \
	    --supply allied --around 0516 --radius 1
	assert_equal "$(letter 0516 <<<"$output") $(letter 0517 <<<"$output")" "= S"
	run --separate-stderr umpire -g toto --json map show "$m" --situation "$s" \
	    --supply allied --around 0516 --radius 1 --phase combat
	assert_success
	assert_equal "$(json_get '[.supply[] | .unit + ":" + (.supplied | tostring)] | join(" ")' <<<"$output")" \
	    "sup:true u:false"
	run --separate-stderr umpire -g toto map show "$m" --situation "$s" \
	    --supply allied --around 0516 --radius 1 --phase combat
	assert_equal "$(letter 0516 <<<"$output") $(letter 0517 <<<"$output")" " O"
}

@test "map svg and map show: --phase and --lost go with --supply, and are checked" {
	s=$(sit opts "e ethiopian ethiopian-irr 0517")
	run --separate-stderr umpire -g loe map svg "$MAP" --situation "$s" --lost 0520
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --phase and --lost are for --supply: '0520'"
	run --separate-stderr umpire -g loe map show "$MAP" --phase combat
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --phase and --lost are for --supply: 'combat'"
	run --separate-stderr umpire -g loe map show "$MAP" --situation "$s" --supply e --phase lunch
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: bad --phase: 'lunch' (expected movement, combat or attrition)"
	run --separate-stderr umpire -g loe map svg "$MAP" --situation "$s" --supply e --lost 9999
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --lost: no such hex on the map: '9999'"
	run --separate-stderr umpire -g loe map check "$MAP" --lost 0520
	assert_one_line_error 2
}

# tmap [JQ]: the corridor map as a toto map (sea for ocean), edited by JQ
tmap() {
	sed 's/"game": "loe"/"game": "toto"/; s/ocean/sea/g' "$MAP" |
	    jq ".hexes |= with_entries(.value.features = []) | .hexsides = [] | ${1:-.}" \
	    >"$BATS_TEST_TMPDIR/tm.json"
	echo "$BATS_TEST_TMPDIR/tm.json"
}

# tsit NAME UNIT...: as sit, for toto
tsit() {
	local f
	f=$(sit "$@")
	sed -i 's/"game": "loe"/"game": "toto"/' "$f"
	echo "$f"
}

tt() {
	run --separate-stderr umpire -g toto supply-trace "$@"
}

@test "toto 22: a guerrilla blocks no line; an infantry division does (15.2)" {
	# the line from 0517 to the supply unit in 0515 runs through 0516
	m=$(tmap)
	s=$(tsit g "sup allied supply 0515" "u allied infantry 0517" "g ottoman guerrilla 0516")
	tt --map "$m" --situation "$s" --unit u --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 2
	s=$(tsit i "sup allied supply 0515" "u allied infantry 0517" "g ottoman infantry 0516")
	tt --map "$m" --situation "$s" --unit u --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].blocked_by.hex' <<<"$output")" 0516
	assert_equal "$(json_get '.units[0].blocked_by.rule' <<<"$output")" 15.2
}

@test "toto 23.4: Wassmuss and Lawrence, treated as guerrillas, block no line" {
	m=$(tmap)
	for type in wassmuss lawrence; do
		s=$(tsit "$type" "sup allied supply 0515" \
		    "u allied infantry 0517" "g ottoman $type 0516")
		tt --map "$m" --situation "$s" --unit u --json
		assert_success
		assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 2
	done
}

@test "toto 38.0: lava flow carries a line only along a road" {
	# 0616 to sea, so that no way round is as near as the lava
	m=$(tmap '.hexes["0516"] = {"terrain": "lava-flow"} | .ranges |= map(select(.from != "0616"))')
	s=$(tsit lava "sup allied supply 0515" "u allied infantry 0517")
	tt --map "$m" --situation "$s" --unit u --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].blocked_by.rule' <<<"$output")" 38.0
	m=$(tmap '.hexes["0515"] = {"terrain": "clear", "features": ["road"]}
	    | .hexes["0516"] = {"terrain": "lava-flow", "features": ["road"]}
	    | .hexes["0517"] = {"terrain": "clear", "features": ["road"]}')
	tt --map "$m" --situation "$s" --unit u --json
	assert_success
}

@test "toto 15.8, 24.2: offensive supply needs a supply unit that has not moved, and no winter" {
	m=$(tmap)
	s=$(tsit off "sup allied supply 0515 moved" "u allied infantry 0517")
	tt --map "$m" --situation "$s" --unit u --phase combat --json
	assert_failure 1
	s=$(tsit off2 "sup allied supply 0515" "u allied infantry 0517")
	tt --map "$m" --situation "$s" --unit u --phase combat --json
	assert_success
	assert_equal "$(json_get '.units[0].effect_rule' <<<"$output")" "15.7, 15.8"
	tt --map "$m" --situation "$s" --unit u --phase combat --season winter --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].effect_rule' <<<"$output")" 24.2
}

@test "toto 15.3: a unit in a fortification hex is in general supply; attrition in desert" {
	m=$(tmap '.hexes["0520"] = {"terrain": "clear", "features": ["fort"]}
	    | .hexes["0512"] = {"terrain": "desert"}')
	s=$(tsit fort "f allied infantry 0520" "d allied infantry 0512" "c allied camel 0512")
	tt --map "$m" --situation "$s" --side allied --phase attrition --season summer --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].rule' <<<"$output")" "15.3, 15.12"
	# the TEC: desert checks in summer and winter, camels only in winter
	assert_equal "$(json_get '.units[1].attrition_checks' <<<"$output")" 1
	assert_equal "$(json_get '.units[2].attrition_checks' <<<"$output")" 0
}

@test "completion: --through offers the game's words and the command's after a '+'" {
	run --separate-stderr umpire __complete -g loe supply-trace --through river+ez
	assert_success
	assert_output "$(printf '%s\n' river+ezoc river+ezoc-end river+ezoc-negated)"
	run --separate-stderr umpire __complete -g toto supply-trace --through lava
	assert_output lava-flow
}

@test "--situation takes a name; --update does not" {
	# the teaching situation: eth-irr-a in 3925 reaches Dese (4023)
	run --separate-stderr umpire -g loe supply-trace --map teaching --situation teaching --unit eth-irr-a --json
	assert_success
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 4023
	run --separate-stderr umpire -g loe supply-trace --map teaching --situation teaching --side italian --update
	assert_failure 2
	assert_equal "$output" ""
}

@test "--update on a situation another process holds: exit 5, the file untouched" {
	s=$(sit busy "a italian italian-inf 1011")
	# a first update makes the lock, in umpire's state folder (outfile.h)
	st --map "$MAP" --situation "$s" --side italian --update
	cp "$s" "$BATS_TEST_TMPDIR/before.json"
	flock "$XDG_STATE_HOME"/umpire/locks/*.lock sleep 5 &
	sleep 0.3
	UMPIRE_LOCK_TIMEOUT=0.2 run --separate-stderr umpire -g loe supply-trace \
	    --map "$MAP" --situation "$s" --side italian --update
	assert_failure 5
	assert_equal "$output" ""
	kill %1 2>/dev/null || true
	wait
	cmp "$s" "$BATS_TEST_TMPDIR/before.json"
}

@test "--update refuses a broken situation and leaves it as it is" {
	s="$BATS_TEST_TMPDIR/broken.json"
	printf '{ "format": "umpire-situation/1", "units": [ { "id": 1 } ] }\n' >"$s"
	cp "$s" "$BATS_TEST_TMPDIR/before.json"
	st --map "$MAP" --situation "$s" --side italian --update
	assert_failure 3
	assert_equal "$output" ""
	cmp "$s" "$BATS_TEST_TMPDIR/before.json"
}

@test "loe 13.1.2: command control within 2 hexes of the army's HQ, its own answer" {
	# the HQ of army 1 in 0516: 0514 is 16 - 14 = 2 hexes from it, 0512
	# is 4; both trace supply to the town 0520 (6 and 8 hexes)
	s=$(sit cmd "n ethiopian ethiopian-reg 0514 army-1" "h ethiopian ethiopian-hq 0516 army-1" \
	    "far ethiopian ethiopian-reg 0512 army-1")
	st --map "$MAP" --situation "$s" --side ethiopian --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].command_rule' <<<"$output")" "13.1.2 A"
	assert_equal "$(json_get '.units[2].command_rule' <<<"$output")" "13.1.2 B"
	assert_equal "$(json_get '.units[2].supplied' <<<"$output")" false
}

@test "loe 16.1.2: a Graziani gruppo out of supply suffers it all but may move away" {
	s=$(sit graz "g italian graziani 1011")
	st --map "$MAP" --situation "$s" --unit g --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].effect_rule' <<<"$output")" 16.1.2
	assert_equal "$(json_get '.units[0].marker.new' <<<"$output")" oos-1
}

@test "toto 11.2, 11.9: a friendly unit in an enemy zone does not let a line through" {
	# the line 0517 -> 0516 -> 0515; the Ottoman in 0616 has 0515 and 0516
	# in its zone (odd-q: an even column's neighbours to the west are
	# rows 15 and 16).  A line may enter a zone, not go through (11.9),
	# and no unit negates a zone (11.2), not even an Allied one in 0516.
	m=$(tmap)
	for friend in "" "f allied infantry 0516"; do
		s=$(tsit z "sup allied supply 0515" "u allied infantry 0517" \
		    "e ottoman infantry 0616" ${friend:+"$friend"})
		tt --map "$m" --situation "$s" --unit u --json
		assert_failure 1
		assert_equal "$(json_get '.units[0].blocked_by.hex' <<<"$output")" 0516
		assert_equal "$(json_get '.units[0].blocked_by.rule' <<<"$output")" "15.2, 11.9"
	done
	# map show --supply shares the answer: u is out of supply
	run --separate-stderr umpire -g toto --json map show "$m" --situation "$s" --supply allied
	assert_equal "$(json_get '.supply[] | select(.unit == "u") | [.supplied, .blocked] | join(" ")' <<<"$output")" "false 0516"
}

@test "loe 5.7: there, a friendly unit in the zone does let the line through" {
	# the same corridor in loe: a line runs down column 10 to 1019;
	# an Ethiopian in 1114 puts 1014 and 1015 in its zone (odd-q, an even
	# column), Italians in both negate it
	# (1012 to 1019: 7 hexes, the most 9.2 allows)
	s=$(sit neg "a italian italian-inf 1012" "e ethiopian ethiopian-reg 1114" \
	    "f italian italian-inf 1014" "g italian italian-inf 1015")
	st --map "$MAP" --situation "$s" --unit a --json
	assert_success
	s=$(sit noneg "a italian italian-inf 1012" "e ethiopian ethiopian-reg 1114")
	st --map "$MAP" --situation "$s" --unit a --json
	assert_failure 1
}

@test "loe 9.4.1 D: an eliminated unit's effect is its elimination, not half its MA" {
	s=$(sit elim "c italian italian-inf 1011 oos-2")
	st --map "$MAP" --situation "$s" --unit c --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].marker.new' <<<"$output")" eliminated
	assert_equal "$(json_get '.units[0].effect_rule' <<<"$output")" "9.4.1 D"
	refute_output --partial "half its MA"
}

@test "loe 9.2: a line of one hex is said as one hex" {
	# 1018 to the source 1019: one hex (7 allowed)
	s=$(sit one "a italian italian-inf 1018")
	st --map "$MAP" --situation "$s" --unit a --json
	assert_success
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 1
	[[ "$(json_get '.units[0].how' <<<"$output")" == "1 hex (7 allowed) to 1019"* ]]
}

@test "loe 3.3 A, 9.3.1 C: a town of Italian territory is no Ethiopian source until Ethiopia takes it" {
	# An all-clear map, no roads; 0505 a town the map marks italian
	# (Eritrea, say), 0303 an Ethiopian regular.  Odd-q cube: 0303
	# (3, 3 - 1 = 2), 0505 (5, 5 - 2 = 3): dx 2, dz 1, dy -3: 3 hexes.
	cat >"$BATS_TEST_TMPDIR/col.json" <<'JSON'
{ "format": "umpire-map/1", "game": "loe", "name": "col", "source": "user",
  "layout": "odd-q", "default": "clear",
  "ranges": [ { "from": "0101", "to": "0909", "terrain": "clear" } ],
  "hexes": { "0505": { "terrain": "clear", "features": ["town", "italian"] } },
  "hexsides": [] }
JSON
	local m="$BATS_TEST_TMPDIR/col.json"
	s=$(sit start "e ethiopian ethiopian-reg 0303")
	# at the start Italy holds the town (3.3 A): no source at all
	st --map "$m" --situation "$s" --unit e --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.units[0].supplied' <<<"$output")" false
	# the situation says Ethiopia has taken it (3.3 B): 3 hexes to it
	printf '{ "game": "loe", "control": { "ethiopian": ["0505"] }, "units": [ { "id": "e", "side": "ethiopian", "type": "ethiopian-reg", "strength": 4, "ma": 6, "hex": "0303" } ] }\n' >"$BATS_TEST_TMPDIR/taken.json"
	st --map "$m" --situation "$BATS_TEST_TMPDIR/taken.json" --unit e --json
	assert_success
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 0505
	assert_equal "$(json_get '.units[0].hexes' <<<"$output")" 3
	assert_equal "$(json_get '.units[0].rule' <<<"$output")" "9.3.1 C"
	# --lost still takes it back from Ethiopia for one run
	st --map "$m" --situation "$BATS_TEST_TMPDIR/taken.json" --unit e --lost 0505
	assert_equal "$status" 1
	# an Ethiopian unit standing in the town has entered it and holds it
	s=$(sit inside "e ethiopian ethiopian-reg 0303" "f ethiopian ethiopian-reg 0505")
	st --map "$m" --situation "$s" --unit e --json
	assert_success
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 0505
	# a town the map does not mark italian is Ethiopia's from the start,
	# and the situation's control can give it to Italy
	printf '{ "game": "loe", "control": { "italian": ["0505"] }, "units": [ { "id": "e", "side": "ethiopian", "type": "ethiopian-reg", "strength": 4, "ma": 6, "hex": "0303" } ] }\n' >"$BATS_TEST_TMPDIR/gone.json"
	sed 's/"town", "italian"/"town"/' "$m" >"$BATS_TEST_TMPDIR/eth.json"
	st --map "$BATS_TEST_TMPDIR/eth.json" --situation "$s" --unit e
	assert_success
	st --map "$BATS_TEST_TMPDIR/eth.json" --situation "$BATS_TEST_TMPDIR/gone.json" --unit e
	assert_equal "$status" 1
}

@test "loe 3.3 A on the teaching map: Asmara 5329 is Italy's at the start, a town source once taken" {
	# e in 5430 is next to Asmara (odd-q: 5430 (54, 3), 5329 (53, 3)).
	# At the start Asmara is no town of Ethiopia's; it is still a road hex
	# joined by road to Adigrat 4828 (9.3.2: 5329-5229-5128-5029-4928-4828)
	s=$(sit asm "e ethiopian ethiopian-reg 5430")
	st --map teaching --situation "$s" --unit e --json
	assert_success
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 5329
	assert_equal "$(json_get '.units[0].path[1].rule' <<<"$output")" 9.3.2
	# taken by Ethiopia, it is a source as a town (9.3.1 C)
	printf '{ "game": "loe", "map": "teaching", "control": { "ethiopian": ["5329"] }, "units": [ { "id": "e", "side": "ethiopian", "type": "ethiopian-reg", "strength": 4, "ma": 6, "hex": "5430" } ] }\n' >"$BATS_TEST_TMPDIR/asm2.json"
	st --map teaching --situation "$BATS_TEST_TMPDIR/asm2.json" --unit e --json
	assert_success
	assert_equal "$(json_get '.units[0].source' <<<"$output")" 5329
	assert_equal "$(json_get '.units[0].path[1].rule' <<<"$output")" "9.3.1 C"
	assert_equal "$(json_get '.units[0].how' <<<"$output")" "1 hex (7 allowed) to 5329, a town Ethiopia controls"
	# control names hexes on the map, each held by one side
	printf '{ "game": "loe", "control": { "ethiopian": ["9999"] }, "units": [] }\n' >"$BATS_TEST_TMPDIR/bad.json"
	st --map teaching --situation "$BATS_TEST_TMPDIR/bad.json" --side ethiopian
	assert_one_line_error 3
	[[ "$stderr" == *"control.ethiopian: no such hex or range on the map: '9999'" ]] || fail "stderr: $stderr"
	printf '{ "game": "loe", "control": { "ethiopian": ["5329"], "italian": ["5228-5330"] }, "units": [] }\n' >"$BATS_TEST_TMPDIR/bad.json"
	st --map teaching --situation "$BATS_TEST_TMPDIR/bad.json" --side ethiopian
	assert_one_line_error 3
	[[ "$stderr" == *"control: a hex in two sides' hands: '5228-5330'" ]] || fail "stderr: $stderr"
}

@test "loe 13.1.2 B: --update marks a unit out of command control dis, and move-cost then halves its MA" {
	# the HQ of army 1 in 0516; u in 0519 is 19 - 16 = 3 hexes off, one
	# more than 13.1.2 A allows, yet in supply (0520 is 1 hex away)
	s=$(sit cc "h ethiopian ethiopian-hq 0516 army-1" "u ethiopian ethiopian-reg 0519 army-1")
	run --separate-stderr umpire -g loe --json move-cost --map "$MAP" --situation "$s" --unit u --reach
	assert_success
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 6
	st --map "$MAP" --situation "$s" --side ethiopian --update --json
	assert_success
	assert_equal "$(json_get '.units[1].command_rule' <<<"$output")" "13.1.2 B"
	assert_equal "$(json_get '.units[1].command_marker' <<<"$output")" dis
	assert_equal "$(jq -c '[.units[] | [.id, (.markers // [])]]' "$s")" \
	    '[["h",["army-1"]],["u",["army-1","dis"]]]'
	# 11.4.4 B, which 13.1.2 B points to: half of 6, rounded up, is 3
	run --separate-stderr umpire -g loe --json move-cost --map "$MAP" --situation "$s" --unit u --reach
	assert_success
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 3
	assert_equal "$(json_get '.units[0].ma_rule' <<<"$output")" 11.4.4
	# a second update adds no second marker (a second disruption adds
	# nothing, 11.4.4 B); the HQ itself needs no command control
	st --map "$MAP" --situation "$s" --side ethiopian --update
	assert_success
	assert_equal "$(jq -c '[.units[] | [.id, (.markers // [])]]' "$s")" \
	    '[["h",["army-1"]],["u",["army-1","dis"]]]'
	# without --update the file is left as it was
	s=$(sit cc2 "h ethiopian ethiopian-hq 0516 army-1" "u ethiopian ethiopian-reg 0519 army-1")
	cp "$s" "$BATS_TEST_TMPDIR/before.json"
	st --map "$MAP" --situation "$s" --side ethiopian
	cmp "$s" "$BATS_TEST_TMPDIR/before.json"
}

@test "toto 15.12, 7.4: a fortification counter and the units with it are in general supply" {
	# no supply unit anywhere; the fortification counter in 0520 (placed in
	# play, 7.4: the map has no fort there) supplies itself and the
	# division with it (15.12), not the one next door in 0519
	m=$(tmap)
	s=$(tsit fortc "k allied fortification 0520" "f allied infantry 0520" \
	    "n allied infantry 0519" "e ottoman fortification 0512")
	tt --map "$m" --situation "$s" --side allied --json
	assert_failure 1
	assert_equal "$(json_get '[.units[] | "\(.id) \(.supplied) \(.rule)"] | join(",")' <<<"$output")" \
	    "k true 15.12,f true 15.3, 15.12,n false 15.2"
	# an enemy's fortification counter supplies nobody of this side (and
	# no enemy shares its hex, 10.4: the allied unit stands next to it)
	s=$(tsit fortd "e ottoman fortification 0520" "f allied infantry 0519")
	tt --map "$m" --situation "$s" --unit f --json
	assert_failure 1
}

@test "toto 15.2: a side with no supply unit is told so, not how far the search looked" {
	m=$(tmap)
	s=$(tsit none "u allied infantry 0517" "s ottoman supply 0520")
	tt --map "$m" --situation "$s" --unit u
	assert_failure 1
	assert_output --partial "u is out of supply: no supply unit of the allied side"
	refute_output --partial "even breaking"
}

@test "toto 15.4: a combat-phase check without offensive supply says what it lacks" {
	m=$(tmap)
	# the only supply unit moved (15.8): no offensive supply, yet the unit
	# is in general supply within its radius
	s=$(tsit offl "sup allied supply 0515 moved" "u allied infantry 0517")
	tt --map "$m" --situation "$s" --unit u --phase combat --json
	assert_failure 1
	assert_equal "$(json_get '.units[0].lacks' <<<"$output")" "offensive supply"
	tt --map "$m" --situation "$s" --unit u --phase combat
	assert_output --partial "u lacks offensive supply: no supply unit of the allied side"
	refute_output --partial "out of supply"
	tt --map "$m" --situation "$s" --side allied --phase combat
	assert_output --partial "lacks offensive supply"
}

@test "toto 22.3 over 38.0: a guerrilla in desert or rough makes no attrition check, and the trail says why" {
	# the TEC's desert and rough rows name guerrillas; umpire reads 22.3
	# (guerrillas need no supply) as the rule: no check in any season
	m=$(tmap '.hexes["0512"] = {"terrain": "desert"} | .hexes["0514"] = {"terrain": "rough"}')
	s=$(tsit guer "g allied guerrilla 0512" "r allied guerrilla 0514")
	for season in winter summer; do
		tt --map "$m" --situation "$s" --side allied --phase attrition --season $season --json
		assert_success
		assert_equal "$(json_get '[.units[].attrition_checks] | join(",")' <<<"$output")" "0,0"
	done
	tt --map "$m" --situation "$s" --side allied --phase attrition --season winter
	assert_output --partial "reads over the TEC's desert note"
	assert_output --partial "reads over the TEC's rough note"
}

@test "toto 38.0, 15.2 by eye: lava flow along a road holds; --hexes counts against the unit's printed radius" {
	# lava flow closes a line but along a road (38.0)
	run --separate-stderr umpire -g toto supply-trace --hexes 2 --through lava-flow --json
	assert_failure 1
	run --separate-stderr umpire -g toto supply-trace --hexes 2 --through lava-flow-road --json
	assert_success
	assert_equal "$(json_get '.through[0].rule' <<<"$output")" 38.0
	# 3 hexes: too long for the stand-in radius 2, within a printed 3
	run --separate-stderr umpire -g toto supply-trace --hexes 3 --through clear --json
	assert_failure 1
	assert_equal "$(json_get .allowed <<<"$output")" 2
	run --separate-stderr umpire -g toto supply-trace --hexes 3 --through radius-3,lava-flow-road --json
	assert_success
	assert_equal "$(json_get .allowed <<<"$output")" 3
	run --separate-stderr umpire -g toto supply-trace --hexes 4 --through radius-3
	assert_failure 1
	assert_output --partial "3 allowed"
	run --separate-stderr umpire -g toto supply-trace --hexes 1 --through radius-x
	assert_one_line_error 2
}

@test "--update with no room for a marker writes nothing: a file umpire writes reads back" {
	# a unit with the 16 markers a situation may hold (umpire-data(5)),
	# found out of supply in 1011: oos-1 would be the 17th
	python3 -c '
import json, sys
u = {"id": "a", "side": "italian", "type": "italian-inf", "strength": 4,
     "ma": 6, "hex": "1011", "markers": ["army-%d" % i for i in range(1, 17)]}
json.dump({"format": "umpire-situation/1", "game": "loe", "units": [u]},
          open(sys.argv[1], "w"))' "$BATS_TEST_TMPDIR/full.json"
	cp "$BATS_TEST_TMPDIR/full.json" "$BATS_TEST_TMPDIR/before.json"
	run --separate-stderr umpire -g loe supply-trace --map "$MAP" \
	    --situation "$BATS_TEST_TMPDIR/full.json" --side italian --update
	assert_one_line_error 3
	[[ "$stderr" == *"no room for another marker (at most 16)"* ]] || fail "$stderr"
	cmp "$BATS_TEST_TMPDIR/full.json" "$BATS_TEST_TMPDIR/before.json"
}

supply_of() {
	umpire supply-trace --situation "$1" --side british --json
}

@test "supply-trace: the situation's game and map stand for -g and --map" {
	run --separate-stderr supply_of isandhlwana
	assert_success
	assert_equal "$(json_get .game <<<"$output")" sotq
}
