#!/usr/bin/env bats
# umpire victory, Lion of Ethiopia (15, 14.3.2): each condition met and not
# met, at the moments the rules name.  The hexes are the rules' own: Harar
# 3123, Dese 4023, Negheli 2809, Gondar 4919 and Addis Ababa 3716 (15.1 A),
# Massawa 5232 and To Mogadisho 1019 (15.2 A).  The turn track read as
# three turns a month from Oct 1 makes Jan 1 turn 10 and May 1 turn 22.

load helpers
load victory

new_tue() {
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=tue
}

place() {	# id side type hex [marker]
	umpire game place "$1" --side "$2" --type "$3" --strength 4 --ma 6 \
	    --hex "$4" ${5:+--marker "$5"} >/dev/null
}

# Italy in Harar, Dese and Negheli, its army HQ in Addis Ababa (15.1 A)
italy_holds_three() {
	place it-1 italian italian-inf 3123
	place it-2 italian italian-inf 4023
	place it-3 italian italian-inf 2809
	place it-hq italian italian-hq 3716 army-hq
}

@test "15.1 A: three towns and an army HQ in Addis Ababa win only at the end of the turn" {
	new_tue
	italy_holds_three
	# turn 1, the Italian reinforcement phase: looked at later
	verdict
	assert_equal "$got" "none 15.1 A"
	assert_equal "$(jq -r '.result.text' <<<"$json")" \
	    "no winner yet: Italy would win if the turn ended as things stand (15.1 A)"
	assert_equal "$(jq -r '.conditions[0] | "\(.rule) \(.side) \(.met)"' \
	    <<<"$json")" "15.1 A italian true"
	phase_to end
	verdict
	assert_equal "$got" "italian 15.1 A"
	assert_equal "$(jq -r .end_of_turn <<<"$json")" true
}

@test "15.1 A not met: two towns, or no army HQ in Addis Ababa" {
	new_tue
	place it-1 italian italian-inf 3123
	place it-2 italian italian-inf 4023
	place it-hq italian italian-hq 3716 army-hq
	phase_to end
	verdict
	assert_equal "$got" "none 15"
	assert_line --partial "Italy holds 2 of the towns (3 needed)"
	# the third town, but the HQ in Addis Ababa is a corps's (7.2.1 C)
	place it-3 italian italian-inf 4919
	umpire game set it-hq hex=3717 >/dev/null
	place it-corps italian italian-hq 3716 corps-hq
	verdict
	assert_equal "$got" "none 15"
	assert_line --partial "Italy holds 3 of the towns (3 needed)"
	assert_line --partial "and no army HQ in Addis Ababa (3716)"
}

@test "15.2 A: an Ethiopian unit in Massawa or To Mogadisho at the end of the turn" {
	new_tue
	place eth-1 ethiopian ethiopian-irr 1019
	verdict
	assert_equal "$got" "none 15.2 A"
	phase_to end
	verdict
	assert_equal "$got" "ethiopian 15.2 A"
	assert_line --partial "eth-1 holds To Mogadisho (1019)"
	umpire game set eth-1 hex=5232 >/dev/null
	verdict
	assert_equal "$got" "ethiopian 15.2 A"
	# next door to Massawa is not Massawa
	umpire game set eth-1 hex=5231 >/dev/null
	verdict
	assert_equal "$got" "none 15"
}

@test "both sides meeting their end-of-turn conditions: no winner is named" {
	new_tue
	italy_holds_three
	place eth-1 ethiopian ethiopian-irr 5232
	phase_to end
	verdict
	assert_equal "$got" "both 15.1 A"
}

@test "15.1 B: the emperor in the dead pile wins for Italy at once" {
	new_tue
	set_file '.dead += [{"id":"selassie","side":"ethiopian","type":"selassie","strength":1,"hex":"3716","died":1}]'
	verdict
	assert_equal "$got" "italian 15.1 B"
	assert_equal "$(jq -r .end_of_turn <<<"$json")" false
}

@test "15.1 B: no Ethiopian unit but the emperor left on the map" {
	new_tue
	umpire game remove eth-irr-a eth-irr-b eth-irr-c >/dev/null
	verdict
	assert_equal "$got" "none 15"
	assert_line --partial "1 Ethiopian unit besides the emperor left"
	umpire game remove gugsa >/dev/null
	verdict
	assert_equal "$got" "italian 15.1 B"
}

@test "15.2 B: both army HQs destroyed, not one" {
	new_tue
	set_file '.dead += [{"id":"hq-a","side":"italian","type":"italian-hq","strength":2,"hex":"4828","markers":["army-hq"],"died":3}]'
	verdict
	assert_equal "$got" "none 15"
	assert_line --partial "1 Italian army HQ in the dead pile (both needed)"
	# a corps HQ is not an army's
	set_file '.dead += [{"id":"hq-c","side":"italian","type":"italian-hq","strength":2,"hex":"4828","markers":["corps-hq"],"died":4}]'
	verdict
	assert_equal "$got" "none 15"
	set_file '.dead += [{"id":"hq-b","side":"italian","type":"italian-hq","strength":2,"hex":"2504","markers":["army-hq"],"died":5}]'
	verdict
	assert_equal "$got" "ethiopian 15.2 B"
}

@test "15.2 B: Italy has not won by the end of May 1, turn 22" {
	run --separate-stderr umpire --json victory -g loe --situation teaching \
	    --turn 22 --askari-withdrawn yes
	assert_equal "$(jq -r .result.code <<<"$output")" none
	run --separate-stderr umpire --json victory -g loe --situation teaching \
	    --turn 21 --at-end --askari-withdrawn yes
	assert_equal "$(jq -r .result.code <<<"$output")" none
	run --separate-stderr umpire --json victory -g loe --situation teaching \
	    --turn 22 --at-end --askari-withdrawn yes
	assert_equal "$(jq -r '"\(.result.code) \(.result.rule)"' <<<"$output")" \
	    "ethiopian 15.2 B"
	verdict -g loe --situation teaching --turn 22 --at-end \
	    --askari-withdrawn yes
	assert_line --partial "Italy must win by the end of turn 22 (may-1): it has not"
}

@test "14.3.2: the Askari withdrawal, due at the start of the Jan 1 Italian reinforcement phase" {
	new_tue
	verdict
	assert_line --partial "falls due at the start of turn 10 (jan-1)"
	set_file '.turn = 10'
	verdict
	assert_equal "$got" "none 15"
	assert_line --partial "now: \`umpire game use askari-withdrawal\`"
	# the phase passed with no withdrawal: Ethiopia wins at once (14.3.2 B)
	phase_to "italian movement"
	verdict
	assert_equal "$got" "ethiopian 14.3.2 B"
	verdict
	assert_line --partial "was not made (none recorded); at once"
	# said by hand, it stands over the record
	run --separate-stderr umpire --json victory --askari-withdrawn yes
	assert_equal "$(jq -r .result.code <<<"$output")" none
}

@test "14.3.2: recorded with game use in its phase, the withdrawal is made" {
	new_tue
	set_file '.turn = 10'
	umpire game remove it-askari >/dev/null
	run --separate-stderr umpire game use askari-withdrawal
	assert_success
	phase_to "italian movement"
	verdict
	assert_equal "$got" "none 15"
	assert_line --partial "made (recorded: umpire game use askari-withdrawal)"
	# game use refuses it outside the Italian reinforcement phase
	umpire game undo >/dev/null
	run --separate-stderr umpire game use askari-withdrawal
	assert_failure
}

@test "a situation file: --turn 11 with no withdrawal said is Ethiopia's" {
	verdict -g loe --situation teaching --turn 11
	assert_equal "$got" "ethiopian 14.3.2 B"
	verdict -g loe --situation teaching --turn 11 \
	    --askari-withdrawn no
	assert_equal "$got" "ethiopian 14.3.2 B"
	verdict -g loe --situation teaching --turn 9
	assert_equal "$got" "none 15"
	# no turn: the dated conditions are not looked at
	verdict -g loe --situation teaching
	assert_line --partial "not looked at: the turn is not known"
}

@test "one JSON shape: game, procedure, inputs, steps with rules, result" {
	run --separate-stderr umpire --json victory -g loe --situation teaching \
	    --turn 3
	assert_success
	assert_equal "$(jq -r '[.game, .procedure, .inputs.turn, .turn] | join(" ")' \
	    <<<"$output")" "loe victory 3 3"
	assert_equal "$(jq -r '[.steps[] | select(.rule == null)] | length' \
	    <<<"$output")" 0
	assert_equal "$(jq -r '[.conditions[].rule] | unique | join(",")' \
	    <<<"$output")" "14.3.2 B,15.1 A,15.1 B,15.2 A,15.2 B"
	assert_equal "$(jq -r '.result | keys | join(",")' <<<"$output")" \
	    "code,rule,text"
}

@test "bad input: one line, exit 2, nothing on stdout" {
	run --separate-stderr umpire victory -g loe
	assert_one_line_error 2
	assert_equal "$stderr" "umpire victory: loe's victory is read off a position: give --saved NAME or --situation FILE"
	run --separate-stderr umpire victory -g loe --situation teaching \
	    --askari-withdrawn maybe
	assert_one_line_error 2
	[[ "$stderr" == *"--askari-withdrawn: expected yes or no, not 'maybe'"* ]]
	run --separate-stderr umpire victory -g loe --situation teaching --turn 0
	assert_one_line_error 2
	run --separate-stderr umpire victory -g loe --situation teaching \
	    --zulu-lost 3
	assert_one_line_error 2
	[[ "$stderr" == *"--zulu-lost does not apply to loe"* ]]
	run --separate-stderr umpire victory -g loe --situation teaching extra
	assert_one_line_error 2
}

@test "completion offers victory and its options' words" {
	run umpire __complete vic
	assert_output victory
	run umpire __complete victory --askari-withdrawn ""
	assert_line yes
	assert_line no
	run umpire __complete victory --battle ""
	assert_line omdurman
}

@test "16.3 C, Early Mobilization: Massawa or To Mogadisho controlled at the end of a turn" {
	new_tue
	verdict --early-mobilization
	assert_equal "$got" "none 15"
	assert_line "not met: control: Massawa (5232) italian, To Mogadisho (1019) italian; looked at only at the end of a complete turn"
	# the hex changed hands (3.3 B), though no Ethiopian unit stays there
	umpire game control ethiopian 5232 >/dev/null
	verdict --early-mobilization
	assert_equal "$got" "none 16.3 C"
	phase_to end
	verdict --early-mobilization
	assert_equal "$got" "ethiopian 16.3 C"
	# without the optional rule, 15.2 A asks for a unit in the hex
	verdict
	assert_equal "$got" "none 15"
}

@test "16.3 C: every Italian ground unit gone wins at once; Italy wins if Ethiopia has not by May 1" {
	new_tue
	umpire game remove it-inf-a it-inf-b it-inf-c >/dev/null
	verdict --early-mobilization
	assert_equal "$got" "none 15"
	umpire game remove it-askari >/dev/null
	verdict --early-mobilization
	assert_equal "$got" "ethiopian 16.3 C"
	verdict -g loe --situation teaching --turn 22 --at-end \
	    --askari-withdrawn yes --early-mobilization
	assert_equal "$got" "italian 16.3 C"
	assert_line "met: Ethiopia must win by the end of turn 22 (may-1): it has not"
}

@test "each condition says when the rules look at it" {
	verdict -g loe --situation teaching --turn 3
	assert_equal "$(jq -r '[.conditions[] | "\(.rule)=\(.when)"] | unique |
	    join(",")' <<<"$json")" \
	    "14.3.2 B=at once,15.1 A=end of turn,15.1 B=at once,15.2 A=end of turn,15.2 B=at once,15.2 B=end of game"
}

@test "14.3.2: a withdrawal recorded in another turn than Jan 1 is not the one due" {
	new_tue
	set_file '.turn = 9'
	umpire game use askari-withdrawal >/dev/null
	set_file '.turn = 10'
	phase_to "italian movement"
	verdict
	assert_equal "$got" "ethiopian 14.3.2 B"
	assert_line "the withdrawal recorded in turn 9 is not the one due at the start of turn 10: not counted"
}
