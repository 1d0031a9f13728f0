#!/usr/bin/env bats
# saved-undo: the undo records of a saved game are untrusted like the rest
# of the file (lib/saved.c): a record that would leave a file that does
# not load is refused, exit 3, and the file is left as it was.  The cases
# are those tests/fuzz/fuzz_saved.c found.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

# A game t with one step to undo, its last log entry's undo record set by
# the jq program $1 (a game t before is deleted).
with_undo() {
	local f
	umpire game delete t >/dev/null 2>&1 || true
	umpire game new t -g loe --map teaching --situation teaching >/dev/null
	umpire --saved t game set it-inf-a hex=2505 >/dev/null
	f=$(file t)
	jq "$1" "$f" >"$BATS_TEST_TMPDIR/t"
	cp "$BATS_TEST_TMPDIR/t" "$f"
}

@test "undo refuses a record naming a member a step never changes" {
	with_undo '.log[-1].undo.phas = 0'
	run --separate-stderr umpire --saved t game undo
	assert_one_line_error 3
	[[ "$stderr" == *"log: expected undo records the way umpire writes them"* ]]
	cmp "$(file t)" "$BATS_TEST_TMPDIR/t"
}

@test "undo refuses a record that puts back a turn out of range" {
	with_undo '.log[-1].undo.turn = "one"'
	run --separate-stderr umpire --saved t game undo
	assert_one_line_error 3
	cmp "$(file t)" "$BATS_TEST_TMPDIR/t"
	with_undo '.log[-1].undo.turn = 0'
	run --separate-stderr umpire --saved t game undo
	assert_one_line_error 3
	# a record umpire wrote is undone
	with_undo '.'
	run --separate-stderr umpire --saved t game undo
	assert_success
	assert_equal "$(jq -r '.position.units[0].hex' "$(file t)")" 2504
}
