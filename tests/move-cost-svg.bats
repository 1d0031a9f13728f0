#!/usr/bin/env bats
# --svg, the output choice of the commands that answer on a map
# (move-cost --map, supply-trace): the answer the command found, drawn
# over the whole map as map svg draws the same question, checked as pixels
# (rsvg-convert, tests/svgprobe) and against map svg's bytes.

load helpers
load picture
load svg

# ocean but for column 10 (and 05): a unit in column 10 moves up or down
# it, so every answer below is a difference of rows
CORRIDOR="$FIXTURES/supply/loe-corridor.json"
RETREAT="$FIXTURES/svg/corridor-retreat.json"
RETREAT_COLOUR='#e66100'
ADVANCE_COLOUR='#6a3d9a'
FAIL_COLOUR='#d7191c'

mc() {
	umpire -g loe move-cost --map "$CORRIDOR" --situation "$RETREAT" --unit b "$@"
}

@test "move-cost --to --svg: the path found shows at its hexes' centres and nowhere else" {
	# b in 1014 (MA 6) goes north to 1012 over clear, 1 MP a hex
	picture p -g loe move-cost --map "$CORRIDOR" --situation "$RETREAT" \
	    --unit b --to 1012 --svg
	run probe centres p "$PATH_COLOUR"
	assert_success
	assert_equal "$(echo $output)" "1012 1013 1014"
	assert_equal "$(costs p)" "1 1 "
	grep -q 'class="title">b from 1014: 2 hexes for 2 MP of 6<' "$BATS_TEST_TMPDIR/p.svg"
	run probe centres p "$RETREAT_COLOUR"
	assert_output ""
}

@test "move-cost --retreat --svg: the routes as map svg draws them; no end, every hex crossed out and exit 1" {
	# 1016 is in the zone of the Ethiopian in 1017 (loe 8.4 B): north only
	picture r -g loe move-cost --map "$CORRIDOR" --situation "$RETREAT" \
	    --unit b --retreat 2 --svg
	run probe centres r "$RETREAT_COLOUR"
	assert_equal "$(echo $output)" "1012 1013 1014"
	run probe centres r "$FAIL_COLOUR"
	assert_output ""
	# trapped: the answer is no (exit 1, as without --svg), still drawn
	run --separate-stderr umpire -g loe move-cost --map "$CORRIDOR" \
	    --situation "$FIXTURES/svg/corridor-trapped.json" --unit b --retreat 2 --svg
	assert_failure 1
	assert_equal "$stderr" ""
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/t.svg"
	rsvg-convert "$BATS_TEST_TMPDIR/t.svg" -o "$BATS_TEST_TMPDIR/t.png"
	run probe centres t "$FAIL_COLOUR"
	assert_output --partial 1015
	run probe centres t "$RETREAT_COLOUR"
	assert_output ""
}

@test "move-cost --advance --svg: the routes are short-dashed purple, into --via first" {
	picture a -g loe move-cost --map "$CORRIDOR" --situation "$RETREAT" \
	    --unit b --advance 2 --via 1015 --svg
	run probe centres a "$ADVANCE_COLOUR"
	assert_success
	# through 1015, which the defender left, no farther than 2
	assert_equal "$(echo $output)" "1014 1015 1016"
	run probe along a 1014 1015
	assert_line "$ADVANCE_COLOUR"
	assert_line '#ffffff'
}

@test "--svg draws the same bytes as map svg asked the same question" {
	local q
	for q in "--retreat 2" "--advance 2" "--advance 2 --via 1015"; do
		mc $q --svg >"$BATS_TEST_TMPDIR/mc.svg"
		umpire -g loe map svg "$CORRIDOR" --situation "$RETREAT" \
		    --unit b $q >"$BATS_TEST_TMPDIR/ms.svg"
		cmp "$BATS_TEST_TMPDIR/mc.svg" "$BATS_TEST_TMPDIR/ms.svg"
	done
	mc --reach --svg >"$BATS_TEST_TMPDIR/mc.svg"
	umpire -g loe map svg "$CORRIDOR" --situation "$RETREAT" --reach b \
	    >"$BATS_TEST_TMPDIR/ms.svg"
	cmp "$BATS_TEST_TMPDIR/mc.svg" "$BATS_TEST_TMPDIR/ms.svg"
	# the path move-cost finds, drawn by map svg as a path held to
	mc --to 1011 --svg >"$BATS_TEST_TMPDIR/mc.svg"
	umpire -g loe map svg "$CORRIDOR" --situation "$RETREAT" \
	    --path 1014,1013,1012,1011 >"$BATS_TEST_TMPDIR/ms.svg"
	cmp "$BATS_TEST_TMPDIR/mc.svg" "$BATS_TEST_TMPDIR/ms.svg"
}

@test "move-cost --to --svg with no way there: the map, the answer's words over it, exit 1" {
	run --separate-stderr mc --to 0510 --svg
	assert_failure 1
	assert_equal "$stderr" ""
	assert_output --partial '<svg'
	assert_output --partial 'class="title">no legal way there this phase'
	refute_output --partial 'class="path"'
}

@test "--svg: one declaration, for move-cost and supply-trace alike; a move on a map only" {
	local m s
	m=$(umpire move-cost --help | grep -e '^ *--svg ')
	s=$(umpire supply-trace --help | grep -e '^ *--svg ')
	assert_equal "$m" "$s"
	[[ "$m" == *"SVG picture"* ]]
	run umpire __complete move-cost --sv
	assert_output --svg
	run umpire __complete supply-trace --sv
	assert_output --svg
	run --separate-stderr umpire -g loe move-cost --unit italian-inf --svg clear
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --svg draws an answer on a map: give --map and --situation: '--svg'"
	run --separate-stderr umpire -g iwiif move-cost --unit lmg --svg
	assert_one_line_error 2
	[[ "$stderr" == *"not by hexes: '--svg'" ]]
}
