#!/usr/bin/env bats
# The teaching maps and situations (rules/<game>/maps, rules/<game>/situations):
# each loads, draws, and gives the hexes the rulebooks name what the rules
# say of them.  Each expected value cites its rule.

load helpers

# hex GAME MAP ID: "terrain feature feature..." of one hex
hex() {
	umpire -g "$1" --json map show "$2" --around "$3" --radius 0 |
	    jq -r '.shown[0] | [.terrain] + .features | join(" ")'
}

# hex_has GAME MAP ID WORD...: the hex has each word (filler may add more)
hex_has() {
	local words w
	words=" $(hex "$1" "$2" "$3") "
	shift 3
	for w in "$@"; do
		[[ "$words" == *" $w "* ]] || fail "no $w in:$words"
	done
}

# side GAME MAP A B: the words of hexside A/B, space-separated, or nothing
side() {
	umpire -g "$1" --json map show "$2" --around "$3" --radius 1 |
	    jq -r --arg a "$3" --arg b "$4" '.shown_hexsides[] |
	        select((.a == $a and .b == $b) or (.a == $b and .b == $a)) |
	        .features | join(" ")'
}

@test "every teaching map checks, says it is a teaching map, and draws with its situation" {
	local f g name
	for f in "$TOP"/rules/*/maps/*.map; do
		g=$(basename "$(dirname "$(dirname "$f")")")
		name=$(basename "$f" .map)
		run umpire --json map check "$f"
		assert_success
		assert_equal "$(jq -r .source <<<"$output")" teaching
		grep '^note ' "$f" | grep -q "umpire map import $g $name FILE"
		umpire -g "$g" map svg "$name" --situation "$name" \
		    -o "$BATS_TEST_TMPDIR/$g-$name.svg" 2>/dev/null ||
		    umpire -g "$g" map svg "$name" --situation teaching \
		    -o "$BATS_TEST_TMPDIR/$g-$name.svg"
		rsvg-convert "$BATS_TEST_TMPDIR/$g-$name.svg" -o "$BATS_TEST_TMPDIR/$g-$name.png"
	done
}

# The shipped maps are text since the text form loads four times faster;
# tests/fixtures/maps/shipped holds the JSON they were converted from.
# Importing a map writes every hex, hexside and place back out as JSON, so
# the two imports are the same file exactly when the maps hold the same.
@test "each shipped text map holds what its JSON form held" {
	local f g name n=0
	for f in "$FIXTURES"/maps/shipped/*.json; do
		name=$(basename "$f" .json)
		g=${name%%-*}
		name=${name#*-}
		XDG_DATA_HOME="$BATS_TEST_TMPDIR/old" umpire map import "$g" same "$f" \
		    >/dev/null
		XDG_DATA_HOME="$BATS_TEST_TMPDIR/new" umpire map import "$g" same \
		    "$TOP/rules/$g/maps/$name.map" >/dev/null
		cmp "$BATS_TEST_TMPDIR/old/umpire/$g/maps/same.json" \
		    "$BATS_TEST_TMPDIR/new/umpire/$g/maps/same.json"
		# the header an import replaces: name and source
		assert_equal "$(umpire --json map check "$TOP/rules/$g/maps/$name.map" |
		    jq -c 'del(.file)')" "$(umpire --json map check "$f" |
		    jq -c 'del(.file)')"
		n=$((n + 1))
	done
	assert_equal "$n" "$(ls "$TOP"/rules/*/maps/*.map | wc -l)"
}

@test "loe: the terrain the rules give their hexes" {
	assert_equal "$(hex loe teaching 3809)" "amba"		# 2.2 B
	assert_equal "$(hex loe teaching 4627)" "mountain"	# 2.2 C
	assert_equal "$(hex loe teaching 3913)" "amba"		# 2.2 C
	assert_equal "$(hex loe teaching 4913)" "clear jungle"	# 6.3.6 note
	assert_equal "$(hex loe teaching 4708)" "mountain marsh"	# 6.3.6 note
	assert_equal "$(hex loe teaching 2505)" "mountain"	# 6.3.11 example
	assert_equal "$(hex loe teaching 2504)" "clear"
}

@test "loe: ports, forts, airfields and the supply sources' places" {
	# 6.4 B, 10.1 A, 11.2 B; and Italian at the start, in Italian
	# Somaliland (1019), Eritrea (5232) and the Danakil coast (3833), 3.3 A
	assert_equal "$(hex loe teaching 1019)" "clear town fort port airfield italian"
	assert_equal "$(hex loe teaching 5232)" "clear town fort port airfield italian"
	assert_equal "$(hex loe teaching 3833)" "clear town port airfield italian"
	# the border towns start Ethiopian (14.3.1 A: Adigrat; Dolo)
	assert_equal "$(hex loe teaching 4828)" "mountain town"
	run umpire -g loe --json map show teaching --around Massawa --radius 0
	assert_equal "$(json_get '.shown[0].hex' <<<"$output")" 5232
	run umpire -g loe --json map show teaching --around 'Addis Ababa' --radius 0
	assert_equal "$(json_get '.shown[0].hex' <<<"$output")" 3716	# 15.1 A
}

@test "loe: roads, rivers, lakes, the ford and the Kenya wedge" {
	assert_equal "$(side loe teaching 2406 2505)" "road"	# 6.3.11 example
	assert_equal "$(side loe teaching 2504 2505)" ""
	# 6.3.8 note: the Awash 3926-4026, the Mille 4027-3926; none between
	# 3925 and 4025 or 4025 and 4026
	assert_equal "$(side loe teaching 3926 4026)" "river"
	assert_equal "$(side loe teaching 4027 3926)" "river"
	assert_equal "$(side loe teaching 3925 4025)" ""
	assert_equal "$(side loe teaching 4025 4026)" ""
	assert_equal "$(hex loe teaching 4522)" "mountain river ford"	# 6.3.9 B
	assert_equal "$(hex loe teaching 3308)" "clear lake"	# 6.3.10 A
	assert_equal "$(side loe teaching 3307 3308)" "lake"
	assert_equal "$(side loe teaching 3308 3309)" "lake"
	assert_equal "$(hex loe teaching 4329)" "clear lake"	# 6.3.10 B
	assert_equal "$(side loe teaching 4329 4330)" ""
	assert_equal "$(side loe teaching 1811 1910)" "neutral"	# 6.1.2 B
	assert_equal "$(side loe teaching 1811 1911)" "neutral"
}

@test "toto: Baghdad, the Tigris, the canal, the straits, the Caspian cities" {
	hex_has toto teaching 4415 city objective	# 5.3
	assert_equal "$(side toto teaching 4415 4514)" "river"	# 21.5
	local pair
	for pair in 2523/2623 2523/2624 2524/2624 2524/2625 2525/2625 2525/2626; do
		assert_equal "$(side toto teaching ${pair%/*} ${pair#*/})" "canal"	# 20.8
	done
	assert_equal "$(side toto teaching 1308 1309)" "strait"	# 38.0
	hex_has toto teaching 4900 city port russia	# 21.5
	hex_has toto teaching 5104 city port persia
	hex_has toto teaching 3428 rail	# 2.3
}

@test "sotq: crests wall in 1730 and 1731; the entry hexes; Omdurman's line" {
	local h n
	for h in 1730 1731; do	# Part 6 C
		n=$(umpire -g sotq --json map show isandhlwana --around $h --radius 1 |
		    jq --arg h $h '[.shown_hexsides[] | select(.a == $h or .b == $h) |
		        select(.features == ["crest"])] | length')
		assert_equal "$n" 6
	done
	for h in 0125 0114 1934 2201; do	# Part 15
		hex_has sotq isandhlwana $h entry
	done
	for h in 2021 2022 2123 2223 2324 2424 2525 2625 2626; do	# Part 3
		assert_equal "$(hex sotq omdurman $h)" "clear trench zariba"
	done
	for h in 2501 2601 2701; do	# Part 13 E, Part 5
		assert_equal "$(hex sotq omdurman $h)" "clear exit"
	done
}
