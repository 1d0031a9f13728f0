#!/usr/bin/env bats
# draw: the durable Adwa deck and the Adwa d6 procedures.  Expected values
# come from the game's text (rules/adwa/reference.txt, section cited per
# test) and hand arithmetic, never from umpire's own output: the deck holds
# 78 cards (12), hands are dealt without Assassins (12), an Assassin leaves
# play for good (2.1, 12), the discards are recycled (2.1).  Durability
# (concurrent draws, a writer killed, a damaged or hostile state file) is
# draw-state.bats'.

load helpers
load adwa

@test "12: a new game deals the 78 cards: 4 to each of 7, 50 to draw" {
	new_game
	run umpire draw status --json
	assert_equal "$(jq .cards <<<"$output")" 78
	assert_equal "$(jq .piles.draw <<<"$output")" 50
	assert_equal "$(jq '[.commanders[].cards] | unique' -c <<<"$output")" "[4]"
	assert_equal "$(jq '.commanders | length' <<<"$output")" 7
	assert_equal "$(total)" 78
	assert_equal "$(hand_ids | sort -u | wc -l)" 28
}

@test "3: the commander order is shuffled, shown, and the first begins" {
	run umpire draw -g adwa new --seed 5 --json
	assert_success
	order=$(jq -r '.commanders | join(",")' <<<"$output")
	assert_equal "$(jq -r '.commanders | sort | join(",")' <<<"$output")" \
		"alula,makonnen,menelik,mengesha,mikael,taitu,tekle-haymanot"
	run umpire draw -g adwa new --name other --seed 6 --json
	[ "$(jq -r '.commanders | join(",")' <<<"$output")" != "$order" ]
	run umpire draw --name adwa --json
	assert_equal "$(jq -r .commander <<<"$output")" "${order%%,*}"
	end_turn --name adwa
	run umpire draw --name adwa --json
	second=${order#*,}
	assert_equal "$(jq -r .commander <<<"$output")" "${second%%,*}"
}

@test "12: starting hands never hold an Assassin, even hands of 10" {
	for seed in 1 2 3 4 5 6 7 8; do
		run umpire draw -g adwa new --name "g$seed" --seed "$seed" --hand 10
		assert_success
		for c in menelik taitu alula mikael makonnen mengesha tekle-haymanot; do
			run umpire draw --name "g$seed" hand "$c" --json
			assert_equal "$(jq '.counts.assassin // 0' <<<"$output")" 0
			assert_equal "$(jq '.cards | length' <<<"$output")" 10
		done
		# 74 cards may be dealt; 70 were: the 4 left and the 4 Assassins
		run umpire draw --name "g$seed" status --json
		assert_equal "$(jq .piles.draw <<<"$output")" 8
	done
}

@test "--hand and --commanders shape the deal; too many cards is refused" {
	run umpire draw -g adwa new --commanders menelik,taitu,alula --hand 6 --json
	assert_success
	assert_equal "$(jq '.commanders | length' <<<"$output")" 3
	assert_equal "$(jq .piles.draw <<<"$output")" 60
	run --separate-stderr umpire draw -g adwa new --name big --hand 11
	assert_one_line_error 2
	run --separate-stderr umpire draw -g adwa new --name one --commanders menelik
	assert_one_line_error 2
	run --separate-stderr umpire draw -g adwa new --name two --commanders menelik,menelik
	assert_one_line_error 2
	assert_file_not_exists "$(state big)"
}

@test "a second new game of the same name is refused and changes nothing" {
	new_game
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire draw -g adwa new --seed 2
	assert_one_line_error 2
	[[ "$stderr" == *"'adwa'"* ]]
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
}

@test "2.1: a draw takes up to two; 3 is refused" {
	new_game
	run umpire draw --json
	assert_success
	assert_equal "$(jq '.details.cards + .details.assassins | length' <<<"$output")" 2
	end_turn
	run umpire draw 1 --json
	assert_equal "$(jq '.details.cards + .details.assassins | length' <<<"$output")" 1
	run --separate-stderr umpire draw 3
	assert_one_line_error 2
	assert_equal "$(total)" 78
}

@test "--seed at new makes the deal and every later draw repeatable" {
	umpire draw -g adwa new --name a --seed 77 >/dev/null
	umpire draw -g adwa new --name b --seed 77 >/dev/null
	for i in 1 2 3 4 5 6 7 8 9 10; do
		end_turn --name a
		end_turn --name b
		a=$(umpire draw --name a --json | jq -c '[.commander, .details]')
		b=$(umpire draw --name b --json | jq -c '[.commander, .details]')
		assert_equal "$a" "$b"
	done
	assert_equal "$(umpire draw --name a hand menelik --json | jq -c .cards)" \
		"$(umpire draw --name b hand menelik --json | jq -c .cards)"
}

@test "undo takes a change back exactly: the same draw comes again" {
	new_game
	umpire draw >/dev/null
	end_turn
	jq -S 'del(.log)' "$(state)" >"$BATS_TEST_TMPDIR/before"
	n0=$(entries)
	first=$(umpire draw --json | jq -c .details)
	next_turn >/dev/null
	# every step of the turns since (exchange, Mutiny step, pass) undone;
	# the log keeps a note of each undo, the rest is as it was
	for i in $(seq $(($(entries) - n0))); do
		run umpire draw undo
		assert_success
	done
	jq -S 'del(.log)' "$(state)" | cmp - "$BATS_TEST_TMPDIR/before"
	assert_equal "$(umpire draw --json | jq -c .details)" "$first"
}

@test "undo goes back to the deal and no further" {
	new_game
	umpire draw >/dev/null
	next_turn >/dev/null
	for i in $(seq $(($(entries) - 1))); do
		umpire draw undo >/dev/null
	done
	run --separate-stderr umpire draw undo
	assert_one_line_error 2
	assert_equal "$(umpire draw status --json | jq .piles.draw)" 50
}

@test "2.1: the discards are recycled when the draw pile runs out" {
	# hands of 10: the draw pile is the 4 left and the 4 Assassins
	new_game 11 --hand 10
	for i in 1 2 3 4; do
		next_turn >/dev/null
	done
	run umpire draw status --json
	assert_equal "$(jq .piles.draw <<<"$output")" 0
	assert_equal "$(jq .piles.removed <<<"$output")" 4
	# five cards to the discard pile, by hand (the rules have no discard
	# at will), then the next draw takes them in
	end_turn
	to_discard "$(turn_of)" 5
	run umpire draw --json
	assert_success
	assert_equal "$(jq .details.recycled <<<"$output")" true
	assert_equal "$(jq '.details.cards | length' <<<"$output")" 2
	assert_equal "$(jq .piles.draw <<<"$output")" 3
	assert_equal "$(jq .piles.discard <<<"$output")" 0
	assert_equal "$(total)" 78
}

@test "2.1: with both piles empty a draw takes nothing and the turn goes on" {
	new_game 11 --hand 10
	for i in 1 2 3 4; do
		next_turn >/dev/null
	done
	end_turn
	run umpire draw --json
	assert_success
	assert_equal "$(jq '.details.cards | length' <<<"$output")" 0
	assert_equal "$(jq .turn <<<"$output")" 5
	assert_equal "$(total)" 78
}

@test "12: Assassins are shown, leave play and never come back" {
	new_game 3 --hand 10
	for i in 1 2 3 4; do
		end_turn
		run umpire draw --json
		assert_success
		# an Assassin is named in the public result and the log
		if [ "$(jq '.details.assassins | length' <<<"$output")" -gt 0 ]; then
			[[ "$(jq -r .result.text <<<"$output")" == *Assassin* ]]
		fi
		answer_none
	done
	assert_equal "$(umpire draw status --json | jq .piles.removed)" 4
	# round after round of discards and recycling: still 4 out, none back
	for round in 1 2 3 4 5 6; do
		end_turn
		to_discard "$(turn_of)" 3
		run umpire draw --json
		assert_success
		assert_equal "$(jq '.details.assassins | length' <<<"$output")" 0
		assert_equal "$(jq .piles.removed <<<"$output")" 4
	done
	for c in menelik taitu alula mikael makonnen mengesha tekle-haymanot; do
		assert_equal "$(umpire draw hand "$c" --json | jq '.counts.assassin // 0')" 0
	done
	assert_equal "$(total)" 78
}

@test "2.1, 10: an Assassin met without a Healer wounds for the d6 given" {
	# seed 3, hands of 10: the first commander's first card is an Assassin
	new_game 3 --hand 10
	found=
	for i in 1 2 3 4; do
		end_turn
		run umpire draw --json
		assert_success
		# 2.1: the strike waits for the answer; none, and a d6 of 5
		[ "$(step_of)" != react ] || umpire draw react none --roll 5 >/dev/null
		if [ "$(jq '.details.assassins | length' <<<"$output")" -gt 0 ]; then
			found=$(jq -r .commander <<<"$output")
			break
		fi
	done
	[ -n "$found" ]
	run umpire draw status --json
	assert_equal "$(jq --arg c "$found" '.commanders[] | select(.name == $c) | .incapacitated' <<<"$output")" 5
}

@test "2.1: --healer, given with the draw, answers an Assassin if a Healer is in hand" {
	new_game 3 --hand 10
	# find the first draw that meets an Assassin, from the same state each time
	for i in 1 2 3 4; do
		end_turn
		cp "$(state)" "$BATS_TEST_TMPDIR/before"
		out=$(umpire draw --json)
		if [ "$(jq '.details.assassins | length' <<<"$out")" -gt 0 ]; then
			break
		fi
	done
	who=$(jq -r .commander <<<"$out")
	umpire draw undo >/dev/null
	jq -S 'del(.log)' "$(state)" | cmp - <(jq -S 'del(.log)' "$BATS_TEST_TMPDIR/before")
	healers=$(umpire draw hand "$who" --json | jq '.counts.healer // 0')
	run umpire draw --healer --json
	assert_success
	if [ "$healers" -gt 0 ]; then
		run umpire draw status --json
		assert_equal "$(jq --arg c "$who" '.commanders[] | select(.name == $c) | .incapacitated' <<<"$output")" 0
		assert_equal "$(jq .piles.discard <<<"$output")" 1
	else
		# no Healer: the strike waits for the answer, given after seeing it
		assert_output --partial "cannot be made"
		assert_equal "$(step_of)" react
		cp "$(state)" "$BATS_TEST_TMPDIR/waiting"
		run --separate-stderr umpire draw react healer
		assert_one_line_error 2
		[[ "$stderr" == *"holds no healer"*"(2.1)" ]]
		cmp "$(state)" "$BATS_TEST_TMPDIR/waiting"
	fi
}

@test "2.2: an exchange is locked in, then completed by the next commander" {
	new_game
	umpire draw >/dev/null
	a=$(turn_of)
	order=$(umpire draw status --json | jq -r '[.commanders[].name] | join(" ")')
	read -r -a names <<<"$order"
	for i in "${!names[@]}"; do
		[ "${names[$i]}" = "$a" ] && b=${names[$(((i + 1) % 7))]} && c=${names[$(((i + 2) % 7))]}
	done
	ca=$(umpire draw hand "$a" --json | jq -r '.cards[0].card')
	cb=$(umpire draw hand "$b" --json | jq -r '.cards[0].card')
	run --separate-stderr umpire draw exchange "$ca" --with "$c"
	assert_one_line_error 2
	run umpire draw exchange "$ca" --with "$b" --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" locked
	assert_equal "$(jq .piles.locked <<<"$output")" 1
	assert_equal "$(total)" 78
	run --separate-stderr umpire draw
	assert_one_line_error 2
	run umpire draw exchange "$cb" --with "$a" --json
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" exchanged
	assert_equal "$(umpire draw hand "$a" --json | jq '.cards | length')" 6
	assert_equal "$(umpire draw hand "$b" --json | jq '.cards | length')" 4
	run --separate-stderr umpire draw exchange "$cb" --with "$b"
	assert_one_line_error 2
	assert_equal "$(total)" 78
}

@test "5: personality cards are played only in identical pairs" {
	new_game 1 --commanders menelik,taitu --hand 30
	personality='^(priest|monk|shifta|askari-mutineer|balabbat)$'
	for i in $(seq 20); do
		end_turn
		umpire draw --healer >/dev/null
		answer_none
		c=$(turn_of)
		able && to_act && hand=$(umpire draw hand "$c" --json) || continue
		pair=$(jq -r --arg p "$personality" '.counts | to_entries[] | select(.key | test($p)) | select(.value >= 2) | .key' <<<"$hand" | head -1)
		single=$(jq -r --arg p "$personality" '.counts | to_entries[] | select(.key | test($p)) | .key' <<<"$hand" | grep -vx "$pair" | head -1)
		[ -n "$pair" ] && [ -n "$single" ] && break
	done
	[ -n "$pair" ] && [ -n "$single" ]
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire draw play "$pair"
	assert_one_line_error 2
	[[ "$stderr" == *"lone personality"* ]]
	run --separate-stderr umpire draw play "$pair" "$single"
	assert_one_line_error 2
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
	discards=$(umpire draw status --json | jq .piles.discard)
	run umpire draw play "$pair" "$pair" --json
	assert_success
	assert_equal "$(jq .piles.discard <<<"$output")" $((discards + 2))
	assert_equal "$(total)" 78
}

# Two commanders with hands of 30: Menelik soon holds a Disgrace.
disgrace_taitu() {
	new_game 1 --commanders menelik,taitu --hand 30
	for i in $(seq 30); do
		end_turn
		umpire draw --healer >/dev/null
		answer_none
		if [ "$(turn_of)" = menelik ] && able && to_act &&
		    [ "$(umpire draw hand menelik --json | jq '.counts.disgrace // 0')" -gt 0 ]; then
			run umpire draw play disgrace --with taitu --roll 6 --json
			assert_success
			return 0
		fi
	done
	fail "menelik never held a disgrace"
}

@test "8: Disgrace on 4-6 puts the target out; his cards are discarded" {
	disgrace_taitu
	assert_equal "$(jq -r .details.outcome <<<"$output")" disgraced
	run umpire draw status --json
	assert_equal "$(jq '.commanders[] | select(.name == "taitu") | .disgraced' <<<"$output")" true
	assert_equal "$(jq '.commanders[] | select(.name == "taitu") | .cards' <<<"$output")" 0
	assert_equal "$(total)" 78
	# 3: turns pass him by
	end_turn
	run umpire draw --json
	assert_equal "$(jq -r .commander <<<"$output")" menelik
}

@test "bad input: exit 2, one line naming the value, nothing changed" {
	disgrace_taitu
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire draw --to taitu
	assert_one_line_error 2
	[[ "$stderr" == *"'taitu'"*"disgraced"* ]]
	run --separate-stderr umpire draw discard heeler --from menelik
	assert_one_line_error 2
	[[ "$stderr" == *"unknown card: 'heeler'"* ]]
	run --separate-stderr umpire draw hand garibaldi
	assert_one_line_error 2
	[[ "$stderr" == *"unknown commander: 'garibaldi'"* ]]
	run --separate-stderr umpire draw --to menelk
	assert_one_line_error 2
	[[ "$stderr" == *"'menelk'"*"menelik"* ]]
	missing=$(umpire draw hand menelik --json | jq -r '["veto","attack","advance","support","withdraw","raid","spy","disgrace"] - (.counts | keys) | .[0]')
	# (whose turn it is comes before the hand: menelik has acted, 2.3)
	run --separate-stderr umpire draw play "$missing"
	assert_one_line_error 2
	[[ "$stderr" == *"his turn is over"* ]] || fail "$stderr"
	run --separate-stderr umpire draw play mutiny
	assert_one_line_error 2
	run --separate-stderr umpire draw frobnicate
	assert_one_line_error 2
	run --separate-stderr umpire draw status --hand 3
	assert_one_line_error 2
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
}

@test "play refuses a restricted card to the wrong commander (6, 8)" {
	new_game 1 --commanders menelik,taitu,alula --hand 20
	for i in $(seq 40); do
		end_turn
		umpire draw --healer >/dev/null
		answer_none
		if [ "$(turn_of)" = alula ] && able && to_act &&
		    [ "$(umpire draw hand alula --json | jq '.counts.disgrace // 0')" -gt 0 ]; then
			run --separate-stderr umpire draw play disgrace --with menelik
			assert_one_line_error 2
			[[ "$stderr" == *"only menelik or taitu"* ]]
			return 0
		fi
	done
	fail "alula never held a disgrace on his turn"
}

@test "long random sequences keep all 78 cards after every change" {
	new_game 2024 --hand 5
	RANDOM=7
	names=(menelik taitu alula mikael makonnen mengesha tekle-haymanot)
	for i in $(seq 120); do
		c=${names[$((RANDOM % 7))]}
		case $((RANDOM % 7)) in
		0 | 1) umpire draw --healer >/dev/null 2>&1 ;;
		2) umpire draw 1 --to "$c" >/dev/null 2>&1 ;;	# refused but for the next
		3)
			# an Assassin waiting: one of the three answers, or a
			# refused one (2.1)
			case $((RANDOM % 3)) in
			0) umpire draw react none >/dev/null 2>&1 ;;
			1) umpire draw react healer >/dev/null 2>&1 ;;
			2) umpire draw react veto --by "$c" >/dev/null 2>&1 ;;
			esac
			;;
		4)
			t=$(turn_of)
			card=$(umpire draw hand "$t" --json | jq -r '.cards[-1].card // empty')
			[ -n "$card" ] && umpire draw play "$card" "$card" --with "$c" >/dev/null 2>&1 ||
				umpire draw play "$card" --with "$c" >/dev/null 2>&1 ||
				umpire draw play "$card" >/dev/null 2>&1
			;;
		5)
			x=$(umpire draw status --json | jq -r '.exchange.to // empty')
			if [ -n "$x" ]; then
				card=$(umpire draw hand "$x" --json | jq -r '.cards[0].card // empty')
				f=$(umpire draw status --json | jq -r .exchange.from)
				umpire draw exchange "$card" --with "$f" >/dev/null 2>&1
			else
				t=$(turn_of)
				card=$(umpire draw hand "$t" --json | jq -r '.cards[0].card // empty')
				umpire draw exchange "$card" --with "$c" >/dev/null 2>&1
			fi
			;;
		6) umpire draw undo >/dev/null 2>&1 ;;
		esac || true
		assert_equal "$i $(total)" "$i 78"
		assert_equal "$i $(umpire draw status --json | jq .cards)" "$i 78"
	done
	# every card id once, in hands or piles, as the status counts them
	assert_equal "$(hand_ids | sort | uniq -d)" ""
}

@test "1: roles are dealt secretly, each commander sees only his own" {
	# dealt at new (1): roles then changes nothing
	new_game
	run umpire draw roles --json
	assert_success
	# nothing printed says who is what: no role, no commander but the two
	# who can only be loyal
	assert_equal "$(jq '[.. | objects | select(has("role"))] | length' <<<"$output")" 0
	for c in alula mikael makonnen mengesha tekle-haymanot; do
		refute_output --partial "$c"
	done
	run umpire draw log
	for c in alula mikael makonnen mengesha tekle-haymanot; do
		refute_output --partial "$c"
	done
	roles=""
	for c in menelik taitu alula mikael makonnen mengesha tekle-haymanot; do
		run umpire draw roles --show "$c" --json
		assert_success
		assert_equal "$(jq -r .commander <<<"$output")" "$c"
		roles="$roles $(jq -r .role <<<"$output")"
	done
	# one spy, at most one traitor, never Menelik or Taitu
	assert_equal "$(tr ' ' '\n' <<<"$roles" | grep -c '^spy$')" 1
	[ "$(tr ' ' '\n' <<<"$roles" | grep -c '^traitor$')" -le 1 ]
	read -r m t _ <<<"$roles"
	assert_equal "$m $t" "loyal loyal"
	# a second deal changes nothing either
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	run umpire draw roles
	assert_success
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
}

@test "1: a traitor in about 80% of deals, the spy always" {
	traitors=0
	for seed in $(seq 60); do
		umpire draw -g adwa roles --name "r$seed" --seed "$seed" >/dev/null
		for c in makonnen mengesha alula mikael tekle-haymanot; do
			r=$(umpire draw --name "r$seed" roles --show "$c" --json | jq -r .role)
			[ "$r" = traitor ] && traitors=$((traitors + 1))
		done
	done
	# 48 expected of 60; 4 standard deviations is 12
	[ "$traitors" -ge 36 ] && [ "$traitors" -le 60 ]
	run umpire draw -g adwa roles --odds --json
	assert_equal "$(jq '.odds[] | select(.commander == "alula") | .traitor * 100 | round' <<<"$output")" 16
	assert_equal "$(jq '.odds[] | select(.commander == "taitu") | .loyal' <<<"$output")" 1
}

@test "the log is public: it never names a card drawn or exchanged" {
	new_game
	drawn=$(for i in 1 2 3; do umpire draw --json | jq -r '.details.cards[].card'; done | sort -u)
	run umpire draw log --json
	for card in $drawn; do
		refute_output --partial "$card"
	done
	run umpire draw status --json
	for card in $drawn; do
		refute_output --partial "$card"
	done
}

@test "8: Disgrace succeeds on 4-6, fails on 1-3" {
	for r in 1 2 3; do
		run umpire draw -g adwa disgrace --roll $r --json
		assert_equal "$(jq -r .result.code <<<"$output")" fails
		assert_equal "$(jq -r .rule <<<"$output")" 8
	done
	for r in 4 5 6; do
		run umpire draw -g adwa disgrace --roll $r --json
		assert_equal "$(jq -r .result.code <<<"$output")" disgraced
	done
	run umpire draw -g adwa disgrace --odds --json
	assert_equal "$(jq '.outcomes[] | select(.code == "disgraced") | .probability' <<<"$output")" 0.5
}

@test "6: Spy reveals on 4-6" {
	run umpire draw -g adwa spy --roll 3 --json
	assert_equal "$(jq -r .result.code <<<"$output")" no-finding
	run umpire draw -g adwa spy --roll 4 --json
	assert_equal "$(jq -r .result.code <<<"$output")" revealed
}

@test "2.1, 10: assassination: a d6 of own turns, or stopped by Healer or Veto" {
	run umpire draw -g adwa assassinate --roll 4 --json
	assert_success
	assert_equal "$(jq .turns <<<"$output")" 4
	run umpire draw -g adwa assassinate --healer --json
	assert_equal "$(jq -r .result.code <<<"$output")" healed
	assert_equal "$(jq -c .roll <<<"$output")" "[]"
	run umpire draw -g adwa assassinate --veto taitu --json
	assert_equal "$(jq -r .result.code <<<"$output")" vetoed
	run --separate-stderr umpire draw -g adwa assassinate --veto alula
	assert_one_line_error 2
	run --separate-stderr umpire draw -g adwa assassinate --healer --roll 3
	assert_one_line_error 2
	run umpire draw -g adwa assassinate --odds --json
	assert_equal "$(jq '.outcomes | length' <<<"$output")" 6
}

@test "9: Mutiny: a die per card, the first 1 triggers, +5 to an army" {
	run umpire draw -g adwa mutiny --held 3 --roll 4,1,1,2 --json
	assert_equal "$(jq -r .result.code <<<"$output")" mutiny
	# 1-2, 3-4, 5-6: a 2 picks the first army
	assert_equal "$(jq -r .army <<<"$output")" albertone
	run umpire draw -g adwa mutiny --held 3 --roll 4,5,6 --json
	assert_equal "$(jq -r .result.code <<<"$output")" holds
	run umpire draw -g adwa mutiny --held 2 --odds --json
	# 1 - (5/6)^2 = 11/36
	assert_equal "$(jq '[.outcomes[] | select(.code == "mutiny") | .ways] | add' <<<"$output")" 66
	assert_equal "$(jq .outcomes_total <<<"$output")" 216
	run --separate-stderr umpire draw -g adwa mutiny --held 5
	assert_one_line_error 2
	run --separate-stderr umpire draw -g adwa mutiny --held 2 --roll 1
	assert_one_line_error 2
}

@test "9: the turn's Mutiny rolls spend a triggered Mutiny and the action" {
	new_game 1 --commanders menelik,taitu --hand 30
	for i in $(seq 30); do
		end_turn
		umpire draw --healer >/dev/null
		answer_none
		[ "$(step_of)" != exchange ] || exchange_step
		c=$(turn_of)
		held=$(umpire draw hand "$c" --json | jq '.counts.mutiny // 0')
		[ "$held" -gt 0 ] && able && break
	done
	[ "$held" -gt 0 ]
	# no 1: nothing happens; the log says only that the step was made,
	# as it says for every commander, holder or not (9)
	sixes=$(seq "$held" | sed 's/.*/6/' | paste -sd,)
	run umpire draw mutiny --roll "$sixes" --json
	assert_success
	# (the code was "holds" until it was made the same for every
	# commander, holder or not: 9)
	assert_equal "$(jq -r .result.code <<<"$output")" no-defection
	assert_equal "$(jq -r '.details.held // "none"' <<<"$output")" none
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].text')" \
		"$c made the Mutiny step: no defection"
	assert_equal "$(umpire draw hand "$c" --json | jq '.counts.mutiny // 0')" "$held"
	# a second roll in the same turn is refused (9); undo takes the first back
	run --separate-stderr umpire draw mutiny --roll "$sixes"
	assert_one_line_error 2
	[[ "$stderr" == *"already rolled for Mutiny this turn"*"(9)"* ]]
	umpire draw undo >/dev/null
	rolls=$(seq "$held" | sed 's/.*/1/' | paste -sd,)
	run umpire draw mutiny --roll "$rolls",6 --json
	assert_success
	# announced as a Defection is: code, procedure (9)
	assert_equal "$(jq -r .result.code <<<"$output")" defected
	assert_equal "$(jq -r .procedure <<<"$output")" draw-defection
	assert_equal "$(jq -r .details.army <<<"$output")" dabormida
	assert_equal "$(umpire draw hand "$c" --json | jq '.counts.mutiny // 0')" $((held - 1))
	# 9: announced as a Defection would be
	assert_equal "$(umpire draw log --json | jq -r '.entries[-1].op')" defection
	# 9: it took the action's place: the turn is over
	assert_equal "$(step_of)" draw
	run --separate-stderr umpire draw pass
	assert_one_line_error 2
	run --separate-stderr umpire draw mutiny
	assert_one_line_error 2
}

@test "11: the Italian advance and its reinforcement" {
	run umpire draw -g adwa advance --positions 0,0,0 --roll 3,2 --json
	assert_equal "$(jq -r .army <<<"$output")" arimondi
	assert_equal "$(jq .position <<<"$output")" 1
	assert_equal "$(jq .strength <<<"$output")" 1
	run umpire draw -g adwa advance --positions 3,3,2 --roll 3 --json
	assert_equal "$(jq -r .army <<<"$output")" dabormida
	assert_equal "$(jq .strength <<<"$output")" 0
	run umpire draw -g adwa advance --positions 3,3,3 --json
	assert_equal "$(jq -r .result.code <<<"$output")" in-position
	run umpire draw -g adwa advance --odds --json
	assert_equal "$(jq '[.outcomes[] | select(.code == "reinforced") | .probability] | add * 3 | round' <<<"$output")" 1
	run --separate-stderr umpire draw -g adwa advance --positions 1,2
	assert_one_line_error 2
	run --separate-stderr umpire draw -g adwa advance --positions 4,0,0
	assert_one_line_error 2
}

@test "11: the attack clock: 1 attacks, none on the first turn, forced at 72" {
	run umpire draw -g adwa clock --roll 1 --json
	assert_equal "$(jq -r .result.code <<<"$output")" attack
	run umpire draw -g adwa clock --roll 2 --json
	assert_equal "$(jq -r .result.code <<<"$output")" hold
	run umpire draw -g adwa clock --first --json
	assert_equal "$(jq -r .result.code <<<"$output")" first-turn
	run umpire draw -g adwa clock --hours 72 --json
	assert_equal "$(jq -r .result.code <<<"$output")" forced
	run umpire draw -g adwa clock --positions 3,2,3 --json
	assert_equal "$(jq -r .result.code <<<"$output")" not-in-position
	run --separate-stderr umpire draw -g adwa clock --first --roll 1
	assert_one_line_error 2
	run umpire draw -g adwa clock --odds --json
	assert_equal "$(jq '.outcomes[] | select(.code == "attack") | .ways' <<<"$output")" 1
}

@test "procedures need the adwa game; other games have no deck" {
	# adwa, the one game with a deck, is implied
	run umpire draw disgrace --roll 4 --json
	assert_success
	assert_equal "$(jq -r .game <<<"$output")" adwa
	run --separate-stderr umpire draw -g loe disgrace --roll 4
	assert_one_line_error 2
	run --separate-stderr umpire draw -g loe new
	assert_one_line_error 2
	[[ "$stderr" == *"no card deck"* ]]
}

@test "--json: game, procedure, steps with rules, result with code and text" {
	new_game
	run umpire draw --json
	assert_equal "$(jq -r .game <<<"$output")" adwa
	assert_equal "$(jq -r .procedure <<<"$output")" draw
	assert_equal "$(jq -r '.steps[0].rule' <<<"$output")" 3
	assert_equal "$(jq -r '.result.code' <<<"$output")" drew-2
	run umpire draw -g adwa spy --roll 5 --json
	assert_equal "$(jq -r .table_source <<<"$output")" rulebook
	assert_equal "$(jq -c .roll <<<"$output")" "[5]"
	assert_equal "$(jq -r .roll_source <<<"$output")" player
}

@test "the d6 tables are in the game's table list" {
	run umpire table --list adwa --json
	assert_success
	assert_equal "$(jq -r '[.tables[].table] | join(" ")' <<<"$output")" \
		"assassination mutiny disgrace spy reinforcement attack-clock"
}

@test "completion offers subcommands and cards" {
	run umpire __complete draw ''
	assert_line new
	assert_line assassinate
	run umpire __complete draw play he
	assert_output healer
	run umpire __complete draw hand ta
	assert_output taitu
}

@test "umpire-draw(1) EXAMPLES run" {
	man_examples_run "$TOP/man/umpire-draw.1" 10
}

@test "completion offers the saved games after --name, not their kept copies" {
	umpire draw -g adwa new --name alpha >/dev/null
	umpire draw -g adwa new --name beta >/dev/null
	umpire draw -g adwa --name alpha 2 >/dev/null
	run umpire __complete draw --name ''
	assert_equal "$(echo $(sort <<<"$output"))" "alpha beta"
	run umpire __complete draw --name b
	assert_output beta
}
