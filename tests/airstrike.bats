#!/usr/bin/env bats
# airstrike: Lion of Ethiopia air units (11.x).  The strike's expected
# results come from 11.4.4's own example and, for the stand-in chart, from
# the formula its note states (worked by hand in each test):
#   e = die + 2 per air unit after the first + 2 with gas - (row - 1)
#   e <= 3 NE, 4-6 Dis, 7-8 DX1, 9+ DX2
# Rows: clear 1, then +1 for mountain or amba, +2 massif, +1 jungle,
# +1 entrenchment (5 at most); marsh and town add nothing.

load helpers

strike() {
	run --separate-stderr umpire -g loe airstrike "$@"
}

@test "loe 11.4.4 example: amba, jungle, entrenchment is row 4; one unit rolling 3 gets NE" {
	# row 1 + amba 1 + jungle 1 + entrenchment 1 = 4; e = 3 - 3 = 0: NE
	strike --terrain amba+jungle --entrenched --units 1 --roll 3 --json
	assert_success
	assert_equal "$(json_get .row <<<"$output")" 4
	assert_equal "$(json_get .column <<<"$output")" normal-r4-1
	assert_equal "$(json_get .result.code <<<"$output")" NE
	assert_equal "$(json_get .section <<<"$output")" normal
	assert_equal "$stderr" ""
}

@test "loe 11.4.4 A: the text trail cites the row, the column and the result" {
	strike --terrain amba+jungle --entrenched --roll 3
	assert_success
	assert_line --partial "amba+jungle, entrenched -> row 4"
	assert_line --partial "air units: 1 (their number, not their CF)"
	assert_line --partial "result: NE"
	assert_line --partial "stand-in"
}

@test "loe 11.4.4 A: rows by terrain, by hand" {
	# clear 1; mountain 1+1 = 2; amba+jungle 1+1+1 = 3; massif+jungle
	# entrenched 1+2+1+1 = 5; marsh+town 1
	local t
	for t in clear:1 mountain:2 amba+jungle:3 marsh+town:1; do
		strike --terrain "${t%%:*}" --roll 1 --json
		assert_success
		assert_equal "$(json_get .row <<<"$output")" "${t##*:}"
	done
	strike --terrain massif+jungle --entrenched --roll 1 --json
	assert_equal "$(json_get .row <<<"$output")" 5
}

@test "loe 11.4.4 B: Dis disrupts every unit, with what that does and when it ends" {
	# clear, one unit, roll 4: e = 4 + 0 + 0 - 0 = 4: Dis
	strike --roll 4
	assert_success
	assert_line --partial "result: Dis"
	# the first line of the step ends at the rule column: "may not" there
	assert_output --partial "they may not"
	assert_output --partial "attack nor enter an EZOC"
	assert_output --partial "CF is halved"
	assert_output --partial "end of that Italian Combat"
	# roll 3: e = 3: NE
	strike --roll 3 --json
	assert_equal "$(json_get .result.code <<<"$output")" NE
}

@test "loe 11.4.4 B: DX2 with three units in the hex leaves one survivor, disrupted" {
	# clear, three air units, roll 6: e = 6 + 4 = 10: DX2
	strike --units 3 --stack 3 --roll 6 --json
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" DX2
	assert_equal "$(json_get .result.eliminated <<<"$output")" 2
	assert_equal "$(json_get .result.survivors <<<"$output")" 1
	# four or more air units share the 4+ column: 1 + 6 = 7 with roll 1: DX1
	strike --units 5 --roll 1 --json
	assert_equal "$(json_get .column <<<"$output")" normal-r1-4+
	assert_equal "$(json_get .result.code <<<"$output")" DX1
}

@test "loe 13.2 A: Selassie is immune; a DX1 takes the unit with him" {
	# mountain (row 2), two units, roll 6: e = 6 + 2 - 1 = 7: DX1
	strike --terrain mountain --units 2 --roll 6 --selassie --stack 2 --json
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" DX1
	assert_equal "$(json_get .result.eliminated <<<"$output")" 1
	assert_equal "$(json_get .result.selassie_immune <<<"$output")" true
	# Selassie alone: nobody else to eliminate
	strike --terrain mountain --units 2 --roll 6 --selassie --stack 1 --json
	assert_equal "$(json_get .result.eliminated <<<"$output")" 0
}

@test "loe 11.4.5 A: the Gas section from the Jan 1 turn" {
	# row 4, one unit, roll 5: normal e = 5 - 3 = 2 NE; gas e = 4 Dis
	strike --terrain amba+jungle --entrenched --turn dec-15 --roll 5 --json
	assert_equal "$(json_get .section <<<"$output")" normal
	assert_equal "$(json_get .result.code <<<"$output")" NE
	strike --terrain amba+jungle --entrenched --turn jan-1 --roll 5 --json
	assert_equal "$(json_get .section <<<"$output")" gas
	assert_equal "$(json_get .result.code <<<"$output")" Dis
	strike --terrain amba+jungle --entrenched --gas --roll 5 --json
	assert_equal "$(json_get .result.code <<<"$output")" Dis
}

@test "loe --odds: every result's chance, per section when the date is not given" {
	# clear, one unit. Normal: e = d, NE on 1-3 (3/6), Dis on 4-6 (3/6).
	# Gas: e = d + 2, NE on 1 (1/6), Dis on 2-4 (3/6), DX1 on 5-6 (2/6).
	strike --odds --json
	assert_success
	assert_equal "$(json_get '.odds | length' <<<"$output")" 2
	assert_equal "$(json_get '.odds[0].column' <<<"$output")" normal-r1-1
	assert_equal "$(json_get '[.odds[0].outcomes[] | "\(.code)=\(.ways)"] | join(",")' <<<"$output")" "NE=3,Dis=3"
	assert_equal "$(json_get '[.odds[1].outcomes[] | "\(.code)=\(.ways)"] | join(",")' <<<"$output")" "NE=1,Dis=3,DX1=2"
	strike --odds --gas --json
	assert_equal "$(json_get '.odds | length' <<<"$output")" 1
	assert_equal "$(json_get '.odds[0].section' <<<"$output")" gas
}

@test "loe 11.4.3 A: no strike on a hex attacked on the ground or in an Italian ZOC" {
	strike --attacked --roll 3
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no strike: the target is attacked by ground units this turn: fly support instead (11.4.3 A)"
	strike --zoc --roll 3
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no strike: the target stands in an Italian unit's ZOC (11.4.3 A)"
}

@test "loe 10.1.3: a ZOC only from Italians in a fort does not forbid a strike" {
	strike --fort-zoc --roll 3
	assert_success
	assert_line --partial "does not forbid a strike"
}

@test "loe 10.2.2 A: no ZOC reaches into an entrenchment, so it does not forbid a strike" {
	# amba + entrenchment: row 1 + 1 + 1 = 3; roll 6: e = 6 - 2 = 4: Dis
	strike --terrain amba --entrenched --zoc --roll 6 --json
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" Dis
	strike --terrain amba --entrenched --zoc --roll 6
	assert_line --partial "no ZOC extends into the target's entrenchment"
}

@test "loe 11.4.1 A: rebasing reaches twice the range" {
	# range 5: 2 x 5 = 10 hexes
	strike --check --mission rebase --range 5 --distance 10 --json
	assert_success
	assert_equal "$(json_get .allowed <<<"$output")" true
	strike --check --mission rebase --range 5 --distance 11
	assert_equal "$status" 1
	assert_line --partial "beyond its reach of 10"
	# a strike reaches the range itself: 5
	strike --check --range 5 --distance 6
	assert_equal "$status" 1
	strike --check --range 5 --distance 5
	assert_success
}

@test "loe 11.4.1 B-C, 11.2.5 B: out of supply only rebasing; after an overrun not even that" {
	strike --check --oos
	assert_equal "$status" 1
	assert_line --partial "11.4.1 B"
	strike --check --oos --mission rebase
	assert_success
	strike --check --grounded --mission support
	assert_equal "$status" 1
	assert_line --partial "11.2.5 B"
	# 11.4.1 C: no mission at all in that player-turn, a rebase included
	strike --check --grounded --mission rebase --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.reasons[] | select(.rule == "11.2.5 B, 11.4.1 C") | .bars' <<<"$output")" true
}

@test "loe 11.1 A, 11.2.2 E, 11.2.3 B: one mission a unit, none from a field being built, one a temporary field" {
	strike --check --flown --mission rebase
	assert_equal "$status" 1
	assert_line --partial "11.1 A"
	strike --check --base building --mission rebase
	assert_equal "$status" 1
	assert_line --partial "11.2.2 E"
	strike --check --base temporary --field-used
	assert_equal "$status" 1
	assert_line --partial "11.2.3 B"
	# a permanent field has no such limit (11.2.3 A)
	strike --check --base permanent --field-used
	assert_success
}

@test "loe 11.2.4 C: next to the enemy, rebase or support against those neighbours" {
	strike --check --base-adjacent
	assert_equal "$status" 1
	strike --check --base-adjacent --mission support
	assert_equal "$status" 1
	strike --check --base-adjacent --mission support --target-adjacent
	assert_success
	strike --check --base-adjacent --mission rebase
	assert_success
}

@test "loe 11.3 B: never over neutral territory" {
	strike --check --neutral --mission rebase
	assert_equal "$status" 1
	assert_line --partial "neutral territory"
}

@test "loe map: Massawa 5232 to Adigrat 4828 is 6 hexes, and Adigrat is in an Italian ZOC" {
	# odd-q cube: 5232 x 52, z 32 - 26 = 6; 4828 x 48, z 28 - 24 = 4;
	# dx -4, dz -2, dy 6: 6 hexes.  The teaching situation puts an Italian
	# division next to Adigrat (14.3.1), so its ZOC forbids a strike.
	strike --check --map teaching --from 5232 --to 4828 --range 6 --json
	assert_success
	assert_equal "$(json_get '.reasons[0].text' <<<"$output")" "6 hexes away, within its reach of 6"
	strike --check --map teaching --situation teaching --from 5232 --to 4828 --range 6
	assert_equal "$status" 1
	assert_line --partial "Italian unit's ZOC"
}

@test "loe 6.1.2 A-B on a map: a flight goes round the Kenya wedge near Dolo, never across it" {
	# The teaching map draws the wedge as the neutral hexsides 1811/1910
	# and 1811/1911.  Odd-q cube (x col, z row - (col - col%2)/2):
	# 1811 (18, 2), 1910 (19, 1), 1911 (19, 2), 1810 (18, 1), 1812 (18, 3),
	# 2010 (20, 0), 2011 (20, 1).  1811 is no permanent field (11.2 B), so
	# each flight is from a temporary one there.
	# 1811 -> 1910 is 1 as the crow flies, across the wedge; round it
	# 1811-1810-1910 is 2 (1810/1910 is no wedge side).
	strike --check --mission support --map teaching --base temporary --from 1811 --to 1910 --range 1
	assert_equal "$status" 1
	assert_line --partial "2 hexes away, beyond its reach of 1"
	# 1811 -> 1911 likewise: 1811-1812-1911 is 2
	strike --check --map teaching --base temporary --from 1811 --to 1911 --range 2 --json
	assert_success
	assert_equal "$(json_get '.reasons[] | select(.rule == "11.3 A") | .text' <<<"$output")" "2 hexes away, within its reach of 2"
	# 1811 -> 2010: dx 2, dz -2, so 2 straight, but both middle hexes
	# (1910 alone, x 19 z 1) lie across the wedge: 1811-1810-1910-2010 is 3
	strike --check --map teaching --base temporary --from 1811 --to 2010 --range 2
	assert_equal "$status" 1
	assert_line --partial "3 hexes away, beyond its reach of 2"
	# 1811 -> 2011: 2 straight through 1910 or 1911, 3 round either way
	strike --check --mission rebase --map teaching --base temporary --from 1811 --to 2011 --range 1
	assert_equal "$status" 1
	assert_line --partial "3 hexes away, beyond its reach of 2 (twice its range)"
	# a hex beside 1811 across no wedge side is still 1 (1811/1810)
	strike --check --map teaching --base temporary --from 1811 --to 1810 --range 1
	assert_success
	assert_line --partial "1 hex away, within its reach of 1"
	# crt --map counts the same flight: 1811 -> 1910 is 2
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range1:from1811 --map teaching --at 1910 --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: air unit 2:range1:from1811 may not fly support: 2 hexes away, beyond its reach of 1 (11.3 A)"
}

@test "loe crt asks the same check: an out-of-supply air unit flies no support" {
	run --separate-stderr umpire -g loe crt 8 3 --air 2:oos
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: air unit 2:oos may not fly support: out of supply, it may only rebase (11.4.1 B)"
}

@test "loe crt 11.3 A: an air unit out of range is refused, one in range shows its count" {
	# range 5 reaches 5 hexes from the base: 4 and 5 fly, 6 does not
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range5:dist4 --roll 3
	assert_success
	assert_line --partial "air unit 2:range5:dist4: 4 hexes away, within its reach of 5"
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range5:dist5,1 --roll 3 --json
	assert_success
	# 8 + 2 + 1 = 11 attack
	assert_equal "$(json_get .attack <<<"$output")" 11
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range5:dist6 --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: air unit 2:range5:dist6 may not fly support: 6 hexes away, beyond its reach of 5 (11.3 A)"
	run --separate-stderr umpire -g loe crt 8 3 --air 2:flown --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: air unit 2:flown may not fly support: it has flown its one mission this player-turn (11.1 A)"
	run --separate-stderr umpire -g loe crt 8 3 --air 2:distx --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: bad tag for an air unit: 'distx' (expected rangeN or distN with N from 0 to 999)"
	# airstrike --check says the same of the same unit
	strike --check --mission support --range 5 --distance 6
	assert_equal "$status" 1
	assert_line --partial "6 hexes away, beyond its reach of 5"
}

@test "toto crt 18.2-18.5, 15.5: airbase support through toto_air.c" {
	# 18.3: range 4 reaches an attacker 3 or 4 hexes away, not 5
	run --separate-stderr umpire -g toto crt 8 10 --table raid --air 2:range4:dist4 --odds --json
	assert_success
	# 8 + 2 = 10 attack
	assert_equal "$(json_get .attack <<<"$output")" 10
	run --separate-stderr umpire -g toto crt 8 10 --table raid --air 2:range4:dist3 --roll 5
	assert_success
	assert_line --partial "airbase: 3 hexes away, within its range of 4"
	run --separate-stderr umpire -g toto crt 8 10 --table raid --air 2:range4:dist5
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --air: the airbase may not support this attack: 5 hexes away, beyond its range of 4 (traced through anything) (18.3)"
	run --separate-stderr umpire -g toto crt 8 10 --table raid --air 2,3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --air: the airbase may not support this attack: another airbase supports this attack: one an attack (18.4)"
	run --separate-stderr umpire -g toto crt 8 10 --table raid --air 2:supported
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --air: the airbase may not support this attack: it supported an attack this phase: one a phase (18.5)"
	run --separate-stderr umpire -g toto crt 8 10 --table raid --air 2:oos
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --air: the airbase may not support this attack: the airbase is out of general supply (15.5)"
	# max still doubles it (15.7): 8 + 2 x 2 = 12
	run --separate-stderr umpire -g toto crt 8 10 --table raid --air 2:max --odds --json
	assert_equal "$(json_get .attack <<<"$output")" 12
	run --separate-stderr umpire -g toto crt 8 10 --table raid --air 2:foo
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --air: bad airbase tag: 'foo' (expected max, oos, supported, rangeN or distN)"
}

@test "an imported Airstrike Chart replaces the stand-in" {
	jq '.source = "user" | (.columns[] | select(.id == "normal-r4-1") | .results) = [{"roll":"1-6","code":"DX2"}]' \
	    "$TOP/rules/loe/airstrike.json" >"$BATS_TEST_TMPDIR/chart.json"
	run umpire table --import loe airstrike "$BATS_TEST_TMPDIR/chart.json"
	assert_success
	strike --terrain amba+jungle --entrenched --roll 3
	assert_success
	assert_line --partial "result: DX2"
	refute_output --partial "stand-in"
}

@test "bad input is refused with one line naming the value" {
	strike --terrain amba+mountain --roll 1
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: bad terrain: 'amba+mountain' (a hex has one of mountain, amba, massif; 2.2 B)"
	strike --terrain swamp --roll 1
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: bad terrain: 'swamp' (expected clear, mountain, amba, massif, jungle, marsh or town, joined by +)"
	strike --units 0
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: bad --units: '0' (expected 1 to 99)"
	strike --turn smarch-3
	assert_one_line_error 2
	# a day past int is refused, not wrapped round to jan-1
	for t in jan-4294967297 jan-32 jan-0 jan- "jan- 5" jan-+5; do
		strike --turn "$t"
		assert_one_line_error 2
		assert_equal "$stderr" "umpire airstrike: bad turn: '$t' (expected a month oct to jun, with a day: dec-15)"
	done
	strike --roll 7
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: bad roll: '7' (expected 1d6 face from 1 to 6)"
	strike --roll 3 --odds
	assert_one_line_error 2
	strike --gas --turn jan-1
	assert_one_line_error 2
	strike --mission rebase
	assert_one_line_error 2
	strike --map teaching --from 5232
	assert_one_line_error 2
	strike --check --map teaching --from 9999 --to 4828
	assert_one_line_error 2
	run --separate-stderr umpire airstrike --roll 3
	assert_one_line_error 2
	run --separate-stderr umpire -g toto airstrike --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: toto has no air strike: use --check (air units never attack alone, 18.7)"
	run --separate-stderr umpire -g sotq airstrike --check
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: sotq has no airstrike procedure"
	run --separate-stderr umpire -g toto airstrike --check --mission strike
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: bad mission: 'strike' (expected support, recon, superiority or supply)"
}

toto() {
	run --separate-stderr umpire -g toto airstrike --check "$@"
}

@test "toto 18.2-18.5: support attacks only, in range, one airbase an attack, one attack a phase" {
	# 18.3: range 4 reaches 4 hexes, not 5
	toto --range 4 --distance 4 --json
	assert_success
	assert_equal "$(json_get .allowed <<<"$output")" true
	toto --range 4 --distance 5
	assert_equal "$status" 1
	assert_line --partial "beyond its range of 4"
	toto --defending
	assert_equal "$status" 1
	assert_line --partial "18.2"
	toto --second-airbase
	assert_equal "$status" 1
	assert_line --partial "18.4"
	toto --supported
	assert_equal "$status" 1
	assert_line --partial "18.5"
	# 15.5: support needs general supply
	toto --oos
	assert_equal "$status" 1
	assert_line --partial "15.5"
}

@test "toto 33.3: aerial supply is Allied, from 1916, once a turn, and nothing else that turn" {
	toto --mission supply --side allied --year 1916 --range 3 --distance 3
	assert_success
	toto --mission supply --side ottoman --year 1916
	assert_equal "$status" 1
	assert_line --partial "only the Allied player"
	toto --mission supply --side allied --year 1915
	assert_equal "$status" 1
	assert_line --partial "1916"
	toto --mission supply --side allied --year 1917 --supply-flown
	assert_equal "$status" 1
	toto --mission supply --side allied --year 1917 --flown
	assert_equal "$status" 1
	toto --mission recon --flew-supply
	assert_equal "$status" 1
	# 33.1: out of general supply, no added mission; recon (18.8) is not one
	toto --mission supply --side allied --year 1917 --oos
	assert_equal "$status" 1
	assert_line --partial "33.1"
	toto --mission recon --oos
	assert_success
}

@test "toto 33.4: in 1914-15 airbases fly recon only; 33.2 superiority counts eliminations" {
	toto --mission support --year 1915
	assert_equal "$status" 1
	assert_line --partial "33.4"
	toto --mission recon --year 1914
	assert_success
	toto --mission superiority --year 1917 --range 3 --distance 2
	assert_success
	assert_line --partial "only eliminations apply"
}

@test "toto 18.8: recon lists the enemy stacks within range on the teaching map" {
	# odd-q cube: 4515 x 45, z 15 - 22 = -7; Baghdad 4415 x 44, z -7:
	# dx 1, dz 0, dy 1: 1 hex.  br-inf-b in 4418 is allied, not listed.
	toto --mission recon --map teaching --situation teaching --side allied --from 4515 --range 2 --json
	assert_success
	assert_equal "$(json_get '[.recon[] | "\(.unit)@\(.hex)=\(.distance)"] | join(",")' <<<"$output")" "ot-garrison@4415=1"
	# range 0 sees nothing but its own hex
	toto --mission recon --map teaching --situation teaching --side allied --from 4515 --range 0
	assert_success
	assert_line --partial "no enemy stack within 0 hexes"
}

@test "loe map: the situation tells the stack, Selassie and the entrenchment in the target hex" {
	# 3809 is amba (2.2 B); entrenched: row 1 + 1 + 1 = 3.  Three air
	# units roll 6: e = 6 + 4 - 2 = 8: DX1.  Two Ethiopians, one of them
	# Selassie (13.2 A): the other is eliminated, Selassie survives.
	cat >"$BATS_TEST_TMPDIR/s.json" <<'JSON'
{ "game": "loe", "map": "teaching",
  "units": [
    { "id": "emperor", "side": "ethiopian", "type": "selassie", "strength": 4, "hex": "3809" },
    { "id": "guard", "side": "ethiopian", "type": "guard", "strength": 6, "hex": "3809", "markers": ["entrenched"] } ] }
JSON
	strike --map teaching --situation "$BATS_TEST_TMPDIR/s.json" --from 3833 --to 3809 --units 3 --roll 6 --json
	assert_success
	assert_equal "$(json_get .row <<<"$output")" 3
	assert_equal "$(json_get .entrenched <<<"$output")" true
	assert_equal "$(json_get .result.code <<<"$output")" DX1
	assert_equal "$(json_get .result.eliminated <<<"$output")" 1
	assert_equal "$(json_get .result.survivors <<<"$output")" 1
	assert_equal "$(json_get .result.selassie_immune <<<"$output")" true
}

@test "loe --odds over a mixed Normal/Gas question: each section, then both together at stated weights" {
	# clear, one unit.  Normal NE 3/6, Dis 3/6; Gas NE 1/6, Dis 3/6, DX1 2/6.
	# Equal weights (assumed): NE (3+1)/12 = 1/3, Dis (3+3)/12 = 1/2,
	# DX1 (0+2)/12 = 1/6.
	strike --odds --json
	assert_success
	assert_equal "$(json_get '[.odds[0].outcomes[] | "\(.code)=\(.chance)"] | join(",")' <<<"$output")" "NE=1/2,Dis=1/2"
	assert_equal "$(json_get '[.combined.outcomes[] | "\(.code)=\(.chance)"] | join(",")' <<<"$output")" "NE=1/3,Dis=1/2,DX1=1/6"
	assert_equal "$(json_get .combined.assumed <<<"$output")" true
	# Gas at 1/3: NE 2/3 x 3/6 + 1/3 x 1/6 = 6/18 + 1/18 = 7/18;
	# Dis 2/3 x 1/2 + 1/3 x 1/2 = 1/2; DX1 1/3 x 2/6 = 2/18 = 1/9
	strike --odds --gas-chance 1/3 --json
	assert_equal "$(json_get '[.combined.outcomes[] | "\(.code)=\(.chance)"] | join(",")' <<<"$output")" "NE=7/18,Dis=1/2,DX1=1/9"
	assert_equal "$(json_get .combined.assumed <<<"$output")" false
	strike --odds --gas-chance 1/3
	assert_line --partial "NE   7/18"
	assert_output --partial "a chance of 1/3"
	# two units on row 4 (amba+jungle+entrenched): e = d + 2 - 3 = d - 1
	# Normal: NE on 1-4 (4/6), Dis on 5-6 (2/6); Gas e = d + 1: NE 1-2
	# (2/6), Dis 3-5 (3/6), DX1 6 (1/6).  Gas certain (1/1): the Gas column.
	strike --terrain amba+jungle --entrenched --units 2 --odds --gas-chance 1 --json
	assert_equal "$(json_get '[.combined.outcomes[] | "\(.code)=\(.chance)"] | join(",")' <<<"$output")" "NE=1/3,Dis=1/2,DX1=1/6"
	# a settled section has nothing to combine
	strike --odds --gas --json
	assert_equal "$(json_get '.combined' <<<"$output")" null
}

@test "--gas-chance is refused where the section is settled or it is malformed" {
	strike --odds --turn jan-1 --gas-chance 1/2
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --gas-chance weighs the sections of --odds when neither --gas nor --turn settles the section"
	strike --roll 3 --gas-chance 1/2
	assert_one_line_error 2
	strike --odds --gas-chance 3/2
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: bad --gas-chance: '3/2' (expected a fraction from 0 to 1 like 1/3, denominator at most 1000)"
	strike --odds --gas-chance 1/0
	assert_one_line_error 2
	strike --odds --gas-chance -1/2
	assert_one_line_error 2
	# numbers past int are refused, not wrapped round to 1/2
	for g in 4294967297/4294967298 1/ /3 1//3 1/3x 1/1001; do
		strike --odds --gas-chance "$g"
		assert_one_line_error 2
		assert_equal "$stderr" "umpire airstrike: bad --gas-chance: '$g' (expected a fraction from 0 to 1 like 1/3, denominator at most 1000)"
	done
}

# A situation on the teaching map: sit NAME 'unit json' ...
sit() {
	local f="$BATS_TEST_TMPDIR/$1.json" map="${MAPNAME:-teaching}"
	shift
	local IFS=,
	printf '{ "game": "loe", "map": "%s", "units": [ %s ] }\n' "$map" "$*" >"$f"
}

@test "loe 5.2 A on a map: no zone leaves a fort, so a strike next to Massawa may fly (10.1.3)" {
	# Massawa 5232 is a fort; 5231 is next to it (same column, rows 31-32)
	sit fort '{ "id": "it", "side": "italian", "type": "italian-inf", "strength": 8, "hex": "5232" }' \
	    '{ "id": "eth", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "5231" }'
	# (flown from 5229, two hexes off: a base next to Ethiopians would
	# bring in 11.2.4 C)
	strike --check --map teaching --situation "$BATS_TEST_TMPDIR/fort.json" --base temporary --from 5229 --to 5231 --range 3 --json
	assert_success
	assert_equal "$(json_get '[.reasons[] | select(.rule == "5.2 A, 10.1.3") | .text] | length' <<<"$output")" 1
	# the same two units on plain ground, one column over: 5131 and 5130 are
	# clear and next to each other, so the zone reaches and bars the strike
	sit plain '{ "id": "it", "side": "italian", "type": "italian-inf", "strength": 8, "hex": "5131" }' \
	    '{ "id": "eth", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "5130" }'
	strike --check --map teaching --situation "$BATS_TEST_TMPDIR/plain.json" --base temporary --from 5229 --to 5130 --range 3
	assert_equal "$status" 1
	assert_line --partial "Italian unit's ZOC"
}

@test "loe 5.2 A on a map: no zone enters an entrenchment or neutral territory" {
	# Adigrat 4828 with it-inf-c next to it in 4928 (the teaching situation);
	# entrenched, the zone stops (10.2.2 A) and the strike is rolled: Adigrat
	# is a town in the teaching map's mountain filler, so row 1 + mountain 1
	# + entrenchment 1 = 3; one unit rolls 6: e = 6 - 2 = 4: Dis
	sit dug '{ "id": "it", "side": "italian", "type": "italian-inf", "strength": 8, "hex": "4928" }' \
	    '{ "id": "gugsa", "side": "ethiopian", "type": "ethiopian-irr", "strength": 2, "hex": "4828", "markers": ["entrenched"] }'
	strike --map teaching --situation "$BATS_TEST_TMPDIR/dug.json" --from 5232 --to 4828 --roll 6 --json
	assert_success
	assert_equal "$(json_get .row <<<"$output")" 3
	assert_equal "$(json_get .result.code <<<"$output")" Dis
	assert_equal "$(json_get '.notes[0].rule' <<<"$output")" "5.2 A, 10.2.2 A"
	assert_equal "$(json_get '.notes[0].text' <<<"$output")" "it's zone does not reach the target: no zone enters an entrenchment"
	# 4007 lies in the neutral band (columns 30-55, rows 01-07); 4008 is not
	sit neutral '{ "id": "it", "side": "italian", "type": "italian-inf", "strength": 8, "hex": "4008" }' \
	    '{ "id": "eth", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "4007" }'
	strike --check --mission strike --map teaching --situation "$BATS_TEST_TMPDIR/neutral.json" --base temporary --from 4008 --to 4007 --range 3
	# the flight itself may not end over neutral ground (11.3 B)
	assert_equal "$status" 1
	assert_line --partial "it's zone does not reach the target: the target is neutral"
	assert_line --partial "11.3 B"
}

@test "loe 5.2 A on a map: no zone crosses an ocean hexside" {
	# all clear; the hexside 0505/0506 is ocean.  it-a in 0505 is cut off
	# from the target 0506; it-b in 0507 is not, until it is moved away
	cat >"$BATS_TEST_TMPDIR/sea.json" <<'JSON'
{ "format": "umpire-map/1", "game": "loe", "name": "sea", "source": "user",
  "layout": "odd-q", "default": "clear",
  "ranges": [ { "from": "0101", "to": "0909", "terrain": "clear" } ],
  "hexes": {},
  "hexsides": [ { "a": "0505", "b": "0506", "features": ["ocean"] } ] }
JSON
	MAPNAME=sea sit one '{ "id": "it-a", "side": "italian", "type": "italian-inf", "strength": 8, "hex": "0505" }' \
	    '{ "id": "eth", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "0506" }'
	strike --check --map "$BATS_TEST_TMPDIR/sea.json" --situation "$BATS_TEST_TMPDIR/one.json" --base temporary --from 0303 --to 0506 --range 5
	assert_success
	assert_line --partial "it-a's zone does not reach the target: an ocean hexside"
	MAPNAME=sea sit two '{ "id": "it-a", "side": "italian", "type": "italian-inf", "strength": 8, "hex": "0505" }' \
	    '{ "id": "it-b", "side": "italian", "type": "italian-inf", "strength": 8, "hex": "0507" }' \
	    '{ "id": "eth", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "0506" }'
	strike --check --map "$BATS_TEST_TMPDIR/sea.json" --situation "$BATS_TEST_TMPDIR/two.json" --base temporary --from 0303 --to 0506 --range 5
	assert_equal "$status" 1
	assert_line --partial "Italian unit's ZOC"
	# air units and airfields exert none (5.1 D)
	MAPNAME=sea sit air '{ "id": "sq1", "side": "italian", "type": "air", "strength": 2, "hex": "0507" }' \
	    '{ "id": "eth", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "0506" }'
	strike --check --map "$BATS_TEST_TMPDIR/sea.json" --situation "$BATS_TEST_TMPDIR/air.json" --base temporary --from 0303 --to 0506 --range 5
	assert_success
}

@test "loe 11.2.4 C on a map: Ethiopians next to the base allow only rebasing or support against them" {
	# all clear; the base is 0303, eth-a stands next to it in 0304 (same
	# column), eth-b far off in 0707
	cat >"$BATS_TEST_TMPDIR/open.json" <<'JSON'
{ "format": "umpire-map/1", "game": "loe", "name": "open", "source": "user",
  "layout": "odd-q", "default": "clear",
  "ranges": [ { "from": "0101", "to": "0909", "terrain": "clear" } ],
  "hexes": {}, "hexsides": [] }
JSON
	MAPNAME=open sit near '{ "id": "eth-a", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "0304" }' \
	    '{ "id": "eth-b", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "0707" }'
	local m="$BATS_TEST_TMPDIR/open.json" s="$BATS_TEST_TMPDIR/near.json"
	strike --check --map "$m" --situation "$s" --base temporary --from 0303 --to 0707 --range 6
	assert_equal "$status" 1
	assert_line --partial "no: Ethiopians next to its field: it may only rebase or"
	strike --check --mission support --map "$m" --situation "$s" --base temporary --from 0303 --to 0707 --range 6
	assert_equal "$status" 1
	assert_line --partial "11.2.4 C"
	strike --check --mission support --map "$m" --situation "$s" --base temporary --from 0303 --to 0304 --range 6
	assert_success
	strike --check --mission rebase --map "$m" --situation "$s" --base temporary --from 0303 --to 0707 --range 6
	assert_success
}

@test "loe crt --map: an air unit's flight from its base counted as airstrike counts it (11.3 A)" {
	# Massawa 5232 to Adigrat 4828: 6 hexes (odd-q cube, worked above);
	# range 6 reaches, range 5 does not
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range6:from5232 --map teaching --at 4828 --roll 3 --json
	assert_success
	assert_equal "$(json_get '[.steps[] | select(.rule == "11.3 A") | .text] | join("")' <<<"$output")" "air unit 2:range6:from5232: 6 hexes away, within its reach of 6"
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range5:from5232 --map teaching --at 4828 --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: air unit 2:range5:from5232 may not fly support: 6 hexes away, beyond its reach of 5 (11.3 A)"
	strike --check --mission support --map teaching --from 5232 --to 4828 --range 5
	assert_equal "$status" 1
	assert_line --partial "6 hexes away, beyond its reach of 5"
	# only the tagged unit is counted; the other is the player's word
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range6:from5232,1 --map teaching --at 4828 --roll 3 --json
	assert_success
	assert_equal "$(json_get .attack <<<"$output")" 11
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range5:from5232 --roll 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: an air unit's fromHEX tag needs --map and --at (the battle hex)"
	run --separate-stderr umpire -g loe crt 8 3 --air 2:range5:from9999 --map teaching --at 4828
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: bad base of an air unit: 'from9999' (expected a hex on map teaching)"
	run --separate-stderr umpire -g loe crt 8 3 --air 2:from5232 --map teaching --at 9999
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: bad battle hex: '9999' (expected a hex on map teaching)"
	run --separate-stderr umpire -g toto crt 8 3 --table raid --map teaching
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --map does not apply to toto"
	# batch lines take the same fields
	run --separate-stderr umpire -g loe crt --batch <<<'{"attack": 8, "defense": 3, "air": "2:range5:from5232", "map": "teaching", "at": "4828", "roll": 3}'
	[[ "$output$stderr" == *"beyond its reach of 5"* ]]
}

@test "one hex is said so: 1 hex away" {
	strike --check --range 3 --distance 1
	assert_success
	assert_line --partial "ok: 1 hex away, within its reach of 3"
	toto --range 0 --distance 1
	assert_equal "$status" 1
	assert_line --partial "no: 1 hex away, beyond its range of 0"
}

@test "loe 8.1.1, 6.3.4 B on a map: a zone that stops at a massif says so, not 'entrenchment'" {
	# 0506 is massif; an Italian infantry of MA 6 in 0505 could not move
	# into it (6.3.4 B wants foot infantry of MA 8), so its zone stops
	# there and the strike may fly; with MA 8 the zone reaches it
	cat >"$BATS_TEST_TMPDIR/mas.json" <<'JSON'
{ "format": "umpire-map/1", "game": "loe", "name": "mas", "source": "user",
  "layout": "odd-q", "default": "clear",
  "ranges": [ { "from": "0101", "to": "0909", "terrain": "clear" } ],
  "hexes": { "0506": { "terrain": "massif" } }, "hexsides": [] }
JSON
	MAPNAME=mas sit slow '{ "id": "it", "side": "italian", "type": "italian-inf", "strength": 8, "ma": 6, "hex": "0505" }' \
	    '{ "id": "eth", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "0506" }'
	strike --check --map "$BATS_TEST_TMPDIR/mas.json" --situation "$BATS_TEST_TMPDIR/slow.json" --base temporary --from 0303 --to 0506 --range 5
	assert_success
	assert_output --partial "a zone enters a"
	assert_output --partial "8.1.1, 6.3.4 B"
	refute_output --partial "entrenchment"
	MAPNAME=mas sit fast '{ "id": "it", "side": "italian", "type": "italian-inf", "strength": 8, "ma": 8, "hex": "0505" }' \
	    '{ "id": "eth", "side": "ethiopian", "type": "ethiopian-irr", "strength": 3, "hex": "0506" }'
	strike --check --map "$BATS_TEST_TMPDIR/mas.json" --situation "$BATS_TEST_TMPDIR/fast.json" --base temporary --from 0303 --to 0506 --range 5
	assert_equal "$status" 1
	assert_line --partial "Italian unit's ZOC"
}

@test "loe 11.4.4 B: the result is said once, not again in a step below it" {
	# 11.4.4's example (row 4, one unit, roll 3) is NE: one line says so
	strike --terrain amba+jungle --entrenched --roll 3
	assert_success
	assert_equal "$(grep -ci 'no effect' <<<"$output")" 1
	# clear, three units, roll 4: e = 4 + 2 + 2 = 8: DX1, one unit gone,
	# told on the result line alone
	strike --units 3 --roll 4
	assert_success
	assert_line --regexp '^  result: DX1  1 unit eliminated to the dead pile'
	assert_equal "$(grep -c 'eliminated' <<<"$output")" 1
	# a stack of one under DX2 (e = 6 + 4 = 10): the one unit goes, and no
	# survivors are left to be disrupted
	strike --units 3 --stack 1 --roll 6
	assert_success
	assert_line --partial "result: DX2  1 unit eliminated to the dead pile,"
	assert_output --partial "all the hex"
	refute_output --partial "survivors"
}

# --- completion (issue 42): the game's own missions ---------------------------

@test "--mission completes the game's own missions only" {
	run --separate-stderr umpire __complete -g loe airstrike --check --mission ''
	assert_success
	assert_equal "$(sort <<<"$output" | tr '\n' ' ')" "rebase strike support "
	run --separate-stderr umpire __complete -g toto airstrike --check --mission ''
	assert_success
	assert_equal "$(sort <<<"$output" | tr '\n' ' ')" "recon superiority supply support "
	# a prefix narrows them; toto has no strike (18.7)
	run --separate-stderr umpire __complete -g toto airstrike --mission s
	assert_equal "$(sort <<<"$output" | tr '\n' ' ')" "superiority supply support "
	# no game: every game's, each once
	run --separate-stderr umpire __complete airstrike --mission ''
	assert_success
	assert_equal "$(sort <<<"$output" | tr '\n' ' ')" "rebase recon strike superiority supply support "
	# a game without air units offers none
	run --separate-stderr umpire __complete -g sotq airstrike --mission ''
	assert_success
	assert_output ""
}

@test "every mission completed is one --check takes" {
	for g in loe toto; do
		for m in $(umpire __complete -g $g airstrike --mission ''); do
			run --separate-stderr umpire -g $g airstrike --check --mission "$m" \
			    --range 5 --distance 1
			[ "$status" -le 1 ] || fail "-g $g --mission $m: $stderr"
		done
	done
}

@test "an option another game's airstrike reads is refused, naming that game" {
	run --separate-stderr umpire -g loe airstrike --check --year 1915
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --year is not loe's: it is toto's airstrike option"
	run --separate-stderr umpire -g toto airstrike --name g1 --build-field 4020
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --build-field is not toto's: it is loe's airstrike option"
	run --separate-stderr umpire -g loe airstrike --name g1 --new-phase
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --new-phase is not loe's: it is toto's airstrike option"
}
