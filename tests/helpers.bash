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
	unset UMPIRE_GAME UMPIRE_DATA UMPIRE_LOG UMPIRE_SAVED NO_COLOR
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

# For setup_file: build the shim that stalls a write half-way through one
# of umpire's temporary files (tests/fixtures/stall.c).
build_stall_shim() {
	cc -shared -fPIC -o "$BATS_FILE_TMPDIR/stall.so" "$FIXTURES/stall.c" -ldl
}

# Run umpire "$@" until it stalls in the middle of writing a temporary
# file, then SIGKILL it.  Needs build_stall_shim.
kill_mid_write() {
	local mark="$BATS_TEST_TMPDIR/stalled" pid i
	rm -f "$mark"
	# umpire's objects linked dynamically (a static umpire cannot load
	# the shim), run directly: the shim must not meet a wrapper
	# (check-valgrind)
	STALL_MARK="$mark" LD_PRELOAD="$BATS_FILE_TMPDIR/stall.so" \
		ASAN_OPTIONS=verify_asan_link_order=0 "$TOP/tests/umpire-shared" "$@" \
		>/dev/null 2>&1 &
	pid=$!
	for i in $(seq 100); do
		[ -e "$mark" ] && break
		sleep 0.1
	done
	assert_file_exists "$mark"
	kill -9 "$pid"
	wait "$pid" || true
}

# at_any_cost ASK WITH-MA99 WITHOUT...: the cheapest way at any cost, as a
# --to beyond the allowance names it, against the plain search's total with
# an allowance big enough: runs umpire with ASK's words and --ma 99, then
# without; prints "skip" when there is no way or it lies within the
# allowance, else fails unless the second answer's text gives the first
# total.  ASK is one string of words (no blanks inside a word).
at_any_cost() {
	local mp text
	run --separate-stderr umpire $1 --ma 99 --json
	[ "$status" -eq 0 ] || { echo skip; return; }
	mp=$(json_get '.total | if . == floor then tostring else "\(floor) 1/2" end' <<<"$output")
	run --separate-stderr umpire $1 --json
	[ "$status" -eq 1 ] || { echo skip; return; }	# within its allowance
	text=$(json_get '.result.text' <<<"$output")
	case $text in
	"the cheapest legal way costs $mp MP, "*) echo checked ;;
	*) echo "$1: '$text', not $mp MP" ;;
	esac
}

# tally MIN: at_any_cost's lines on stdin; fails at the first that is
# neither checked nor skip, or when fewer than MIN were checked.
tally() {
	local r checked=0

	while IFS= read -r r; do
		case $r in
		checked) checked=$((checked + 1)) ;;
		skip) ;;
		*) fail "$r"; return ;;
		esac
	done
	[ "$checked" -ge "$1" ] || fail "only $checked ways checked"
}

# man_examples_run PAGE MIN: every "$ umpire" line of PAGE's EXAMPLES, at
# least MIN of them, run in order and each exits 0.
man_examples_run() {
	local line
	mandoc -Tascii "$1" | col -b |
		awk '/^EXAMPLES/ {on = 1} /^SEE ALSO/ {on = 0} on' |
		sed -n 's/^[[:space:]]*\$ //p' >"$BATS_TEST_TMPDIR/examples"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/examples")" -ge "$2" ]
	while read -r line; do
		run bash -c "$line" </dev/null
		assert_equal "$status $line" "0 $line"
	done <"$BATS_TEST_TMPDIR/examples"
}

# phase_to NAME [GAME]: `umpire game next` until saved game GAME (default
# $UMPIRE_SAVED) is in the phase NAME of its sequence of play (a turn and
# a half at most).
phase_to() {
	local i g=${2:-$UMPIRE_SAVED}
	for i in $(seq 40); do
		[ "$(umpire --saved "$g" --json game show | jq -r .phase.name)" = \
		    "$1" ] && return 0
		umpire --saved "$g" game next >/dev/null || return 1
	done
	return 1
}
