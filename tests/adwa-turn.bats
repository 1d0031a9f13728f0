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

# A step refused: exit 2, one line with the words given, nothing changed.
refused() {
	local words=$1
	shift
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire draw "$@"
	assert_one_line_error 2
	[[ "$stderr" == *$words* ]] || fail "stderr: $stderr"
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
}

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
	refused "exchange is behind him"*"(2.2, 9)" exchange healer --with mikael
	# a reaction is no step: a Healer may still be played (2.3)
	run umpire draw play healer
	assert_success
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
