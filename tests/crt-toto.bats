#!/usr/bin/env bats
# crt: battles of Twilight of the Ottomans (12.x, 15.7, 17-19, 24.2, 25):
# the percentage, attack, defense and results.  Every expected value is a
# worked example of the rulebook (cited) or hand arithmetic written next to
# it.  Where a result depends on the stand-in charts, the roll that gives a
# code is looked up in the chart itself (roll_for, crt.bash), so the
# arithmetic of the rule is what is checked, not the stand-in's layout.

load helpers
load crt

# --- Twilight of the Ottomans: the percentage (12.17) ---------------------

@test "toto 12.17 example 1: 20 against 12 resolves on 100-199% of either CRT" {
	for t in raid big-push; do
		run --separate-stderr toto 20 12 --table $t --odds
		assert_success
		# 20 / 12 x 100 = 166.7, rounded down
		assert_equal "$(json_get .percent <<<"$output")" 166
		assert_equal "$(json_get .odds <<<"$output")" 100-199
		assert_equal "$(json_get .column <<<"$output")" 100-199
	done
}

@test "toto 12.17 example 2: 10 against 12 resolves on 50-99% of either CRT" {
	for t in raid big-push; do
		run toto 10 12 --table $t --odds
		# 10 / 12 x 100 = 83.3
		assert_equal "$(json_get .percent <<<"$output")" 83
		assert_equal "$(json_get .column <<<"$output")" 50-99
	done
}

@test "toto 12.17: each column's edges, percentages rounded down" {
	# 49/100 = 49%; 50%; 199%; 399/200 = 199.5% down to 199; 200%; 1/3 = 33%
	while read -r a d want; do
		run toto "$a" "$d" --table raid --odds
		assert_equal "$a $d $(json_get .column <<<"$output")" "$a $d $want"
	done <<-EOF
	49 100 0-49
	50 100 50-99
	199 100 100-199
	399 200 100-199
	200 100 200-299
	1 3 0-49
	900 100 300+
	EOF
	run toto 400 100 --table big-push --odds
	assert_equal "$(json_get .column <<<"$output")" 400+
}

@test "toto 12.16, 25.2: the attacker picks the CRT, never Big Push against the holy cities" {
	run --separate-stderr umpire crt -g toto 20 12
	assert_one_line_error 2
	[[ "$stderr" == *12.16* ]]
	run --separate-stderr umpire crt -g toto 20 12 --table blitz
	assert_one_line_error 2
	for city in mecca medina jerusalem; do
		run --separate-stderr umpire crt -g toto 20 12 --table big-push --city $city
		assert_one_line_error 2
		[[ "$stderr" == *25.2* ]]
		run --separate-stderr umpire crt -g toto 20 12 --table raid --city $city --odds
		assert_success
	done
}

# --- Twilight of the Ottomans: attack (12.13, 12.14) -----------------------

@test "toto 12.13, 17.1, 18.2, 19.1: one HQ, one airbase and naval gunfire add in" {
	# 8 + HQ 3 + airbase 2 + naval 4 + 2 = 19
	run toto 8 10 --table raid --hq 3 --air 2 --naval 4,2 --odds
	assert_equal "$(json_get .attack <<<"$output")" 19
	run --separate-stderr umpire crt -g toto 8 10 --table raid --hq 3,2
	assert_one_line_error 2
	[[ "$stderr" == *17.2* ]]
	run --separate-stderr umpire crt -g toto 8 10 --table raid --air 3,2
	assert_one_line_error 2
	[[ "$stderr" == *18.4* ]]
}

@test "toto 12.13, 12.14, 15.7, 19.4: doubled, doubled, tripled and never quadrupled" {
	# maximum attack supply: 5 x 2 = 10
	run toto 5:max 10 --table raid --odds
	assert_equal "$(json_get .attack <<<"$output")" 10
	# concentric: 5 x 2 = 10
	run toto 5 10 --table raid --concentric --odds
	assert_equal "$(json_get .attack <<<"$output")" 10
	# both: 5 x 3 = 15, not 20
	run toto 5:max 10 --table raid --concentric --odds
	assert_equal "$(json_get .attack <<<"$output")" 15
	# per unit: 5:max x 3 + 3 x 2 = 21 with a concentric attack
	run toto 5:max,3 10 --table raid --concentric --odds
	assert_equal "$(json_get .attack <<<"$output")" 21
	# --max-supply for all, support units too, naval gunfire never:
	# (4 + 2) x 2 + HQ 3 x 2 + naval 5 = 12 + 6 + 5 = 23
	run toto 4,2 10 --table raid --max-supply --hq 3 --naval 5 --odds
	assert_equal "$(json_get .attack <<<"$output")" 23
	# concentric doubles support units (HQ 3 -> 6) but not naval gunfire:
	# 4 x 2 + 6 + 5 = 19
	run toto 4 10 --table raid --concentric --hq 3 --naval 5 --odds
	assert_equal "$(json_get .attack <<<"$output")" 19
}

@test "toto 24.2, 22.3: no maximum attack supply in winter, nor for guerrillas" {
	run --separate-stderr umpire crt -g toto 5:max 10 --table raid --winter
	assert_one_line_error 2
	[[ "$stderr" == *24.2* ]]
	run --separate-stderr umpire crt -g toto 5 10 --table raid --winter --max-supply
	assert_one_line_error 2
	run --separate-stderr umpire crt -g toto 5 10 --table raid --winter --hq 2:max
	assert_one_line_error 2
	run --separate-stderr umpire crt -g toto 2:guer:max 10 --table raid
	assert_one_line_error 2
	[[ "$stderr" == *22.3* ]]
	# --max-supply leaves the guerrilla out: 4 x 2 + 2 = 10
	run toto 4,2:guer 10 --table raid --max-supply --odds
	assert_equal "$(json_get .attack <<<"$output")" 10
	# a winter attack without it is fine
	run toto 5 10 --table raid --winter --odds
	assert_success
}

# --- Twilight of the Ottomans: defense (12.15, 25.1) -----------------------

@test "toto 12.15, 38.0: terrain multiples, hexsides, fortifications, never more than doubled" {
	# attack 12 and defense as listed; defense after multiples:
	while read -r def opts want; do
		run toto 12 "$def" --table raid ${opts//,/ } --odds
		assert_equal "$def $opts -> $(json_get .defense <<<"$output")" "$def $opts -> $want"
	done <<-EOF
	6 --terrain=clear 6
	6 --terrain=rough 12
	6 --terrain=desert 6
	6 --terrain=lava-flow 6
	6 --hexside=river 12
	6 --hexside=river:some 6
	6 --terrain=rough,--hexside=river 12
	6:fort,3 --terrain=clear 12
	6:fort,3 --terrain=rough 12
	6:fort --terrain=rough 6
	6 --terrain=marsh:x2 12
	6 --terrain=marsh:x3 12
	6 --terrain=swamp:x2 12
	EOF
}

@test "toto 25.1: Mecca, Medina and Jerusalem double nobody, unless fortified" {
	# rough would double 6 to 12; in Jerusalem it does not
	run toto 12 6 --table raid --terrain rough --city jerusalem --odds
	assert_equal "$(json_get .defense <<<"$output")" 6
	# a fortification there doubles the others: 6 + 3 x 2 = 12
	run toto 12 6:fort,3 --table raid --city medina --odds
	assert_equal "$(json_get .defense <<<"$output")" 12
}

# --- Twilight of the Ottomans: results (12.18-12.21) -----------------------

@test "toto 12.21 example: 8 infantry and 6 naval on AD lose 4 factors, 7 against a fort" {
	r=$(roll_for toto crt-big-push 50-99 AD)
	# 8 + 6 = 14 against 20 is 70%: 50-99
	run toto 8 20 --table big-push --naval 6 --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" AD
	# half of the infantry's 8: 4
	assert_equal "$(json_get .result.attacker_loses_factors <<<"$output")" 4
	# a fortification in the defender's hex exposes the gunfire: half of 14
	run toto 8 14:fort,6 --table big-push --naval 6 --roll "$r"
	assert_equal "$(json_get .column <<<"$output")" 50-99
	assert_equal "$(json_get .result.attacker_loses_factors <<<"$output")" 7
	[[ "$(json_get .result.text <<<"$output")" == *"retreats 1 hex"* ]]
	[[ "$(json_get .result.rule <<<"$output")" == *19.3* ]]
}

@test "toto 12.20 example: a corps defending with 6 on DD loses 3 factors" {
	r=$(roll_for toto crt-big-push 100-199 DD)
	# 8 against 6 is 133%
	run toto 8 6:corps --table big-push --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" DD
	assert_equal "$(json_get .result.defender_loses_factors <<<"$output")" 3
	[[ "$(json_get .result.text <<<"$output")" == *"pursue"*"attack again"* ]]
}

@test "toto 12.18, 12.19: BB halves both sides, rounded up" {
	r=$(roll_for toto crt-big-push 100-199 BB)
	# attack 9 against defense 7 (128%): attacker loses half of 9 = 5,
	# defender half of 7 = 4
	run toto 9 7 --table big-push --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" BB
	assert_equal "$(json_get .result.attacker_loses_factors <<<"$output")" 5
	assert_equal "$(json_get .result.defender_loses_factors <<<"$output")" 4
	[[ "$(json_get .result.text <<<"$output")" == *"no retreat or pursuit"* ]]
}

@test "toto 12.18: every code says what happens" {
	# table column code: what the text must say
	while IFS='|' read -r t col code want; do
		r=$(roll_for toto "$t" "$col" "$code")
		[ "$r" != null ] || fail "$code not on $t $col"
		# the defense is 2 (the fortification) + 10 x 2 = 22; the attack
		# is a + 2: 9/22 = 40%, 17/22 = 77%, 32/22 = 145%, 52/22 = 236%,
		# 72/22 = 327%, 102/22 = 463%
		case $col in
		0-49) a=7 ;; 50-99) a=15 ;; 100-199) a=30 ;; 200-299) a=50 ;;
		300-399) a=70 ;; *) a=100 ;;
		esac
		run toto "$a:corps,2" 10:corps,2:fort --table "${t#crt-}" --roll "$r"
		assert_equal "$code $(json_get .result.code <<<"$output")" "$code $code"
		[[ "$(json_get .result.text <<<"$output")" == *"$want"* ]] ||
			fail "$code: '$(json_get .result.text <<<"$output")' lacks '$want'"
	done <<-EOF
	crt-raid|50-99|AA|one attacking unit is eliminated
	crt-big-push|0-49|AC|every attacking unit is eliminated
	crt-big-push|0-49|AT|each attacking corps breaks down
	crt-raid|50-99|AW|every attacking unit retreats 1 hex
	crt-raid|100-199|BA|one attacking unit and one defending unit
	crt-raid|50-99|DA|one defending unit is eliminated
	crt-big-push|300-399|DC|every defending unit is eliminated
	crt-big-push|200-299|DT|the fortification too
	crt-raid|200-299|DW|every defending unit retreats 1 hex
	crt-raid|200-299|DW|the fortification ignores the retreat
	crt-raid|100-199|MD|mobile defense
	EOF
}

@test "toto 13.4: units attacking out of a fortification may ignore AD, AW and AT retreats" {
	# 6 against 12 is 50%: the 50-99% column of the Raid CRT
	r=$(roll_for toto crt-raid 50-99 AW)
	run toto 6:fort 12 --table raid --roll "$r"
	assert_success
	[[ "$(json_get .result.text <<<"$output")" == *"attacking out of a fortification may ignore the retreat"* ]]
	[[ "$(json_get .result.rule <<<"$output")" == *13.4* ]]
	# without the tag nobody may stay
	run toto 6 12 --table raid --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" != *"fortification"* ]]
	# AD: 5 against 12 is 41%, 0-49%; half of 5 rounded up, 3, is lost and
	# the rest may stay
	r=$(roll_for toto crt-raid 0-49 AD)
	run toto 5:fort 12 --table raid --roll "$r"
	assert_equal "$(json_get .result.attacker_loses_factors <<<"$output")" 3
	[[ "$(json_get .result.text <<<"$output")" == *"may ignore the retreat"* ]]
	# AT: the corps broken down may stay; a lone division is eliminated, so
	# there is nobody left to retreat (5 against 12 is 41%, 0-49%)
	r=$(roll_for toto crt-big-push 0-49 AT)
	run toto 5:corps:fort 12 --table big-push --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"may ignore the retreat"* ]]
	run toto 5:fort 12 --table big-push --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" != *"may ignore the retreat"* ]]
}

@test "toto 12.21: on AD the attacker's support units stay" {
	# 4 and an HQ of 1 against 12: 5/12 = 41%, 0-49%
	r=$(roll_for toto crt-raid 0-49 AD)
	run toto 4 12 --table raid --hq 1 --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"retreats 1 hex (support units stay, 12.21)"* ]]
}

@test "toto 20.12, 20.13: a landing force without a pursuit result is lost with its amphibious unit" {
	# 8 against 3 is 266%: 200-299%
	r=$(roll_for toto crt-raid 200-299 BA)
	run toto 8:amph 3 --table raid --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"eliminated, and so is the amphibious unit"* ]]
	[[ "$(json_get .result.rule <<<"$output")" == *20.12* ]]
	r=$(roll_for toto crt-raid 200-299 DA)
	run toto 8:amph 3 --table raid --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"amphibious unit"* ]]
	# DW and DD allow pursuit: the force lands
	for code in DW DD; do
		r=$(roll_for toto crt-raid 200-299 $code)
		run toto 8:amph 3 --table raid --roll "$r"
		[[ "$(json_get .result.text <<<"$output")" == *"may land in the hex"* ]]
	done
	# MD settled as DW (defender 5 faster than attacker 4) lands, as BA not
	r=$(roll_for toto crt-raid 200-299 MD)
	run toto 8:amph 3 --table raid --roll "$r" --att-move 4 --def-move 5
	[[ "$(json_get .result.text <<<"$output")" == *"may land in the hex"* ]]
	run toto 8:amph 3 --table raid --roll "$r" --att-move 4 --def-move 4
	[[ "$(json_get .result.text <<<"$output")" == *"amphibious unit"* ]]
	# 20.13: maximum attack supply needs a supply unit in the sea hex
	run toto 4:amph:max 3 --table raid --odds
	[[ "$(json_get '.steps[] | select(.rule == "20.13") | .text' <<<"$output")" == *"supply unit"* ]]
	# 22.3: guerrillas never move by sea
	run --separate-stderr umpire crt -g toto 4:amph:guer 3 --table raid
	assert_one_line_error 2
	[[ "$stderr" == *22.3*"'4:amph:guer'"* ]]
}

@test "toto 14.3: pursuit distances, and defending support units do not pursue" {
	r=$(roll_for toto crt-raid 200-299 DW)
	run toto 8 3 --table raid --roll "$r"
	t=$(json_get .result.text <<<"$output")
	[[ "$t" == *"2 hexes: cavalry, camels, armored cars, Lawrence, Wassmuss"* ]]
	[[ "$t" == *"1 hex: other land combat units of attack factor 1 or more"* ]]
	[[ "$t" == *"support units: none"* ]]
	# AT lets the defenders pursue; their HQ (12.21: defends normally) stays
	# 2 against 12 is 16%: 0-49% on the Big Push CRT
	r=$(roll_for toto crt-big-push 0-49 AT)
	run toto 2 10,2:hq --table big-push --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"the defending HQ stays: support units do not pursue"* ]]
}

@test "toto 22.3: defending or attacking guerrillas retreat through an EZOC without loss" {
	# 6 against 3 is 200%: 200-299%
	r=$(roll_for toto crt-raid 200-299 DW)
	run toto 6 3:guer --table raid --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"guerrillas lose nothing for an enemy ZOC"* ]]
	[[ "$(json_get .result.rule <<<"$output")" == *22.3* ]]
	run toto 6 3 --table raid --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" != *"guerrillas"* ]]
	# 6 against 12 is 50%: AW for attacking guerrillas
	r=$(roll_for toto crt-raid 50-99 AW)
	run toto 6:guer 12 --table raid --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"guerrillas lose nothing"* ]]
}

@test "toto 12.15: a fortification alone doubles nobody" {
	# the fortification's 3 is never doubled and there is nobody else: 3
	run toto 6 3:fort --table raid --odds
	assert_equal "$(json_get .defense <<<"$output")" 3
	[[ "$output" != *"0 -> 0"* ]]
	[[ "$(json_get '.steps[] | select(.rule == "12.15") | .text' <<<"$output")" == *"defends alone"* ]]
}

@test "toto 12.18 MD: settled by the movement factors, armored trains fastest" {
	r=$(roll_for toto crt-raid 100-199 MD)
	# every defender (5, 5) faster than the fastest attacker (4): DW
	run toto 20 12 --table raid --roll "$r" --att-move 4,3 --def-move 5,5
	assert_equal "$(json_get .result.applies <<<"$output")" DW
	# a defender of 4 is not faster than 4: BA
	run toto 20 12 --table raid --roll "$r" --att-move 4 --def-move 5,4
	assert_equal "$(json_get .result.applies <<<"$output")" BA
	# an attacking armored train outruns every defender
	run toto 20 12 --table raid --roll "$r" --att-move train --def-move 9
	assert_equal "$(json_get .result.applies <<<"$output")" BA
	# a defending armored train outruns a 9
	run toto 20 12 --table raid --roll "$r" --att-move 9 --def-move train
	assert_equal "$(json_get .result.applies <<<"$output")" DW
	# without the factors, both outcomes are told
	run toto 20 12 --table raid --roll "$r"
	assert_equal "$(json_get 'has("applies")' <<<"$(json_get -c .result <<<"$output")")" false
	[[ "$(json_get .result.text <<<"$output")" == *"DW if"*"otherwise BA"* ]]
	run --separate-stderr umpire crt -g toto 20 12 --table raid --att-move fast
	assert_one_line_error 2
}

@test "toto 12.21, 17.1, 18.6: who shares the losses" {
	r=$(roll_for toto crt-big-push 0-49 AC)
	run toto 2 10 --table big-push --hq 3 --air 2 --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"HQ is never affected"* ]]
	[[ "$(json_get .result.text <<<"$output")" == *"airbase is not affected"* ]]
	# an enemy airbase in the defender's hex: the airbase shares them
	run toto 2 10,2:air --table big-push --hq 3 --air 2 --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"airbase shares the losses"* ]]
	r=$(roll_for toto crt-big-push 50-99 AD)
	# AD: 6 infantry + airbase 2 = 8, half is 4, with the enemy airbase there;
	# 6 + 2 + HQ 3 = 11 against 14 is 78%
	run toto 6 12,2:air --table big-push --hq 3 --air 2 --roll "$r"
	assert_equal "$(json_get .result.attacker_loses_factors <<<"$output")" 4
}

@test "toto --odds: exact chances on the stand-in that add up to 1" {
	# 10 against 12 on Big Push 50-99: AT 1/6, AD 2/6, BB 2/6, DD 1/6
	run toto 10 12 --table big-push --odds
	assert_equal "$(json_get '[.outcomes[].probability] | add | . * 1e9 | round' <<<"$output")" 1000000000
	assert_equal "$(json_get '.outcomes[] | select(.code == "AD") | .probability * 3 | round' <<<"$output")" 1
	assert_equal "$(json_get '.outcomes[] | select(.code == "AT") | .probability * 6 | round' <<<"$output")" 1
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 4
}

@test "toto: a stand-in says so in the trail" {
	run umpire crt -g toto 20 12 --table big-push --roll 3
	assert_success
	assert_output --partial "umpire table --import toto crt-big-push FILE"
	assert_line --regexp '^  20 / 12 x 100 = 166%.* +12\.17$'
}

# --- Twilight of the Ottomans: a corps' losses by its divisions (12.20) ----

@test "toto 12.20: a 5-7-3 Russian corps on AD loses 2, half of its divisions' 3" {
	r=$(roll_for toto crt-raid 0-49 AD)
	# 5 against 20 is 25%.  8.1: the corps is 3 x 1-2-3, attack 1 + 1 + 1
	# = 3; half of 3 rounded up (12.19) is 2, where the printed 5 gave 3
	run toto 5:ru-inf 20 --table raid --roll "$r"
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" AD
	assert_equal "$(json_get .result.attacker_loses_factors <<<"$output")" 2
	# the same by the divisions given by hand
	run toto 5:corps:parts-1-1-1 20 --table raid --roll "$r"
	assert_equal "$(json_get .result.attacker_loses_factors <<<"$output")" 2
}

@test "toto 12.20: a 9-9-4 German corps on DD loses 3, half of its divisions' 6" {
	r=$(roll_for toto crt-big-push 200-299 DD)
	# 20 against 9 is 222%.  8.1: 3 x 3-2-4, defense 2 + 2 + 2 = 6, half 3;
	# the printed 9 would have given 5
	run toto 20 9:de-inf --table big-push --roll "$r"
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" DD
	assert_equal "$(json_get .result.defender_loses_factors <<<"$output")" 3
	run umpire crt -g toto 20 9:de-inf --table big-push --roll "$r"
	assert_output --partial "6 defense factors, not 9"
}

@test "toto 12.20, 8.1: a named corps must have its printed factor; one the text cuts off needs its divisions" {
	run --separate-stderr umpire crt -g toto 6:ru-inf 20 --table raid --roll 1
	assert_one_line_error 2
	[[ "$stderr" == *"5-7-3"* ]]
	run --separate-stderr umpire crt -g toto 20 8:br-exp --table raid --roll 1
	assert_one_line_error 2
	[[ "$stderr" == *parts-* ]]
	# the British expeditionary corps by hand: 3 + 2 + 2 = 7 defending
	# (made-up divisions), half 4
	r=$(roll_for toto crt-big-push 200-299 DD)
	run toto 20 8:br-exp:parts-3-2-2 --table big-push --roll "$r"
	assert_equal "$(json_get .result.defender_loses_factors <<<"$output")" 4
	run --separate-stderr umpire crt -g toto 5:corps:parts-1 20 --table raid --roll 1
	assert_one_line_error 2
}

@test "toto 12.20: a corps may lose one division where one unit is lost" {
	r=$(roll_for toto crt-raid 50-99 DA)
	# 5 against the corps' 7 is 71%
	run toto 5 7:ru-inf --table raid --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" DA
	[[ "$(json_get .result.text <<<"$output")" == *"one of its divisions"* ]]
	[[ "$(json_get .result.rule <<<"$output")" == *12.20* ]]
}

@test "toto 12.15, 38.0: the TEC's defense multiples are read from tec.json, a player's copy first" {
	# the shipped marsh is a stand-in x1: 10 against 6 is 166%
	run toto 10 6 --table raid --terrain marsh --odds
	assert_equal "$(json_get .defense <<<"$output")" 6
	mkdir -p "$BATS_TEST_TMPDIR/data/toto"
	jq '(.terrain[] | select(.word == "marsh")) |= (.defense = 2 | del(.defense_source))' \
	    "$BATS_TEST_DIRNAME/../rules/toto/tec.json" >"$BATS_TEST_TMPDIR/data/toto/tec.json"
	# the player's chart doubles marsh: 6 x 2 = 12, 10 / 12 = 83%
	run umpire --data "$BATS_TEST_TMPDIR/data" crt -g toto 10 6 --table raid --terrain marsh --odds --json
	assert_success
	assert_equal "$(json_get .defense <<<"$output")" 12
	assert_equal "$(json_get .column <<<"$output")" 50-99
	run umpire --data "$BATS_TEST_TMPDIR/data" crt -g toto 10 6 --table raid --terrain marsh --odds
	refute_output --partial "stand-in: the TEC row"
}
