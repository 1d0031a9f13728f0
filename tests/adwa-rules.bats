#!/usr/bin/env bats
# adwa-rules: rules of Adwa 1896 that umpire once got wrong, each worked
# from the text of rules/adwa/reference.txt (issue 40): whose turn is
# checked before anyone's role (1, 2.3); Menelik and Taitu never play a
# Defection nor veto their own action (1, 6); the veto window of a
# Disgrace (8); a Healer only against an Assassin that waits (2.1, 2.3);
# the decisive battle fought once and the game over (10, 11); a Spy's
# finding of the traitor kept (7); a wound over with its last turn, and
# not healed by a Disgrace (8, 10, 11); a cancelled Withdraw's draw and
# Imperial Dignity on a Withdraw whose draw met an Assassin (4); no extra
# draw (2.1); the words of a few refusals.

load helpers
load adwa

# Move a card of kind $1 (the first from the draw pile, else from a hand)
# to the top of the draw pile: the next card drawn.
on_top() {
	jq -c --arg k "$1" '(.cards | to_entries | map(select(.value == $k) |
		.key)) as $ids | ([.piles.draw[] | select(. as $x | $ids |
		index($x))] + $ids)[0] as $id | .players |= map(.hand -= [$id]) |
		.piles |= map_values(. - [$id]) | .piles.draw += [$id]' \
		"$(state)" >"$BATS_TEST_TMPDIR/top"
	cp "$BATS_TEST_TMPDIR/top" "$(state)"
}

idle_of() {
	umpire draw status --json | jq --arg c "$1" \
		'.commanders[] | select(.name == $c) | .incapacitated'
}

count() {
	umpire draw hand "$1" --json | jq ".counts.$2 // 0"
}

@test "1, 2.3: out of turn, a Defection is refused alike for the traitor and the loyal" {
	new_game 1896
	set_roles alula mikael
	give defection alula
	give defection mikael
	at_act menelik 3
	# the turn is checked first: nothing in the refusal tells who is what
	refused "it is menelik's turn, not 'alula'"*"(2.3)" play defection --from alula
	a=${stderr//alula/X}
	refused "it is menelik's turn, not 'mikael'"*"(2.3)" play defection --from mikael
	assert_equal "${stderr//mikael/X}" "$a"
	# nor whether he holds the card
	refused "it is menelik's turn, not 'makonnen'"*"(2.3)" play defection --from makonnen
	assert_equal "${stderr//makonnen/X}" "$a"
}

@test "1, 6: Menelik and Taitu never play a Defection, roles dealt or not" {
	new_game 1896
	give defection taitu
	at_act taitu 3
	# no roles dealt: still refused, for neither of them is ever the traitor
	refused "only the traitor may play a defection (6): not 'taitu'" play defection
	set_roles alula mikael
	refused "only the traitor may play a defection (6): not 'taitu'" play defection
}

@test "6: Menelik and Taitu never veto their own chosen action, Veto or Dignity" {
	new_game 1896 --dignity power
	give withdraw taitu
	give veto taitu
	at_act taitu 3
	run umpire draw play withdraw
	assert_success
	refused "taitu cannot veto her own chosen action (6)" play veto --from taitu
	refused "taitu cannot veto her own chosen action (6)" react dignity --by taitu
	run umpire draw react dignity --by menelik
	assert_success
}

@test "8: the target of a Disgrace that succeeded may still be saved by the other leader's Veto" {
	new_game 1896
	give disgrace menelik
	give veto taitu
	at_act menelik 3
	n=$(umpire draw hand taitu --json | jq '.cards | length')
	run umpire draw play disgrace --with taitu --roll 5 --json
	assert_success
	assert_equal "$(jq -r .details.outcome <<<"$output")" disgraced
	# the veto window comes before the command is lost: Taitu, the other
	# imperial leader, vetoes the attempt on herself
	run umpire draw react veto --by taitu --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" vetoed
	run umpire draw status --json
	assert_equal "$(jq '.commanders[] | select(.name == "taitu") | .disgraced' <<<"$output")" false
	# her hand is hers again, less the Veto she spent
	assert_equal "$(umpire draw hand taitu --json | jq '.cards | length')" $((n - 1))
	assert_equal "$(count menelik disgrace)" 0
	assert_equal "$(total)" 78
}

@test "2.1, 2.3: a Healer is played only against an Assassin that waits" {
	new_game 1 --commanders menelik,taitu,alula --hand 24
	at_act alula 3
	refused "only against an Assassin that waits"*"(2.1, 2.3)" play healer --from alula
	assert_equal "$(count alula healer)" 1
	umpire draw end --yes >/dev/null
	new_game 1 --commanders menelik,taitu,alula --hand 24
	# alula draws an Assassin (the two cards on top are Assassins)
	run umpire draw
	assert_success
	assert_equal "$(step_of)" react
	refused "for the commander it struck, alula, not 'menelik' (2.1)" play healer --from menelik
	run umpire draw play healer --from alula --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" healed
	assert_equal "$(count alula healer)" 0
}

@test "11, 10: once the battle begins nothing else is played; it is fought once, then roles are shown" {
	new_game 1896
	set_roles alula mikael
	give attack alula
	give veto menelik
	at_act alula 3
	run umpire draw play attack
	assert_success
	# nothing else: no Veto of it, no pass, no draw
	refused "the decisive battle has begun"*"(11)" play veto --from menelik
	refused "the decisive battle has begun"*"(11)" react veto --by menelik
	refused "battle has begun"*"(11)" advance
	run umpire draw battle --roll 4,3 --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" ethiopia
	# every role is shown after the battle, and the log keeps them
	assert_equal "$(jq -r .details.roles.alula <<<"$output")" traitor
	assert_equal "$(jq -r .details.roles.mikael <<<"$output")" spy
	assert_output --partial "alula was the traitor"
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].op')" battle
	[[ "$(umpire draw log --json | jq -r '.entries[-1].text')" == *"alula was the traitor"* ]]
	# recorded once: no second battle, no other dice, and the game is over
	refused "was fought, d6 4 for Ethiopia and 3 for Italy"*"(11)" battle --roll 6,1
	run --separate-stderr umpire crt -g adwa --name adwa --roll 6,1
	assert_one_line_error 2
	[[ "$stderr" == *"fought with 4,3"* ]]
	run umpire crt -g adwa --name adwa --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" ethiopia
	refused "the game is over"*"(11)" 1
	assert_equal "$(board .board.fought.winner)" '"ethiopia"'
}

@test "11: a battle is fought only once it has begun; on a saved game too" {
	umpire game new tue -g adwa >/dev/null
	umpire --saved tue --seed 5 draw new --commanders menelik,taitu,alula >/dev/null
	run --separate-stderr umpire --saved tue draw battle
	assert_one_line_error 2
	[[ "$stderr" == *"battle out of turn"*"(11)"* ]]
}

@test "7: a Spy's finding of the traitor stays known after a later Spy finds the loyal" {
	new_game 1896
	set_roles alula mikael
	give spy menelik
	give spy menelik
	at_act menelik 3
	run umpire draw play spy --with alula --roll 5
	assert_success
	at_act menelik 10
	run umpire draw play spy --with mikael --roll 5
	assert_success
	at_act menelik 17
	run umpire draw expose --json
	assert_success
	assert_equal "$(jq -r .details.traitor <<<"$output")" alula
}

@test "10: a wound is over with the last turn out, not at the next draw" {
	new_game 1 --commanders menelik,taitu,alula --hand 24
	# alula begins and meets an Assassin: wounded for 1 own turn
	umpire draw >/dev/null
	umpire draw react healer >/dev/null
	umpire draw react none --roll 1 >/dev/null
	assert_equal "$(idle_of alula)" 1
	end_turn
	# the turn of the wound does not count (10)
	assert_equal "$(idle_of alula)" 1
	next_turn
	end_turn
	next_turn
	end_turn
	# alula's own turn, sat out: over the moment it ends
	umpire draw >/dev/null
	answer_none
	assert_equal "$(turn_of)" alula
	to_act
	umpire draw pass >/dev/null
	assert_equal "$(idle_of alula)" 0
}

@test "8, 10, 11: a Disgrace does not heal a wound: the command counts 70%" {
	new_game 1896
	give disgrace menelik
	at_act menelik 3
	jq -c '(.players[] | select(.name == "alula")) |= (.idle = 3 | .idle_from = 1)' \
		"$(state)" >"$BATS_TEST_TMPDIR/w"
	cp "$BATS_TEST_TMPDIR/w" "$(state)"
	run umpire draw play disgrace --with alula --roll 6
	assert_success
	assert_equal "$(idle_of alula)" 3
	# alula 12, [3,3,2,2]: 12 x (0.25 + 0.25 + 0.05 + 0.05) x 0.7 = 5.04
	run umpire crt -g adwa --name adwa --roll 1,1 --json
	assert_success
	assert_equal "$(jq -r '.steps[].text' <<<"$output" | grep '^alula')" \
		"alula: army 12, 2 ready, 2 incomplete, 0 lost, incapacitated x 0.7 = 5.04"
}

@test "4: a cancelled Withdraw's regroup card is shuffled back, not left on top" {
	new_game 1896
	give withdraw alula
	give veto menelik
	at_act alula 3
	run umpire draw play withdraw --json
	assert_success
	card=$(jq .details.cards[0].id <<<"$output")
	run umpire draw play veto --from menelik
	assert_success
	assert_output --partial "shuffled in"
	# back in the draw pile, not in a hand, and not its top card
	jq -e --argjson c "$card" '.piles.draw | index($c)' "$(state)" >/dev/null
	[ "$(jq '.piles.draw[-1]' "$(state)")" != "$card" ]
	assert_equal "$(total)" 78
}

@test "4: Imperial Dignity cancels a Withdraw and its draw, even when the draw met an Assassin" {
	new_game 1896 --dignity power
	give withdraw alula
	at_act alula 3
	on_top assassin
	run umpire draw play withdraw
	assert_success
	assert_equal "$(step_of)" react
	# cancelled while the Assassin waits: it was never drawn
	run umpire draw react dignity --by menelik --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" cancelled
	assert_equal "$(step_of)" draw
	assert_equal "$(umpire draw status --json | jq .piles.removed)" 0
	assert_equal "$(idle_of alula)" 0
	assert_equal "$(total)" 78
	# and once the Assassin was answered: the wound goes with the draw
	umpire draw undo >/dev/null
	run umpire draw react none --roll 3
	assert_success
	assert_equal "$(idle_of alula)" 3
	run umpire draw react dignity --by menelik
	assert_success
	assert_equal "$(idle_of alula)" 0
	assert_equal "$(umpire draw status --json | jq .piles.removed)" 0
	assert_equal "$(total)" 78
}

@test "2.1: no extra draw: --to only names whose turn's draw it is" {
	new_game 1896
	refused "the turn's draw is tekle-haymanot's, not 'menelik'"*"(2.1, 3, 4)" 1 --to menelik
	run umpire draw --to tekle-haymanot --json
	assert_success
	assert_equal "$(jq -r .commander <<<"$output")" tekle-haymanot
	refused "turn" 1 --to mikael
}

@test "words: an attack, Imperial Dignity, 1 own turn, the round begun, a veto after an exposure" {
	new_game 1896
	give attack alula
	at_act alula 3
	refused "an attack is played against another commander, not 'alula'" \
		play attack --with alula
	umpire draw end --yes >/dev/null
	new_game 1896 --dignity power
	refused "Imperial Dignity answers a chosen action" react dignity --by menelik
	! grep -q "1 of his own turn\." "$TOP/rules/adwa/assassination.json"
	# a Veto after an exposure: the exposure cannot be unsaid (6, 7)
	set_roles alula mikael
	give veto menelik
	jq -c '(.players[] | select(.name == "taitu")) |= (.found = "alula" | .found_turn = 1)' \
		"$(state)" >"$BATS_TEST_TMPDIR/f"
	cp "$BATS_TEST_TMPDIR/f" "$(state)"
	at_act taitu 3
	run umpire draw expose
	assert_success
	refused "an exposure is not cancelled"*"(6, 7)" play veto --from menelik
}

@test "3, 11: after the round's end is made, the next draw says the round begins" {
	new_game 2 --commanders menelik,taitu
	umpire draw >/dev/null
	end_turn
	umpire draw >/dev/null
	end_turn
	run umpire draw
	assert_success
	assert_output --partial "round 2 begins"
	refute_output --partial "round 1 is over"
}

# ---- secrets (1, 9, 10) ----

@test "9: a triggered Mutiny and a Defection look alike on the screen, in the JSON and the log" {
	new_game 1896
	set_roles alula mikael
	give mutiny makonnen
	give mutiny makonnen
	give defection alula
	at_act makonnen 3
	jq -c '.turn.rolled = false' "$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	# the first die triggers; the army die 1 picks albertone
	run umpire draw mutiny --roll 1,6,1 --json
	assert_success
	m=$(jq -c 'del(.piles) | walk(if type == "string" then gsub("makonnen"; "X") else . end)' <<<"$output")
	run umpire draw mutiny --roll 1,6,1 --json
	ml=$(umpire draw log --json | jq -r '.entries[-1] | "\(.op) \(.text)"')
	umpire draw undo >/dev/null
	run umpire draw mutiny --roll 1,6,1
	mt=$(tr -s ' ' <<<"${output//makonnen/X}")
	umpire draw undo >/dev/null
	at_act alula 4
	run umpire draw play defection --army albertone --json
	assert_success
	d=$(jq -c 'del(.piles) | walk(if type == "string" then gsub("alula"; "X") else . end)' <<<"$output")
	assert_equal "$d" "$m"
	dl=$(umpire draw log --json | jq -r '.entries[-1] | "\(.op) \(.text)"')
	assert_equal "${dl//alula/X}" "${ml//makonnen/X}"
	umpire draw undo >/dev/null
	run umpire draw play defection --army albertone
	assert_equal "$(tr -s ' ' <<<"${output//alula/X}")" "$mt"
}

@test "9: the Mutiny step tells nobody how many Mutiny cards are held" {
	new_game 1896
	give mutiny makonnen
	give mutiny makonnen
	at_act makonnen 3
	jq -c '.turn.rolled = false' "$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	run umpire draw mutiny --roll 6,6 --json
	assert_success
	two=$(jq -c 'del(.piles)' <<<"$output")
	[[ "$two" != *held* ]] || fail "$two"
	run umpire draw mutiny --roll 6,6
	refute_output --partial "Mutiny 2 of 2"
	refute_output --partial "d6"
	umpire draw undo >/dev/null
	# none held: the same answer, word for word
	at_act mikael 4
	jq -c '.turn.rolled = false' "$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	[ "$(count mikael mutiny)" = 0 ]
	run umpire draw mutiny --json
	assert_equal "$(jq -c 'del(.piles) | walk(if type == "string" then gsub("mikael"; "X") else . end)' <<<"$output")" \
		"$(jq -c 'walk(if type == "string" then gsub("makonnen"; "X") else . end)' <<<"$two")"
}

# A game of three whose commanders chose PINs (new --pins, from
# UMPIRE_PINS as a script gives them): alula begins.
pinned_game() {
	UMPIRE_PINS=menelik:1111,taitu:2222,alula:3333 \
		run --separate-stderr umpire draw -g adwa new --seed 1 \
		--commanders menelik,taitu,alula --pins
	assert_success
}

@test "1, 10: behind a PIN a hand, a role and a Spy's finding are shown only to it" {
	pinned_game
	# the file keeps no PIN, only its hash
	! grep -q '3333' "$(state)"
	unset UMPIRE_PIN
	# no terminal (setsid) and no UMPIRE_PIN: refused, nothing shown
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr setsid -w umpire draw hand alula
	assert_one_line_error 2
	[[ "$stderr" == *"alula's PIN is asked at the terminal"* ]]
	UMPIRE_PIN=1111 run --separate-stderr umpire draw hand alula
	assert_one_line_error 2
	[[ "$stderr" == *"not alula's PIN: nothing is shown"* ]]
	UMPIRE_PIN=3333 run umpire draw hand alula --json
	assert_success
	assert_equal "$(jq '.cards | length' <<<"$output")" 4
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
	# the turn's draw shows no card to the table
	UMPIRE_PIN=3333 run umpire draw --json
	assert_success
	assert_equal "$(jq -c .details.cards <<<"$output")" null
	assert_equal "$(jq .details.drawn <<<"$output")" 2
	# a role, and a Spy's finding with --show
	set_roles "" alula
	run --separate-stderr env UMPIRE_PIN=1111 umpire draw roles --show alula
	assert_one_line_error 2
	[[ "$stderr" == *"not alula's PIN"* ]]
	UMPIRE_PIN=3333 run umpire draw roles --show alula --json
	assert_success
	assert_equal "$(jq -r .role <<<"$output")" spy
	give spy menelik
	at_act menelik 3
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	UMPIRE_PIN=3333 run --separate-stderr umpire draw play spy --with alula \
		--roll 5 --show menelik
	assert_one_line_error 2
	[[ "$stderr" == *"not menelik's PIN"* ]]
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
	UMPIRE_PIN=1111 run umpire draw play spy --with alula --roll 5 \
		--show menelik --json
	assert_success
	assert_equal "$(jq -r .details.role <<<"$output")" spy
}

@test "2.2: the card of an exchange may be given out of the command line" {
	pinned_game
	umpire draw >/dev/null
	answer_none
	c=$(UMPIRE_PIN=3333 umpire draw hand alula --json)
	card=$(jq -r '.cards[0].card' <<<"$c")
	UMPIRE_CARD=$card run umpire draw exchange --with menelik
	assert_success
	assert_output --partial "alula's card is locked in, face down"
	# nothing typed, no terminal: refused
	run --separate-stderr setsid -w umpire draw exchange --with alula
	assert_one_line_error 2
	[[ "$stderr" == *"UMPIRE_CARD"* ]]
}

@test "1: the roles are dealt at new, in secret" {
	new_game 1896
	# nothing of the new game's output names a role
	[[ "$output" != *'"role"'* ]]
	for c in alula mikael makonnen mengesha tekle-haymanot; do
		run umpire draw roles --show "$c" --json
		assert_success
	done
	assert_equal "$(jq '[.players[].role] | map(select(. == "spy")) | length' "$(state)")" 1
	assert_equal "$(jq -c '[.players[] | select(.name == "menelik" or .name == "taitu") | .role]' "$(state)")" \
		'["loyal","loyal"]'
	assert_equal "$(umpire draw log --json | jq -r '[.entries[].op] | join(",")')" new
	# (the hands and piles are those of a deal without roles, from a
	# generator of their own: the seeded hands that adwa-game.bats and
	# adwa-board.bats name are unchanged)
}

@test "11: advance and clock --odds on a saved game read its board" {
	new_game 1896
	jq -c '.board.armies[0].position = 3 | .board.armies[1].position = 2' \
		"$(state)" >"$BATS_TEST_TMPDIR/b"
	cp "$BATS_TEST_TMPDIR/b" "$(state)"
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	# albertone in position: arimondi and dabormida share the die, 1-3 and
	# 4-6, each gaining 1 on a 1 or 2 of the second
	run umpire draw advance --name adwa --odds --json
	assert_success
	assert_equal "$(jq -c '[.outcomes[] | .probability * 6 | round]' <<<"$output")" '[1,2,1,2]'
	run umpire draw clock --name adwa --odds --json
	assert_success
	assert_equal "$(jq -r '.outcomes[0].code' <<<"$output")" not-in-position
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
	refused "--positions does not apply" advance --name adwa --odds --positions 1,1,1
}
