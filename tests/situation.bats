#!/usr/bin/env bats
# situation.bats: situation files (umpire-data(5)) are untrusted input.
# Each fixture of tests/fixtures/situation holds one fault among good
# units; every command that reads a situation (move-cost, supply-trace,
# map show, map svg, and loe's airstrike) refuses it with one line naming
# the file and the member, exit 3, nothing on stdout, nothing written.
# The expected messages come from umpire-data(5) and the rules each check
# cites, not from the program.

load helpers

SIT="$FIXTURES/situation"

# refused GAME MAP UNIT SIDE NAME WHY: every command refuses NAME's
# fixture, on MAP, with "FILE: WHY" (UNIT and SIDE: the unit and side the
# commands are asked about, good ones of the file).
refused() {
	local game=$1 map=$2 unit=$3 side=$4 f="$SIT/$5.json" why=$6
	local svg="$BATS_TEST_TMPDIR/out.svg"

	run --separate-stderr umpire -g "$game" move-cost --map "$map" \
	    --situation "$f" --unit "$unit" --reach --ma 4
	assert_one_line_error 3
	assert_equal "$stderr" "umpire move-cost: $f: $why"
	run --separate-stderr umpire -g "$game" supply-trace --map "$map" \
	    --situation "$f" --side "$side"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire supply-trace: $f: $why"
	run --separate-stderr umpire -g "$game" map show --situation "$f" \
	    --supply "$side" "$map"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $f: $why"
	run --separate-stderr umpire -g "$game" map svg --situation "$f" \
	    -o "$svg" "$map"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $f: $why"
	assert_file_not_exists "$svg"
	if [ "$game" = loe ]; then
		run --separate-stderr umpire -g loe airstrike --check --map "$map" \
		    --situation "$f" --from 5232 --to 4828 --range 6
		assert_one_line_error 3
		assert_equal "$stderr" "umpire airstrike: $f: $why"
	fi
}

loe() { refused loe teaching it-a italian "$@"; }
toto() { refused toto teaching ot-a ottoman "$@"; }
isandhlwana() { refused sotq isandhlwana br-a british "$@"; }

@test "situation: a unit off the map, or in no hex at all (loe, toto)" {
	loe loe-off-map "units[1].hex: hex off the map: '9999'"
	loe loe-not-a-hex "units[1].hex: not a hex id: '39x5'"
	# the toto teaching map's rows run 00 to 28
	toto toto-off-map "units[1].hex: hex off the map: '5729'"
}

@test "situation: enemy units never share a hex (loe 6.1 F, toto 10.4, sotq 6.C)" {
	# et-a, the third unit, stands with it-a in 2504 (it-b, also Italian,
	# elsewhere)
	loe loe-two-sides "units[2].hex: the italian unit it-a stands there, and enemy units never share a hex (6.1 F): '2504'"
	toto toto-two-sides "units[1].hex: the ottoman unit ot-a stands there, and enemy units never share a hex (10.4): '4415'"
	isandhlwana sotq-two-sides "units[1].hex: the british unit br-a stands there, and enemy units never share a hex (6.C): '0628'"
}

@test "situation: what may stand with an enemy unit: at sea (loe 6.4 C), air units (loe 11.1 B), leaders (sotq 12.A)" {
	# it-a is at sea, listed at Massawa where et-a stands
	run --separate-stderr umpire -g loe map svg --situation "$SIT/loe-ok-at-sea.json" --around 5232 teaching
	assert_success
	assert_output --partial "<svg"
	# an Italian air unit in et-a's hex
	run --separate-stderr umpire -g loe map svg --situation "$SIT/loe-ok-air.json" --around 3925 teaching
	assert_success
	assert_output --partial "<svg"
	# Pulleine with the Zulu zu-a in 2019: removed at the turn's end, not
	# refused
	run --separate-stderr umpire -g sotq map svg --situation "$SIT/sotq-ok-leader.json" --around 2019 isandhlwana
	assert_success
	assert_output --partial "<svg"
}

@test "situation: two units with one id (loe, toto, sotq)" {
	loe loe-same-id "units[2].id: units[0] has the same id: 'it-a'"
	toto toto-same-id "units[1].id: units[0] has the same id: 'ot-a'"
	isandhlwana sotq-same-id "units[1].id: units[0] has the same id: 'br-a'"
}

@test "situation: a marker the game does not know (loe, toto, sotq)" {
	loe loe-marker "units[0].markers: not a loe marker: 'glorious' (umpire words loe markers lists them)"
	# loe's entrenchment is no toto marker, nor loe's supply marker a sotq one
	toto toto-marker "units[0].markers: not a toto marker: 'entrenched' (umpire words toto markers lists them)"
	isandhlwana sotq-marker "units[0].markers: not a sotq marker: 'oos-1' (umpire words sotq markers lists them)"
	# a supply unit's radius is radius-N, N up to 99 (toto_supply.c);
	# radius-5 is one
	toto toto-marker-radius "units[1].markers: not a toto marker: 'radius-100' (umpire words toto markers lists them)"
	run --separate-stderr umpire -g toto map svg --situation "$SIT/toto-ok-radius.json" --around 4418 teaching
	assert_success
	assert_output --partial "<svg"
}

@test "situation: a unit type the game does not know (loe, toto, sotq's battles)" {
	# a toto type in loe, a loe type in toto
	loe loe-type "units[1].type: not a loe unit type: 'tank' (umpire words loe types lists them)"
	toto toto-type "units[1].type: not a toto unit type: 'askari' (umpire words toto types lists them)"
	# Omdurman's gunboat is not at Isandhlwana (Part 6 B)
	isandhlwana sotq-battle-type "units[2].type: no such type at isandhlwana: 'gunboat'"
}

@test "situation: a side the game does not know, or a type of the other side (loe, toto, sotq)" {
	loe loe-side "units[1].side: not a loe side (italian, ethiopian): 'ottoman'"
	toto toto-side "units[1].side: not a toto side (ottoman, allied, neutral): 'british'"
	# askari are Italian colonial troops; air units are Italian (11.1 A)
	loe loe-type-side "units[1].side: askari units are italian: 'ethiopian'"
	loe loe-air-side "units[1].side: air units are Italian only (11.1 A): 'ethiopian'"
	# no Dervishes at Isandhlwana, no Zulus at Omdurman; a zulu-inf is Zulu
	isandhlwana sotq-battle-side "units[1].side: no such side at isandhlwana: 'dervish'"
	isandhlwana sotq-type-side "units[1].side: zulu-inf units are zulu: 'british'"
	refused sotq omdurman rifle-a british sotq-omdurman-side "units[1].side: no such side at omdurman: 'zulu'"
	# a rail net is a side's (toto 16.2)
	toto toto-rail-nets-side "rail_nets: not a toto side (ottoman, allied, neutral): 'central'"
}

@test "situation: strengths and allowances are whole numbers from 0 to 9999 (loe, toto)" {
	local f why="expected a whole number from 0 to 9999"
	for f in negative huge fraction past-int text 10000; do
		loe "loe-strength-$f" "units[1].strength: $why"
	done
	for f in negative huge past-int; do
		loe "loe-ma-$f" "units[1].ma: $why"
	done
	toto toto-strength-negative "units[1].strength: $why"
}

@test "situation: no ma is the game's allowance for the type: none in loe (give --ma), Part 6 B's in sotq" {
	# loe's counters print their MA and the data has none by type: the
	# file loads, but a path or a reach asks for the MA (an unlimited
	# one would reach anywhere); --ma gives it
	run --separate-stderr umpire -g loe move-cost --map teaching --situation "$SIT/loe-ok-no-ma.json" --unit it-a --to 2505
	assert_one_line_error 2
	run --separate-stderr umpire -g loe move-cost --map teaching --situation "$SIT/loe-ok-no-ma.json" --unit it-a --to 2505 --ma 6
	assert_success
	run --separate-stderr umpire -g loe move-cost --map teaching --situation "$SIT/loe-ok-no-ma.json" --unit it-a --reach
	assert_one_line_error 2
	assert_equal "$stderr" "umpire move-cost: it-a: no movement allowance: give the unit's \"ma\" in the situation, or --ma: 'italian-inf'"
	# zu-b has none: a Zulu foot unit's 5 (Part 6 B)
	run --separate-stderr umpire -g sotq --json move-cost --map isandhlwana --situation "$SIT/sotq-ok-leader.json" --unit zu-b --reach
	assert_success
	assert_equal "$(json_get '.units[0].ma' <<<"$output")" 5
}

@test "situation: supply-trace --update leaves a broken situation byte for byte as it was" {
	local f copy="$BATS_TEST_TMPDIR/s.json"
	for f in loe-two-sides loe-marker loe-same-id loe-strength-huge loe-off-map; do
		cp "$SIT/$f.json" "$copy"
		run --separate-stderr umpire -g loe supply-trace --map teaching --situation "$copy" --side italian --update
		assert_one_line_error 3
		cmp "$copy" "$SIT/$f.json"
		# nor any temporary file of a write begun (lib/state.c's)
		assert_equal "$(find "$BATS_TEST_TMPDIR" -name 's.json.tmp.*' | wc -l)" 0
	done
}
