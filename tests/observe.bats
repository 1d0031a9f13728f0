#!/usr/bin/env bats
# observe: I wish I was in France!, 16.  The scores needed are read off the
# Observation Table (16.1) by hand: broken 4, 6, 8, 0 (10); light cover
# 6, 8, 0, none; dense cover 8, 0, none, none; for 4"-12", 13"-18",
# 19"-36" and 37" or more.

load helpers

observe() {
	umpire observe -g iwiif --json "$@"
}

@test "16.1: light cover at 14 inches needs 8" {
	run --separate-stderr observe --terrain light --range 14 --roll 8
	assert_equal "$status $stderr" "0 "
	assert_equal "$(json_get .column <<<"$output")" light:13-18
	assert_equal "$(json_get .result.text <<<"$output")" spotted
	run observe --terrain light --range 14 --roll 7
	assert_equal "$(json_get .result.text <<<"$output")" "not spotted"
}

@test "16.1: every band's score" {
	while read -r terrain range roll want; do
		run observe --terrain "$terrain" --range "$range" --roll "$roll"
		assert_equal "$terrain $range $roll $(json_get .result.code <<<"$output")" \
			"$terrain $range $roll $want"
	done <<-EOF
	broken 4 4 seen
	broken 12 3 -
	broken 12.5 6 seen
	broken 12.5 5 -
	broken 36 8 seen
	broken 37 0 seen
	broken 37 9 -
	light 12 6 seen
	light 30 0 seen
	light 40 0 -
	dense 10 8 seen
	dense 13 0 seen
	dense 13 9 -
	dense 20 0 -
	EOF
}

@test "16: moved, fired or within 4 inches: found without a roll" {
	run observe --terrain dense --range 3.9
	assert_equal "$(json_get .automatic <<<"$output")" true
	assert_equal "$(json_get .result.code <<<"$output")" seen
	run observe --terrain dense --range 30 --moved
	assert_equal "$(json_get .result.code <<<"$output")" seen
	run observe --terrain dense --range 30 --fired
	assert_equal "$(json_get .result.code <<<"$output")" seen
}

@test "--odds: the chance of spotting" {
	# light at 4": 6 or more, 5 in 10; dense at 20": never
	run observe --terrain light --range 4 --odds
	assert_equal "$(json_get .odds.ways <<<"$output")" 5
	run observe --terrain dense --range 20 --odds
	assert_equal "$(json_get .odds.ways <<<"$output")" 0
}

@test "--hidden: only spotted or not" {
	run --separate-stderr observe --terrain light --range 14 --roll 8 --hidden
	assert_success
	# the shape's members (umpire(1)), none holding the roll or the range
	assert_equal "$(json_get 'keys | join(",")' <<<"$output")" game,hidden,inputs,procedure,result,steps,table_source
	assert_equal "$(json_get '.inputs | length' <<<"$output")" 0
	assert_equal "$(json_get .result.text <<<"$output")" spotted
	run umpire observe -g iwiif --terrain light --range 14 --roll 7 --hidden
	assert_output "I wish I was in France!: observation
  result: not spotted                                             16"
}

@test "bad input: one line on stderr, exit 2" {
	for args in "" "--terrain light" "--range 5" "--terrain jungle --range 5" \
		"--terrain light --range -5" "--terrain light --range 5 --roll 11" \
		"--terrain light --range 5 --odds --roll 1" "--terrain light --range 5 --odds --hidden" \
		"--terrain light --range 5 x"; do
		run --separate-stderr umpire observe -g iwiif $args
		assert_one_line_error 2
	done
}
