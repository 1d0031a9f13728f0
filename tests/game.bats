#!/usr/bin/env bats
# game: the saved game (umpire-game(1)): started from a situation, changed
# a step at a time, read by the procedures, undone, and kept safe from bad
# changes, damaged files, a second process and a kill.

load helpers

TEACH="$TOP/rules/loe/situations/teaching.json"

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

new_tue() {
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
}

@test "new starts from the situation: its units, its game and map" {
	run --separate-stderr umpire game new tue -g loe --map teaching \
	    --situation teaching
	assert_success
	assert_output --partial "started, 8 units"
	assert_file_exists "$(file tue)"
	# the position is the situation's units, unchanged and in order
	assert_equal "$(jq -c '.position.units' "$(file tue)")" \
	    "$(jq -c '.units' "$TEACH")"
	assert_equal "$(jq -r '.game, .map, .turn' "$(file tue)" | tr '\n' ' ')" \
	    "loe teaching 1 "
}

@test "a procedure reads the saved game: no -g, --map or --situation" {
	new_tue
	run --separate-stderr umpire --saved tue move-cost --unit it-inf-a --to 2505
	assert_success
	# 6.3.11, the situation's note: it-inf-a enters mountain 2505 for 2 MP
	assert_output --partial "2505 reached for 2 MP, 4 left"
	assert_equal "$output" "$(umpire -g loe move-cost --map teaching \
	    --situation teaching --unit it-inf-a --to 2505)"
	UMPIRE_SAVED=tue run --separate-stderr umpire supply-trace --side italian
	assert_equal "$output" "$(umpire -g loe supply-trace --map teaching \
	    --situation teaching --side italian)"
}

@test "saved:NAME names the position where a situation is asked for" {
	new_tue
	umpire --saved tue game set it-inf-a hex=2505 >/dev/null
	run --separate-stderr umpire -g loe map svg teaching --situation saved:tue \
	    --around 2505 --radius 1
	assert_success
	assert_output --partial "it-inf-a"
}

@test "set, mark, unmark and control change the position, each logged" {
	new_tue
	export UMPIRE_SAVED=tue
	umpire game set it-inf-a hex=2505 strength=6 >/dev/null
	umpire game mark it-inf-a oos-1 dis >/dev/null
	umpire game unmark it-inf-a dis >/dev/null
	umpire game control ethiopian 2504 2406 >/dev/null
	f=$(file tue)
	assert_equal "$(jq -c '.position.units[0] | [.hex, .strength, .markers]' "$f")" \
	    '["2505",6,["oos-1"]]'
	assert_equal "$(jq -c '.position.control.ethiopian' "$f")" '["2504","2406"]'
	assert_equal "$(jq '.log | length' "$f")" 4
	run umpire game log
	assert_line --partial "now held by ethiopian: 2504 2406"
	umpire game control --clear 2504 >/dev/null
	assert_equal "$(jq -c '.position.control.ethiopian' "$f")" '["2406"]'
}

@test "undo puts back each step in turn, to the very start" {
	new_tue
	export UMPIRE_SAVED=tue
	f=$(file tue)
	start=$(jq -c .position "$f")
	umpire game remove it-inf-b eth-irr-a >/dev/null
	umpire game place it-new --side italian --type italian-inf --hex 2405 \
	    --strength 4 --ma 6 --marker oos-1 >/dev/null
	umpire game set it-askari hex=1812 >/dev/null
	umpire game control italian 2504 >/dev/null
	assert_equal "$(jq '.position.units | length' "$f")" 7	# 8 - 2 + 1
	for i in 1 2 3 4; do
		umpire game undo >/dev/null
	done
	# the units back in their old places in the list, control as it was
	assert_equal "$(jq -c .position "$f")" "$start"
	assert_equal "$(jq '[.log[] | select(.undone)] | length' "$f")" 4
	run --separate-stderr umpire game undo
	assert_one_line_error 2
	[[ "$stderr" == *"nothing to undo"* ]]
}

@test "a change the position cannot hold is refused and nothing is written" {
	new_tue
	export UMPIRE_SAVED=tue
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire game mark it-inf-a no-such-marker
	assert_one_line_error 2
	[[ "$stderr" == *"not a loe marker: 'no-such-marker'"* ]]
	# eth-irr-b stands in 4914: enemy units never share a hex (6.1 F)
	run --separate-stderr umpire game set it-inf-a hex=4914
	assert_one_line_error 2
	[[ "$stderr" == *"6.1 F"* ]]
	run --separate-stderr umpire game place x --side italian --type tank \
	    --hex 2505
	assert_one_line_error 2
	run --separate-stderr umpire game set it-inf-a hex=9999
	assert_one_line_error 2
	[[ "$stderr" == *"'9999'"* ]]
	run --separate-stderr umpire game place it-inf-a --side italian \
	    --type italian-inf --hex 2505
	assert_one_line_error 2
	[[ "$stderr" == *"has a unit 'it-inf-a' already"* ]]
	run --separate-stderr umpire game set nobody hex=2505
	assert_one_line_error 2
	run --separate-stderr umpire game set it-inf-a colour=red
	assert_one_line_error 2
	cmp "$f" "$BATS_TEST_TMPDIR/before"
}

@test "export is a situation file that the procedures read" {
	new_tue
	umpire --saved tue game set it-inf-a hex=2505 >/dev/null
	umpire --saved tue game export >"$BATS_TEST_TMPDIR/now.json"
	assert_equal "$(jq -r '.format, .game, .map' "$BATS_TEST_TMPDIR/now.json" |
	    tr '\n' ' ')" "umpire-situation/1 loe teaching "
	run --separate-stderr umpire move-cost --situation \
	    "$BATS_TEST_TMPDIR/now.json" --unit it-inf-a --to 2504
	assert_equal "$output" "$(umpire --saved tue move-cost --unit it-inf-a \
	    --to 2504)"
}

@test "new never replaces anything: a taken name, a symbolic link" {
	new_tue
	run --separate-stderr umpire game new tue -g loe --map teaching
	assert_one_line_error 2
	[[ "$stderr" == *"exists already"* ]]
	ln -s "$BATS_TEST_TMPDIR/elsewhere" "$(file linked)"
	run --separate-stderr umpire game new linked -g loe --map teaching
	assert_one_line_error 2
	assert_file_not_exists "$BATS_TEST_TMPDIR/elsewhere"
	run --separate-stderr umpire game new ../up -g loe --map teaching
	assert_one_line_error 2
	run --separate-stderr umpire game new x --map teaching
	assert_one_line_error 2
	run --separate-stderr umpire game new x -g loe
	assert_one_line_error 2
}

@test "a damaged saved game is reported with its member, never written" {
	new_tue
	f=$(file tue)
	jq '.turn = "one"' "$f" >"$BATS_TEST_TMPDIR/t" && cp "$BATS_TEST_TMPDIR/t" "$f"
	run --separate-stderr umpire --saved tue game mark it-inf-a oos-1
	assert_one_line_error 3
	[[ "$stderr" == *"$f: turn: expected a whole number"* ]]
	cmp "$f" "$BATS_TEST_TMPDIR/t"
	jq '.turn = 1 | .position.units[0].hex = "9999"' "$f" >"$BATS_TEST_TMPDIR/t"
	cp "$BATS_TEST_TMPDIR/t" "$f"
	run --separate-stderr umpire --saved tue move-cost --unit it-inf-a --to 2505
	assert_one_line_error 3
	[[ "$stderr" == *"position: units[0].hex"* ]]
	printf '{ "format": "umpire-game/1", "name": ' >"$f"
	run --separate-stderr umpire --saved tue game show
	assert_one_line_error 3
	run --separate-stderr umpire --saved nosuch game show
	assert_equal "$status" 1
	[[ "$stderr" == *"no saved game 'nosuch'"* ]]
}

@test "a second process waits for the lock, then gives up with exit 5" {
	new_tue
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	flock "$XDG_STATE_HOME/umpire/games/tue.lock" sleep 3 &
	sleep 0.3
	UMPIRE_LOCK_TIMEOUT=0.2 run --separate-stderr umpire --saved tue game \
	    mark it-inf-a oos-1
	assert_one_line_error 5
	wait
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	# reading needs no lock
	run umpire --saved tue game show
	assert_success
}

@test "killed while it writes, the game is as before the step" {
	build_stall_shim
	new_tue
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	kill_mid_write --saved tue game set it-inf-a hex=2505
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	run umpire --saved tue game set it-inf-a hex=2505
	assert_success
	assert_equal "$(jq -r '.position.units[0].hex' "$f")" 2505
}

@test "end keeps the game to read; undo opens it; delete removes it" {
	new_tue
	export UMPIRE_SAVED=tue
	umpire game end >/dev/null
	run --separate-stderr umpire game set it-inf-a hex=2505
	assert_one_line_error 2
	[[ "$stderr" == *"has ended"* ]]
	run umpire game list
	assert_line --regexp '^  tue +loe +map teaching +turn 1 +8 units, ended$'
	umpire game undo >/dev/null
	umpire game set it-inf-a hex=2505 >/dev/null
	run --separate-stderr umpire game delete
	assert_one_line_error 2
	umpire game delete tue >/dev/null
	assert_file_not_exists "$(file tue)"
}

@test "-g of another game than the saved game's is refused" {
	new_tue
	run --separate-stderr umpire --saved tue -g toto game show
	assert_one_line_error 2
	run --separate-stderr umpire --saved tue -g toto move-cost --unit it-inf-a \
	    --to 2505
	assert_one_line_error 2
	[[ "$stderr" == *"is a game of loe"* ]]
}

@test "--json: show and list in umpire's one shape" {
	new_tue
	run --separate-stderr umpire --saved tue --json game show
	assert_success
	assert_equal "$(jq -r '.procedure, .saved, .result.code' <<<"$output" |
	    tr '\n' ' ')" "game show tue ok "
	assert_equal "$(jq '.position.units | length' <<<"$output")" 8
	run --separate-stderr umpire --json game list
	assert_equal "$(jq -c '[.saved[] | .saved, .units]' <<<"$output")" '["tue",8]'
}

@test "completion: saved games after --saved, their unit ids after --unit" {
	new_tue
	run umpire __complete --saved t
	assert_output tue
	run umpire __complete --saved tue move-cost --unit it-inf
	assert_line it-inf-a
	assert_line it-inf-c
	refute_line italian-inf
	run umpire __complete game ma
	assert_output mark
}

@test "umpire-game(1) EXAMPLES run" {
	man_examples_run "$TOP/man/umpire-game.1" 7
}

@test "move-cost --apply moves the unit in the saved game, one undoable step" {
	new_tue
	export UMPIRE_SAVED=tue
	f=$(file tue)
	umpire game next >/dev/null	# 4.2 A: the Italian Movement Phase
	# 6.3.11 (the situation's note): 2504 to mountain 2505 costs 2 of 6 MP
	run --separate-stderr umpire move-cost --unit it-inf-a --to 2505 --apply
	assert_success
	assert_line --partial "2505 reached for 2 MP, 4 left"
	assert_line --partial "applied: it-inf-a is in 2505 in saved game tue"
	assert_equal "$(jq -r '.position.units[0].hex' "$f")" 2505
	assert_equal "$(jq -r '.log[1].step' "$f")" \
	    "it-inf-a moved to 2505: 2505 reached for 2 MP, 4 left"
	# the next question starts from where the unit now stands
	run umpire move-cost --unit it-inf-a --to 2504
	assert_line --index 0 --partial "it-inf-a from 2505"
	umpire game undo >/dev/null
	assert_equal "$(jq -r '.position.units[0].hex' "$f")" 2504
}

@test "move-cost --apply changes nothing when the move fails or is not a saved game's" {
	new_tue
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	# eth-irr-b stands in 4914: no legal way into an enemy's hex
	run --separate-stderr umpire --saved tue move-cost --unit it-inf-a \
	    --to 4914 --apply
	assert_equal "$status" 1
	refute_output --partial "applied"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire -g loe move-cost --map teaching \
	    --situation teaching --unit it-inf-a --to 2505 --apply
	assert_one_line_error 2
	run --separate-stderr umpire --saved tue move-cost --unit it-inf-a \
	    --reach --apply
	assert_one_line_error 2
	run --separate-stderr umpire -g loe move-cost --unit italian-inf \
	    mountain --apply
	assert_one_line_error 2
	cmp "$f" "$BATS_TEST_TMPDIR/before"
}

@test "next walks loe's sequence of play (4.2) and the turn moves on" {
	umpire game new t -g loe --map teaching >/dev/null
	export UMPIRE_SAVED=t
	run umpire game show
	assert_line --index 0 --partial "turn 1, italian reinforcement phase"
	# 4.2: four Italian phases, three Ethiopian, the End Phase: eight
	# nexts come back to the Italian Reinforcement Phase of turn 2
	run umpire game next
	assert_line --partial "turn 1, italian movement phase"
	assert_line --partial "(9.4, 9.4.1)"
	for i in 2 3 4 5 6; do umpire game next >/dev/null; done
	run umpire game next
	assert_line --partial "turn 1, end phase"
	run umpire game next
	assert_line --partial "turn 2, italian reinforcement phase"
	assert_equal "$(jq -r '.turn' "$(file t)")" 2
	umpire game undo >/dev/null
	run umpire --json game show
	assert_equal "$(jq -r .turn <<<"$output")" 1
}

@test "next plays only the phases of the map's own game (sotq Part 4)" {
	# Omdurman: no British player turn on turn 1, so the game opens with
	# the British Maxim Defensive Fire Phase
	umpire game new o -g sotq --map omdurman >/dev/null
	run umpire --saved o game show
	assert_line --index 0 --partial "turn 1, british maxim defensive fire phase"
	# Isandhlwana opens with British movement, and skips Omdurman's phases:
	# movement, pin removal, offensive fire, then ammunition supply
	umpire game new i -g sotq --map isandhlwana >/dev/null
	export UMPIRE_SAVED=i
	run umpire game show
	assert_line --index 0 --partial "british movement phase"
	umpire game next >/dev/null
	umpire game next >/dev/null
	run umpire game next
	assert_line --partial "british ammunition supply phase"
}
