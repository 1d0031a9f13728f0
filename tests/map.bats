#!/usr/bin/env bats
# map: import, check and show hex maps (umpire-map(1), umpire-data(5)).
# The drawings below were worked out by hand from the layout: on an odd-q
# map the odd columns sit one text line lower than the even ones.

load helpers

# A small loe map: columns 24-26, rows 04-06.  2505 is a named mountain
# town; 2604-2606 amba; a road from 2504 into 2505.
small_map() {
	cat > "$BATS_TEST_TMPDIR/north.map" <<-'EOF'
	# north of Adigrat, typed in by hand
	game loe
	layout odd-q
	size 2404 2606
	default clear
	2604-2606 amba
	2505 mountain town
	2405 jungle          # clear, with jungle
	2504/2505 road
	place 2505 Adigrat
	EOF
	echo "$BATS_TEST_TMPDIR/north.map"
}

installed() {
	echo "$XDG_DATA_HOME/umpire/loe/maps/$1.json"
}

@test "map import installs the typed map as JSON and says where" {
	f=$(small_map)
	run --separate-stderr umpire map import loe north "$f"
	assert_success
	assert_line --index 0 "installed your loe map 'north' from $f"
	assert_line --index 1 --partial "2404 to 2606 (3 columns x 3 rows, 9 hexes), odd-q"
	assert_line --index 2 "  $(installed north)"
	assert_file_exists "$(installed north)"
	# the installed file is a map of its own, named and marked as the user's
	run jq -r '.name, .source, .layout, .default, .hexes["2505"].place' "$(installed north)"
	assert_output "$(printf 'north\nuser\nodd-q\nclear\nAdigrat')"
	run --separate-stderr umpire map check "$(installed north)"
	assert_success
	# a second import replaces the first, and says so
	run --separate-stderr umpire map import loe north "$f"
	assert_line --index 2 "  $(installed north) (replaces your earlier import)"
}

@test "map import refuses a bad line with its line and column, installing nothing" {
	f=$(small_map)
	printf '2606 mountian\n' >> "$f"
	run --separate-stderr umpire map import loe north "$f"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $f: line 11, column 6: not a loe terrain: 'mountian' (did you mean 'mountain'?)"
	assert_file_not_exists "$(installed north)"
	assert_file_not_exists "$XDG_DATA_HOME/umpire/loe/maps"
}

@test "a failed import leaves the earlier import as it was" {
	f=$(small_map)
	umpire map import loe north "$f" >/dev/null
	before=$(cat "$(installed north)")
	printf '2404/2606 road\n' >> "$f"
	run --separate-stderr umpire map import loe north "$f"
	assert_one_line_error 3
	# 2404 and 2606 are two columns apart: no common hexside
	assert_equal "$stderr" "umpire map: $f: line 11, column 1: hexes that share no hexside in an odd-q map: '2404/2606'"
	assert_equal "$(cat "$(installed north)")" "$before"
}

@test "map import: the game named must be the file's" {
	f=$(small_map)
	run --separate-stderr umpire map import toto north "$f"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $f: line 2, column 6: a loe map, not toto: 'loe'"
	# without a game line, the game comes from the command
	sed -i '/^game/d' "$f"
	run --separate-stderr umpire map import loe north "$f"
	assert_success
}

@test "map import: usage errors" {
	f=$(small_map)
	run --separate-stderr umpire map import chess north "$f"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: unknown game: 'chess' (expected adwa, iwiif, loe, sotq or toto)"
	run --separate-stderr umpire map import loe North "$f"
	assert_one_line_error 2
	run --separate-stderr umpire map import loe ../north "$f"
	assert_one_line_error 2
	run --separate-stderr umpire map import loe north
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: map import takes a game, a name and a file"
	run --separate-stderr umpire map import loe north "$BATS_TEST_TMPDIR/none.map"
	assert_one_line_error 4
	run --separate-stderr umpire map
	assert_one_line_error 2
	run --separate-stderr umpire map frobnicate
	assert_one_line_error 2
	[[ "$stderr" == *"unknown map command: 'frobnicate'"* ]]
}

@test "map import writes the JSON alone; an answer reads the file as it stands" {
	f=$(small_map)
	umpire map import loe north "$f" >/dev/null
	assert_equal "$(ls -A "$XDG_DATA_HOME/umpire/loe/maps")" "north.json"
	run --separate-stderr umpire -g loe map show north --around 2505 --radius 0
	assert_success
	assert_output --partial "Adigrat"
	# the player renames the town by hand: the next answer has the new name
	sed -i 's/"Adigrat"/"Edaga Hamus"/' "$(installed north)"
	run --separate-stderr umpire -g loe map show north --around 2505 --radius 0
	assert_success
	assert_output --partial "Edaga Hamus"
	refute_output --partial "Adigrat"
}

@test "map compile is retired: an unknown map command, exit 2" {
	f=$(small_map)
	run --separate-stderr umpire map compile "$f"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: unknown map command: 'compile' (expected import, check, show or svg)"
	assert_file_not_exists "$BATS_TEST_TMPDIR/north.img"
}

@test "map check: a good map, and the first error in a bad one" {
	f=$(small_map)
	run --separate-stderr umpire map check "$f"
	assert_success
	assert_line --index 0 "$f: a good map"
	assert_line --index 1 "  a loe map, 2404 to 2606 (3 columns x 3 rows, 9 hexes), odd-q; hexsides with features: 1; named places: 1"
	run --separate-stderr umpire --json map check "$f"
	assert_equal "$(json_get '.valid, .hexes, .hexsides, .places' <<<"$output")" "$(printf 'true\n9\n1\n1')"
	# two errors: the first is reported
	printf '2707 clear\n2404 forest\n' >> "$f"
	run --separate-stderr umpire map check "$f"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $f: line 11, column 1: hex off the map: '2707'"
}

@test "map check: JSON errors name the member" {
	cat > "$BATS_TEST_TMPDIR/m.json" <<-'EOF'
	{ "game": "loe", "layout": "odd-q", "default": "clear",
	  "hexes": { "2505": { "terrain": "hills" } } }
	EOF
	run --separate-stderr umpire map check "$BATS_TEST_TMPDIR/m.json"
	assert_one_line_error 3
	[[ "$stderr" == "umpire map: $BATS_TEST_TMPDIR/m.json: hexes.2505.terrain: not a loe terrain: 'hills'"* ]]
	printf '{ "game": "loe",\n  "layout": odd-q }\n' > "$BATS_TEST_TMPDIR/m.json"
	run --separate-stderr umpire map check "$BATS_TEST_TMPDIR/m.json"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $BATS_TEST_TMPDIR/m.json: line 2, column 13: not valid JSON"
	printf '{ "game": "chess", "layout": "odd-q" }\n' > "$BATS_TEST_TMPDIR/m.json"
	run --separate-stderr umpire map check "$BATS_TEST_TMPDIR/m.json"
	assert_one_line_error 3
}

@test "map show draws the hexes so that touching hexes overlap" {
	f=$(small_map)
	run --separate-stderr umpire map show "$f"
	assert_success
	# Columns 24 and 26 even (top line 0), 25 odd (one line lower).
	# 2505 (lines 3-4) overlaps 2405 (2-3) and 2406 (4-5): the rules'
	# own example of hexes that touch.
	assert_equal "$output" "loe map $f (user, odd-q)
  each hex: its id (* if named) over its terrain code and feature letters; odd
    columns sit half a hex lower
2404              2604
cl       2504     am
2405     cl       2605
cl J     2505*    am
2406     mo T     2606
cl       2506     am
         cl
  2505* Adigrat
  2505/2504 road
terrain: cl clear, mo mountain, am amba
features: J jungle, T town"
}

@test "map show --around a hex or a place, by name, within a radius" {
	f=$(small_map)
	umpire map import loe north "$f" >/dev/null
	# radius 1 around 2505: itself and its six neighbours, 2504, 2506,
	# 2405, 2406, 2605, 2606 (odd column: west and east on rows 05, 06)
	run --separate-stderr umpire -g loe --json map show north --around Adigrat --radius 1
	assert_success
	assert_equal "$(json_get '[.shown[].hex] | join(" ")' <<<"$output")" "2405 2406 2504 2505 2506 2605 2606"
	assert_equal "$(json_get '.around, .radius' <<<"$output")" "$(printf '2505\n1')"
	run --separate-stderr umpire -g loe map show north --around 2404 --radius 0
	assert_success
	# the legend line wraps within 78 (index 1 and 2), the drawing follows
	assert_line --index 3 "2404"
	assert_line --index 4 "cl"
}

@test "map show: usage errors" {
	f=$(small_map)
	run --separate-stderr umpire map show "$f" --around 9999
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: no such hex or place on the map: '9999'"
	run --separate-stderr umpire map show "$f" --radius 2
	assert_one_line_error 2
	run --separate-stderr umpire map show "$f" --around 2505 --radius x
	assert_one_line_error 2
	run --separate-stderr umpire map show north
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: which game's map 'north'? give -g GAME"
	run --separate-stderr umpire -g loe map show nowhere
	assert_one_line_error 2
	run --separate-stderr umpire map check "$f" --around 2505
	assert_one_line_error 2
	run --separate-stderr umpire map show "$f" --mark 2504,2505
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --mark belongs to map svg"
	# a big map needs --around
	printf 'game loe\nlayout odd-q\nsize 0101 9999\ndefault clear\n' > "$BATS_TEST_TMPDIR/big.map"
	run --separate-stderr umpire map show "$BATS_TEST_TMPDIR/big.map"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: the map has 9801 hexes: give --around HEX to draw part of it"
	run --separate-stderr umpire map show "$BATS_TEST_TMPDIR/big.map" --around 5050 --radius 1
	assert_success
}

@test "a map for another game is refused" {
	f=$(small_map)
	run --separate-stderr umpire -g toto map show "$f"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $f: line 2, column 6: a loe map, not toto: 'loe'"
}

@test "a game's terrain words that say they are another game's are refused" {
	# the message names the file's game after reading it, not after freeing
	# it: this crashed with a segmentation fault
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	jq '.game = "toto"' "$TOP/rules/loe/terrain.json" >"$BATS_TEST_TMPDIR/d/loe/terrain.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" -g loe map show teaching
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $BATS_TEST_TMPDIR/d/loe/terrain.json: game is 'toto', expected 'loe'"
}

@test "map svg is handed to the picture writer" {
	f=$(small_map)
	run --separate-stderr umpire map svg "$f" --around 2505 --radius 1
	assert_success
	assert_line --index 0 --partial '<?xml'
}

@test "completion: map commands, map names, hex ids after --around" {
	f=$(small_map)
	umpire map import loe north "$f" >/dev/null
	run umpire __complete map ''
	assert_output "$(printf 'check\nimport\nshow\nsvg')"
	run umpire __complete -g loe map show n
	assert_output "north"
	run umpire __complete -g loe map show north --around 250
	assert_output "$(printf '2504\n2505\n2506')"
	run umpire __complete -g loe map show north --around Adi
	assert_output "Adigrat"
	run umpire __complete map import t
	assert_output "toto"
}

# The supply tests' corridor (tests/fixtures/supply/loe-corridor.json):
# clear in column 10 down to the Italian source 1019, ocean around; a in
# 1016 is 3 hexes from 1019, b in 1011 would need 8 where loe 9.2 allows 7.
CORRIDOR="$FIXTURES/supply/loe-corridor.json"
CORRIDOR_SIT="$FIXTURES/svg/corridor-supply.json"

@test "map show --supply marks each unit's supply beside the hex ids, without colour" {
	run --separate-stderr umpire -g loe map show "$CORRIDOR" --situation "$CORRIDOR_SIT" \
	    --supply a --around 1017 --radius 1
	assert_success
	# 1017 (even column, one line up) and its six neighbours; a in 1016
	# is in supply (S), its line runs on through 1017 and 1018 (=) to 1019,
	# outside the window
	assert_equal "$(sed "1,/half a hex lower/d" <<<"$output")" "         1016 S
0916     cl       1116
oc       1017 =   oc
0917     cl       1117
oc       1018 =   oc
         cl
terrain: cl clear, oc ocean
supply: S in supply, O out of supply, X where its line was blocked, = on a line, @ the source it reaches"
	# the whole side: b in 1011 is out of supply (O); its line, one hex too
	# long, broke at 1019 (X), the source a's line reaches (@ yields to X)
	run --separate-stderr umpire -g loe map show "$CORRIDOR" --situation "$CORRIDOR_SIT" \
	    --supply italian --around 1011 --radius 1
	assert_line "oc       1011 O   oc"
	assert_line "oc       1012 =   oc"
	run --separate-stderr umpire -g loe map show "$CORRIDOR" --situation "$CORRIDOR_SIT" \
	    --supply italian --around 1019 --radius 1
	assert_line "oc       1019* X  oc"
	run --separate-stderr umpire -g loe map show "$CORRIDOR" --situation "$CORRIDOR_SIT" \
	    --supply a --around 1019 --radius 1
	assert_line "oc       1019* @  oc"
	# the answers themselves, as supply-trace gives them
	run --separate-stderr umpire -g loe --json map show "$CORRIDOR" --situation "$CORRIDOR_SIT" \
	    --supply italian --around 1015 --radius 4
	assert_equal "$(json_get '[.supply[] | .unit + ":" + (.supplied | tostring) + ":" + (.blocked // "-")] | join(" ")' <<<"$output")" \
	    "a:true:- b:false:1019"
}

@test "map show --supply: what it needs, and only show and svg take it" {
	run --separate-stderr umpire -g loe map show "$CORRIDOR" --supply italian
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: --supply needs --situation: 'italian'"
	run --separate-stderr umpire -g loe map show "$CORRIDOR" --situation "$CORRIDOR_SIT"
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map show "$CORRIDOR" --situation "$CORRIDOR_SIT" --supply nobody
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map check "$CORRIDOR" --supply italian
	assert_one_line_error 2
}

@test "map show --reach and --path mark the movement left and the steps, as map svg prices them" {
	# eth-irr-a, MA 8, in 3925 (loe teaching situation): 3925 itself 8;
	# 4025 and 4026 clear, 1 MP each from 3925: 7 left; 3725 two clear
	# hexes away: 6; 3927 lies over the confluence (6.3.8 note): no mark
	# this phase; 4126, over the Awash, only by the road's bridge in 4324
	# (6.3.9 A): 4025 4124 4224 4324 4325 4226 4126, 7 MP, 1 left
	run --separate-stderr umpire -g loe map show teaching --situation teaching \
	    --reach eth-irr-a --around 3925 --radius 2
	assert_success
	assert_line --partial "3925 8 "
	assert_line --partial "4025 7 "
	assert_line --partial "4026 7 "
	assert_line --regexp "^3725 6 "
	# the drawing only (the map's note names 4126 too)
	local drawing
	drawing=$(sed "1,/half a hex lower/d" <<<"$output")
	run ! grep -Eq '3927 [0-9a-z+]' <<<"$drawing"
	grep -Eq '4126 1( |$)' <<<"$drawing"
	# (and the same pattern does find a marked hex)
	grep -Eq '4027 [0-9a-z+]' <<<"$drawing"
	# 6.3.8 note: 3925 -> 4025 -> 4026, steps 0, 1, 2
	run --separate-stderr umpire -g loe map show teaching --situation teaching \
	    --path 3925,4025,4026 --around 4025 --radius 1
	assert_success
	assert_equal "$(sed "1,/half a hex lower/d" <<<"$output" | head -6)" "         4024
3924     cl       4124
cl       4025 1   cl
3925 0   cl       4125
cl       4026 2   cl R
         cl R"
	# a step the rules forbid is refused as map svg refuses it
	run --separate-stderr umpire -g loe map show teaching --situation teaching \
	    --path 3925,3926,3927
	assert_one_line_error 1
	[[ "$stderr" == *"(6.3.8 A): '3927'" ]]
	run --separate-stderr umpire -g loe map show teaching --reach eth-irr-a
	assert_one_line_error 2
	run --separate-stderr umpire -g loe map show teaching --situation teaching \
	    --reach eth-irr-a --supply ethiopian
	assert_one_line_error 2
}

@test "map show --reach marks P where the unit may pass but not end (sotq 9.A; loe 7.1 A)" {
	# sotq-square.json: umcijo-a in 0404, a unit of another impi in 0405:
	# two impis pass through each other but do not end a Movement Phase
	# in one hex (9.A), so 0405 is P; 0504, clear and empty, is reached
	local f="$BATS_TEST_TMPDIR/impis.json"
	printf '%s' '{ "game": "sotq", "map": "isandhlwana", "units": [
	    { "id": "umcijo-a", "side": "zulu", "type": "zulu-inf",
	      "strength": 4, "hex": "0404" },
	    { "id": "ingobamakhosi-a", "side": "zulu", "type": "zulu-inf",
	      "strength": 4, "hex": "0405" } ] }' >"$f"
	run --separate-stderr umpire -g sotq map show \
	    "$FIXTURES/move/sotq-square.json" --situation "$f" --reach umcijo-a \
	    --around 0404 --radius 1
	assert_success
	assert_line --partial "0405 P "
	assert_line --regexp "0504 [0-9]$"
	assert_line --partial "P: it may pass but not end its move there"
	run --separate-stderr umpire -g sotq --json map show \
	    "$FIXTURES/move/sotq-square.json" --situation "$f" --reach umcijo-a \
	    --around 0404 --radius 1
	assert_equal "$(json_get '.pass_only | join(",")' <<<"$output")" 0405
	# loe-stack.json: x, a division in 2504, would make 12 thirds in 2505
	# and 11 in 2605, but 7.1 A holds the limit as the Movement Phase
	# ends, not as a move does: both are ends, no P
	run --separate-stderr umpire -g loe --json map show teaching \
	    --situation "$FIXTURES/move/loe-stack.json" --reach x --around 2504 --radius 2
	assert_equal "$(json_get '.pass_only | join(",")' <<<"$output")" ""
}

@test "map check: ranges that cover the map more than 16 times over are refused at once" {
	# 3 x 3 = 9 hexes: the ranges may cover 16 x 9 = 144.  Sixteen whole
	# copies of 0101-0303 are 144, taken; the seventeenth, on line 4 + 17
	# = 21, is refused (a damaged file naming a million-hex map over and
	# over would otherwise keep umpire busy for hours)
	local f="$BATS_TEST_TMPDIR/t.map" i
	printf 'game toto\nname t\nlayout odd-q\nsize 0101 0303\n' >"$f"
	for ((i = 0; i < 16; i++)); do echo "0101-0303 clear"; done >>"$f"
	run --separate-stderr umpire map check "$f"
	assert_success
	echo "0101-0303 clear" >>"$f"
	run --separate-stderr umpire map check "$f"
	assert_one_line_error 3
	assert_equal "$stderr" "umpire map: $f: line 21, column 1: the ranges cover the map more than 16 times over (list each stretch once)"
}
