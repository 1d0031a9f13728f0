#!/usr/bin/env bats
# umpire mobilize: Twilight of the Ottomans' reinforcements (7): the VP
# each costs (7.2: a garrison 3, an infantry division 4, an ANZAC 5, a
# tank 6, an RR engineer 7), the years and the once-a-game units (7.3),
# never down to 0 VP (5.4), one German or Austro-Hungarian unit a turn
# (7.5), the events that bar recruits (6.3, 28.2), and where each nation
# may place (7.4) on the teaching map: Baku (4900) is a port on Russia's
# north edge, Enzeli (5104) a Persian city, 0905 borders Bulgaria.

load helpers

new_game() {
	umpire game new mb -g toto --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=mb
}

cost() {
	umpire -g toto --json mobilize --nation "$1" --year 1918 "$2" |
	    jq -r .vp_cost
}

@test "mobilize: the costs of 7.2" {
	assert_equal "$(cost ottoman garrison)" 3
	assert_equal "$(cost ottoman infantry)" 4
	assert_equal "$(cost british anzac)" 5
	assert_equal "$(cost british tank)" 6
	assert_equal "$(cost ottoman rr-engineer)" 7
	# the table breaks off: a supply unit enters only free (7.7)
	run --separate-stderr umpire -g toto mobilize --nation ottoman supply
	assert_one_line_error 2
	run --separate-stderr umpire -g toto --json mobilize --nation ottoman \
	    --free supply
	assert_equal "$(jq -r .vp_cost <<<"$output")" 0
}

@test "mobilize: the years of 7.3 and the VP of 5.4" {
	run --separate-stderr umpire -g toto mobilize --nation british \
	    --year 1914 anzac
	assert_one_line_error 2
	run --separate-stderr umpire -g toto mobilize --nation british \
	    --year 1916 tank
	assert_one_line_error 2
	run --separate-stderr umpire -g toto mobilize --nation british \
	    --year 1917 tank
	assert_success
	run --separate-stderr umpire -g toto mobilize --nation british tank
	assert_output --partial "relied on: the year is 1917 or later"
	# 4 VP less 4 is 0: refused; 5 less 4 leaves 1
	run --separate-stderr umpire -g toto mobilize --nation ottoman --vp 4 \
	    infantry
	assert_one_line_error 2
	run --separate-stderr umpire -g toto mobilize --nation ottoman --vp 5 \
	    infantry
	assert_output --partial "5 VP less 4 leaves 1"
}

@test "mobilize --apply: placed, kept, undone; in the side's phase only" {
	new_game
	run --separate-stderr umpire mobilize --nation ottoman --hex 4415 \
	    --factors 1-2-3 infantry --apply
	assert_one_line_error 2
	phase_to "ottoman mobilization"
	run --separate-stderr umpire --json mobilize --nation ottoman --hex 4415 \
	    --factors 1-2-3 --id ot-new infantry --apply
	assert_success
	assert_equal "$(jq -c '.position.units[] | select(.id == "ot-new") |
	    [.side, .type, .strength, .ma, .hex, .markers]' \
	    "$XDG_STATE_HOME/umpire/games/mb.json")" \
	    '["ottoman","infantry",1,3,"4415",["def-2","ottoman"]]'
	assert_equal "$(jq -c '.parts.mobilization.entered[0] | [.unit, .cost]' \
	    "$XDG_STATE_HOME/umpire/games/mb.json")" '["infantry",4]'
	umpire game undo >/dev/null
	assert_equal "$(jq '[.position.units[] | select(.id == "ot-new")] |
	    length' "$XDG_STATE_HOME/umpire/games/mb.json")" 0
	# the Allied units enter in the Allied phase
	run --separate-stderr umpire mobilize --nation british --hex 4900 \
	    --factors 2-3-4 infantry --apply
	assert_one_line_error 2
}

@test "mobilize: one German or Austro-Hungarian unit a turn (7.5)" {
	new_game
	phase_to "ottoman mobilization"
	umpire mobilize --nation german --hex 0905 --factors 3-2-4 infantry \
	    --apply >/dev/null
	run --separate-stderr umpire mobilize --nation austro-hungarian \
	    --hex 0905 --factors 3-2-4 infantry --apply
	assert_one_line_error 2
	[[ "$stderr" == *"7.5"* ]] || fail "$stderr"
	# an event's unit does not count (7.5, 7.7)
	run --separate-stderr umpire mobilize --nation german --hex 0905 \
	    --factors 3-2-4 infantry --free --apply
	assert_success
	# the next turn takes another
	umpire game next >/dev/null
	phase_to "ottoman mobilization"
	run --separate-stderr umpire mobilize --nation german --hex 0905 \
	    --factors 3-2-4 infantry --apply
	assert_success
}

@test "mobilize: the ANZAC once a game (7.3)" {
	new_game
	phase_to "allied mobilization"
	run --separate-stderr umpire mobilize --nation british --hex 4900 \
	    --factors 2-3-4 --year 1915 anzac --apply
	assert_success
	run --separate-stderr umpire mobilize --nation british --hex 4900 \
	    --factors 2-3-4 --year 1916 anzac
	assert_one_line_error 2
	[[ "$stderr" == *"once a game"* ]] || fail "$stderr"
}

@test "mobilize: Orient Express Disrupted and the Russian Revolution bar recruits" {
	new_game
	# 3 then 2 on the Ottoman table (6.3)
	umpire event --roll 3,2 --apply >/dev/null
	phase_to "ottoman mobilization"
	run --separate-stderr umpire mobilize --nation german --hex 0905 \
	    --factors 3-2-4 infantry
	assert_one_line_error 2
	[[ "$stderr" == *"6.3"* ]] || fail "$stderr"
	run --separate-stderr umpire mobilize --nation ottoman --hex 4415 \
	    --factors 1-2-3 infantry
	assert_success
	# the first revolution, 4 then 6 on the Allied table in 1916 (28.2)
	phase_to "allied random events"
	umpire event --roll 4,6,1,1 --year 1916 --apply >/dev/null
	phase_to "allied mobilization"
	run --separate-stderr umpire mobilize --nation russian --hex 4900 \
	    --factors 1-2-3 infantry
	assert_one_line_error 2
	[[ "$stderr" == *"28.2"* ]] || fail "$stderr"
}

@test "mobilize: where each nation is placed (7.4)" {
	new_game
	ok() {
		run --separate-stderr umpire mobilize --factors 1-2-3 "$@"
		assert_success
	}
	no() {
		run --separate-stderr umpire mobilize --factors 1-2-3 "$@"
		assert_one_line_error 2
	}
	no --nation british --hex 2000 infantry		# all sea
	no --nation ottoman --hex 0304 infantry		# Bulgaria
	no --nation ottoman --hex 4515 infantry		# br-inf-a holds it
	ok --nation german --hex 0905 infantry		# beside Bulgaria
	no --nation german --hex 4415 infantry
	ok --nation british --hex 4900 infantry		# Baku, a port
	no --nation british --hex 4418 infantry
	ok --nation russian --hex 4000 infantry		# Russia's north edge
	no --nation russian --hex 4415 infantry
	ok --nation persian --hex 5104 infantry		# Enzeli
	no --nation persian --hex 4415 infantry
	no --nation ottoman --hex 9999 infantry
}

@test "mobilize: bad input is one line on stderr" {
	for a in "" "infantry" "--nation turk infantry" "--nation ottoman pasha" \
	    "--nation ottoman --year 1913 infantry" "--nation ottoman --vp x infantry" \
	    "--nation ottoman --factors 1-2 infantry" "--nation ottoman --apply infantry" \
	    "--nation ottoman --hex 4415 infantry"; do
		# shellcheck disable=SC2086
		run --separate-stderr umpire -g toto mobilize $a
		assert_one_line_error 2
	done
}
