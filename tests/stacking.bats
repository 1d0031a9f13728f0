#!/usr/bin/env bats
# umpire stacking: a position against the stacking limits, each limit at
# and one over, the counts worked by hand from the rules' own figures.
#
# loe, teaching map: 2504 and 2406 are clear, 0901 neutral (3.4).
# toto, teaching map: 4018 clear (limit 8), 2010 rough (4), 3015 desert
# (2), 3017 lava flow (1): the TEC's stacking column (10.1, 38.0).
# sotq: Isandhlwana's and Omdurman's maps.

load helpers
load position

# check NAME ARGS...: umpire stacking on situation NAME, as JSON.
check() {
	local s=$1
	shift
	run --separate-stderr umpire stacking --situation \
	    "$BATS_TEST_TMPDIR/$s.json" --json "$@"
}

code() { json_get .result.code <<<"$output"; }
rules() { json_get '[.hexes[].findings[].rule] | join(",")' <<<"$output"; }

@test "loe 7.2.1 A, B: three divisions a hex, a smaller unit or an HQ one third" {
	# 3 divisions: 3 + 3 + 3 = 9 thirds, at the limit
	pos loe teaching at "$(un a italian italian-inf 2504 8)" \
	    "$(un b italian blackshirt 2504 6)" "$(un c italian askari 2504 4)"
	check at
	assert_success
	assert_equal "$(code)" ok
	# 2 divisions, 2 brigades and an HQ: 3 + 3 + 1 + 1 + 1 = 9, at it
	pos loe teaching at2 "$(un a italian italian-inf 2504 8)" \
	    "$(un b italian blackshirt 2504 6)" \
	    "$(un c italian askari 2504 2 non-div)" \
	    "$(un d italian askari 2504 2 non-div)" \
	    "$(un hq italian italian-hq 2504 3 corps-hq)"
	check at2 --hex 2504
	assert_success
	assert_equal "$(code)" ok
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 9
	assert_equal "$(json_get '.hexes[0].limit' <<<"$output")" 9
	# one brigade more: 10 thirds, over; 7.1 B's remedy
	pos loe teaching over "$(un a italian italian-inf 2504 8)" \
	    "$(un b italian blackshirt 2504 6)" "$(un c italian askari 2504 4)" \
	    "$(un d italian askari 2504 2 non-div)"
	check over
	assert_success
	assert_equal "$(code)" over
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 10
	assert_equal "$(rules)" "7.2.1 A"
	assert_equal "$(json_get '.hexes[0].findings[0].remedy_rule' <<<"$output")" "7.1 B"
	assert_equal "$(json_get '.hexes[0].units | join(",")' <<<"$output")" a,b,c,d
}

@test "loe 7.2.1 C, D: one corps HQ and one army HQ a hex; air units free" {
	pos loe teaching one "$(un h1 italian italian-hq 2504 3 corps-hq)" \
	    "$(un h2 italian italian-hq 2504 3 army-hq)" \
	    "$(un a italian italian-inf 2504 8)" "$(un b italian italian-inf 2504 8)" \
	    "$(un sq1 italian air 2504 2)" "$(un sq2 italian air 2504 2)"
	# 1 + 1 + 3 + 3 = 8 thirds: the air units count nothing (7.2.1 D)
	check one --hex 2504
	assert_equal "$(code)" ok
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 8
	pos loe teaching two "$(un h1 italian italian-hq 2504 3 corps-hq)" \
	    "$(un h2 italian italian-hq 2504 3 corps-hq)"
	check two
	assert_equal "$(code)" over
	assert_equal "$(rules)" "7.2.1 C"
	assert_equal "$(json_get '.hexes[0].findings[0].text' <<<"$output")" \
	    "2 corps HQs, one a hex at most"
}

@test "loe 7.2.2: four Ethiopian units a hex; HQs, Selassie, Wehib Pasha, Tesfazien free" {
	# 4 counted, and the free ones beside them
	pos loe teaching four "$(un e1 ethiopian ethiopian-irr 2406 3)" \
	    "$(un e2 ethiopian ethiopian-irr 2406 3)" \
	    "$(un e3 ethiopian ethiopian-reg 2406 3)" \
	    "$(un e4 ethiopian guard 2406 3)" \
	    "$(un hq ethiopian ethiopian-hq 2406 2)" \
	    "$(un emperor ethiopian selassie 2406 2)" \
	    "$(un wehib ethiopian engineer 2406 1)" \
	    "$(un tes ethiopian ethiopian-reg 2406 2 tesfazien)"
	check four --hex 2406
	assert_equal "$(code)" ok
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 4
	pos loe teaching five "$(un e1 ethiopian ethiopian-irr 2406 3)" \
	    "$(un e2 ethiopian ethiopian-irr 2406 3)" \
	    "$(un e3 ethiopian ethiopian-reg 2406 3)" \
	    "$(un e4 ethiopian guard 2406 3)" \
	    "$(un e5 ethiopian ethiopian-irr 2406 3)"
	check five
	assert_equal "$(code)" over
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 5
	assert_equal "$(rules)" "7.2.2 A"
}

@test "loe 13.1.3 A: two armies never share a hex; the Guard stacks with any" {
	pos loe teaching guard "$(un a ethiopian ethiopian-irr 2406 3 army-3)" \
	    "$(un g ethiopian guard 2406 3)"
	check guard
	assert_equal "$(code)" ok
	pos loe teaching mixed "$(un a ethiopian ethiopian-irr 2406 3 army-3)" \
	    "$(un b ethiopian ethiopian-irr 2406 3 army-5)"
	check mixed
	assert_equal "$(code)" over
	assert_equal "$(rules)" "13.1.3 A"
	assert_equal "$(json_get '.hexes[0].findings[0].remedy_rule' <<<"$output")" "13.1.3 B"
}

@test "loe 3.4, 6.4 C, 13.2 F: neutral territory, units at sea, the emperor" {
	pos loe teaching placed "$(un a italian askari 0901 4)" \
	    "$(un emperor ethiopian selassie 2406 2)" \
	    "$(un ship italian italian-inf 3833 8 at-sea)"
	check placed
	assert_success
	assert_equal "$(code)" over
	assert_equal "$(json_get '[.placed[] | .unit + ":" + .rule] | join(",")' <<<"$output")" \
	    "a:3.4, 6.1.2 A,ship:6.4 C"
	assert_equal "$(json_get '.placed[1].note' <<<"$output")" true
	pos loe teaching emperor "$(un emperor ethiopian selassie 0901 2)"
	check emperor
	assert_equal "$(json_get '.placed[0].rule' <<<"$output")" "13.2 F"
	# a unit at sea counts in no hex, and is noted only
	pos loe teaching sea "$(un ship italian italian-inf 3833 8 at-sea)"
	check sea
	assert_equal "$(code)" ok
}

@test "toto 10.2: four divisional equivalents in rough, the rules' own mixes" {
	# 10.2's three mixes for a limit of 4: corps (3) + division (1);
	# 2 divisions + brigade + supply unit (1 each); 4 divisions: each 4
	pos toto teaching mix "$(un corps allied infantry 2010 5 corps)" \
	    "$(un d1 allied infantry 2010 2)" \
	    "$(un d2 allied infantry 2110 2)" "$(un d3 allied infantry 2110 2)" \
	    "$(un bde allied cavalry 2110 1)" "$(un sup allied supply 2110 0)" \
	    "$(un d4 allied infantry 2210 2)" "$(un d5 allied infantry 2210 2)" \
	    "$(un d6 allied infantry 2210 2)" "$(un d7 allied infantry 2210 2)"
	check mix
	assert_success
	assert_equal "$(code)" ok
	check mix --hex 2010
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 4
	assert_equal "$(json_get '.hexes[0].limit' <<<"$output")" 4
	# one division more with the corps: 5 over 4; 10.3's remedy
	pos toto teaching five "$(un corps allied infantry 2010 5 corps)" \
	    "$(un d1 allied infantry 2010 2)" "$(un d2 allied infantry 2010 2)"
	check five
	assert_equal "$(code)" over
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 5
	assert_equal "$(json_get '.hexes[0].findings[0].text' <<<"$output")" \
	    "5 divisional equivalents in rough, over its limit of 4"
	assert_equal "$(json_get '.hexes[0].findings[0].remedy_rule' <<<"$output")" 10.3
}

@test "toto 10.1: clear 8, desert 2, lava flow 1, each at and one over" {
	local i clear=()
	for i in 1 2 3 4 5 6 7 8; do clear+=("$(un c$i ottoman infantry 4018 2)"); done
	pos toto teaching at "${clear[@]}" \
	    "$(un d1 ottoman infantry 3015 2)" "$(un d2 ottoman infantry 3015 2)" \
	    "$(un l1 ottoman infantry 3017 2)"
	check at
	assert_equal "$(code)" ok
	pos toto teaching over "${clear[@]}" "$(un c9 ottoman infantry 4018 2)" \
	    "$(un d1 ottoman infantry 3015 2)" "$(un d2 ottoman infantry 3015 2)" \
	    "$(un d3 ottoman infantry 3015 2)" \
	    "$(un l1 ottoman infantry 3017 2)" "$(un l2 ottoman infantry 3017 2)"
	check over
	assert_equal "$(code)" over
	assert_equal "$(json_get '[.hexes[] | .hex + ":" + (.count|tostring) + "/" + (.limit|tostring)] | join(",")' <<<"$output")" \
	    "3015:3/2,3017:2/1,4018:9/8"
}

@test "sotq 9.B Omdurman: Part 3's 2021, and one foot unit or gun more" {
	# two Lincolnshires, the Royal Engineers and a Maxim: within 9.B
	run --separate-stderr umpire stacking --situation omdurman --hex 2021 --json
	assert_success
	assert_equal "$(code)" ok
	assert_equal "$(json_get '.hexes[0].count' <<<"$output")" 2
	pos sotq omdurman more "$(un lincs-a british infantry 2021 3)" \
	    "$(un lincs-b british infantry 2021 3)" \
	    "$(un warwick-a british infantry 2021 3)" \
	    "$(un maxim-c british field-artillery 2021 4)" \
	    "$(un maxim-d british field-artillery 2021 4)"
	check more
	assert_equal "$(code)" over
	assert_equal "$(rules)" "9.B,9.B"
	assert_equal "$(json_get '.hexes[0].findings[1].text' <<<"$output")" \
	    "2 artillery units, one a hex at most"
	# one foot unit of another regiment is one too many: 1 a hex
	pos sotq omdurman two "$(un lincs-a british infantry 2021 3)" \
	    "$(un warwick-a british infantry 2021 3)"
	check two
	assert_equal "$(json_get '.hexes[0].limit' <<<"$output")" 1
	assert_equal "$(code)" over
}

@test "sotq 9.C: two foot units of one tribe; mounted cavalry alone" {
	pos sotq omdurman tribe "$(un taiasha-1 dervish infantry 1418 2)" \
	    "$(un taiasha-2 dervish infantry 1418 2)"
	check tribe
	assert_equal "$(code)" ok
	pos sotq omdurman horse "$(un taiasha-1 dervish infantry 1418 2)" \
	    "$(un baggara-1 dervish dervish-horse 1418 2)"
	check horse
	assert_equal "$(code)" over
	assert_equal "$(rules)" "9.C"
}

@test "sotq 9.A, 9.B Isandhlwana: two Zulu units of one impi, 8 melee points" {
	pos sotq isandhlwana at "$(un umcijo-a zulu zulu-inf 1010 6)" \
	    "$(un umcijo-b zulu zulu-inf 1010 6)" \
	    "$(un ukhulutshane zulu zulu-inf 1010 6)" \
	    "$(un a british regular-foot 1607 4)" "$(un b british regular-foot 1607 4)" \
	    "$(un gun british artillery 1607 2)" \
	    "$(un c british regular-foot 1608 4)" "$(un wagon british supply-wagon 1608 0)"
	check at
	assert_equal "$(code)" ok
	pos sotq isandhlwana over "$(un umcijo-a zulu zulu-inf 1010 6)" \
	    "$(un umcijo-b zulu zulu-inf 1010 6)" "$(un umcijo-c zulu zulu-inf 1010 6)" \
	    "$(un a british regular-foot 1607 4)" "$(un b british regular-foot 1607 5)"
	check over
	assert_equal "$(code)" over
	assert_equal "$(json_get '[.hexes[] | .hex + ":" + (.count|tostring) + "/" + (.limit|tostring)] | join(",")' <<<"$output")" \
	    "1010:3/2,1607:9/8"
	pos sotq isandhlwana impis "$(un umcijo-a zulu zulu-inf 1010 6)" \
	    "$(un ingobamakhosi-a zulu zulu-inf 1010 6)"
	check impis
	assert_equal "$(code)" over
	assert_equal "$(rules)" "9.A"
}

@test "two sides in one hex, a saved game's position, a bad hex" {
	pos loe teaching shared "$(un a italian italian-inf 2504 8)" \
	    "$(un e ethiopian ethiopian-irr 2504 3)"
	check shared
	assert_success
	assert_equal "$(json_get '.shared[0].hex + " " + .shared[0].rule' <<<"$output")" "2504 6.1 F"
	umpire game new st -g loe --map teaching --situation teaching >/dev/null
	run --separate-stderr umpire --saved st stacking --json
	assert_success
	assert_equal "$(json_get .situation <<<"$output")" saved:st
	assert_equal "$(code)" ok
	run --separate-stderr umpire --saved st stacking --hex 9999
	assert_equal "$status" 2
	assert_equal "$output" ""
	assert_equal "$stderr" "umpire stacking: --hex: no hex '9999' on map teaching"
	run --separate-stderr umpire -g loe stacking
	assert_equal "$status" 2
}

@test "umpire-stacking(1): the examples run" {
	man_examples_run "$TOP/man/umpire-stacking.1" 1
}

@test "loe 7.1 A: game next ends a movement phase only within the limits" {
	export UMPIRE_SAVED=lim
	umpire game new lim -g loe --map teaching --situation teaching >/dev/null
	phase_to "italian movement"
	# it-inf-a (3) and three more divisions in 2504: 12 thirds, over 9
	umpire game place d1 --side italian --type italian-inf --hex 2504 >/dev/null
	umpire game place d2 --side italian --type italian-inf --hex 2504 >/dev/null
	umpire game place d3 --side italian --type italian-inf --hex 2504 >/dev/null
	run --separate-stderr umpire game next
	assert_equal "$status" 2
	assert_equal "$output" ""
	[[ "$stderr" == *"refused, nothing changed: the italian movement phase ends only within 7.1 A (umpire stacking)"* ]]
	[[ "$stderr" == *"12 thirds of a division, more than three divisions (7.2.1 A)"* ]]
	[[ "$stderr" == *"(7.1 B)"* ]]
	assert_equal "$(umpire --json game show | jq -r .phase.name)" "italian movement"
	# the owner gives one up: 9, at the limit, and the phase ends
	umpire game remove d3 >/dev/null
	run --separate-stderr umpire game next
	assert_success
	assert_equal "$(umpire --json game show | jq -r .phase.name)" "italian combat"
}

@test "sotq Part 9: a Movement Phase's check looks at its own side's units" {
	export UMPIRE_SAVED=om
	umpire game new om -g sotq --map omdurman --situation omdurman >/dev/null
	phase_to "british movement"
	# a third foot unit in 2021, of another regiment: over 9.B
	umpire game place warwick-c --side british --type infantry --hex 2021 >/dev/null
	run --separate-stderr umpire game next
	assert_equal "$status" 2
	[[ "$stderr" == *"within 9 (umpire stacking)"* ]]
	umpire game remove warwick-c >/dev/null
	run --separate-stderr umpire game next
	assert_success
	# the Dervish side is not the British phase's to check
	run --separate-stderr umpire stacking --side dervish --json
	assert_equal "$(json_get .result.code <<<"$output")" ok
}

@test "when each game holds its limits: sotq at every moment, loe and toto as the phase ends" {
	# sotq Part 9, at all times: seahlr-a (2022) may not enter 2021,
	# where two Lincolnshires stand: refused as it enters (9.B)
	export UMPIRE_SAVED=om
	umpire game new om -g sotq --map omdurman --situation omdurman >/dev/null
	phase_to "british movement"
	run --separate-stderr umpire move-cost --unit seahlr-a --to 2021 --apply --json
	assert_equal "$status" 1
	assert_equal "$(json_get .result.rule <<<"$output")" 9.B
	assert_equal "$(umpire --json game show | jq -r '.position.units[] | select(.id == "seahlr-a") | .hex')" 2022
	# loe 7.1 A, as the Movement Phase ends: a fifth unit joins four
	# in 2406 (the move stands), and game next refuses until one goes
	export UMPIRE_SAVED=lm
	umpire game new lm -g loe --map teaching >/dev/null
	local i
	for i in 1 2 3 4; do
		umpire game place "e$i" --side ethiopian --type ethiopian-irr \
		    --strength 2 --ma 8 --hex 2406 >/dev/null
	done
	umpire game place e5 --side ethiopian --type ethiopian-irr --strength 2 \
	    --ma 8 --hex 2405 >/dev/null
	phase_to "ethiopian movement"
	run --separate-stderr umpire move-cost --unit e5 --to 2406 --apply
	assert_success
	run --separate-stderr umpire game next
	assert_equal "$status" 2
	[[ "$stderr" == *"5 units counted, more than four (7.2.2 A)"* ]]
	# e1 moves out: four again, and the phase ends
	umpire move-cost --unit e1 --to 2405 --apply >/dev/null
	run --separate-stderr umpire game next
	assert_success
	# toto 10.3, both sides at the end of every movement and combat
	# phase: three divisions in desert 3015 (limit 2)
	export UMPIRE_SAVED=tm
	umpire game new tm -g toto --map teaching >/dev/null
	for i in 1 2 3; do
		umpire game place "a$i" --side allied --type infantry --strength 2 \
		    --ma 4 --hex 3015 >/dev/null
	done
	phase_to "ottoman movement"
	run --separate-stderr umpire game next
	assert_equal "$status" 2
	[[ "$stderr" == *"within 10.3"*"3 divisional equivalents in desert, over its limit of 2 (10.1)"* ]]
}
