#!/usr/bin/env bats
# Hostile arguments and files: empty names, huge values, terminal escapes,
# bytes that are not UTF-8, folder entries with a newline in their name,
# maps too big to draw.  Each is refused with one line (or passed over),
# and nothing is written.

load helpers

# --- empty names -------------------------------------------------------------

@test "map import and check refuse an empty name or file, exit 2" {
	printf 'game loe\nlayout odd-q\nsize 0101 0303\ndefault clear\n' >"$BATS_TEST_TMPDIR/m.map"
	# an empty name was read at name[-1]
	run --separate-stderr umpire map import loe '' "$BATS_TEST_TMPDIR/m.map"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: a map name is a word of lowercase letters, digits and hyphens: ''"
	run --separate-stderr umpire map import loe mine ''
	assert_one_line_error 2
	[[ "$stderr" == *"no map file named: ''"* ]] || fail "stderr: $stderr"
	run --separate-stderr umpire map check ''
	assert_one_line_error 2
	[[ "$stderr" == *"no map file named: ''"* ]] || fail "stderr: $stderr"
	assert_file_not_exists "$XDG_DATA_HOME/umpire/loe/maps/.json"
	# the same map under a good name installs, so the refusals can fail
	run --separate-stderr umpire map import loe mine "$BATS_TEST_TMPDIR/m.map"
	assert_success
	assert_file_exists "$XDG_DATA_HOME/umpire/loe/maps/mine.json"
}

@test "airstrike refuses --unit '' and empty map words as usage errors" {
	run --separate-stderr umpire -g loe airstrike --unit ''
	assert_one_line_error 2
	# with a saved game it struck with no unit at all (a bad-data error)
	run --separate-stderr umpire -g loe airstrike --name g1 --unit ''
	assert_one_line_error 2
	[[ "$stderr" == "umpire airstrike: bad --unit: ''"* ]] || fail "stderr: $stderr"
	run --separate-stderr umpire -g loe airstrike --name g1 --unit '' --check --distance 3 --range 5
	assert_one_line_error 2
	# and an overrun of no units was recorded
	run --separate-stderr umpire -g loe airstrike --name g1 --overrun --unit ''
	assert_one_line_error 2
	assert_file_not_exists "$XDG_STATE_HOME/umpire/air/g1.json"
	run --separate-stderr umpire -g loe airstrike --check --map teaching --from '' --to 4928
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: empty --from: '' (expected a hex)"
	run --separate-stderr umpire -g loe airstrike --check --map teaching --from 4828 --to ''
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: empty --to: '' (expected a hex)"
	run --separate-stderr umpire -g loe airstrike --check --map teaching --from 4828 --to 4928 \
	    --situation ''
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: empty --situation: '' (expected a situation)"
	# toto read --situation only for recon: '' passed unseen
	run --separate-stderr umpire -g toto airstrike --check --map teaching --from 0101 \
	    --side allied --situation ''
	assert_one_line_error 2
	run --separate-stderr umpire -g loe airstrike --check --map '' --from 4828 --to 4928
	assert_one_line_error 2
}

# --- long values and escapes in messages ---------------------------------------

@test "a huge argument is quoted as its first 60 characters and ..." {
	# 100,000 bytes: near the most one argument may hold (128 KB)
	big=$(head -c 100000 /dev/zero | tr '\0' a)
	cut="${big:0:60}..."
	run --separate-stderr umpire map show "$big"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: not a map name or path: '$cut'"
	run --separate-stderr umpire -g "$big" crt 1 1
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: unknown game in -g: '$cut' (expected adwa, iwiif, loe, sotq or toto)"
	run --separate-stderr umpire -g loe airstrike --name g1 --unit "$big"
	assert_one_line_error 2
	[[ "$stderr" == "umpire airstrike: bad --unit: '$cut' (expected "* ]] || fail "stderr: ${stderr:0:200}"
	run --separate-stderr umpire table --import loe "$big" "$FIXTURES/psywar.csv"
	assert_one_line_error 2
	[[ "$stderr" == "umpire table: unknown table: '$cut' "* ]] || fail "stderr: ${stderr:0:200}"
	# a value of 64 characters is still quoted whole
	run --separate-stderr umpire map show "${big:0:64}"
	assert_equal "$stderr" "umpire map: not a map name or path: '${big:0:64}'"
}

@test "a long word on a shell line is quoted cut, on one line; a 1 MB line is refused" {
	# 65,000 bytes: within the 65,536 a script's line may hold
	big=$(head -c 65000 /dev/zero | tr '\0' x)
	printf 'roll %s\n' "$big" >"$BATS_TEST_TMPDIR/lines"
	run --separate-stderr umpire shell <"$BATS_TEST_TMPDIR/lines"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire roll: line 1: bad dice: '${big:0:60}...' (expected dice like 2d6, d10 or 3d6+2)"
	printf 'map show %s\n' "$big" >"$BATS_TEST_TMPDIR/lines"
	run --separate-stderr umpire shell <"$BATS_TEST_TMPDIR/lines"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: line 1: not a map name or path: '${big:0:60}...'"
	# a 1 MB line is past the cap, refused without quoting it
	big=$(head -c 1000000 /dev/zero | tr '\0' x)
	printf 'roll %s\n' "$big" >"$BATS_TEST_TMPDIR/lines"
	run --separate-stderr umpire shell <"$BATS_TEST_TMPDIR/lines"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire shell: line 1 is longer than 65536 bytes"
}

@test "an escape in a unit name or a game id is shown escaped" {
	run --separate-stderr umpire -g loe airstrike --name g1 --unit $'a\e[2Jb'
	assert_one_line_error 2
	[[ "$stderr" == "umpire airstrike: bad --unit: 'a\\x1b[2Jb' "* ]] || fail "stderr: $stderr"
	[[ "$stderr" != *$'\e'* ]] || fail "a raw ESC reached stderr"
	run --separate-stderr umpire -g $'lo\ee' crt 1 1
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: unknown game in -g: 'lo\\x1be' (did you mean 'loe'?)"
	run --separate-stderr umpire -g loe supply-trace --map teaching --situation teaching --unit $'x\e]0;pwned\a'
	assert_one_line_error 2
	assert_equal "$stderr" "umpire supply-trace: no such unit in the situation: 'x\\x1b]0;pwned\\x07'"
}

# --- completion ----------------------------------------------------------------

@test "completion skips folder entries holding a newline, an escape or bad bytes" {
	maps="$XDG_DATA_HOME/umpire/loe/maps" decks="$XDG_STATE_HOME/umpire/decks"
	mkdir -p "$maps" "$decks"
	for n in good $'bad\nname' $'esc\e[2J' $'hi\xff' $'c1\xc2\x9b'; do
		printf '{}\n' >"$maps/$n.json"
		printf '{}\n' >"$decks/$n.json"
	done
	run --separate-stderr umpire __complete -g loe map show ''
	assert_success
	assert_equal "$output" "good
teaching"
	run --separate-stderr umpire __complete -g adwa draw --name ''
	assert_success
	assert_equal "$output" "good"
	# an entry with a UTF-8 letter is a name like any other
	printf '{}\n' >"$decks/caf$'\xc3\xa9'.json"
	run --separate-stderr umpire __complete -g adwa draw --name c
	assert_equal "$output" "caf$'\xc3\xa9'"
}

# --- pictures ------------------------------------------------------------------

@test "map svg refuses a --title that is not UTF-8, and a good one is valid XML" {
	run --separate-stderr umpire -g loe map svg teaching --title $'caf\xe9'
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --title: not one line of UTF-8 text: 'caf\\xe9'"
	run --separate-stderr umpire -g loe map svg teaching --title $'a\e[2Jb'
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map svg teaching -o ''
	assert_one_line_error 2
	umpire -g loe map svg teaching --around 4828 --radius 1 \
	    --title $'caf\xc3\xa9 \xe2\x80\x93 <Adigrat> & "more"' >"$BATS_TEST_TMPDIR/t.svg"
	iconv -f UTF-8 -t UTF-8 "$BATS_TEST_TMPDIR/t.svg" >/dev/null || fail "not UTF-8"
	xmllint --noout "$BATS_TEST_TMPDIR/t.svg"
	rsvg-convert "$BATS_TEST_TMPDIR/t.svg" -o "$BATS_TEST_TMPDIR/t.png"
	grep -q $'>caf\xc3\xa9 \xe2\x80\x93 &lt;Adigrat&gt; &amp; &quot;more&quot;</text>' "$BATS_TEST_TMPDIR/t.svg"
}

@test "a map word XML forbids (U+FFFF) is drawn as U+FFFD: the picture stays valid" {
	printf 'game loe\nlayout odd-q\nsize 0101 0303\ndefault clear\nplace 0202 X\xef\xbf\xbfY\n' \
	    >"$BATS_TEST_TMPDIR/p.map"
	umpire map svg "$BATS_TEST_TMPDIR/p.map" >"$BATS_TEST_TMPDIR/p.svg"
	xmllint --noout "$BATS_TEST_TMPDIR/p.svg"
	grep -q $'>X\xef\xbf\xbdY</text>' "$BATS_TEST_TMPDIR/p.svg"
}

@test "supply-trace --svg keeps map svg's limit of 40000 hexes" {
	# 500 columns of 99 rows: 49500 hexes
	printf '{"format": "umpire-map/1", "game": "loe", "layout": "odd-q", "default": "clear",\n "size": {"from": "0101", "to": "50099"}}\n' \
	    >"$BATS_TEST_TMPDIR/big.json"
	printf '{"format": "umpire-situation/1", "game": "loe", "units": [{"id": "a", "side": "italian", "type": "italian-inf", "strength": 8, "ma": 6, "hex": "0101"}]}\n' \
	    >"$BATS_TEST_TMPDIR/sit.json"
	run --separate-stderr umpire supply-trace --map "$BATS_TEST_TMPDIR/big.json" \
	    --situation "$BATS_TEST_TMPDIR/sit.json" --unit a --svg
	assert_one_line_error 2
	[[ "$stderr" == "umpire supply-trace: 49500 hexes are too many for one picture (at most 40000): "*"--around"* ]] ||
	    fail "stderr: $stderr"
	run --separate-stderr umpire map svg "$BATS_TEST_TMPDIR/big.json"
	assert_one_line_error 2
	[[ "$stderr" == *"49500 hexes are too many for one picture (at most 40000)"* ]] || fail "stderr: $stderr"
	# the same trace as text is no picture: it runs
	run --separate-stderr umpire supply-trace --map "$BATS_TEST_TMPDIR/big.json" \
	    --situation "$BATS_TEST_TMPDIR/sit.json" --unit a
	[ "$status" -le 1 ] || fail "status $status: $stderr"
	# 404 columns of 99 rows, 39996 hexes, is drawn
	printf '{"format": "umpire-map/1", "game": "loe", "layout": "odd-q", "default": "clear",\n "size": {"from": "0101", "to": "40499"}}\n' \
	    >"$BATS_TEST_TMPDIR/edge.json"
	umpire supply-trace --map "$BATS_TEST_TMPDIR/edge.json" \
	    --situation "$BATS_TEST_TMPDIR/sit.json" --unit a --svg >"$BATS_TEST_TMPDIR/e.svg"
	assert_equal "$(grep -c 'class="hex"' "$BATS_TEST_TMPDIR/e.svg")" 39996
}

# --- table --import of CSV ----------------------------------------------------------

@test "table --import refuses CSV that is not UTF-8, naming the file and the line" {
	{ head -n 3 "$FIXTURES/psywar.csv"; printf 'a,3,a3,Printed A\xe9\n'; tail -n +5 "$FIXTURES/psywar.csv"; } \
	    >"$BATS_TEST_TMPDIR/latin1.csv"
	run --separate-stderr umpire table --import toto psywar "$BATS_TEST_TMPDIR/latin1.csv"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire table: $BATS_TEST_TMPDIR/latin1.csv: line 4: not UTF-8 text (byte 0xe9): save the file as UTF-8"
	assert_file_not_exists "$XDG_DATA_HOME/umpire/toto/psywar.json"
	# a NUL byte ends a field short: refused too
	{ head -n 2 "$FIXTURES/psywar.csv"; printf 'a,2,a2,x\0y\n'; tail -n +4 "$FIXTURES/psywar.csv"; } \
	    >"$BATS_TEST_TMPDIR/nul.csv"
	run --separate-stderr umpire table --import toto psywar "$BATS_TEST_TMPDIR/nul.csv"
	assert_one_line_error 3
	[[ "$stderr" == *"/nul.csv: line 3: a NUL byte"* ]] || fail "stderr: $stderr"
	assert_file_not_exists "$XDG_DATA_HOME/umpire/toto/psywar.json"
}

@test "table --import takes a CSV with a UTF-8 byte-order mark, the mark ignored" {
	{ printf '\xef\xbb\xbf'; cat "$FIXTURES/psywar.csv"; } >"$BATS_TEST_TMPDIR/bom.csv"
	run --separate-stderr umpire table --import toto psywar "$BATS_TEST_TMPDIR/bom.csv"
	assert_success
	run umpire table toto psywar b --roll 4 --json
	assert_equal "$(json_get .result.code <<<"$output")" b36
	assert_equal "$(json_get .table_source <<<"$output")" user
	# a JSON chart with a mark as well
	{ printf '\xef\xbb\xbf'; umpire table --show toto goeben-sortie --json; } >"$BATS_TEST_TMPDIR/g.json"
	run --separate-stderr umpire table --import toto goeben-sortie "$BATS_TEST_TMPDIR/g.json"
	assert_success
}

# --- numbers --------------------------------------------------------------------------

@test "numbers past the limits, negative, signed or padded are usage errors" {
	for v in 99999999999999999999 4294967301 -1 ' 5' '+5' '5 ' ''; do
		for opt in --range --distance; do
			run --separate-stderr umpire -g loe airstrike --check --range 9 --distance 3 "$opt" "$v"
			assert_one_line_error 2
		done
		run --separate-stderr umpire -g loe airstrike --roll "$v"
		assert_one_line_error 2
		run --separate-stderr umpire -g loe airstrike --units "$v"
		assert_one_line_error 2
		run --separate-stderr umpire -g loe map show teaching --around 4828 --radius "$v"
		assert_one_line_error 2
		run --separate-stderr umpire -g loe map svg teaching --around 4828 --radius "$v"
		assert_one_line_error 2
		run --separate-stderr umpire -g loe supply-trace --hexes "$v"
		assert_one_line_error 2
		run --separate-stderr umpire table toto psywar a --roll "$v"
		assert_one_line_error 2
	done
	# the same options with good numbers answer
	run --separate-stderr umpire -g loe airstrike --check --range 9 --distance 3
	assert_success
	run --separate-stderr umpire -g loe supply-trace --hexes 3
	[ "$status" -le 1 ] || fail "status $status: $stderr"
}
