#!/usr/bin/env bats
# activation: I wish I was in France!, 5-8 of rules/iwiif/reference.txt.
# Expected values are read off the rulebook's Activation Rolls table (7) by
# hand, each written next to the test; a d10's 0 is 10.

load helpers

act() {
	umpire activation --json "$@"
}

@test "7: a competent officer's unit rolling 0 (10) has 4 actions" {
	# Competent Officer column: 4 on 0
	run --separate-stderr act competent --roll 0
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$(json_get .game <<<"$output")" iwiif
	assert_equal "$(json_get .procedure <<<"$output")" activation
	assert_equal "$(json_get .units[0].actions <<<"$output")" 4
	assert_equal "$(json_get .units[0].roll <<<"$output")" 10
	assert_equal "$(json_get .result.code <<<"$output")" 4
	assert_equal "$(json_get .result.rule <<<"$output")" 7
	assert_equal "$(json_get .table_source <<<"$output")" rulebook
}

@test "7: every column at its edges, one unit a roll" {
	# diligent: 1 on 1, 2 on 2-5, 3 on 6-8, 4 on 9-0
	# competent: 1 on 1-2, 2 on 3-6, 3 on 7-9, 4 on 0
	# inept and nco: 0 on 1, 1 on 2-5, 2 on 6-9, 3 on 0
	# out of command: inadequate 0 on 1-6, 1 on 7-0; capable 0 on 1-5,
	# 1 on 6-9, 2 on 0; exceptional (the second "Inadequate") 0 on 1-4,
	# 1 on 5-8, 2 on 9-0
	while read -r who roll want; do
		run act "$who" --roll "$roll"
		assert_equal "$who $roll $(json_get .result.code <<<"$output")" "$who $roll $want"
	done <<-EOF
	diligent 1 1
	diligent 2 2
	diligent 5 2
	diligent 6 3
	diligent 8 3
	diligent 9 4
	competent 2 1
	competent 3 2
	competent 6 2
	competent 7 3
	competent 9 3
	inept 1 0
	inept 5 1
	inept 6 2
	inept 0 3
	nco 1 0
	nco 0 3
	inadequate 6 0
	inadequate 7 1
	inadequate 0 1
	capable 5 0
	capable 6 1
	capable 9 1
	capable 0 2
	exceptional 4 0
	exceptional 5 1
	exceptional 8 1
	exceptional 9 2
	exceptional 0 2
	EOF
}

@test "5: several units, one d10 each in order" {
	# diligent 9 -> 4; inept 1 -> 0; capable 0 -> 2
	run --separate-stderr act a=diligent b=inept c=capable --roll 9,1,0
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" 4,0,2
	assert_equal "$(json_get '.units[1].unit' <<<"$output")" b
	assert_equal "$(json_get '[.units[].actions] | add' <<<"$output")" 6
}

@test "6: out of command with no action falls back a full move, unless in defences" {
	# capable, roll 3: 0 actions
	run act capable --roll 3
	assert_equal "$(json_get .units[0].retires <<<"$output")" true
	assert_equal "$(json_get '.steps[] | select(.rule == "6") | .text' <<<"$output" | tail -1)" \
		"unit 1: no action, out of command: it falls back a full move"
	run act capable:defences --roll 3
	assert_equal "$(json_get .units[0].retires <<<"$output")" false
	# an officer's unit with no action does not fall back: inept, roll 1
	run act inept --roll 1
	assert_equal "$(json_get .units[0].retires <<<"$output")" null
}

@test "5, 6: a unit brought under command this turn may not roll" {
	run --separate-stderr umpire activation competent:brought --roll 4
	assert_one_line_error 2
	[[ "$stderr" == *"brought under command this turn"*"(5, 6)"* ]]
}

@test "--odds: the exact chance of each number of actions" {
	# competent: 1 on 1-2 (2/10), 2 on 3-6 (4/10), 3 on 7-9 (3/10), 4 on 0 (1/10)
	run --separate-stderr act competent --odds
	assert_success
	assert_equal "$(json_get '[.units[0].odds[] | "\(.actions):\(.ways)"] | join(" ")' <<<"$output")" \
		"1:2 2:4 3:3 4:1"
	assert_equal "$(json_get '[.units[0].odds[].ways] | add' <<<"$output")" 10
	# a plan of 2 actions needs 2 or more: 4 + 3 + 1 = 8 in 10
	run act competent --odds --plan move,fire
	assert_equal "$(json_get .units[0].plan_probability <<<"$output")" 0.8
	# inadequate out of command never gets 2: 0 in 10
	run act inadequate --odds --plan move,fire
	assert_equal "$(json_get .units[0].plan_probability <<<"$output")" 0
}

@test "8: the plan is cut to the actions rolled" {
	# diligent 1 -> 1 action: only the move of move,fire,assault
	run act diligent --roll 1 --plan move,fire,assault
	assert_equal "$(json_get .units[0].carried_out <<<"$output")" move
	# diligent 9 -> 4 actions: the whole plan, and the assault calls for
	# a morale test first (18)
	run act diligent --roll 9 --plan move,fire,assault
	assert_equal "$(json_get .units[0].carried_out <<<"$output")" move,fire,assault
	assert_equal "$(json_get '[.steps[].rule] | last' <<<"$output")" 18
}

@test "8: repeatable actions may repeat; others may not; nothing after an assault" {
	run --separate-stderr act diligent --roll 9 --plan move,move,fire,fire
	assert_success
	run --separate-stderr umpire activation diligent --roll 9 --plan in-position,in-position
	assert_one_line_error 2
	[[ "$stderr" == *"in-position may be taken once a turn"*"(8)"* ]]
	run --separate-stderr umpire activation diligent --roll 9 --plan assault,move
	assert_one_line_error 2
	[[ "$stderr" == *"no action may follow an assault"*"(8, 18)"* ]]
}

@test "5: only a senior officer brings a junior officer under command; no one out of command brings anyone" {
	run --separate-stderr act competent:senior --roll 5 --plan bring-junior
	assert_success
	run --separate-stderr umpire activation competent --roll 5 --plan bring-junior
	assert_one_line_error 2
	[[ "$stderr" == *"only a senior officer may command a junior officer (5)"* ]]
	run --separate-stderr umpire activation nco --roll 5 --plan bring-junior
	assert_one_line_error 2
	run --separate-stderr act nco --roll 5 --plan bring
	assert_success
	run --separate-stderr umpire activation capable --roll 0 --plan bring
	assert_one_line_error 2
	[[ "$stderr" == *"out of command"*"(5)"* ]]
}

@test "-g iwiif is the default; a game without activation is refused" {
	run --separate-stderr umpire activation -g iwiif competent --roll 1
	assert_success
	run --separate-stderr umpire activation -g loe competent --roll 1
	assert_one_line_error 2
	assert_equal "$stderr" "umpire activation: loe has no activation procedure"
}

@test "bad input: one line on stderr, exit 2, nothing on stdout" {
	for args in "" "brave --roll 1" "competent --roll 11" "competent --roll 1,2" \
		"competent nco --roll 4" "competent --odds --roll 3" "competent:tired --roll 1" \
		"competent --plan dance" "capable:senior --roll 1" "=competent --roll 1"; do
		run --separate-stderr umpire activation $args
		assert_one_line_error 2
	done
	run --separate-stderr umpire activation brave
	assert_equal "$stderr" "umpire activation: bad commander: 'brave' (expected diligent, competent, inept or nco; out of command, the troops' inadequate, capable or exceptional)"
}

@test "a broken activation table is bad data: exit 3" {
	mkdir -p "$BATS_TEST_TMPDIR/d/iwiif"
	printf '{"format": "umpire-table/1"' >"$BATS_TEST_TMPDIR/d/iwiif/activation.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" activation competent --roll 1
	assert_equal "$status" 3
	assert_equal "$output" ""
}

@test "a seeded roll repeats, and the trail cites 5 and 7" {
	a=$(umpire activation --seed 5 competent nco --json | jq -c .roll)
	b=$(umpire activation --seed 5 competent nco --json | jq -c .roll)
	assert_equal "$a" "$b"
	run umpire activation competent --roll 4
	assert_line --index 0 "I wish I was in France!: activation"
	assert_line --regexp '^  unit 1: competent officer +5$'
	assert_line --regexp '^  unit 1: roll 4 on Competent Officer: 2 actions +7$'
}

@test "completion offers commanders and tags" {
	run umpire __complete activation ''
	assert_line competent
	assert_line exceptional
	run umpire __complete activation competent:s
	assert_output competent:senior
	run umpire __complete activation --plan as
	assert_output assault
}

@test "an activation table whose result is not a number of actions is bad data" {
	mkdir -p "$BATS_TEST_TMPDIR/d/iwiif"
	jq '.columns[1].results[0].code = "many"' "$TOP/rules/iwiif/activation.json" \
		>"$BATS_TEST_TMPDIR/d/iwiif/activation.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" activation competent --roll 1
	assert_one_line_error 3
	[[ "$stderr" == *"code 'many' is not a number of actions"* ]]
}
