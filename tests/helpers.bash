# helpers.bash: loaded by every bats file.  Each test gets its own empty
# home, data and state directories, no game from the environment, and the
# umpire of this tree first on PATH.

bats_require_minimum_version 1.5.0

bats_load_library bats-support
bats_load_library bats-assert
bats_load_library bats-file

TOP="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
FIXTURES="$TOP/tests/fixtures"

setup() {
	export HOME="$BATS_TEST_TMPDIR/home"
	export XDG_DATA_HOME="$BATS_TEST_TMPDIR/data"
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/state"
	mkdir -p "$HOME"
	unset UMPIRE_GAME UMPIRE_DATA NO_COLOR
	PATH="$TOP:$PATH"
	# make check-valgrind: every umpire the tests run goes through valgrind
	if [ -n "${UMPIRE_VALGRIND:-}" ]; then
		PATH="$TOP/tests/valgrind:$PATH"
	fi
}

# The value of a JSON member: json_get .result.code <<<"$output"
json_get() {
	jq -r "$1"
}

# Assert the failed command wrote exactly one line on stderr, nothing on
# stdout, and exited with the given status.  Use after run --separate-stderr.
assert_one_line_error() {
	assert_equal "$status" "$1"
	assert_equal "$output" ""
	assert_equal "$(printf '%s\n' "$stderr" | wc -l)" 1
	[ -n "$stderr" ] || fail "stderr is empty"
}
