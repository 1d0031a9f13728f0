#!/usr/bin/env bats
# outfile: a file the player names for umpire to write (map svg -o, the
# situation supply-trace --update changes) is written as a shell's `>` would write it (lib/outfile.h): a link is
# followed, a FIFO or device is written as it is, a regular file keeps its
# mode, nothing beside it is swept or left behind, and the lock lives in
# umpire's state folder.

load helpers

setup_file() {
	build_stall_shim
}

MAP="$BATS_TEST_DIRNAME/fixtures/supply/loe-corridor.json"

svg() {
	umpire -g loe map svg teaching --around 4026 --radius 1 "$@"
}

# Everything in a folder but the given names, one a line.
others() {
	local dir=$1
	shift
	ls -A "$dir" | grep -vxF -f <(printf '%s\n' "$@") || true
}

# A situation laid out the way a player might type it: two-space indent,
# "side" before "id", a final newline.
hand_situation() {
	cat >"$1" <<'EOF'
{
  "format": "umpire-situation/1",
  "game": "loe",
  "units": [
    {
      "side": "italian",
      "id": "a",
      "type": "italian-inf",
      "strength": 4,
      "ma": 6,
      "hex": "1011"
    }
  ]
}
EOF
}

@test "-o on a symbolic link writes its target and leaves the link a link" {
	mkdir "$BATS_TEST_TMPDIR/pics"
	echo old >"$BATS_TEST_TMPDIR/pics/real.svg"
	ln -s pics/real.svg "$BATS_TEST_TMPDIR/link.svg"
	run svg -o "$BATS_TEST_TMPDIR/link.svg"
	assert_success
	assert_link_exists "$BATS_TEST_TMPDIR/link.svg"
	assert_equal "$(readlink "$BATS_TEST_TMPDIR/link.svg")" pics/real.svg
	run head -c 5 "$BATS_TEST_TMPDIR/pics/real.svg"
	assert_output "<?xml"
}

@test "-o on a dangling link makes its target, as > would" {
	ln -s made.svg "$BATS_TEST_TMPDIR/dangling.svg"
	run svg -o "$BATS_TEST_TMPDIR/dangling.svg"
	assert_success
	assert_link_exists "$BATS_TEST_TMPDIR/dangling.svg"
	assert_file_exists "$BATS_TEST_TMPDIR/made.svg"
}

@test "-o on a FIFO writes into it and leaves it a FIFO" {
	mkfifo "$BATS_TEST_TMPDIR/pipe"
	head -c 5 "$BATS_TEST_TMPDIR/pipe" >"$BATS_TEST_TMPDIR/got" &
	run svg -o "$BATS_TEST_TMPDIR/pipe"
	wait
	assert_success
	[ -p "$BATS_TEST_TMPDIR/pipe" ] || fail "the FIFO was replaced"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/got")" "<?xml"
	assert_equal "$(others "$BATS_TEST_TMPDIR" pipe got home data state)" ""
}

@test "-o on a character device writes to it and leaves it a device" {
	# a null device of our own: the machine's /dev/null is not put at risk
	[ "$(id -u)" = 0 ] || skip "mknod needs root"
	mknod "$BATS_TEST_TMPDIR/null" c 1 3
	chmod 0666 "$BATS_TEST_TMPDIR/null"
	run svg -o "$BATS_TEST_TMPDIR/null"
	assert_success
	[ -c "$BATS_TEST_TMPDIR/null" ] || fail "the device was replaced"
	assert_equal "$(stat -c %a "$BATS_TEST_TMPDIR/null")" 666
}

@test "-o /dev/null: still the null device afterwards" {
	run svg -o /dev/null
	assert_success
	[ -c /dev/null ] || fail "/dev/null is no longer a device"
}

@test "-o on a folder: exit 2, one line, the folder as it was" {
	mkdir "$BATS_TEST_TMPDIR/dir"
	run --separate-stderr svg -o "$BATS_TEST_TMPDIR/dir"
	assert_one_line_error 2
	[[ "$stderr" == *"a folder, not a file"* ]] || fail "$stderr"
	assert_equal "$(ls -A "$BATS_TEST_TMPDIR/dir")" ""
}

@test "-o keeps an old file's mode; a new file gets 0666 less the umask" {
	echo old >"$BATS_TEST_TMPDIR/kept.svg"
	chmod 0640 "$BATS_TEST_TMPDIR/kept.svg"
	run svg -o "$BATS_TEST_TMPDIR/kept.svg"
	assert_success
	assert_equal "$(stat -c %a "$BATS_TEST_TMPDIR/kept.svg")" 640
	(umask 022 && svg -o "$BATS_TEST_TMPDIR/new022.svg")
	assert_equal "$(stat -c %a "$BATS_TEST_TMPDIR/new022.svg")" 644
	(umask 027 && svg -o "$BATS_TEST_TMPDIR/new027.svg")
	assert_equal "$(stat -c %a "$BATS_TEST_TMPDIR/new027.svg")" 640
}

@test "-o on a file with two names: both see the new picture" {
	echo old >"$BATS_TEST_TMPDIR/one.svg"
	ln "$BATS_TEST_TMPDIR/one.svg" "$BATS_TEST_TMPDIR/two.svg"
	run svg -o "$BATS_TEST_TMPDIR/one.svg"
	assert_success
	cmp "$BATS_TEST_TMPDIR/one.svg" "$BATS_TEST_TMPDIR/two.svg"
	assert_equal "$(stat -c %h "$BATS_TEST_TMPDIR/one.svg")" 2
}

@test "a player's files named like temporaries are never swept" {
	dir="$BATS_TEST_TMPDIR/work"
	mkdir "$dir"
	cp "$MAP" "$dir/corridor.json"
	hand_situation "$dir/sit.json"
	keep=(notes.tmp.99999999.report report.tmp.backup "sit.json.tmp.1.aB3dE6"
	    ".sit.json.umpire-99999999-aB3dE6")
	for f in "${keep[@]}"; do
		echo mine >"$dir/$f"
		touch -d '2 days ago' "$dir/$f"
	done
	run svg -o "$dir/pic.svg"
	assert_success
	run umpire -g loe supply-trace --map "$dir/corridor.json" --situation "$dir/sit.json" \
	    --side italian --update
	for f in "${keep[@]}"; do
		assert_file_exists "$dir/$f"
	done
	assert_equal "$(others "$dir" "${keep[@]}" pic.svg corridor.json sit.json)" ""
}

@test "a picture killed mid-write: the old one whole, the temporary swept later" {
	dir="$BATS_TEST_TMPDIR/work"
	mkdir "$dir"
	echo old >"$dir/pic.svg"
	kill_mid_write -g loe map svg teaching -o "$dir/pic.svg"
	assert_equal "$(cat "$dir/pic.svg")" old
	# the killed writer's temporary is there, and recorded as umpire's
	[ "$(others "$dir" pic.svg | wc -l)" = 1 ] || fail "$(ls -A "$dir")"
	[[ "$(others "$dir" pic.svg)" =~ ^\.pic\.svg\.umpire-[0-9]+-[A-Za-z0-9]{6}$ ]]
	# the next write anywhere takes it away, and leaves nothing of its own
	run svg -o "$BATS_TEST_TMPDIR/elsewhere.svg"
	assert_success
	assert_equal "$(others "$dir" pic.svg)" ""
	assert_equal "$(ls -A "$XDG_STATE_HOME/umpire/pending")" ""
}

@test "past ulimit -f: exit 4, one line, the old picture whole, no temporary" {
	dir="$BATS_TEST_TMPDIR/work"
	mkdir "$dir"
	echo old >"$dir/pic.svg"
	# 1 block of 512 bytes: the picture is far larger
	run --separate-stderr bash -c "ulimit -f 1; exec umpire -g loe map svg teaching -o '$dir/pic.svg'"
	assert_one_line_error 4
	assert_equal "$(cat "$dir/pic.svg")" old
	assert_equal "$(others "$dir" pic.svg)" ""
}

@test "--update keeps the player's layout, mode and place, and no lock beside it" {
	dir="$BATS_TEST_TMPDIR/work"
	mkdir "$dir"
	hand_situation "$dir/real.json"
	chmod 0604 "$dir/real.json"
	ln -s real.json "$dir/sit.json"
	run umpire -g loe supply-trace --map "$MAP" --situation "$dir/sit.json" \
	    --side italian --update
	assert_failure 1
	assert_link_exists "$dir/sit.json"
	assert_equal "$(stat -c %a "$dir/real.json")" 604
	assert_equal "$(others "$dir" real.json sit.json)" ""
	# a out of supply from 1011 (9.4.1): the one change is its marker; the
	# rest is the file as typed, two-space indent and members in order
	diff -u - "$dir/real.json" <<'EOF'
{
  "format": "umpire-situation/1",
  "game": "loe",
  "units": [
    {
      "side": "italian",
      "id": "a",
      "type": "italian-inf",
      "strength": 4,
      "ma": 6,
      "hex": "1011",
      "markers": ["oos-1"]
    }
  ]
}
EOF
}

@test "--update on a file written on one line writes one line" {
	f="$BATS_TEST_TMPDIR/one.json"
	printf '{"format":"umpire-situation/1","game":"loe","units":[{"id":"a","side":"italian","type":"italian-inf","strength":4,"ma":6,"hex":"1011"}]}' >"$f"
	run umpire -g loe supply-trace --map "$MAP" --situation "$f" --side italian --update
	assert_failure 1
	assert_equal "$(wc -l <"$f")" 0
	assert_equal "$(jq -c '.units[0].markers' "$f")" '["oos-1"]'
}

@test "--update: the lock is in the state folder, and a holder makes it wait" {
	f="$BATS_TEST_TMPDIR/sit.json"
	hand_situation "$f"
	run umpire -g loe supply-trace --map "$MAP" --situation "$f" --side italian
	assert_failure 1
	umpire -g loe supply-trace --map "$MAP" --situation "$f" --side italian --update || true
	cp "$f" "$BATS_TEST_TMPDIR/before.json"
	lock=$(ls "$XDG_STATE_HOME/umpire/locks/"*.lock)
	[ "$(printf '%s\n' "$lock" | wc -l)" = 1 ] || fail "$lock"
	flock "$lock" sleep 5 &
	sleep 0.3
	# the same file by another name takes the same lock
	ln -s sit.json "$BATS_TEST_TMPDIR/alias.json"
	UMPIRE_LOCK_TIMEOUT=0.2 run --separate-stderr umpire -g loe supply-trace \
	    --map "$MAP" --situation "$BATS_TEST_TMPDIR/alias.json" --side italian --update
	assert_one_line_error 5
	kill %1 2>/dev/null || true
	wait
	cmp "$f" "$BATS_TEST_TMPDIR/before.json"
}

@test "map import on a full disk leaves nothing behind" {
	dir="$XDG_DATA_HOME/umpire/loe/maps"
	# the map's JSON fails as on a full disk
	FULL_PATH=corridor.json.tmp. LD_PRELOAD="$BATS_FILE_TMPDIR/stall.so" \
	    ASAN_OPTIONS=verify_asan_link_order=0 run --separate-stderr \
	    "$TOP/tests/umpire-shared" map import loe corridor "$MAP"
	assert_one_line_error 4
	assert_equal "$(ls -A "$dir")" ""
	# with room on the disk it goes in
	run umpire map import loe corridor "$MAP"
	assert_success
	assert_equal "$(ls "$dir" | tr '\n' ' ')" "corridor.json "
}
