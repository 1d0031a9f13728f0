#!/usr/bin/env bats
# words: the words a game knows, listed for a player writing a map, a
# situation or a command line (issue 42's discoverability).  Each list is
# held to the file or the procedure that gives the words their meaning.

load helpers

@test "words: every kind for loe, each from the place that defines it" {
	run --separate-stderr umpire -g loe --json words
	assert_success
	assert_equal "$(json_get '.words | keys_unsorted | join(" ")' <<<"$output")" \
	    "sides types markers terrain features hexsides maps situations tables"
	assert_equal "$(json_get '.words.sides | join(" ")' <<<"$output")" "italian ethiopian"
	# terrain.json's own lists
	assert_equal "$(json_get '.words.terrain | join(" ")' <<<"$output")" \
	    "$(jq -r '.terrain | join(" ")' "$TOP/rules/loe/terrain.json")"
	assert_equal "$(json_get '.words.hexsides | join(" ")' <<<"$output")" \
	    "$(jq -r '.hexsides | join(" ")' "$TOP/rules/loe/terrain.json")"
	# game.json's tables; the shipped map and situation
	assert_equal "$(json_get '.words.tables | join(" ")' <<<"$output")" \
	    "$(jq -r '.tables | join(" ")' "$TOP/rules/loe/game.json")"
	assert_equal "$(json_get '.words.maps | join(" ")' <<<"$output")" teaching
	assert_equal "$(json_get '.words.situations | join(" ")' <<<"$output")" teaching
}

@test "words: every unit type it lists is one a situation may hold" {
	# a unit of each listed type loads in a situation (the side a type
	# belongs to is taken from the error, else the first side)
	run --separate-stderr umpire --json words toto types
	assert_success
	for t in $(json_get '.words.types[]' <<<"$output"); do
		for side in allied ottoman; do
			printf '{ "game": "toto", "map": "teaching", "units": [ { "id": "u", "side": "%s", "type": "%s", "strength": 1, "ma": 4, "hex": "4515" } ] }\n' \
			    "$side" "$t" >"$BATS_TEST_TMPDIR/s.json"
			# supply-trace reads the situation: in supply or not
			# (0 or 1), but not refused (3)
			run --separate-stderr umpire -g toto supply-trace --map teaching \
			    --situation "$BATS_TEST_TMPDIR/s.json" --unit u
			[ "$status" -le 1 ] && break
		done
		[ "$status" -le 1 ] || fail "type $t refused on both sides: $stderr"
	done
}

@test "words: a kind alone; a new import appears; a game without maps says none" {
	run --separate-stderr umpire words sotq markers
	assert_success
	assert_line --regexp '^markers +pinned routed'
	refute_output --partial "types"
	umpire map import loe mine "$FIXTURES/supply/loe-corridor.json" >/dev/null
	run --separate-stderr umpire --json words loe maps
	assert_equal "$(json_get '.words.maps | join(" ")' <<<"$output")" "mine teaching"
	run --separate-stderr umpire words adwa types
	assert_line --regexp '^types +\(none\)$'
}

@test "words: a game from -g, UMPIRE_GAME or the operand; bad kinds and games refused" {
	UMPIRE_GAME=iwiif run --separate-stderr umpire --json words tables
	assert_success
	assert_equal "$(json_get .game <<<"$output")" iwiif
	run --separate-stderr umpire words loe mrkers
	assert_one_line_error 2
	assert_equal "$stderr" "umpire words: unknown kind of word: 'mrkers' (did you mean 'markers'?)"
	run --separate-stderr umpire words
	assert_one_line_error 2
	run --separate-stderr umpire words loe types extra
	assert_one_line_error 2
}

@test "words: completion offers the games, then the kinds" {
	run umpire __complete words ''
	assert_line loe
	assert_line markers
	run umpire __complete words loe ma
	assert_equal "$(sort <<<"$output" | tr '\n' ' ')" "maps markers "
}

@test "words: an unknown word in a situation is met with the nearest or with words" {
	# italian-infx is one letter from italian-inf; zzz near no marker
	printf '%s\n' '{ "game": "loe", "map": "teaching", "units": [' \
	    '{ "id": "u", "side": "italian", "type": "italian-infx", "strength": 1, "ma": 4, "hex": "2504" } ] }' \
	    >"$BATS_TEST_TMPDIR/t.json"
	run --separate-stderr umpire -g loe supply-trace --map teaching --situation "$BATS_TEST_TMPDIR/t.json" --unit u
	assert_one_line_error 3
	[[ "$stderr" == *"not a loe unit type: 'italian-infx' (did you mean 'italian-inf'?)" ]] || fail "$stderr"
	sed -i 's/"italian-infx"/"italian-inf", "markers": ["zzz"]/' "$BATS_TEST_TMPDIR/t.json"
	run --separate-stderr umpire -g loe supply-trace --map teaching --situation "$BATS_TEST_TMPDIR/t.json" --unit u
	[[ "$stderr" == *"not a loe marker: 'zzz' (umpire words loe markers lists them)" ]] || fail "$stderr"
}
