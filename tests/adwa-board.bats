#!/usr/bin/env bats
# adwa-board: the board a saved Adwa game keeps (lib/games/adwa/adwa_board.c,
# adwa_clock.c): contingents on the approach (4), the Italian armies, the
# clock and the attack rolls (11), the cards that move them (4, 5, 6, 9,
# 11), `draw board`, `draw advance` and `draw clock` on it, and the battle
# `crt --name` takes from it.  Every refusal: exit 2 or 3, one line, the
# state file byte for byte as it was.  The game: --seed 2, menelik then
# taitu, menelik dealt advance advance healer healer; it meets no Assassin
# and no Mutiny in its first twelve cards drawn.  Cards a test needs are
# moved from the draw pile into a hand (give), the game still whole.

load helpers
load adwa

# Change the saved game by hand: a jq filter over the whole state.
edit() {
	jq -c "$1" "$(state)" >"$BATS_TEST_TMPDIR/edited"
	mv "$BATS_TEST_TMPDIR/edited" "$(state)"
}

# Move a card of kind $1 from the draw pile into $2's hand (a state still
# whole: every card in one place).
give() {
	edit "(.cards | to_entries | map(select(.value == \"$1\") | .key)) as \$ids |
	    ([.piles.draw[] | select(. as \$x | \$ids | index(\$x))][-1]) as \$id |
	    .piles.draw -= [\$id] |
	    (.players[] | select(.name == \"$2\") | .hand) += [\$id]"
}

refused() {
	local code=$1 words=$2
	shift 2
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire "$@"
	assert_one_line_error "$code"
	[[ "$stderr" == *$words* ]] || fail "stderr: $stderr"
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
}

two() {
	new_game "${1:-2}" --commanders menelik,taitu
}

# The turn's steps and a pass, if it is not over; at a round's end, the Italian advance with
# dice that add no strength (albertone, reinforcement die 6).
finish() {
	if [ "$(step_of)" != draw ]; then
		to_act
		umpire draw pass >/dev/null
	fi
	[ "$(board .owed)" != '"advance"' ] || umpire draw advance --roll 1,6 >/dev/null
}

@test "a new game's board: umpire's defaults" {
	new_game 1896
	run umpire draw board --json
	assert_success
	# two of four ready, two at stage 2 (4); the seven commanders' armies
	assert_equal "$(jq -c '[.board.commanders[] | {(.name): .strength}] | add' <<<"$output")" \
		'{"tekle-haymanot":10,"mikael":10,"mengesha":12,"alula":12,"makonnen":15,"menelik":30,"taitu":15}'
	assert_equal "$(jq -c '[.board.commanders[].stages] | unique' <<<"$output")" '[[3,3,2,2]]'
	assert_equal "$(jq -c '.board.commanders[0].contingents' <<<"$output")" \
		'["ready","ready","incomplete","incomplete"]'
	# 14 of 28 ready: 50%
	assert_equal "$(jq -c '[.ready, .contingents]' <<<"$output")" '[14,28]'
	assert_equal "$(jq -c '[.board.armies[].strength]' <<<"$output")" '[16,14,15]'
	assert_equal "$(jq -c '[.board.hours, .board.hours_per_round, .board.reserve, .board.battle]' <<<"$output")" \
		'[0,6,8,"none"]'
	assert_equal "$(jq -r .result.code <<<"$output")" no-battle
	run umpire draw board
	assert_success
	assert_line --partial "menelik, army 30: stages 3 3 2 2 (2 ready)"
	assert_line --partial "readiness: 14 of 28 contingents ready, 50%"
	# a commander the defaults do not name has an army of 10
	umpire draw end --yes >/dev/null
	new_game 3 --commanders ras-a,ras-b
	assert_equal "$(board '[.board.commanders[].strength]')" '[10,10]'
}

@test "4: a Raid held halves the Advance; undo takes the board back" {
	two
	umpire draw >/dev/null
	to_act
	give raid menelik
	umpire draw hand menelik --json | jq -e '.counts.raid and .counts.advance' >/dev/null
	cp "$(state)" "$BATS_TEST_TMPDIR/before-play"
	before=$(board .board)
	run umpire draw play advance --json
	assert_success
	# 4: half a stage: the third contingent, stage 2 -> 2.5, not ready
	assert_equal "$(stages menelik)" '[3,3,2.5,2]'
	assert_equal "$(jq -r .details.stage <<<"$output")" 2.5
	assert_equal "$(board .ready)" 4
	run umpire draw undo
	assert_success
	assert_equal "$(board .board)" "$before"
}

@test "5, 6: a pair takes 3 from the army named, not below 2; a Defection adds 5" {
	two
	umpire draw >/dev/null
	to_act
	give priest menelik
	give priest menelik
	run umpire draw play priest priest --army arimondi --json
	assert_success
	# 5: arimondi 14 - 3 = 11
	assert_equal "$(board '[.board.armies[].strength]')" '[16,11,15]'
	finish
	umpire draw >/dev/null
	to_act
	# never below 2: from 4, 4 - 3 = 1 is raised to the floor, 2
	edit '.board.armies[0].strength = 4'
	give monk taitu
	give monk taitu
	run umpire draw play monk monk --army albertone --json
	assert_success
	assert_equal "$(board '[.board.armies[].strength]')" '[2,11,15]'
	finish
	umpire draw >/dev/null
	to_act
	# no --army: umpire's choice for a pair is the strongest, dabormida
	give shifta menelik
	give shifta menelik
	umpire draw play shifta shifta >/dev/null
	assert_equal "$(board '[.board.armies[].strength]')" '[2,11,12]'
	refused 2 "not an Italian army"*"'ellena'" draw play advance --army ellena
}

# (This Defection was Taitu's until Menelik and Taitu were refused the
# card, as 1 and 6 have it: the traitor is never one of them.)
@test "6: a Defection: the traitor's foremost contingent goes, the army named +5" {
	new_game 2 --commanders menelik,taitu,alula,mikael
	set_roles alula mikael
	at_act alula 3
	give defection alula
	run umpire draw play defection --army arimondi --json
	assert_success
	assert_equal "$(stages alula)" '["lost",3,2,2]'
	assert_equal "$(board '[.board.armies[].strength]')" '[16,19,15]'
}

@test "4: a Withdraw with no contingent to move back is refused" {
	two
	umpire draw >/dev/null
	to_act
	give withdraw menelik
	edit '.board.commanders[0].stages = [1, "lost", 1, 1]'
	refused 2 "none of menelik's can"*"(4)" draw play withdraw
	# from 1.5 a contingent goes back to stage 1, no further
	edit '.board.commanders[0].stages = [1, "lost", 1.5, 1]'
	run umpire draw play withdraw
	assert_success
	assert_equal "$(stages menelik)" '[1,"lost",1,1]'
}

@test "11: the end of a round is owed before the next draw, once" {
	two
	refused 2 "end of a round" draw advance
	umpire draw >/dev/null
	to_act
	umpire draw pass >/dev/null
	# menelik's turn ended; taitu's is the last of round 1
	assert_equal "$(board .owed)" null
	refused 2 "end of a round" draw advance
	umpire draw >/dev/null
	to_act
	refused 2 "end of a round" draw advance
	umpire draw pass >/dev/null
	assert_equal "$(board .owed)" '"advance"'
	refused 2 "round 1 is over" draw
	refused 2 "--roll: advance takes 2 d6 here, not 3" draw advance --roll 1,2,3
	refused 2 "bad roll" draw advance --roll 7,1
	refused 2 "--name works on the saved game's board" draw advance --name adwa --positions 0,0,0
	# 11: d6 5 picks dabormida (5-6 of three); 4 is no gain
	run umpire draw advance --roll 5,4 --json
	assert_success
	assert_equal "$(jq -c '[.details.army, .details.position, .details.gain]' <<<"$output")" '["dabormida",1,0]'
	assert_equal "$(jq -r .roll_source <<<"$output")" player
	assert_equal "$(board '[.board.hours, .board.rounds_ended]')" '[6,1]'
	# the game's own dice, when none are given: repeatable from the seed
	umpire draw >/dev/null
	end_turn
	umpire draw >/dev/null
	to_act
	umpire draw pass >/dev/null
	cp "$(state)" "$BATS_TEST_TMPDIR/at-end"
	a=$(umpire draw advance --json | jq -c '[.details.army, .details.gain, .roll_source]')
	cp "$BATS_TEST_TMPDIR/at-end" "$(state)"
	b=$(umpire draw advance --json | jq -c '[.details.army, .details.gain, .roll_source]')
	assert_equal "$a" "$b"
	[[ "$a" == *'"seed"]' ]] || fail "$a"
	assert_equal "$(board .board.hours)" 12
}

@test "11: the attack rolls: not on the turn that closed up, then after every turn" {
	two
	umpire draw >/dev/null
	end_turn
	umpire draw >/dev/null
	to_act
	umpire draw pass >/dev/null
	# two armies in position, arimondi at 2: the round's end moves it
	edit '.board.armies[0].position = 3 | .board.armies[1].position = 2 |
	    .board.armies[2].position = 3'
	# one army below 3: no die picks it, the one die is its reinforcement
	run umpire draw advance --roll 1 --json
	assert_success
	assert_equal "$(jq -c '[.details.army, .details.position, .details.gain]' <<<"$output")" '["arimondi",3,1]'
	# all in position after turn 2: the first roll follows turn 3
	assert_equal "$(board .board.in_position_turn)" 2
	refused 2 "no attack roll on the turn that put the last army" draw clock
	umpire draw >/dev/null
	refused 2 "clock out of turn" draw clock
	to_act
	umpire draw pass >/dev/null
	assert_equal "$(board .owed)" '"clock"'
	refused 2 "attack roll follows menelik's turn" draw
	run umpire draw clock --roll 2 --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" hold
	refused 2 "clock out of turn" draw clock
	# taitu's turn ends round 2: the roll first, then the round's end
	umpire draw >/dev/null
	to_act
	umpire draw pass >/dev/null
	refused 2 "the attack roll after taitu's turn comes first" draw advance
	run umpire draw clock --roll 1 --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" attack
	assert_equal "$(board .board.battle)" '"italian-attack"'
	assert_equal "$(board .owed)" null
	refused 2 "battle has begun" draw advance
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].text')" \
		"attack roll 1: after turn 4, at 6 hours: The Italians launch the final battle at once."
}

@test "11: at 72 hours Italy forces the battle at the round's end" {
	two
	umpire draw >/dev/null
	end_turn
	umpire draw >/dev/null
	to_act
	umpire draw pass >/dev/null
	edit '.board.hours = 66'
	run umpire draw advance --roll 1,1 --json
	assert_success
	# 66 + 6 = 72: forced
	assert_equal "$(jq -r .result.code <<<"$output")" forced
	assert_equal "$(board '[.board.hours, .board.battle]')" '[72,"forced"]'
	run umpire crt -g adwa --name adwa --odds --json
	assert_success
	assert_equal "$(jq -r .battle <<<"$output")" forced
}

@test "a game saved before boards were kept loads; the board is said to be absent" {
	two
	umpire draw >/dev/null
	to_act
	edit 'del(.board)'
	run umpire draw board --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" no-board
	assert_equal "$(jq .board <<<"$output")" null
	run umpire draw status
	assert_success
	# the cards still play; the board is left to paper
	run umpire draw play advance
	assert_success
	assert_line --partial "keeps no board"
	umpire draw >/dev/null
	end_turn
	refused 2 "keeps no board"*"--positions" draw advance
	# --positions and --hours still work, without the saved game
	run umpire draw -g adwa advance --positions 0,0,0 --roll 1,1 --json
	assert_success
	assert_equal "$(jq -r .army <<<"$output")" albertone
	refused 2 "keeps no board" crt -g adwa --name adwa --roll 3,3
}

@test "a hand-broken board is refused with exit 3, naming the value" {
	two
	umpire draw >/dev/null
	cp "$(state)" "$BATS_TEST_TMPDIR/good"
	for bad in '.board.commanders[0].stages[2] = 4#stage#4' \
		'.board.commanders[1].stages[0] = 2.3#stage#2.3' \
		'.board.commanders[0].stages[1] = "ready"#stage is 1, 1.5' \
		'.board.armies[1].position = 7#position#7' \
		'.board.armies[2].strength = -1#strength#-1' \
		'.board.hours = 1e300#hours#1e+300' \
		'.board.rounds_ended = 5#rounds_ended#5' \
		'.board.battle = "maybe"#battle#maybe' \
		'.board.armies[0].name = "ellena"#albertone#ellena' \
		'.board.commanders[0].name = "taitu"#commanders#taitu' \
		'.board.commanders |= .[0:1]#2 expected#1' \
		'.board = [1]#board: an object#'; do
		IFS='#' read -r filter what value <<<"$bad"
		cp "$BATS_TEST_TMPDIR/good" "$(state)"
		edit "$filter"
		for cmd in "draw board" "draw status" "draw pass" "draw advance" \
			"crt -g adwa --name adwa --roll 3,3"; do
			# shellcheck disable=SC2086
			refused 3 "$what" $cmd
			[ -z "$value" ] || [[ "$stderr" == *"'$value"* ]] ||
				fail "$filter: $stderr"
		done
	done
	# list marks the game damaged, saying why
	run umpire draw list
	assert_success
	assert_output --partial "damaged: board: an object expected"
}

@test "crt --name: bad requests, and the same commander twice" {
	refused_nogame() {
		run --separate-stderr umpire "$@"
		assert_one_line_error 2
	}
	refused_nogame crt -g adwa --name nosuch --roll 3,3
	[[ "$stderr" == *"no saved game 'nosuch'"* ]]
	refused_nogame crt -g adwa --name Bad! --roll 3,3
	two
	refused 2 "saved game's board gives it" crt -g adwa --name adwa 40 20,15,18
	refused 2 "saved game's board gives it" crt -g adwa --name adwa --reserve 3
	refused 2 "exclude each other" crt -g adwa --name adwa --odds --roll 3,3
	refused 2 "does not apply" crt -g adwa --name adwa --terrain mountain
	refused 2 "the same commander twice: 'menelik'" \
		crt -g adwa 40:menelik,30:menelik 20,15,18 --roll 4,3
	# before the battle: the battle as the board stands, said so
	run umpire crt -g adwa --name adwa --roll 3,3 --json
	assert_success
	assert_equal "$(jq -r .battle <<<"$output")" none
	# menelik 30 x 0.6 + taitu 15 x 0.6 = 27; Italy 16 + 14 + 15 + 8 = 53
	assert_equal "$(jq -c '[.attack, .defense]' <<<"$output")" '[27,53]'
	# batch lines may name the game too
	run umpire crt -g adwa --batch <<<'{"name": "adwa", "roll": [6, 1]}'
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" italy
}
