#!/usr/bin/env bats
# retreat-apply: a retreat or an advance after combat that a saved game
# owes, made with `move-cost --retreat/--advance ... --to HEX --apply`
# (umpire-move-cost(1), issue 38).  The open steps are written into the
# saved game with jq, as `crt --apply` leaves them (lib/saved_apply.h).
#
# Worked by hand on loe's teaching map (rules/loe/maps/teaching.map,
# layout odd-q: an odd column's neighbours in the columns beside it are
# rows r and r+1, an even column's rows r-1 and r):
# - it-inf-a stands in 2504; its neighbours are 2503, 2505, 2404, 2405,
#   2604 and 2605.  Road hexsides near it: 2406/2505, 2505/2605,
#   2604/2605, 2604/2703, so 2505, 2604 and 2605 are road hexes and 2503,
#   2404, 2405 are not.  A retreat of 1 goes toward the nearest road when
#   it can (8.4.1): it ends in 2505, 2604 or 2605.  No Ethiopian is near.
# - an advance of 1 enters the hex the defender left first (8.5.1): with
#   2505 vacated, 2505 is its only end.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

# owe NAME JSON...: the saved game's open steps, in order
owe() {
	local f name=$1
	f=$(file "$name")
	shift
	jq --argjson p "[$(IFS=,; echo "$*")]" '.pending = $p' "$f" \
	    >"$BATS_TEST_TMPDIR/owe.json"
	cp "$BATS_TEST_TMPDIR/owe.json" "$f"
}

new_game() {
	umpire game new "$1" -g loe --map teaching --situation teaching \
	    >/dev/null
}

R1='{"owe":"retreat","units":["it-inf-a"],"hexes":1,"rule":"8.4","from":"2504","side":"defender"}'

hex_of() {
	jq -r --arg id "$2" '.position.units[] | select(.id == $id) | .hex' \
	    "$(file "$1")"
}

@test "a retreat owed is made to the end chosen, logged with its rule, and undone" {
	new_game tue
	export UMPIRE_SAVED=tue
	owe tue "$R1"
	f=$(file tue)
	run --separate-stderr umpire move-cost --unit it-inf-a --retreat 1 \
	    --to 2604 --apply
	assert_success
	assert_line --partial "the retreat chosen ends in 2604, by 2604"
	assert_line --partial "applied: it-inf-a is in 2604 in saved game tue (step 1"
	assert_equal "$(hex_of tue it-inf-a)" 2604
	assert_equal "$(jq -c '.pending' "$f")" "[]"
	assert_equal "$(jq -r '.log[0].step, .log[0].rule' "$f" | tr '\n' '|')" \
	    "it-inf-a retreated to 2604 by 2604|8.4|"
	umpire game undo >/dev/null
	assert_equal "$(hex_of tue it-inf-a)" 2504
	assert_equal "$(jq -r '.pending[0].owe' "$f")" retreat
}

@test "owed takes the length the saved game owes; a dry run with --to changes nothing" {
	new_game tue
	export UMPIRE_SAVED=tue
	owe tue "$R1"
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	# without --apply: the answer, and the end chosen, in JSON
	run --separate-stderr umpire move-cost --unit it-inf-a --retreat owed \
	    --to 2505 --json
	assert_success
	assert_equal "$(json_get '.inputs.hexes' <<<"$output")" 1
	assert_equal "$(json_get '[.ends[].hex] | join(" ")' <<<"$output")" \
	    "2505 2604 2605"
	assert_equal "$(json_get '.end.hex, .end.route[0]' <<<"$output" |
	    tr '\n' ' ')" "2505 2505 "
	assert_equal "$(json_get '.applied' <<<"$output")" null
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire move-cost --unit it-inf-a --retreat owed \
	    --to 2505 --apply --json
	assert_success
	assert_equal "$(json_get '.applied.saved, .applied.step' <<<"$output" |
	    tr '\n' ' ')" "tue 1 "
	assert_equal "$(hex_of tue it-inf-a)" 2505
}

@test "refused, the saved game byte for byte unchanged: no such retreat, a wrong end, another unit first" {
	new_game tue
	export UMPIRE_SAVED=tue
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	# nothing is owed
	run --separate-stderr umpire move-cost --unit eth-irr-a --retreat 2 \
	    --to 3923 --apply
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: saved game 'tue' owes no retreat for 'eth-irr-a'"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	R2='{"owe":"retreat","units":["it-inf-b"],"hexes":1,"rule":"8.4","from":"2406","side":"defender"}'
	owe tue "$R1" "$R2"
	cp "$f" "$BATS_TEST_TMPDIR/before"
	# eth-irr-a owes nothing, and it-inf-a's retreat comes first
	run --separate-stderr umpire move-cost --unit eth-irr-a --retreat 2 \
	    --to 3923 --apply
	assert_one_line_error 2
	[[ "$stderr" == *"owes a retreat of 1 hex (8.4) for it-inf-a first"* ]]
	# 2503 keeps no nearer the road (8.4.1): not an end
	run --separate-stderr umpire move-cost --unit it-inf-a --retreat 1 \
	    --to 2503 --apply
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --to 2503: not a hex where the retreat may end (expected one of 2505, 2604, 2605): '2503'"
	# it-inf-a's retreat comes first
	run --separate-stderr umpire move-cost --unit it-inf-b --retreat 1 \
	    --to 2505 --apply
	assert_one_line_error 2
	[[ "$stderr" == *"owes a retreat of 1 hex (8.4) for it-inf-a first"* ]]
	# the length owed is 1
	run --separate-stderr umpire move-cost --unit it-inf-a --retreat 2 \
	    --to 2505 --apply
	assert_one_line_error 2
	[[ "$stderr" == *"--retreat 2: saved game 'tue' owes a retreat of 1 hex for 'it-inf-a'"* ]]
	# no end chosen where there is one to choose
	run --separate-stderr umpire move-cost --unit it-inf-a --retreat 1 \
	    --apply
	assert_one_line_error 2
	[[ "$stderr" == *"with --to (one of 2505, 2604, 2605)"* ]]
	# a normal move waits for the retreat too (saved_step)
	run --separate-stderr umpire move-cost --unit it-inf-b --to 2505 --apply
	assert_equal "$status" 2
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	# owed with no saved game, and --apply of an advance with no end
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation teaching --unit it-inf-a --retreat owed
	assert_one_line_error 2
	run --separate-stderr umpire move-cost --unit it-inf-a --advance 1 \
	    --apply
	assert_one_line_error 2
	cmp "$f" "$BATS_TEST_TMPDIR/before"
}

# eth-x in 2505 (its neighbours 2504, 2506, 2405, 2406, 2605, 2606):
# 2504 and 2406 hold it-inf-a and it-inf-b, 2405 and 2605 lie in
# it-inf-a's zone of control, 2506 in it-inf-b's, and 2606 in that of
# it-x in 2706 (2606, 2607, 2705, 2707, 2806, 2807).  8.4 B bars every
# first step: it cannot retreat and is eliminated (8.4.3).
@test "a unit that cannot retreat is removed by --apply with no --to (8.4.3), and undone" {
	new_game tue
	export UMPIRE_SAVED=tue
	umpire game place it-x --side italian --type italian-inf --hex 2706 \
	    --strength 8 --ma 6 >/dev/null
	umpire game place eth-x --side ethiopian --type ethiopian-irr \
	    --hex 2505 --strength 3 --ma 8 >/dev/null
	owe tue '{"owe":"retreat","units":["eth-x"],"hexes":2,"rule":"8.4","from":"2505","side":"defender"}'
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire move-cost --unit eth-x --retreat owed \
	    --to 2504 --apply
	assert_one_line_error 2
	[[ "$stderr" == *"cannot retreat 2 hexes and is eliminated (8.4.3)"* ]]
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire move-cost --unit eth-x --retreat owed --apply
	assert_success
	assert_line --partial "the unit is eliminated: it cannot retreat 2 hexes"
	assert_line --partial "applied: eth-x goes to the dead pile in saved game tue"
	assert_equal "$(hex_of tue eth-x)" ""
	assert_equal "$(jq -r '.dead[0].id, .log[-1].rule' "$f" | tr '\n' ' ')" \
	    "eth-x 8.4.3 "
	assert_equal "$(jq -c '.pending' "$f")" "[]"
	umpire game undo >/dev/null
	assert_equal "$(hex_of tue eth-x)" 2505
	assert_equal "$(jq -r '.pending[0].units[0]' "$f")" eth-x
}

@test "a stack retreats along one route, one step of the log (8.4.2 B)" {
	new_game tue
	export UMPIRE_SAVED=tue
	umpire game set it-inf-b hex=2504 >/dev/null
	owe tue '{"owe":"retreat","units":["it-inf-a","it-inf-b"],"hexes":1,"rule":"8.4","from":"2504","side":"defender"}'
	f=$(file tue)
	run --separate-stderr umpire move-cost --unit it-inf-a --unit it-inf-b \
	    --retreat owed --to 2605 --apply
	assert_success
	assert_line --partial "applied: it-inf-a and it-inf-b are in 2605"
	assert_equal "$(hex_of tue it-inf-a) $(hex_of tue it-inf-b)" "2605 2605"
	assert_equal "$(jq -c '.pending' "$f")" "[]"
	# the hand-set hex, then the stack's one step, which one undo takes
	# back whole
	assert_equal "$(jq '.log | length' "$f")" 2
	umpire game undo >/dev/null
	assert_equal "$(hex_of tue it-inf-a) $(hex_of tue it-inf-b)" "2504 2504"
	assert_equal "$(jq -c '.pending[0].units' "$f")" '["it-inf-a","it-inf-b"]'
	# one unit of the stack alone takes its own part; the other still owes
	umpire move-cost --unit it-inf-b --retreat 1 --to 2604 --apply >/dev/null
	assert_equal "$(jq -c '.pending[0].units' "$f")" '["it-inf-a"]'
	# a unit of another open step is no part of this stack
	run --separate-stderr umpire move-cost --unit it-inf-a --unit eth-irr-a \
	    --retreat 1 --to 2505 --apply
	assert_one_line_error 2
}

@test "an advance enters the vacated hex (8.5.1); an optional one is given up by the next step" {
	new_game tue
	export UMPIRE_SAVED=tue
	# the plain move below is one of the movement phase (4.2 A)
	phase_to "italian movement"
	ADV1='{"owe":"advance","units":["it-inf-a"],"hexes":1,"via":"2505","rule":"8.5","optional":true}'
	owe tue "$ADV1"
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	# 2604 is next to it-inf-a but not by way of 2505
	run --separate-stderr umpire move-cost --unit it-inf-a --advance owed \
	    --to 2604 --apply
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --to 2604: not a hex where the advance may end (expected one of 2505): '2604'"
	# the advance owed goes by 2505, not by 2405
	run --separate-stderr umpire move-cost --unit it-inf-a --advance 1 \
	    --via 2405 --to 2405 --apply
	assert_one_line_error 2
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire move-cost --unit it-inf-a --advance owed \
	    --to 2505 --apply
	assert_success
	assert_equal "$(hex_of tue it-inf-a)" 2505
	assert_equal "$(jq -r '.log[-1].step, .log[-1].rule' "$f" | tr '\n' '|')" \
	    "it-inf-a advanced to 2505 by 2505|8.5|"
	# owed again: the step is gone with its only unit
	umpire game undo >/dev/null
	run --separate-stderr umpire move-cost --unit it-inf-b --to 2505 --apply
	assert_success
	assert_line --partial "1 optional step left open given up"
	assert_equal "$(jq -c '.pending' "$f")" "[]"
	run --separate-stderr umpire move-cost --unit it-inf-a --advance owed \
	    --to 2505 --apply
	assert_one_line_error 2
}

# toto's teaching map: br-inf-b in 4418 (an even column: 4417, 4419, 4317,
# 4318, 4517, 4518 around it), the only enemy the garrison of 4415, whose
# zone of control reaches 4416 and no nearer: a retreat of 1 may end in
# any of the six (13.1).
@test "toto: a retreat owed is made to one of its ends" {
	umpire game new tt -g toto --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=tt
	owe tt '{"owe":"retreat","units":["br-inf-b"],"hexes":1,"rule":"13.1","from":"4418","side":"defender"}'
	f=$(file tt)
	run --separate-stderr umpire move-cost --unit br-inf-b --retreat 1 \
	    --to 4420 --apply
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: --to 4420: not a hex where the retreat may end (expected one of 4317, 4318, 4417, 4419, 4517, 4518): '4420'"
	run --separate-stderr umpire move-cost --unit br-inf-b --retreat owed \
	    --to 4517 --apply
	assert_success
	assert_equal "$(hex_of tt br-inf-b)" 4517
	assert_equal "$(jq -r '.log[-1].rule' "$f")" 13.1
}

@test "completion offers owed, and the saved game's hexes for --to" {
	run umpire __complete -g loe move-cost --map teaching --retreat o
	assert_output owed
	run umpire __complete -g loe move-cost --map teaching --advance o
	assert_output owed
	new_game tue
	# no --map on the line: the saved game's map, teaching, 0801 to 5535
	run umpire __complete --saved tue move-cost --unit it-inf-a \
	    --retreat 1 --to 260
	assert_line 2604
	assert_line 2605
	refute_line 2504
	run umpire __complete --saved tue move-cost --unit it-inf-a \
	    --advance 1 --via 55
	assert_line 5535
}

@test "umpire-move-cost(1) says how a retreat owed is applied" {
	run sh -c "mandoc -Tascii '$TOP/man/umpire-move-cost.1' | col -b |
	    tr -s '[:space:]' ' '"
	assert_output --partial "owed"
	assert_output --partial "the unit is removed to the dead pile"
}
