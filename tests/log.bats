#!/usr/bin/env bats
# log: the game log.  --log NAME (or UMPIRE_LOG, or the shell's set log)
# appends one JSON line per printed result; umpire log reads it back.
# Checked here: what an entry holds, two writers at once (they take turns
# on a lock of the log itself), a held log, files that are not logs
# refused, torn lines skipped, secrets never written.

load helpers

logfile() {
	echo "$XDG_STATE_HOME/umpire/logs/${1:-g}.jsonl"
}

@test "an entry holds the time, the command as typed, the dice and the result" {
	run --separate-stderr umpire --log g roll --roll 3,4 2d6
	assert_success
	[ "$(wc -l <"$(logfile)")" -eq 1 ]
	# 3 + 4 = 7, the player's own dice
	run jq -r '[(.command[1:] | join(" ")), (.result.dice | join(",")),
	    .result.total, (.time | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z$"))]
	    | join("|")' "$(logfile)"
	assert_output "--log g roll --roll 3,4 2d6|3,4|7|true"
}

@test "--log after the command, and UMPIRE_LOG, append to the same file" {
	umpire roll --roll 6 d6 --log g
	UMPIRE_LOG=g umpire roll --roll 2 d6
	run jq -r '.result.total' "$(logfile)"
	assert_output $'6\n2'
}

@test "umpire log shows one line an entry; --json gives the entries" {
	umpire --log g roll --roll 1,2 2d6
	umpire --log g roll --roll 5 d6
	run --separate-stderr umpire log g
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_line --index 0 --partial "roll --roll 1,2 2d6"
	assert_line --index 0 --partial "1 + 2 = 3"
	assert_line --index 1 --partial "5 = 5"
	run --separate-stderr umpire log g --json
	assert_success
	assert_equal "$(json_get '.entries | length' <<<"$output")" 2
	assert_equal "$(json_get '.entries[1].result.total' <<<"$output")" 5
	# reading is no entry of its own
	[ "$(wc -l <"$(logfile)")" -eq 2 ]
}

@test "umpire log without a name lists the logs; the --log name is read" {
	umpire --log beta roll --roll 1 d6
	umpire --log alpha roll --roll 1 d6
	run --separate-stderr umpire log
	assert_success
	assert_output $'alpha\nbeta'
	run --separate-stderr umpire --log beta log
	assert_success
	assert_equal "${#lines[@]}" 1
}

@test "an unknown log is a negative answer; a path is no name" {
	run --separate-stderr umpire log nope
	assert_one_line_error 1
	assert_equal "$stderr" "umpire log: no log named 'nope' (umpire log lists them)"
	run --separate-stderr umpire log ../decks/x
	assert_one_line_error 2
	run --separate-stderr umpire --log ../x roll d6
	assert_one_line_error 2
	assert_equal "$stderr" "umpire roll: bad log name: '../x' (expected lower-case letters, digits, - and _, at most 31)"
	[ ! -e "$XDG_STATE_HOME/umpire/x.jsonl" ]
}

@test "two writers at once: 2 x 200 entries, every line whole JSON" {
	writer() {
		local i
		for ((i = 0; i < 200; i++)); do
			umpire --log g roll --roll 4 d6 >/dev/null || return 1
		done
	}
	writer & a=$!
	writer & b=$!
	wait "$a"
	wait "$b"
	[ "$(wc -l <"$(logfile)")" -eq 400 ]
	# jq stops at the first line that is not JSON; every total is 4
	run jq -r '.result.total' "$(logfile)"
	assert_success
	[ "$(grep -c '^4$' <<<"$output")" -eq 400 ]
}

@test "a log another process holds: exit 5 after the wait, nothing printed, the log unchanged" {
	umpire --log g roll --roll 4 d6 >/dev/null
	cp "$(logfile)" "$BATS_TEST_TMPDIR/before"
	flock "$(logfile)" sleep 5 &
	sleep 0.3
	UMPIRE_LOCK_TIMEOUT=0.3 run --separate-stderr umpire --log g roll --roll 5 d6
	assert_one_line_error 5
	assert_equal "$stderr" "umpire roll: the game log is busy: another process holds '$(logfile)' (gave up after 0.3 s; UMPIRE_LOCK_TIMEOUT sets the wait)"
	cmp "$(logfile)" "$BATS_TEST_TMPDIR/before"
	kill %1 2>/dev/null || true
	wait
	# once it lets go, the entry goes in on a line of its own
	umpire --log g roll --roll 5 d6 >/dev/null
	run jq -r '.result.total' "$(logfile)"
	assert_output $'4\n5'
}

@test "a symbolic link or a FIFO as the log is refused, nothing printed" {
	mkdir -p "$XDG_STATE_HOME/umpire/logs"
	ln -s "$BATS_TEST_TMPDIR/elsewhere" "$(logfile)"
	run --separate-stderr umpire --log g roll --roll 2 d6
	assert_one_line_error 4
	assert_equal "$stderr" "umpire roll: the game log is not a regular file: '$(logfile)'"
	[ ! -e "$BATS_TEST_TMPDIR/elsewhere" ]
	rm "$(logfile)"
	mkfifo "$(logfile)"
	run --separate-stderr timeout 5 umpire --log g roll --roll 2 d6
	assert_one_line_error 4
	assert_equal "$stderr" "umpire roll: the game log is not a regular file: '$(logfile)'"
}

@test "a torn last line is skipped with a warning; the whole ones are shown" {
	umpire --log g roll --roll 3 d6
	printf '{"time":"2026-01-01T00:00:00Z","comm' >>"$(logfile)"
	run --separate-stderr umpire log g
	assert_success
	assert_equal "${#lines[@]}" 1
	assert_output --partial "3 = 3"
	assert_equal "$stderr" "umpire log: warning: skipping a torn last line 2 in '$(logfile)' (no newline: its writer stopped part-way)"
	# the next entry starts a line of its own after the torn one
	umpire --log g roll --roll 5 d6
	run --separate-stderr umpire log g --json
	assert_equal "$(json_get '.entries | map(.result.total) | join(",")' <<<"$output")" "3,5"
	assert_equal "$stderr" "umpire log: warning: skipping line 2 of '$(logfile)': not a JSON object"
}

@test "an Adwa hand and a role are never written: the entry says what was left out" {
	umpire draw -g adwa new --seed 5 >/dev/null
	umpire draw -g adwa roles --seed 5 >/dev/null
	run --separate-stderr umpire draw -g adwa hand alula --json
	assert_success
	cards=$(umpire draw -g adwa hand alula | awk '/ x /{print $3}')
	[ "$(wc -w <<<"$cards")" -eq 4 ]	# 12: a hand of 4 is dealt
	umpire --log g draw -g adwa hand alula >/dev/null
	umpire --log g draw -g adwa roles --show alula >/dev/null
	run --separate-stderr umpire draw -g adwa roles --show alula --json
	role=$(json_get '.role' <<<"$output")
	[ -n "$role" ]
	run jq -r '.redacted' "$(logfile)"
	assert_output $'a hand of cards\na commander\'s role'
	run grep -c -e "\"$role\"" "$(logfile)"
	assert_output 0
	for card in $cards; do
		run grep -ci -- "$card" "$(logfile)"
		assert_output 0
	done
}

@test "a hidden observation leaves out the result and the roll typed" {
	umpire -g iwiif --log g observe --terrain broken --range 20 --hidden --roll 9
	run jq -r '(.command | join(" ")), .redacted, has("result")' "$(logfile)"
	assert_output $'umpire -g iwiif --log g observe --terrain broken --range 20 --hidden --roll (redacted)\na hidden observation (16)\nfalse'
}

@test "the shell: set log NAME logs the lines after it, set log off stops" {
	printf 'roll --roll 1 d6\nset log g\nroll --roll 2 d6\nset log off\nroll --roll 3 d6\n' |
	    umpire shell >/dev/null
	run jq -r '(.command[1:] | join(" ")) + "=" + (.result.total | tostring)' "$(logfile)"
	assert_output "roll --roll 2 d6=2"
}

@test "an entry over the cap keeps the command and says what was dropped" {
	# every hit of 'the' in loe's rules as JSON is far over 16 KB
	run --separate-stderr umpire --log g --json rules search -g loe the
	assert_success
	[ "$(wc -c <"$(logfile)")" -le 16384 ]
	run jq -r '(.command[1:] | join(" ")), has("result"), .truncated' "$(logfile)"
	assert_output $'--log g --json rules search -g loe the\nfalse\nthe result was dropped: the entry was too long'
}

@test "a write cut short (file size limit) is undone: the log ends where it did" {
	umpire --log g roll --roll 3 d6 >/dev/null
	# pad the log to 1000 bytes with a line of its own; the next entry
	# (some 270 bytes) cannot fit under a limit of 1024
	n=$(wc -c <"$(logfile)")
	printf '{"pad":"%s"}\n' "$(printf '%*s' $((1000 - n - 11)) '' | tr ' ' x)" >>"$(logfile)"
	[ "$(wc -c <"$(logfile)")" -eq 1000 ]
	cp "$(logfile)" "$BATS_TEST_TMPDIR/before"
	# SIGXFSZ ignored, the write past the limit is short, the next fails
	run --separate-stderr bash -c 'trap "" XFSZ; ulimit -f 1; exec umpire --log g roll --roll 4 d6'
	assert_one_line_error 4
	assert_equal "$stderr" "umpire roll: cannot append to the game log: '$(logfile)': File too large"
	cmp "$(logfile)" "$BATS_TEST_TMPDIR/before"
}

@test "umpire log refuses a symbolic link or a FIFO, as the writer does" {
	umpire --log g roll --roll 3 d6 >/dev/null
	ln -s "$(logfile)" "$(logfile s)"
	run --separate-stderr umpire log s
	assert_one_line_error 3
	assert_equal "$stderr" "umpire log: the game log is not a regular file: '$(logfile s)'"
	# a link to nowhere is a link too, not a missing log
	ln -s "$BATS_TEST_TMPDIR/nowhere" "$(logfile d)"
	run --separate-stderr umpire log d
	assert_one_line_error 3
	mkfifo "$(logfile f)"
	run --separate-stderr timeout 5 umpire log f
	assert_one_line_error 3
	assert_equal "$stderr" "umpire log: the game log is not a regular file: '$(logfile f)'"
}

# entry N: a log line as the writer writes it, rolling N
entry() {
	printf '{"time":"2026-01-01T00:00:00Z","command":["umpire","roll","--roll","%s","d6"],"summary":"roll (your dice); 1d6 %s = %s","result":{"procedure":"roll","total":%s}}\n' "$1" "$1" "$1" "$1"
}

@test "a long log is read a line at a time: all of it, in the memory of a few lines" {
	mkdir -p "$(dirname "$(logfile)")"
	entry 1 >"$(logfile small)"
	# 100000 entries, some 16 MB
	entry 2 | yes "$(cat)" | head -n 100000 >"$(logfile)"
	entry 3 >>"$(logfile)"
	[ "$(wc -c <"$(logfile)")" -gt 15000000 ]
	# a freed block is not kept for ASan's checks (SANITIZE=1): RSS
	# then measures what is held, as without it
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0"
	small=$( { /usr/bin/time -f %M umpire log small >/dev/null; } 2>&1)
	big=$( { /usr/bin/time -f %M umpire log g >"$BATS_TEST_TMPDIR/out"; } 2>&1)
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" -eq 100001 ]
	assert_equal "$(tail -1 "$BATS_TEST_TMPDIR/out")" "2026-01-01T00:00:00Z  roll --roll 3 d6  => roll (your dice); 1d6 3 = 3"
	# kilobytes: the whole log in memory would be 16000 more
	[ $((big - small)) -lt 4000 ] || fail "max RSS $big KB against $small KB"
	bigjson=$( { /usr/bin/time -f %M umpire log g --json >"$BATS_TEST_TMPDIR/out"; } 2>&1)
	assert_equal "$(jq '.entries | length, .[-1].result.total' "$BATS_TEST_TMPDIR/out")" $'100001\n3'
	[ $((bigjson - small)) -lt 4000 ] || fail "--json: max RSS $bigjson KB against $small KB"
}

@test "a line longer than an entry may be is a damaged log: status 3, nothing shown" {
	mkdir -p "$(dirname "$(logfile)")"
	# an entry of 16384 bytes with its newline is the longest there is
	{ entry 1; entry 2; } >"$(logfile)"
	line=$(entry 2)
	long=$(printf "%*s" $((16384 - ${#line} - 10)) '' | tr ' ' x)
	printf '{"pad":"%s",%s\n' "$long" "${line#\{}" >>"$(logfile)"
	[ "$(tail -1 "$(logfile)" | wc -c)" -eq 16384 ]
	run --separate-stderr umpire log g
	assert_success
	assert_equal "${#lines[@]}" 3
	# one byte more is not an entry
	printf '{"pad":"%s",%s\n' "x$long" "${line#\{}" >>"$(logfile)"
	entry 4 >>"$(logfile)"
	for json in "" --json; do
		run --separate-stderr umpire log g $json
		assert_one_line_error 3
		assert_equal "$stderr" "umpire log: a damaged log: line 4 of '$(logfile)' is longer than an entry may be (16384 bytes)"
	done
}

@test "a file that is not a log is refused at its first line" {
	mkdir -p "$(dirname "$(logfile)")"
	# JSON, but not an entry, before real entries
	{ echo '{"name":"x"}'; entry 1; } >"$(logfile)"
	run --separate-stderr umpire log g
	assert_one_line_error 3
	assert_equal "$stderr" "umpire log: not a game log: '$(logfile)' (line 1 is not a log entry)"
	# 100 GB (sparse) behind a first line of text: refused at once, the
	# rest unread (reading it would take minutes)
	echo 'just some text' >"$(logfile big)"
	truncate -s 100G "$(logfile big)"
	run --separate-stderr timeout 5 umpire log big
	assert_one_line_error 3
	assert_equal "$stderr" "umpire log: not a game log: '$(logfile big)' (line 1 is not a log entry)"
	# and zeros from the start: no line at all, and a NUL byte
	rm "$(logfile big)"
	truncate -s 100G "$(logfile big)"
	run --separate-stderr timeout 5 umpire log big
	assert_one_line_error 3
	assert_equal "$stderr" "umpire log: not a log: '$(logfile big)' (it holds a NUL byte)"
	rm "$(logfile big)"
}

@test "a first entry left torn and mended is still a log's first line" {
	mkdir -p "$(dirname "$(logfile)")"
	printf '{"time":"2026-01-01T00:00:00Z","comm' >"$(logfile)"
	run --separate-stderr umpire log g
	assert_success
	assert_output "log 'g' is empty"
	assert_equal "$stderr" "umpire log: warning: skipping a torn last line 1 in '$(logfile)' (no newline: its writer stopped part-way)"
	umpire --log g roll --roll 6 d6 >/dev/null
	run --separate-stderr umpire log g --json
	assert_success
	assert_equal "$(json_get '.entries | map(.result.total) | join(",")' <<<"$output")" 6
	assert_equal "$stderr" "umpire log: warning: skipping line 1 of '$(logfile)': not a JSON object"
}

@test "adwa 9: mutiny --held without a saved game keeps the count out of the log" {
	run umpire -g adwa --log t draw mutiny --held 2 --roll 3,5
	assert_success
	run umpire -g adwa --log t draw mutiny --held=1 --roll=6
	assert_success
	f="$XDG_STATE_HOME/umpire/logs/t.jsonl"
	assert_equal "$(wc -l <"$f")" 2
	# neither the count nor the dice (a die a card held) nor the result
	run jq -r '.command | join(" ")' "$f"
	refute_output --partial -- "--held 2"
	refute_output --partial -- "--held=1"
	refute_output --partial "3,5"
	refute_output --partial "=6"
	run grep -c "Mutiny 1 of" "$f"
	assert_output 0
}
