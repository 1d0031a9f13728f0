#!/usr/bin/env bats
# dispatch: walks the command table (as `umpire __complete ''` reports it)
# so that every command, present and future, answers --help, matches its
# man page SYNOPSIS and refuses a bad option the same way.

load helpers

commands() {
	umpire __complete '' | grep -vx help
}

# Usage lines of `umpire ... --help`, one per line, spaces squeezed.
usage_lines() {
	sed -n '/^usage: /,/^$/p' | sed 's/^usage: //; s/^ *//; s/  */ /g; /^$/d'
}

# SYNOPSIS of a man page as plain text, one usage per line, with lines
# wrapped by the formatter joined back.
synopsis_lines() {
	MANWIDTH=400 mandoc -Tascii -O width=400 "$1" | col -b |
		awk '/^SYNOPSIS/ {on = 1; next} /^[A-Z]/ {on = 0} on' |
		awk 'function flush() { if (cur != "") print cur; cur = "" }
			/^ *$/ { flush(); next }
			{ match($0, /^ */); ind = RLENGTH; sub(/^ */, "")
			  if (cur != "" && ind > base) { cur = cur " " $0; next }
			  flush(); cur = $0; base = ind }
			END { flush() }' |
		sed 's/  */ /g'
}

@test "the command table is not empty and holds roll and table" {
	run commands
	assert_line roll
	assert_line table
}

@test "umpire, umpire --help and umpire help print help on stdout, exit 0" {
	for args in "" "--help" "-h" "help"; do
		run --separate-stderr umpire $args
		assert_success
		assert_equal "$stderr" ""
		assert_line --index 0 --partial "usage: umpire"
	done
}

@test "umpire --help lists every command of the table" {
	run umpire --help
	for c in $(commands); do
		assert_line --regexp "^  $c +"
	done
}

@test "every command answers --help, -h and help CMD on stdout with exit 0" {
	for c in $(commands); do
		for form in "$c --help" "$c -h" "help $c" "--help $c"; do
			run --separate-stderr umpire $form
			assert_equal "$status $form" "0 $form"
			assert_equal "$stderr" ""
			assert_line --index 0 --partial "usage: umpire $c"
		done
	done
}

@test "every command's usage lines are its man page SYNOPSIS" {
	for c in $(commands); do
		page="$TOP/man/umpire-$c.1"
		assert_file_exists "$page"
		assert_equal "$(synopsis_lines "$page")" "$(umpire $c --help | usage_lines)"
	done
}

@test "umpire(1) SYNOPSIS is the top-level usage" {
	assert_equal "$(synopsis_lines "$TOP/man/umpire.1")" "$(umpire --help | usage_lines)"
}

@test "every command refuses an unknown option: exit 2, one line, empty stdout" {
	for c in $(commands); do
		run --separate-stderr umpire $c --no-such-option
		assert_one_line_error 2
		[[ "$stderr" == "umpire $c: unknown option: '--no-such-option'"* ]]
	done
}

@test "every command refuses an option without its value" {
	run --separate-stderr umpire roll d6 --roll
	assert_one_line_error 2
	[[ "$stderr" == *"needs a value"* ]]
	run --separate-stderr umpire table loe league-of-nations --data
	assert_one_line_error 2
}

@test "an unknown command exits 2 and suggests the nearest" {
	run --separate-stderr umpire rol d6
	assert_one_line_error 2
	[[ "$stderr" == *"'rol'"*"did you mean 'roll'"* ]]
	run --separate-stderr umpire tabel
	[[ "$stderr" == *"did you mean 'table'"* ]]
	run --separate-stderr umpire xyzzy
	assert_one_line_error 2
}

@test "help for an unknown command is a usage error" {
	run --separate-stderr umpire help nosuch
	assert_one_line_error 2
}

@test "--version prints the version" {
	run --separate-stderr umpire --version
	assert_success
	assert_output --regexp '^umpire [0-9]+\.[0-9]+\.[0-9]+$'
	assert_equal "$stderr" ""
}

@test "global options work before and after the command" {
	a=$(umpire --json --seed 3 -g loe table league-of-nations)
	b=$(umpire table league-of-nations -g loe --seed=3 --json)
	c=$(umpire table --game=loe league-of-nations --json --seed 3)
	assert_equal "$a" "$b"
	assert_equal "$a" "$c"
}

@test "-- ends the options" {
	run --separate-stderr umpire roll -- --odds
	assert_one_line_error 2
	[[ "$stderr" == *"bad dice: '--odds'"* ]]
}

@test "a flag given a value is refused" {
	run --separate-stderr umpire roll d6 --odds=yes
	assert_one_line_error 2
}

@test "__complete offers commands, options, games and tables" {
	run umpire __complete ro
	assert_output roll
	run umpire __complete -g ''
	assert_equal "$(echo $output)" "adwa iwiif loe sotq toto"
	run umpire __complete table loe ''
	assert_line army-cooperation
	assert_line league-of-nations
	run umpire __complete table toto psywar ''
	assert_equal "$(echo $output)" "a b"
	run umpire __complete roll --o
	assert_output --odds
}

@test "every option of every command is offered by completion" {
	for c in $(commands); do
		run umpire __complete $c --
		assert_success
		umpire $c --help | awk '/^options:/ {on=1; next} /^$/ {on=0} on' |
			grep -o -- '--[a-z-]*' | while read -r o; do
			[[ "$output" == *"$o"* ]] || fail "$c: $o not completed"
		done
	done
}

@test "umpire(1) describes every command of the table" {
	for c in $(commands); do
		grep -q "^\.It Cm $c\$" "$TOP/man/umpire.1" || fail "umpire.1 lacks $c"
		grep -q "^\.Xr umpire-$c 1" "$TOP/man/umpire.1" || fail "umpire.1 does not refer to umpire-$c(1)"
	done
}

# --- files that are not what their names say ---------------------------------
# Every file umpire reads goes through data_open(): a FIFO (which would block
# the open for a writer that never comes), a device (/dev/zero never ends) or
# a file past the cap is refused with exit 3.  `timeout` turns a hang into a
# failure instead of a stuck test.

# refused_file CMD...: one line "not a regular file: 'PATH'", exit 3
refused_file() {
	run --separate-stderr timeout 20 umpire "$@"
	assert_one_line_error 3
	[[ "$stderr" == *"not a regular file: '"* ]] || fail "stderr: $stderr"
}

@test "a FIFO named like a table in a --data folder is refused, not waited on" {
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	mkfifo "$BATS_TEST_TMPDIR/d/loe/league-of-nations.json"
	refused_file --data "$BATS_TEST_TMPDIR/d" table loe league-of-nations --roll 3
	[[ "$stderr" == *"/d/loe/league-of-nations.json'" ]]
	# the same folder through UMPIRE_DATA, and the listing that reads them all
	UMPIRE_DATA="$BATS_TEST_TMPDIR/d" refused_file table loe league-of-nations
	mkfifo "$BATS_TEST_TMPDIR/d/loe/game.json"
	refused_file --data "$BATS_TEST_TMPDIR/d" table --list loe
}

@test "a FIFO or a device given as a file to import or check is refused" {
	mkfifo "$BATS_TEST_TMPDIR/chart.json" "$BATS_TEST_TMPDIR/chart.csv" \
	    "$BATS_TEST_TMPDIR/book.txt"
	refused_file table --import loe crt "$BATS_TEST_TMPDIR/chart.json"
	refused_file table --import toto psywar "$BATS_TEST_TMPDIR/chart.csv"
	refused_file table --check "$BATS_TEST_TMPDIR/chart.json"
	refused_file rules import book "$BATS_TEST_TMPDIR/book.txt"
	for dev in /dev/zero /dev/null; do
		refused_file table --import toto psywar "$dev"
		refused_file rules import book "$dev"
	done
	# nothing was installed by any of them
	assert_not_exists "$XDG_DATA_HOME/umpire"
}

@test "a FIFO in place of a saved card game is refused" {
	mkdir -p "$XDG_STATE_HOME/umpire/decks"
	mkfifo "$XDG_STATE_HOME/umpire/decks/adwa.json"
	# the deck's own reader (state_read) names the file and leaves it be
	run --separate-stderr timeout 20 umpire -g adwa draw status
	assert_one_line_error 3
	[[ "$stderr" == *"/decks/adwa.json: not a regular file"* ]] || fail "stderr: $stderr"
	[ -p "$XDG_STATE_HOME/umpire/decks/adwa.json" ]
}

@test "a FIFO named like a reference is refused, not waited on" {
	# lib/corpus.c maps the reference itself, with data_open()'s checks
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	mkfifo "$BATS_TEST_TMPDIR/d/loe/reference.txt"
	refused_file --data "$BATS_TEST_TMPDIR/d" rules search -g loe retreat
	refused_file --data "$BATS_TEST_TMPDIR/d" rules show loe 8.2.1
}

@test "a file past the 64 MB cap is refused naming the file and the cap" {
	# sparse: 64 MB and one byte on disk costs nothing
	truncate -s $(( (64 << 20) + 1 )) "$BATS_TEST_TMPDIR/big.txt"
	run --separate-stderr timeout 20 umpire rules import book "$BATS_TEST_TMPDIR/big.txt"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire rules: file too big: '$BATS_TEST_TMPDIR/big.txt' (the limit is 64 MB)"
	run --separate-stderr timeout 20 umpire table --check "$BATS_TEST_TMPDIR/big.txt"
	assert_one_line_error 3
	# exactly 64 MB is within the cap: refused for what it holds, not its size
	truncate -s $(( 64 << 20 )) "$BATS_TEST_TMPDIR/cap.json"
	run --separate-stderr timeout 20 umpire table --check "$BATS_TEST_TMPDIR/cap.json"
	assert_one_line_error 3
	[[ "$stderr" != *"too big"* ]] || fail "the cap is off by one: $stderr"
}

@test "a symlink loop is named as one, not as an unknown table" {
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	ln -s league-of-nations.json "$BATS_TEST_TMPDIR/d/loe/league-of-nations.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" table loe league-of-nations
	assert_one_line_error 3
	assert_equal "$stderr" "umpire table: a symlink loop: '$BATS_TEST_TMPDIR/d/loe/league-of-nations.json'"
	# while a name too long for the file system is simply not there
	long=$(printf 'a%.0s' {1..300})
	run --separate-stderr umpire -g "$long" roll d6
	assert_one_line_error 2
	assert_equal "$stderr" "umpire roll: unknown game in -g: '${long:0:60}...' (expected adwa, iwiif, loe, sotq or toto)"
}

# --- messages -----------------------------------------------------------------

@test "UMPIRE_DATA that is not a directory is refused as --data would be" {
	for bad in /nonexistent "$TOP/README.md"; do
		UMPIRE_DATA=$bad run --separate-stderr umpire roll d6 --roll 3
		assert_one_line_error 2
		assert_equal "$stderr" "umpire roll: UMPIRE_DATA: not a directory: '$bad'"
		run --separate-stderr umpire --data "$bad" roll d6 --roll 3
		assert_one_line_error 2
		assert_equal "$stderr" "umpire roll: --data: not a directory: '$bad'"
	done
	# empty is unset, as for UMPIRE_GAME
	UMPIRE_DATA= run umpire roll d6 --roll 3
	assert_success
}

@test "did you mean never suggests the word typed" {
	# a game.json that lists a table whose file is missing: "ghost" is a
	# known name that fails, and the hint must not be 'ghost' itself
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	sed 's/"tables": *\[/"tables": ["ghost", /' "$TOP/rules/loe/game.json" \
	    >"$BATS_TEST_TMPDIR/d/loe/game.json"
	grep -q '"ghost"' "$BATS_TEST_TMPDIR/d/loe/game.json" || fail "no ghost planted"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" table loe ghost
	assert_one_line_error 2
	[[ "$stderr" == "umpire table: unknown table: 'ghost'"* ]]
	[[ "$stderr" != *"did you mean 'ghost'"* ]] || fail "suggested itself: $stderr"
	# a near miss still gets its hint
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" table loe ghots
	[[ "$stderr" == *"did you mean 'ghost'"* ]]
	# and so does a command: "help" is in the list, and "help help" works
	run --separate-stderr umpire help help
	assert_success
	assert_line --index 0 --partial "usage: umpire"
}

@test "table --list with an unknown game names the game" {
	for pre in "" "-g loe"; do
		run --separate-stderr umpire $pre table --list nosuch
		assert_one_line_error 2
		assert_equal "$stderr" "umpire table: unknown game: 'nosuch' (expected adwa, iwiif, loe, sotq or toto)"
	done
}

@test "no colour with TERM=dumb; colour on another terminal" {
	command -v script >/dev/null || skip "no script(1) to give umpire a terminal"
	cmd="umpire table loe league-of-nations --roll 3"
	TERM=xterm run script -qec "$cmd" /dev/null
	assert_success
	[[ "$output" == *$'\033['* ]] || fail "no colour on a terminal: $output"
	TERM=dumb run script -qec "$cmd" /dev/null
	assert_success
	assert_output --partial "League of Nations"
	[[ "$output" != *$'\033'* ]] || fail "colour on a dumb terminal"
}

@test "control characters in names and variables are escaped, never raw" {
	run --separate-stderr umpire roll $'d6\e]0;owned\a\e[2J'
	assert_one_line_error 2
	assert_equal "$stderr" "umpire roll: bad dice: 'd6\\x1b]0;owned\\x07\\x1b[2J' (expected dice like 2d6, d10 or 3d6+2)"
	# a newline cannot split the message; a C1 control and a stray byte
	run --separate-stderr umpire roll $'d6\nx\xc2\x9b\xff'
	assert_one_line_error 2
	[[ "$stderr" == *"'d6\\x0ax\\xc2\\x9b\\xff'"* ]] || fail "stderr: $stderr"
	# from the environment
	UMPIRE_GAME=$'lo\ee' run --separate-stderr umpire table --list
	assert_one_line_error 2
	[[ "$stderr" == *"'lo\\x1be'"* ]] || fail "stderr: $stderr"
	# UTF-8 that is text passes as it is
	run --separate-stderr umpire roll 'd6é'
	[[ "$stderr" == *"'d6é'"* ]] || fail "stderr: $stderr"
}

# A table whose title holds an escape (\u001b in its JSON), DEL, a C1
# control (U+009B, CSI to some terminals) and a byte that is not UTF-8.
hostile_title() {
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	sed 's/"title": "League of Nations Table"/"title": "League \\u001b[2J\x7f\xc2\x9b\xff of Nations"/' \
	    "$TOP/rules/loe/league-of-nations.json" \
	    >"$BATS_TEST_TMPDIR/d/loe/league-of-nations.json"
	grep -q 'u001b' "$BATS_TEST_TMPDIR/d/loe/league-of-nations.json" ||
	    fail "the title was not planted"
}

@test "the trail escapes control characters that come from data" {
	hostile_title
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" table loe league-of-nations --roll 3
	assert_success
	assert_line --index 0 --partial 'League \x1b[2J\x7f\xc2\x9b\xff of Nations'
	[[ "$output" != *$'\e'* && "$output" != *$'\x7f'* ]] || fail "raw control"
}

@test "--json output is valid UTF-8 with every control escaped" {
	hostile_title
	umpire --data "$BATS_TEST_TMPDIR/d" --json table loe league-of-nations --roll 3 \
	    >"$BATS_TEST_TMPDIR/out.json"
	# strict UTF-8: iconv stops at the first byte that is not
	iconv -f UTF-8 -t UTF-8 "$BATS_TEST_TMPDIR/out.json" >/dev/null ||
	    fail "not UTF-8: $(od -c "$BATS_TEST_TMPDIR/out.json" | head)"
	# the escape, DEL and C1 keep their code points; the bad byte is U+FFFD
	grep -qF '"title":"League \u001b[2J\u007f\u009b\ufffd of Nations"' \
	    "$BATS_TEST_TMPDIR/out.json" || fail "$(cat "$BATS_TEST_TMPDIR/out.json")"
	run jq -r .title "$BATS_TEST_TMPDIR/out.json"
	assert_output $'League \e[2J\x7f\xc2\x9b\xef\xbf\xbd of Nations'
}

@test "an option that takes one value is refused the second time, in every command" {
	for c in $(commands); do
		umpire help "$c" --json |
		    jq -r '.options[] | select(.value != null) | "\(.name) \(.repeats)"' |
		    while read -r o repeats; do
			run --separate-stderr umpire $c $o 1 $o 1
			if [ "$repeats" = true ]; then
				[[ "$stderr" != *"given twice"* ]] || fail "$c $o: $stderr"
			else
				assert_one_line_error 2
				# an option its command refuses here even once (map's
				# svg options without svg) needs no second look
				[[ "$stderr" == "umpire $c: option given twice: '$o' (give it once)" ]] ||
				    ! umpire $c $o 1 2>/dev/null >&2 ||
				    fail "$c $o: $stderr"
			fi
		done
	done
	# the globals too, before and after the command, in either spelling
	for words in "-g loe -g toto roll d6" "roll d6 --seed 1 --seed=2" \
	    "--data /tmp roll d6 --data /tmp" "-gloe roll --game=loe d6"; do
		run --separate-stderr umpire $words
		assert_one_line_error 2
		[[ "$stderr" == *"option given twice: '--"*"' (give it once)" ]] ||
		    fail "$words: $stderr"
	done
	# crt's lists add up, as umpire-crt(1) says
	run umpire crt -g loe 16 4 --terrain mountain --terrain amba --odds
	assert_success
}

@test "help takes the global options: help --help, help --json, help CMD --json" {
	run --separate-stderr umpire help --help
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 --partial "usage: umpire"
	run --separate-stderr umpire help --json
	assert_success
	assert_equal "$(jq -r '.commands | map(.name) | join(" ")' <<<"$output")" \
	    "$(commands | tr '\n' ' ' | sed 's/ $//')"
	assert_equal "$(jq -r '.games | map(.id) | join(" ")' <<<"$output")" \
	    "adwa iwiif loe sotq toto"
	for form in "help roll --json" "--json help roll" "roll --help --json"; do
		run --separate-stderr umpire $form
		assert_success
		assert_equal "$(jq -r .command <<<"$output")" roll
		assert_equal "$(jq -r '.usage[0]' <<<"$output")" \
		    "$(umpire roll --help | usage_lines | head -1)"
		assert_equal "$(jq -r '[.options[].name] | join(" ")' <<<"$output")" \
		    "--odds --roll"
	done
	run --separate-stderr umpire help --nosuch
	assert_one_line_error 2
	run --separate-stderr umpire help roll table
	assert_one_line_error 2
}

@test "a long word is cut to its first 60 characters and ..., never to fit a buffer" {
	long=$(printf 'x%.0s' {1..300})
	run --separate-stderr umpire roll "--$long" d6
	assert_one_line_error 2
	assert_equal "$stderr" "umpire roll: unknown option: '--${long:0:58}...' (try --help)"
	run --separate-stderr umpire roll "--$long=1" d6
	assert_equal "$stderr" "umpire roll: unknown option: '--${long:0:58}...' (try --help)"
	# a message longer than err()'s 512-byte buffer is cut the same way,
	# and its text after the value comes out whole
	run --separate-stderr umpire roll "d$long$long"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire roll: bad dice: 'd${long:0:59}...' (expected dice like 2d6, d10 or 3d6+2)"
}

@test "data: a tree copied whole reads its own rules; a binary copied alone, the build's" {
	# a copy of the tree with one title changed: its umpire reads the copy
	mkdir "$BATS_TEST_TMPDIR/tree"
	cp -R "$TOP/rules" "$BATS_TEST_TMPDIR/tree/"
	cp "$TOP/umpire" "$BATS_TEST_TMPDIR/tree/"
	sed -i 's/"title": "Airstrike Chart"/"title": "Copied Chart"/' \
	    "$BATS_TEST_TMPDIR/tree/rules/loe/airstrike.json"
	run "$BATS_TEST_TMPDIR/tree/umpire" table --list loe
	assert_success
	assert_output --partial "Copied Chart"
	# the binary alone, in a folder with no rules: the tree it was built in
	mkdir "$BATS_TEST_TMPDIR/alone"
	cp "$TOP/umpire" "$BATS_TEST_TMPDIR/alone/"
	run "$BATS_TEST_TMPDIR/alone/umpire" table --list loe
	assert_success
	assert_output --partial "Airstrike Chart"
}

@test "one way to name the game: -g or UMPIRE_GAME stands for a left-out game operand" {
	# rules show [game] section
	run --separate-stderr umpire rules show -g loe 8.2.1 --json
	assert_success
	assert_equal "$(json_get .game <<<"$output")" loe
	UMPIRE_GAME=toto run --separate-stderr umpire rules show 12.17 --json
	assert_success
	assert_equal "$(json_get .game <<<"$output")" toto
	# the game given as the operand still wins its place
	run --separate-stderr umpire rules show loe 8.2.1 --json
	assert_equal "$(json_get .game <<<"$output")" loe
	run --separate-stderr umpire rules show 8.2.1
	assert_one_line_error 2
	# map import [game] name file
	run --separate-stderr umpire map import -g loe corridor "$FIXTURES/supply/loe-corridor.json"
	assert_success
	assert_file_exists "$XDG_DATA_HOME/umpire/loe/maps/corridor.json"
}

@test "--help: every command's summary starts in one column, supply-trace's too" {
	run umpire --help
	assert_success
	# the column after the longest name, "supply-trace" (12): 2 + 12 + 1
	cols=$(sed -n '/^commands:/,/^$/p' <<<"$output" | grep '^  [a-z]' |
	    awk '{ match($0, /^  [a-z-]+ +/); print RLENGTH }' | sort -u)
	assert_equal "$cols" 15
}

@test "every command's --help shows two or three examples, and each one runs" {
	local c n line
	for c in $(umpire --help | sed -n '/^commands:/,/^$/p' | awk '/^  [a-z]/ {print $1}'); do
		run umpire "$c" --help
		assert_success
		n=$(sed -n '/^examples:/,/^$/p' <<<"$output" | grep -c '^  ')
		[ "$n" -ge 2 ] && [ "$n" -le 3 ] || fail "$c shows $n examples"
		# each as a player would type it: answered (0) or a negative
		# answer (1), never a usage error
		while IFS= read -r line; do
			run bash -c "cd '$TOP' && $line" </dev/null
			[ "$status" -le 1 ] || fail "$c example failed ($status): $line :: $output"
		done < <(sed -n '/^examples:/,/^$/p' <<<"$output" | sed -n 's/^  //p')
	done
}

@test "--help with -g shows that game's options, and every game's, not another's" {
	# move-cost's --dis is loe's, --forced toto's, --formation sotq's,
	# --condition iwiif's; --ma is every game's
	run umpire -g loe move-cost --help
	assert_success
	# (the option lines; the usage lines name every option)
	assert_line --regexp '^ +--dis '
	assert_line --regexp '^ +--ma n '
	refute_line --regexp '^ +--forced '
	refute_line --regexp '^ +--formation '
	refute_line --regexp '^ +--condition '
	run umpire -g toto move-cost --help
	assert_line --regexp '^ +--forced '
	refute_line --regexp '^ +--dis '
	# no game: every option
	run umpire move-cost --help
	assert_line --regexp '^ +--dis '
	assert_line --regexp '^ +--forced '
	assert_line --regexp '^ +--formation ' 
}

@test "one JSON shape: every command's examples carry game, procedure, inputs, steps, result, table_source" {
	local c line out
	for c in $(umpire --help | sed -n '/^commands:/,/^$/p' | awk '/^  [a-z]/ {print $1}'); do
		while IFS= read -r line; do
			case $line in *shell*) continue ;; esac
			out=$(cd "$TOP" && eval "umpire --json ${line#umpire }" </dev/null) || true
			jq -e 'has("game") and has("procedure") and has("inputs") and
			    (.steps | type == "array") and (.result | type == "object")
			    and (.result | has("code") and has("text") and has("rule"))
			    and has("table_source")' <<<"$out" >/dev/null ||
			    fail "$c: $line :: ${out:0:300}"
		done < <(umpire "$c" --help | sed -n '/^examples:/,/^$/p' | sed -n 's/^  //p')
	done
}
