#!/usr/bin/env bats
# crt -g sotq: fire (Part 10), melee (Part 12) and the morale checks and
# leaders' deaths that follow both (10.G, 12.E, 13.D, 13.E) in Soldiers of
# the Queen.  The expected values are the rulebook's own examples (12.B) or
# arithmetic done by hand in the comment beside them.  Where a result hangs
# on a stand-in chart, the roll is looked up in the chart (roll_for), so a
# player's imported chart would still pass the rule's arithmetic.

load helpers

roll_for() {	# table column code: the first roll giving code
	umpire table --show sotq "$1" --json |
		jq -r --arg c "$2" --arg k "$3" \
			'[.columns[] | select(.id == $c) | .results[] | select(.code == $k) | .roll][0]' |
		cut -d- -f1
}

isan() {
	umpire crt -g sotq --battle isandhlwana --json "$@"
}

omdu() {
	umpire crt -g sotq --battle omdurman --json "$@"
}

# --- melee odds (12.B, 12.C) ------------------------------------------------

@test "sotq 12.B examples: 24 against 3 is 8-1, 14 against 4 is 3-1" {
	run --separate-stderr isan --table melee 24 3:b --roll 1
	assert_success
	assert_equal "$(json_get .odds <<<"$output")" 8:1
	assert_equal "$(json_get .column <<<"$output")" 8:1
	# 14 / 4 = 3.5, the half dropped for the defender
	run --separate-stderr isan --table melee 14 4:a --roll 1
	assert_equal "$(json_get .odds <<<"$output")" 3:1
	assert_equal "$(json_get .ratio <<<"$output")" 14:4
	# and the other way: 4 against 14 is 1:3.5, rounded to 1:4
	run --separate-stderr omdu --attacker british --table melee 4 14:a --roll 1
	assert_equal "$(json_get .odds <<<"$output")" 1:4
}

@test "sotq 12.B: odds past either end of the table use the end column" {
	# 1 against 9 is 1:9, below the first column 1:3
	run --separate-stderr isan --table melee 1 9:a --roll 1
	assert_equal "$(json_get .column <<<"$output")" 1:3
	assert_line --partial '"text":"odds below the table: the 1:3 column is used"'
	# 40 against 4 is 10:1; not surrounded, so the 8:1 column
	run --separate-stderr isan --table melee 40 4:a --roll 1
	assert_equal "$(json_get .column <<<"$output")" 8:1
	assert_equal "$(json_get .automatic <<<"$output")" false
}

@test "sotq 12.C Isandhlwana: 18-1 on a surrounded stack eliminates it, 17-1 does not" {
	# 36 against 2 is 18:1
	run --separate-stderr isan --table melee 36 1:a,1:b --surrounded --roll 5
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" auto-all
	assert_equal "$(json_get '.eliminated | length' <<<"$output")" 2
	assert_equal "$(json_get .advance <<<"$output")" true
	# 35 against 2 is 17.5, rounded down to 17:1: the die decides
	run --separate-stderr isan --table melee 35 1:a,1:b --surrounded --roll 1
	assert_equal "$(json_get .automatic <<<"$output")" false
	# 18:1 but not surrounded: the die decides
	run --separate-stderr isan --table melee 36 2:a --roll 1
	assert_equal "$(json_get .automatic <<<"$output")" false
}

@test "sotq 12.C Omdurman: 7-1 takes the top unit, 10-1 on a surrounded stack takes all" {
	# 14 against 2 is 7:1: the top unit, no die
	run --separate-stderr omdu --attacker dervish --table melee 14 1:a,1:b
	assert_equal "$(json_get .result.code <<<"$output")" auto-1
	assert_equal "$(json_get '.eliminated | join(",")' <<<"$output")" 1
	assert_equal "$(json_get .advance <<<"$output")" false
	# 13 against 2 is 6.5, so 6:1: rolled
	run --separate-stderr omdu --attacker dervish --table melee 13 1:a,1:b --roll 1
	assert_equal "$(json_get .automatic <<<"$output")" false
	# 20 against 2 is 10:1, surrounded: both
	run --separate-stderr omdu --attacker dervish --table melee 20 1:a,1:b --surrounded
	assert_equal "$(json_get .result.code <<<"$output")" auto-all
	# 10:1 not surrounded is still 7-1 or more: one unit
	run --separate-stderr omdu --attacker dervish --table melee 20 1:a,1:b
	assert_equal "$(json_get .result.code <<<"$output")" auto-1
	# a die given for an attack that needs none is set aside, and said so
	run --separate-stderr omdu --attacker dervish --table melee 14 2:a --roll 4
	assert_success
	assert_equal "$(json_get .rolls_unused <<<"$output")" 1
	assert_line --partial 'your 4 is not used: nothing called for it'
}

@test "sotq 12.C, 13.D: after an automatic result the dice given are the leaders'" {
	# 20 against 2 is 10:1, not surrounded: the top unit dies with no die
	# (12.C); one unit is left, so the leader rolls 2d6: 1+1 kills him
	run --separate-stderr omdu --attacker dervish --table melee 20 1:a,1:b --leaders 1 --roll 1+1
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" auto-1
	assert_equal "$(json_get '.leaders | join(",")' <<<"$output")" killed
	assert_equal "$(json_get '.rolls_unused // 0' <<<"$output")" 0
}

@test "sotq 13.D: a unit that withdraws on its check was still in the hex: the leader rolls" {
	# fire "1" on 3-4 eliminates the top unit (stand-in: a 6); the C unit
	# left checks morale (10.G) and withdraws on a 2 (stand-in C: 2 WD).
	# At the elimination a combat unit was left, so the leader is not
	# killed outright: he rolls 2d6, and 3+4 spares him.
	one=$(roll_for fire-crt 3-4 1)
	wd=$(roll_for morale c WD)
	run --separate-stderr isan --table fire --range 2 4:r 2:a,2:c --leaders 1 --roll $one,$wd,3+4
	assert_success
	assert_equal "$(json_get '.morale[0].result' <<<"$output")" WD
	assert_equal "$(json_get '.leaders | join(",")' <<<"$output")" survives
}

# --- melee shifts (12.C, 12.D) ---------------------------------------------

@test "sotq 12.D: the Big Donga bank shifts 3 left, ridges 1 either way" {
	# 14:4 is 3:1; 3L along 1:3 1:2 1:1 2:1 3:1 lands on 1:2
	run --separate-stderr isan --table melee 14 4:a --terrain big-donga --roll 1
	assert_equal "$(json_get .column <<<"$output")" 1:2
	assert_equal "$(json_get '.shifts[0].columns' <<<"$output")" -3
	run --separate-stderr isan --table melee 14 4:a --terrain ridge-down --roll 1
	assert_equal "$(json_get .column <<<"$output")" 4:1
	run --separate-stderr isan --table melee 14 4:a --terrain ridge-up --roll 1
	assert_equal "$(json_get .column <<<"$output")" 2:1
	# Omdurman: thorn hedge and trench, 1L each: 3:1 -> 1:1
	run --separate-stderr omdu --attacker dervish --table melee 14 4:a --terrain thorn-hedge,trench --roll 1
	assert_equal "$(json_get .column <<<"$output")" 1:1
}

@test "sotq 12.C: a charge shifts 1 right, the 21st Lancers 2" {
	# 6 against 2 is 3:1; charge 1R: 4:1
	run --separate-stderr omdu --attacker british --table melee 6:mounted 2:a --charge --roll 1
	assert_equal "$(json_get .column <<<"$output")" 4:1
	run --separate-stderr omdu --attacker british --table melee 6:mounted:lancers 2:a --charge --roll 1
	assert_equal "$(json_get .column <<<"$output")" 5:1
	# 6 against 1 is 6:1; 2R stops at the 6:1 end of the Omdurman table
	run --separate-stderr omdu --attacker british --table melee 6:mounted:lancers 1:a --charge --roll 1
	assert_equal "$(json_get .column <<<"$output")" 6:1
	assert_equal "$(json_get .shifts[0].rule <<<"$output")" 12.C
}

@test "sotq 12.C: who may not charge, and a cavalry charge at Isandhlwana" {
	while IFS='|' read -r args want; do
		run --separate-stderr umpire crt -g sotq $args
		assert_one_line_error 2
		assert_equal "$stderr" "umpire crt: $want"
	done <<-'EOF'
	--battle isandhlwana --table melee --charge 6:mounted 2:a|cavalry cannot charge at Isandhlwana (6.D)
	--battle omdurman --attacker british --table melee --charge 6 2:a|only mounted cavalry charges: tag every attacking unit mounted (12.C)
	--battle omdurman --attacker british --table melee --charge 6:mounted 2:a:mounted|a charge falls on foot, dismounted cavalry or artillery, not on mounted units (12.C)
	--battle omdurman --attacker british --table melee --charge --terrain rough 6:mounted 2:a|units in rough ground (level 2 and higher) cannot be charged (12.C)
	--battle omdurman --attacker british --table melee 6,4:col 2:a|regular and colonial units never attack in the same melee (12.C)
	--battle omdurman --attacker dervish --table melee 6 2:gunboat|gunboats neither attack nor are attacked in melee (12.C)
	--battle isandhlwana --attacker british --table melee 6 2:a|British units cannot attack in melee at Isandhlwana (12.A, 12.C)
	--battle omdurman --attacker dervish --table melee --terrain crest 6 2:a|no melee across a crest hexside (12.D)
	--battle isandhlwana --table melee 6:routed 2:a|pinned and routed units neither fire nor attack (12.A): '6:routed'
	EOF
}

# --- pre-melee morale (12.E) -------------------------------------------------

@test "sotq 12.E: C and D defenders check first, the die less 2; A and B never" {
	rt=$(roll_for morale c RT)
	# a C unit rolling 2 more than the roll that routs it still routs
	run --separate-stderr isan --table melee 12 3:c,3:a --roll $((rt + 2)),1
	assert_success
	assert_equal "$(json_get '.pre_melee | length' <<<"$output")" 1
	assert_equal "$(json_get .pre_melee[0].unit <<<"$output")" 1
	assert_equal "$(json_get .pre_melee[0].result <<<"$output")" RT
	# it has left: 12 against the A unit's 3 is 4:1, not 12 against 6 (2:1)
	assert_equal "$(json_get .defense <<<"$output")" 3
	assert_equal "$(json_get .odds <<<"$output")" 4:1
	# no dice for the check: refused before anything is settled
	run --separate-stderr umpire crt -g sotq --battle isandhlwana --table melee 12 3:c,3:d --roll 4
	assert_one_line_error 2
	[[ "$stderr" == *"12.E"* ]]
}

@test "sotq 12.E: every defender gone before the melee: no melee, the die passed over" {
	rt=$(roll_for morale d RT)
	run --separate-stderr isan --table melee 12 3:d --roll $((rt + 2)),5
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" empty
	assert_equal "$(json_get .defense <<<"$output")" 0
}

@test "sotq 12.E --odds: each way the checks fall, weighed exactly" {
	# stand-in morale C: 1 RT, 2 WD, 3 PN; D: 1-2 RT, 3 WD, 4 PN; a total
	# below 1 reads as 1.  Less 2, C leaves on 1-4 (4/6), D on 1-5 (5/6).
	# both leave: 4/6 * 5/6 = 20/36 = 0.5556 -> empty
	# one stays (3 strength): 24:3 = 8:1, every roll a "1" there
	#   5/18 + 2/18 = 7/18
	# both stay: 24:6 = 4:1 (1/18): "-" on 1, M on 2-3, "1" on 4-6
	#   "-" 1/108 = 0.0093; M 2/108 = 0.0185; "1" 7/18 + 3/108 = 0.4167
	run --separate-stderr isan --table melee 24 3:c,3:d --odds
	assert_success
	get() { json_get ".outcomes[] | select(.code == \"$1\") | .probability * 10000 | round" <<<"$output"; }
	assert_equal "$(get empty)" 5556
	assert_equal "$(get 1)" 4167
	assert_equal "$(get M)" 185
	assert_equal "$(get -)" 93
}

# --- melee results (12.F) --------------------------------------------------

@test "sotq 12.F: WD sends the attackers back; 1 passes over a 7-pounder on top" {
	wd=$(roll_for melee-isandhlwana 1:1 WD)
	run --separate-stderr isan --table melee 4 4:a --roll $wd
	assert_equal "$(json_get .result.code <<<"$output")" WD
	assert_line --partial 'one that cannot is pinned, not eliminated'
	one=$(roll_for melee-isandhlwana 8:1 1)
	# the gun is on top; the foot unit under it dies instead, one unit is left
	run --separate-stderr isan --table melee 40 1:a:gun,4:a --roll $one
	assert_equal "$(json_get '.eliminated | join(",")' <<<"$output")" 2
	assert_equal "$(json_get .advance <<<"$output")" false
	# at Omdurman the rule has no such exception: the top unit, a gun
	# (the 7-pounder's tag gun is Isandhlwana's), dies
	one=$(roll_for melee-omdurman 1:1 1)
	run --separate-stderr omdu --attacker dervish --table melee 5 1:a:art,4:a --roll $one
	assert_equal "$(json_get '.eliminated | join(",")' <<<"$output")" 1
}

@test "sotq 12.F and 13.D: an emptied hex may be entered; its leaders die with it" {
	one=$(roll_for melee-isandhlwana 8:1 1)
	run --separate-stderr isan --table melee 24 3:a --leaders 2 --roll $one
	assert_equal "$(json_get .advance <<<"$output")" true
	assert_equal "$(json_get '.leaders | join(",")' <<<"$output")" killed,killed
	assert_line --partial 'up to two attacking units may advance'
	# a unit is left: each leader rolls 2d6, killed on 2 or 12
	run --separate-stderr isan --table melee 24 2:a,1:a --leaders 2 --roll $one,1+1,3+4
	assert_equal "$(json_get '.leaders | join(",")' <<<"$output")" killed,survives
	# a die too many is set aside with a note; the resolution stands
	run --separate-stderr isan --table melee 24 2:a,1:a --leaders 1 --roll $one,1+1,3+4
	assert_success
	assert_equal "$(json_get '.leaders | join(",")' <<<"$output")" killed
	assert_equal "$(json_get .rolls_unused <<<"$output")" 1
}

@test "sotq 10.G after melee M: each defender checks on its own rating" {
	m=$(roll_for melee-isandhlwana 3:1 M)
	rt=$(roll_for morale b WD)
	run --separate-stderr isan --table melee 12 2:a,2:b --roll $m,6,$rt
	assert_equal "$(json_get '[.morale[].result] | join(",")' <<<"$output")" "-,WD"
	# one PN pins the whole hex (10.G)
	pn=$(roll_for morale b PN)
	run --separate-stderr isan --table melee 12 2:a,2:b --roll $m,6,$pn
	assert_equal "$(json_get .pinned <<<"$output")" true
	# rolls not given are left for the player, not made up
	run --separate-stderr isan --table melee 12 2:a,2:b --roll $m
	assert_success
	assert_equal "$(json_get '[.morale[].result] | join(",")' <<<"$output")" pending,pending
	assert_line --partial 'roll 1d6 on the Morale Check Table'
}

# --- fire (Part 10) ---------------------------------------------------------

@test "sotq 10.B and 10.D: strength picks the column, range shifts it" {
	# 6 + 4 = 10 -> 10-12; Martini-Henry (h) at 1 hex: 1R -> 13-16
	run --separate-stderr isan --table fire --range 1 6:h,4:h 6:c --roll 1
	assert_success
	assert_equal "$(json_get .attack <<<"$output")" 10
	assert_equal "$(json_get .column <<<"$output")" 13-16
	assert_equal "$(json_get '.shifts[0].rule' <<<"$output")" 10.D
}

@test "sotq 10.D: no shift goes left of the 0 column" {
	# 1 -> 1-2; musket at 3 hexes 2L, woods 1L, NNC 1L: 4L, stopped at 0
	run --separate-stderr isan --table fire --range 3 1:f:nnc 6:c --terrain woods --roll 1
	assert_success
	assert_equal "$(json_get .column <<<"$output")" 0
	assert_equal "$(json_get '[.shifts[].columns] | add' <<<"$output")" -4
	assert_line --partial 'the shifts stop at'
}

@test "sotq 10.E: the weapon with the most strength picks the row; a tie goes to the longest reach" {
	# 5 h + 3 k at 5 hexes: h has more; h at 5 is 1L (k would be 2L)
	run --separate-stderr isan --table fire --range 5 5:h,3:k 6:c --roll 1
	assert_equal "$(json_get .weapon <<<"$output")" h
	# 4 h + 4 k: a tie; h reaches 12 hexes, k 6: h
	run --separate-stderr isan --table fire --range 5 4:k,4:h 6:c --roll 1
	assert_equal "$(json_get .weapon <<<"$output")" h
}

@test "sotq 10.E: units at their own ranges fire together from one band" {
	# 7 and 8 hexes are both in the 7-9 band: 5 + 3 = 8 -> 7-9; h at 7 2L:
	# 7-9 -> 3-4
	run --separate-stderr isan --table fire 5:h:r7,3:h:r8 6:c --roll 1
	assert_success
	assert_equal "$(json_get .column <<<"$output")" 3-4
	assert_equal "$(json_get .range <<<"$output")" 7
	# a unit's own range overrides --range for the hex
	run --separate-stderr isan --table fire --range 8 5:h:r7,3:h 6:c --roll 1
	assert_success
}

@test "sotq 10.F: the unit shifts of Omdurman" {
	# Dervish rifles 4 -> 3-4; l at 3: 0; Dervish 1L -> 1-2
	run --separate-stderr omdu --attacker dervish --table fire --range 3 4:l 6:a --roll 1
	assert_equal "$(json_get .column <<<"$output")" 1-2
	# Dervish artillery takes no such shift: 4:g at 5 hexes stays 3-4
	run --separate-stderr omdu --attacker dervish --table fire --range 5 4:g 6:a --roll 1
	assert_equal "$(json_get .column <<<"$output")" 3-4
	# British 3 + colonial 3: half colonial, 1L; mounted target 1R: 5-6 stays
	run --separate-stderr omdu --attacker british --table fire --range 3 3:l,3:h:col 6:a:mounted --roll 1
	assert_equal "$(json_get '[.shifts[].columns] | join(",")' <<<"$output")" "-1,1"
	assert_equal "$(json_get .column <<<"$output")" 5-6
	# 6 -> 5-6; carbine (k) at 3 hexes 1L, mounted firers 1L, trench 1L:
	# three left of 5-6 is 0
	run --separate-stderr omdu --attacker british --table fire --range 3 6:k:mounted 6:a --terrain trench --roll 1
	assert_equal "$(json_get .column <<<"$output")" 0
}

@test "sotq 10.F: a gunboat sinks to Dervish guns on a 1 result, nothing else harms it" {
	one=$(roll_for fire-crt 3-4 1)
	pn=$(roll_for fire-crt 3-4 PN)
	run --separate-stderr omdu --attacker dervish --table fire --range 5 4:g 3:gunboat --roll $one
	assert_equal "$(json_get .result.text <<<"$output")" "the gunboat is sunk"
	run --separate-stderr omdu --attacker dervish --table fire --range 5 4:g 3:gunboat --roll $pn
	assert_equal "$(json_get .result.text <<<"$output")" "no effect on a gunboat"
	run --separate-stderr umpire crt -g sotq --battle omdurman --attacker dervish --table fire --range 2 4:l 3:gunboat
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: only artillery can fire at a gunboat (10.F)"
}

@test "sotq 10.E and 10.F: units that may not fire together are refused with the rule" {
	while IFS='|' read -r args want; do
		run --separate-stderr umpire crt -g sotq --table fire $args
		assert_one_line_error 2
		assert_equal "$stderr" "umpire crt: $want"
	done <<-'EOF'
	--battle isandhlwana --range 2 4:h,2:s 6:a|artillery never adds its fire to that of other units (10.E): fire them apart
	--battle omdurman --attacker british --range 2 4:m,2:g 6:a|Maxims never fire together with other kinds of unit, guns included (10.F): fire them apart
	--battle omdurman --attacker british --range 2 4:g:gunboat,2:g:gunboat 6:a|a gunboat never fires together with another unit, gunboats included (10.F)
	--battle isandhlwana --range 2 4:h,2:h:nnc 6:a|at Isandhlwana regular and colonial units never fire together (10.F): fire them apart
	--battle isandhlwana --range 2 4:k:mounted 6:a|mounted horse cannot fire at Isandhlwana (10.F): '4:k:mounted'
	--battle isandhlwana --range 7 4:k 6:a|'4:k' cannot reach 7 hexes with weapon k (10.A, Range Effects Chart)
	--battle omdurman --attacker british --range 40 4:g 6:a|'4:g' cannot reach 40 hexes with weapon g (10.A, Range Effects Chart)
	--battle isandhlwana --range 2 4 6:a|a firing unit needs its weapon letter, h, l, k, f, s, r, g or m (10.A): '4'
	--battle isandhlwana --attacker zulu --range 2 4:h 6:a|the Zulus have no fire phase at Isandhlwana (4.D, 4.ZD): only British units fire
	--battle omdurman --range 2 4:h 6:a|at Omdurman both sides fire: --attacker british or dervish
	--battle isandhlwana 4:h 6:a|fire needs the range in hexes: --range N, or a unit's own as 4:h:r3 (10.A)
	--battle isandhlwana 4:h:r2,4:h 6:a|fire needs the range in hexes: --range N, or a unit's own as 4:h:r3 (10.A)
	--battle isandhlwana 4:h:r2,4:h:r5 6:a|'4:h:r2' fires from 1-2 hexes and '4:h:r5' from 5-6: only units in the same range band fire together (10.E)
	--battle isandhlwana --range 2 4:s:limbered 6:a|limbered artillery cannot fire (10.F): '4:s:limbered'
	--battle isandhlwana --range 2 4:h:noammo 6:a|a unit out of ammunition cannot fire until resupplied (10.F, 11): '4:h:noammo'
	--battle omdurman --attacker british --range 2 4:l:pinned 6:a|pinned and routed units neither fire nor attack (4.D, 4.ZD): '4:l:pinned'
	--battle omdurman --attacker british --range 2 4:l:noammo 6:a|the tag noammo (ammunition roster) is Isandhlwana's, not Omdurman's (11): '4:l:noammo'
	--battle isandhlwana --range 2 --terrain trench 4:h 6:a|trench has no effect on fire at Isandhlwana (10.F)
	EOF
}

@test "sotq 10.G: 1 and 2 take the top units, the rest check morale; leaders roll" {
	two=$(roll_for fire-crt 17+ 2)
	# 17 -> 17+; h at 3 hexes: no shift
	run --separate-stderr isan --table fire --range 3 9:h,8:h 2:c,2:d,2:a --leaders 1 --roll $two,6,3+4
	assert_success
	assert_equal "$(json_get '.eliminated | join(",")' <<<"$output")" 1,2
	assert_equal "$(json_get '[.morale[].unit] | join(",")' <<<"$output")" 3
	assert_equal "$(json_get '.leaders | join(",")' <<<"$output")" survives
}

@test "sotq 10.G: PN* rolls again, 6 eliminates one and the rest check" {
	star=$(roll_for fire-crt 1-2 PN*)
	run --separate-stderr isan --table fire --range 3 2:h 2:c,2:a --roll $star,6,6
	assert_equal "$(json_get .second_roll <<<"$output")" 6
	assert_equal "$(json_get '.eliminated | join(",")' <<<"$output")" 1
	assert_equal "$(json_get '.morale[0].unit' <<<"$output")" 2
	run --separate-stderr isan --table fire --range 3 2:h 2:c,2:a --roll $star,5
	assert_equal "$(json_get .second_roll <<<"$output")" 5
	assert_equal "$(json_get '.eliminated' <<<"$output")" null
}

@test "sotq 13.E: a routed unit runs where its battle and side say" {
	rt=$(roll_for morale d RT)
	m=$(roll_for fire-crt 5-6 M)
	run --separate-stderr umpire crt -g sotq --battle isandhlwana --table fire --range 3 6:h 6:d --roll $m,$rt
	assert_output --partial 'toward its entry area'
	# 6 -> 5-6; l at 3 hexes no shift; Dervish fire 1L: 3-4
	m=$(roll_for fire-crt 3-4 M)
	run --separate-stderr umpire crt -g sotq --battle omdurman --attacker dervish --table fire --range 3 6:l 6:d --roll $m,$rt
	assert_output --partial 'Zariba'
}

@test "sotq --odds: the column's chances, which add to 1" {
	run --separate-stderr isan --table fire --range 1 6:h,4:h 6:c --odds
	assert_success
	# 13-16 of the stand-in: PN* 1/6, 1 2/6, 2 3/6; whatever the chart, 1 in all
	assert_equal "$(json_get '[.outcomes[].probability] | add * 1000 | round' <<<"$output")" 1000
	run --separate-stderr umpire crt -g sotq --battle isandhlwana --table fire --range 1 6:h 6:c --odds --roll 3
	assert_one_line_error 2
}

@test "sotq bad input: one line on stderr, nothing on stdout" {
	while IFS='|' read -r want args; do
		run --separate-stderr umpire crt -g sotq $args
		assert_one_line_error "$want"
	done <<-EOF
	2|3 3
	2|--battle rorke --table fire 3 3
	2|--battle isandhlwana 3 3
	2|--battle isandhlwana --table volley 3 3
	2|--battle isandhlwana --table fire --range 0 3:h 3:a
	2|--battle isandhlwana --table fire --range x 3:h 3:a
	2|--battle isandhlwana --table fire --range 3 3:h:zz 3:a
	2|--battle isandhlwana --table fire --range 3 3:h 3:a:b
	2|--battle isandhlwana --table fire --range 3 3:h 3:a --roll 7
	2|--battle isandhlwana --table fire --range 3 3:h 3:a --charge
	2|--battle isandhlwana --table melee --range 3 3 3:a
	2|--battle isandhlwana --table melee 3 3:a --terrain swamp
	2|--battle isandhlwana --table melee 3 3:a --leaders 10
	2|--battle omdurman --attacker zulu --table melee 3 3:a
	2|--battle isandhlwana --table melee 3 3:a --armies 2
	EOF
}

@test "sotq: a defender with no rating is told to give one when it must check" {
	m=$(roll_for melee-isandhlwana 3:1 M)
	run --separate-stderr umpire crt -g sotq --battle isandhlwana --table melee 12 4 --roll $m
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: unit 1 (4) checks morale but has no rating: tag it a, b, c or d (10.G)"
}

@test "sotq --batch: a line per battle; the battle and table may be defaults" {
	run --separate-stderr umpire crt -g sotq --battle omdurman --batch <<-'EOF'
	{"attacker":"dervish","table":"melee","attack":14,"defense":"2:a"}
	{"table":"fire","attacker":"british","attack":"4:l","defense":"3:a","range":2,"odds":true}
	{"table":"fire","battle":"waterloo","attack":"4:l","defense":"3:a","range":2}
	EOF
	assert_equal "$status" 2
	assert_equal "$(sed -n 1p <<<"$output" | json_get .result.code)" auto-1
	assert_equal "$(sed -n 2p <<<"$output" | json_get .column)" 5-6
	assert_equal "$(sed -n 3p <<<"$output" | json_get .error)" "unknown battle: 'waterloo' (expected isandhlwana or omdurman)"
}

@test "sotq: every rule a battle cites opens with rules show" {
	for args in "--battle isandhlwana --table fire --range 1 9:h,8:h 2:c,2:d,2:a --leaders 1 --terrain woods,donga-bank --roll 6,1,3+4" \
		"--battle omdurman --attacker british --table melee 6:mounted:lancers 2:c --charge --terrain trench --roll 6,1" \
		"--battle isandhlwana --table melee 36 1:a,1:b --surrounded --leaders 1" \
		"--battle omdurman --attacker dervish --table fire --range 5 4:g 3:gunboat --roll 1"; do
		run umpire crt -g sotq $args --json
		assert_success
		json_get '[.steps[].rule, .shifts[]?.rule, .result.rule] | map(select(. != null) | split(", ")[]) | unique[]' <<<"$output" |
		while read -r cite; do
			umpire rules show sotq "$cite" >/dev/null ||
				fail "$args cites $cite, which rules show sotq cannot open"
		done
	done
}

@test "sotq: an imported chart replaces the stand-in" {
	umpire table --show sotq melee-omdurman --json |
		jq '.columns |= map(.results |= map(.code = "WD" | .text = "attackers back"))' >"$BATS_TEST_TMPDIR/m.json"
	run umpire table --import sotq melee-omdurman "$BATS_TEST_TMPDIR/m.json"
	assert_success
	run --separate-stderr omdu --attacker dervish --table melee 6 2:a --roll 6
	assert_equal "$(json_get .result.code <<<"$output")" WD
	assert_equal "$(json_get .table_source <<<"$output")" user
}

@test "sotq completion: battles, procedures, sides, terrain and unit tags" {
	run umpire __complete crt -g sotq --battle ''
	assert_output "$(printf '%s\n' isandhlwana omdurman)"
	run umpire __complete crt -g sotq --table ''
	assert_line fire
	assert_line melee
	run umpire __complete crt -g sotq --attacker ''
	assert_line zulu
	assert_line dervish
	run umpire __complete crt -g sotq --terrain b
	assert_output big-donga
	# sotq's own tags, and no other game's
	run umpire __complete crt -g sotq 6:la
	assert_output 6:lancers
	run umpire __complete crt -g sotq 6:o
	assert_output ""
}

@test "sotq 12.E: a pre-melee PN pins the C and D units, never an A or B with them" {
	# stand-in morale C: 1 RT, 2 WD, 3 PN; the C unit rolls 5, less 2 = 3: PN
	run --separate-stderr isan --table melee 24 3:c,3:a --roll 5,1
	assert_success
	assert_equal "$(json_get .pre_melee[0].result <<<"$output")" PN
	assert_equal "$(json_get .pinned <<<"$output")" false
	assert_equal "$(json_get '.pinned_units | join(",")' <<<"$output")" 1
	# with no A or B unit in the hex the PN pins all of it (D: 4 PN, 6 - 2)
	run --separate-stderr isan --table melee 24 3:c,3:d --roll 5,6,1
	assert_success
	assert_equal "$(json_get .pinned <<<"$output")" true
}

@test "sotq 6.E, 10.A: one battle's weapons and tags are refused in the other, and two weapons on a unit" {
	# 6.E: Isandhlwana's artillery is two 7-pounders (S) and the Rocket
	# Battery (R); Omdurman's G guns, M Maxims and gunboats.  The
	# Lee-Metford came two decades after the Zulu War (17); the NNC are
	# Isandhlwana's (10.F), the 21st Lancers Omdurman's (12.C); only
	# Isandhlwana's guns limber (6.E) and keep rosters (11)
	while IFS='|' read -r args want; do
		run --separate-stderr umpire crt -g sotq $args
		assert_one_line_error 2
		assert_equal "$stderr" "umpire crt: $want"
	done <<-'EOF'
	--battle isandhlwana --table fire --range 2 4:l 6:a|weapon l (Lee-Metford) is Omdurman's, not Isandhlwana's (10.A, 17): '4:l'
	--battle isandhlwana --table fire --range 2 4:g 6:a|weapon g (field gun) is Omdurman's, not Isandhlwana's (6.E): '4:g'
	--battle isandhlwana --table fire --range 2 4:m 6:a|weapon m (Maxim) is Omdurman's, not Isandhlwana's (6.E): '4:m'
	--battle isandhlwana --table fire --range 2 4:h 3:gunboat|the tag gunboat is Omdurman's, not Isandhlwana's (6.E): '3:gunboat'
	--battle isandhlwana --table melee 6 2:a:lancers|the tag lancers (21st Lancers) is Omdurman's, not Isandhlwana's (12.C): '2:a:lancers'
	--battle omdurman --attacker british --table fire --range 2 4:s 6:a|weapon s (7-pounder) is Isandhlwana's, not Omdurman's (6.E): '4:s'
	--battle omdurman --attacker british --table fire --range 2 4:r 6:a|weapon r (rockets) is Isandhlwana's, not Omdurman's (6.E): '4:r'
	--battle omdurman --attacker british --table fire --range 2 4:l 6:a:nnc|the tag nnc (Natal Native Contingent) is Isandhlwana's, not Omdurman's (10.F): '6:a:nnc'
	--battle omdurman --attacker dervish --table melee 5 1:a:gun|the tag gun (7-pounder) is Isandhlwana's, not Omdurman's (6.E): '1:a:gun'
	--battle omdurman --attacker british --table fire --range 2 4:g:limbered 6:a|the tag limbered is Isandhlwana's, not Omdurman's (6.E): '4:g:limbered'
	--battle isandhlwana --table fire --range 2 4:h:k 6:a|one weapon letter a unit (10.A): '4:h:k' (a gunboat with G and M fires each as an attack of its own, 6.E)
	--battle omdurman --attacker british --table fire --range 2 4:g:m:gunboat 6:a|one weapon letter a unit (10.A): '4:g:m:gunboat' (a gunboat with G and M fires each as an attack of its own, 6.E)
	EOF
	# the small arms h, k and f serve in both battles; a range tag rN is
	# no rocket letter
	run --separate-stderr isan --table fire --range 2 4:k 6:a --roll 1
	assert_success
	run --separate-stderr omdu --attacker british --table fire 4:h:col:r2 6:a --roll 1
	assert_success
	run --separate-stderr omdu --attacker dervish --table fire --range 2 4:f 6:a --roll 1
	assert_success
	# each weapon of a G/M gunboat as its own attack
	run --separate-stderr omdu --attacker british --table fire --range 2 4:m:gunboat 6:a --roll 1
	assert_success
}

@test "sotq 13.D: a 2d6 roll is written 3+4 everywhere, given and shown" {
	# 20 against 2 is 10:1, the top unit gone without a die (12.C), one
	# left: the leader's 2d6 is the first die given; 3 + 4 = 7 spares him
	run --separate-stderr omdu --attacker dervish --table melee 20 1:a,1:b --leaders 1 --roll 3+4
	assert_success
	assert_equal "$(json_get '.leader_rolls | join(",")' <<<"$output")" 3+4
	run --separate-stderr umpire crt -g sotq --battle omdurman --attacker dervish --table melee 20 1:a,1:b --leaders 1 --roll 3+4
	assert_line --partial "leader 1: 2d6 roll 3+4 = 7, survives"
	# a total alone is no 2d6 roll; 3,4 is two dice for two steps, so its
	# 3 is the leader's roll, refused the same way
	while IFS='|' read -r roll want; do
		run --separate-stderr umpire crt -g sotq --battle omdurman --attacker dervish --table melee 20 1:a,1:b --leaders 1 --roll "$roll"
		assert_one_line_error 2
		assert_equal "$stderr" "umpire crt: $want"
	done <<-'EOF'
	7|bad roll: '7' (expected a 2d6 roll for Death of Leaders, both dice joined with +, as 3+4)
	3,4|bad roll: '3' (expected a 2d6 roll for Death of Leaders, both dice joined with +, as 3+4)
	3+7|bad roll: '3+7' (expected 2d6 faces from 1 to 6, joined with +, as 3+4)
	EOF
	# and a 3+4 where one die is called for (the melee die) is refused
	run --separate-stderr umpire crt -g sotq --battle isandhlwana --table melee 12 2:a --roll 3+4
	assert_one_line_error 2
	[[ $stderr == *"bad roll: '3+4' (expected one die, 1d6, for"*"a roll written 3+4 is a leader's 2d6)" ]] || fail "$stderr"
	# the leader-death table takes the same 3+4 (and its own 3,4), and
	# shows the faces so: 3 + 4 = 7
	run --separate-stderr umpire table sotq leader-death --roll 3+4 --json
	assert_success
	assert_equal "$(json_get '.dice_faces | join(",")' <<<"$output")" 3,4
	assert_equal "$(json_get '.roll' <<<"$output")" 7
	run --separate-stderr umpire table sotq leader-death --roll 3+4
	assert_line "  your roll 3+4 = 7 on 2d6"
	run --separate-stderr umpire table sotq leader-death --roll 3,4
	assert_line "  your roll 3+4 = 7 on 2d6"
	run --separate-stderr umpire table sotq leader-death --roll 7
	assert_one_line_error 2
}
