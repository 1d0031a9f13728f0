#!/usr/bin/env bats
# game-sequence: the sequence of play a saved game keeps (umpire-game(1),
# rules/GAME/sequence.json in umpire-data(5)): game next walks it, an
# applied step out of its phase is refused and writes nothing, and a
# phase's reminders list the units carrying the markers it names.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

new_tue() {
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=tue
}


@test "a loe turn played through 4.2: eight phases, then turn 2" {
	new_tue
	# 4.2, read by hand: A. the Italian player-turn's four phases, B. the
	# Ethiopian player-turn's three, C. the End Phase
	local phases=("italian movement" "italian combat" "italian air strike"
	    "ethiopian reinforcement" "ethiopian movement" "ethiopian combat"
	    "end") rules=("4.2 A" "4.2 A" "4.2 A" "4.2 B" "4.2 B" "4.2 B"
	    "4.2 C") n
	run umpire game show
	assert_line --index 0 --partial "turn 1, italian reinforcement phase"
	# (not i: bats' run counts with an i of its own)
	for n in "${!phases[@]}"; do
		run --separate-stderr umpire --json game next
		assert_success
		assert_equal "$(jq -r '[.turn, .phase.name, .phase.rule] | join("|")' \
		    <<<"$output")" "1|${phases[$n]}|${rules[$n]}"
		# the moves of each side in its own movement phase
		case ${phases[$n]} in
		"italian movement")
			run umpire move-cost --unit it-inf-a --to 2505 --apply
			assert_success ;;
		"ethiopian movement")
			# 6.3.6: clear and jungle, 4 MP (the situation's note)
			run umpire move-cost --unit eth-irr-b --to 4913 --apply
			assert_success ;;
		esac
	done
	run umpire game next
	assert_line --partial "turn 2, italian reinforcement phase"
	assert_equal "$(jq -r '.position.units[] | select(.id == "it-inf-a" or
	    .id == "eth-irr-b") | .hex' "$(file tue)" | tr '\n' ' ')" "2505 4913 "
	# the log: eight phase changes and two moves, each with its rule
	assert_equal "$(jq '.log | length' "$(file tue)")" 10
	assert_equal "$(jq -r '.log[1].step' "$(file tue)")" \
	    "it-inf-a moved to 2505: 2505 reached for 2 MP, 4 left"
}

# refused UNIT HEX TEXT: move-cost --apply of UNIT to HEX exits 2 with one
# line that says TEXT, and leaves the saved game byte for byte as it was.
refused() {
	local f
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire move-cost --unit "$1" --to "$2" --apply
	assert_one_line_error 2
	[[ "$stderr" == *"$3"* ]] || fail "expected '$3' in: $stderr"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
}

@test "a move out of its phase is refused, exit 2, the file unchanged" {
	new_tue
	# the Italian Reinforcement Phase: no moves yet (4.1 B)
	refused it-inf-a 2505 "--apply: move-cost for \
the italian side belongs to the italian movement phase (4.2 A); saved game \
'tue' is in the italian reinforcement phase of turn 1: 'umpire game next' \
moves on"
	# in the Italian Movement Phase, an Ethiopian unit waits for its own
	umpire game next >/dev/null
	refused eth-irr-b 4913 "belongs to the ethiopian movement phase (4.2 B)"
	# the combat phase that follows takes no move either
	umpire game next >/dev/null
	refused it-inf-a 2505 "is in the italian combat phase of turn 1"
	# a question that changes nothing is answered in any phase
	run --separate-stderr umpire move-cost --unit it-inf-a --to 2505
	assert_success
	assert_output --partial "2505 reached for 2 MP, 4 left"
	run umpire game show
	assert_success
}

@test "next lists the units that carry a phase's markers, of its side" {
	new_tue
	umpire game mark it-inf-a engaged entrenched >/dev/null
	umpire game mark eth-irr-b engaged >/dev/null
	# it-inf-c starts marked OOS-1 (teaching.json)
	run umpire game next
	assert_line --regexp '^  marked oos-1: it-inf-c \(4928\): .* +9\.4\.1 C$'
	assert_line --regexp '^  marked engaged: it-inf-a \(2504\): .* +8\.3\.6$'
	# the Italian movement phase names Italian units only
	refute_output --partial "eth-irr-b"
	refute_output --partial "marked entrenched"
	# the combat phase: the engaged units of both sides; it-inf-a's
	# entrenchment after the Italian moves (10.2.3)
	run --separate-stderr umpire --json game next
	assert_equal "$(jq -c '[.phase.marked[] | [.marker, .rule, [.units[].id]]]' \
	    <<<"$output")" \
	    '[["engaged","8.3.6",["it-inf-a","eth-irr-b"]],["entrenched","10.2.3",["it-inf-a"]]]'
	# a unit no longer marked is no longer listed
	umpire game unmark it-inf-a engaged >/dev/null
	umpire game unmark eth-irr-b engaged >/dev/null
	run --separate-stderr umpire --json game next
	assert_equal "$(jq -c '[.phase.marked[] | .marker]' <<<"$output")" \
	    '["entrenched"]'
}

@test "a sequence of play's reminders name markers the game knows" {
	for f in "$TOP"/rules/*/sequence.json; do
		game=$(basename "$(dirname "$f")")
		known=" $(umpire --json words -g "$game" markers |
		    jq -r '.words.markers[]' | tr '\n' ' ') "
		for m in $(jq -r '.phases[] | ((.marked // []) + (.clears // []))[] |
		    .marker' "$f"); do
			[[ "$known" == *" $m "* ]] ||
				fail "$f: marker '$m' is not one of $game's"
		done
		known=" $(umpire --json words -g "$game" sides |
		    jq -r '.words.sides[]' | tr '\n' ' ') "
		for s in $(jq -r '.phases[] | .side // empty' "$f"); do
			[[ "$known" == *" $s "* ]] ||
				fail "$f: side '$s' is not one of $game's"
		done
	done
}

@test "iwiif: a game without a map, its turn two bounds (4)" {
	run --separate-stderr umpire game new w -g iwiif
	assert_success
	assert_output --partial "started without a map"
	export UMPIRE_SAVED=w
	run umpire game show
	assert_line --index 0 --partial "(iwiif, map none), turn 1, attacker bound phase"
	run --separate-stderr umpire --json game next
	assert_equal "$(jq -r '[.turn, .phase.name, .phase.rule] | join("|")' \
	    <<<"$output")" "1|defender bound|4"
	assert_equal "$(jq -r '.phase.procedures | index("activation") != null' \
	    <<<"$output")" true
	run umpire game next
	assert_line --partial "turn 2, attacker bound phase"
	# no units to place on a table umpire has no map of
	run --separate-stderr umpire game place x --side a --type b --hex 1
	assert_one_line_error 2
	[[ "$stderr" == *"played without a map"* ]]
	run --separate-stderr umpire game new w2 -g iwiif --situation teaching
	assert_one_line_error 2
	# a game that has maps still needs one named
	run --separate-stderr umpire game new l -g loe
	assert_one_line_error 2
	[[ "$stderr" == *"umpire words -g loe maps"* ]]
}

@test "adwa: one commander's turn, 2.1 to 2.3, the mutiny roll and the clock" {
	umpire game new a -g adwa >/dev/null
	export UMPIRE_SAVED=a
	local want=("exchange|2.2" "mutiny|9" "act|2.3" "clock|11") n
	run umpire game show
	assert_line --index 0 --partial "turn 1, draw phase"
	for n in "${!want[@]}"; do
		run --separate-stderr umpire --json game next
		assert_equal "$(jq -r '[.phase.name, .phase.rule] | join("|")' \
		    <<<"$output")" "${want[$n]}"
	done
	run umpire game next
	assert_line --partial "turn 2, draw phase"
	assert_line --partial "procedures: draw, draw assassinate"
}

@test "a units' position in a game without a map is refused as damaged" {
	umpire game new w -g iwiif >/dev/null
	f=$(file w)
	jq '.position.units = [{"id": "a", "side": "x", "type": "y", "hex": "0101"}]' \
	    "$f" >"$BATS_TEST_TMPDIR/t"
	cp "$BATS_TEST_TMPDIR/t" "$f"
	run --separate-stderr umpire --saved w game next
	assert_one_line_error 3
	[[ "$stderr" == *"$f: position: units: expected none"* ]]
	cmp "$f" "$BATS_TEST_TMPDIR/t"
}

@test "a broken sequence file is reported with its member, exit 3" {
	new_tue
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	jq '.phases[1].marked = [{"marker": "engaged"}]' \
	    "$TOP/rules/loe/sequence.json" >"$BATS_TEST_TMPDIR/d/loe/sequence.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" game next
	assert_one_line_error 3
	[[ "$stderr" == *"sequence.json: phases[1].marked: expected reminders"* ]]
	jq '.phases[1].side = 3' "$TOP/rules/loe/sequence.json" \
	    >"$BATS_TEST_TMPDIR/d/loe/sequence.json"
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" move-cost \
	    --unit it-inf-a --to 2505 --apply
	assert_one_line_error 3
	[[ "$stderr" == *"phases[1].side"* ]]
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
}
