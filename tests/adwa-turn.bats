#!/usr/bin/env bats
# adwa-turn: the order of an Adwa turn, held in the saved game.  The rules
# (rules/adwa/reference.txt) order each turn: the draw (2.1), the exchange
# with the next commander still in command (2.2, 3), the Mutiny rolls,
# one per Mutiny card held, unless incapacitated (9), then one ordinary
# action or a pass (2.3).  Each step out of its place is refused with its
# rule, exit 2, the state file left byte for byte.
#
# The game: seed 1896, no roles dealt.  Its order begins tekle-haymanot,
# mikael; after the first draw Tekle Haymanot holds a prophecy and Mikael
# three advances and a shifta (umpire-draw(1) EXAMPLES use the same game).

load helpers
load adwa

@test "2: before the first draw only the draw is taken" {
	new_game 1896
	assert_equal "$(step_of)" draw
	refused "no turn has begun" pass
	refused "no turn has begun" mutiny
	refused "no turn has begun" exchange healer --with mikael
}

@test "2, 2.2, 9, 2.3: each step in its place, each out of it refused" {
	new_game 1896
	run umpire draw --json
	assert_success
	assert_equal "$(jq -r .commander <<<"$output")" tekle-haymanot
	assert_equal "$(step_of)" exchange
	# acting, passing or rolling before the exchange; a second draw
	refused "must first exchange a card with mikael"*"(2.2)" play prophecy
	refused "must first exchange"*"(2.2)" pass
	refused "must first exchange"*"(2.2)" mutiny
	refused "draw out of turn"*"(2.2)"
	# the exchange, in two halves; nothing else while it is half made
	run umpire draw exchange prophecy --with mikael
	assert_success
	refused "exchange is under way: mikael must still pick"*"(2.2)" mutiny
	refused "exchange is under way"*"(2.2)" pass
	run umpire draw exchange shifta --with tekle-haymanot
	assert_success
	assert_equal "$(step_of)" mutiny
	# a second exchange; acting or passing before the Mutiny step
	refused "already exchanged this turn (2.2)" exchange healer --with mikael
	refused "must first make the Mutiny rolls"*"(9)" pass
	refused "must first make the Mutiny rolls"*"(9)" play withdraw
	run umpire draw mutiny --json
	assert_success
	assert_equal "$(step_of)" act
	# rolling twice; exchanging after the rolls
	refused "already rolled for Mutiny this turn"*"(9)" mutiny
	refused "exchange is done"*"(2.2, 9)" exchange healer --with mikael
	# a Healer answers only an Assassin that waits (2.1): with none, it
	# is refused (it was once played for nothing), and the step stays
	refused "only against an Assassin"*"(2.1, 2.3)" play healer
	assert_equal "$(step_of)" act
	run umpire draw pass --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" passed
	assert_equal "$(step_of)" draw
	# the turn is over: no action, roll or exchange after it
	refused "turn is over"*"(2.3, 3)" play withdraw
	refused "turn is over"*"(2.3, 3)" mutiny
	refused "turn is over"*"(2.3, 3)" pass
	refused "turn is over"*"(2.3, 3)" exchange shifta --with mikael
	# the next commander's turn begins with his own draw
	run umpire draw --json
	assert_success
	assert_equal "$(jq -r .commander <<<"$output")" mikael
	assert_equal "$(jq .turn <<<"$output")" 2
	assert_equal "$(total)" 78
}

@test "2.3: an ordinary action ends the turn; the next draw begins the next" {
	new_game 1896
	umpire draw >/dev/null
	umpire draw exchange healer --with mikael >/dev/null
	umpire draw exchange shifta --with tekle-haymanot >/dev/null
	umpire draw mutiny >/dev/null
	run umpire draw play prophecy --json
	assert_success
	assert_equal "$(step_of)" draw
	refused "turn is over"*"(2.3, 3)" play spy --with mikael
	refused "turn is over"*"(2.3, 3)" pass
	run umpire draw --json
	assert_equal "$(jq -r .commander <<<"$output")" mikael
}

@test "10: an incapacitated commander draws and exchanges, makes no Mutiny step, passes" {
	new_game 1896
	# Mikael, second in the order, is incapacitated for 2 of his turns
	jq -c '.players[1].idle = 2' "$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	umpire draw >/dev/null
	end_turn
	run umpire draw --json
	assert_equal "$(jq -r .commander <<<"$output")" mikael
	# an Assassin strikes him here: no Healer, no Veto (2.1)
	answer_none
	assert_equal "$(step_of)" exchange
	exchange_step
	# 9: no Mutiny step for him; 10: no ordinary action, only the pass
	assert_equal "$(step_of)" act
	run umpire draw mutiny --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" no-roll
	refused "incapacitated"*"(10)" play advance
	run umpire draw pass
	assert_success
	assert_output --partial "is incapacitated (10)"
	assert_equal "$(step_of)" draw
}

@test "undo walks back through the turn's steps, each logged" {
	new_game 1896
	umpire draw >/dev/null
	end_turn
	n=$(entries)
	# draw, exchange offered, exchange answered, Mutiny step, pass
	assert_equal "$n" 6
	assert_equal "$(umpire draw log --json | jq -r '[.entries[].op] | join(" ")')" \
		"new draw exchange exchange mutiny pass"
	for want in act mutiny exchange exchange draw; do
		run umpire draw undo
		assert_success
		# the Mutiny step undone leaves the turn at the Mutiny step
		got=$(step_of)
		case $want in
		act) assert_equal "$got" act ;;
		mutiny) assert_equal "$got" mutiny ;;
		exchange) assert_equal "$got" exchange ;;
		draw) assert_equal "$got" draw ;;
		esac
	done
	assert_equal "$(umpire draw status --json | jq .turn.number)" 0
}

@test "a state saved before turn.rolled loads; a bad or impossible one is refused" {
	new_game 1896
	umpire draw >/dev/null
	exchange_step
	cp "$(state)" "$BATS_TEST_TMPDIR/orig"
	# no 'rolled': a turn past its exchange is taken to have rolled
	jq -c 'del(.turn.rolled)' "$BATS_TEST_TMPDIR/orig" >"$(state)"
	assert_equal "$(step_of)" act
	# before its exchange it has not
	jq -c 'del(.turn.rolled) | .turn.exchanged = false' "$BATS_TEST_TMPDIR/orig" \
		>"$(state)"
	assert_equal "$(step_of)" exchange
	# not a boolean
	jq -c '.turn.rolled = 3' "$BATS_TEST_TMPDIR/orig" >"$(state)"
	cp "$(state)" "$BATS_TEST_TMPDIR/bad"
	run --separate-stderr umpire draw status
	assert_one_line_error 3
	cmp "$(state)" "$BATS_TEST_TMPDIR/bad"
	# a step made in a turn not drawn for
	jq -c '.turn.drawn = false | .turn.rolled = true' "$BATS_TEST_TMPDIR/orig" \
		>"$(state)"
	cp "$(state)" "$BATS_TEST_TMPDIR/bad"
	run --separate-stderr umpire draw pass
	assert_one_line_error 3
	[[ "$stderr" == *"turn"* ]]
	cmp "$(state)" "$BATS_TEST_TMPDIR/bad"
}

# Seed 1, three commanders, hands of 20: the order is alula, menelik,
# taitu; 74 cards without Assassins, 60 dealt, so the draw pile holds the
# other 14 and the 4 Assassins.  Menelik holds a Veto, Taitu two.
cards_of() {
	umpire draw hand "$1" --json | jq '.cards | length'
}

@test "6: a Veto cancels another's action; its card and the action stay spent" {
	new_game 1 --commanders menelik,taitu,alula --hand 20
	umpire draw >/dev/null
	assert_equal "$(turn_of)" alula
	# 20 + the 2 drawn
	assert_equal "$(cards_of alula)" 22
	refused "answers a chosen action"*"(6)" play veto --from taitu
	umpire draw exchange attack --with menelik >/dev/null
	umpire draw exchange prophecy --with alula >/dev/null
	umpire draw mutiny --roll 6 >/dev/null
	# Support: 22 - the Support + Taitu's card = 22; Taitu 20 - 1 = 19
	run umpire draw play support --with taitu
	assert_success
	assert_equal "$(cards_of alula)" 22
	assert_equal "$(cards_of taitu)" 19
	refused "only Menelik or Taitu veto (6): not 'alula'" play veto --from alula
	run umpire draw play veto --from taitu --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" vetoed
	# taken back, the Support still spent: alula 22 - 1 = 21; Taitu has
	# her card back but spent the Veto: 20 - 1 = 19; discards: both cards
	assert_equal "$(cards_of alula)" 21
	assert_equal "$(cards_of taitu)" 19
	assert_equal "$(umpire draw status --json | jq .piles.discard)" 2
	assert_equal "$(step_of)" draw
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].text')" \
		"taitu vetoed alula's action: cancelled, its card and the action spent"
	# one Veto answers an action: a second has nothing to answer
	refused "answers a chosen action"*"(6)" play veto --from menelik
	# undo takes back the Veto alone
	run umpire draw undo
	assert_success
	assert_equal "$(cards_of alula)" 22
	assert_equal "$(cards_of taitu)" 19
	assert_equal "$(umpire draw status --json | jq .piles.discard)" 1
	assert_equal "$(total)" 78
}

@test "6: Taitu cannot veto her own chosen action; Menelik can" {
	new_game 1 --commanders menelik,taitu,alula --hand 20
	umpire draw >/dev/null
	end_turn
	# two Assassins meet Menelik here: Taitu's two Vetoes stop them (2.1)
	run umpire draw --veto taitu --json
	assert_success
	assert_equal "$(jq '.details.assassins | length' <<<"$output")" 2
	assert_equal "$(umpire draw hand taitu --json | jq '.counts.veto // 0')" 0
	end_turn
	# an Assassin meets Taitu too: her own Healer stops it (2.1)
	run umpire draw --healer --json
	assert_equal "$(jq '.details.assassins | length' <<<"$output")" 1
	assert_equal "$(turn_of)" taitu
	to_act
	refused "taitu holds no 'veto'" play veto --from taitu
	# one of Alula's Vetoes put in her hand by hand (the players are
	# alula, menelik, taitu in the file)
	v=$(umpire draw hand alula --json | jq '[.cards[] | select(.card == "veto")][0].id')
	jq -c --argjson v "$v" '.players[0].hand -= [$v] | .players[2].hand += [$v]' \
		"$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	pair=$(umpire draw hand taitu --json | jq -r '.counts | to_entries[] |
		select(.key | test("^(priest|monk|shifta|askari-mutineer|balabbat)$")) |
		select(.value >= 2) | .key' | head -1)
	[ -n "$pair" ]
	n=$(cards_of taitu)
	run umpire draw play "$pair" "$pair"
	assert_success
	refused "taitu cannot veto her own chosen action (6)" play veto --from taitu
	run umpire draw play veto --from menelik
	assert_success
	# the pair stays spent: two cards fewer than before it was played
	assert_equal "$(cards_of taitu)" $((n - 2))
	assert_equal "$(total)" 78
}

@test "4, 9: a Raid is never played, a Mutiny never discarded at will" {
	# seed 1: Alula holds a Raid and a Mutiny, and draws a second Mutiny
	new_game 1 --commanders menelik,taitu,alula --hand 20
	umpire draw >/dev/null
	to_act
	refused "a raid is never played by choice (4)" play raid
	refused "a Mutiny is never got rid of at will"*"(9)" discard mutiny
	# the action's text: "an advance", not "a advance"
	run umpire draw play advance
	assert_success
	assert_output --partial "alula played an advance"
}
