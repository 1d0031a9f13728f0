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

@test "a pathological pattern stops at the match limit instead of hanging" {
	printf '1.0 Trap\n%s\n' "$(printf 'a%.0s' $(seq 1 40))" >"$BATS_TEST_TMPDIR/trap.txt"
	umpire rules import trap "$BATS_TEST_TMPDIR/trap.txt"
	run --separate-stderr timeout 20 umpire rules search -g trap '(a|aa|a?a)*[bc]'
	assert_equal "$status" 2
	[[ "$stderr" == *"too many steps"* ]]
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
	for f in "$TOP"/lib/games/*.c; do
		game=$(basename "$f" .c)
		game=${game%%_*}	# a game's procedures in GAME_PART.c
		[ "$game" = game ] && continue
		# string literals that are citations: "8.2.1", "13.1.4 B", "13.D"
		grep -oE '"[0-9]+(\.[0-9]+)+( ?[A-Z])?"|"[0-9]+\.[A-Z]"' "$f" | tr -d '"' | sort -u |
		while read -r cite; do
			umpire rules show "$game" "$cite" >/dev/null </dev/null ||
				fail "$f cites $cite, which rules show $game cannot open"
		done
	done
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
