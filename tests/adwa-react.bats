#!/usr/bin/env bats
# adwa-react: what an Adwa game waits for and what answers it, held in
# the saved game (rules/adwa/reference.txt): an Assassin drawn strikes at
# once and waits for its victim's answer, a Healer, an imperial Veto or
# none (2.1, 6, 10); Vetoes of actions, Disgraces and Mutinies (6, 8, 9);
# exposing the traitor (7); an Attack on a commander (11); secret results
# shown only to their owner (6); undo noted in the log; roles checked (1).
# A step refused exits 2 with its rule and leaves the file byte for byte.

load helpers
load adwa

# Seed 1, three commanders, hands of 24: 72 of the 74 cards without
# Assassins are dealt, so the draw pile is 2 cards and the 4 Assassins.
# Alula begins; the two cards on top are Assassins.  Alula holds one
# Healer, Menelik one Veto, Taitu two.
assassin_game() {
	new_game 1 --commanders menelik,taitu,alula --hand 24
}

count() {
	umpire draw hand "$1" --json | jq ".counts.$2 // 0"
}

idle_of() {
	umpire draw status --json | jq --arg c "$1" '.commanders[] | select(.name == $c) | .incapacitated'
}

@test "2.1: an Assassin waits for its victim's answer; nothing else may happen" {
	assassin_game
	run umpire draw --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" waiting
	assert_equal "$(jq -r .result.text <<<"$output")" \
		"alula drew 0 cards; an Assassin struck alula and waits for an answer"
	assert_equal "$(step_of)" react
	assert_equal "$(count alula healer)" 1
	# every other step, a second draw, an extra draw: refused (2.1)
	for cmd in "" "1" pass mutiny "exchange healer --with menelik" \
		"play attack" "expose" "play veto --from taitu"; do
		refused "struck alula"*"(2.1)" $cmd
	done
	# answers that do not fit: refused, and no card is drawn for them
	refused "name the imperial leader who vetoes with --by (6)" react veto
	refused "only Menelik or Taitu veto (6)" react veto --by alula
	refused "not 'menelik' (2.1)" react healer --by menelik
	refused "a Healer stops the Assassin: no die" react healer --roll 3
	refused "bad roll" react none --roll 7
	refused "not an answer: 'maybe'" react maybe
	assert_equal "$(umpire draw status --json | jq .piles.draw)" 5
}

@test "2.1: two Assassins and one Healer are two answers" {
	assassin_game
	umpire draw >/dev/null
	run umpire draw react healer --json
	assert_success
	# the Healer stops the first; the draw goes on and meets the second
	assert_equal "$(count alula healer)" 0
	assert_equal "$(step_of)" react
	assert_output --partial "alula's Healer stopped the Assassin"
	refused "alula holds no healer to stop the Assassin (2.1)" react healer
	run umpire draw react none --roll 4 --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" wounded
	# 10: a d6 of 4 own turns
	assert_equal "$(idle_of alula)" 4
	assert_equal "$(step_of)" exchange
	# 24 less the Healer; two Assassins out of play, none drawn into a hand
	assert_equal "$(umpire draw hand alula --json | jq '.cards | length')" 23
	assert_equal "$(umpire draw status --json | jq .piles.removed)" 2
	assert_equal "$(umpire draw log --json | jq -r '[.entries[].op] | join(" ")')" \
		"new draw react react"
	refused "no Assassin waits for an answer (2.1)" react none
	assert_equal "$(total)" 78
}

@test "2.1, 6, 10: an imperial Veto answers an Assassin; --veto stands while a Veto is held" {
	assassin_game
	# Menelik's one Veto stops the first; for the second he has none left
	run umpire draw --veto menelik --json
	assert_success
	assert_output --partial "menelik vetoed the Assassin that struck alula"
	assert_output --partial "cannot be made: menelik holds no veto (6)"
	assert_equal "$(step_of)" react
	assert_equal "$(count menelik veto)" 0
	# 10: an incapacitated imperial leader cannot veto
	cp "$(state)" "$BATS_TEST_TMPDIR/ok"
	jq -c '.players[2].idle = 2' "$BATS_TEST_TMPDIR/ok" >"$(state)"
	[ "$(jq -r '.players[2].name' "$(state)")" = taitu ]
	refused "'taitu' is incapacitated and cannot veto (10)" react veto --by taitu
	cp "$BATS_TEST_TMPDIR/ok" "$(state)"
	run umpire draw react veto --by taitu --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" vetoed
	assert_equal "$(count taitu veto)" 1
	assert_equal "$(idle_of alula)" 0
	assert_equal "$(step_of)" exchange
	assert_equal "$(total)" 78
}

@test "2.1: draw --roll is refused: the wound's die goes with react none" {
	assassin_game
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire draw --roll 4
	assert_one_line_error 2
	[[ "$stderr" == *"react none --roll N (2.1)"* ]]
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
}

@test "6, 8: a Disgrace is vetoed only by the other imperial leader" {
	new_game 1896
	for k in disgrace veto; do
		give "$k" menelik
	done
	give veto taitu
	at_act menelik 3
	run umpire draw play disgrace --with alula --roll 2
	assert_success
	refused "only the other imperial leader may veto menelik's Disgrace, not menelik (8)" \
		play veto --from menelik
	run umpire draw play veto --from taitu
	assert_success
	umpire draw undo >/dev/null
	umpire draw undo >/dev/null
	# Taitu as the target may still veto it: she is the other leader
	run umpire draw play disgrace --with taitu --roll 2
	assert_success
	run umpire draw react veto --by taitu --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" vetoed
	assert_equal "$(total)" 78
}

@test "6, 9: Menelik vetoes his own Mutiny; the card and the action stay spent" {
	new_game 1896
	give mutiny menelik
	give veto menelik
	at_act menelik 3
	jq -c '.turn.rolled = false' "$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	# one Mutiny: a 1 triggers it, the second die picks the army (9)
	run umpire draw mutiny --roll 1,3 --json
	assert_success
	# (the code was "mutiny" until a Mutiny was announced as a Defection is)
	assert_equal "$(jq -r .result.code <<<"$output")" defected
	run umpire draw play veto --from menelik --json
	assert_success
	assert_output --partial "menelik vetoed menelik's Mutiny"
	assert_equal "$(count menelik mutiny)" 0
	assert_equal "$(count menelik veto)" 0
	assert_equal "$(step_of)" draw
}

@test "7: the traitor is exposed by the one whose Spy found him, on a later turn" {
	new_game 1896
	set_roles alula mikael
	give spy menelik
	at_act menelik 3
	# the Spy's result is menelik's alone: the public output hides it
	run umpire draw play spy --with alula --roll 5 --json
	assert_success
	assert_equal "$(jq -r '.details.role // "hidden"' <<<"$output")" hidden
	[[ "$(jq -r '.steps[].text' <<<"$output")" != *traitor* ]]
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].text')" \
		"menelik investigated alula: success (d6 = 5)"
	run umpire draw roles --show menelik
	assert_output --partial "your Spy found in turn 3: alula is the traitor"
	# the turn is over: no exposure in it
	refused "turn is over"*"(2.3, 3)" expose
	# Taitu's Spy found nobody
	at_act taitu 4
	refused "taitu's Spy has identified no traitor"*"(7)" expose
	# an incapacitated investigator exposes nobody
	at_act menelik 10
	jq -c '.players |= map(if .name == "menelik" then .idle = 1 else . end)' \
		"$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	refused "'menelik' is incapacitated and can expose nobody (7)" expose
	jq -c '.players |= map(if .name == "menelik" then .idle = 0 else . end)' \
		"$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	refused "exposing the traitor is alula's ordinary action"*"(7)" expose --from alula
	n=$(umpire draw hand menelik --json | jq '.cards | length')
	run umpire draw expose --json
	assert_success
	assert_equal "$(jq -r .details.traitor <<<"$output")" alula
	# public and certain; it spends the action and no card
	assert_equal "$(umpire draw status --json | jq -r .exposed)" alula
	assert_equal "$(umpire draw hand menelik --json | jq '.cards | length')" "$n"
	assert_equal "$(step_of)" draw
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].text')" \
		"menelik exposed alula as the traitor"
	at_act menelik 17
	refused "alula is exposed already (7)" expose
}

@test "6: a Spy's finding and Support's card are shown only with --show for their owner" {
	new_game 1896
	set_roles alula mikael
	give spy menelik
	give support menelik
	at_act menelik 3
	refused "what a spy finds is for menelik alone"*"not 'taitu' (6)" \
		play spy --with alula --roll 5 --show taitu
	run umpire draw play spy --with alula --roll 5 --show menelik --json
	assert_success
	assert_equal "$(jq -r .details.role <<<"$output")" traitor
	assert_output --partial "for menelik's eyes only: alula is the traitor"
	umpire draw undo >/dev/null
	before=$(umpire draw hand menelik --json | jq -c '[.cards[].id]')
	run umpire draw play support --with taitu --json
	assert_success
	assert_equal "$(jq -r '.details.taken // "hidden"' <<<"$output")" hidden
	assert_output --partial "which, menelik alone sees"
	umpire draw undo >/dev/null
	run umpire draw play support --with taitu --show menelik --json
	assert_success
	taken=$(jq -r .details.taken <<<"$output")
	# the card shown is the one new in his hand
	new=$(umpire draw hand menelik --json | jq -r --argjson b "$before" \
		'[.cards[] | select(.id as $i | $b | index($i) | not)][0].card')
	assert_equal "$taken" "$new"
}

@test "11: an Attack on a commander costs him a contingent; on Italy it opens the battle" {
	new_game 1896
	give attack alula
	at_act alula 3
	run umpire draw play attack --with menelik --json
	assert_success
	assert_equal "$(jq -r .details.contingent_lost <<<"$output")" menelik
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1] | "\(.op): \(.text)"')" \
		"attack: alula attacked menelik: menelik loses a contingent"
	# exactly one contingent comes off the board: a new game's [3,3,2,2]
	# (4: two ready at stage 3, two at 2) loses its foremost, the first
	# at 3, giving [lost,3,2,2]
	assert_equal "$(stages menelik)" '["lost",3,2,2]'
	umpire draw undo >/dev/null
	run umpire draw play attack --json
	assert_success
	assert_equal "$(jq -r '.details.contingent_lost // "none"' <<<"$output")" none
	assert_output --partial "umpire crt -g adwa"
	# "an attack", not "a attack"
	assert_output --partial "alula plays an attack as his ordinary action"
}

@test "undo is noted in the log, in public words, and never undone itself" {
	new_game 1896
	umpire draw >/dev/null
	exchange_step
	run umpire draw undo
	assert_success
	run umpire draw log --json
	assert_equal "$(jq -r '.entries[-1] | "\(.n) \(.op): \(.text)"' <<<"$output")" \
		"5 undo: undone: 4. tekle-haymanot and mikael exchanged a card each"
	# the next undo takes back the offer before it, not the note
	run umpire draw undo
	assert_success
	assert_equal "$(umpire draw log --json | jq -r '[.entries[].op] | join(" ")')" \
		"new draw undo undo"
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].text')" \
		"undone: 3. tekle-haymanot offered mikael a card, face down"
	assert_equal "$(step_of)" exchange
	# no card is ever named in the log
	! umpire draw log | grep -Eq 'prophecy|shifta|healer|advance'
	umpire draw undo >/dev/null
	refused "nothing to undo" undo
}

@test "1: hand-edited roles are refused like a broken card list" {
	new_game 1896
	set_roles alula mikael
	cp "$(state)" "$BATS_TEST_TMPDIR/orig"
	for edit in \
		'.players[] |= (if .name == "menelik" then .role = "traitor" else . end)' \
		'.players[] |= (if .name == "alula" then .role = "spy" else . end)' \
		'.players[] |= (if .name == "alula" then .role = "wizard" else . end)' \
		'.players[] |= (if .name == "mikael" then .exposed = true else . end)' \
		'.roles = false'; do
		jq -c "$edit" "$BATS_TEST_TMPDIR/orig" >"$(state)"
		cp "$(state)" "$BATS_TEST_TMPDIR/bad"
		run --separate-stderr umpire draw status
		assert_one_line_error 3
		[[ "$stderr" == *"adwa.json"*"players"* ]] || fail "$edit: $stderr"
		cmp "$(state)" "$BATS_TEST_TMPDIR/bad"
	done
}

@test "1, 3: fewer than seven commanders: roles refused when the traitor's chance cannot hold, else a warning" {
	new_game 1 --commanders menelik,taitu,alula
	refused "two commanders besides Menelik and Taitu; this game has 1 (1)" roles
	umpire draw end --yes >/dev/null
	# (dealt at new since roles begin the game, 1: the warning with it)
	new_game 1 --commanders menelik,taitu,alula,mikael
	assert_output --partial "written for seven commanders"
	run umpire draw roles
	assert_success
}

@test "10: the end of a game shows every role at once" {
	new_game 1896
	umpire draw roles >/dev/null
	run umpire draw end --yes --json
	assert_success
	assert_equal "$(jq '.roles | length' <<<"$output")" 7
	assert_equal "$(jq '[.roles[] | select(. == "spy")] | length' <<<"$output")" 1
	assert_equal "$(jq -r '.roles.menelik' <<<"$output")" loyal
	run umpire draw list
	assert_output --partial "no saved games"
}

@test "discard is refused: the rules have no discard at will" {
	new_game 1896
	umpire draw >/dev/null
	refused "the rules allow no discard at will"*"(2.3, 6, 8)" discard prophecy
}

@test "wording: draw draw, her turns, -g adwa implied" {
	run --separate-stderr umpire draw draw
	assert_one_line_error 2
	[[ "$stderr" == *"the turn's draw is umpire draw alone"* ]]
	# no -g: adwa, the one game with a deck
	run umpire draw new --seed 1896 --json
	assert_success
	assert_equal "$(jq -r .game <<<"$output")" adwa
	give advance taitu
	at_act taitu 3
	jq -c '.players |= map(if .name == "taitu" then .idle = 2 else . end)' \
		"$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	refused "'taitu' is incapacitated for 2 more of her turns" play advance
}

@test "crt -g adwa: the same commander twice is refused" {
	run --separate-stderr umpire crt -g adwa 40:menelik,30:menelik 10,10,10
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: the same commander twice: 'menelik'"
}

@test "4, 6, 9: Imperial Dignity: the Veto card by default; a power with new --dignity power" {
	new_game 1896
	give withdraw alula
	at_act alula 3
	run umpire draw play withdraw
	assert_success
	refused "this game reads Imperial Dignity as the Veto card"* react dignity --by menelik
	umpire draw end --yes >/dev/null
	new_game 1896 --dignity power
	assert_output --partial "Imperial Dignity is read as a power"
	give withdraw alula
	give advance alula
	at_act alula 3
	n=$(umpire draw hand alula --json | jq '.cards | length')
	m=$(umpire draw hand menelik --json | jq -c .cards)
	run umpire draw play withdraw
	assert_success
	# the Withdraw spent, one card drawn to regroup: n - 1 + 1
	assert_equal "$(umpire draw hand alula --json | jq '.cards | length')" "$n"
	run umpire draw react dignity --by menelik --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" cancelled
	# 4: the withdrawal and its draw cancelled, the Withdraw still spent:
	# n - 1; no card of Menelik's spent
	assert_equal "$(umpire draw hand alula --json | jq '.cards | length')" $((n - 1))
	assert_equal "$(umpire draw hand menelik --json | jq -c .cards)" "$m"
	assert_equal "$(step_of)" draw
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].op')" dignity
	# an Advance is neither a Withdraw nor a defection (4, 9)
	at_act alula 10
	run umpire draw play advance
	assert_success
	refused "cancels a Withdraw with its draw or a defection"*"(4, 9)" \
		react dignity --by menelik
	assert_equal "$(total)" 78
}

@test "umpire-draw(1): the JSON examples render as JSON under mandoc and groff" {
	page="$BATS_TEST_DIRNAME/../man/umpire-draw.1"
	for render in "mandoc -Tascii" "groff -mdoc -Tascii"; do
		text=$($render "$page" 2>/dev/null | col -b)
		# each example runs from a line opening with {"game" to the
		# first line that ends with ]}
		examples=$(awk '/^[ \t]*\{"game"/ { on = 1 } on { print } on && /\]\}$/ { on = 0 }' <<<"$text")
		[ "$(grep -c '^[[:space:]]*{"game"' <<<"$examples")" = 2 ] || fail "$render: $examples"
		jq -e -s 'length == 2 and all(.[]; .game == "adwa")' <<<"$examples" >/dev/null ||
			fail "$render: not JSON: $examples"
	done
}
