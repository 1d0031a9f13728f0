#!/usr/bin/env bats
# supply-trace --cut: what would cut these lines (issue 43).  On the
# corridor map (tests/fixtures/supply/loe-corridor.json, ocean but for a
# column of land 10 down to the Italian source 1019) a line can only run
# down column 10, so an enemy unit in any hex of it below a unit cuts that
# unit off (9.2.2 A: no line enters a hex an enemy unit holds); worked by
# hand for two units, a in 1012 and b in 1015.

load helpers

MAP="$BATS_TEST_DIRNAME/fixtures/supply/loe-corridor.json"

sit() {
	cat >"$BATS_TEST_TMPDIR/c.json" <<JSON
{ "format": "umpire-situation/1", "game": "loe", "units": [
{ "id": "a", "side": "italian", "type": "italian-inf", "strength": 4, "ma": 6, "hex": "1012" },
{ "id": "b", "side": "italian", "type": "italian-inf", "strength": 4, "ma": 6, "hex": "1015" } $1 ]}
JSON
	echo "$BATS_TEST_TMPDIR/c.json"
}

@test "a corridor: the hexes below both units cut both, those between cut one" {
	s=$(sit)
	run --separate-stderr umpire -g loe --json supply-trace --map "$MAP" \
	    --situation "$s" --side italian --cut
	assert_success
	# a's line runs 1013 .. 1019, b's 1016 .. 1019; 1015 holds b itself
	assert_equal "$(jq -c '[.cuts[] | [.hex, (.units | join(","))]]' \
	    <<<"$output")" \
	    '[["1016","a,b"],["1017","a,b"],["1018","a,b"],["1019","a,b"],["1013","a"],["1014","a"]]'
	assert_equal "$(jq -r '.supplied, .result.code, .cuts[0].rule' \
	    <<<"$output" | tr '\n' ' ')" "2 cut 9.2.2 A "
	run --separate-stderr umpire -g loe supply-trace --map "$MAP" \
	    --situation "$s" --side italian --cut
	assert_line --index 0 "Lion of Ethiopia: what would cut these lines, movement phase, side italian"
	assert_line --regexp "^  1016: cuts a, b \(2 units\) +9.2.2 A$"
	assert_line --regexp "^  1013: cuts a \(1 unit\) +9.2.2 A$"
}

@test "one unit: its own line's hexes, a friend's hex never" {
	s=$(sit)
	run --separate-stderr umpire -g loe --json supply-trace --map "$MAP" \
	    --situation "$s" --unit a --cut
	assert_success
	assert_equal "$(jq -c '[.cuts[].hex]' <<<"$output")" \
	    '["1013","1014","1016","1017","1018","1019"]'
	# the cut answers agree with an enemy really standing there
	s2=$(sit ', { "id": "e", "side": "ethiopian", "type": "ethiopian-irr", "strength": 2, "ma": 6, "hex": "1014" }')
	run --separate-stderr umpire -g loe --json supply-trace --map "$MAP" \
	    --situation "$s2" --unit a
	assert_equal "$(jq -r '.units[0].supplied' <<<"$output")" false
}

@test "--cut draws, writes and applies nothing; a line-less unit cannot be cut" {
	s=$(sit)
	run --separate-stderr umpire -g loe supply-trace --map "$MAP" \
	    --situation "$s" --side italian --cut --svg
	assert_one_line_error 2
	[[ "$stderr" == *"--cut asks what would cut the lines"* ]]
	# on the source itself a unit needs no line: nothing to cut
	cat >"$BATS_TEST_TMPDIR/s.json" <<JSON
{ "format": "umpire-situation/1", "game": "loe", "units": [
{ "id": "a", "side": "italian", "type": "italian-inf", "strength": 4, "ma": 6, "hex": "1019" } ]}
JSON
	run --separate-stderr umpire -g loe supply-trace --map "$MAP" \
	    --situation "$BATS_TEST_TMPDIR/s.json" --unit a --cut
	assert_success
	assert_line --partial "no single hex cuts these lines"
}
