#!/usr/bin/env bats
# state: what lib/state.c promises every file umpire writes (imports here;
# the deck's own cases are in draw-state.bats).  A writer killed in the
# middle of a write leaves the old file whole and at most its own temporary,
# named with its PID; the next write into the folder removes temporaries
# whose writer is dead, so kills never pile up files.

load helpers

setup_file() {
	build_stall_shim
}

# The temporaries in a folder, one a line.
temps() {
	ls -a "$1" | grep -F .tmp. || true
}

@test "rules import killed mid-write: old file whole, temporaries never pile up" {
	book="$XDG_DATA_HOME/umpire/tb"
	umpire rules import tb "$FIXTURES/books/numbered.txt" >/dev/null
	cp "$book/reference.txt" "$BATS_TEST_TMPDIR/before"
	for i in 1 2 3 4 5; do
		kill_mid_write rules import tb "$FIXTURES/books/numbered.txt"
		# each writer removed the last one's leftover: only its own stays
		assert_equal "$(temps "$book" | wc -l)" 1
		[[ "$(temps "$book")" =~ ^reference\.txt\.tmp\.[0-9]+\.[A-Za-z0-9]{6}$ ]]
		cmp "$book/reference.txt" "$BATS_TEST_TMPDIR/before"
	done
	run umpire rules import tb "$FIXTURES/books/numbered.txt"
	assert_success
	assert_equal "$(temps "$book")" ""
	cmp "$book/reference.txt" "$BATS_TEST_TMPDIR/before"
}

@test "table --import killed mid-write leaves nothing once the next write runs" {
	dir="$XDG_DATA_HOME/umpire/toto"
	for i in 1 2 3; do
		kill_mid_write table --import toto psywar "$FIXTURES/psywar.csv"
	done
	assert_equal "$(temps "$dir" | wc -l)" 1
	assert_file_not_exists "$dir/psywar.json"
	run umpire table --import toto psywar "$FIXTURES/psywar.csv"
	assert_success
	assert_equal "$(temps "$dir")" ""
	run umpire table --check "$dir/psywar.json"
	assert_success
}

@test "a live writer's temporary, and files not named like one, are left alone" {
	dir="$XDG_DATA_HOME/umpire/toto"
	mkdir -p "$dir"
	sh -c 'exit 0' &
	dead=$!
	wait "$dead"
	for f in "psywar.json.tmp.$$.aB3dE6" notes.tmp.txt "x.tmp.$dead.toolong7" \
		"x.tmp.$dead.short" "old.tmp.$dead.aB3dE6"; do
		echo mine >"$dir/$f"
	done
	mkdir "$dir/d.tmp.$dead.aB3dE6"
	# named the older way, without a PID: removed once a day old
	echo mine >"$dir/psywar.json.tmp.Fresh1"
	echo mine >"$dir/psywar.json.tmp.Stale1"
	touch -d '2 days ago' "$dir/psywar.json.tmp.Stale1"
	run umpire table --import toto psywar "$FIXTURES/psywar.csv"
	assert_success
	run ls -a "$dir"
	assert_output --partial "psywar.json.tmp.$$.aB3dE6"
	assert_output --partial notes.tmp.txt
	assert_output --partial "x.tmp.$dead.toolong7"
	assert_output --partial "x.tmp.$dead.short"
	assert_output --partial "d.tmp.$dead.aB3dE6"
	refute_output --partial "old.tmp.$dead.aB3dE6"
	assert_output --partial psywar.json.tmp.Fresh1
	refute_output --partial psywar.json.tmp.Stale1
}

@test "a link planted where an import goes is replaced, its target untouched" {
	book="$XDG_DATA_HOME/umpire/tb"
	mkdir -p "$book"
	echo precious >"$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target" "$book/reference.txt"
	run umpire rules import tb "$FIXTURES/books/numbered.txt"
	assert_success
	[ ! -L "$book/reference.txt" ]
	assert_equal "$(cat "$BATS_TEST_TMPDIR/target")" precious
}

@test "UMPIRE_LOCK_TIMEOUT is checked by every command, a lock taken or not" {
	for v in abc -1 3601 inf 1e3 ' 2'; do
		UMPIRE_LOCK_TIMEOUT=$v run --separate-stderr umpire roll 2d6 --roll 3,4
		assert_one_line_error 2
		[[ "$stderr" == *"UMPIRE_LOCK_TIMEOUT"* ]] || fail "$v: $stderr"
	done
	UMPIRE_LOCK_TIMEOUT=0.5 run umpire roll 2d6 --roll 3,4
	assert_success
	UMPIRE_LOCK_TIMEOUT= run umpire roll 2d6 --roll 3,4
	assert_success
}

@test "a wait on a lock past a second is announced, then the command goes on" {
	f="$BATS_TEST_TMPDIR/sit.json"
	printf '{ "format": "umpire-situation/1", "game": "loe", "units": [ { "id": "a", "side": "italian", "type": "italian-inf", "strength": 4, "ma": 6, "hex": "1011" } ] }\n' >"$f"
	map="$FIXTURES/supply/loe-corridor.json"
	umpire -g loe supply-trace --map "$map" --situation "$f" --side italian --update || true
	flock "$XDG_STATE_HOME"/umpire/locks/*.lock sleep 1.8 &
	sleep 0.2
	start=$(date +%s%N)
	run --separate-stderr umpire -g loe supply-trace --map "$map" --situation "$f" \
	    --side italian --update
	wait
	assert_failure 1
	[[ "$stderr" == *"waiting for another process"* ]] || fail "no notice: $stderr"
	assert_equal "$(printf '%s\n' "$stderr" | wc -l)" 1
	# it waited for the holder, not the full ten seconds
	[ $(( ($(date +%s%N) - start) / 1000000 )) -lt 5000 ]
}
