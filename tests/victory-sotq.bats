#!/usr/bin/env bats
# umpire victory, Soldiers of the Queen (Part 5).  Isandhlwana: 14 Zulu
# combat units for the British, every British regular for the Zulus,
# whichever comes first (5.A, 5.B).  Omdurman: the automatic victory at
# once; else, after turn 21's British player turn, 32 exits and the points
# of the schedule (Khalifa 7, a Dervish unit 1; a British unit 4, 3 or 2
# by the turn it went in; 3 a turn from turn 12 without an exit).  Every
# total below is worked by hand.

load helpers
load victory

new_isandhlwana() {
	umpire game new sq -g sotq --map isandhlwana --situation isandhlwana \
	    >/dev/null
	export UMPIRE_SAVED=sq
}

# n Zulu combat units into the dead pile in turn t, ids zulu-TAG-1..n
zulu_dead() {	# n t tag
	set_file "[range($1)] as \$r | .dead += [\$r[] | {id: \"zulu-$3-\(. + 1)\",
	    side: \"zulu\", type: \"zulu-inf\", strength: 6, hex: \"1020\", died: $2}]"
}

# the position's units of ids (comma-separated) into the dead pile in turn t
kill() {	# ids t
	set_file "(\"$1\" | split(\",\")) as \$ids | .dead += [.position.units[] |
	    select(.id as \$i | \$ids | index(\$i)) | . + {died: $2}] |
	    .position.units |= map(select(.id as \$i | \$ids | index(\$i) | not))"
}

@test "Isandhlwana: 14 Zulu combat units eliminated win for the British; leaders and the uKhulutshane do not count" {
	new_isandhlwana
	zulu_dead 13 2 a
	set_file '.dead += [{"id":"induna","side":"zulu","type":"zulu-leader","strength":0,"hex":"1020","died":2},
	    {"id":"ukhulutshane-1","side":"zulu","type":"zulu-inf","strength":6,"hex":"1020","died":2}]'
	verdict
	assert_equal "$got" "none 5.A"
	assert_equal "$(jq -r '[.zulu_lost, .regulars_left] | join(" ")' <<<"$json")" "13 4"
	zulu_dead 1 3 b
	verdict
	assert_equal "$got" "british 5.B"
	assert_equal "$(jq -r .result.text <<<"$json")" \
	    "the British win: the Zulu losses reached the count first, in turn 3; the game ended there (5.A)"
}

@test "Isandhlwana: the last British regular gone wins for the Zulus; colonials and officers do not count" {
	new_isandhlwana
	# the regulars: a-1-24-a, a-1-24-b, f-1-24 (foot) and the rockets (guns)
	kill a-1-24-a,a-1-24-b,f-1-24 2
	verdict
	assert_equal "$got" "none 5.A"
	assert_line "not met: 1 British regular combat unit left (officers not counted)"
	kill pulleine,a-2-3-nnc 3
	verdict
	assert_equal "$got" "none 5.A"
	kill rockets 4
	verdict
	assert_equal "$got" "zulu 5.B"
	[[ "$(jq -r .result.text <<<"$json")" == *"in turn 4"* ]]
}

@test "Isandhlwana: the dead pile's order says who met the count first" {
	new_isandhlwana
	kill a-1-24-a,a-1-24-b,f-1-24,rockets 3
	zulu_dead 14 4 a
	verdict
	# both counts are met now, but the regulars went first
	assert_equal "$got" "zulu 5.B"
	new_isandhlwana_2() {
		umpire game new sq2 -g sotq --map isandhlwana \
		    --situation isandhlwana >/dev/null
		export UMPIRE_SAVED=sq2
	}
	new_isandhlwana_2
	zulu_dead 14 3 a
	kill a-1-24-a,a-1-24-b,f-1-24,rockets 4
	verdict
	assert_equal "$got" "british 5.B"
}

@test "Isandhlwana: a unit a fire result eliminates counts, one that routed off the map does not" {
	new_isandhlwana
	for m in fire-3 weapon-h morale-b; do
		umpire game mark a-1-24-b $m >/dev/null
	done
	umpire game place zulu-x --side zulu --type zulu-inf --strength 6 \
	    --ma 5 --hex 0625 --marker morale-c >/dev/null
	phase_to "british offensive fire"
	# weapon h at 2 hexes, 5 on the 5-6 column: 1, zulu-x dies (as in
	# crt-units-sotq.bats); the dead pile keeps the rule that took it
	umpire crt --table fire --att-units a-1-24-b --def-units zulu-x \
	    --roll 5 --apply >/dev/null
	assert_equal "$(jq -r '.dead[0] | "\(.id) \(.died) \(.rule != null)"' \
	    "$(file sq)")" "zulu-x 1 true"
	verdict
	assert_equal "$(jq -r .zulu_lost <<<"$json")" 1
	# a rout the map's edge cuts short takes a unit off the map (10.G,
	# 14): out of the game but not eliminated (5.B)
	set_file '.dead += [{"id":"zulu-r","side":"zulu","type":"zulu-inf","strength":6,"hex":"0101","died":1,"rule":"10.G, 14"}]'
	verdict
	assert_equal "$(jq -r .zulu_lost <<<"$json")" 1
}

@test "Isandhlwana by hand: each count met, neither, both" {
	verdict -g sotq --battle isandhlwana --zulu-lost 14 --regulars-left 3
	assert_equal "$got" "british 5.B"
	verdict -g sotq --battle isandhlwana --zulu-lost 13 --regulars-left 1
	assert_equal "$got" "none 5.A"
	verdict -g sotq --battle isandhlwana --zulu-lost 2 --regulars-left 0
	assert_equal "$got" "zulu 5.B"
	verdict -g sotq --battle isandhlwana --zulu-lost 14 --regulars-left 0
	assert_equal "$got" "both 5.B"
	# a situation file gives the regulars (4), not the losses
	verdict -g sotq --situation isandhlwana --zulu-lost 14
	assert_equal "$got" "british 5.B"
	assert_equal "$(jq -r .regulars_left <<<"$json")" 4
}

@test "Omdurman: the British win on points with 32 exits" {
	# exits 3 a turn in 12-19 and 4 in 20-21: 32, no turn without one;
	# British 7 + 30 = 37; Dervish 3 x 4 + 2 x 3 + 1 x 2 = 20
	verdict -g sotq --battle omdurman --at-end \
	    --exits 12:3,13:3,14:3,15:3,16:3,17:3,18:3,19:3,20:4,21:4 \
	    --khalifa-killed --dervish-lost 30 --british-lost 2:3,9:2,17:1 \
	    --british-left 5
	assert_equal "$got" "british 5.B"
	assert_equal "$(jq -r '[.british_vp, .dervish_vp, .exits] | join(" ")' \
	    <<<"$json")" "37 20 32"
	assert_equal "$(jq -r .result.text <<<"$json")" \
	    "the British win on points, 37 to 20, with 32 exits"
}

@test "Omdurman: the Dervishes win with fewer than 32 exits, or more points" {
	# 31 exits: the British points do not matter
	verdict -g sotq --battle omdurman --at-end \
	    --exits 12:3,13:3,14:3,15:3,16:3,17:3,18:3,19:3,20:4,21:3 \
	    --khalifa-killed --dervish-lost 30 --british-left 5
	assert_equal "$got" "dervish 5.B"
	# 32 exits, all in turn 20: turns 12-19 and 21 without one, 9 x 3 =
	# 27, + 1 x 4 + 2 x 3 + 3 x 2 = 16: 43 against 7 + 10 = 17
	verdict -g sotq --battle omdurman --at-end --exits 20:32 \
	    --khalifa-killed --dervish-lost 10 --british-lost 5:1,10:2,20:3 \
	    --british-left 2
	assert_equal "$got" "dervish 5.B"
	assert_equal "$(jq -r '[.british_vp, .dervish_vp] | join(" ")' \
	    <<<"$json")" "17 43"
	assert_line --partial "9 turns from turn 12 without an exit (12,13,14,15,16,17,18,19,21)"
}

@test "Omdurman: level points with 32 exits name no winner" {
	# 12 Dervish units (12) against 3 British lost in turn 1 (3 x 4 = 12)
	verdict -g sotq --battle omdurman --at-end \
	    --exits 12:3,13:3,14:3,15:3,16:3,17:3,18:3,19:3,20:4,21:4 \
	    --dervish-lost 12 --british-lost 1:3 --british-left 1
	assert_equal "$got" "draw 5.B"
}

@test "Omdurman: the automatic victory ends the game at once; before turn 21 no one wins on points" {
	verdict -g sotq --battle omdurman --turn 15 --exits 12:10,13:12,15:10 \
	    --british-left 0
	assert_equal "$got" "british 5.B"
	[[ "$(jq -r .result.text <<<"$json")" == *"automatic victory"* ]]
	# one unit still to leave: no automatic victory, and the game goes on
	verdict -g sotq --battle omdurman --turn 15 --exits 12:10,13:12,15:10 \
	    --british-left 1
	assert_equal "$got" "none 5.A"
	# turn 14 is the second without an exit, after turn 12
	verdict -g sotq --battle omdurman --turn 14 --exits 13:1
	assert_equal "$(jq -r .dervish_vp <<<"$json")" 6
	assert_line --partial "automatic victory: not looked at"
}

@test "Omdurman on a saved game: losses by the turn they went, turns without exits once the British player turn is over" {
	umpire game new om -g sotq --map omdurman --situation omdurman >/dev/null
	export UMPIRE_SAVED=om
	# British units lost in turns 3, 10 and 18: 4 + 3 + 2 = 9; an officer
	# counts nothing; two Dervish units and the Khalifa: 2 + 7 = 9
	kill lancs-a 3
	kill lancs-b 10
	kill lyttleton 10
	kill nland-a 18
	set_file '.dead += [{"id":"khalifa","side":"dervish","type":"dervish-leader","strength":0,"hex":"1418","died":18},
	    {"id":"taiasha-2","side":"dervish","type":"infantry","strength":2,"hex":"1418","died":18}]'
	kill taiasha-1 18
	set_file '.turn = 12 | .phase = 0'
	verdict
	assert_equal "$got" "none 5.A"
	assert_equal "$(jq -r '[.british_vp, .dervish_vp] | join(" ")' <<<"$json")" "9 9"
	# the Dervish movement phase: turn 12's British player turn is over,
	# with no exit: 3 more
	set_file '.phase = 8'
	verdict
	assert_equal "$(jq -r .dervish_vp <<<"$json")" 12
	verdict --exits 12:1
	assert_equal "$(jq -r .dervish_vp <<<"$json")" 9
	# 22 British units set up, less Lyttleton, the gunboat and the three
	# lost: 17 still to leave
	assert_line --partial "and 17 British combat units still to leave"
	# the game ended: the totals decide, and 1 exit is fewer than 32
	set_file '.ended = true'
	verdict --exits 12:1
	assert_equal "$got" "dervish 5.B"
}

@test "bad input: one line, exit 2, nothing on stdout" {
	run --separate-stderr umpire victory -g sotq --zulu-lost 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire victory: give --battle isandhlwana or omdurman (or --saved NAME)"
	run --separate-stderr umpire victory -g sotq --battle isandhlwana
	assert_one_line_error 2
	run --separate-stderr umpire victory -g sotq --battle waterloo
	assert_one_line_error 2
	run --separate-stderr umpire victory -g sotq --battle omdurman
	assert_one_line_error 2
	run --separate-stderr umpire victory -g sotq --battle omdurman --turn 3 \
	    --exits 12:1,12:2
	assert_one_line_error 2
	[[ "$stderr" == *"--exits: turn 12 given twice"* ]]
	run --separate-stderr umpire victory -g sotq --battle omdurman --turn 3 \
	    --british-lost 3-1
	assert_one_line_error 2
	run --separate-stderr umpire victory -g sotq --situation isandhlwana \
	    --battle omdurman --zulu-lost 1
	assert_one_line_error 2
	[[ "$stderr" == *"the position is on map isandhlwana"* ]]
	run --separate-stderr umpire victory -g sotq --battle isandhlwana \
	    --zulu-lost x --regulars-left 1
	assert_one_line_error 2
	run --separate-stderr umpire victory -g sotq --battle omdurman --turn 3 \
	    --askari-withdrawn yes
	assert_one_line_error 2
}

@test "Omdurman: --exit --apply records exits in the British movement phase, apart from the losses" {
	umpire game new om -g sotq --map omdurman --situation omdurman >/dev/null
	export UMPIRE_SAVED=om
	# turn 1 has no British player turn (Part 4): turn 2's movement phase
	phase_to "british movement"
	umpire game set rifle-bde-a hex=2501 >/dev/null
	umpire game set rifle-bde-b hex=2601 >/dev/null
	# asked without --apply: counted, not recorded
	verdict --exit rifle-bde-a
	assert_equal "$(jq -r .exits <<<"$json")" 1
	assert_equal "$(jq -c .dead "$(file om)")" "[]"
	run --separate-stderr umpire victory --exit rifle-bde-a,rifle-bde-b --apply
	assert_success
	assert_equal "$(jq -c '[.dead[] | [.id, .died, .rule]]' "$(file om)")" \
	    '[["rifle-bde-a",2,"5.B"],["rifle-bde-b",2,"5.B"]]'
	# read back: 2 exits, no British loss and so no Dervish points
	verdict
	assert_equal "$(jq -r '[.exits, .dervish_vp] | join(" ")' <<<"$json")" "2 0"
	assert_line --partial "and 18 British combat units still to leave"
	umpire game undo >/dev/null
	assert_equal "$(jq -c .dead "$(file om)")" "[]"
}

@test "Omdurman: --exit refuses a unit off the exit hexes, a gunboat, a pinned unit, another phase" {
	umpire game new om -g sotq --map omdurman --situation omdurman >/dev/null
	export UMPIRE_SAVED=om
	phase_to "british movement"
	run --separate-stderr umpire victory --exit maxim-a
	assert_one_line_error 2
	assert_equal "$stderr" "umpire victory: --exit: 'maxim-a' in 2626 is not on an exit hex of the south edge (5.B)"
	run --separate-stderr umpire victory --exit gunboat
	assert_one_line_error 2
	umpire game set rifle-bde-a hex=2501 >/dev/null
	umpire game mark rifle-bde-a pinned >/dev/null
	run --separate-stderr umpire victory --exit rifle-bde-a
	assert_one_line_error 2
	[[ "$stderr" == *"'rifle-bde-a' is pinned"* ]]
	umpire game unmark rifle-bde-a pinned >/dev/null
	run --separate-stderr umpire victory --exit rifle-bde-a,rifle-bde-a
	assert_one_line_error 2
	run --separate-stderr umpire victory --apply
	assert_one_line_error 2
	umpire game next >/dev/null
	run --separate-stderr umpire victory --exit rifle-bde-a --apply
	assert_one_line_error 2
	[[ "$stderr" == *"units leave the map in the british movement phase (5.B)"* ]]
	assert_equal "$(jq -c .dead "$(file om)")" "[]"
	run --separate-stderr umpire victory -g sotq --situation omdurman \
	    --turn 3 --exit rifle-bde-a
	assert_one_line_error 2
	run --separate-stderr umpire victory -g sotq --battle isandhlwana \
	    --zulu-lost 1 --regulars-left 1 --exit x
	assert_one_line_error 2
}
