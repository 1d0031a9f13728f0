#!/usr/bin/env bats
# map svg: the pictures, rendered by librsvg's rsvg-convert and checked as
# pixels with tests/svgprobe (which finds each hex from the SVG's outlines
# and reads the PNG): the path shows at its hexes' centres and nowhere
# else, the teaching map's hexes wear the terrain their rule gives them,
# and every game's terrains stay apart in grey.

load helpers
load picture
load svg

@test "the path's colour shows at the centre of each hex of the path and of no other" {
	# 2406 -> 2505 by road, then 2605, 2604: three steps, two turns; the
	# situation puts units under the path's first hex and beside it
	render p -g loe teaching --around 2505 --radius 3 \
	    --situation teaching \
	    --path 2406,2505,2605,2604
	run probe centres p "$PATH_COLOUR"
	assert_success
	assert_equal "$(echo $output)" "2406 2505 2604 2605"
	# the window is 7 columns by 7 rows: 49 hexes looked at
	assert_equal "$(grep -c 'class="hex"' "$BATS_TEST_TMPDIR/p.svg")" 49
}

@test "a path through place names is the same path" {
	render p -g loe teaching --around adigrat --radius 2 --path 4928,adigrat
	run probe centres p "$PATH_COLOUR"
	assert_equal "$(echo $output)" "4828 4928"
}

@test "without a path no hex centre has the path's colour" {
	render p -g loe teaching --around 2505 --radius 3 \
	    --situation teaching
	run probe centres p "$PATH_COLOUR"
	assert_success
	assert_output ""
}

@test "the loe teaching map shows the terrain the rules give its hexes" {
	# 2.2 B: 3809 is amba; 2.2 C: 4627 mountain, 3913 amba; 6.3.11: 2505
	# mountain (2 MP from 2504, clear); 1019 sits on the coast (6.4 B)
	fills_are 3811 2 '3809 #76492e' '3913 #76492e'
	fills_are 4627 1 '4627 #b88a60'
	fills_are 2505 1 '2505 #b88a60' '2504 #f6f3de'
	fills_are 1019 1 '0919 #1d4270'
}

# fills_are AROUND RADIUS 'HEX #rrggbb'...: the loe teaching map drawn
# around a hex shows each terrain fill where it says
fills_are() {
	local around=$1 radius=$2 want hexes=()
	shift 2
	for want in "$@"; do
		hexes+=("${want%% *}")
	done
	render f -g loe teaching --around "$around" --radius "$radius"
	run probe fill f "${hexes[@]}"
	assert_output "$(printf '%s\n' "$@")"
}

@test "a river through river hexes is drawn from centre to centre across the hexside" {
	# 6.3.8 note: the Awash runs 3926 -> 4026; the NE hexside's middle of
	# 3926 is 0.75 R right and 0.433 R up of its centre
	render r -g loe teaching --around 3926 --radius 2
	run probe at r 3926 0.75 -0.433
	assert_output "#1f5fc4"
	# 3925/4025 is no river side: nothing blue in its middle
	run probe at r 3925 0.75 -0.433
	refute_output "#1f5fc4"
}

@test "a marked hex is ringed" {
	render m -g loe teaching --around 2505 --radius 2 --mark 2505
	# the ring's yellow core lies 0.52 R from the centre
	run probe at m 2505 0.52 0
	assert_output "#ffd400"
	run probe at m 2504 0.52 0
	refute_output "#ffd400"
}

# One hex column per terrain word of the game, three hexes high.
terrain_map() {
	jq --arg g "$1" '{format: "umpire-map/1", game: $g, name: "greys",
	    source: "user", layout: "odd-q", default: .terrain[0],
	    hexes: ([.terrain | to_entries[] | . as $t | range(1; 4) |
	        {key: ("0" + ($t.key + 1 | tostring) + "0" + tostring),
	         value: {terrain: $t.value}}] | from_entries)}' \
	    "$TOP/rules/$1/terrain.json" >"$BATS_TEST_TMPDIR/$1.json"
}

@test "in grey every game's terrains stay at least 15 levels apart" {
	local g
	for g in loe toto sotq; do
		terrain_map $g
		render $g -g $g "$BATS_TEST_TMPDIR/$g.json"
		# the middle hex of each column; grey = 0.299 R + 0.587 G + 0.114 B
		probe grey $g $(jq -r '.terrain | keys[] | "0\(. + 1)02"' \
		    "$TOP/rules/$g/terrain.json") >"$BATS_TEST_TMPDIR/$g.grey"
		sort -n -k2 "$BATS_TEST_TMPDIR/$g.grey" | awk -v g=$g '
		    NR > 1 && $2 - prev < 15 { print g ": " prevhex " and " $1 " greys " prev " and " $2; bad = 1 }
		    { prev = $2; prevhex = $1 }
		    END { exit bad }' || fail "terrains too alike in grey"
		[ "$(wc -l <"$BATS_TEST_TMPDIR/$g.grey")" -eq \
		    "$(jq '.terrain | length' "$TOP/rules/$g/terrain.json")" ]
	done
}

@test "text is escaped for XML: the picture still parses" {
	render x -g loe teaching --around 2505 --radius 1 --title 'Ras & <Seyoum> "5" '\''x'\'''
	grep -q 'Ras &amp; &lt;Seyoum&gt; &quot;5&quot; &apos;x&apos;' "$BATS_TEST_TMPDIR/x.svg"
}

@test "units are drawn with their id and strength-movement" {
	render u -g loe teaching --around 3925 --radius 1 \
	    --situation teaching
	grep -q '>eth-irr-a<' "$BATS_TEST_TMPDIR/u.svg"
	grep -q '>3-8<' "$BATS_TEST_TMPDIR/u.svg"
	run ! grep -q '>it-inf-a<' "$BATS_TEST_TMPDIR/u.svg"
	# the same situation named by its path draws the same picture
	render v -g loe teaching --around 3925 --radius 1 \
	    --situation "$TOP/rules/loe/situations/teaching.json"
	cmp "$BATS_TEST_TMPDIR/u.svg" "$BATS_TEST_TMPDIR/v.svg"
	run --separate-stderr umpire map svg -g loe teaching --situation nosuch
	assert_one_line_error 2
}

@test "--output writes the file and nothing on stdout" {
	run --separate-stderr umpire map svg -g loe teaching --around 2505 \
	    --radius 1 -o "$BATS_TEST_TMPDIR/out.svg"
	assert_success
	assert_equal "$output" ""
	rsvg-convert "$BATS_TEST_TMPDIR/out.svg" -o "$BATS_TEST_TMPDIR/out.png"
}

@test "a path whose steps do not touch is refused" {
	run --separate-stderr umpire map svg -g loe teaching --path 2504,2606
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --path: 2504 and 2606 do not touch: '2606'"
}

@test "hexes off the map and bad lists are refused" {
	run --separate-stderr umpire map svg -g loe teaching --around 9999
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --around: no such hex on teaching: '9999'"
	run --separate-stderr umpire map svg -g loe teaching --mark 2505,,2504
	assert_one_line_error 2
	run --separate-stderr umpire map svg -g loe teaching --radius 2
	assert_one_line_error 2
	run --separate-stderr umpire map svg -g loe teaching --around 2505 --radius x
	assert_one_line_error 2
	run --separate-stderr umpire map svg -g loe
	assert_one_line_error 2
}

@test "a path from a unit of the situation is priced by the game's rules" {
	local s=teaching
	# 6.3.11 examples: 2504 -> 2505 is mountain, 2 MP; 2406 -> 2505 by road, 1 MP
	render a -g loe teaching --situation "$s" --around 2505 --radius 2 --path 2504,2505
	assert_equal "$(costs a)" "2 "
	grep -q 'class="title">it-inf-a from 2504: 1 hex for 2 MP of 6<' "$BATS_TEST_TMPDIR/a.svg"
	render b -g loe teaching --situation "$s" --around 2505 --radius 2 --path 2406,2505
	assert_equal "$(costs b)" "1 "
	# 6.3.6 note: 4913 clear + jungle 1 + 3 = 4; 4708 mountain + marsh 2 + 3 = 5
	render c -g loe teaching --situation "$s" --around 4913 --radius 1 --path 4914,4913
	assert_equal "$(costs c)" "4 "
	render d -g loe teaching --situation "$s" --around 4708 --radius 1 --path 4709,4708
	assert_equal "$(costs d)" "5 "
	# 6.3.8 note: 3925 -> 4025 -> 4026 in one phase, clear 1 + 1
	render e -g loe teaching --situation "$s" --around 4026 --radius 2 --path 3925,4025,4026
	assert_equal "$(costs e)" "1 1 "
	# the cost discs are the path's colour, and only its hexes' centres show it
	run probe centres e "$PATH_COLOUR"
	assert_equal "$(echo $output)" "3925 4025 4026"
}

@test "a path the rules forbid is a negative answer naming the rule" {
	local s=teaching
	run --separate-stderr umpire map svg -g loe teaching --situation "$s" --path 3925,4025,4026,4126
	assert_one_line_error 1
	[[ "$stderr" == *"(6.3.8 A): '4126'" ]]
	run --separate-stderr umpire map svg -g loe teaching --situation "$s" --path 3925,3926,3927
	assert_one_line_error 1
	[[ "$stderr" == *"(6.3.8 A): '3927'" ]]
	run --separate-stderr umpire map svg -g loe teaching --situation "$s" --path 1811,1910
	assert_one_line_error 1
	[[ "$stderr" == *"(6.1.2 B): '1910'" ]]
}

@test "--reach shades what the unit reaches, with the MP left" {
	# eth-irr-a, MA 8, in 3925: 4026 is clear, 1 MP, 7 left; 3927 lies over
	# the confluence (6.3.8 note): not this phase; 4126 lies over the
	# Awash, reached only by the road's bridge in 4324 (6.3.9 A), 7 MP
	# round (4025 4124 4224 4324 4325 4226 4126), 1 left
	render r -g loe teaching --situation teaching \
	    --reach eth-irr-a --around 3925 --radius 2
	run probe fill r 4026 4126 3927
	refute_line "4026 #f6f3de"
	refute_line "4126 #f6f3de"
	assert_line "3927 #f6f3de"
	grep -q 'class="title">eth-irr-a from 3925: where 8 MP reach<' "$BATS_TEST_TMPDIR/r.svg"
	run probe centres r "$PATH_COLOUR"
	assert_output ""
}

@test "--reach needs a situation" {
	run --separate-stderr umpire map svg -g loe teaching --reach eth-irr-a
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --reach needs --situation: 'eth-irr-a'"
}

@test "svg's options belong to svg" {
	run --separate-stderr umpire map show -g loe teaching --mark 2504
	assert_one_line_error 2
}

@test "a broken map is bad data and draws nothing" {
	printf '{"format": "umpire-map/1", "game": "loe", "layout": "odd-q",\n "hexes": {"0101": {"terrain": "lava"}}}\n' \
	    >"$BATS_TEST_TMPDIR/bad.json"
	run --separate-stderr umpire map svg "$BATS_TEST_TMPDIR/bad.json"
	assert_one_line_error 3
}

@test "a map too big for one picture asks for --around" {
	printf '{"format": "umpire-map/1", "game": "loe", "layout": "odd-q", "default": "clear",\n "size": {"from": "0101", "to": "50099"}}\n' \
	    >"$BATS_TEST_TMPDIR/big.json"
	run --separate-stderr umpire map svg "$BATS_TEST_TMPDIR/big.json"
	assert_one_line_error 2
	[[ "$stderr" == *"--around"* ]]
	render b "$BATS_TEST_TMPDIR/big.json" --around 25050 --radius 2
	assert_equal "$(grep -c 'class="hex"' "$BATS_TEST_TMPDIR/b.svg")" 25
}

@test "the README's picture is what its map svg line draws" {
	cmd=$(grep '^umpire map svg ' "$TOP/README.md")
	[ -n "$cmd" ] || fail "no map svg line in README.md"
	grep -q '](tests/fixtures/svg/readme.svg)' "$TOP/README.md"
	eval "$cmd" >"$BATS_TEST_TMPDIR/readme.svg"
	cmp "$BATS_TEST_TMPDIR/readme.svg" "$TOP/tests/fixtures/svg/readme.svg" ||
	    fail "regenerate: $cmd > tests/fixtures/svg/readme.svg"
}

@test "--json says what was drawn: the window, the priced path, the picture" {
	run --separate-stderr umpire -g loe --json map svg teaching --situation teaching \
	    --around 4026 --radius 1 --path 3925,4025,4026 --mark 4126
	assert_success
	# 6.3.8 note: 3925 -> 4025 -> 4026, clear 1 + 1 = 2
	assert_equal "$(json_get '[.path[].cost] | join(",")' <<<"$output")" "0,1,1"
	assert_equal "$(json_get .total <<<"$output")" 2
	assert_equal "$(json_get '.from + "-" + .to' <<<"$output")" "3925-4127"
	assert_equal "$(json_get '.marks | join(",")' <<<"$output")" 4126
	json_get .svg <<<"$output" >"$BATS_TEST_TMPDIR/j.svg"
	rsvg-convert "$BATS_TEST_TMPDIR/j.svg" -o "$BATS_TEST_TMPDIR/j.png"
	# with -o the picture goes to the file and the object names it
	run --separate-stderr umpire -g loe --json map svg teaching --situation teaching \
	    --around 3925 --radius 1 --reach eth-irr-a -o "$BATS_TEST_TMPDIR/k.svg"
	assert_success
	assert_equal "$(json_get '.svg' <<<"$output")" null
	# eth-irr-a, MA 8: 4025 is clear, 1 MP in, 7 left
	assert_equal "$(json_get '.reach[] | select(.hex == "4025") | .left' <<<"$output")" 7
	[ -s "$BATS_TEST_TMPDIR/k.svg" ]
}
