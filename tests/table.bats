#!/usr/bin/env bats
# table: die table lookups against the rule texts, --odds, --list, --show,
# --check, --import, and the data lookup order.  Expected results are the
# rulebooks' (section cited per test); chances are hand arithmetic.

load helpers

@test "loe 16.2: a 6 on the League of Nations table returns a unit" {
	run --separate-stderr umpire table loe league-of-nations --roll 6 --json
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" replacement
	assert_equal "$(json_get .rule <<<"$output")" 16.2
	assert_equal "$(json_get .table_source <<<"$output")" rulebook
	assert_equal "$(json_get .game <<<"$output")" loe
	assert_equal "$(json_get .table <<<"$output")" league-of-nations
	assert_equal "$(json_get .column <<<"$output")" result
	assert_equal "$(json_get .roll <<<"$output")" 6
	assert_equal "$stderr" ""
}

@test "loe 16.2: 1 to 5 change nothing" {
	for r in 1 2 3 4 5; do
		run umpire -g loe table league-of-nations --roll $r --json
		assert_equal "$(json_get .result.code <<<"$output")" no-effect
	done
}

@test "loe 13.1.4 B: armies fail to cooperate on 1-2, cooperate on 3-6" {
	run umpire table loe army-cooperation --roll 2 --json
	fail2=$(json_get .result.code <<<"$output")
	run umpire table loe army-cooperation --roll 3 --json
	ok3=$(json_get .result.code <<<"$output")
	[ "$fail2" != "$ok3" ]
	run umpire table loe army-cooperation --odds --json
	assert_equal "$(json_get ".outcomes[] | select(.code == \"$fail2\") | .probability * 3 | round" <<<"$output")" 1
}

@test "toto 26.2: column B, roll 3 is Intelligence; column A, roll 3 is Desertion" {
	run umpire table toto psywar b --roll 3 --json
	assert_equal "$(json_get .result.code <<<"$output")" intelligence
	run umpire table -g toto psywar a --roll 3 --json
	assert_equal "$(json_get .result.code <<<"$output")" desertion
}

@test "toto: the 1-3 eliminates, 4-6 survives tables are even chances" {
	for t in supply-attrition marmora-minefield guerrilla-border; do
		run umpire table toto $t --odds --json
		assert_success
		assert_equal "$(json_get '[.outcomes[].probability] | add' <<<"$output")" 1
		assert_equal "$(json_get '.outcomes | length' <<<"$output")" 2
		assert_equal "$(json_get '.outcomes[0].roll' <<<"$output")" 1-3
		assert_equal "$(json_get '.outcomes[0].probability' <<<"$output")" 0.5
	done
}

@test "toto 23.4: Lawrence returns in 1-5 turns, a 6 is for good" {
	run umpire table toto agent-return --roll 4 --json
	assert_equal "$(json_get .result.code <<<"$output")" returns-4
	run umpire table toto agent-return --roll 6 --json
	assert_equal "$(json_get .result.code <<<"$output")" permanent
}

@test "toto 32.1: Goeben sortie 1-2, 3-4, 5-6 each one in three" {
	run umpire table toto goeben-sortie --odds --json
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 3
	assert_equal "$(json_get '[.outcomes[].roll] | join(" ")' <<<"$output")" "1-2 3-4 5-6"
}

@test "toto 6.1, 6.3: Ottoman rolls of 3 then 1 are Jihad; the order of the dice matters" {
	# the 6.1 example: first die 3 picks the column, second die 1 the row
	run --separate-stderr umpire table toto ottoman-events 3 --roll 1 --json
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" jihad
	assert_equal "$(json_get .rule <<<"$output")" 6.3
	# 1 then 3 is the third event of 6.3's first row, the Bolshevik Alliance
	run umpire table toto ottoman-events 1 --roll 3 --json
	assert_equal "$(json_get .result.code <<<"$output")" bolshevik-alliance
	# 6.3's second row: Desertion under 1-4, German-Turk Friction under 5-6,
	# so 4 chances in 6
	run umpire table toto ottoman-events 2 --odds --json
	assert_equal "$(json_get '.outcomes[] | select(.code == "desertion") | .probability * 6 | round' <<<"$output")" 4
	assert_equal "$(json_get '.outcomes[] | select(.code == "german-turk-friction") | .roll' <<<"$output")" 5-6
}

@test "toto 6.3, 6.4, 28.0: the Russian Revolution cites 28.0, where its rules are" {
	# the event's explanation points at 29.0 (the ports); 28.1-28.4 are the
	# revolution's rules
	run umpire table toto ottoman-events 5 --roll 1 --json
	assert_equal "$(json_get .result.code <<<"$output")" russian-revolution
	[[ "$(json_get .result.text <<<"$output")" == *"see 28.0"* ]]
	run umpire table toto allied-events 4 --roll 6 --json
	assert_equal "$(json_get .result.code <<<"$output")" russian-revolution
	[[ "$(json_get .result.text <<<"$output")" == *"see 28.0"* ]]
}

@test "toto 6.4: the Allied table's printed rows" {
	# row 3: Morale Check under 2, 3 and 4, 3 chances in 6; 2 then 6 is the
	# Mandatory British Offensive; 1 then 5 and 1 then 6 Emergency Reinforcements
	run umpire table toto allied-events 3 --odds --json
	assert_equal "$(json_get '.outcomes[] | select(.code == "morale-check") | .probability * 6 | round' <<<"$output")" 3
	run umpire table toto allied-events 2 --roll 6 --json
	assert_equal "$(json_get .result.code <<<"$output")" mandatory-british-offensive
	run umpire table toto allied-events 1 --odds --json
	assert_equal "$(json_get '.outcomes[] | select(.code == "emergency-reinforcements") | .roll' <<<"$output")" 5-6
}

@test "toto 6.3, 6.4: rows 4-6 are marked stand-ins, rows 1-3 are not, and a printed chart imports" {
	for t in ottoman-events allied-events; do
		run umpire table --show toto $t --json
		assert_equal "$(json_get .source <<<"$output")" stand-in
		# 18 results in columns 4-6, each saying it is a stand-in
		assert_equal "$(json_get '[.columns[] | select(.id >= "4") | .results[] | select(.text | startswith("Stand-in"))] | map(.roll | split("-") | (.[-1] | tonumber) - (.[0] | tonumber) + 1) | add' <<<"$output")" 18
		assert_equal "$(json_get '[.columns[] | select(.id <= "3") | .results[] | select(.text | test("Stand-in"))] | length' <<<"$output")" 0
		run --separate-stderr umpire table toto $t 4 --roll 1
		[[ "$output" == *"--import toto $t"* ]]
		# the --show --json form, with a column 4 of one's own, imports
		umpire table --show toto $t --json |
			jq '.columns[3].results |= map(.code = "printed" | .text = "From my chart.")' >"$BATS_TEST_TMPDIR/$t.json"
		run --separate-stderr umpire table --import toto $t "$BATS_TEST_TMPDIR/$t.json"
		assert_success
		run umpire table toto $t 4 --roll 6 --json
		assert_equal "$(json_get .result.code <<<"$output")" printed
		assert_equal "$(json_get .table_source <<<"$output")" user
	done
}

@test "sotq 13 D: a leader dies on 2 or 12 with two dice, 2 chances in 36" {
	run umpire table sotq leader-death --roll 6,6 --json
	killed=$(json_get .result.code <<<"$output")
	run umpire table sotq leader-death --roll 1,1 --json
	assert_equal "$(json_get .result.code <<<"$output")" "$killed"
	run umpire table sotq leader-death --roll 3,4 --json
	[ "$(json_get .result.code <<<"$output")" != "$killed" ]
	run umpire table sotq leader-death --odds --json
	assert_equal "$(json_get "[.outcomes[] | select(.code == \"$killed\") | .probability] | add * 36 | round" <<<"$output")" 2
}

@test "sotq: two dice need two values" {
	run --separate-stderr umpire table sotq leader-death --roll 12
	assert_one_line_error 2
}

@test "iwiif activation: a competent officer's 0 is 10 and gives 4 actions" {
	run umpire table iwiif activation competent --roll 0 --json
	assert_equal "$(json_get .result.code <<<"$output")" 4
	assert_equal "$(json_get .roll <<<"$output")" 10
}

@test "iwiif activation: each column as printed" {
	# column roll actions, from the activation table
	while read -r col roll want; do
		run umpire table iwiif activation "$col" --roll "$roll" --json </dev/null
		assert_equal "$(json_get .result.code <<<"$output") ($col $roll)" "$want ($col $roll)"
	done <<-EOF
	diligent 1 1
	diligent 5 2
	diligent 8 3
	diligent 9 4
	competent 2 1
	competent 6 2
	competent 9 3
	inept 1 0
	inept 5 1
	inept 9 2
	inept 0 3
	inadequate-ooc 6 0
	inadequate-ooc 7 1
	capable-ooc 5 0
	capable-ooc 9 1
	capable-ooc 0 2
	exceptional-ooc 4 0
	exceptional-ooc 8 1
	exceptional-ooc 9 2
	EOF
}

@test "iwiif activation: the third out-of-command column is the Exceptional one, and the data says why" {
	run umpire table iwiif activation --show --json
	assert_equal "$(json_get '.columns[5].id' <<<"$output")" exceptional-ooc
	[[ "$(json_get .note <<<"$output")" == *Inadequate* ]]
}

@test "a column must be named where a table has several" {
	run --separate-stderr umpire table toto psywar --roll 3
	assert_one_line_error 2
	[[ "$stderr" == *"a, b"* ]]
}

@test "an unknown column names the ones there are" {
	run --separate-stderr umpire table toto psywar c --roll 3
	assert_one_line_error 2
	[[ "$stderr" == *"'c'"* ]]
}

@test "a roll off the die is refused" {
	run --separate-stderr umpire table loe league-of-nations --roll 7
	assert_one_line_error 2
	[[ "$stderr" == *"'7'"* ]]
}

@test "a mistyped table gets a suggestion" {
	run --separate-stderr umpire table loe leage-of-nations --roll 1
	assert_one_line_error 2
	[[ "$stderr" == *"did you mean 'league-of-nations'"* ]]
}

@test "a mistyped game gets a suggestion" {
	run --separate-stderr umpire -g lo table league-of-nations
	assert_one_line_error 2
	[[ "$stderr" == *"'lo'"* ]]
}

@test "UMPIRE_GAME supplies the game; a bad one is named" {
	UMPIRE_GAME=loe run umpire table league-of-nations --roll 6 --json
	assert_equal "$(json_get .result.code <<<"$output")" replacement
	UMPIRE_GAME=zulu run --separate-stderr umpire table league-of-nations
	assert_one_line_error 2
	[[ "$stderr" == *UMPIRE_GAME* ]]
}

@test "no game at all is a usage error" {
	run --separate-stderr umpire table league-of-nations
	assert_one_line_error 2
}

@test "a seeded lookup repeats" {
	run umpire table loe league-of-nations --seed 12 --json
	first=$output
	run umpire --seed 12 table loe league-of-nations --json
	assert_equal "$output" "$first"
}

@test "--list gives every loe table with its rule and source" {
	run umpire table --list loe --json
	assert_success
	# every table game.json names is listed, with the die tables of 13.1.4 and 16.2
	assert_equal "$(json_get '[.tables[].table] | sort | join(" ")' <<<"$output")" \
	    "$(jq -r '.tables | sort | join(" ")' "$TOP/rules/loe/game.json")"
	assert_equal "$(json_get '.tables[] | select(.table == "league-of-nations") | .rule' <<<"$output")" 16.2
	assert_equal "$(json_get '.tables[] | select(.table == "army-cooperation") | .rule' <<<"$output")" 13.1.4
}

@test "--list names every table file a game ships, for every game" {
	# a table file is one whose format is umpire-table/1 (umpire-data(5));
	# loe's airstrike chart (11.4.4) was once left out of the list
	for g in loe toto sotq iwiif adwa; do
		want=$(for f in "$TOP/rules/$g"/*.json; do
			jq -r 'select(.format == "umpire-table/1") | .table' "$f"
		done | sort | tr '\n' ' ')
		run umpire table --list "$g" --json
		assert_success
		assert_equal "$(json_get '[.tables[].table] | sort | join(" ")' <<<"$output") " "$want"
	done
}

@test "--list text names each toto table" {
	run umpire table --list -g toto
	assert_success
	for t in psywar supply-attrition marmora-minefield guerrilla-border goeben-sortie agent-return; do
		assert_line --partial "$t"
	done
}

@test "--show prints every result of a table" {
	run umpire table --show toto psywar
	assert_success
	assert_output --partial intelligence
	assert_output --partial desertion
	assert_output --partial 26.2
}

@test "--check accepts every shipped table" {
	for f in "$TOP"/rules/*/*.json; do
		[ "$(jq -r .format "$f")" = umpire-table/1 ] || continue
		run umpire table --check "$f"
		assert_success
	done
}

@test "--check names the line and column of broken JSON, exit 3" {
	run --separate-stderr umpire table --check "$FIXTURES/broken/loe/league-of-nations.json"
	assert_one_line_error 3
	[[ "$stderr" == *"line 4, column 3"* ]]
}

@test "--check refuses a table with a missing cell, exit 3" {
	sed 's/"roll": "4-6"/"roll": "5-6"/' "$FIXTURES/data/loe/league-of-nations.json" >"$BATS_TEST_TMPDIR/gap.json"
	run --separate-stderr umpire table --check "$BATS_TEST_TMPDIR/gap.json"
	assert_one_line_error 3
	[[ "$stderr" == *"roll 4 has no result"* ]]
}

@test "--check refuses a duplicate cell, exit 3" {
	sed 's/"roll": "4-6"/"roll": "3-6"/' "$FIXTURES/data/loe/league-of-nations.json" >"$BATS_TEST_TMPDIR/dup.json"
	run --separate-stderr umpire table --check "$BATS_TEST_TMPDIR/dup.json"
	assert_one_line_error 3
	[[ "$stderr" == *"roll 3 has two results"* ]]
}

@test "--check of a missing file is a system error" {
	run --separate-stderr umpire table --check "$BATS_TEST_TMPDIR/nope.json"
	assert_one_line_error 4
}

@test "--data DIR shadows a shipped table, and a stand-in says so" {
	run umpire --data "$FIXTURES/data" table loe league-of-nations --roll 2
	assert_success
	assert_output --partial fixture-low
	assert_output --partial "stand-in"
	assert_output --partial "umpire table --import loe league-of-nations FILE"
	run umpire --data "$FIXTURES/data" table loe league-of-nations --roll 2 --json
	assert_equal "$(json_get .table_source <<<"$output")" stand-in
	# a file the DIR lacks still comes from the shipped data
	run umpire --data "$FIXTURES/data" table loe army-cooperation --roll 1 --json
	assert_equal "$(json_get .table_source <<<"$output")" rulebook
}

@test "UMPIRE_DATA shadows like --data" {
	UMPIRE_DATA="$FIXTURES/data" run umpire table loe league-of-nations --roll 5 --json
	assert_equal "$(json_get .result.code <<<"$output")" fixture-high
}

@test "a broken table file exits 3 with nothing on stdout" {
	run --separate-stderr umpire --data "$FIXTURES/broken" table loe league-of-nations --roll 2
	assert_one_line_error 3
	[[ "$stderr" == *"league-of-nations.json"* ]]
}

@test "--data must be a directory" {
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/none" table loe league-of-nations
	assert_one_line_error 2
}

@test "--import installs a CSV chart that then shadows the shipped table" {
	run --separate-stderr umpire table --import toto psywar "$FIXTURES/psywar.csv"
	assert_success
	assert_file_exists "$XDG_DATA_HOME/umpire/toto/psywar.json"
	run umpire table toto psywar b --roll 4 --json
	assert_equal "$(json_get .result.code <<<"$output")" b36
	assert_equal "$(json_get .result.text <<<"$output")" 'He said "B"'
	assert_equal "$(json_get .table_source <<<"$output")" user
	run umpire table toto psywar a --roll 1 --json
	assert_equal "$(json_get .result.text <<<"$output")" "Printed A1, as on my chart"
	# the imported file itself checks clean
	run umpire table --check "$XDG_DATA_HOME/umpire/toto/psywar.json"
	assert_success
}

@test "--import of a JSON chart (the --show --json form) works" {
	umpire table --show toto goeben-sortie --json | sed 's/"code":"no-effect"/"code":"mine"/' >"$BATS_TEST_TMPDIR/g.json"
	run umpire table --import toto goeben-sortie "$BATS_TEST_TMPDIR/g.json"
	assert_success
	run umpire table toto goeben-sortie --roll 3 --json
	assert_equal "$(json_get .result.code <<<"$output")" mine
}

@test "--import refuses a CSV with a short row, exit 3, nothing installed" {
	run --separate-stderr umpire table --import toto psywar "$FIXTURES/psywar-short.csv"
	assert_one_line_error 3
	[[ "$stderr" == *"line 3: 3 fields, expected 4"* ]]
	assert_file_not_exists "$XDG_DATA_HOME/umpire/toto/psywar.json"
}

@test "--import refuses a chart with a missing cell, exit 3, nothing installed" {
	run --separate-stderr umpire table --import toto psywar "$FIXTURES/psywar-gap.csv"
	assert_one_line_error 3
	[[ "$stderr" == *"roll 6 has no result"* ]]
	assert_file_not_exists "$XDG_DATA_HOME/umpire/toto/psywar.json"
}

@test "--import refuses a chart with other dice" {
	umpire table --show toto goeben-sortie --json | sed 's/"dice":"1d6"/"dice":"1d10"/' >"$BATS_TEST_TMPDIR/g.json"
	run --separate-stderr umpire table --import toto goeben-sortie "$BATS_TEST_TMPDIR/g.json"
	assert_one_line_error 3
	assert_file_not_exists "$XDG_DATA_HOME/umpire/toto/goeben-sortie.json"
}

@test "--import refuses a chart of another table" {
	run --separate-stderr umpire table --import loe army-cooperation "$FIXTURES/data/loe/league-of-nations.json"
	assert_one_line_error 3
}

@test "--import over an unknown table or game is a usage error" {
	run --separate-stderr umpire table --import toto nosuch "$FIXTURES/psywar.csv"
	assert_one_line_error 2
	run --separate-stderr umpire table --import xyz psywar "$FIXTURES/psywar.csv"
	assert_one_line_error 2
}

@test "a failed import leaves an earlier import as it was" {
	umpire table --import toto psywar "$FIXTURES/psywar.csv"
	before=$(cksum <"$XDG_DATA_HOME/umpire/toto/psywar.json")
	run umpire table --import toto psywar "$FIXTURES/psywar-gap.csv"
	assert_equal "$status" 3
	assert_equal "$(cksum <"$XDG_DATA_HOME/umpire/toto/psywar.json")" "$before"
	assert_equal "$(ls "$XDG_DATA_HOME/umpire/toto")" psywar.json
}

@test "modes exclude each other" {
	run --separate-stderr umpire table --list --show loe
	assert_one_line_error 2
	run --separate-stderr umpire table --list loe --roll 3
	assert_one_line_error 2
}

# A copy of the loe CRT, its first column id replaced by $1.
crt_with_column() {
	jq --arg id "$1" '.columns[0].id = $id' "$TOP/rules/loe/crt.json"
}

@test "every number in a table is bounded when it loads: ratio columns (issue 8)" {
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	# a part past any long overflowed the odds comparison
	for id in 9223372036854775807:1 1:99999999999999999999 1001:1 1:6:1 x:1 0:0; do
		crt_with_column "$id" >"$BATS_TEST_TMPDIR/d/loe/crt.json"
		run --separate-stderr umpire table --check "$BATS_TEST_TMPDIR/d/loe/crt.json"
		assert_one_line_error 3
		assert_equal "$stderr" "umpire table: $BATS_TEST_TMPDIR/d/loe/crt.json: column '$id': expected odds like 3:1, each side a whole number from 0 to 1000"
		# and a battle on it is bad data, not a crash
		run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" crt -g loe 8 3 --odds
		assert_one_line_error 3
	done
	# 1000:1 is the largest allowed, and must still beat 1:5 after it
	crt_with_column 1000:1 >"$BATS_TEST_TMPDIR/d/loe/crt.json"
	run --separate-stderr umpire table --check "$BATS_TEST_TMPDIR/d/loe/crt.json"
	assert_one_line_error 3
	[[ "$stderr" == *"column '1:5': expected better odds than the column before it"* ]]
	jq '.columns[12].id = "1000:1"' "$TOP/rules/loe/crt.json" >"$BATS_TEST_TMPDIR/d/loe/crt.json"
	run umpire table --check "$BATS_TEST_TMPDIR/d/loe/crt.json"
	assert_success
}

@test "every number in a table is bounded when it loads: percentage bands, dice, rolls (issue 8)" {
	f="$BATS_TEST_TMPDIR/t.json"
	for id in 0-99999999999999999999 99999999999999999999+ 0-100001 50-10 -5-49; do
		jq --arg id "$id" '.columns[0].id = $id' "$TOP/rules/toto/crt-raid.json" >"$f"
		run --separate-stderr umpire table --check "$f"
		assert_one_line_error 3
		assert_equal "$stderr" "umpire table: $f: column '$id': expected a band like 100-199 or 300+, of whole numbers from 0 to 100000"
	done
	# bands run upwards, an open band last
	jq '.columns[1].id = "10-99"' "$TOP/rules/toto/crt-raid.json" >"$f"
	run --separate-stderr umpire table --check "$f"
	assert_one_line_error 3
	[[ "$stderr" == *"column '10-99': expected a band above the column before it"* ]]
	jq '.columns[0].id = "0+"' "$TOP/rules/toto/crt-raid.json" >"$f"
	run --separate-stderr umpire table --check "$f"
	assert_one_line_error 3
	[[ "$stderr" == *"column '0+': an open band must be the last column"* ]]
	# dice past the limits, and a roll past the dice
	jq '.dice = "101d6"' "$TOP/rules/loe/league-of-nations.json" >"$f"
	run --separate-stderr umpire table --check "$f"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire table: $f: bad \"dice\" '101d6' (expected at most 100 dice of at most 1000 sides)"
	jq '.columns[0].results[0].roll = "1-99999999999999999999"' "$TOP/rules/loe/league-of-nations.json" >"$f"
	run --separate-stderr umpire table --check "$f"
	assert_one_line_error 3
	[[ "$stderr" == *"bad roll range '1-99999999999999999999' (expected totals of 1d6 from 1 to 6"* ]]
}

@test "table --odds is exact past 2^53: a 30d6 table (issue 8)" {
	mkdir -p "$BATS_TEST_TMPDIR/d/sotq"
	jq '.dice = "30d6" | .columns[0].results = [
	    {"roll": "30", "code": "low", "text": "all ones"},
	    {"roll": "31-179", "code": "mid", "text": "between"},
	    {"roll": "180", "code": "high", "text": "all sixes"}]' \
	    "$TOP/rules/sotq/leader-death.json" >"$BATS_TEST_TMPDIR/d/sotq/leader-death.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" table sotq leader-death --odds --json
	assert_success
	# 30 and 180 are one way each of 6^30 = 221073919720733357899776
	assert_equal "$(json_get '.outcomes[] | select(.code == "high") | .probability * 221073919720733357899776 * 1e9 | round' <<<"$output")" 1000000000
	assert_equal "$(json_get '.outcomes[] | select(.code == "low") | .probability * 221073919720733357899776 * 1e9 | round' <<<"$output")" 1000000000
	# 1 - 2/6^30 is within 10^-23 of 1: the nearest double is 1
	assert_equal "$(json_get '.outcomes[] | select(.code == "mid") | .probability' <<<"$output")" 1
}

# a printed Raid CRT whose bands are not the stand-in's (made-up results)
raid_csv() {
	printf '%s\n' column,roll,code,text \
	    0-24,1-6,AC,"all lost" 25-74,1-3,AD,defeated 25-74,4-6,DW,withdraws \
	    75-149,1-6,DD,"defender defeated" 150+,1-6,DC,"all gone" \
	    >"$BATS_TEST_TMPDIR/raid.csv"
}

@test "toto 12.17: a printed CRT with columns of its own imports, and crt uses them" {
	raid_csv
	run --separate-stderr umpire table --import toto crt-raid "$BATS_TEST_TMPDIR/raid.csv"
	assert_success
	assert_output --partial "own 4 columns, 0-24 to 150+"
	# 10 against 12 is 83%: the file's 75-149 column, DD on any roll
	run --separate-stderr umpire crt -g toto 10 12 --table raid --roll 2 --json
	assert_success
	assert_equal "$(json_get '"\(.column) \(.result.code)"' <<<"$output")" "75-149 DD"
	# and again over that import, as JSON this time
	umpire table --show toto crt-raid --json >"$BATS_TEST_TMPDIR/own.json"
	run --separate-stderr umpire table --import toto crt-raid "$BATS_TEST_TMPDIR/own.json"
	assert_success
}

@test "toto 12.17: a chart's own columns must run from 0 up without gap or overlap, the last open" {
	raid_csv
	while read -r from to want; do
		sed "s/^$from,/$to,/" "$BATS_TEST_TMPDIR/raid.csv" >"$BATS_TEST_TMPDIR/bad.csv"
		run --separate-stderr umpire table --import toto crt-raid "$BATS_TEST_TMPDIR/bad.csv"
		assert_one_line_error 3
		[[ "$stderr" == *"$want"* ]] || fail "$to: '$stderr' lacks '$want'"
	done <<-EOF
	75-149 80-149 gap: 75% to 79%
	75-149 70-149 above the column before it
	150+ 150-999 must be open
	0-24 5-24 gap: 0% to 4%
	EOF
	# nothing was installed: the stand-in answers
	run umpire table --show toto crt-raid --json
	assert_equal "$(json_get .source <<<"$output")" stand-in
}
