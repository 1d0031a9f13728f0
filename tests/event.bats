#!/usr/bin/env bats
# umpire event: Twilight of the Ottomans' random events (6).  The two
# dice are cross-indexed in their order (6.1: a 3 then a 1 on the
# Ottoman table is the Jihad); the years of 6.3, 6.4 and 28.1; the
# once-a-game events and the triggers of 6.2, kept in a saved game and
# undone with it; the VP lead some events need; the dice an event rolls,
# halved and rounded up where the rule says.  The figures are the rules'.

load helpers

code() {
	jq -r .result.code <<<"$output"
}

new_game() {
	umpire game new ev -g toto --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=ev
}

@test "event: 3 then 1 on the Ottoman table is the Jihad, 1 then 3 is not (6.1)" {
	run --separate-stderr umpire -g toto --json event --side ottoman \
	    --roll 3,1,4,2
	assert_success
	assert_equal "$(code)" jihad
	assert_equal "$(jq -c .dice <<<"$output")" "[3,1]"
	assert_equal "$(jq -r .roll_source <<<"$output")" player
	# the Jihad's own dice: 4 guerrillas, 2 VP off the Allies
	assert_equal "$(jq -c '[.rolls[].value]' <<<"$output")" "[4,2]"
	assert_equal "$(jq -r '.steps[0].rule' <<<"$output")" 6.1
	# the other order is the Bolshevik Alliance, no event without the
	# Bolshevik Corps (6.2, 28.3)
	run --separate-stderr umpire -g toto --json event --side ottoman --roll 1,3
	assert_success
	assert_equal "$(jq -r .event <<<"$output")" bolshevik-alliance
	assert_equal "$(code)" no-event
	assert_equal "$(jq -r .result.rule <<<"$output")" 6.2
}

@test "event: umpire rolls both dice, the same faces for the same seed" {
	run --separate-stderr umpire -g toto --seed 7 --json event --side allied
	assert_success
	a=$(jq -c '.dice, .result' <<<"$output")
	assert_equal "$(jq -r .roll_source <<<"$output")" seed
	run --separate-stderr umpire -g toto --seed 7 --json event --side allied
	assert_equal "$(jq -c '.dice, .result' <<<"$output")" "$a"
	jq -e '.dice | length == 2 and all(. >= 1 and . <= 6)' \
	    <<<"$output" >/dev/null
}

@test "event: the Central Powers Reinforcements come in 1916-18 only (6.3)" {
	run --separate-stderr umpire -g toto --json event --side ottoman \
	    --roll 1,4 --year 1915
	assert_equal "$(jq -r .event <<<"$output")" central-powers-reinforcements
	assert_equal "$(code)" no-event
	run --separate-stderr umpire -g toto --json event --side ottoman \
	    --roll 1,4 --year 1916
	assert_equal "$(code)" central-powers-reinforcements
	# without the year the event stands on it, and says so
	run --separate-stderr umpire -g toto event --side ottoman --roll 1,4
	assert_output --partial "relied on: the year is 1916 on"
}

@test "event: the Russian Revolution, first, second, then nothing (28.1-28.3)" {
	# the stand-in row: a first die of 4, a second of 6, on the Allied table
	assert_equal "$(jq -r '.columns[] | select(.id == "4") |
	    .results[] | select(.roll == "6") | .code' \
	    "$TOP/rules/toto/allied-events.json")" russian-revolution
	run --separate-stderr umpire -g toto --json event --side allied \
	    --roll 4,6 --year 1915
	assert_equal "$(code)" no-event
	# 1916: the first; both sides' guerrillas are half a die rounded up
	# (28.2): 5 -> 3, 2 -> 1
	run --separate-stderr umpire -g toto --json event --side allied \
	    --roll 4,6,5,2 --year 1916
	assert_equal "$(code)" russian-revolution
	assert_equal "$(jq -r .result.rule <<<"$output")" 28.2
	assert_equal "$(jq -c '[.rolls[].value]' <<<"$output")" "[3,1]"
	run --separate-stderr umpire -g toto --json event --side allied \
	    --roll 4,6 --year 1917 --occurred russian-revolution
	assert_equal "$(jq -r .result.rule <<<"$output")" 28.3
	run --separate-stderr umpire -g toto --json event --side allied \
	    --roll 4,6 --year 1917 --occurred russian-revolution,russian-revolution
	assert_equal "$(code)" no-event
	# after the second the Bolshevik Corps is in play: the alliance stands
	run --separate-stderr umpire -g toto --json event --side allied \
	    --roll 1,2 --occurred russian-revolution,russian-revolution
	assert_equal "$(code)" bolshevik-alliance
	# and Russian Naval Supremacy ends with the first (28.2)
	run --separate-stderr umpire -g toto --json event --side allied \
	    --roll 4,5 --occurred russian-revolution
	assert_equal "$(jq -r .event <<<"$output")" russian-naval-supremacy
	assert_equal "$(code)" no-event
}

@test "event: the lead of 25 VP (6.3, 6.4)" {
	# Emergency Reinforcements: the Ottomans 25 ahead, 75 to 50
	run --separate-stderr umpire -g toto --json event --side allied \
	    --roll 1,5 --vp 75,50
	assert_equal "$(code)" emergency-reinforcements
	run --separate-stderr umpire -g toto --json event --side allied \
	    --roll 1,6 --vp 74,50
	assert_equal "$(code)" no-event
	# Morale Check: either side; 40 to 70 makes the Ottomans roll
	run --separate-stderr umpire -g toto event --side allied --roll 3,3,4 \
	    --vp 40,70
	assert_output --partial "the Ottoman player trails and rolls"
	assert_output --partial "withdraws: 4"
}

@test "event: the rebellions' half die rounded up and the area die (6.3)" {
	assert_equal "$(jq -r '.columns[] | select(.id == "4") |
	    .results[] | select(.roll == "5") | .code' \
	    "$TOP/rules/toto/ottoman-events.json")" pro-ottoman-rebellion
	run --separate-stderr umpire -g toto --json event --side ottoman \
	    --roll 4,5,5,2
	# 5 halved and rounded up is 3; an area die of 2 is Egypt
	assert_equal "$(jq -c '[.rolls[].value]' <<<"$output")" "[3,2]"
	assert_equal "$(jq -r '.rolls[1].says' <<<"$output")" Egypt
	# Political Crisis in the Porte: an odd 5 is added, an even 4 taken
	run --separate-stderr umpire -g toto --json event --side ottoman \
	    --roll 3,5,5
	assert_equal "$(jq -r '.rolls[0].says' <<<"$output")" \
	    "odd: 5 VP added to the Ottoman total"
}

@test "event: the once-a-game events, kept in the saved game (6.2)" {
	new_game
	run --separate-stderr umpire --json event --roll 3,1,4,2 --apply
	assert_success
	assert_equal "$(code)" jihad
	assert_equal "$(jq -r .applied.step <<<"$output")" 1
	# the side is the phase's: the game starts in the Ottoman one
	assert_equal "$(jq -r .side <<<"$output")" ottoman
	run --separate-stderr umpire --json event --roll 3,1
	assert_equal "$(code)" no-event
	assert_equal "$(jq -r '.happened_before[0].code' <<<"$output")" jihad
	umpire game undo >/dev/null
	run --separate-stderr umpire --json event --roll 3,1,1,1
	assert_equal "$(code)" jihad
	# Balfour, Influenza and Sykes-Picot likewise, on the Allied table
	phase_to "allied random events"
	for r in 1,1 2,3,1,1,1,1 5,1; do
		run --separate-stderr umpire --json event --roll "$r" --apply
		assert_success
		assert_equal "$(jq -r .happened <<<"$output")" true
		run --separate-stderr umpire --json event --roll \
		    "$(cut -d, -f1,2 <<<"$r")"
		assert_equal "$(code)" no-event
	done
	assert_equal "$(jq -r '[.parts.events.happened[].code] | join(" ")' \
	    "$XDG_STATE_HOME/umpire/games/ev.json")" \
	    "balfour-declaration influenza sykes-picot"
}

@test "event: the Yilderim's second coming is a German unit instead (6.3)" {
	assert_equal "$(jq -r '.columns[] | select(.id == "5") |
	    .results[] | select(.roll == "3") | .code' \
	    "$TOP/rules/toto/ottoman-events.json")" yilderim
	run --separate-stderr umpire -g toto --json event --side ottoman \
	    --roll 5,3 --year 1917
	assert_equal "$(jq -r .result.rule <<<"$output")" 23.2
	run --separate-stderr umpire -g toto --json event --side ottoman \
	    --roll 5,3 --year 1917 --occurred yilderim
	assert_equal "$(code)" yilderim
	assert_output --partial "not a corps"
}

@test "event --apply: in its side's phase only, with the year it rests on" {
	new_game
	run --separate-stderr umpire event --side allied --roll 1,1 --apply
	assert_one_line_error 2
	[[ "$stderr" == *"allied random events"* ]] || fail "$stderr"
	run --separate-stderr umpire event --roll 1,4 --apply
	assert_one_line_error 2
	[[ "$stderr" == *"--year"* ]] || fail "$stderr"
	run --separate-stderr umpire event --roll 1,4 --year 1916 --apply
	assert_success
	umpire game next >/dev/null
	run --separate-stderr umpire event --side ottoman --roll 1,4 --year 1916 \
	    --apply
	assert_one_line_error 2
	# a roll that is no event changes nothing
	phase_to "ottoman random events"
	run --separate-stderr umpire --json event --roll 6,6 --apply
	assert_success
	assert_equal "$(jq -r .applied <<<"$output")" null
	assert_equal "$(jq '.parts.events.happened | length' \
	    "$XDG_STATE_HOME/umpire/games/ev.json")" 1
}

@test "event: bad input is one line on stderr" {
	for a in "--roll 7,1" "--roll 3" "--side turks" "--vp 101,3" \
	    "--vp 60" "--year 1913" "--occurred jihad,nothing" "--apply" \
	    "--roll 6,6,1"; do
		# shellcheck disable=SC2086
		run --separate-stderr umpire -g toto event --side ottoman $a
		assert_one_line_error 2
	done
	run --separate-stderr umpire -g toto event
	assert_one_line_error 2
	[[ "$stderr" == *"--side ottoman or allied"* ]] || fail "$stderr"
	run --separate-stderr umpire -g loe event --side ottoman
	assert_one_line_error 2
}

@test "event --apply: the Russian Revolution withdraws by the die, then all (28.2-28.4)" {
	new_game
	umpire game mark ru-corps russian corps ru-inf def-7 >/dev/null
	umpire game place ru-d --side allied --type infantry --strength 1 \
	    --ma 3 --hex 4901 --marker russian --marker def-2 >/dev/null
	phase_to "allied random events"
	# the event's two half dice, then one die a Russian unit: ru-corps 2
	# (withdrawn, the corps whole), ru-d 5 (stays)
	run --separate-stderr umpire --json event --roll 4,6,1,1,2,5 --year 1916 \
	    --apply
	assert_success
	assert_equal "$(jq -c .withdrawn <<<"$output")" '["ru-corps"]'
	f="$XDG_STATE_HOME/umpire/games/ev.json"
	assert_equal "$(jq -r '[.position.units[].id] | index("ru-corps")' "$f")" null
	assert_equal "$(jq '.dead | length' "$f")" 0
	assert_equal "$(jq -r '.parts.events.happened[0].withdrawn[0].id' "$f")" \
	    ru-corps
	# the second: every Russian unit goes; the Bolshevik Corps to the one
	# Russian city no unit holds, Baku (4900), not the north edge
	umpire game next >/dev/null
	phase_to "allied random events"
	run --separate-stderr umpire event --roll 4,6 --year 1917 --apply
	assert_one_line_error 2
	run --separate-stderr umpire event --roll 4,6 --year 1917 --hex 4000 \
	    --factors 4-4-3 --apply
	assert_one_line_error 2
	[[ "$stderr" == *"4900"* ]] || fail "$stderr"
	run --separate-stderr umpire --json event --roll 4,6 --year 1917 \
	    --hex 4900 --factors 4-4-3 --apply
	assert_success
	assert_equal "$(jq -c .withdrawn <<<"$output")" '["ru-d"]'
	assert_equal "$(jq -c '.position.units[] | select(.type == "bolshevik") |
	    [.side, .hex, .strength]' "$f")" '["neutral","4900",4]'
	# the Bolshevik Alliance, 1 then 3 on the Ottoman table, takes it
	umpire game next >/dev/null
	phase_to "ottoman random events"
	umpire event --roll 1,3 --apply >/dev/null
	assert_equal "$(jq -r '.position.units[] | select(.type == "bolshevik") |
	    .side' "$f")" ottoman
	# undone, it is neutral again
	umpire game undo >/dev/null
	assert_equal "$(jq -r '.position.units[] | select(.type == "bolshevik") |
	    .side' "$f")" neutral
}
