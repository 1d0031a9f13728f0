#!/usr/bin/env bats
# move-cost --from and --enemy: a one-off question on a map with the unit
# and the enemy typed on the command line, no situation file.  The answer
# is the one a situation file holding the same units gives; the enemy is
# the game's stand-in of the other side (situation_rules.stand_in).

load helpers

# A situation file of the same units, made by hand.
sit_file() {
	local f="$BATS_TEST_TMPDIR/sit.json"
	printf '%s\n' "$1" >"$f"
	echo "$f"
}

@test "loe: a unit typed at a hex prices as the situation's unit (6.3.2)" {
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --unit italian-inf --ma 6 --from 2504 --to 2505
	assert_success
	# 2505 is mountain: 2 MP of 6 (6.3.2)
	assert_line "  2505 reached for 2 MP, 4 left"
	f=$(sit_file '{"format":"umpire-situation/1","game":"loe","map":"teaching","units":[{"id":"italian-inf","side":"italian","type":"italian-inf","strength":1,"ma":6,"hex":"2504"}]}')
	assert_equal "$output" "$(umpire -g loe move-cost --map teaching \
	    --situation "$f" --unit italian-inf --to 2505)"
}

@test "loe: --enemy puts an Ethiopian unit in the hex; no unit enters it (6.1 F)" {
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --unit italian-inf --ma 6 --from 2504 --enemy 2505 --to 2505
	assert_failure 1
	assert_output --partial "6.1 F"
	# the same with a file: the stand-in is an Ethiopian irregular
	f=$(sit_file '{"format":"umpire-situation/1","game":"loe","map":"teaching","units":[{"id":"italian-inf","side":"italian","type":"italian-inf","strength":1,"ma":6,"hex":"2504"},{"id":"enemy-1","side":"ethiopian","type":"ethiopian-irr","strength":1,"hex":"2505"}]}')
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --unit italian-inf --ma 6 --from 2504 --enemy 2505,2605 --reach
	assert_success
	jq '.units += [{"id":"enemy-2","side":"ethiopian",
	    "type":"ethiopian-irr","strength":1,"hex":"2605"}]' "$f" \
	    >"$BATS_TEST_TMPDIR/two.json"
	assert_equal "$output" "$(umpire -g loe move-cost --map teaching \
	    --situation "$BATS_TEST_TMPDIR/two.json" --unit italian-inf --reach)"
	refute_output --regexp '(^| )2505 [0-9]'
}

@test "an Ethiopian type is Ethiopian without --side; a side-less type asks for one" {
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --unit ethiopian-irr --ma 8 --from 2504 --enemy 2505 --reach
	assert_success
	run --separate-stderr umpire --json -g loe move-cost --map teaching \
	    --unit infantry --ma 6 --side italian --from 2504 --to 2505
	assert_success
}

@test "sotq: the enemy of the British at Isandhlwana stands in as a Zulu" {
	run --separate-stderr umpire -g sotq move-cost --map isandhlwana \
	    --unit regular-foot --from 0625 --enemy 0626 --reach
	assert_success
	f=$(sit_file '{"format":"umpire-situation/1","game":"sotq","map":"isandhlwana","units":[{"id":"regular-foot","side":"british","type":"regular-foot","strength":1,"hex":"0625"},{"id":"enemy-1","side":"zulu","type":"zulu-inf","strength":1,"hex":"0626"}]}')
	assert_equal "$output" "$(umpire -g sotq move-cost --map isandhlwana \
	    --situation "$f" --unit regular-foot --reach)"
}

@test "--from and --enemy refused where they do not apply, one line each" {
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation teaching --unit it-inf-a --from 2504 --to 2505
	assert_one_line_error 2
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation teaching --unit it-inf-a --enemy 2505 --to 2505
	assert_one_line_error 2
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --unit italian-inf --unit askari --from 2504 --to 2505
	assert_one_line_error 2
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --unit nope --ma 6 --from 2504 --to 2505
	assert_one_line_error 2
	[[ "$stderr" == *"'nope'"* ]] || fail "$stderr"
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --unit italian-inf --ma 6 --from 9999 --to 2505
	assert_one_line_error 2
	[[ "$stderr" == *"9999"* ]] || fail "$stderr"
}

@test "--enemy repeated adds hexes, as a comma list does" {
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --unit italian-inf --ma 6 --from 2504 --enemy 2505 --enemy 2605 \
	    --reach
	assert_success
	assert_equal "$output" "$(umpire -g loe move-cost --map teaching \
	    --unit italian-inf --ma 6 --from 2504 --enemy 2505,2605 --reach)"
}
