#!/usr/bin/env bats
# adwa-game: one whole game of Adwa 1896, from `draw new` to the battle
# settled by `crt --name` from the saved game, every step of every turn in
# the rules' order (2.1 draw, 2.2 exchange, 9 Mutiny step, 2.3 action), the
# board checked after each step that moves it against values worked by
# hand from the rules (rules/adwa/reference.txt) and umpire's defaults
# (umpire-draw(1), "Where the rules leave a choice").
#
# The game: --seed 21, three commanders, menelik, taitu and alula; the
# shuffle puts them in that order (3).  Its first eleven cards to be drawn
# hold no Assassin, so the game asks no reaction of anyone (2.1).
#   dealt:  menelik  shuffle healer monk defection
#           taitu    withdraw prophecy healer advance
#           alula    attack attack raid priest
#   draws:  spy healer | healer healer | defection (taitu's regroup, 4) |
#           defection veto | mutiny mutiny | monk disgrace
#
# The board at the start, by umpire's defaults: every commander's four
# contingents at stages 3 3 2 2 (two ready, two at stage 2, 4); armies
# menelik 30, taitu 15, alula 12; albertone 16, arimondi 14, dabormida 15,
# all at Start (position 0); reserve 8 (11); 0 hours, 6 a round.

load helpers
load adwa

armies() {
	board '[.board.armies[] | [.position, .strength]]'
}

# A refused step: exit 2, one line naming the rule, the file unchanged.
refused() {
	local words=$1
	shift
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire "$@"
	assert_one_line_error 2
	[[ "$stderr" == *$words* ]] || fail "stderr: $stderr"
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
}

# One exchange (2.2): the commander whose turn it is gives $1 to $2, who
# answers with $3.
swap() {
	local me
	me=$(turn_of)
	umpire draw exchange "$1" --with "$2" >/dev/null
	umpire draw exchange "$3" --with "$me" >/dev/null
}

@test "a whole game: setup, five turns and a round's end, the battle" {
	run umpire draw -g adwa new --seed 21 --commanders menelik,taitu,alula --json
	assert_success
	assert_equal "$(jq -c .commanders <<<"$output")" '["menelik","taitu","alula"]'
	assert_equal "$(stages menelik)" '[3,3,2,2]'
	assert_equal "$(stages taitu)" '[3,3,2,2]'
	assert_equal "$(stages alula)" '[3,3,2,2]'
	assert_equal "$(armies)" '[[0,16],[0,14],[0,15]]'
	assert_equal "$(board '[.board.hours, .board.reserve, .ready, .contingents]')" '[0,8,6,12]'

	# ---- turn 1, menelik: an Advance (4) ----
	run umpire draw --json
	assert_equal "$(jq -c '[.details.cards[].card]' <<<"$output")" '["spy","healer"]'
	# he gives a monk, taitu answers with her advance
	swap monk taitu advance
	umpire draw mutiny >/dev/null
	run umpire draw play advance --json
	assert_success
	# 4: one stage on, and he holds no Raid: the contingent nearest to
	# ready (the third, stage 2) moves 2 -> 3 and is ready
	assert_equal "$(jq -c '[.details.contingent, .details.stage]' <<<"$output")" '[3,"3"]'
	assert_equal "$(stages menelik)" '[3,3,3,2]'
	# ready: menelik 3 + taitu 2 + alula 2 = 7 of 12
	assert_equal "$(board .ready)" 7

	# ---- turn 2, taitu: a Withdraw (4) ----
	umpire draw >/dev/null
	# she gives a prophecy, alula answers with one of her two attacks
	swap prophecy alula attack
	umpire draw mutiny >/dev/null
	run umpire draw play withdraw --json
	assert_success
	# 4: one stage back; umpire's choice is the rearmost that can go
	# back, the third (stage 2, first of equals): 2 -> 1; ready stays 7
	assert_equal "$(stages taitu)" '[3,3,1,2]'
	assert_equal "$(board .ready)" 7
	# the regroup draw took the defection
	assert_equal "$(jq -c '[.details.cards[].card]' <<<"$output")" '["defection"]'

	# ---- turn 3, alula: an Attack on a commander (11) ----
	umpire draw >/dev/null
	swap priest menelik shuffle
	umpire draw mutiny >/dev/null
	run umpire draw play attack --with taitu --json
	assert_success
	# 11: taitu loses one contingent; umpire's choice is the foremost,
	# the first at stage 3: [3,3,1,2] -> [lost,3,1,2]; ready 7 - 1 = 6
	assert_equal "$(jq .details.contingent <<<"$output")" 1
	assert_equal "$(stages taitu)" '["lost",3,1,2]'
	assert_equal "$(board .ready)" 6
	assert_equal "$(board .board.battle)" '"none"'

	# ---- the end of round 1 (11): alula was the last of the order ----
	assert_equal "$(board .owed)" '"advance"'
	refused "round 1 is over"*"(11)" draw
	refused "not all in position"*"(11)" draw clock
	run umpire draw advance --roll 3,2 --json
	assert_success
	# 11: 6 hours on: 0 + 6 = 6.  The first die picks among the three
	# armies below 3: faces 3-4 are the second, arimondi, which moves
	# 0 -> 1; the second die, 2, is in 1-2: it gains 1, 14 -> 15
	assert_equal "$(jq -c '[.details.army, .details.position, .details.gain, .details.hours]' <<<"$output")" \
		'["arimondi",1,1,6]'
	assert_equal "$(armies)" '[[0,16],[1,15],[0,15]]'
	assert_equal "$(board .board.hours)" 6
	assert_equal "$(board .owed)" null
	refused "this round's end is made already" draw advance
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].op')" advance

	# ---- turn 4, menelik: a Mutiny triggers (9) ----
	run umpire draw --json
	assert_equal "$(jq -c '[.details.cards[].card]' <<<"$output")" '["mutiny","mutiny"]'
	swap priest taitu monk
	run umpire draw mutiny --roll 1,6,5 --json
	assert_success
	# 9: the first die of two is a 1: one Mutiny triggers in place of
	# his action; the army die 5 is in 5-6, the third army, dabormida,
	# which gains 5: 15 -> 20.  His foremost contingent defects (umpire's
	# choice): the first at stage 3, [3,3,3,2] -> [lost,3,3,2]; ready
	# 6 - 1 = 5
	assert_equal "$(jq -r .details.army <<<"$output")" dabormida
	assert_equal "$(stages menelik)" '["lost",3,3,2]'
	assert_equal "$(armies)" '[[0,16],[1,15],[0,20]]'
	assert_equal "$(board .ready)" 5

	# ---- turn 5, taitu: an Attack on Italy (11) ----
	umpire draw >/dev/null
	swap healer alula shuffle
	umpire draw mutiny >/dev/null
	run umpire draw play attack --json
	assert_success
	# 11: the decisive battle begins at once
	assert_equal "$(board .board.battle)" '"attack"'
	refused "battle has begun"*"(11)" draw advance
	refused "battle has begun"*"(11)" draw clock

	# ---- the battle (11), strengths from the saved game ----
	run --separate-stderr umpire crt -g adwa --name adwa --roll 4,3 --json
	assert_success
	# a ready contingent is a quarter of its army, an incomplete one a
	# fifth of that (umpire's choice of "up to 20%"), a lost one nothing:
	#   menelik 30 [lost,3,3,2]: 30 x (0.25 + 0.25 + 0.05) = 16.5
	#   taitu   15 [lost,3,1,2]: 15 x (0.25 + 0.05 + 0.05) =  5.25
	#   alula   12 [3,3,2,2]:    12 x (0.25 + 0.25 + 0.05 + 0.05) = 7.2
	#   Ethiopia 16.5 + 5.25 + 7.2 = 28.95
	#   Italy 16 + 15 + 20 + reserve 8 = 59
	#   readiness 2 + 1 + 2 = 5 of 12, below half: Italy wins whatever the
	#   dice (Ethiopia 28.95 x 1.08 = 31.266, Italy 59 x 1.01 = 59.59)
	assert_equal "$(jq .attack <<<"$output")" 28.95
	assert_equal "$(jq .defense <<<"$output")" 59
	assert_equal "$(jq -r .result.code <<<"$output")" italy
	assert_equal "$(jq -r .battle <<<"$output")" attack
	run umpire crt -g adwa --name adwa --odds --json
	assert_equal "$(jq '.outcomes[0].probability' <<<"$output")" 0
	# the game's log holds every step, the board's among them
	assert_equal "$(umpire draw log --json | jq -c '[.entries[] | select(.op == "advance" or .op == "defection") | .op]')" \
		'["advance","defection"]'
}
