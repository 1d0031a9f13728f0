#!/usr/bin/env bats
# umpire entrench: loe 10.2's entrenchments, each condition at and one
# over, the distances counted by hand down one column of the teaching map
# (odd-q: 2010 to 20NN is NN - 10 hexes); 4608 is clear with marsh, 1019
# the fort of To Mogadisho, 0901 neutral (3.4), 2010 to 2030 plain clear.

load helpers
load position

# en NAME UNIT-JSON...: a loe position on the teaching map.
en() {
	local name=$1
	shift
	pos loe teaching "$name" "$@"
}

ask() {
	run --separate-stderr umpire -g loe entrench --situation \
	    "$BATS_TEST_TMPDIR/$1.json" --unit "$2" --json
	assert_success
}

code() { json_get '.result.code + " " + .result.rule' <<<"$output"; }

@test "10.2.1 A, 10.2.4: who builds: Italians, Askari, the Guard; others near Wehib Pasha" {
	en who "$(un it italian italian-inf 2010 3)" "$(un as italian askari 2020 3)" \
	    "$(un g ethiopian guard 2025 3)" "$(un sq italian air 2030 3)"
	ask who it; assert_equal "$(code)" "builds 10.2.1 C"
	ask who as; assert_equal "$(code)" "builds 10.2.1 C"
	ask who g; assert_equal "$(code)" "builds 10.2.1 C"
	ask who sq; assert_equal "$(code)" "refused 10.2.1 A"
	# irregulars 2 hexes from the engineers build; 3 hexes, no
	en wehib "$(un e ethiopian ethiopian-irr 2010 3)" \
	    "$(un wp ethiopian engineer 2012 3)" "$(un f ethiopian ethiopian-reg 2015 3)"
	ask wehib e; assert_equal "$(code)" "builds 10.2.1 C"
	ask wehib f; assert_equal "$(code)" "refused 10.2.4 A"
	# nor do the engineers on their own (10.2.4 B)
	ask wehib wp; assert_equal "$(code)" "refused 10.2.4 B"
}

@test "10.2, 10.2.1 E: no fort, marsh or neutral territory; one a hex" {
	en where "$(un m italian italian-inf 4608 3)" "$(un f italian italian-inf 1019 3)" \
	    "$(un n italian askari 0901 3)" "$(un a italian italian-inf 2010 3 entrenched)" \
	    "$(un b italian italian-inf 2010 3)" "$(un c italian italian-inf 2020 3 digging)" \
	    "$(un d italian italian-inf 2020 3)"
	ask where m; assert_equal "$(code)" "refused 10.2"
	assert_equal "$(json_get .result.text <<<"$output")" "no entrenchment in marsh: 4608 is marsh"
	ask where f; assert_equal "$(code)" "refused 10.2"
	ask where n; assert_equal "$(code)" "refused 10.2"
	ask where b; assert_equal "$(code)" "refused 10.2.1 E"
	ask where d; assert_equal "$(code)" "refused 10.2.1 E"
}

@test "10.2.1 B, D: no enemy within two hexes; a whole phase; out of supply builds" {
	en near "$(un it italian italian-inf 2010 3 oos-1)" "$(un e ethiopian ethiopian-irr 2013 3)"
	ask near it
	assert_equal "$(code)" "builds 10.2.1 C"
	assert_equal "$(json_get '[.steps[].rule] | index("10.2.1 D") != null' <<<"$output")" true
	en near2 "$(un it italian italian-inf 2010 3)" "$(un e ethiopian ethiopian-irr 2012 3)"
	ask near2 it
	assert_equal "$(code)" "refused 10.2.1 B"
	assert_equal "$(json_get .result.text <<<"$output")" \
	    "an enemy unit, e in 2012, is 2 hexes away: none may be within two"
	en moved "$(un it italian italian-inf 2010 3 moved)"
	ask moved it
	assert_equal "$(code)" "refused 10.2.1 B"
}

@test "a saved game: built in the movement phase, completed at its end, kept by the hex (10.2.1 C, 10.2.3)" {
	export UMPIRE_SAVED=e
	umpire game new e -g loe --map teaching --situation teaching >/dev/null
	umpire game place d2 --side italian --type italian-inf --ma 6 --hex 2504 >/dev/null
	# out of its phase: refused (4.2 A)
	run --separate-stderr umpire entrench --unit it-inf-a --apply
	assert_equal "$status" 2
	[[ "$stderr" == *"belongs to the italian movement phase"* ]]
	phase_to "italian movement"
	run --separate-stderr umpire entrench --unit it-inf-a --apply
	assert_success
	assert_equal "$(umpire --json game show | jq -c '.position.units[0].markers')" '["digging"]'
	# the builder stays the whole phase (10.2.1 B)
	run --separate-stderr umpire move-cost --unit it-inf-a --to 2505 --apply
	assert_equal "$status" 1
	assert_output --partial "10.2.1 B"
	# a second one in the hex: refused (10.2.1 E), and applying it too
	run --separate-stderr umpire entrench --unit d2 --apply
	assert_equal "$status" 2
	[[ "$stderr" == *"refused: 2504 holds an entrenchment already (it-inf-a's) (10.2.1 E)"* ]]
	# the phase's end completes it
	umpire game next >/dev/null
	assert_equal "$(umpire --json game show | jq -c '.position.units[0].markers')" '["entrenched"]'
	# next turn it-inf-a moves off: d2 keeps the entrenchment
	phase_to "italian movement"
	run --separate-stderr umpire move-cost --unit it-inf-a --to 2505 --apply
	assert_success
	assert_line --regexp '^  the entrenchment in 2504 stays, with d2 +10\.2\.3$'
	assert_equal "$(umpire --json game show | jq -r '.position.units[] | select(.id == "d2") | .markers | join(",")')" entrenched
	assert_equal "$(umpire --json game show | jq -r '.position.units[] | select(.id == "it-inf-a") | .markers // [] | join(",")')" moved
	# d2 leaves too: the hex is vacant of Italians, the counter goes
	run --separate-stderr umpire move-cost --unit d2 --to 2406 --apply
	assert_success
	assert_line --regexp '^  the entrenchment in 2504 is removed: its side has left the hex +10\.2\.3$'
	assert_equal "$(umpire --json game show | jq '[.position.units[] | select(.markers // [] | index("entrenched"))] | length')" 0
}

@test "umpire-entrench(1): the examples run" {
	man_examples_run "$TOP/man/umpire-entrench.1" 2
}
