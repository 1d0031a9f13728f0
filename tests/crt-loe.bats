#!/usr/bin/env bats
# crt: battles of Lion of Ethiopia (rules 8.x and what they call on): odds,
# strengths, shifts and results.  Every expected value is a worked example
# of the rulebook (cited) or hand arithmetic written next to it.  Where a
# result depends on the stand-in charts, the roll that gives a code is
# looked up in the chart itself (roll_for, crt.bash), so the arithmetic of
# the rule is what is checked, not the stand-in's layout.

load helpers
load crt

# --- Lion of Ethiopia: odds (8.2.1) ---------------------------------------

@test "loe 8.2.2: odds of 3:1 and a roll of 4 give defender back 1, attacker advance 1" {
	run --separate-stderr loe 3 1 --roll 4
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$(json_get .game <<<"$output")" loe
	assert_equal "$(json_get .procedure <<<"$output")" crt
	assert_equal "$(json_get .odds <<<"$output")" 3:1
	assert_equal "$(json_get .column <<<"$output")" 3:1
	assert_equal "$(json_get .roll <<<"$output")" 4
	assert_equal "$(json_get .automatic <<<"$output")" false
	assert_equal "$(json_get .result.code <<<"$output")" Db1/Aa1
	assert_equal "$(json_get .result.rule <<<"$output")" "8.3.2, 8.3.3"
	assert_equal "$(json_get .table_source <<<"$output")" stand-in
	# 8.3 B: the defender's part is told first
	[[ "$(json_get .result.text <<<"$output")" == "the defenders retreat 1 hex; the attackers may advance 1 hex" ]]
}

@test "loe 8.2.1 examples: 8 against 3 is 2:1, 3 against 8 is 1:3" {
	run loe 8 3 --odds
	assert_equal "$(json_get .odds <<<"$output")" 2:1
	assert_equal "$(json_get .ratio <<<"$output")" 8:3
	run loe 3 8 --odds
	assert_equal "$(json_get .odds <<<"$output")" 1:3
}

@test "loe 8.2.1 A: each boundary of the defender's rounding" {
	# attack defense odds: 6/3 = 2 exactly; 5/3 = 1.67 down to 1;
	# 4/3 down to 1; 3/3 = 1; 3 against 4: 4/3 = 1.33 up to 2;
	# 3 against 6: 2 exactly; 2 against 11: 5.5 up to 6; 2 against 12: 6
	while read -r a d want; do
		run loe "$a" "$d" --odds
		assert_equal "$a $d $(json_get .odds <<<"$output")" "$a $d $want"
	done <<-EOF
	6 3 2:1
	5 3 1:1
	4 3 1:1
	3 3 1:1
	3 4 1:2
	3 6 1:2
	2 11 1:6
	2 12 1:6
	24 3 8:1
	EOF
}

@test "loe 8.2.1 B: odds above 8:1 are 8:1" {
	# 27/3 = 9:1, read on the 8:1 column
	run --separate-stderr loe 27 3 --roll 1
	assert_success
	assert_equal "$(json_get .odds <<<"$output")" 8:1
	assert_equal "$(json_get .column <<<"$output")" 8:1
	# said twice: 9:1 stands a column right of 8:1, and with no shift to
	# bring it back the table's edge stops it at 8:1
	assert_equal "$(json_get '[.steps[] | select(.rule == "8.2.1 B")] | length' <<<"$output")" 2
}

@test "loe 8.2.1 C: below 1:6 the attacker dies and the defender gets Adv 3, no roll" {
	# 2 against 13: 13/2 = 6.5, rounded up to 1:7
	run --separate-stderr loe 2 13
	assert_success
	assert_equal "$(json_get .automatic <<<"$output")" true
	assert_equal "$(json_get 'has("roll")' <<<"$output")" false
	assert_equal "$(json_get .odds <<<"$output")" 1:7
	[[ "$(json_get .result.text <<<"$output")" == *"attackers are eliminated"*"defenders may advance up to 3 hexes"* ]]
	# exactly 1:6 is still rolled (1 against 6)
	run loe 1 6 --roll 1
	assert_equal "$(json_get .automatic <<<"$output")" false
	assert_equal "$(json_get .roll <<<"$output")" 1
	# the odds of an automatic result are certain
	run loe 1 7 --odds
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 1
	assert_equal "$(json_get '.outcomes[0].probability' <<<"$output")" 1
	# a roll given anyway is not used
	run loe 1 7 --roll 6
	assert_equal "$(json_get 'has("roll")' <<<"$output")" false
}

# --- Lion of Ethiopia: strengths ------------------------------------------

@test "loe 9.4.3 C: out of supply is half the printed CF, rounded up unit by unit" {
	# 5:oos -> 3 and 3:oos -> 2: 5 in all, where 8:oos as one unit is 4
	run loe 5:oos,3:oos 4 --odds
	assert_equal "$(json_get .attack <<<"$output")" 5
	run loe 8:oos 4 --odds
	assert_equal "$(json_get .attack <<<"$output")" 4
	# on defense too: 7:oos -> 4, plus 2
	run loe 12 7:oos,2 --odds
	assert_equal "$(json_get .defense <<<"$output")" 6
}

@test "loe 9.4.4: irregulars fight at full CF out of supply; 13.2 E: so does Selassie" {
	run loe 4:irr:oos,3:oos 5 --odds
	# 4 + half of 3 rounded up (2) = 6
	assert_equal "$(json_get .attack <<<"$output")" 6
	assert_equal "$(json_get '[.steps[].rule] | index("9.4.4") != null' <<<"$output")" true
	run loe 5:selassie:oos 5 --odds
	assert_equal "$(json_get .attack <<<"$output")" 5
	assert_equal "$(json_get '[.steps[].rule] | index("13.2 E") != null' <<<"$output")" true
}

@test "loe 11.4.4: disrupted defenders at half CF in the Italian turn; they may not attack" {
	# 6:dis -> 3, plus 3 = 6; the Italians attack disrupted Ethiopians
	run loe 12 6:dis,3 --odds
	assert_equal "$(json_get .defense <<<"$output")" 6
	assert_equal "$(json_get .attacker <<<"$output")" italian
	# disrupted and out of supply: 5 -> 3 -> 2
	run loe 12 5:dis:oos --odds
	assert_equal "$(json_get .defense <<<"$output")" 2
	run --separate-stderr umpire crt -g loe 6:dis 3
	assert_one_line_error 2
	[[ "$stderr" == *"11.4.4 B"* ]]
}

@test "loe 11.4.2 A and C: air CF joins the attack, one 1R however many air units" {
	# 8 + 2 = 10 against 3: 3:1, then 1R: 4:1
	run loe 8 3 --air 2 --odds
	assert_equal "$(json_get .attack <<<"$output")" 10
	assert_equal "$(json_get .odds <<<"$output")" 3:1
	assert_equal "$(json_get .column <<<"$output")" 4:1
	assert_equal "$(json_get '.shifts | length' <<<"$output")" 1
	assert_equal "$(json_get '.shifts[0].rule' <<<"$output")" "11.4.2 C"
	# two air units, 2 and 1: 8 + 3 = 11 against 3 is 3:1, still one 1R
	run loe 8 3 --air 2,1 --odds
	assert_equal "$(json_get .attack <<<"$output")" 11
	assert_equal "$(json_get .column <<<"$output")" 4:1
	assert_equal "$(json_get .attacker <<<"$output")" italian
}

@test "loe 11.4.5 B: with gas each air unit gives 1R" {
	# 11 against 3 is 3:1; two air units with gas: 2R to 5:1
	run loe 8 3 --air 2,1 --gas --odds
	assert_equal "$(json_get .column <<<"$output")" 5:1
	assert_equal "$(json_get '.shifts[0].columns' <<<"$output")" 2
	assert_equal "$(json_get '.shifts[0].rule' <<<"$output")" "11.4.5 B"
	run --separate-stderr umpire crt -g loe 8 3 --gas
	assert_one_line_error 2
}

@test "loe 12.4 B and D: an HQ supports with its CF + 1, on either side" {
	# corps HQ 3 supports with 4: 6 + 4 = 10 against 5 is 2:1
	run loe 6 5 --attacker italian --hq corps:3 --odds
	assert_equal "$(json_get .attack <<<"$output")" 10
	assert_equal "$(json_get .odds <<<"$output")" 2:1
	# corps 3 and army 4: 4 + 5 = 9 more
	run loe 6 5 --attacker italian --hq corps:3,army:4 --odds
	assert_equal "$(json_get .attack <<<"$output")" 15
	# repeated --hq adds up the same way
	run loe 6 5 --attacker italian --hq corps:3 --hq army:4 --odds
	assert_equal "$(json_get .attack <<<"$output")" 15
	# defending Italians: 3 + 4 = 7 against 6 is 7/6 rounded up, 1:2
	run loe 6 3 --attacker ethiopian --hq corps:3 --odds
	assert_equal "$(json_get .defense <<<"$output")" 7
	assert_equal "$(json_get .odds <<<"$output")" 1:2
}

@test "loe 12.4 A, C, F, G and 12.5: when HQs give no support" {
	# out of supply (12.4 G)
	run loe 6 5 --attacker italian --hq corps:3:oos --odds
	assert_equal "$(json_get .attack <<<"$output")" 6
	assert_equal "$(json_get '[.steps[].rule] | index("12.4 G") != null' <<<"$output")" true
	# in an EZOC (12.4 A)
	run loe 6 5 --attacker italian --hq army:4:ezoc --odds
	assert_equal "$(json_get .attack <<<"$output")" 6
	# an HQ fighting in the battle stops all support (12.4 F); the HQ
	# unit's own 2 still counts
	run loe 6,2:hq 5 --hq corps:3 --odds
	assert_equal "$(json_get .attack <<<"$output")" 8
	assert_equal "$(json_get '[.steps[].rule] | index("12.4 F") != null' <<<"$output")" true
	# the Askaro HQ only for colonial troops (12.5): 2 + 1 = 3 with them
	run loe 6 5 --attacker italian --hq askaro:2 --odds
	assert_equal "$(json_get .attack <<<"$output")" 6
	run loe 6 5 --attacker italian --hq askaro:2 --colonial --odds
	assert_equal "$(json_get .attack <<<"$output")" 9
	# at most one corps and one army HQ (12.4 C); the Askaro HQ is a corps HQ
	run --separate-stderr umpire crt -g loe 6 5 --attacker italian --hq corps:3,corps:2
	assert_one_line_error 2
	[[ "$stderr" == *"12.4 C"* ]]
	run --separate-stderr umpire crt -g loe 6 5 --attacker italian --hq corps:3,askaro:2
	assert_one_line_error 2
	# whose side the HQ is on must be known
	run --separate-stderr umpire crt -g loe 6 5 --hq corps:3
	assert_one_line_error 2
}

# --- Lion of Ethiopia: shifts ---------------------------------------------

@test "loe 8.6.2-8.6.4, 8.6.5, 10.2.2 A: each shift alone, from 4:1" {
	# 12 against 3 is 4:1
	while read -r opts want rule; do
		run loe 12:ma8 3 $opts --odds
		assert_equal "$opts $(json_get .column <<<"$output")" "$opts $want"
		assert_equal "$opts $(json_get '.shifts[0].rule' <<<"$output")" "$opts ${rule/_/ }"
	done <<-EOF
	--terrain=mountain 3:1 8.6.2
	--terrain=amba 2:1 8.6.3
	--terrain=massif 1:1 8.6.4
	--river 3:1 8.6.5
	--entrenched 3:1 10.2.2_A
	EOF
	run loe 12 3 --terrain clear --odds
	assert_equal "$(json_get .column <<<"$output")" 4:1
	assert_equal "$(json_get '.shifts | length' <<<"$output")" 0
}

@test "loe 8.6.2 example: a 3:1 attack on a mountain becomes 2:1" {
	run loe 9 3 --terrain mountain --odds
	assert_equal "$(json_get .odds <<<"$output")" 3:1
	assert_equal "$(json_get .column <<<"$output")" 2:1
}

@test "loe shifts together: amba, entrenched, river, air and a defender's jungle" {
	# 24 against 3 is 8:1; amba 2L, Ethiopians in jungle 1L, entrenched 1L,
	# river 1L, air 1R: net 4L, 8:1 -> 4:1 (8 + 1 = 9 against 3 is still 8:1
	# after the cap)
	run loe 23 3:irr --terrain amba+jungle --entrenched --river --air 1 --odds
	assert_equal "$(json_get .attack <<<"$output")" 24
	assert_equal "$(json_get .odds <<<"$output")" 8:1
	assert_equal "$(json_get '[.shifts[].columns] | add' <<<"$output")" -4
	assert_equal "$(json_get .column <<<"$output")" 4:1
}

@test "loe 6.3.4 B: only eligible units attack into a massif" {
	run --separate-stderr umpire crt -g loe 12 3 --terrain massif
	assert_one_line_error 2
	[[ "$stderr" == *"6.3.4 B"* ]]
	run --separate-stderr umpire crt -g loe 12:mech:ma9 3 --terrain massif
	assert_one_line_error 2
	run --separate-stderr umpire crt -g loe 12:ma7 3 --terrain massif
	assert_one_line_error 2
	for u in 12:ma8 12:eng 12:selassie "6:irr:ma8,6:eng"; do
		run --separate-stderr umpire crt -g loe "$u" 3 --terrain massif --odds
		assert_equal "$u $status" "$u 0"
	done
	# a massif among several defending hexes counts too
	run --separate-stderr umpire crt -g loe 12 3 --terrain clear,massif
	assert_one_line_error 2
}

@test "loe 8.6.6: jungle, every case" {
	# Ethiopians in mountain and jungle: 2L (the rule's example); 12 against 3
	# is 4:1, so 2:1
	run loe 12 3 --attacker italian --terrain mountain+jungle --odds
	assert_equal "$(json_get '[.shifts[].columns] | add' <<<"$output")" -2
	assert_equal "$(json_get .column <<<"$output")" 2:1
	# Italians in jungle: a 3:1 Ethiopian attack becomes 4:1 (the example)
	run loe 9 3 --attacker ethiopian --terrain jungle --odds
	assert_equal "$(json_get .column <<<"$output")" 4:1
	# Italians in mountain and jungle lose the mountain, and still 1R
	run loe 9 3 --attacker ethiopian --terrain mountain+jungle --odds
	assert_equal "$(json_get .column <<<"$output")" 4:1
	# Italians in jungle with a town: as open terrain, no shift
	run loe 9 3 --attacker ethiopian --terrain amba+jungle+town --odds
	assert_equal "$(json_get .column <<<"$output")" 3:1
	assert_equal "$(json_get '.shifts | length' <<<"$output")" 0
	# Italians attacking from jungle: 1L
	run loe 9 3 --from-jungle --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
	assert_equal "$(json_get .attacker <<<"$output")" italian
	# jungle without knowing who defends is a question for the players
	run --separate-stderr umpire crt -g loe 9 3 --terrain jungle
	assert_one_line_error 2
}

@test "loe 8.6 C: defenders in several hexes pick the terrain" {
	# 16 against 4 is 4:1; mountain 1L or amba 2L: the defender takes amba
	run loe 16 4 --terrain mountain,amba --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
	# Italians defending: amba beats a jungle hex (which gives 1R)
	run loe 16 4 --attacker ethiopian --terrain clear+jungle,amba --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
	# and a repeated --terrain adds a hex
	run loe 16 4 --terrain mountain --terrain amba --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
}

@test "loe 13.2 B: Selassie shifts one column toward the Ethiopians" {
	# Ethiopians attack 9 against 3 with him: 3:1 -> 4:1
	run loe 5:selassie,4 3 --odds
	assert_equal "$(json_get .attacker <<<"$output")" ethiopian
	assert_equal "$(json_get .column <<<"$output")" 4:1
	assert_equal "$(json_get '.shifts[0].rule' <<<"$output")" "13.2 B"
	# Italians attack him: 9 against 3 is 3:1 -> 2:1
	run loe 9 3:selassie --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
}

@test "loe 13.2.2: the Imperial Army's first attack is 1R, and only an attack" {
	run loe 9 3 --first-attack --odds
	assert_equal "$(json_get .column <<<"$output")" 4:1
	assert_equal "$(json_get '.shifts[0].rule' <<<"$output")" "13.2.2 A"
	run --separate-stderr umpire crt -g loe 9 3 --first-attack --air 2
	assert_one_line_error 2
}

@test "loe 13.1.4: armies that fail to cooperate shift 2L, on the army-cooperation table" {
	# 12 against 3 is 4:1; a cooperation roll of 2 fails: 2L to 2:1
	run loe 12 3 --armies 2 --roll 2,4
	assert_success
	assert_equal "$(json_get .column <<<"$output")" 2:1
	assert_equal "$(json_get .cooperation.roll <<<"$output")" 2
	assert_equal "$(json_get .roll <<<"$output")" 4
	# a 3 cooperates: 4:1
	run loe 12 3 --armies 2 --roll 3,4
	assert_equal "$(json_get .column <<<"$output")" 4:1
	# one army rolls nothing
	run loe 12 3 --armies 1 --roll 4
	assert_equal "$(json_get 'has("cooperation")' <<<"$output")" false
	# with several armies both dice are needed
	run --separate-stderr umpire crt -g loe 12 3 --armies 3 --roll 4
	assert_one_line_error 2
	[[ "$stderr" == *13.1.4* ]]
}

@test "loe: shifts are added up before the table's edges stop them" {
	# 28 against 3 is 9:1, so 8:1; air 1R past the edge and mountain 1L
	# back: 8:1, not 7:1
	run loe 27 3 --air 1 --terrain mountain --odds
	assert_equal "$(json_get .column <<<"$output")" 8:1
	# 24 against 3 is 8:1, air 1R stops at 8:1
	run loe 23 3 --air 1 --odds
	assert_equal "$(json_get .column <<<"$output")" 8:1
	assert_equal "$(json_get '.shifts[0].columns' <<<"$output")" 1
	# 6 against 2 with 1 air CF is 7:2, 3:1; amba 2L to 1:1 and air 1R
	# back to 2:1
	run loe 6 2 --terrain amba --air 1 --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
}

@test "loe 8.2.1 B with D: the 8:1 cap, like the 1:6 limit, comes after every shift" {
	# 36 against 3 is 12:1; the mountain's 1L makes 11:1, which is still
	# above 8:1, so the battle is fought on 8:1 (capping first gave 7:1)
	run loe 36 3 --terrain mountain --odds
	assert_equal "$(json_get .odds <<<"$output")" 8:1
	assert_equal "$(json_get .column <<<"$output")" 8:1
	# 30 against 3 is 10:1; amba 2L is 8:1 exactly
	run loe 30 3 --terrain amba --odds
	assert_equal "$(json_get .column <<<"$output")" 8:1
	# and amba with an entrenchment, 3L: 7:1
	run loe 30 3 --terrain amba+entrenched --odds
	assert_equal "$(json_get .column <<<"$output")" 7:1
	# the same order at the foot of the table: 2 against 15 is 1:8
	# (15 / 2 = 7.5, rounded up), two columns left of 1:6; Selassie's 1R
	# with an Ethiopian attack is 1:7, still below 1:6: no roll
	run loe 1:selassie,1 15 --odds
	assert_equal "$(json_get .automatic <<<"$output")" true
}

@test "loe 8.2.1 C with D: the odds after every shift decide, both ways" {
	# 1 against 6 is 1:6; amba 2L makes the odds 1:8, below 1:6: the attacker
	# is eliminated and the defender advances 3, without a roll
	run loe 1 6 --terrain amba --odds
	assert_equal "$(json_get .automatic <<<"$output")" true
	assert_equal "$(json_get .result.code <<<"$output")" Da3/Ae
	assert_equal "$(json_get '.outcomes[0].probability' <<<"$output")" 1
	[[ "$(json_get '.steps[] | select(.rule == "8.2.1 C") | .text' <<<"$output")" == *1:8* ]]
	# 1 against 7 is 1:7, and the Imperial Army's first attack (1R) brings
	# it to 1:6: rolled on 1:6
	run loe 1 7 --first-attack --roll 1
	assert_equal "$(json_get .automatic <<<"$output")" false
	assert_equal "$(json_get .odds <<<"$output")" 1:7
	assert_equal "$(json_get .column <<<"$output")" 1:6
	assert_equal "$(json_get .roll <<<"$output")" 1
	# 2 against 13 is 1:7 (13/2 = 6.5 rounded up); first attack 1R is 1:6,
	# Selassie attacking 1R more is 1:5
	run loe 2:selassie 13 --first-attack --roll 1
	assert_equal "$(json_get .column <<<"$output")" 1:5
	# 1 against 8 is 1:8: one 1R leaves 1:7, still not allowed
	run loe 1 8 --first-attack --roll 3
	assert_equal "$(json_get .automatic <<<"$output")" true
	assert_equal "$(json_get 'has("roll")' <<<"$output")" false
}

@test "loe 8.2.1 C with 13.1.4: a failed cooperation roll can bring the odds below 1:6" {
	# 2 against 9: 9/2 = 4.5, rounded up to 1:5; a failed roll is 2L, 1:7
	run loe 2 9 --armies 2 --roll 1,4
	assert_equal "$(json_get .cooperation.result <<<"$output")" no-cooperation
	assert_equal "$(json_get .automatic <<<"$output")" true
	assert_equal "$(json_get .result.code <<<"$output")" Da3/Ae
	# with --odds: the failing rolls are 1-2 of six, 2/6 = 1/3 of an
	# automatic result; the rest is the 1:5 column
	run loe 2 9 --armies 2 --odds
	assert_equal "$(json_get .cooperation.column_if_fail <<<"$output")" 1:7
	p=$(json_get '.outcomes[] | select(.code == "Da3/Ae") | .probability' <<<"$output")
	assert_equal "$(printf '%.6f' "$p")" 0.333333
	assert_equal "$(json_get '[.outcomes[].probability] | add | . * 1000000 | round' <<<"$output")" 1000000
	# already below 1:6 before the cooperation roll: 2L cannot help, no roll
	run loe 1 7 --armies 2 --roll 6,6
	assert_equal "$(json_get .automatic <<<"$output")" true
	assert_equal "$(json_get 'has("cooperation")' <<<"$output")" false
}

@test "loe 8.2.1 C: the automatic result cites 8.2.1 C and uses no table" {
	# 1 against 7 is 1:7
	run loe 1 7
	[[ "$(json_get .result.rule <<<"$output")" == "8.2.1 C"* ]]
	# no table was read: its source is null (umpire(1), JSON)
	assert_equal "$(json_get '.table_source' <<<"$output")" null
	assert_equal "$(json_get 'has("column")' <<<"$output")" false
}

@test "loe 10.2.2 A: an entrenchment adds to its own hex's terrain, not to the best of several" {
	# 16 against 4 is 4:1.  Defenders in a mountain hex and an entrenched
	# clear hex: mountain 1L, clear + entrenchment 1L; the best is 1L, so
	# 3:1 (the old reading stacked both: 2:1)
	run loe 16 4 --terrain mountain,clear+entrenched --odds
	assert_success
	assert_equal "$(json_get .column <<<"$output")" 3:1
	assert_equal "$(json_get '[.shifts[].columns] | add' <<<"$output")" -1
	# entrenched in the mountain hex: 1L + 1L beats the clear hex: 2:1
	run loe 16 4 --terrain mountain+entrenched,clear --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
	assert_equal "$(json_get '[.shifts[].rule] | join(" ")' <<<"$output")" "8.6.2 10.2.2 A"
	# an entrenched clear hex (1L) against an amba hex (2L): amba, 2:1
	run loe 16 4 --terrain amba,clear+entrenched --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
	assert_equal "$(json_get '[.shifts[].rule] | join(" ")' <<<"$output")" "8.6.3"
	# --entrenched puts one in every defending hex: amba 2L + 1L: 1:1
	run loe 16 4 --terrain amba,clear --entrenched --odds
	assert_equal "$(json_get .column <<<"$output")" 1:1
	# one hex cannot be marsh and entrenched (10.2)
	run --separate-stderr umpire crt -g loe 16 4 --terrain clear,clear+marsh+entrenched
	assert_one_line_error 2
	[[ "$stderr" == *10.2*"'clear+marsh+entrenched'"* ]] || fail "stderr: $stderr"
}

@test "loe 10.2: no entrenchment in marsh" {
	run --separate-stderr umpire crt -g loe 6 3 --terrain marsh --entrenched
	assert_one_line_error 2
	[[ "$stderr" == *10.2*"'marsh'"* ]]
	run --separate-stderr umpire crt -g loe 6 3 --terrain clear+marsh+jungle --attacker italian --entrenched
	assert_one_line_error 2
	# with a second hex that is not marsh the entrenchment may be there:
	# 6 against 3 is 2:1, 1L is 1:1
	run loe 6 3 --terrain marsh,clear --entrenched --odds
	assert_success
	assert_equal "$(json_get .column <<<"$output")" 1:1
}

@test "loe 8.6.6: Italians fighting as in open terrain lose the river's 1L and the entrenchment's" {
	# 6 against 3 is 2:1; jungle 1R to 3:1; the river lost; the
	# entrenchment lost too, since 10.2.2 A counts it among the hex's
	# terrain benefits, all of which 8.6.6 takes away: 3:1
	run loe 6 3 --attacker ethiopian --terrain jungle --river --entrenched --odds
	assert_equal "$(json_get .column <<<"$output")" 3:1
	assert_equal "$(json_get '[.shifts[].rule] | join(" ")' <<<"$output")" "8.6.6"
	assert_equal "$(json_get '[.steps[] | select(.rule == "8.6.6, 10.2.2 A")] | length' <<<"$output")" 1
	# named on the hex, the same
	run loe 6 3 --attacker ethiopian --terrain jungle+entrenched --odds
	assert_equal "$(json_get .column <<<"$output")" 3:1
	# Ethiopians in jungle keep it: 2:1, jungle 1L to 1:1, entrenched 1L
	# to 1:2
	run loe 6 3 --attacker italian --terrain jungle+entrenched --odds
	assert_equal "$(json_get .column <<<"$output")" 1:2
	# with a town: open terrain, no 1R, no river: 2:1 stays
	run loe 6 3 --attacker ethiopian --terrain jungle+town --river --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
	# Ethiopians in jungle keep the river: 2:1, 1L jungle, 1L river, 1:2
	run loe 6 3 --attacker italian --terrain jungle --river --odds
	assert_equal "$(json_get .column <<<"$output")" 1:2
	# Italians in jungle or mountain with a river pick the mountain: 1L and
	# the river 1L (1:2), better than the jungle's 1R (3:1)
	run loe 6 3 --attacker ethiopian --terrain jungle,mountain --river --odds
	assert_equal "$(json_get .column <<<"$output")" 1:2
}

@test "loe 8.3.4: an exchange with equal printed strengths takes every attacker" {
	r=$(roll_for loe crt 1:1 Ex)
	# 4 against 4 is 1:1; the attacker owes 4 and has 4
	run loe 4 4 --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" Ex
	[[ "$(json_get .result.text <<<"$output")" == *"owes 4 printed CF, all that it has"* ]]
	[[ "$(json_get .result.text <<<"$output")" != *"only"* ]]
}

@test "loe 13.1.4: --armies --odds names both columns it weighs" {
	# 12 against 3 is 4:1; failing, 2L, 2:1
	run umpire crt -g loe 12 3 --armies 2 --odds
	assert_output --partial "on 4:1 if the armies cooperate, 2:1 if they fail"
}

# --- Lion of Ethiopia: results --------------------------------------------

@test "loe 8.3.4: Exch says what the attacker must lose, in printed CF" {
	r=$(roll_for loe crt 3:1 Ex)
	# defenders 4:oos and 2 print 6 CF; 12 against 2 + 2 = 4 is 3:1
	run loe 12 4:oos,2 --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" Ex
	[[ "$(json_get .result.text <<<"$output")" == *"at least 6 printed CF"* ]]
	assert_equal "$(json_get .result.rule <<<"$output")" 8.3.4
	# an attacker with less than it owes loses everything
	r=$(roll_for loe crt 1:3 Ex)
	run loe 2 6 --roll "$r"
	[[ "$(json_get .result.text <<<"$output")" == *"owes 6 printed CF and has only 2"* ]]
}

@test "loe 8.3.6, 10.1.2, 13.2 A: Eng, Eng at a fort, and Selassie not engaged" {
	r=$(roll_for loe crt 3:1 En)
	run loe 9 3 --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" En
	assert_equal "$(json_get 'has("applies")' <<<"$(json_get -c .result <<<"$output")")" false
	run loe 9 3 --fort --roll "$r"
	assert_equal "$(json_get .result.applies <<<"$output")" Co
	assert_equal "$(json_get .result.rule <<<"$output")" 10.1.2
	# 12 against 3 is 4:1, and Selassie's 1L brings it to 3:1
	run loe 12 3:selassie --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" En
	[[ "$(json_get .result.text <<<"$output")" == *"Selassie"*"not marked"* ]]
	[[ "$(json_get .result.rule <<<"$output")" == *"13.2 A"* ]]
}

@test "loe 8.3.5: Contact has no effect but the ZOC duty" {
	r=$(roll_for loe crt 2:1 Co)
	run loe 6 3 --roll "$r"
	assert_equal "$(json_get .result.code <<<"$output")" Co
	assert_equal "$(json_get .result.rule <<<"$output")" 8.3.5
}

@test "loe --odds: exact chances that add up to 1" {
	# one column: six rolls, each 1/6
	run loe 9 3 --odds
	# six doubles of 1/6 add up to 1 within a rounding of the last bit
	assert_equal "$(json_get '[.outcomes[].probability] | add | . * 1e12 | round' <<<"$output")" 1000000000000
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 6
	assert_equal "$(json_get '[.outcomes[].probability * 6 | round] | unique' <<<"$output" | tr -d ' \n')" "[1]"
	# no roll, and no one result: the answer is every outcome
	assert_equal "$(json_get 'has("roll")' <<<"$output")" false
	assert_equal "$(json_get '.result.code' <<<"$output")" odds
}

@test "loe --odds with a cooperation roll weighs both columns" {
	# 12 against 3 with two armies: cooperation fails on 1-2 (1/3) -> 2:1,
	# otherwise 4:1.  Stand-in 4:1: Ex Db1 Db1/Aa1 Db2/Aa1 Db2/Aa2 De/Aa2;
	# 2:1: Co En Ex Db1 Db1/Aa1 Db2/Aa1.  So Co = 1/3 x 1/6 = 1/18;
	# Ex = 2/3 x 1/6 + 1/3 x 1/6 = 1/6; De/Aa2 = 2/3 x 1/6 = 1/9.
	run loe 12 3 --armies 2 --odds
	assert_equal "$(json_get '[.outcomes[].probability] | add | . * 1e9 | round' <<<"$output")" 1000000000
	assert_equal "$(json_get '.outcomes[] | select(.code == "Co") | .probability * 18 | round' <<<"$output")" 1
	assert_equal "$(json_get '.outcomes[] | select(.code == "Ex") | .probability * 6 | round' <<<"$output")" 1
	assert_equal "$(json_get '.outcomes[] | select(.code == "De/Aa2") | .probability * 9 | round' <<<"$output")" 1
	assert_equal "$(json_get '.cooperation.fail_probability * 3 | round' <<<"$output")" 1
	assert_equal "$(json_get .cooperation.column_if_fail <<<"$output")" 2:1
}

@test "loe: the trail shows the battle as DESIGN.md does" {
	run --separate-stderr umpire crt -g loe 8 3 --terrain mountain --air 2 --roll 4
	assert_success
	assert_line --index 0 "Lion of Ethiopia: combat, Italian attack"
	assert_line --regexp '^  attack 10 \(ground 8, air 2\)  vs  defense 3 +11\.4\.2 A$'
	assert_line --regexp '^  odds 10:3 -> 3:1.* +8\.2\.1 A$'
	assert_line --regexp '^  defender in mountain +1L +3:1 -> 2:1 +8\.6\.2$'
	assert_line --regexp '^  air support +1R +2:1 -> 3:1 +11\.4\.2 C$'
	assert_line "  your roll 4 on 3:1"
	assert_line --regexp '^  result: Db1/Aa1 '
	# the note wraps within the trail's 78 columns: its first line is 75
	# columns, and " your" would make it 80; the rest hangs under the "("
	assert_line "  (the loe CRT is a stand-in: \`umpire table --import loe crt FILE\` installs"
	assert_line "   your printed chart)"
}

@test "loe: sides that contradict each other are refused" {
	# air support is Italian; an irregular attacker is Ethiopian
	run --separate-stderr umpire crt -g loe 4:irr 3 --air 2
	assert_one_line_error 2
	run --separate-stderr umpire crt -g loe 4 3:irr --attacker ethiopian
	assert_one_line_error 2
	run --separate-stderr umpire crt -g loe 4:irr:hq 3
	assert_one_line_error 2
}

@test "loe: an imported chart replaces the stand-in" {
	umpire table --show loe crt --json |
		jq '(.columns[] | select(.id == "3:1") | .results[] | select(.roll == "4")) |= (.code = "De/Aa3" | .text = "printed")' \
			>"$BATS_TEST_TMPDIR/crt.json"
	run umpire table --import loe crt "$BATS_TEST_TMPDIR/crt.json"
	assert_success
	run loe 3 1 --roll 4
	assert_equal "$(json_get .result.code <<<"$output")" De/Aa3
	assert_equal "$(json_get .table_source <<<"$output")" user
	# the imported code is read like the stand-in's
	[[ "$(json_get .result.text <<<"$output")" == *"defenders are eliminated"*"advance up to 3"* ]]
	run umpire crt -g loe 3 1 --roll 4
	assert_output --partial "your imported chart"
	refute_output --partial "stand-in"
}
