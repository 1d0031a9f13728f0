#!/usr/bin/env bats
# morale: I wish I was in France!, morale tests (22) and the A/C test (23).
# Each expected total is the d10 plus the modifiers of 22.1 or 23.1 added
# by hand, read on 22.2 or 23.2: 5 or more, 3-4, 2 or less.

load helpers

morale() {
	umpire morale -g iwiif --json "$@"
}

@test "22: officer led with two pinned stands rolls 4: 4 + 3 - 4 = 3, no advance" {
	run --separate-stderr morale --led officer --pinned 2 --roll 4
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$(json_get .test <<<"$output")" general
	assert_equal "$(json_get .modifier <<<"$output")" -1
	assert_equal "$(json_get .total <<<"$output")" 3
	assert_equal "$(json_get .result.code <<<"$output")" no-advance
	assert_equal "$(json_get .result.rule <<<"$output")" 22.2
	assert_equal "$(json_get '[.modifiers[] | "\(.id)\(.value)x\(.times)"] | join(" ")' <<<"$output")" \
		"officer3x1 pinned-2x2"
}

@test "22.1: every modifier of the unit's tests" {
	# nco +1, support +1, hard cover +1, exceptional +1, one suppressed -1,
	# one lost -2: +1; roll 4: 5, OK
	run morale --led nco --support --cover hard --quality exceptional \
		--suppressed 1 --lost 1 --roll 4
	assert_equal "$(json_get .total <<<"$output")" 5
	assert_equal "$(json_get .result.code <<<"$output")" ok
	# trenches +2, inadequate -1: +1; roll 1: 2, retreat until a General
	# Test is passed
	run morale --cover trenches --quality inadequate --roll 1
	assert_equal "$(json_get .total <<<"$output")" 2
	assert_equal "$(json_get .result.code <<<"$output")" retreat
	assert_equal "$(json_get .result.text <<<"$output")" \
		"retreat, abandoning pinned stands; it retreats until it passes a General Test"
}

@test "22.2: the three columns" {
	# no modifiers: the roll is the total
	while read -r test roll want; do
		run morale --test "$test" --roll "$roll"
		assert_equal "$test $roll $(json_get .result.code <<<"$output")" "$test $roll $want"
	done <<-EOF
	general 5 ok
	general 4 no-advance
	general 3 no-advance
	general 2 retreat
	assault 0 assault
	assault 5 assault
	assault 4 no-assault
	assault 2 no-assault
	assaulted 5 stand
	assaulted 3 stand-no-fire
	assaulted 2 retreat
	EOF
}

@test "22.2: a retreating unit stops when it passes a General Test" {
	run morale --retreating --roll 5
	assert_equal "$(json_get .result.text <<<"$output")" "OK: the unit stops retreating"
	run morale --retreating --roll 4
	assert_equal "$(json_get .result.text <<<"$output")" "no advance: the unit goes on retreating"
}

@test "23: the A/C test with its modifiers" {
	# infantry near +1, suppressed -2: -1; roll 6: 5, carry on
	run morale --test ac --infantry-near --condition suppressed --roll 6
	assert_equal "$(json_get .total <<<"$output")" 5
	assert_equal "$(json_get .result.code <<<"$output")" carry-on
	# A/C near +2, pinned -3: -1; roll 3: 2, retreat until rallied to OK
	run morale --test ac --ac-near --condition pinned --roll 3
	assert_equal "$(json_get .result.text <<<"$output")" "retreat until rallied to OK"
}

@test "--odds: the exact chance of each result" {
	# no modifiers: 1-2 retreat (2), 3-4 no advance (2), 5-0 OK (6)
	run morale --odds
	assert_equal "$(json_get '[.odds[].rolls] | join(" ")' <<<"$output")" "1-2 3-4 5-0"
	assert_equal "$(json_get '[.odds[] | "\(.code):\(.ways)"] | sort | join(" ")' <<<"$output")" \
		"no-advance:2 ok:6 retreat:2"
	# A/C, -1: 1-3 retreat (3), 4-5 retire (2), 6-0 carry on (5)
	run morale --test ac --ac-near --condition pinned --odds
	assert_equal "$(json_get '[.odds[] | "\(.code):\(.ways):\(.rolls)"] | join(" ")' <<<"$output")" \
		"retreat:3:1-3 retire:2:4-5 carry-on:5:6-0"
}

@test "options of the other test are refused" {
	for args in "--test ac --pinned 1" "--test ac --led nco" "--condition pinned" \
		"--ac-near" "--test assault --retreating" "--test brave" "--pinned -1" \
		"--pinned x" "--odds --roll 3" "--roll 11" "--led general" "extra"; do
		run --separate-stderr umpire morale -g iwiif $args
		assert_one_line_error 2
	done
	run --separate-stderr umpire morale -g iwiif --test ac --pinned 1
	assert_equal "$stderr" "umpire morale: --pinned does not apply to the ac test"
}

@test "a broken morale chart is bad data: exit 3, nothing on stdout" {
	mkdir -p "$BATS_TEST_TMPDIR/d/iwiif"
	printf '{"format": "umpire-chart/1", "source": "user", "modifiers": [{"id": "nco", "value": "one"}], "results": []}' \
		>"$BATS_TEST_TMPDIR/d/iwiif/morale.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" morale -g iwiif --led nco --roll 5
	assert_one_line_error 3
	[[ "$stderr" == *'"value" must be a whole number'* ]]
	printf '{"format": "umpire-chart/1", "source": "user", "modifiers": [], "results": [{"at_least": 5}]}' \
		>"$BATS_TEST_TMPDIR/d/iwiif/morale.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" morale -g iwiif --roll 1
	assert_one_line_error 3
}

@test "23: the A/C test's roll cites the armoured car rules, not the morale test's" {
	run --separate-stderr umpire morale -g iwiif --test ac --roll 5 --json
	assert_success
	assert_equal "$(json_get '[.steps[] | select(.text | startswith("roll")) | .rule] | join(",")' <<<"$output")" 23
}
