#!/usr/bin/env bats
# roll: dice groups, the player's own dice, seeds and exact odds.
# Expected totals and chances are hand arithmetic.

load helpers

@test "roll adds the player's own 2d6: 3 + 5 = 8" {
	run --separate-stderr umpire roll 2d6 --roll 3,5 --json
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 8
	assert_equal "$(json_get '.dice | join(",")' <<<"$output")" "3,5"
	assert_equal "$stderr" ""
}

@test "roll 3d6+2 with 1,2,3 totals 8 and the text shows the working" {
	run umpire roll 3d6+2 --roll 1,2,3
	assert_success
	# the dice's sum, then the modifier as a modifier: 1 + 2 + 3 = 6, +2 = 8
	assert_line --partial "1 + 2 + 3 = 6, +2: 8"
	run umpire roll 2d6-2 --roll 3,4
	assert_line --partial "3 + 4 = 7, -2: 5"
}

@test "a d10 rolled 0 counts 10" {
	run umpire roll d10 --roll 0 --json
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 10
}

@test "several groups split the player's list in order: 2d6 3,5 and d10 0 make 18" {
	run umpire roll 2d6 d10 --roll 3,5,0 --json
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 18
	assert_equal "$(json_get '.groups[1].total' <<<"$output")" 10
}

@test "a d6 'rolled' 7 is refused with exit 2 and one line" {
	run --separate-stderr umpire roll d6 --roll 7
	assert_one_line_error 2
	[[ "$stderr" == *"'7'"* ]]
	[[ "$stderr" == *"from 1 to 6"* ]]
}

@test "2d6 with one value is refused" {
	run --separate-stderr umpire roll 2d6 --roll 4
	assert_one_line_error 2
}

@test "bad dice notation is refused naming the value" {
	run --separate-stderr umpire roll 2x6
	assert_one_line_error 2
	[[ "$stderr" == "umpire roll: bad dice: '2x6'"* ]]
}

@test "roll needs dice" {
	run --separate-stderr umpire roll
	assert_one_line_error 2
}

@test "--odds and --roll exclude each other" {
	run --separate-stderr umpire roll 2d6 --odds --roll 1,1
	assert_one_line_error 2
}

@test "the same seed repeats the same dice, before or after the command" {
	run umpire --seed 99 roll 4d6 --json
	first=$output
	run umpire roll 4d6 --json --seed 99
	assert_equal "$output" "$first"
	assert_equal "$(json_get .source <<<"$output")" seed
}

@test "seeded faces are on the die and add up to the total" {
	for seed in 1 2 3 4 5; do
		run umpire roll 5d6+1 --seed "$seed" --json
		assert_success
		sum=$(json_get '[.dice[]] | add' <<<"$output")
		bad=$(json_get '[.dice[] | select(. < 1 or . > 6)] | length' <<<"$output")
		assert_equal "$bad" 0
		assert_equal "$(json_get .total <<<"$output")" "$((sum + 1))"
	done
}

@test "a bad seed is refused" {
	run --separate-stderr umpire --seed -4 roll d6
	assert_one_line_error 2
	run --separate-stderr umpire --seed 12abc roll d6
	assert_one_line_error 2
}

@test "2d6 odds: 7 comes up 6 times in 36" {
	run umpire roll 2d6 --odds --json
	assert_success
	assert_equal "$(json_get .outcomes_total <<<"$output")" 36
	assert_equal "$(json_get '.outcomes[] | select(.total == 7) | .ways' <<<"$output")" 6
	assert_equal "$(json_get '.outcomes[] | select(.total == 2) | .ways' <<<"$output")" 1
	# the chances sum to one
	assert_equal "$(json_get '[.outcomes[].probability] | add | . * 1000 | round' <<<"$output")" 1000
}

@test "3d6 odds as text: 10 comes up 27 times in 216 (12.500%)" {
	run umpire roll 3d6 --odds
	assert_success
	assert_line --regexp '^ +10 +27 +12\.500%'
}

@test "odds of d6 + d10: 11 six ways in 60" {
	run umpire roll d6 d10 --odds --json
	assert_equal "$(json_get '.outcomes[] | select(.total == 11) | .ways' <<<"$output")" 6
	assert_equal "$(json_get .outcomes_total <<<"$output")" 60
}

@test "no colour escapes when piped" {
	run umpire roll 2d6 3d6 --roll 1,1,1,1,1
	refute_output --partial $'\033'
}

@test "a full stdout is a system error, not silence" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c 'umpire roll d6 >/dev/full'
	assert_equal "$status" 4
}

@test "odds past 2^53 are exact: 25d6 and 30d6 (issue 8)" {
	run --separate-stderr umpire roll 25d6 --odds --json
	assert_success
	# 6^25 = 2^25 * 3^25 = 33554432 * 847288609443; the raw text, since
	# jq 1.6 rounds numbers past 2^53
	[[ "$output" == *'"outcomes_total":28430288029929701376,'* ]]
	# 150: every die a 6, one way; 148: one die a 4 (25 ways) or two dice
	# a 5 (C(25,2) = 300 ways), 325 in all
	assert_equal "$(json_get '.outcomes[] | select(.total == 150) | .ways' <<<"$output")" 1
	assert_equal "$(json_get '.outcomes[] | select(.total == 148) | .ways' <<<"$output")" 325
	assert_equal "$(json_get '[.outcomes[] | select(.ways < 1 or .probability <= 0)] | length' <<<"$output")" 0
	run umpire roll 30d6 --odds
	assert_success
	# 180 one way; 179 one die a 5 of 30
	assert_line --regexp '^ +180 +1 '
	assert_line --regexp '^ +179 +30 '
	[[ "$output" != *-* ]]	# no negative count or chance
}

@test "odds of the largest dice allowed, 100d1000, are exact (issue 8)" {
	run --separate-stderr umpire roll 100d1000 --odds --json
	assert_success
	# 1000^100 = 10^300: a 1 and 300 zeros
	[[ "$output" == *"\"outcomes_total\":1$(printf '0%.0s' $(seq 300)),"* ]]
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 99901
	# 101: one die a 2, 100 ways; 102: one die a 3 or two dice a 2,
	# 100 + C(100,2) = 5050
	assert_equal "$(json_get '.outcomes[1].ways, .outcomes[2].ways, .outcomes[-1].ways' <<<"$output" | tr '\n' ' ')" "100 5050 1 "
	assert_equal "$(json_get '[.outcomes[] | select(.probability < 0 or .probability > 1)] | length' <<<"$output")" 0
	# 100000 is 10^-300
	assert_equal "$(json_get '.outcomes[-1].probability * 1e300 * 1e6 | round' <<<"$output")" 1000000
}

@test "dice past the limits are refused naming the limits (issue 8)" {
	for dice in 101d6 2d1001 1001d6; do
		run --separate-stderr umpire roll "$dice"
		assert_one_line_error 2
		assert_equal "$stderr" "umpire roll: bad dice: '$dice' (expected at most 100 dice of at most 1000 sides)"
	done
	run --separate-stderr umpire roll d6+10001
	assert_one_line_error 2
	assert_equal "$stderr" "umpire roll: bad dice: 'd6+10001' (expected a modifier from -10000 to +10000)"
	run --separate-stderr umpire roll 60d6 41d6 --odds
	assert_one_line_error 2
	assert_equal "$stderr" "umpire roll: too many dice: 101 (expected at most 100 dice of at most 1000 sides in all)"
}
