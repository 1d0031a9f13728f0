#!/usr/bin/env bats
# rules: search, show, toc and import.  The shipped references are umpire's
# own; the imported books are fixtures written for these tests.

load helpers

@test "search finds a pattern and names the section of each hit" {
	run --separate-stderr umpire rules search -g loe 'retreat.*EZOC'
	assert_success
	assert_line --regexp '^loe 8\.4 '
	assert_line --regexp '^  > .*[Rr]etreat.*EZOC'
	assert_equal "$stderr" ""
}

@test "search with no match exits 1 and prints nothing" {
	run --separate-stderr umpire rules search -g loe 'xyzzy-no-such-thing'
	assert_equal "$status" 1
	assert_output ""
	assert_equal "$stderr" ""
}

@test "search covers every game when none is given" {
	run umpire rules search --count -w supply
	assert_success
	for g in loe toto sotq iwiif adwa; do
		assert_line --regexp "^$g [0-9]+$"
	done
}

@test "lower case ignores case; an upper-case letter makes it exact" {
	umpire rules import tb "$FIXTURES/books/numbered.txt"
	run umpire rules search -g tb --count 'rout'
	assert_output 1
	run umpire rules search -g tb --count 'Rout'
	assert_output 1
	run umpire rules search -g tb --count 'ROUT'
	assert_equal "$status" 1
	assert_output 0
}

@test "-F takes the pattern as a plain string" {
	umpire rules import tb "$FIXTURES/books/numbered.txt"
	run umpire rules search -g tb --count -F '5:1.'
	assert_output 1
	run umpire rules search -g tb --count '5:1.'
	assert_output 1
	run umpire rules search -g tb --count -F '(round'
	assert_equal "$status" 1
}

@test "-w matches whole words only" {
	umpire rules import tb "$FIXTURES/books/numbered.txt"
	# "Each hex is one furlong" and "four hexes from a depot"
	run umpire rules search -g tb --count 'hex'
	assert_output 2
	run umpire rules search -g tb --count -w 'hex'
	assert_output 1
}

@test "-C shows context lines within the section" {
	umpire rules import tb "$FIXTURES/books/numbered.txt"
	run umpire rules search -g tb -C 1 'read as'
	assert_success
	assert_line '    A. Divide the attacker'"'"'s strength by the defender'"'"'s and round down.'
	assert_line '  > B. Odds above 5:1 are read as 5:1.'
	# the next line is a heading of another section: not context
	refute_line --partial 'Terrain Shifts'
}

@test "--json gives each hit with its section and match offsets" {
	umpire rules import tb "$FIXTURES/books/numbered.txt"
	run umpire rules search -g tb 'furlong' --json
	assert_equal "$(json_get '.hits[0].section' <<<"$output")" 1.1
	assert_equal "$(json_get '.hits[0].title' <<<"$output")" Scale
	# "Each hex is one " is 16 bytes, "furlong" 7 more
	assert_equal "$(json_get '.hits[0].matches[0] | join(",")' <<<"$output")" "16,23"
	assert_equal "$(json_get .count <<<"$output")" 1
}

@test "a bad pattern exits 2 with PCRE2's message and a caret under the spot" {
	run --separate-stderr umpire rules search -g loe 'retreat(zone'
	assert_equal "$status" 2
	assert_output ""
	[[ "$stderr" == *"missing closing parenthesis"* ]]
	assert_equal "$(sed -n 2p <<<"$stderr")" "  retreat(zone"
	assert_equal "$(sed -n 3p <<<"$stderr")" "              ^"
}

@test "a bad pattern's controls are escaped and the caret still sits under the spot (issue 8)" {
	# e, ESC, [2J, ( is 2+1+3+1 = 7 bytes: PCRE2 stops at offset 7, the
	# end.  Shown escaped, e takes one column, ESC four (\x1b), [2J( four
	# more: the caret goes under column 9, after the pattern.
	run --separate-stderr umpire rules search -g loe $'\xc3\xa9\x1b[2J('
	assert_equal "$status" 2
	assert_output ""
	[[ "$stderr" != *$'\e'* ]] || fail "raw ESC on stderr"
	assert_equal "$(sed -n 2p <<<"$stderr")" $'  \xc3\xa9\\x1b[2J('
	assert_equal "$(sed -n 3p <<<"$stderr")" "           ^"
}

@test "a pathological pattern stops at the match limit instead of hanging" {
	printf '1.0 Trap\n%s\n' "$(printf 'a%.0s' $(seq 1 40))" >"$BATS_TEST_TMPDIR/trap.txt"
	umpire rules import trap "$BATS_TEST_TMPDIR/trap.txt"
	run --separate-stderr timeout 20 umpire rules search -g trap '(a|aa|a?a)*[bc]'
	assert_equal "$status" 2
	[[ "$stderr" == *"too many steps"* ]]
}

# One budget for the whole search (issue 8): PCRE2's match limit counts the
# steps at one start, and these two patterns stay under it at every start
# while costing minutes over a whole book.
@test "a pattern slow at every start is stopped by the search's one budget" {
	# each start tries every way of cutting 20 characters into pieces of
	# one and two: about 20,000 paths, at each of the 47,000 starts of loe
	run --separate-stderr timeout 60 umpire rules search -g loe '(?:.|..){0,20}[@#]'
	assert_equal "$status" 2
	assert_output ""
	[[ "$stderr" == *"too many steps"* ]] || fail "stderr: $stderr"
}

@test "a pattern whose cost grows with the number of lines meets the same budget" {
	# 20,000 lines of 25 a's: (a|aa)+ finds about 120,000 ways through each
	# start of a line (Fibonacci 26), each ending in failure at [bc]
	{ echo '1.0 Trap'; for i in $(seq 1 20000); do echo aaaaaaaaaaaaaaaaaaaaaaaaa; done; } >"$BATS_TEST_TMPDIR/as.txt"
	umpire rules import as "$BATS_TEST_TMPDIR/as.txt"
	run --separate-stderr timeout 60 umpire rules search -g as '(a|aa)+[bc]'
	assert_equal "$status" 2
	assert_output ""
	[[ "$stderr" == *"too many steps"* ]] || fail "stderr: $stderr"
	# the budget stops the pattern, not the size: a linear one reads every
	# line, the 20,000 of a's and the heading "== 1.0 Trap": 20,001
	run timeout 60 umpire rules search -g as --count 'a+'
	assert_output 20001
	# the heading pattern of an import is held to the same budget
	run --separate-stderr timeout 60 umpire rules import as2 --heading '^(a|aa)+[bc](\d)' "$BATS_TEST_TMPDIR/as.txt"
	assert_one_line_error 2
	[[ "$stderr" == *"the heading pattern needs too many steps"* ]] || fail "stderr: $stderr"
}

@test "a long line does not fail the JIT" {
	# a paragraph pasted as one line: 1,400 times "word " then "end.",
	# 7,004 bytes; only that line starts with "word " and ends with "end."
	{ echo '1.0 Long'; printf 'word %.0s' $(seq 1 1400); echo 'end.'; echo '1.1 Next'; echo 'word end.x'; } >"$BATS_TEST_TMPDIR/long.txt"
	umpire rules import long "$BATS_TEST_TMPDIR/long.txt"
	run --separate-stderr umpire rules search -g long --count '^(word )*end\.$'
	assert_success
	assert_output 1
	assert_equal "$stderr" ""
}

@test "a pattern that asks for no JIT is searched by the interpreter" {
	umpire rules import tb "$FIXTURES/books/numbered.txt"
	# "Each hex is one furlong across", the one line with furlong
	run --separate-stderr umpire rules search -g tb --count '(*NO_JIT)furlong'
	assert_success
	assert_output 1
	assert_equal "$stderr" ""
}

@test "a FIFO named like a reference is refused, not waited on" {
	mkdir -p "$XDG_DATA_HOME/umpire/ff"
	mkfifo "$XDG_DATA_HOME/umpire/ff/reference.txt"
	run --separate-stderr timeout 20 umpire rules search -g ff retreat
	assert_one_line_error 3
	assert_equal "$stderr" "umpire rules: not a regular file: '$XDG_DATA_HOME/umpire/ff/reference.txt'"
	run --separate-stderr timeout 20 umpire rules show ff 1.0
	assert_one_line_error 3
	run --separate-stderr timeout 20 umpire rules toc ff
	assert_one_line_error 3
}

@test "a reference past the cap is refused naming the file and the cap" {
	mkdir -p "$XDG_DATA_HOME/umpire/big"
	# sparse: 128 MB and one byte cost nothing on disk
	truncate -s $(( (128 << 20) + 1 )) "$XDG_DATA_HOME/umpire/big/reference.txt"
	run --separate-stderr timeout 20 umpire rules search -g big retreat
	assert_one_line_error 3
	assert_equal "$stderr" "umpire rules: file too big: '$XDG_DATA_HOME/umpire/big/reference.txt' (the limit is 128 MB)"
}

@test "one broken rulebook is skipped with a warning; the others are searched" {
	umpire rules import tb "$FIXTURES/books/numbered.txt"
	mkdir -p "$XDG_DATA_HOME/umpire/broken" "$XDG_DATA_HOME/umpire/ff"
	printf 'no headings here\n' >"$XDG_DATA_HOME/umpire/broken/reference.txt"
	mkfifo "$XDG_DATA_HOME/umpire/ff/reference.txt"
	run --separate-stderr timeout 20 umpire rules search furlong
	assert_success
	assert_line --regexp '^tb 1\.1 Scale'
	assert_equal "$(grep -c . <<<"$stderr")" 2
	[[ "$stderr" == *"skipped rulebook 'broken': "*"no sections"* ]] || fail "stderr: $stderr"
	[[ "$stderr" == *"skipped rulebook 'ff': not a regular file"* ]] || fail "stderr: $stderr"
	run --separate-stderr umpire rules search --json --count furlong
	assert_equal "$(json_get '.skipped | sort | join(",")' <<<"$output")" "broken,ff"
	assert_equal "$(json_get '.counts.tb' <<<"$output")" 1
	# named on its own, a broken book is an error
	run --separate-stderr umpire rules search -g broken furlong
	assert_one_line_error 3
}

@test "show prints a section with its subsections" {
	run --separate-stderr umpire rules show loe 8.2
	assert_success
	assert_line --regexp '^loe 8\.2 '
	assert_line --regexp '^loe 8\.2\.1 Odds Ratio'
	assert_line --regexp '^loe 8\.2\.2 '
	refute_line --regexp '^loe 8\.3 '
}

@test "show resolves citations as umpire's commands print them" {
	run umpire rules show loe '8.2.1 A'
	assert_line --index 0 'loe 8.2.1 Odds Ratio'
	run umpire rules show sotq 'Part 13 D'
	assert_line --index 0 --regexp '^sotq 13\.D '
	run umpire rules show sotq '13 D'
	assert_line --index 0 --regexp '^sotq 13\.D '
	run umpire rules show toto 26.2
	assert_line --index 0 --regexp '^toto 26\.2'
}

@test "a number the rulebook prints twice shows both places" {
	# loe prints 8.4.2 twice: Terrain, then Stacks and Stacking
	run umpire rules show loe 8.4.2
	assert_success
	assert_line 'loe 8.4.2 Terrain'
	assert_line 'loe 8.4.2 Stacks and Stacking'
}

@test "a chapter number shows the whole chapter" {
	umpire rules import tb "$FIXTURES/books/numbered.txt"
	run umpire rules show tb 2
	assert_line 'tb 2.0 Combat'
	assert_line 'tb 2.1.1 Terrain Shifts'
	assert_line 'tb 2.2 Results'
	refute_line --partial 'tb 3.0'
}

@test "a missing section exits 1 and names the nearest" {
	run --separate-stderr umpire rules show loe 8.9
	assert_one_line_error 1
	[[ "$stderr" == *"'8.9'"*"8.6"*"9.0"* ]]
}

@test "show of an unknown book is a usage error" {
	run --separate-stderr umpire rules show nosuch 1.0
	assert_one_line_error 2
}

@test "toc lists the sections, indented by depth" {
	run umpire rules toc loe
	assert_success
	assert_line '8.0 Combat'
	assert_line '  8.2 Procedure'
	assert_line '    8.2.1 Odds Ratio'
	run umpire rules toc
	for g in loe toto sotq iwiif adwa; do
		assert_line --regexp "^  $g "
	done
}

@test "every shipped reference has sections and a toc" {
	for g in loe toto sotq iwiif adwa; do
		run umpire rules toc $g --json
		assert_success
		[ "$(json_get '.sections | length' <<<"$output")" -gt 10 ]
	done
}

@test "import indexes numbered headings; lettered paragraphs stay inside" {
	run --separate-stderr umpire rules import tb "$FIXTURES/books/numbered.txt"
	assert_success
	# 1.0 1.1 2.0 2.1 2.1.1 2.2 26.2 3.0; the contents lines begin "- "
	assert_output --partial "8 sections"
	run umpire rules toc tb --json
	assert_equal "$(json_get '[.sections[].id] | join(" ")' <<<"$output")" "1.0 1.1 2.0 2.1 2.1.1 2.2 26.2 3.0"
	run umpire rules show tb 2.1.1
	assert_line 'A. Forest moves the odds one column left.'
	run umpire rules show tb 26.2
	assert_line 'A bare number with no heading opens a section too.'
}

@test "import understands Part N: headings" {
	run umpire rules import lancers "$FIXTURES/books/parts.txt"
	assert_success
	assert_output --partial "3 sections"
	run umpire rules show lancers 'Part 2'
	assert_line --index 0 'lancers 2 Charging'
	assert_line 'B. A charge into a square is broken on any roll of 1 or 2.'
}

@test "--heading takes the player's own heading pattern" {
	printf 'RULE 7 - Night\nNo fire at night.\nRULE 8 - Fog\nSight is one hex.\n' >"$BATS_TEST_TMPDIR/odd.txt"
	run umpire rules import odd --heading '^RULE (\d+) - (.*)$' "$BATS_TEST_TMPDIR/odd.txt"
	assert_success
	run umpire rules show odd 8
	assert_line --index 0 'odd 8 Fog'
	assert_line 'Sight is one hex.'
}

@test "a bad --heading is a usage error" {
	run --separate-stderr umpire rules import odd --heading '(' "$FIXTURES/books/parts.txt"
	assert_one_line_error 2
}

@test "a heading pattern without a group is a usage error saying what it must be" {
	# checked before the file is read: this file does not exist
	run --separate-stderr umpire rules import odd --heading 'RULE \d+' "$BATS_TEST_TMPDIR/none.txt"
	assert_one_line_error 2
	[[ "$stderr" == *"'RULE \d+' has no group (expected group 1 to capture the section number"* ]] || fail "stderr: $stderr"
}

@test "a heading pattern that matches an empty line is explained" {
	run --separate-stderr umpire rules import odd --heading '(a?)' "$FIXTURES/books/parts.txt"
	assert_one_line_error 2
	[[ "$stderr" == *"'(a?)' matches an empty line, so lines without a number would be headings"* ]] || fail "stderr: $stderr"
	run --separate-stderr umpire rules import odd --heading '^(\d*)' "$FIXTURES/books/parts.txt"
	assert_one_line_error 2
	# matching lines whose number comes out empty: said so, not "no headings"
	printf 'Rule\nfirst\nRule\nsecond\n' >"$BATS_TEST_TMPDIR/rules.txt"
	run --separate-stderr umpire rules import odd --heading '^Rule ?(\d*)' "$BATS_TEST_TMPDIR/rules.txt"
	assert_one_line_error 3
	[[ "$stderr" == *"matched 2 lines, with group 1 empty on each"* ]] || fail "stderr: $stderr"
}

@test "a heading is a line the pattern matches from its start" {
	printf 'RULE 7 - Night\nNo fire, see RULE 8 - Fog for sight.\nRULE 9 - Rain\nMud.\n' >"$BATS_TEST_TMPDIR/odd.txt"
	run umpire rules import odd --heading 'RULE (\d+) - (\w+)' "$BATS_TEST_TMPDIR/odd.txt"
	# 7 and 9; the RULE 8 inside a sentence is no heading
	assert_output --partial "2 sections"
	run umpire rules show odd 7
	assert_line 'No fire, see RULE 8 - Fog for sight.'
}

@test "invalid UTF-8 far into an import is found with its position" {
	# 300 lines of "1.0 x" (6 bytes each, 1,800 bytes) then 700 body lines
	# of 9 bytes (6,300 more): the bad byte on line 1,001 lies past the
	# first 4,096 bytes, where the search works in chunks
	{ for i in $(seq 1 300); do echo '1.0 x'; done; for i in $(seq 1 700); do echo 'abcdefgh'; done; printf 'bad \377\n'; } >"$BATS_TEST_TMPDIR/late.txt"
	run --separate-stderr umpire rules import late "$BATS_TEST_TMPDIR/late.txt"
	assert_one_line_error 3
	[[ "$stderr" == *"line 1001, column 5"* ]] || fail "stderr: $stderr"
}

@test "import refuses invalid UTF-8 with its position; nothing installed" {
	printf '1.0 Start\nfine line\nbad \377 byte\n' >"$BATS_TEST_TMPDIR/bad.txt"
	run --separate-stderr umpire rules import bad "$BATS_TEST_TMPDIR/bad.txt"
	assert_one_line_error 3
	[[ "$stderr" == *"line 3, column 5"* ]]
	assert_file_not_exists "$XDG_DATA_HOME/umpire/bad/reference.txt"
}

@test "import refuses NUL bytes with their position; nothing installed" {
	printf '1.0 Start\nab\000c\n' >"$BATS_TEST_TMPDIR/nul.txt"
	run --separate-stderr umpire rules import nul "$BATS_TEST_TMPDIR/nul.txt"
	assert_one_line_error 3
	[[ "$stderr" == *"line 2, column 3"* ]]
	assert_file_not_exists "$XDG_DATA_HOME/umpire/nul/reference.txt"
}

@test "import refuses a text with no numbered headings" {
	printf 'just prose\nand more\n' >"$BATS_TEST_TMPDIR/prose.txt"
	run --separate-stderr umpire rules import prose "$BATS_TEST_TMPDIR/prose.txt"
	assert_one_line_error 3
}

@test "a shipped game id needs --force" {
	run --separate-stderr umpire rules import loe "$FIXTURES/books/numbered.txt"
	assert_one_line_error 2
	[[ "$stderr" == *"--force"* ]]
	run umpire rules import --force loe "$FIXTURES/books/numbered.txt"
	assert_success
	run umpire rules show loe 2.1.1
	assert_line --index 0 'loe 2.1.1 Terrain Shifts'
}

@test "bad import names are refused" {
	for n in ../x Caps 'a b' ''; do
		run --separate-stderr umpire rules import "$n" "$FIXTURES/books/parts.txt"
		assert_one_line_error 2
	done
}

@test "a name or a section too long says so" {
	long=$(printf 'a%.0s' $(seq 1 41))
	run --separate-stderr umpire rules import "$long" "$FIXTURES/books/parts.txt"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire rules: rulebook name too long: '$long' (at most 40 characters)"
	run --separate-stderr umpire rules show "$long" 1.0
	assert_one_line_error 2
	[[ "$stderr" == *"rulebook name too long"* ]] || fail "stderr: $stderr"
	cite="8.2.1 $(printf 'A%.0s' $(seq 1 100))"
	run --separate-stderr umpire rules show loe "$cite"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire rules: section too long: '${cite:0:60}...' (at most 100 characters)"
}

@test "a long heading is shown whole, in text and JSON" {
	# a heading of 700 x's, past any fixed buffer umpire once had
	title=$(printf 'x%.0s' $(seq 1 700))
	printf '1 %s\nbody\n' "$title" >"$BATS_TEST_TMPDIR/wide.txt"
	umpire rules import wide --heading '^(\d+) (.*)$' "$BATS_TEST_TMPDIR/wide.txt"
	run umpire rules toc wide --json
	assert_equal "$(json_get '.sections[0].title | length' <<<"$output")" 700
	run umpire rules show wide 1
	assert_line --index 0 "wide 1 $title"
	run umpire rules search -g wide --json body
	assert_equal "$(json_get '.hits[0].title | length' <<<"$output")" 700
	run umpire rules toc wide
	assert_line "1 $title"
}

@test "a section cited as umpire prints it opens; no suggestion repeats the words typed" {
	# search and show print "8.4.2 Terrain": pasted back, it opens that
	# section, not the other 8.4.2 (Stacks and Stacking)
	run --separate-stderr umpire rules show loe '8.4.2 Terrain'
	assert_success
	assert_line --index 0 'loe 8.4.2 Terrain'
	refute_line --partial 'Stacks and Stacking'
	run umpire rules show loe 'odds  RATIO'
	assert_line --index 0 'loe 8.2.1 Odds Ratio'
	run --separate-stderr umpire rules show loe '8.4.2 Terrain Effects'
	assert_one_line_error 1
	[[ "$stderr" != *"nearest: '8.4.2 Terrain Effects'"* ]] || fail "stderr: $stderr"
}

@test "an unknown subcommand gets a suggestion" {
	run --separate-stderr umpire rules serch retreat
	assert_one_line_error 2
	[[ "$stderr" == *"did you mean 'search'"* ]]
}

@test "completion offers subcommands, books and section numbers" {
	run umpire __complete rules s
	assert_equal "$(echo $output)" "search show"
	run umpire __complete rules show ''
	assert_line loe
	run umpire __complete rules show loe 8.2.
	assert_line 8.2.1
	assert_line 8.2.2
}

# Every rule a table or a game module cites must open with rules show.
@test "every citation in the data and the game modules resolves" {
	for f in "$TOP"/rules/*/*.json; do
		case $f in */game.json) continue ;; esac
		game=$(basename "$(dirname "$f")")
		jq -r '.. | objects | .rule? // empty' "$f" | sort -u | while read -r cite; do
			umpire rules show "$game" "$cite" >/dev/null </dev/null ||
				fail "$f cites $cite, which rules show $game cannot open"
		done
	done
	# a game's procedures are in its folder, lib/games/GAME/
	for f in "$TOP"/lib/games/*/*.c; do
		game=$(basename "$(dirname "$f")")
		# string literals that are citations: "8.2.1", "13.1.4 B", "13.D"
		grep -oE '"[0-9]+(\.[0-9]+)+( ?[A-Z])?"|"[0-9]+\.[A-Z]"' "$f" | tr -d '"' | sort -u |
		while read -r cite; do
			umpire rules show "$game" "$cite" >/dev/null </dev/null ||
				fail "$f cites $cite, which rules show $game cannot open"
		done
	done
}

# The sections a sequence's reminders cite in their texts, "(9.4, 9.4.1)"
# or "(8.3.6 B, E)", open too: each number, with its first letter.
@test "every section a sequence of play's reminder cites resolves" {
	local n=0
	for f in "$TOP"/rules/*/sequence.json; do
		game=$(basename "$(dirname "$f")")
		jq -r '.phases[] | (.remind // [])[], ((.marked // [])[] | .text)' "$f" |
			grep -oE '\([^)]*\)' | grep -oE '[0-9]+(\.[0-9]+)*( [A-Z]\b)?' |
			sort -u >"$BATS_TEST_TMPDIR/cites"
		n=$((n + $(wc -l <"$BATS_TEST_TMPDIR/cites")))
		while read -r cite; do
			umpire rules show "$game" "$cite" >/dev/null </dev/null ||
				fail "$f cites $cite, which rules show $game cannot open"
		done <"$BATS_TEST_TMPDIR/cites"
	done
	# loe, toto, iwiif and adwa cite sections in their reminders
	[ "$n" -ge 20 ] || fail "only $n citations found: the pattern is broken"
}

@test "the man page examples that need no file of the player's run" {
	grep -E '^\$ umpire rules (search|show|toc)' "$TOP/man/umpire-rules.1" |
		grep -v mygame | sed 's/^\$ //' |
	while read -r line; do
		eval "$line" >/dev/null </dev/null || fail "example failed: $line"
	done
}

@test "matches are highlighted on a terminal, never with NO_COLOR or --no-color" {
	command -v script >/dev/null || skip "no script(1) to give umpire a terminal"
	run script -qec "umpire rules search -g loe -w Amba" /dev/null
	assert_output --partial $'\033[1;31mAmba\033[0m'
	NO_COLOR=1 run script -qec "umpire rules search -g loe -w Amba" /dev/null
	refute_output --partial $'\033['
	run script -qec "umpire rules search -g loe -w Amba --no-color" /dev/null
	refute_output --partial $'\033['
	# piped: plain
	run umpire rules search -g loe -w Amba
	refute_output --partial $'\033['
}

# The references are wrapped, so a phrase may run across a line break
# (issue 15).  loe 1.2 ends "...TEC terrain effects chart; ZOC zone of" and
# its next line is "  control.": the one place "zone of control" occurs in
# the loe reference, on no single line.
@test "a phrase across a line break is found, with its section and both lines" {
	run --separate-stderr umpire rules search -g loe 'zone of control'
	assert_success
	assert_equal "${lines[0]}" "loe 1.2 Abbreviations"
	assert_equal "${lines[1]}" "  >   allowance; MP movement point; OOS out of supply; TEC terrain effects chart; ZOC zone of"
	assert_equal "${lines[2]}" "  >   control."
	assert_equal "${#lines[@]}" 3
	run umpire rules search -g loe --count -F 'zone of control'
	assert_output 1
	# the match runs from "zone" (column 82 of the first line) to the end
	# of "control": 82 + len("zone of\n  control") = 82 + 17 = 99
	run umpire rules search -g loe --json 'zone of control'
	assert_equal "$(jq -c '.hits[0].matches' <<<"$output")" "[[82,99]]"
}

@test "a phrase does not cross a blank line or a heading" {
	mkdir -p "$XDG_DATA_HOME/umpire/para"
	printf '%s\n' '== 1.0 One' 'first alpha' '  beta here.' '' 'gamma delta' \
	    '== 2.0 Two' 'epsilon' >"$XDG_DATA_HOME/umpire/para/reference.txt"
	# "alpha" ends a line and "beta" opens the next: one paragraph
	run umpire rules search -g para --count 'alpha beta'
	assert_output 1
	# "here." and "gamma" have a blank line between them: two paragraphs
	run umpire rules search -g para --count 'here\. gamma'
	assert_equal "$status" 1
	# "delta" and "Two" are split by the heading line of 2.0
	run umpire rules search -g para --count 'delta == 2'
	assert_equal "$status" 1
	run umpire rules search -g para --count -F 'delta == 2'
	assert_equal "$status" 1
	# a space inside a class is only a space
	run umpire rules search -g para --count 'alpha[ ]beta'
	assert_equal "$status" 1
}

# -w wraps the whole pattern; a ")" cannot close the wrap early and leave
# an alternative unfenced ("\b(?:a)|(b)\b" would match "b" inside a word).
@test "-w cannot be escaped by a pattern with a parenthesis" {
	run --separate-stderr umpire rules search -g loe -w 'xyzzy)|(ex'
	assert_equal "$status" 2
	assert_output ""
	assert_equal "${stderr%%$'\n'*}" "umpire rules: bad pattern: unmatched closing parenthesis at offset 5"
	# taken as a plain string it is searched, and found nowhere
	run umpire rules search -g loe -w -F 'xyzzy)|(ex'
	assert_equal "$status" 1
	# an alternation has each branch fenced: "ex" is in many loe words
	# ("hex", "next") but is no word of its own there, nor is "xyzzy"
	run umpire rules search -g loe --count -w 'ex|xyzzy'
	assert_equal "$status" 1
	run umpire rules search -g loe --count -w 'xyzzy|hex'
	assert_success
}

# loe 8.2.1 D cites terrain (8.4, 8.6), supply (9.4), disorganization
# (11.4, 13.1) and air support (11.4 again); no section's text names 8.2.1.
@test "show --refs lists the sections a section cites and those citing it" {
	run --separate-stderr umpire rules show loe 8.2.1 --refs
	assert_success
	assert_output "loe 8.2.1 Odds Ratio
cites:
  8.4 Retreats After Combat
  8.6 Terrain Effects on Combat
  9.4 Supply Status
  11.4 Missions
  13.1 Large Ethiopian Armies
cited by:
  (none)"
	# 8.4 is named in 8.1.3 ("retreats (8.4)"), 8.2.1 D, 8.3.2 ("retreats
	# are in 8.4") and 8.3.3 ("cited as 8.4"); its own text names 5.0, 5.7
	run umpire rules show loe 8.4 --refs --json
	assert_success
	assert_equal "$(jq -r '[.cited_by[].id] | join(" ")' <<<"$output")" "8.1.3 8.2.1 8.3.2 8.3.3"
	assert_equal "$(jq -r '[.cites[].id] | join(" ")' <<<"$output")" "5.0 5.7"
	assert_equal "$(jq -r .procedure <<<"$output")" "rules-refs"
	run umpire __complete rules show loe 8.2.1 --r
	assert_line --refs
	run --separate-stderr umpire rules show loe 8.9 --refs
	assert_equal "$status" 1
}

# A search finds each hit's section by looking back from the hit for its
# heading ("== " opening a line), no further than the hit before.  Here:
# a hit above every heading (no section), a hit on a heading line itself,
# an empty section (1.1) between two with hits, and "=" inside body lines
# that open no section.
@test "each hit is named by the heading above it, wherever the headings fall" {
	mkdir -p "$XDG_DATA_HOME/umpire/heads"
	printf '%s\n' '# a comment line with a supply' '== 1.0 First' \
	    'body supply one' '== 1.1 Empty' '== 1.2 Third = supply' \
	    '=supply not a heading' 'a == b supply' '== 2.0 Far' 'x' \
	    '== 2.1 Farther' 'supply last' >"$XDG_DATA_HOME/umpire/heads/reference.txt"
	run --separate-stderr umpire rules search -g heads supply
	assert_success
	assert_equal "$output" "  > # a comment line with a supply
heads 1.0 First
  > body supply one
heads 1.2 Third = supply
  > 1.2 Third = supply
  > =supply not a heading
  > a == b supply
heads 2.1 Farther
  > supply last"
	run umpire rules search -g heads --json supply
	assert_equal "$(jq -r '[.hits[] | .section // "none"] | join(" ")' <<<"$output")" \
	    "none 1.0 1.2 1.2 1.2 2.1"
	# context after a hit stops at the next heading, found the same way
	run umpire rules search -g heads -C 3 'body supply'
	assert_equal "$output" "heads 1.0 First
  > body supply one"
	run umpire rules search -g heads -C 3 'supply not'
	assert_equal "$output" "heads 1.2 Third = supply
  > =supply not a heading
    a == b supply"
}

# A phrase is found however many lines before its rarest word it starts:
# "of zone control" runs from the end of one line over the next; and a
# space at the end of a phrase matches a line break only inside a
# paragraph, never the book's own last one.
@test "a phrase may start lines before its rarest word; the book's end is no space" {
	mkdir -p "$XDG_DATA_HOME/umpire/reach"
	printf '%s\n' '== 1 One' 'the rules of' 'zone control apply' 'last words' \
	    >"$XDG_DATA_HOME/umpire/reach/reference.txt"
	run --separate-stderr umpire rules search -g reach 'rules of zone control'
	assert_success
	assert_equal "$output" "reach 1 One
  > the rules of
  > zone control apply"
	# "apply" ends line 3 and "last" opens line 4: one paragraph
	run umpire rules search -g reach --count 'control apply last'
	assert_output 1
	run umpire rules search -g reach --count 'words '
	assert_equal "$status" 1
	run umpire rules search -g reach --count 'apply '
	assert_output 1
}

@test "rules search -i ignores case though the pattern has capitals, as grep -i" {
	# 'CARS' matches nothing as written: the pattern's capitals make case count
	run --separate-stderr umpire rules search -g iwiif 'Armoured CARS'
	assert_failure 1
	# -i: "armoured cars" in 1 and the heading of 23, two lines
	run --separate-stderr umpire rules search -g iwiif -i --count 'Armoured CARS'
	assert_success
	assert_output "2"
	run --separate-stderr umpire rules search -g iwiif --ignore-case 'Armoured CARS'
	assert_success
	assert_line "  > 23 Armoured Cars"
	run --separate-stderr umpire __complete rules -
	assert_output --partial "--ignore-case"
}

@test "rules search shows a hit on a heading without the reference's == mark" {
	# iwiif's reference opens 23 with "== 23 Armoured Cars"
	run --separate-stderr umpire rules search -g iwiif 'Armoured Cars'
	assert_success
	assert_line "  > 23 Armoured Cars"
	refute_output --partial "=="
}
