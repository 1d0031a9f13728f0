#!/usr/bin/env bats
# supply-apply: `supply-trace --apply` sets the check's markers on a saved
# game (loe 9.4.1), one undoable step, and refuses where the rules set none.
#
# Worked by hand on the teaching map (rules/loe/maps/teaching.map, odd-q):
# 4416 is mountain, no town, no road touches it; being in an even column,
# its neighbours are 4415, 4417, 4315, 4316, 4515 and 4516.  A unit there
# with an enemy unit in each of them can trace no line at all (9.2.2 A: no
# line enters an enemy unit's hex), and 4416 is no source of its own
# (9.3.1, 9.3.2).  5232 is Massawa, a source 9.3.1 B lists: a unit there is
# in supply with a line of no hexes.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

# cut SIDE ENEMY TYPE [MARKER]: a unit "cut" of SIDE in 4416, ringed by
# six units of ENEMY, in saved game t (the teaching situation's units too)
cut() {
	local h n=0
	umpire game new t -g loe --map teaching --situation teaching >/dev/null
	umpire --saved t game place cut --side "$1" --type "$3" --hex 4416 \
	    --strength 3 --ma 6 ${4:+--marker "$4"} >/dev/null
	for h in 4415 4417 4315 4316 4515 4516; do
		n=$((n + 1))
		umpire --saved t game place "ring-$n" --side "$2" --type \
		    "$([ "$2" = italian ] && echo italian-inf || echo ethiopian-irr)" \
		    --hex "$h" --strength 2 --ma 6 >/dev/null
	done
	# 9.4: a side checks its supply as its movement phase begins
	phase_to "$1 movement" t
}

# The position and the dead pile, sorted: what undo must put back.
state() {
	jq -S '{position, dead}' "$(file t)"
}

marks() {
	jq -c --arg id "$1" '[.position.units[] | select(.id == $id) |
	    .markers // []] | .[0]' "$(file t)"
}

@test "loe 9.4.1 A, C, D: OOS-1, OOS-2, then the dead pile over three checks; undo restores each" {
	cut italian ethiopian italian-inf
	export UMPIRE_SAVED=t
	umpire game place port --side italian --type italian-inf --hex 5232 \
	    --strength 8 --ma 6 --marker oos-1 >/dev/null
	# an airfield in the cut-off hex: an installation, never marked
	umpire game place af --side italian --type airfield --hex 4416 >/dev/null
	state >"$BATS_TEST_TMPDIR/s0"

	run --separate-stderr umpire supply-trace --side italian --apply
	assert_failure 1	# cut is out of supply: the answer's status
	assert_line --regexp '^  cut +marked oos-1: out of supply, not marked +9\.4\.1 A$'
	assert_line --regexp '^  port +oos-1 taken off: in supply: the marker comes off +9\.4\.1 B$'
	assert_equal "$(marks cut)" '["oos-1"]'
	assert_equal "$(marks port)" '[]'
	assert_equal "$(marks af)" '[]'
	assert_equal "$(jq -r '.log[-1].rule' "$(file t)")" 9.4.1
	state >"$BATS_TEST_TMPDIR/s1"

	run --separate-stderr umpire supply-trace --side italian --apply
	assert_line --regexp '^  cut +oos-1 -> oos-2: out of supply again, marked oos-1 +9\.4\.1 C$'
	assert_equal "$(marks cut)" '["oos-2"]'
	state >"$BATS_TEST_TMPDIR/s2"

	run --separate-stderr umpire --json supply-trace --side italian --apply
	assert_equal "$(jq -c '.applied.effects' <<<"$output")" \
	    '[{"unit":"cut","remove":true,"rule":"9.4.1 D","why":"out of supply again, marked oos-2"}]'
	assert_equal "$(jq -r '[.position.units[].id] | index("cut")' "$(file t)")" null
	assert_equal "$(jq -c '[.dead[] | .id, .died]' "$(file t)")" '["cut",1]'
	# the airfield stays where it was, unmarked
	assert_equal "$(marks af)" '[]'

	umpire game undo >/dev/null
	diff "$BATS_TEST_TMPDIR/s2" <(state)
	umpire game undo >/dev/null
	diff "$BATS_TEST_TMPDIR/s1" <(state)
	umpire game undo >/dev/null
	diff "$BATS_TEST_TMPDIR/s0" <(state)
}

@test "loe 9.4.4: an irregular is not spared: marked oos-2 and cut off, it is eliminated" {
	cut ethiopian italian ethiopian-irr oos-2
	run --separate-stderr umpire --saved t supply-trace --unit cut --apply
	assert_failure 1
	assert_line --regexp '^  cut +removed to the dead pile: .* +9\.4\.1 D$'
	assert_equal "$(jq -r '.dead[0].id' "$(file t)")" cut
}

@test "loe 13.2 E: Selassie cut off is in supply, and loses a marker he carries" {
	cut ethiopian italian selassie oos-2
	run --separate-stderr umpire --saved t supply-trace --unit cut --apply
	assert_success
	assert_line --regexp '^  cut +oos-2 taken off: in supply: .* +9\.4\.1 B$'
	assert_equal "$(marks cut)" '[]'
}

@test "a check that changes nothing logs nothing" {
	umpire game new t -g loe --map teaching >/dev/null
	umpire --saved t game place port --side italian --type italian-inf \
	    --hex 5232 --strength 8 --ma 6 >/dev/null
	phase_to "italian movement" t
	cp "$(file t)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire --saved t --json supply-trace --side italian --apply
	assert_success
	assert_equal "$(jq -c '.applied | .step, .effects' <<<"$output")" 'null
[]'
	cmp "$(file t)" "$BATS_TEST_TMPDIR/before"
}

@test "loe 13.1.2 B: a unit out of command control is marked dis by the same step" {
	umpire game new t -g loe --map teaching >/dev/null
	export UMPIRE_SAVED=t
	# Addis Ababa (3716), a town Ethiopia holds: in supply; no HQ of
	# army 1 nor Selassie anywhere
	umpire game place reg --side ethiopian --type ethiopian-reg --hex 3716 \
	    --strength 3 --ma 6 --marker army-1 >/dev/null
	phase_to "ethiopian movement"
	run --separate-stderr umpire supply-trace --side ethiopian --apply
	assert_success
	assert_line --regexp '^  reg +marked dis: not in command control: disrupted +13\.1\.2 B$'
	assert_equal "$(marks reg)" '["army-1","dis"]'
	assert_equal "$(jq -r '.log[-1].rule' "$(file t)")" "9.4.1, 13.1.2 B"
	# 13.1.2 A: the armies are Ethiopian; an Italian unit with such a
	# marker is no part of one
	umpire game place it --side italian --type italian-inf --hex 5232 \
	    --strength 8 --ma 6 --marker army-1 >/dev/null
	phase_to "italian movement"
	run --separate-stderr umpire supply-trace --side italian --apply
	assert_success
	assert_equal "$(marks it)" '["army-1"]'

}

@test "refused, the saved game untouched: a situation file, --phase combat, --svg, toto, sotq, an ended game" {
	cut italian ethiopian italian-inf
	f=$(file t)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire -g loe supply-trace --map teaching \
	    --situation teaching --side italian --apply
	assert_one_line_error 2
	[[ "$stderr" == *"saved game"* ]]
	# 9.4.3 B: the check at the instant of combat leaves the markers
	run --separate-stderr umpire --saved t supply-trace --side italian \
	    --phase combat --apply
	assert_one_line_error 2
	[[ "$stderr" == *"9.4.3 B"* ]]
	run --separate-stderr umpire --saved t supply-trace --side italian \
	    --apply --svg
	assert_one_line_error 2
	# --update writes situation files; on a saved game it says --apply
	run --separate-stderr umpire --saved t supply-trace --side italian --update
	assert_one_line_error 2
	[[ "$stderr" == *"--apply"* ]]
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	umpire --saved t game end >/dev/null
	cp "$f" "$BATS_TEST_TMPDIR/ended"
	run --separate-stderr umpire --saved t supply-trace --side italian --apply
	assert_one_line_error 2
	[[ "$stderr" == *"has ended"* ]]
	cmp "$f" "$BATS_TEST_TMPDIR/ended"

	umpire game new tt -g toto --map teaching --situation teaching >/dev/null
	cp "$(file tt)" "$BATS_TEST_TMPDIR/tt"
	side=$(jq -r '.position.units[0].side' "$(file tt)")
	run --separate-stderr umpire --saved tt supply-trace --side "$side" --apply
	assert_one_line_error 2
	[[ "$stderr" == *"15.5"* && "$stderr" == *"15.6"* ]]
	cmp "$(file tt)" "$BATS_TEST_TMPDIR/tt"

	umpire game new sq -g sotq --map isandhlwana --situation isandhlwana >/dev/null
	cp "$(file sq)" "$BATS_TEST_TMPDIR/sq"
	run --separate-stderr umpire --saved sq supply-trace --side british --apply
	assert_one_line_error 2
	[[ "$stderr" == *"(11)"* ]]
	cmp "$(file sq)" "$BATS_TEST_TMPDIR/sq"
}

@test "a second process holding the game: exit 5, the game untouched" {
	cut italian ethiopian italian-inf
	f=$(file t)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	flock "$XDG_STATE_HOME/umpire/games/t.lock" sleep 3 &
	sleep 0.3
	UMPIRE_LOCK_TIMEOUT=0.2 run --separate-stderr umpire --saved t \
	    supply-trace --side italian --apply
	assert_one_line_error 5
	wait
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	# once it is free, the same check applies
	run --separate-stderr umpire --saved t supply-trace --side italian --apply
	assert_equal "$(marks cut)" '["oos-1"]'
}

@test "--update on the game's export sets the same markers as --apply on the game" {
	cut italian ethiopian italian-inf oos-1
	umpire --saved t game export >"$BATS_TEST_TMPDIR/sit.json"
	run --separate-stderr umpire -g loe supply-trace --map teaching \
	    --situation "$BATS_TEST_TMPDIR/sit.json" --side italian --update
	assert_failure 1
	run --separate-stderr umpire --saved t supply-trace --side italian --apply
	assert_failure 1
	# cut: oos-1 to oos-2 (9.4.1 C); it-inf-c: oos-1 off (9.4.1 B)
	assert_equal "$(jq -c '[.units[] | [.id, .markers]]' "$BATS_TEST_TMPDIR/sit.json")" \
	    "$(jq -c '[.position.units[] | [.id, .markers]]' "$(file t)")"
	assert_equal "$(marks cut)" '["oos-2"]'
	assert_equal "$(marks it-inf-c)" '[]'
}

@test "a unit with no room for one more marker: exit 3, the game untouched" {
	umpire game new t -g loe --map teaching >/dev/null
	# 16 markers, as many as a situation holds (army-N: any N is a word
	# loe knows)
	umpire --saved t game place cut --side italian --type italian-inf \
	    --hex 4416 --strength 3 --ma 6 \
	    $(for i in $(seq 1 16); do echo --marker "army-$i"; done) >/dev/null
	for h in 4415 4417 4315 4316 4515 4516; do
		umpire --saved t game place "r$h" --side ethiopian --type \
		    ethiopian-irr --hex "$h" >/dev/null
	done
	phase_to "italian movement" t
	cp "$(file t)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire --saved t supply-trace --unit cut --apply
	assert_one_line_error 3
	[[ "$stderr" == *"no room for another marker (at most 16)"* ]]
	cmp "$(file t)" "$BATS_TEST_TMPDIR/before"
}

@test "completion offers --apply" {
	run umpire __complete supply-trace --ap
	assert_output --apply
}

@test "out of the side's movement phase the check is not applied (9.4, 4.2)" {
	umpire game new t -g loe --map teaching --situation teaching >/dev/null
	cp "$(file t)" "$BATS_TEST_TMPDIR/before"
	# the game begins in the Italian reinforcement phase
	run --separate-stderr umpire --saved t supply-trace --side italian --apply
	assert_one_line_error 2
	[[ "$stderr" == *"belongs to the italian movement phase (4.2 A)"* ]] ||
	    fail "$stderr"
	cmp "$(file t)" "$BATS_TEST_TMPDIR/before"
	# in the Italian movement phase, not the Ethiopian side's check
	phase_to "italian movement" t
	run --separate-stderr umpire --saved t supply-trace --side ethiopian --apply
	assert_one_line_error 2
	[[ "$stderr" == *"ethiopian movement phase (4.2 B)"* ]] || fail "$stderr"
}
