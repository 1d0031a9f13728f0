#!/usr/bin/env bats
# airstrike --name: umpire remembers the air missions flown and refuses
# what the rules allow once: loe 11.1 A (one mission an air unit a
# player-turn), 11.2.2 (temporary airfields), 11.2.3 B (one mission a
# temporary field a turn); toto 18.5 (one attack an airbase a combat
# phase), 33.3 (aerial supply once a turn, nothing else for its airbase).
# Strike results follow the stand-in chart's formula (see airstrike.bats):
#   e = die + 2 per air unit after the first + 2 with gas - (row - 1)
#   e <= 3 NE, 4-6 Dis, 7-8 DX1, 9+ DX2

load helpers

loe() {
	run --separate-stderr umpire -g loe airstrike --name g1 "$@"
}

toto() {
	run --separate-stderr umpire -g toto airstrike --name t1 "$@"
}

airfile() {
	echo "$XDG_STATE_HOME/umpire/air/$1.json"
}

@test "loe 11.1 A: a strike is remembered; the unit flies nothing more this player-turn" {
	# clear, one unit, roll 3: e = 3: NE
	loe --unit sq1 --roll 3 --json
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" NE
	assert_equal "$(json_get '.recorded | join(",")' <<<"$output")" sq1
	loe --unit sq1 --roll 3
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no strike by sq1: it has flown its one mission this player-turn (11.1 A)"
	# a rebase is a mission too (11.1 A: one of three)
	loe --check --unit sq1 --mission rebase
	assert_equal "$status" 1
	assert_line --partial "saved: sq1 flew strike this player-turn (turn 1)"
	# another unit may fly
	loe --check --unit sq2 --mission rebase
	assert_success
	# the next player-turn frees sq1
	loe --new-turn
	assert_success
	assert_line --partial "turn 2: every air unit may fly again"
	loe --unit sq1 --roll 3
	assert_success
}

@test "loe --fly records an allowed mission only; --status lists them" {
	loe --check --unit sq1 --mission support --range 5 --distance 4 --fly --json
	assert_success
	assert_equal "$(json_get '.recorded[0]' <<<"$output")" sq1
	# refused: out of range (11.3 A), so nothing is recorded
	loe --check --unit sq2 --mission support --range 5 --distance 6 --fly
	assert_equal "$status" 1
	loe --status --json
	assert_success
	assert_equal "$(json_get '[.missions[] | "\(.unit)=\(.mission)"] | join(",")' <<<"$output")" "sq1=support"
	assert_equal "$(json_get .turn <<<"$output")" 1
	loe --status
	assert_line --partial "sq1 flew support"
}

@test "loe: a two-unit strike records both and counts as two units on the chart" {
	# two units, clear, roll 2: e = 2 + 2 = 4: Dis
	loe --unit sq1,sq2 --roll 2 --json
	assert_success
	assert_equal "$(json_get .units <<<"$output")" 2
	assert_equal "$(json_get .result.code <<<"$output")" Dis
	loe --unit sq3,sq2 --roll 2
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no strike by sq2: it has flown its one mission this player-turn (11.1 A)"
	loe --unit sq3 --units 2 --roll 2
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --units 2 but --unit names 1: 'sq3'"
}

@test "loe 11.2.2 E, 11.2.3 B: a temporary field bases nothing the turn it is built, then one mission a turn" {
	loe --build-field 4020 --terrain mountain
	assert_success
	assert_output --partial "air units from turn 2"
	loe --check --unit sq1 --mission rebase --from 4020
	assert_equal "$status" 1
	assert_line --partial "11.2.2 E"
	loe --new-turn
	assert_line --partial "the field in 4020 is complete"
	# two units from the field in one strike: the second is one too many
	loe --unit sq1,sq2 --from 4020 --roll 2
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no strike by sq2: a unit has flown from this temporary field this turn; one a turn (11.2.3 B)"
	loe --unit sq1 --from 4020 --roll 2
	assert_success
	loe --check --unit sq2 --mission support --from 4020
	assert_equal "$status" 1
	assert_line --partial "saved: sq1 flew from the temporary field in 4020 this turn"
	# a permanent field has no such limit (11.2.3 A): 5232 is not saved
	loe --check --unit sq2 --mission support --from 5232
	assert_success
}

@test "loe 11.2.2 A, C, F: four fields at most, one a hex, none in marsh, a removed one back next turn" {
	local h
	for h in 4020 4021 4022 4023; do
		loe --build-field "$h"
		assert_success
	done
	loe --build-field 4024
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 4 on the map; four at most (11.2.2 A, F)"
	loe --remove-field 4023
	assert_success
	# removed this turn, the counter is not back until the next (11.2.2 F)
	loe --build-field 4024
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 3 on the map and a removed one back only next turn; four at most (11.2.2 A, F)"
	loe --new-turn
	loe --build-field 4024
	assert_success
	loe --build-field 4020
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 4020 already has an airfield; one a hex (11.2.2 A)"
	loe --remove-field 3000
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no temporary airfield in 3000 to remove"
}

@test "loe 11.2.2 A, C on a map: no field in marsh nor where a permanent one is" {
	# 4708 is mountain with marsh on the teaching map (6.3.6 note)
	loe --build-field 4708 --map teaching
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 4708 is marsh (11.2.2 C)"
	loe --build-field 4101 --terrain clear+marsh
	assert_one_line_error 1
	# Massawa 5232 has its permanent airfield
	loe --build-field 5232 --map teaching
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 5232 already has an airfield; one a hex (11.2.2 A)"
	# 4913 is clear with jungle: a field may go there (11.2.2 C: all but marsh)
	loe --build-field 4913 --map teaching
	assert_success
	refute_output --partial "relied on: 4913 is not marsh"
}

@test "--undo takes back the last change, once" {
	loe --unit sq1 --roll 3
	loe --unit sq2 --roll 3
	loe --undo
	assert_success
	loe --status --json
	assert_equal "$(json_get '[.missions[].unit] | join(",")' <<<"$output")" sq1
	loe --undo
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: nothing to undo in 'g1'"
}

@test "toto 18.5: one attack an airbase a combat phase; --new-phase starts the next" {
	toto --check --unit ab1 --fly
	assert_success
	toto --check --unit ab1
	assert_equal "$status" 1
	assert_line --partial "18.5"
	toto --new-phase
	assert_line --partial "combat phase 2"
	toto --check --unit ab1 --fly
	assert_success
	toto --status --json
	assert_equal "$(json_get .phase <<<"$output")" 2
	assert_equal "$(json_get '[.missions[] | "\(.unit)@\(.phase)"] | join(",")' <<<"$output")" "ab1@1,ab1@2"
}

@test "toto 33.3: aerial supply once a turn, and its airbase flies nothing else" {
	toto --check --unit ab1 --mission supply --side allied --year 1916 --fly
	assert_success
	toto --check --unit ab2 --mission supply --side allied --year 1916
	assert_equal "$status" 1
	assert_line --partial "the one aerial supply mission of this turn is flown"
	toto --check --unit ab1 --mission recon
	assert_equal "$status" 1
	assert_line --partial "flew aerial supply this turn and flies nothing else"
	# an airbase that supported an attack may not then fly the supply
	toto --new-turn
	toto --check --unit ab2 --fly
	toto --check --unit ab2 --mission supply --side allied --year 1916
	assert_equal "$status" 1
	assert_line --partial "it flew another mission this turn"
	toto --check --unit ab3 --mission supply --side allied --year 1916
	assert_success
}

@test "a broken or foreign saved file is refused and left as it is" {
	mkdir -p "$XDG_STATE_HOME/umpire/air"
	printf '{ "format": "umpire-air/1", ' >"$(airfile g1)"
	cp "$(airfile g1)" "$BATS_TEST_TMPDIR/before"
	loe --unit sq1 --roll 3
	assert_one_line_error 3
	[[ "$stderr" == *"g1.json: "*"(left as it is)" ]]
	cmp "$(airfile g1)" "$BATS_TEST_TMPDIR/before"
	# a file of toto's asked for as loe's
	rm "$(airfile g1)"
	run umpire -g toto airstrike --name g1 --new-turn
	assert_success
	# a turn no game reaches: refused before any conversion to int
	cp "$(airfile g1)" "$BATS_TEST_TMPDIR/good"
	jq '.turn = 1e300' "$BATS_TEST_TMPDIR/good" >"$(airfile g1)"
	cp "$(airfile g1)" "$BATS_TEST_TMPDIR/huge"
	run --separate-stderr umpire -g toto airstrike --name g1 --status
	assert_one_line_error 3
	cmp "$(airfile g1)" "$BATS_TEST_TMPDIR/huge"
	cp "$BATS_TEST_TMPDIR/good" "$(airfile g1)"
	loe --status
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: saved air missions 'g1' are toto's, not loe's: 'g1' (give -g toto, or another --name)"
	# a shape the rules forbid: five fields (11.2.2 A)
	jq '.game = "loe" | .fields = [range(5) | {hex: "40\(.+10)", built: 1}]' "$(airfile g1)" >"$BATS_TEST_TMPDIR/five"
	cp "$BATS_TEST_TMPDIR/five" "$(airfile g1)"
	loe --status
	assert_one_line_error 3
	[[ "$stderr" == *"more than four (11.2.2 A)"* ]]
	cmp "$(airfile g1)" "$BATS_TEST_TMPDIR/five"
	# a symbolic link is not followed
	rm "$(airfile g1)"
	ln -s "$BATS_TEST_TMPDIR/five" "$(airfile g1)"
	loe --status
	assert_one_line_error 3
}

@test "a saved game locked by another process: exit 5, nothing changed" {
	loe --unit sq1 --roll 3
	cp "$(airfile g1)" "$BATS_TEST_TMPDIR/before"
	flock "$XDG_STATE_HOME/umpire/air/g1.lock" sleep 5 &
	sleep 0.3
	UMPIRE_LOCK_TIMEOUT=0.3 run --separate-stderr umpire -g loe airstrike --name g1 --unit sq2 --roll 3
	assert_one_line_error 5
	[[ "$stderr" == *"busy"* ]]
	cmp "$(airfile g1)" "$BATS_TEST_TMPDIR/before"
	# a question needs no lock
	loe --check --unit sq2 --mission rebase
	assert_success
	kill %1 2>/dev/null || true
	wait
}

@test "--name usage is checked before anything is read or written" {
	loe --unit sq1
	assert_success
	run --separate-stderr umpire -g loe airstrike --unit sq1 --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --unit needs a saved game (--saved NAME) or --name"
	run --separate-stderr umpire -g loe airstrike --name 'Bad/Name' --status
	assert_one_line_error 2
	loe --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: recording a mission needs --unit (which air unit flies)"
	loe --fly --unit sq1
	assert_one_line_error 2
	loe --check --unit sq1,sq2
	assert_one_line_error 2
	loe --unit sq1,sq1 --roll 1
	assert_one_line_error 2
	loe --status --new-turn
	assert_one_line_error 2
	loe --new-phase
	assert_one_line_error 2
	toto --build-field 4020
	assert_one_line_error 2
	loe --build-field ../x
	assert_one_line_error 2
	assert_file_not_exists "$(airfile g1).tmp"
}

@test "loe 11.2.5 B, 11.4.1 C: units forced off an overrun field fly nothing in the next player-turn" {
	loe --overrun --unit sq1,sq2
	assert_success
	assert_line --partial "sq2 flies nothing in turn 2 but a forced rebase"
	# still turn 1: the rule bites in the next Italian player-turn
	loe --new-turn
	loe --check --unit sq1 --mission support
	assert_equal "$status" 1
	assert_line --partial "11.2.5 B, 11.4.1 C"
	# not even a rebase of its own choosing (11.4.1 C)
	loe --check --unit sq1 --mission rebase --fly
	assert_equal "$status" 1
	assert_line --partial "not even a rebase"
	loe --status --json
	assert_equal "$(json_get '.missions | length' <<<"$output")" 0
	loe --unit sq3,sq2 --roll 3
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no strike by sq2: its field was overrun: this player-turn it flies no mission, not even a rebase, but the one forced by another overrun (11.2.5 B, 11.4.1 C)"
	# the rebase 11.2.5 B still allows: its new field is overrun too, in
	# this turn 2; it rebases at once and is kept down through turn 3
	loe --overrun --unit sq1
	assert_success
	assert_line --partial "sq1 flies nothing in turn 3 but a forced rebase"
	# the turn after, sq2 flies again; sq1, overrun twice, waits a turn more
	loe --new-turn
	loe --check --unit sq2 --mission support
	assert_success
	loe --check --unit sq1 --mission rebase
	assert_equal "$status" 1
	loe --new-turn
	loe --check --unit sq1 --mission rebase
	assert_success
	loe --status --json
	assert_equal "$(json_get '.grounded' <<<"$output")" null
	loe --overrun
	assert_one_line_error 2
	toto --overrun --unit ab1
	assert_one_line_error 2
}

@test "loe 11.2 B: a permanent base is Massawa, Assab or To Mogadisho, or what the map marks" {
	# 4020 holds no permanent field (11.2 B names 5232, 3833, 1019) and
	# none is saved there: no mission from it
	loe --check --unit sq1 --mission rebase --from 4020
	assert_equal "$status" 1
	assert_line --partial "no: no airfield in 4020"
	loe --unit sq1 --from 4020 --roll 3
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no strike: no airfield in 4020: the permanent ones are 5232, 3833 and 1019 or a map's airfield; a temporary one: --base temporary or --build-field (11.2 B)"
	# nothing recorded by the refused strike
	loe --status
	assert_equal "$status" 1
	# each of the three is one, with or without a map
	local h
	for h in 5232 3833 1019; do
		loe --check --unit sq1 --mission rebase --from "$h"
		assert_success
	done
	run --separate-stderr umpire -g loe airstrike --check --map teaching --from 3833 --to 3832 --range 5
	assert_success
	# on the teaching map 4020 is plain mountain: no field drawn either
	run --separate-stderr umpire -g loe airstrike --check --map teaching --from 4020 --to 4021 --range 5
	assert_equal "$status" 1
	assert_line --partial "11.2 B"
	# the player's word for a temporary field there, or a saved one
	run --separate-stderr umpire -g loe airstrike --check --map teaching --base temporary --from 4020 --to 4021 --range 5
	assert_success
	loe --build-field 4020
	loe --new-turn
	loe --check --unit sq1 --mission rebase --from 4020
	assert_success
	# a map that draws an airfield in 0303 makes it a base
	cat >"$BATS_TEST_TMPDIR/af.json" <<'JSON'
{ "format": "umpire-map/1", "game": "loe", "name": "af", "source": "user",
  "layout": "odd-q", "default": "clear",
  "ranges": [ { "from": "0101", "to": "0909", "terrain": "clear" } ],
  "hexes": { "0303": { "terrain": "clear", "features": ["airfield"] } },
  "hexsides": [] }
JSON
	run --separate-stderr umpire -g loe airstrike --check --map "$BATS_TEST_TMPDIR/af.json" --from 0303 --to 0305 --range 2
	assert_success
	run --separate-stderr umpire -g loe airstrike --check --map "$BATS_TEST_TMPDIR/af.json" --from 0304 --to 0305 --range 2
	assert_equal "$status" 1
}

@test "loe 3.4, 6.3.7, 11.2.2 B on a map: no temporary field in neutral territory or an ocean hex" {
	# 1005 lies in the teaching map's neutral band (0801-1611)
	loe --build-field 1005 --map teaching
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 1005 is neutral territory, which Italy never controls (3.4, 11.2.2 B)"
	# 0820 is in the ocean band 0814-0935
	loe --build-field 0820 --map teaching
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 0820 is all ocean (6.3.7, 11.2.2 B)"
	# To Mogadisho 1019 has its permanent field whatever map is given
	loe --build-field 1019
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 1019 already has an airfield; one a hex (11.2.2 A)"
	# nothing was placed
	loe --status
	assert_equal "$status" 1
	# a plain mountain hex takes one
	loe --build-field 4020 --map teaching
	assert_success
}
