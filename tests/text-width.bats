#!/usr/bin/env bats
# text-width: the trail keeps its lines within 78 columns (lib/out.c,
# OUT_WIDTH), notes and rule text as well as steps; a `command` in a note
# is never broken, and a map's hex id stays with its terrain.

load helpers

# Fails naming the first line longer than 78 characters in $output.
assert_width() {
	local long
	long=$(awk 'length($0) > 78 { print length($0) ": " $0; exit }' <<<"$output")
	[ -z "$long" ] || fail "line wider than 78: $long"
}

@test "the loe CRT's stand-in note wraps within 78, its command whole" {
	run --separate-stderr umpire crt -g loe 8 3 --roll 4
	assert_success
	assert_width
	# the note was 95 columns on one line; the command is in one piece
	assert_output --partial '`umpire table --import loe crt FILE`'
}

@test "toto's and sotq's stand-in notes wrap within 78" {
	run --separate-stderr umpire crt -g toto 20 12 --roll 3
	assert_width
	run --separate-stderr umpire crt -g toto 20 12 --table big-push --roll 3
	assert_success
	assert_width
	assert_output --partial '`umpire table --import toto crt-big-push FILE`'
	# the sotq note was 131 columns: its 50-column command alone fits
	run --separate-stderr umpire crt -g sotq --battle isandhlwana --table melee 24 3:a --roll 4
	assert_success
	assert_width
	assert_line '   `umpire table --import sotq melee-isandhlwana FILE` installs your printed'
}

@test "the airstrike chart's stand-in note wraps within 78" {
	run --separate-stderr umpire -g loe airstrike --terrain amba+jungle --entrenched --roll 3
	assert_success
	assert_width
}

@test "rules show keeps the rule text within 78 and its paragraphs together" {
	run --separate-stderr umpire rules show loe 8
	assert_success
	assert_width
	# 8.2.1 C: a line of 87 in the reference, "defender gets" (the words
	# past column 78) carried into the paragraph's next line, "   Adv 3."
	assert_line "C. Below 1:6 is illegal: the attack fails outright - attacker eliminated,"
	assert_line "   defender gets Adv 3."
	# a list keeps its items: toto 4.2's f) hangs under its words (2 + 3)
	run --separate-stderr umpire rules show toto 4.2
	assert_width
	assert_line "  f) Supply Attrition Phase: Ottoman checks for attrition losses (only on"
	assert_line "     certain turns)."
	assert_line "Allied player turn: steps a-f again, with Allied units, VP and so on."
	run --separate-stderr umpire rules show toto 12
	assert_success
	assert_width
	run --separate-stderr umpire rules show sotq 12
	assert_success
	assert_width
}

@test "map show draws a wide window in bands, each id over its terrain" {
	# radius 5 spans 11 columns of 9 characters, 99 in all: two bands,
	# 8 columns (72) and 3, so the terminal wraps none
	run --separate-stderr umpire -g loe map show teaching --around 4026 --radius 5
	assert_success
	assert_width
	# 4026 is clear with the Awash (the teaching map's 6.3.8 note): its
	# terrain sits right under its id, at the same column
	at=$(awk '/columns sit half/ { on = 1; next }
	    on && match($0, /(^| )4026 /) { print NR, RSTART + (RSTART > 1); exit }' <<<"$output")
	read -r n i <<<"$at"
	under=$(sed -n "$((n + 1))p" <<<"$output" | cut -c"$i"-"$((i + 3))")
	assert_equal "$under" "cl R"
}
