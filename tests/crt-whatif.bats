#!/usr/bin/env bats
# crt --what-if: what would change this battle (issue 43).  The changes are
# found by asking the game's crt again with --odds, one change at a time
# (lib/crt_whatif.h); each column below is worked by hand from the odds
# rules: loe 8.2.1 A rounds a ratio down to the defender's favour, toto
# 12.17 reads the attack as a percentage of the defense.

load helpers

@test "loe 8 against 3: less defense, more attack, the game's own flags" {
	# 8:3 rounds down to 2:1.  8 against 2 is 4:1, two columns right;
	# 9 against 3 is 3:1 (one more attack), 12 against 3 is 4:1 (four)
	run --separate-stderr umpire -g loe --json crt 8 3 --what-if
	assert_success
	assert_equal "$(jq -r .what_if.column <<<"$output")" "2:1"
	assert_equal "$(jq -c '[.what_if.changes[] | select(.kind != "modifier")
	    | [.kind, .strength, .column, .columns]]' <<<"$output")" \
	    '[["defense",1,"4:1",2],["attack",4,"4:1",2],["attack",1,"3:1",1]]'
	# the first attack (13.2.2) helps; river, jungle and an entrenchment
	# cost a column each, listed last
	assert_equal "$(jq -c '[.what_if.changes[] | select(.kind == "modifier")
	    | [.change, .columns, .rule]]' <<<"$output")" \
	    '[["--first-attack",1,"13.2.2 A"],["--entrenched",-1,"10.2.2 A"],["--river",-1,"8.6.5"],["--from-jungle",-1,"8.6.6"]]'
	assert_equal "$(jq -r '.result.code, .result.text' <<<"$output" |
	    tr '\n' '|')" "what-if|1 less defense (2)|"
	assert_equal "$(jq -r '[.what_if.changes[] | select(.kind == "attack")
	    | .change] | join("|")' <<<"$output")" \
	    "4 more attack (12)|1 more attack (9)"
	# the chance of each result, before and after, is the game's own odds
	co='[.outcomes[] | select(.code == "Co") | .probability] | add // 0'
	before=$(umpire -g loe --json crt 8 3 --odds | jq "$co")
	after=$(umpire -g loe --json crt 8 2 --odds | jq "$co")
	assert_equal "$(jq -c '[.what_if.changes[0].outcomes[] |
	    select(.code == "Co") | .before, .after]' <<<"$output")" \
	    "[$before,$after]"
	# a contact result: one face in six at 2:1, none at 4:1
	assert_equal "$before $after" "0.16666666666666666 0"
	# every result whose chance differs between the two answers is
	# listed, those of either answer, none twice
	want=$( (umpire -g loe --json crt 8 3 --odds; umpire -g loe --json crt 8 2 \
	    --odds) | jq -s -c '[.[0].outcomes, .[1].outcomes] | map(map({(.code):
	    .probability}) | add) | . as [$a, $b] | ($a + $b | keys_unsorted) |
	    map(select(($a[.] // 0) != ($b[.] // 0))) | sort')
	assert_equal "$(jq -c '[.what_if.changes[0].outcomes[].code] | sort' \
	    <<<"$output")" "$want"
	assert_equal "$want" '["Co","Db2/Aa2","De/Aa2","En"]'
}

@test "loe: a flag the game refuses for this battle is not listed" {
	# attacking out of jungle is an Italian penalty (8.6.6)
	run --separate-stderr umpire -g loe --json crt 8 3 --attacker ethiopian \
	    --what-if
	assert_success
	refute_output --partial '"--from-jungle"'
	run --separate-stderr umpire -g loe crt 8 3 --what-if
	assert_line --index 0 "Lion of Ethiopia: what would change this battle"
	assert_line --regexp "^  as it stands: column 2:1 +8.2.1 A$"
	assert_line --regexp "^  1\. 1 less defense \(2\): column 4:1 \(\+2\) +8.2.1 A$"
}

@test "toto raid 8 against 3: 266% is 200-299; 300% and more one right" {
	# 9 / 3 = 300%, 8 / 2 = 400%: both the 300+ column
	run --separate-stderr umpire -g toto --json crt 8 3 --table raid --what-if
	assert_success
	assert_equal "$(jq -r .what_if.column <<<"$output")" "200-299"
	assert_equal "$(jq -c '[.what_if.changes[] | select(.kind != "modifier")
	    | [.kind, .strength, .column]]' <<<"$output")" \
	    '[["defense",1,"300+"],["attack",1,"300+"]]'
	assert_equal "$(jq -c '[.what_if.changes[] | select(.kind == "modifier")
	    | .change] | sort' <<<"$output")" '["--concentric","--max-supply"]'
}

@test "sotq fire: the fire strength raised, read with the range's shift" {
	# 10.B: strength 3 is the 3-4 column; weapon h at 2 hexes shifts 1R
	# (Range Effects Chart) to 5-6.  Strength 5 is 5-6, 1R: 7-9; strength
	# 7 is 7-9, 1R: 10-12
	run --separate-stderr umpire -g sotq --json crt 3:h:b 6:c --table fire \
	    --battle isandhlwana --range 2 --what-if
	assert_success
	assert_equal "$(jq -r '.what_if.column' <<<"$output")" "5-6"
	# the chart read is named as umpire table names it
	assert_equal "$(umpire -g sotq --json crt 3:h:b 6:c --table fire \
	    --battle isandhlwana --range 2 --odds | jq -r .table)" fire-crt
	assert_equal "$(jq -c '[.what_if.changes[] | select(.kind == "attack")
	    | [.strength, .column, .columns]]' <<<"$output")" \
	    '[[4,"10-12",2],[2,"7-9",1]]'
	# a melee is settled on no column: refused, saying so
	run --separate-stderr umpire -g sotq crt 6:c 3:b --table melee \
	    --battle isandhlwana --attacker zulu --what-if
	assert_one_line_error 2
	[[ "$stderr" == *"read on no column of a chart"* ]]
}

@test "at the chart's end nothing moves it right" {
	# 30 against 2 is 15:1, read on 8:1, the last column
	run --separate-stderr umpire -g loe crt 30 2 --what-if
	assert_success
	assert_line "  no single change tried moves it to another column"
}

@test "--what-if is for one battle of strengths given" {
	run --separate-stderr umpire -g loe crt 8 3 --what-if --roll 4
	assert_one_line_error 2
	[[ "$stderr" == *"--what-if asks of one battle of strengths given"* ]]
	run --separate-stderr umpire -g loe crt --batch --what-if </dev/null
	assert_one_line_error 2
	run --separate-stderr umpire -g loe crt 0 3 --what-if
	assert_one_line_error 2
	run --separate-stderr umpire -g iwiif crt 8 3 --what-if
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: iwiif has no crt procedure"
}
