#!/usr/bin/env bats
# rally: I wish I was in France!, 17.  Each coloured die plus the
# modifiers of 17.2 (added by hand below): 8 or more recovers one level,
# 11 or more two, for every stand of the die's colour.

load helpers

rally() {
	umpire rally -g iwiif --json "$@"
}

@test "17: officer with the unit, enemy 20 inches away: +2" {
	# red pinned 9 + 2 = 11: two levels, steady; blue suppressed 6 + 2 = 8:
	# one level, steady; yellow steady 2 + 2 = 4: no change
	run --separate-stderr rally red:pin blue:sup yellow --officer --enemy 20 \
		--roll red=9,blue=6,yellow=2,white=5
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$(json_get .modifier <<<"$output")" 2
	assert_equal "$(json_get .result.code <<<"$output")" red=steady,blue=steady,yellow=steady
	assert_equal "$(json_get '[.stands[].levels] | join(",")' <<<"$output")" 2,1,0
	assert_equal "$(json_get '[.stands[].total] | join(",")' <<<"$output")" 11,8,4
	# white: no white stand, its die is set aside
	assert_equal "$(json_get '[.steps[] | select(.text | test("set aside"))] | length' <<<"$output")" 1
}

@test "17.2: under 18 inches no bonus; out of command, cover, quality" {
	# 17.9": nothing; red pinned 7 + 0 = 7: no change
	run rally red:pin --enemy 17.9 --roll red=7
	assert_equal "$(json_get .modifier <<<"$output")" 0
	assert_equal "$(json_get .result.code <<<"$output")" red=pinned
	# cover +1, out of command -2, inadequate -1: -2; two broken reds,
	# 0 (10) - 2 = 8: one level each, pinned (broken counts as the level
	# below pinned, umpire's reading)
	run rally 2xred:broken --cover --out-of-command --quality inadequate --roll red=0
	assert_equal "$(json_get .modifier <<<"$output")" -2
	assert_equal "$(json_get '.stands[0].count' <<<"$output")" 2
	assert_equal "$(json_get .result.code <<<"$output")" red=pinned
	# exceptional +1: suppressed 7 + 1 = 8, steady
	run rally red:sup --quality exceptional --roll red=7
	assert_equal "$(json_get .result.code <<<"$output")" red=steady
}

@test "--odds: each stand's exact chance of each condition" {
	# pinned, no modifier: 8, 9, 10 recover one level (3 in 10); 11 never
	run rally red:pin --odds
	assert_equal "$(json_get '[.stands[0].odds[] | "\(.condition):\(.ways)"] | join(" ")' <<<"$output")" \
		"suppressed:3 pinned:7"
	# officer +1: 7-9 one level (3), 10 + 1 = 11 two levels (1), 1-6 none
	run rally red:pin --officer --odds
	assert_equal "$(json_get '[.stands[0].odds[] | "\(.condition):\(.ways)"] | join(" ")' <<<"$output")" \
		"steady:1 suppressed:3 pinned:6"
}

@test "bad input: one line on stderr, exit 2" {
	for args in "" "red:destroyed" "red:pin --roll blue=4" "red:pin --roll red=12" \
		"red:pin --odds --roll red=3" "red:pin --enemy far" "4:pin" "red:pin --quality brave"; do
		run --separate-stderr umpire rally -g iwiif $args
		assert_one_line_error 2
	done
}
