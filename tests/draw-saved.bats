#!/usr/bin/env bats
# draw with a saved game (--saved, $UMPIRE_SAVED): the Adwa deck is the
# saved game's part "deck", each change one step of its log, undone by
# `game undo`, each verb taken in the phase of rules/adwa/sequence.json
# that names it (phases from 0: draw 0, exchange 1, mutiny 2, act 3,
# clock 4); an old store of the same name (draw --name) is read in once,
# never lost.  The saved game's log is the table's: it never names a
# card of a hand nor a role (adwa 1, 2.2, 9).
#
# The game played: --seed 5, commanders menelik,taitu,ras-alula, dealt
# in the order taitu, menelik, ras-alula; taitu draws shuffle and mutiny
# and holds a priest, menelik holds a shuffle.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

draw() {
	run --separate-stderr umpire --saved tue draw "$@"
}

# a saved game of Adwa with its deck dealt (step 1 of its log)
new_tue() {
	umpire game new tue -g adwa >/dev/null
	umpire --saved tue --seed 5 draw new \
	    --commanders "${1:-menelik,taitu,ras-alula}" >/dev/null
}

next() {
	umpire --saved tue game next >/dev/null
}

# the card ids in every hand now, one a line
hand_cards() {
	local who
	for who in $(jq -r '.parts.deck.players[].name' "$(file tue)"); do
		umpire --saved tue --json draw hand "$who" | jq -r '.cards[].card'
	done | sort -u
}

@test "a turn played on a saved game: each draw step is one step of its log" {
	new_tue
	assert_equal "$(jq -r '.log[0].step' "$(file tue)")" \
	    "game 'tue' begun by 3 commanders"
	assert_equal "$(jq -r '.parts.deck.name' "$(file tue)")" tue
	# no store of the old kind is made
	assert_file_not_exists "$XDG_STATE_HOME/umpire/decks/tue.json"
	draw --json
	assert_success
	assert_equal "$(json_get .saved <<<"$output")" tue
	assert_equal "$(json_get .step <<<"$output")" 2
	next
	draw exchange priest --with menelik
	assert_success
	draw exchange shuffle --from menelik --with taitu
	assert_success
	next
	draw mutiny --roll 3
	assert_success
	next
	draw pass
	assert_success
	assert_equal "$(jq -r '[.log[].step] | join("|")' "$(file tue)")" \
	    "game 'tue' begun by 3 commanders|taitu drew 2 cards|turn 1, exchange phase|taitu offered menelik a card, face down|taitu and menelik exchanged a card each|turn 1, mutiny phase|taitu made the Mutiny step: no defection|turn 1, act phase|taitu ended the turn without an action"
	# the deck's own log and status read the part as they read a store
	draw log --json
	assert_success
	assert_equal "$(json_get '[.entries[].op] | join(",")' <<<"$output")" \
	    "new,draw,exchange,exchange,mutiny,pass"
	draw status --json
	assert_equal "$(json_get .turn.commander <<<"$output")" taitu
	assert_equal "$(json_get .turn.acted <<<"$output")" true
	assert_equal "$(json_get .cards <<<"$output")" 78
}

@test "game undo takes a draw step back, parts.deck byte for byte" {
	new_tue
	draw
	next
	jq -S .parts.deck "$(file tue)" >"$BATS_TEST_TMPDIR/before"
	draw exchange priest --with menelik
	assert_success
	jq -S .parts.deck "$(file tue)" >"$BATS_TEST_TMPDIR/after"
	! cmp -s "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
	umpire --saved tue game undo >/dev/null
	jq -S .parts.deck "$(file tue)" | cmp - "$BATS_TEST_TMPDIR/before"
	# undone to the first step: no deck is left, and no store either
	umpire --saved tue game undo >/dev/null
	umpire --saved tue game undo >/dev/null
	umpire --saved tue game undo >/dev/null
	assert_equal "$(jq -c .parts "$(file tue)")" "{}"
	draw status
	assert_one_line_error 2
	assert_equal "$stderr" "umpire draw: saved game 'tue' has no deck yet (umpire --saved tue draw new deals one)"
}

@test "draw undo and draw end are refused with a saved game, naming game's own" {
	new_tue
	draw
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	draw undo
	assert_one_line_error 2
	assert_equal "$stderr" "umpire draw: draw undo: the deck is part of saved game 'tue': umpire game undo takes back its last step"
	draw end --yes
	assert_one_line_error 2
	[[ "$stderr" == *"umpire game end ends it"* ]]
	# $UMPIRE_SAVED names it the same
	UMPIRE_SAVED=tue run --separate-stderr umpire draw undo
	assert_one_line_error 2
	# a second deal, and --name beside --saved
	draw new
	assert_one_line_error 2
	[[ "$stderr" == *"saved game 'tue' has a deck already"* ]]
	draw status --name other
	assert_one_line_error 2
	assert_equal "$stderr" "umpire draw: --name keeps a deck in a file of its own; saved game 'tue' keeps its deck itself: leave out --name: 'other'"
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
}

@test "2.2, 9: a draw step out of its phase is refused citing the phase" {
	new_tue
	draw
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	# the deck allows the exchange now, the saved game's phase does not
	draw exchange priest --with menelik
	assert_one_line_error 2
	assert_equal "$stderr" "umpire draw: draw exchange belongs to the exchange phase (2.2); saved game 'tue' is in the draw phase of turn 1: 'umpire game next' moves on"
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	next
	draw exchange priest --with menelik
	draw exchange shuffle --from menelik --with taitu
	assert_success
	# the exchange made, the deck takes the Mutiny step; the phase is
	# still the exchange's
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	draw mutiny --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire draw: draw mutiny belongs to the mutiny phase (9); saved game 'tue' is in the exchange phase of turn 1: 'umpire game next' moves on"
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	# a verb of no phase (a hand shown, the roles dealt) is taken in any
	draw hand taitu
	assert_success
}

@test "a second process is refused with exit 5 while the saved game is locked" {
	new_tue
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	flock "$XDG_STATE_HOME/umpire/games/tue.lock" sleep 3 &
	sleep 0.3
	UMPIRE_LOCK_TIMEOUT=0.2 draw
	assert_one_line_error 5
	# reading needs no lock
	draw status
	assert_success
	wait
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
}

@test "a broken deck part is reported with the file and the member, and never written" {
	new_tue
	f=$(file tue)
	jq '.parts.deck.players[0].hand = [999]' "$f" >"$f.x"
	mv "$f.x" "$f"
	cp "$f" "$BATS_TEST_TMPDIR/before"
	draw
	assert_one_line_error 3
	assert_equal "$stderr" "umpire draw: $f: parts.deck: taitu's hand: no card numbered 999 (the file is left as it is)"
	draw status
	assert_one_line_error 3
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	jq '.parts.deck = [1]' "$BATS_TEST_TMPDIR/before" >"$f"
	cp "$f" "$BATS_TEST_TMPDIR/before"
	draw
	assert_one_line_error 3
	[[ "$stderr" == "umpire draw: $f: parts.deck: "* ]]
	cmp "$f" "$BATS_TEST_TMPDIR/before"
}

@test "an old store of the saved game's name is read in once, logged, and kept" {
	umpire --seed 5 draw new --name tue --commanders menelik,taitu,ras-alula \
	    >/dev/null
	umpire draw --name tue >/dev/null
	old="$XDG_STATE_HOME/umpire/decks/tue.json"
	cp "$old" "$BATS_TEST_TMPDIR/old"
	umpire game new tue -g adwa >/dev/null
	# a reading command reads it as the game's, and writes nothing
	draw status --json
	assert_success
	assert_equal "$(json_get .turn.drawn <<<"$output")" true
	[[ "$(json_get .old_deck_file <<<"$output")" == *"its first change makes it part of it" ]]
	cmp "$old" "$BATS_TEST_TMPDIR/old"
	assert_equal "$(jq -c .parts "$(file tue)")" "{}"
	# a new deal is refused over it
	draw new
	assert_one_line_error 2
	# the first change: the import, then the step
	next
	draw exchange priest --with menelik --json
	assert_success
	[[ "$(json_get .old_deck_file <<<"$output")" == *"the file is kept as $old.imported" ]]
	assert_equal "$(jq -r '.log[1].step' "$(file tue)")" "deck read in from $old"
	assert_equal "$(jq -r '.log[2].step' "$(file tue)")" \
	    "taitu offered menelik a card, face down"
	assert_file_not_exists "$old"
	cmp "$old.imported" "$BATS_TEST_TMPDIR/old"
	# the old store's log goes on in the part
	assert_equal "$(jq -r '[.parts.deck.log[].op] | join(",")' "$(file tue)")" \
	    "new,draw,exchange"
	# read once: a new store of the name is not read over the part
	umpire draw new --name tue >/dev/null
	draw status --json
	assert_success
	assert_equal "$(json_get .old_deck_file <<<"$output")" \
	    "$old is not read: saved game tue has its own deck"
	# undoing both steps leaves the kept file as it was
	umpire --saved tue game undo >/dev/null
	umpire --saved tue game undo >/dev/null
	assert_equal "$(jq -c .parts "$(file tue)")" "{}"
	cmp "$old.imported" "$BATS_TEST_TMPDIR/old"
}

@test "an old store that cannot be read in is refused naming it, and left as it is" {
	umpire game new tue -g adwa >/dev/null
	mkdir -p "$XDG_STATE_HOME/umpire/decks"
	old="$XDG_STATE_HOME/umpire/decks/tue.json"
	echo '{"format":"umpire-deck-state/1","game":"adwa"' >"$old"
	cp "$old" "$BATS_TEST_TMPDIR/old"
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	draw
	assert_one_line_error 3
	[[ "$stderr" == *"$old"* ]]
	cmp "$old" "$BATS_TEST_TMPDIR/old"
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
}

@test "1, 2.2, 9: the saved game's log never names a card of a hand or a role" {
	# dealt in the order ras-makonnen, ras-alula, menelik, taitu
	new_tue menelik,taitu,ras-alula,ras-makonnen
	draw roles
	assert_success
	draw
	assert_success
	next
	cards=$(hand_cards)
	draw exchange raid --with ras-alula
	assert_success
	draw exchange priest --from ras-alula --with ras-makonnen
	assert_success
	next
	draw mutiny --roll 3
	log=$(jq -r '.log[] | [.step] + .command | join(" ")' "$(file tue)")
	# what any player may ask for: the log as text and as JSON
	text="$(umpire --saved tue game log) $(umpire --saved tue --json game log)"
	[ -n "$cards" ]
	for c in $cards; do
		# the verb and the phase are words of the log of their own
		[ "$c" = mutiny ] && continue
		[[ "$log$text" != *"$c"* ]] || fail "the log names $c: $log"
	done
	for role in loyal spy traitor; do
		[[ "$log$text" != *"$role"* ]] || fail "the log names a $role"
	done
	# the exchanged cards are kept as secrets in the command lines (the
	# roles are dealt at new: draw roles changes nothing, logs no step)
	assert_equal "$(jq -r '.log[3].command | join(" ")' "$(file tue)")" \
	    "umpire --saved tue draw exchange (secret) --with ras-alula"
	assert_equal "$(jq -r '.log[4].command | join(" ")' "$(file tue)")" \
	    "umpire --saved tue draw exchange (secret) --from ras-alula --with ras-makonnen"
}

@test "a saved game of another game has no deck" {
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
	draw status
	assert_one_line_error 2
	[[ "$stderr" == *"loe has no card deck"* ]]
}

# one commander's turn through the phases of the sequence, to its act
# phase: the first card of each hand (no Mutiny, no Assassin) exchanged,
# the Mutiny step rolled from the seed, a pass (a Mutiny that triggers
# ends the turn itself, 9, and the pass is then refused)
turn_to_act() {
	local cur nx
	umpire --saved tue draw >/dev/null
	cur=$(umpire --saved tue --json draw status | jq -r .turn.commander)
	nx=$(umpire --saved tue --json draw status | jq -r --arg c "$cur" \
	    '[.commanders[].name] as $a | $a[(($a | index($c)) + 1) % ($a | length)]')
	next
	umpire --saved tue draw exchange "$(plain_card "$cur")" --with "$nx" >/dev/null
	umpire --saved tue draw exchange "$(plain_card "$nx")" --from "$nx" \
	    --with "$cur" >/dev/null
	next
	umpire --saved tue draw mutiny >/dev/null
	next
	umpire --saved tue draw pass >/dev/null 2>&1 || true
}

plain_card() {
	umpire --saved tue --json draw hand "$1" |
	    jq -r '[.cards[].card | select(. != "mutiny" and . != "assassin")][0]'
}

@test "11: the end of a round is a step of the clock phase, undone by game undo" {
	new_tue
	turn_to_act; next; next
	turn_to_act; next; next
	turn_to_act
	assert_equal "$(jq .phase "$(file tue)")" 3
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	draw advance
	assert_one_line_error 2
	assert_equal "$stderr" "umpire draw: draw advance belongs to the clock phase (11); saved game 'tue' is in the act phase of turn 3: 'umpire game next' moves on"
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	next
	jq -S .parts.deck "$(file tue)" >"$BATS_TEST_TMPDIR/deck"
	draw advance --json
	assert_success
	assert_equal "$(json_get .step <<<"$output")" 30
	[[ "$(jq -r '.log[-1].step' "$(file tue)")" == "round 1 ended at 6 hours"* ]]
	umpire --saved tue game undo >/dev/null
	jq -S .parts.deck "$(file tue)" | cmp - "$BATS_TEST_TMPDIR/deck"
}
