#!/usr/bin/env bats
# crt: battles of Lion of Ethiopia (rules 8.x and what they call on) and
# Twilight of the Ottomans (12.x, 15.7, 17-19, 24.2, 25).  Every expected
# value is a worked example of the rulebooks (cited) or hand arithmetic
# written next to it.  Where a result depends on the stand-in charts, the
# roll that gives a code is looked up in the chart itself (roll_for), so the
# arithmetic of the rule is what is checked, not the stand-in's layout.

load helpers

# The first roll on which a table's column gives a code.
roll_for() {	# game table column code
	umpire table --show "$1" "$2" --json |
		jq -r --arg c "$3" --arg k "$4" \
			'[.columns[] | select(.id == $c) | .results[] | select(.code == $k) | .roll][0]' |
		cut -d- -f1
}

loe() {
	umpire crt -g loe --json "$@"
}

toto() {
	umpire crt -g toto --json "$@"
}

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
	assert_equal "$(json_get '.steps[] | select(.rule == "8.2.1 B") | .rule' <<<"$output")" "8.2.1 B"
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
	assert_equal "$(json_get 'has("table_source")' <<<"$output")" false
	assert_equal "$(json_get 'has("column")' <<<"$output")" false
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

@test "loe 8.6.6: Italians fighting as in open terrain lose the river's 1L, keep the entrenchment's" {
	# 6 against 3 is 2:1; jungle 1R to 3:1; river lost; entrenched 1L: 2:1
	run loe 6 3 --attacker ethiopian --terrain jungle --river --entrenched --odds
	assert_equal "$(json_get .column <<<"$output")" 2:1
	assert_equal "$(json_get '[.shifts[].rule] | join(" ")' <<<"$output")" "8.6.6 10.2.2 A"
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
	assert_equal "$(json_get 'has("roll") or has("result")' <<<"$output")" false
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
	assert_line "  (the loe CRT is a stand-in: \`umpire table --import loe crt FILE\` installs your printed chart)"
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

# --- every game, every procedure -------------------------------------------

@test "games without a crt procedure say so, exit 2" {
	for g in iwiif; do
		run --separate-stderr umpire crt -g $g 3 3
		assert_one_line_error 2
		assert_equal "$stderr" "umpire crt: $g has no crt procedure"
	done
	run --separate-stderr umpire crt 3 3
	assert_one_line_error 2
}

@test "bad input: one line on stderr, nothing on stdout" {
	while IFS='|' read -r want args; do
		run --separate-stderr umpire crt $args
		assert_one_line_error "$want"
	done <<-EOF
	2|-g loe 3 -2
	2|-g loe -3 2
	2|-g loe 0 2
	2|-g loe 3,0 2
	2|-g loe 3x 2
	2|-g loe 3,,2 2
	2|-g loe 5:nope 2
	2|-g loe 1000 2
	2|-g loe 3
	2|-g loe 3 2 1
	2|-g loe 3 2 --terrain rough
	2|-g loe 3 2 --terrain mountain+amba
	2|-g toto 3 2 --table raid --terrain amba
	2|-g toto 3 2 --table raid --terrain mountain,rough
	2|-g loe 3 2 --roll 7
	2|-g loe 3 2 --roll 3 --odds
	2|-g loe 3 2 --naval 3
	2|-g toto 3 2 --table raid --gas
	2|-g toto 3 2 --table raid --city baghdad
	2|-g toto 3 2 --table raid --hexside wall
	2|-g loe 3 2 --armies x
	2|-g loe 3 2 --attacker french
	2|-g loe 3 2 --table raid
	2|-g loe 3 2 --table crt --table crt
	2|-g loe 3 2 --hq brigade:3 --attacker italian
	2|-g loe 3 2 --air 2:oos
	2|-g toto 3 2:max --table raid
	EOF
}

@test "a seeded battle repeats, and the roll's source is told" {
	a=$(umpire crt -g loe 9 3 --seed 5 --json)
	b=$(umpire --seed 5 crt -g loe 9 3 --json)
	assert_equal "$a" "$b"
	assert_equal "$(json_get .roll_source <<<"$a")" seed
	run loe 9 3 --roll 2
	assert_equal "$(json_get .roll_source <<<"$output")" player
}

@test "every rule a battle cites opens with rules show" {
	for args in "-g loe 6:selassie,4:oos,3:irr:oos 5:hq,4 --terrain amba+jungle,mountain --entrenched --river --armies 2 --first-attack --hq corps:3,army:2:oos --roll 2,3" \
		"-g loe 12:ma8,2:hq:ma8 3:dis --terrain massif --from-jungle --air 2,3 --gas --hq army:3 --fort --roll 1" \
		"-g loe 1 9" \
		"-g toto 8:max,4:corps 6:fort,3,2:air --terrain rough --hexside river --table raid --concentric --hq 2 --air 3 --naval 4 --city jerusalem --roll 5"; do
		run umpire crt $args --json
		assert_success
		game=$(json_get .game <<<"$output")
		json_get '[.steps[].rule, .shifts[]?.rule, .result.rule] | map(select(. != null) | split(", ")[]) | unique[]' <<<"$output" |
		while read -r cite; do
			umpire rules show "$game" "$cite" >/dev/null ||
				fail "$args cites $cite, which rules show $game cannot open"
		done
	done
}

# --- batch mode --------------------------------------------------------------

@test "--batch: one result per line, a bad line gets an error and the run goes on" {
	run --separate-stderr umpire crt -g loe --batch <<-'EOF'
	{"attack":3,"defense":1,"roll":4}
	not json

	{"game":"toto","attack":20,"defense":12,"table":"raid","odds":true}
	{"attack":"5,3:oos","defense":[4],"terrain":"mountain","roll":"2"}
	{"attack":3,"defense":1,"gas":true}
	{"game":"iwiif","attack":3,"defense":1}
	{"attack":3,"defense":1,"naval":2}
	{"attack":3,"defense":1,"bogus":2}
	EOF
	# exit status: the worst line's, a usage error
	assert_equal "$status" 2
	assert_equal "$stderr" ""
	assert_equal "$(wc -l <<<"$output")" 8
	assert_equal "$(sed -n 1p <<<"$output" | json_get .result.code)" Db1/Aa1
	assert_equal "$(sed -n 1p <<<"$output" | json_get .line)" 1
	assert_equal "$(sed -n 2p <<<"$output" | json_get .line)" 2
	assert_equal "$(sed -n 2p <<<"$output" | json_get .status)" 2
	[[ "$(sed -n 2p <<<"$output" | json_get .error)" == *"not valid JSON"* ]]
	# the blank line 3 is skipped, and numbering counts it
	assert_equal "$(sed -n 3p <<<"$output" | json_get .line)" 4
	assert_equal "$(sed -n 3p <<<"$output" | json_get .column)" 100-199
	# 5, plus 3:oos -> 2: 7 against 4 is 1:1, mountain 1L: 1:2
	assert_equal "$(sed -n 4p <<<"$output" | json_get .attack)" 7
	assert_equal "$(sed -n 4p <<<"$output" | json_get .column)" 1:2
	[[ "$(sed -n 5p <<<"$output" | json_get .error)" == *11.4.5* ]]
	assert_equal "$(sed -n 6p <<<"$output" | json_get .error)" "iwiif has no crt procedure"
	[[ "$(sed -n 7p <<<"$output" | json_get .error)" == *"does not apply to loe"* ]]
	[[ "$(sed -n 8p <<<"$output" | json_get .error)" == *"unknown field: 'bogus'"* ]]
}

@test "--batch: a JSON error names its own line and column (issue 8)" {
	run --separate-stderr umpire crt -g loe --batch <<-'EOF'
	{"attack":3,
	{"attack":3,"defense":1,"roll":4}

	{"attack":x}
	EOF
	assert_equal "$status" 2
	# "{"attack":3," ends at column 12: the parser stops at 13
	assert_equal "$(sed -n 1p <<<"$output" | json_get .error)" "line 1, column 13: not valid JSON"
	assert_equal "$(sed -n 2p <<<"$output" | json_get .result.code)" Db1/Aa1
	# the x of {"attack":x} is its column 11
	assert_equal "$(sed -n 3p <<<"$output" | json_get '"\(.line) \(.error)"')" "4 line 4, column 11: not valid JSON"
}

@test "--batch: lines are valid UTF-8 with DEL, C1 and stray bytes escaped (issue 8)" {
	# the value comes back in the error; cJSON alone would pass DEL (7f),
	# the C1 control U+009B (c2 9b, CSI to some terminals) and the stray
	# byte ff through raw.  The second line puts DEL past the first eight
	# bytes and C1 across an eight-byte boundary, where the check steps
	# a word at a time.
	run --separate-stderr umpire crt -g loe --batch < <(printf '%s\n' \
	    $'{"attack":2,"defense":1,"terrain":"a\x7fb\xc2\x9bc\xffd"}' \
	    $'{"attack":2,"defense":1,"terrain":"0123456789\x7f12\xc2\x9b"}')
	assert_equal "$status" 2
	[[ "$output" != *$'\x7f'* && "$output" != *$'\xc2\x9b'* ]] || fail "raw control"
	iconv -f UTF-8 -t UTF-8 <<<"$output" >/dev/null || fail "not UTF-8"
	assert_line --index 0 --partial "terrain: 'a\\u007fb\\u009bc\\ufffdd'"
	assert_line --index 1 --partial "terrain: '0123456789\\u007f12\\u009b'"
}

@test "--batch: a line past 65536 bytes is that line's error and the run goes on (issue 8)" {
	battle='{"attack":3,"defense":1,"roll":4}'
	# the battle padded with spaces to exactly the cap, and one byte over
	pad=$(printf '%*s' $((65536 - ${#battle})) '')
	{
		printf '%s%s\n' "$battle" "$pad"
		printf '%s%s \n' "$battle" "$pad"
		printf '%s\n' "$battle"
		head -c 300000 /dev/zero | tr '\0' ' '
		printf '%s\n' "$battle"
		printf '%s' "$battle"	# the last line needs no newline
	} >"$BATS_TEST_TMPDIR/lines"
	run --separate-stderr umpire crt -g loe --batch <"$BATS_TEST_TMPDIR/lines"
	assert_equal "$status" 2
	assert_equal "$stderr" ""
	assert_equal "$(jq -c '[.line, .result.code // .error]' <<<"$output" | tr -d '\n')" \
	    '[1,"Db1/Aa1"][2,"line 2 is longer than 65536 bytes"][3,"Db1/Aa1"][4,"line 4 is longer than 65536 bytes"][5,"Db1/Aa1"]'
}

@test "--batch: /dev/zero stops at its NUL bytes, an unreadable input is exit 4 (issue 8)" {
	run --separate-stderr timeout 20 umpire crt -g loe --batch </dev/zero
	assert_equal "$status" 2
	assert_equal "$output" '{"line":1,"error":"line 1 holds a NUL byte: the input is not text, and reading stops here","status":2}'
	printf '{"attack":3,"defense":1,"roll":4}\n{"attack":3,\0"defense":1}\n{"attack":3,"defense":1,"roll":4}\n' >"$BATS_TEST_TMPDIR/nul"
	run --separate-stderr umpire crt -g loe --batch <"$BATS_TEST_TMPDIR/nul"
	assert_equal "$status" 2
	assert_equal "$(wc -l <<<"$output")" 2
	assert_equal "$(sed -n 2p <<<"$output" | json_get .line)" 2
	# a directory opens but cannot be read: a system error, not the end
	run --separate-stderr umpire crt -g loe --batch </
	assert_equal "$status" 4
	assert_equal "$output" ""
	assert_equal "$stderr" "umpire crt: cannot read line 1 of standard input: Is a directory"
}

@test "a value too long for its buffer says so (issue 8)" {
	# 1100 units of "5," make 2199 characters, past the 2047 a list holds
	units=$(printf '5,%.0s' $(seq 1099))5
	run --separate-stderr umpire crt -g loe "$units" 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: attack: too long (at most 2047 characters)"
	run --separate-stderr umpire crt -g loe 5 3 --terrain "$(printf 'a%.0s' $(seq 300))"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --terrain: too long (at most 255 characters)"
}

@test "--odds lists every code of a chart with more than 64 (issue 8)" {
	# the loe CRT on a d100, a code of its own on each roll: R1 .. R100
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	jq '.dice = "d100"
	    | .legend = ([range(1; 101) | {key: "R\(.)", value: "result \(.)"}] | from_entries)
	    | .columns |= map(.results = ([range(1; 101) | {key: "\(.)", value: "R\(.)"}] | from_entries))' \
	    "$TOP/rules/loe/crt.json" >"$BATS_TEST_TMPDIR/d/loe/crt.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" crt -g loe 3 1 --odds --json
	assert_success
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 100
	# each code once, in roll order, each 1 in 100
	assert_equal "$(json_get '[.outcomes[].code] == [range(1; 101) | "R\(.)"]' <<<"$output")" true
	assert_equal "$(json_get '[.outcomes[] | select(.probability != 0.01)] | length' <<<"$output")" 0
	# two armies: the fail column 1:1 has the same code on each roll, so
	# each code is still 1 in 100 whatever the cooperation roll
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" crt -g loe 3 1 --armies 2 --odds --json
	assert_success
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 100
	assert_equal "$(json_get '[.outcomes[] | .probability * 1e6 | round] | unique' <<<"$output" | tr -d ' \n')" "[10000]"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" crt -g loe 3 1 --odds
	assert_line --regexp '^  100 +1\.00%  R100  result 100'
}

@test "--batch: every line good is exit 0; options are defaults for each line" {
	run --separate-stderr umpire crt -g toto --table raid --batch <<-'EOF'
	{"attack":20,"defense":12,"roll":3}
	{"attack":10,"defense":12,"roll":3,"table":"big-push"}
	EOF
	assert_success
	assert_equal "$(sed -n 1p <<<"$output" | json_get .table)" crt-raid
	assert_equal "$(sed -n 2p <<<"$output" | json_get .table)" crt-big-push
	run --separate-stderr umpire crt --batch 3 1
	assert_one_line_error 2
}

@test "--batch answers the same as the command line" {
	a=$(umpire crt -g loe 8 3 --terrain mountain --air 2 --roll 4 --json)
	b=$(echo '{"attack":8,"defense":3,"terrain":"mountain","air":2,"roll":4}' |
		umpire crt -g loe --batch | jq -c 'del(.line)')
	assert_equal "$(jq -c . <<<"$a")" "$b"
}

# --- completion and the manual -------------------------------------------------

@test "completion offers option values and unit tags" {
	run umpire __complete crt --terrain ''
	assert_line mountain
	assert_line rough
	run umpire __complete crt --city j
	assert_output jerusalem
	run umpire __complete crt --table ''
	assert_line raid
	assert_line big-push
	run umpire __complete -g loe crt 5:o
	assert_output 5:oos
	run umpire __complete -g toto crt 5:m
	assert_output 5:max
	run umpire __complete -g toto crt 5 3:f
	assert_output 3:fort
}

@test "every EXAMPLES command of umpire-crt(1) runs" {
	n=0
	while read -r line; do
		n=$((n + 1))
		run --separate-stderr sh -c "$line"
		assert_equal "$status: $line" "0: $line"
		[ -n "$output" ] || fail "no output: $line"
	done < <(MANWIDTH=400 mandoc -Tascii -O width=400 "$TOP/man/umpire-crt.1" | col -b |
		awk '/^EXAMPLES/ {on = 1; next} /^[A-Z]/ {on = 0} on' |
		sed -n 's/^[[:space:]]*\$ //p')
	[ "$n" -ge 6 ] || fail "only $n examples found"
}

@test "mandoc -Tlint has nothing to say about umpire-crt(1)" {
	run mandoc -Tlint -W warning "$TOP/man/umpire-crt.1"
	assert_success
	assert_output ""
}

# ---- Adwa 1896: the decisive battle (adwa 11) ----
# Arithmetic by hand.  Menelik 40 with r,r,r,i: three quarters of 10 and a
# fifth of a quarter = 30 + 2 = 32.  Taitu 30 with r,r,i,l: 7.5 + 7.5 +
# 1.5 = 16.5, incapacitated x 0.7 = 11.55.  Ethiopia 43.55; Italy 20 + 15 +
# 18 + 8 = 61.  Rolls 4 and 3: 43.55 x 1.08 = 47.034 < 61 x 1.01 = 61.61.

@test "adwa: the battle's strengths, multipliers and winner" {
	run --separate-stderr umpire crt -g adwa 40:menelik:rrri,30:taitu:rril:incap 20,15,18 --roll 4,3 --json
	assert_success
	assert_equal "$(json_get .attack <<<"$output")" 43.55
	assert_equal "$(json_get .defense <<<"$output")" 61
	assert_equal "$(json_get '.roll | join(",")' <<<"$output")" "4,3"
	assert_equal "$(json_get .result.code <<<"$output")" italy
	assert_equal "$stderr" ""
	run umpire crt -g adwa 40:menelik:rrri,30:taitu:rril:incap 20,15,18 --roll 4,3
	assert_line --partial "Ethiopia rolls 4: x 1.08 = 47.034"
	assert_line --partial "Italy rolls 3: x 1.01 = 61.61"
}

@test "adwa: 70 all ready against 53 and the reserve wins 28 pairs of 36" {
	# Ethiopia wins when 70 (0.8 + 0.07 e) >= 61 (0.8 + 0.07 i):
	# e=1: i<=2 (2); e=2: i<=3 (3); e=3: i<=5 (5); e=4,5,6: all (18) = 28
	run umpire crt -g adwa 40:menelik,30:taitu 20,15,18 --odds --json
	assert_success
	assert_equal "$(json_get '.outcomes[] | select(.code == "ethiopia") | .probability * 36 | round' <<<"$output")" 28
	assert_equal "$(json_get '[.outcomes[].probability] | add' <<<"$output")" 1
}

@test "adwa: a tie goes to Ethiopia" {
	# 61 against 53 + 8 = 61, equal rolls: equal strengths, Ethiopia wins
	run umpire crt -g adwa 61 20,15,18 --roll 3,3 --json
	assert_equal "$(json_get .result.code <<<"$output")" ethiopia
}

@test "adwa: readiness below half loses whatever the strength" {
	# two of eight contingents ready: 25%
	run umpire crt -g adwa 500:rrll,500:llll 1,1,1 --roll 6,1 --json
	assert_equal "$(json_get .result.code <<<"$output")" italy
	# exactly half ready is enough: 4 of 8
	run umpire crt -g adwa 500:rrll,500:rrll 1,1,1 --roll 6,1 --json
	assert_equal "$(json_get .result.code <<<"$output")" ethiopia
}

@test "adwa: --reserve 0 leaves the reserve out" {
	# 53 against 53, rolls equal: a tie, Ethiopia
	run umpire crt -g adwa 53 20,15,18 --roll 2,2 --reserve 0 --json
	assert_equal "$(json_get .defense <<<"$output")" 53
	assert_equal "$(json_get .result.code <<<"$output")" ethiopia
}

@test "adwa: bad battles are refused with one line" {
	run --separate-stderr umpire crt -g adwa 40 20,15 --roll 4,3
	assert_one_line_error 2
	[[ "$stderr" == *"expected 3"* ]]
	run --separate-stderr umpire crt -g adwa 40:rrxi 20,15,18 --roll 4,3
	assert_one_line_error 2
	[[ "$stderr" == *"'rrxi'"* ]]
	run --separate-stderr umpire crt -g adwa 40 20,15,18 --roll 7,3
	assert_one_line_error 2
	run --separate-stderr umpire crt -g adwa 40 20,15,18 --terrain mountain
	assert_one_line_error 2
	[[ "$stderr" == *"does not apply to adwa"* ]]
	run --separate-stderr umpire crt -g adwa 40 20,15,18 --reserve x
	assert_one_line_error 2
}

@test "completion offers each game's own terrains, and each one offered is accepted" {
	run umpire __complete crt -g toto --terrain ''
	refute_line amba
	assert_line rough
	for t in $(umpire __complete crt -g loe --terrain ''); do
		# an eng unit may attack even a massif (6.3.4 B)
		run umpire crt -g loe 6:eng 2 --attacker italian --terrain "$t" --odds
		assert_equal "$status $t" "0 $t"
	done
	for t in $(umpire __complete crt -g toto --terrain ''); do
		run umpire crt -g toto 6 2 --table raid --terrain "$t" --odds
		assert_equal "$status $t" "0 $t"
	done
}
