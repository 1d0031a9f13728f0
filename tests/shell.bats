#!/usr/bin/env bats
# shell: `umpire shell`, fed a script through a pipe (no prompt) and typed
# at in a real terminal (tmux: send-keys types, capture-pane reads).  A
# line in the shell must do what the same words do after `umpire`, so
# most checks compare the two rather than spell an output out.

load helpers

# --- a script on standard input ---------------------------------------------

@test "a script: no prompt, and each line prints what the command line prints" {
	run --separate-stderr umpire shell <<<'roll 2d6 --seed 5'
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$output" "$(umpire roll 2d6 --seed 5)"
	[[ "$output" != *"> "* ]] || fail "a prompt was printed: $output"
}

@test "use and -g name the game for the lines after" {
	want=$(umpire -g loe table league-of-nations --roll 6)
	run umpire shell <<<$'use loe\ntable league-of-nations --roll 6'
	assert_success
	assert_equal "$output" "$want"
	run umpire shell -g loe <<<'table league-of-nations --roll 6'
	assert_equal "$output" "$want"
	# use alone prints the game
	run umpire shell -g toto <<<'use'
	assert_output toto
}

@test "set seed: the lines roll one stream of dice from the seed" {
	# two lines of 2d6 roll what one line of 2d6 2d6 rolls from seed 12
	want=$(umpire --seed 12 roll 2d6 2d6 | sed -n '2,3p')
	run umpire shell <<<$'set seed 12\nroll 2d6\nroll 2d6'
	assert_success
	assert_equal "$(grep '2d6' <<<"$output")" "$want"
	# umpire shell --seed is the same; a line's own --seed leaves the stream
	run umpire shell --seed 12 <<<$'roll 2d6\nroll d6 --seed 99\nroll 2d6'
	assert_equal "$(grep '2d6' <<<"$output")" "$want"
	assert_line --index 3 "$(umpire roll d6 --seed 99 | sed -n 2p)"
}

@test "a global option on a line holds for that line only" {
	run umpire shell <<<$'roll d6 --roll 4 --json\nroll d6 --roll 4'
	assert_success
	assert_equal "$(head -1 <<<"$output" | jq -r .procedure)" roll
	assert_line --index 1 "roll (your dice)"
	assert_line --index 2 --regexp '^  1d6 +4 = 4$'
}

@test "set shows and changes the settings; bad ones are refused" {
	run umpire shell -g loe <<<$'set json on\nset seed 7\nset'
	assert_success
	assert_line "game   loe"
	assert_line "json   on"
	assert_line "seed   7"
	run umpire shell <<<$'set json on\nroll d6 --roll 2'
	assert_equal "$(jq -r '.total' <<<"$output")" 2
	for bad in "set json maybe" "set seed -1" "set colour on" "set data /no/such" \
	    "set json"; do
		run --separate-stderr umpire shell <<<"$bad"
		assert_one_line_error 2
		[[ "$stderr" == "umpire shell: "* ]] || fail "$bad: $stderr"
	done
}

@test "set map, set situation: the lines after ask on them without --map, --situation" {
	run --separate-stderr umpire shell <<'EOF'
use loe
set map teaching
set situation teaching
move-cost --unit it-inf-a --to 2505
set
EOF
	assert_success
	# it-inf-a stands in 2504; 2505 is mountain, 2 MP from there (loe
	# 6.3.2, the 6.3.11 example the teaching map carries): 6 - 2 = 4 left
	assert_line '  2505 reached for 2 MP, 4 left'
	assert_equal "$(head -3 <<<"$output")" \
	    "$(umpire -g loe move-cost --map teaching --situation teaching --unit it-inf-a --to 2505)"
	assert_line 'map    teaching'
	assert_line 'situation teaching'
	# without set map the situation names its map; supply-trace takes
	# them too, map show the map; a line of steps still prices the steps
	run --separate-stderr umpire shell <<'EOF'
use loe
set situation teaching
move-cost --unit it-inf-a --to 2505
supply-trace --unit it-inf-a
set map teaching
map show --around 2505 --radius 1
move-cost -g loe --unit italian-inf --ma 6 clear mountain
EOF
	assert_success
	assert_line '  2505 reached for 2 MP, 4 left'
	assert_output --partial "$(umpire supply-trace --situation teaching --unit it-inf-a)"
	assert_output --partial "$(umpire -g loe map show teaching --around 2505 --radius 1)"
	# clear 1 + mountain 2 = 3 MP of 6 (6.3.1, 6.3.2)
	assert_line '  3 MP, 3 left'
}

@test "set saved: the lines after read and change that saved game" {
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
	run --separate-stderr umpire shell <<'EOF'
set saved tue
set
move-cost --unit it-inf-a --to 2505
game show
set saved off
set
EOF
	assert_success
	assert_line 'saved  tue'
	# the saved game names its game and map: no use, no set map
	assert_line '  2505 reached for 2 MP, 4 left'
	assert_line --partial 'saved game tue (loe, map teaching), turn 1'
	assert_line 'saved  off'
	run --separate-stderr umpire shell <<<$'set saved no/such'
	assert_one_line_error 2
	[[ "$stderr" == *"no/such"* ]] || fail "$stderr"
	run --separate-stderr umpire shell <<<$'set bogus 1'
	assert_one_line_error 2
	[[ "$stderr" == *"(expected game, json, seed, color, data, log, saved, map or situation)" ]] || fail "$stderr"
}

@test "set map off clears it; a line's own --map or --situation wins" {
	# off: the line has no map again, and says so as the command line does
	run --separate-stderr umpire shell -g loe <<'EOF'
set map teaching
set situation teaching
set map off
set situation off
move-cost --unit it-inf-a --to 2505
EOF
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire move-cost: line 5: --situation, --to, --reach, --via, --away, --toward, --change and --farther need --map: '2505'"
	run umpire shell <<<$'set map off\nset'
	assert_line 'map    off'
	assert_line 'situation off'
	# a situation the line names brings its own map, not the shell's
	# (no-such-map, which would fail)
	run --separate-stderr umpire shell -g loe <<'EOF'
set map no-such-map
move-cost --situation teaching --unit it-inf-a --to 2505
EOF
	assert_success
	assert_line '  2505 reached for 2 MP, 4 left'
	run --separate-stderr umpire shell -g loe <<<$'set map ""'
	assert_one_line_error 2
}

@test "use refuses an unknown game and keeps the one it had" {
	run --separate-stderr umpire shell -g loe --keep-going <<<$'use lo3\nuse'
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire shell: line 1: unknown game: 'lo3' (did you mean 'loe'?)"
	assert_output loe
}

@test "a data folder one line makes is read by the lines after" {
	# the lookup learns once that the player has no data folder
	# (lib/data.c): an import in the same shell must not stay unseen
	[ ! -e "$XDG_DATA_HOME" ]
	umpire table --show toto ottoman-events --json |
		jq '.columns[3].results |= map(.code = "printed")' >"$BATS_TEST_TMPDIR/t.json"
	run --separate-stderr umpire shell <<EOF
table toto ottoman-events 4 --roll 6 --json
table --import toto ottoman-events $BATS_TEST_TMPDIR/t.json
table toto ottoman-events 4 --roll 6 --json
EOF
	assert_success
	# the import's own lines are words, the lookups' are JSON
	assert_equal "$(grep '^{' <<<"$output" | jq -s -r 'map(.table_source) | join(" ")')" "stand-in user"
}

@test "a script stops at the first failure, with its status" {
	run --separate-stderr umpire shell <<<$'roll d6 --roll 1\nroll bad\nroll d6 --roll 2'
	assert_equal "$status" 2
	# the script's line 2
	assert_equal "$stderr" \
	    "umpire roll: line 2: bad dice: 'bad' (expected dice like 2d6, d10 or 3d6+2)"
	refute_output --partial "= 2"
	# --keep-going runs the rest; the status is the first failure's
	run --separate-stderr umpire shell --keep-going \
	    <<<$'rules search -g loe zzqqxx\nroll bad\nroll d6 --roll 2'
	# no match in the rules is status 1 (umpire(1)), the bad dice 2
	assert_equal "$status" 1
	assert_line --regexp '^  1d6 +2 = 2$'
	assert_equal "$stderr" \
	    "umpire roll: line 2: bad dice: 'bad' (expected dice like 2d6, d10 or 3d6+2)"
}

@test "each line starts afresh: the command in messages, the options that repeat" {
	# crt may repeat --terrain; a later roll may not repeat --roll, and
	# its message names roll, not crt
	run --separate-stderr umpire shell --keep-going -g loe <<<$'crt 16 4 --terrain mountain --terrain amba --odds\nroll d6 --roll 1 --roll 2\nrol d6\nset bogus 1'
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire roll: line 2: option given twice: '--roll' (give it once)
umpire: line 3: unknown command: 'rol' (did you mean 'roll'?)
umpire shell: line 4: set: unknown setting: 'bogus' (expected game, json, seed, color, data, log, saved, map or situation)"
}

@test "words are split as sh splits them, and nothing is expanded" {
	run --separate-stderr umpire shell --keep-going <<EOF
roll 'd 6'
roll "a\"b\\\\c"
roll a\ b
roll \$HOME *
roll d6 --roll 5 # a comment, then a comment line
# roll bad
EOF
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire roll: line 1: bad dice: 'd 6' (expected dice like 2d6, d10 or 3d6+2)
umpire roll: line 2: bad dice: 'a\"b\\c' (expected dice like 2d6, d10 or 3d6+2)
umpire roll: line 3: bad dice: 'a b' (expected dice like 2d6, d10 or 3d6+2)
umpire roll: line 4: bad dice: '\$HOME' (expected dice like 2d6, d10 or 3d6+2)"
	assert_line --regexp '^  1d6 +5 = 5$'
}

@test "an unfinished quote is a usage error of the shell" {
	run --separate-stderr umpire shell <<<"roll 'd6"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire shell: line 1: unfinished quote: ' (close it on the same line)"
}

@test "shell inside the shell, and __complete typed, are refused" {
	run --separate-stderr umpire shell <<<'shell'
	assert_one_line_error 2
	[[ "$stderr" == "umpire shell: line 1: already in the shell: 'shell'" ]] || fail "$stderr"
	run --separate-stderr umpire shell <<<'__complete ro'
	assert_one_line_error 2
}

@test "shell is refused however the line names it; the lines after still run" {
	# umpire-shell(1): the command shell is refused inside the shell, also
	# after global options; a nested shell would have read the lines after
	run --separate-stderr umpire shell --keep-going \
	    <<<$'-g loe shell\n--json shell --keep-going\nroll d6 --roll 4'
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire shell: line 1: already in the shell: '-g loe shell'
umpire shell: line 2: already in the shell: '--json shell --keep-going'"
	assert_output $'roll (your dice)\n  1d6      4 = 4'
}

@test "a script that cannot be read is a system error, not its end" {
	# a directory opens, but reading it fails (EISDIR)
	run --separate-stderr umpire shell <"$BATS_TEST_TMPDIR"
	assert_one_line_error 4
	assert_equal "$stderr" "umpire shell: cannot read line 1 of standard input: Is a directory"
}

@test "a script's line may hold 65536 bytes, as crt --batch's; a longer one is refused" {
	local pad
	pad=$(printf '%*s' $((65536 - 16)) '')
	# 16 bytes of command and the blanks after it: 65536 in all
	printf 'roll d6 --roll 2%s\n' "$pad" >"$BATS_TEST_TMPDIR/max"
	[ "$(head -1 "$BATS_TEST_TMPDIR/max" | tr -d '\n' | wc -c)" -eq 65536 ]
	run --separate-stderr umpire shell <"$BATS_TEST_TMPDIR/max"
	assert_success
	assert_output $'roll (your dice)\n  1d6      2 = 2'
	# one byte more on line 2: refused with crt's words; the script stops
	{ echo 'roll d6 --roll 1'; printf 'roll d6 --roll 2 %s\n' "$pad"; echo 'roll d6 --roll 3'; } \
	    >"$BATS_TEST_TMPDIR/long"
	run --separate-stderr umpire shell <"$BATS_TEST_TMPDIR/long"
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire shell: line 2 is longer than 65536 bytes"
	assert_output $'roll (your dice)\n  1d6      1 = 1'
	# --keep-going skips the long line whole and goes on with line 3
	run --separate-stderr umpire shell --keep-going <"$BATS_TEST_TMPDIR/long"
	assert_equal "$status" 2
	assert_equal "$stderr" "umpire shell: line 2 is longer than 65536 bytes"
	assert_line --index 1 '  1d6      1 = 1'
	assert_line --index 3 '  1d6      3 = 3'
	assert_equal "${#lines[@]}" 4
}

@test "/dev/zero as a script ends at once: not text, even with --keep-going" {
	# getline() would grow one endless line until memory ran out
	for opt in "" --keep-going; do
		run --separate-stderr timeout 10 umpire shell $opt </dev/zero
		assert_one_line_error 2
		assert_equal "$stderr" "umpire shell: line 1 holds a NUL byte: the input is not text, and reading stops here"
	done
}

@test "a line holding a NUL byte is refused" {
	run --separate-stderr umpire shell < <(printf 'roll d6\0 --roll 3\n')
	assert_one_line_error 2
}

@test "help names the shell's commands and umpire's; help CMD is the command's" {
	run umpire shell <<<'help'
	assert_success
	assert_line --regexp '^  use \[game\]'
	assert_line --regexp '^  set '
	assert_line --regexp '^  quit '
	assert_line --regexp '^  crt +'
	run umpire shell <<<'help roll'
	assert_equal "$output" "$(umpire help roll)"
}

@test "quit ends a script; the status is that of the lines before" {
	run umpire shell <<<$'roll d6 --roll 6\nquit\nroll bad'
	assert_success
	assert_line --regexp '^  1d6 +6 = 6$'
}

@test "the shell takes no operand and refuses an unknown option" {
	run --separate-stderr umpire shell evening.ump
	assert_one_line_error 2
	run --separate-stderr umpire shell --keep-gong
	assert_one_line_error 2
	[[ "$stderr" == *"did you mean '--keep-going'"* ]] || fail "$stderr"
}

@test "a script leaves no history behind" {
	run umpire shell <<<'roll d6'
	assert_not_exists "$XDG_STATE_HOME/umpire/history"
}

# --- a terminal (tmux) ---------------------------------------------------------

teardown() {
	local s
	for s in "$BATS_TEST_TMPDIR"/tmux.*; do
		[ -S "$s" ] && tmux -S "$s" kill-server 2>/dev/null
	done
	# a FIFO's reader a failed test left waiting
	[ -n "${reader:-}" ] && kill "$reader" 2>/dev/null
	return 0
}

# start WORDS...: umpire shell WORDS in a fresh terminal of 100x30, with a
# tmux server of its own, which prints "status N" when the shell ends.
# keys and screen then act on that terminal.
start() {
	command -v tmux >/dev/null || skip "no tmux (make check-deps installs it)"
	SOCK=$(mktemp -u "$BATS_TEST_TMPDIR/tmux.XXXXXX")
	tmux -S "$SOCK" -f /dev/null new-session -d -x 100 -y 30 \
	    "umpire shell $*; echo status \$?; sleep 60"
}

keys() {
	tmux -S "$SOCK" send-keys "$@"
}

screen() {
	tmux -S "$SOCK" capture-pane -p | sed -e 's/ *$//' -e '/^$/d'
}

# wait_for REGEX: until a line of the screen matches (20 s at most, for
# valgrind); then the screen is in $output.
wait_for() {
	local i
	for i in $(seq 200); do
		output=$(screen)
		grep -qE -- "$1" <<<"$output" && return 0
		sleep 0.1
	done
	fail "never on screen: $1
$output"
}

@test "tty: the prompt names the game, or umpire when there is none" {
	start -g loe
	wait_for '^loe>$'
	keys 'use toto' Enter
	wait_for '^toto>$'
	keys C-d
	wait_for '^status 0$'
	start
	wait_for '^umpire>$'
}

@test "tty: Tab completes commands, options, games and tables through __complete" {
	start -g loe
	wait_for '^loe>$'
	# each completed word is followed by a space, so the next word joins on
	keys 'ro' Tab '2d6'
	wait_for '^loe> roll 2d6$'
	keys ' --se' Tab 3
	wait_for '^loe> roll 2d6 --seed 3$'
	keys C-u 'table league' Tab '--roll'
	wait_for '^loe> table league-of-nations --roll$'
	keys C-u 'use to' Tab x
	wait_for '^loe> use toto x$'
	keys C-u 'set js' Tab x
	wait_for '^loe> set json x$'
	keys C-u 'us' Tab x
	wait_for '^loe> use x$'
	# set's map and situation names are move-cost's --map, --situation's
	keys C-u 'set si' Tab 'te' Tab x
	wait_for '^loe> set situation teaching x$'
	keys C-u 'set map te' Tab x
	wait_for '^loe> set map teaching x$'
	# set saved offers the saved games, as --saved does
	umpire game new camp -g loe --map teaching >/dev/null
	keys C-u 'set sa' Tab 'ca' Tab x
	wait_for '^loe> set saved camp x$'
	keys C-u "table 'league" Tab x
	wait_for "^loe> table 'league-of-nations' x$"
	keys C-u 'roll --game=to' Tab x
	wait_for '^loe> roll --game=toto x$'
	# the shell still writes its errors after a completion that silenced
	# its own (complete_tables sends stderr to /dev/null)
	keys C-u 'roll bad' Enter
	wait_for "^umpire roll: bad dice: 'bad'"
}

@test "tty: a failing command shows its status in the prompt and the shell goes on" {
	start -g loe
	wait_for '^loe>$'
	keys 'roll bad' Enter
	wait_for '^loe \[2\]>$'
	keys 'roll d6 --roll 3' Enter
	wait_for '^  1d6 +3 = 3$'
	wait_for '^loe>$'
}

@test "tty: Ctrl-C throws the line away; Ctrl-D leaves with status 0" {
	start -g loe
	wait_for '^loe>$'
	keys 'roll bad' C-c
	wait_for '\^C$'
	keys 'roll d6 --roll 5' Enter
	wait_for '^  1d6 +5 = 5$'
	refute_output --partial "bad dice"
	keys C-d
	wait_for '^status 0$'
}

@test "tty: quit leaves; the history comes back in the next shell" {
	start
	wait_for '^umpire>$'
	keys 'roll d6 --roll 2' Enter
	wait_for '^  1d6 +2 = 2$'
	keys 'quit' Enter
	wait_for '^status 0$'
	assert_equal "$(cat "$XDG_STATE_HOME/umpire/history")" "roll d6 --roll 2
quit"
	start
	wait_for '^umpire>$'
	keys Up Up
	wait_for '^umpire> roll d6 --roll 2$'
	keys Enter
	wait_for '^  1d6 +2 = 2$'
}

@test "tty: two shells at once both keep their lines in the history" {
	start
	a=$SOCK
	wait_for '^umpire>$'
	start
	b=$SOCK
	wait_for '^umpire>$'
	SOCK=$a keys 'roll d6 --roll 1' Enter
	SOCK=$a wait_for '^  1d6 +1 = 1$'
	SOCK=$b keys 'roll d6 --roll 2' Enter
	SOCK=$b wait_for '^  1d6 +2 = 2$'
	SOCK=$a keys quit Enter
	SOCK=$a wait_for '^status 0$'
	SOCK=$b keys quit Enter
	SOCK=$b wait_for '^status 0$'
	# A saved its 2 lines; B, quitting after, read them back and put its
	# own 2 after them (before, B wrote only its own 2 over A's)
	assert_equal "$(cat "$XDG_STATE_HOME/umpire/history")" "roll d6 --roll 1
quit
roll d6 --roll 2
quit"
	# a third shell has all 4: Up twice is B's roll, twice more A's
	start
	wait_for '^umpire>$'
	keys Up Up
	wait_for '^umpire> roll d6 --roll 2$'
	keys Up Up
	wait_for '^umpire> roll d6 --roll 1$'
}

@test "tty: a history file that is not a regular file is left alone" {
	mkdir -p "$XDG_STATE_HOME/umpire/history"
	start
	wait_for '^umpire>$'
	keys 'quit' Enter
	wait_for '^status 0$'
	assert_dir_exists "$XDG_STATE_HOME/umpire/history"
}

# history_refused MSG: the shell in a terminal, its stderr kept, must say
# MSG once about the history, not read it (Up brings nothing back), run a
# line and leave with status 0.
history_refused() {
	start "2>$BATS_TEST_TMPDIR/err"
	wait_for '^umpire>$'
	keys Up x
	wait_for '^umpire> x$'
	keys C-u 'roll d6 --roll 2' Enter
	wait_for '^  1d6 +2 = 2$'
	keys quit Enter
	wait_for '^status 0$'
	assert_equal "$(cat "$BATS_TEST_TMPDIR/err")" "umpire shell: warning: the history is left alone: $1: '$XDG_STATE_HOME/umpire/history'"
}

@test "tty: a history over 1 MB is neither read nor replaced" {
	mkdir -p "$XDG_STATE_HOME/umpire"
	# 1 MB and a byte, of lines the shell could have written
	yes 'roll d6 --roll 5' | head -c $((1048576 + 1)) >"$XDG_STATE_HOME/umpire/history"
	cp "$XDG_STATE_HOME/umpire/history" "$BATS_TEST_TMPDIR/before"
	history_refused "larger than the 1048576 bytes a state file may hold"
	cmp "$XDG_STATE_HOME/umpire/history" "$BATS_TEST_TMPDIR/before"
}

@test "tty: a history of exactly 1 MB is still read" {
	mkdir -p "$XDG_STATE_HOME/umpire"
	# 1048576 = 61680 lines of 17 bytes and 16 more
	{ yes 'roll d6 --roll 5' | head -n 61680; echo 'roll d6 --roll 6'; } \
	    | head -c 1048576 >"$XDG_STATE_HOME/umpire/history"
	[ "$(wc -c <"$XDG_STATE_HOME/umpire/history")" -eq 1048576 ]
	start
	wait_for '^umpire>$'
	keys Up
	wait_for '^umpire> roll d6 --roll 6$'
}

@test "tty: a FIFO as the history is not opened for writing nor replaced" {
	mkdir -p "$XDG_STATE_HOME/umpire"
	mkfifo "$XDG_STATE_HOME/umpire/history"
	# a reader blocks in its open until some process opens the FIFO to
	# write: while it waits, nobody has
	cat "$XDG_STATE_HOME/umpire/history" >"$BATS_TEST_TMPDIR/got" 2>/dev/null 3>&- &
	reader=$!
	history_refused "not a regular file"
	kill -0 "$reader" || fail "the FIFO was opened for writing"
	kill "$reader"
	wait "$reader" || true
	[ -p "$XDG_STATE_HOME/umpire/history" ] || fail "the FIFO was replaced"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/got")" ""
}

@test "tty: a symbolic link as the history is not followed, and neither it nor its target changes" {
	mkdir -p "$XDG_STATE_HOME/umpire"
	echo 'roll d6 --roll 6' >"$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target" "$XDG_STATE_HOME/umpire/history"
	history_refused "not a regular file (a symbolic link)"
	[ -L "$XDG_STATE_HOME/umpire/history" ] || fail "the link was replaced"
	assert_equal "$(readlink "$XDG_STATE_HOME/umpire/history")" "$BATS_TEST_TMPDIR/target"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/target")" "roll d6 --roll 6"
}

@test "tty: with stdout in a file the prompt stays on the terminal" {
	start -g loe ">$BATS_TEST_TMPDIR/out"
	wait_for '^loe>$'
	keys 'roll d6 --roll 1' Enter
	keys C-d
	wait_for '^status 0$'
	assert_equal "$(cat "$BATS_TEST_TMPDIR/out")" "roll (your dice)
  1d6      1 = 1"
}

@test "tty: the history keeps the last 1000 lines" {
	mkdir -p "$XDG_STATE_HOME/umpire"
	seq -f 'roll d6 --roll %g' 1 1005 >"$XDG_STATE_HOME/umpire/history"
	start
	wait_for '^umpire>$'
	keys Up
	wait_for '^umpire> roll d6 --roll 1005$'
	keys C-u 'quit' Enter
	wait_for '^status 0$'
	# 1005 read, the first 5 dropped; 1001 with quit, so one more goes
	run cat "$XDG_STATE_HOME/umpire/history"
	assert_equal "${#lines[@]}" 1000
	assert_line --index 0 "roll d6 --roll 7"
	assert_line --index 999 "quit"
}

@test "in a script a command reads no standard input: the script is the shell's" {
	# crt --batch finds no battle; the next line is the shell's, run as one
	run --separate-stderr umpire shell -g loe <<<$'crt --batch\nroll d6 --roll 2'
	assert_success
	assert_equal "$output" "roll (your dice)
  1d6      2 = 2"
}

@test "tty: one line of help on entry; a script gets none" {
	start -g loe
	wait_for '^umpire shell: commands without'
	assert_output --partial "'use loe' to pick a game"
	wait_for '^loe>$'
	run --separate-stderr umpire shell <<<'roll d6 --roll 3'
	refute_output --partial "umpire shell: commands"
	[[ "$stderr" != *"umpire shell: commands"* ]] || fail "$stderr"
}

@test "a line may start with the program's own name, as copied from the README" {
	run --separate-stderr umpire shell <<<$'umpire roll d6 --roll 3\numpire -g loe table league-of-nations --roll 6'
	assert_success
	assert_line --regexp '^  1d6 +3 = 3$'
	assert_output --partial "League of Nations"
}
