#!/usr/bin/env bats
# log --dice: are these dice fair?  The dice of one or more game logs
# counted by game, by whose dice they were (the player's, given with
# --roll, or umpire's own, the control) and by kind (the faces of a die,
# or the totals of a table's 2d6), each tally tested against fair dice
# with Pearson's chi-square (lib/fair.h).  Every statistic below is worked
# by hand: the sum over the values of (seen - expected)^2 / expected.

load helpers

# rolls LOG FACE...: each face given by hand, a roll of d6 in LOG
rolls() {
	local log=$1 f
	shift
	for f in "$@"; do
		umpire --log "$log" roll d6 --roll "$f" >/dev/null
	done
}

@test "a dozen hand rolls: counted, tested, too few to tell" {
	rolls g 1 2 3 4 5 6 6 6 6 6 5 4
	run --separate-stderr umpire log --dice g
	assert_success
	assert_line --index 0 "dice of log g: 12 rolls counted"
	assert_line "your dice (--roll), d6 faces: 12 rolls"
	assert_line --regexp "^    seen +1 +1 +1 +2 +2 +5$"
	assert_line --regexp "^    expected +2.0 +2.0 +2.0 +2.0 +2.0 +2.0$"
	# (1 + 1 + 1 + 0 + 0 + 9) / 2 = 6.00; 6 on 5 degrees is p = 0.306
	assert_line "    chi-square 6.00, 5 degrees of freedom, p = 0.306: too few rolls to tell"
	# each face expected 5 times: 30 rolls, 18 more than the 12
	assert_line --partial "about 30 rolls, 18 more"
	run --separate-stderr umpire --json log --dice g
	assert_equal "$(jq -c '[.procedure, .rolls, .result.code,
	    .tallies[0].whose, .tallies[0].dice, .tallies[0].kind,
	    .tallies[0].seen, .tallies[0].df, .tallies[0].code]' <<<"$output")" \
	    '["log-dice",12,"ok","player","1d6","faces",[1,1,1,2,2,5],5,"few"]'
}

@test "thirty sixes are worth a look; thirty even rolls are not" {
	rolls six 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6
	run --separate-stderr umpire --json log --dice six
	assert_success
	# expected 5 a face: (5 x 25 + 25^2) / 5 = 150
	assert_equal "$(jq -r '.tallies[0].chi_square, .tallies[0].code,
	    .result.code' <<<"$output" | tr '\n' ' ')" "150 unusual unusual "
	jq -e '.tallies[0].p < 0.01' <<<"$output" >/dev/null
	run --separate-stderr umpire log --dice six
	# Q(5/2, 150/2): about 75^1.5 e^-75 / Gamma(5/2) x 1.02, 1.34e-30
	assert_line --partial "p = 1.34e-30: worth a look"
	assert_line "1 tally is worth a look"
	rolls even 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6
	run --separate-stderr umpire log --dice even
	assert_line "    chi-square 0.00, 5 degrees of freedom, p = 1: nothing unusual"
	assert_line "nothing unusual"
}

@test "umpire's dice are the control, and each game a tally of its own" {
	local i
	rolls camp 3 3
	for i in 1 2 3 4 5 6 7 8 9 10; do
		umpire --log camp -g loe crt 8 3 --seed "$i" >/dev/null
	done
	umpire --log camp -g loe crt 8 3 --roll 2 >/dev/null
	# a table read on 2d6 (sotq 13.D): one total, 3 + 4 = 7
	umpire --log camp table sotq leader-death --roll 3+4 >/dev/null
	run --separate-stderr umpire --json log --dice camp
	assert_success
	assert_equal "$(jq -c '[.tallies[] | [.game, .whose, .dice, .kind,
	    .rolls]]' <<<"$output")" \
	    '[[null,"player","1d6","faces",2],["loe","umpire","1d6","faces",10],["loe","player","1d6","faces",1],["sotq","player","2d6","totals",1]]'
	# 2d6 totals: 2 to 12, 7 expected 6 times in 36
	assert_equal "$(jq -c '.tallies[3] | [.values[0], .values[-1], .seen[5],
	    .expected[5] * 36]' <<<"$output")" '[2,12,1,6]'
	# the ten seeded battles' rolls are what the crt results say
	for i in 1 2 3 4 5 6 7 8 9 10; do
		umpire --json -g loe crt 8 3 --seed "$i" | jq .roll
	done | sort | uniq -c | awk '{print $2 ":" $1}' | tr '\n' ' ' >"$BATS_TEST_TMPDIR/want"
	assert_equal "$(jq -r '.tallies[1] | [.values, .seen] | transpose |
	    map(select(.[1] > 0) | "\(.[0]):\(.[1])") | join(" ")' <<<"$output") " \
	    "$(cat "$BATS_TEST_TMPDIR/want")"
}

@test "a campaign: several logs in one report" {
	rolls one 1 2 3
	rolls two 4 5 6
	run --separate-stderr umpire --json log --dice one two
	assert_success
	assert_equal "$(jq -c '[.logs, .rolls, .tallies[0].seen]' <<<"$output")" \
	    '[["one","two"],6,[1,1,1,1,1,1]]'
	run --separate-stderr umpire log --dice one two
	assert_line --index 0 "dice of logs named: 6 rolls counted"
}

@test "log --dice: bad usage and missing logs" {
	run --separate-stderr umpire log --dice
	assert_one_line_error 2
	assert_equal "$stderr" "umpire log: --dice tests the logs named: give a log name (umpire log lists them)"
	run --separate-stderr umpire log one two
	assert_one_line_error 2
	assert_equal "$stderr" "umpire log: log takes one name: 'two' (--dice reads several)"
	rolls one 1
	run --separate-stderr umpire log --dice one nosuch
	assert_equal "$status" 1
	assert_output ""
	assert_equal "$stderr" "umpire log: no log named 'nosuch' (umpire log lists them)"
	# a log with no dice in it says so
	umpire --log quiet rules show loe 8.2.1 >/dev/null
	run --separate-stderr umpire log --dice quiet
	assert_success
	assert_line "no result with dice"
}

@test "completion offers the logs after --dice" {
	rolls alpha 1
	rolls beta 2
	run --separate-stderr umpire __complete log --dice a
	assert_output "alpha"
	run --separate-stderr umpire __complete log --dice alpha ''
	assert_output --partial "beta"
}
