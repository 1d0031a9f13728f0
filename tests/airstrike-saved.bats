#!/usr/bin/env bats
# airstrike with a saved game (--saved, $UMPIRE_SAVED): the missions are
# the saved game's part "air", recorded by --apply as one step of its log,
# undone by `game undo`, counted in the saved game's turn and phase; an
# old store of the same name (airstrike --name) is read in, never lost.
# Each step is applied in the phase that takes it (rules/loe/sequence.json,
# whose phases count from 0: italian reinforcement 0, movement 1, combat
# 2, air strike 3, ethiopian reinforcement 4, movement 5, combat 6, end
# 7); a mission's "phase" is the game's phase + 1, and every `game next`
# is a step of the log.
# loe 11.1 A (one mission a player-turn), 11.2.2 E, 11.2.5 B; toto 18.5
# (one support an airbase a combat phase).  Strike results follow the
# stand-in chart (airstrike.bats): clear, one unit, roll 3: NE.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

# a new game, in the phase the tests' missions are flown in: strikes in
# the air strike phase (11.4.3 B)
new_tue() {
	umpire game new tue -g loe --map teaching --situation teaching >/dev/null
	phase_to "${1:-italian air strike}" tue
}

air() {
	run --separate-stderr umpire --saved tue airstrike "$@"
}

# refused SAVED ACT PHASE CURRENT: the air step just run was refused out of
# its phase (loe 4.1 B), naming the phase it belongs to, and nothing
# written (the caller compares the file)
refused() {
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --apply: airstrike $2 belongs to the $3 phase (${5:-4.2 A}); saved game '$1' is in the $4 phase of turn 1: 'umpire game next' moves on"
}

# the saved game's turn moved on by `game next` to turn $1
to_turn() {
	while [ "$(jq .turn "$(file tue)")" -lt "$1" ]; do
		umpire --saved tue game next >/dev/null
	done
}

@test "loe 11.1 A: --apply records a strike; the unit is refused until the saved game's next turn" {
	new_tue
	air --unit sq1 --roll 3 --apply --json
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" NE
	assert_equal "$(json_get '.recorded | join(",")' <<<"$output")" sq1
	# steps 1-3 moved the game to the air strike phase (index 3)
	assert_equal "$(json_get .applied.step <<<"$output")" 4
	assert_equal "$(jq -c '.parts.air.missions' "$(file tue)")" \
	    '[{"unit":"sq1","mission":"strike","phase":4}]'
	assert_equal "$(jq -r '.log[3].step' "$(file tue)")" "sq1 flew strike"
	assert_equal "$(jq '.log | length' "$(file tue)")" 4
	# no old store: nothing of it is made
	assert_file_not_exists "$XDG_STATE_HOME/umpire/air"
	air --unit sq1 --roll 3
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no strike by sq1: it has flown its one mission this player-turn (11.1 A)"
	air --check --unit sq1 --mission rebase
	assert_equal "$status" 1
	assert_line --partial "saved: sq1 flew strike this player-turn (turn 1)"
	air --check --unit sq2 --mission rebase
	assert_success
	# no --new-turn: the saved game's own turn frees sq1
	to_turn 2
	air --check --unit sq1 --mission rebase
	assert_success
	air --status --json
	assert_equal "$(json_get .turn <<<"$output")" 2
	assert_equal "$(json_get '.missions | length' <<<"$output")" 0
}

@test "without --apply nothing is written, and the answer says how to record it" {
	new_tue
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	air --unit sq1 --roll 3
	assert_success
	assert_line --partial "not recorded: --apply records it in saved game tue"
	air --check --unit sq1 --mission support
	assert_success
	air --build-field 4913
	assert_success
	assert_line --partial "asked only: nothing is recorded"
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	# each of these still flies: nothing was recorded
	air --unit sq1 --roll 3 --apply
	assert_success
}

@test "a two-unit strike is one step; a refused --check records nothing" {
	# ground support is flown in the Italian movement phase (11.4.2 A)
	new_tue "italian movement"
	# 11.3 A: out of range, so not flown and not recorded
	air --check --unit sq3 --mission support --range 5 --distance 6 --apply
	assert_equal "$status" 1
	assert_equal "$(jq -c .parts "$(file tue)")" "{}"
	air --check --unit sq3 --mission support --range 5 --distance 4 --apply \
	    --json
	assert_success
	assert_equal "$(json_get '.recorded[0]' <<<"$output")" sq3
	# log: 1 the movement phase, 2 the support
	assert_equal "$(json_get .applied.step <<<"$output")" 2
	phase_to "italian air strike" tue
	# 3 the combat phase, 4 the air strike phase, 5 the strike
	air --unit sq1,sq2 --roll 2 --apply --json
	assert_success
	assert_equal "$(json_get .units <<<"$output")" 2
	assert_equal "$(json_get .applied.step <<<"$output")" 5
	assert_equal "$(jq '.log | length' "$(file tue)")" 5
	assert_equal "$(jq -c '[.parts.air.missions[] | [.unit, .phase]]' \
	    "$(file tue)")" '[["sq3",2],["sq1",4],["sq2",4]]'
}

@test "game undo takes an air step back: the part and the log as before, byte for byte" {
	# a field is placed at the start of the reinforcement phase (11.2.2 E)
	new_tue "italian reinforcement"
	air --build-field 4913 --apply
	assert_success
	jq -S .parts "$(file tue)" >"$BATS_TEST_TMPDIR/parts1"
	phase_to "italian air strike" tue
	air --unit sq1 --roll 3 --apply
	assert_success
	air --unit sq2 --roll 3 --apply
	assert_success
	assert_equal "$(jq '.parts.air.missions | length' "$(file tue)")" 2
	run umpire --saved tue game undo
	assert_success
	assert_output --partial "sq2 flew strike"
	run umpire --saved tue game undo
	assert_success
	assert_output --partial "sq1 flew strike"
	# the three phases moved through leave the part as the field left it
	assert_equal "$(jq -S .parts "$(file tue)")" "$(cat "$BATS_TEST_TMPDIR/parts1")"
	for i in 1 2 3; do umpire --saved tue game undo >/dev/null; done
	assert_equal "$(jq .phase "$(file tue)")" 0
	assert_equal "$(jq -S .parts "$(file tue)")" "$(cat "$BATS_TEST_TMPDIR/parts1")"
	run umpire --saved tue game undo
	assert_output --partial "air: build-field 4913"
	assert_equal "$(jq -c .parts "$(file tue)")" "{}"
	# sq1 may fly again once its strike is undone
	air --check --unit sq1 --mission rebase
	assert_success
}

@test "loe 11.2.2 E, 11.2.5 B: fields and overruns are steps too, counted in the saved game's turns" {
	new_tue "italian reinforcement"
	# 4708 is marsh on the saved game's map (11.2.2 C): no --map needed
	air --build-field 4708 --apply
	assert_one_line_error 1
	assert_equal "$stderr" "umpire airstrike: no field: 4708 is marsh (11.2.2 C)"
	air --build-field 4913 --apply
	assert_success
	assert_line --partial "applied: step 1 of saved game tue's log"
	air --check --unit sq1 --mission rebase --from 4913
	assert_equal "$status" 1
	assert_line --partial "11.2.2 E"
	# an Ethiopian unit walks onto the field in its movement phase
	# (11.2.5 A): five phases on, the overrun is step 7
	phase_to "ethiopian movement" tue
	air --overrun --unit sq2 --apply
	assert_success
	assert_line --partial "applied: step 7 of saved game tue's log"
	assert_equal "$(jq -r '.log[] | "\(.step) \(.rule)"' "$(file tue)")" \
	    "$(printf '%s\n' "air: build-field 4913 11.2.2 E" \
	    "turn 1, italian movement phase 4.2 A" \
	    "turn 1, italian combat phase 4.2 A" \
	    "turn 1, italian air strike phase 4.2 A" \
	    "turn 1, ethiopian reinforcement phase 4.2 B" \
	    "turn 1, ethiopian movement phase 4.2 B" \
	    "air: overrun sq2 11.2.5 B")"
	assert_equal "$(jq -c '.parts.air.grounded' "$(file tue)")" \
	    '[{"unit":"sq2","turn":2}]'
	to_turn 2
	# built last turn: the field bases units now; sq2 is still grounded
	air --check --unit sq1 --mission rebase --from 4913
	assert_success
	air --check --unit sq2 --mission rebase
	assert_equal "$status" 1
	assert_line --partial "11.2.5 B"
	to_turn 3
	air --check --unit sq2 --mission rebase
	assert_success
}

@test "toto 18.5: one support an airbase a combat phase, the phase being the saved game's" {
	umpire game new t1 -g toto --map teaching --situation teaching >/dev/null
	for i in 1 2 3 4; do umpire --saved t1 game next >/dev/null; done
	run umpire --saved t1 game show
	assert_line --partial "ottoman combat phase"
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab1 \
	    --mission support --apply
	assert_success
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab1 \
	    --mission support
	assert_equal "$status" 1
	assert_line --partial "saved: ab1 supported an attack in this combat phase"
	while ! umpire --saved t1 game show | grep -q "allied combat phase"; do
		umpire --saved t1 game next >/dev/null
	done
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab1 \
	    --mission support
	assert_success
	run --separate-stderr umpire --saved t1 airstrike --new-phase
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --new-phase is for --name: saved game 't1' keeps the turn and the phase (\`umpire game next\`)"
}

@test "loe 4.1 B: an air step out of its phase is refused, naming the phase it belongs to, and nothing written" {
	local f
	new_tue "italian reinforcement"
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	# 11.4.3 B, 11.4.2 A, 11.4.1 A, 11.2.5 B
	air --unit sq1 --roll 3 --apply
	refused tue strike "italian air strike" "italian reinforcement"
	air --check --unit sq1 --mission support --apply
	refused tue support "italian movement" "italian reinforcement"
	air --check --unit sq1 --mission rebase --apply
	refused tue rebase "italian movement" "italian reinforcement"
	air --overrun --unit sq2 --apply
	refused tue overrun "italian combat" "italian reinforcement"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	# 11.2.2 E, F: a field is placed or taken off as the reinforcement
	# phase starts, not in the movement phase
	air --build-field 4913 --apply
	assert_success
	umpire --saved tue game next >/dev/null
	cp "$f" "$BATS_TEST_TMPDIR/before"
	air --build-field 4915 --apply
	refused tue build-field "italian reinforcement" "italian movement" "4.2 A"
	air --remove-field 4913 --apply
	refused tue remove-field "italian reinforcement" "italian movement"
	air --unit sq1 --roll 3 --apply
	refused tue strike "italian air strike" "italian movement"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	# the phase that takes it
	air --check --unit sq1 --mission rebase --apply
	assert_success
	# past the movement phase, support is next turn's
	phase_to "italian air strike" tue
	cp "$f" "$BATS_TEST_TMPDIR/before"
	air --check --unit sq2 --mission support --apply
	refused tue support "italian movement" "italian air strike"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	# no overrun as the Ethiopians reinforce; as they move or fight, yes
	umpire --saved tue game next >/dev/null
	cp "$f" "$BATS_TEST_TMPDIR/before"
	air --overrun --unit sq2 --apply
	refused tue overrun "ethiopian movement" "ethiopian reinforcement" "4.2 B"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	phase_to "ethiopian combat" tue
	air --overrun --unit sq2 --apply
	assert_success
	assert_equal "$(jq -c '.parts.air.grounded' "$f")" \
	    '[{"unit":"sq2","turn":2}]'
}

@test "an air step waits for an owed retreat and gives up an open advance, as any step does; its undo puts it back" {
	new_tue "italian combat"
	umpire --saved tue game place eth-x --side ethiopian \
	    --type ethiopian-irr --strength 3 --hex 2505 >/dev/null
	# 8 + 8 against 3 in mountain: 4:1; roll 4 on the stand-in: Db2/Aa1,
	# whose retreat is owed first: no air step before it
	umpire --saved tue crt --att-units it-inf-a,it-inf-b --def-units eth-x \
	    --roll 4 --apply >/dev/null
	cp "$(file tue)" "$BATS_TEST_TMPDIR/owed"
	air --overrun --unit sq2 --apply
	assert_one_line_error 2
	[[ "$stderr" == *"owes a retreat of 2 hexes (8.4) for eth-x first"* ]] ||
	    fail "$stderr"
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/owed"
	umpire --saved tue game undo >/dev/null
	# roll 6: De/Aa2
	# (tests/crt-units.bats): eth-x dies, an advance of 2 is left open
	umpire --saved tue crt --att-units it-inf-a,it-inf-b --def-units eth-x \
	    --roll 6 --apply >/dev/null
	assert_equal "$(jq -r '.pending[0].owe' "$(file tue)")" advance
	jq -S '.pending, .position' "$(file tue)" >"$BATS_TEST_TMPDIR/open"
	# 11.2.5 B: the overrun is the Italian combat phase's too
	air --overrun --unit sq2 --apply --json
	assert_success
	assert_equal "$(json_get .gave_up <<<"$output")" 1
	assert_equal "$(jq -c .pending "$(file tue)")" "[]"
	umpire --saved tue game undo >/dev/null
	assert_equal "$(jq -S '.pending, .position' "$(file tue)")" \
	    "$(cat "$BATS_TEST_TMPDIR/open")"
	air --overrun --unit sq2 --apply
	assert_success
	assert_output --partial "the advance still open is given up: 1 step"
}

@test "a question needs no phase: without --apply any phase answers" {
	new_tue "ethiopian reinforcement"
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	air --unit sq1 --roll 3
	assert_success
	air --check --unit sq1 --mission support
	assert_success
	air --build-field 4913
	assert_success
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
}

@test "toto 18.2, 33.2, 33.3, 18.8: support and superiority in a combat phase, aerial supply in the Allied attrition phase, recon at any time" {
	local f
	umpire game new t1 -g toto --map teaching --situation teaching >/dev/null
	f=$(file t1)
	cp "$f" "$BATS_TEST_TMPDIR/before"
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab1 \
	    --mission support --apply
	refused t1 support "ottoman combat" "ottoman random events" "4.2 e"
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab1 \
	    --mission superiority --apply
	refused t1 superiority "ottoman combat" "ottoman random events" "4.2 e"
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab1 \
	    --mission supply --side allied --year 1916 --apply
	refused t1 supply "allied supply attrition" "ottoman random events" \
	    "4.2"
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	# recon is listed in no phase: taken in this one
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab1 \
	    --mission recon --apply --json
	assert_success
	assert_equal "$(json_get .applied.step <<<"$output")" 1
	assert_equal "$(jq -c '.parts.air.missions' "$f")" \
	    '[{"unit":"ab1","mission":"recon","phase":1}]'
	phase_to "ottoman combat" t1
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab2 \
	    --mission superiority --apply
	assert_success
	phase_to "allied supply attrition" t1
	run --separate-stderr umpire --saved t1 airstrike --check --unit ab3 \
	    --mission supply --side allied --year 1916 --apply --json
	assert_success
	# phase 11 of toto's sequence (from 0): the mission's phase is 12
	assert_equal "$(jq -c '.parts.air.missions[-1]' "$f")" \
	    '{"unit":"ab3","mission":"supply","phase":12}'
}

@test "what --name did alone is refused with a saved game, naming what does it" {
	new_tue
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	air --name tue --status
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --name keeps air missions in a file of its own; saved game 'tue' keeps them itself: leave out --name"
	air --check --unit sq1 --fly
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --fly is for --name: in saved game 'tue', --apply records the mission"
	air --undo
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --undo is for --name: \`umpire game undo\` takes back the last step of saved game 'tue'"
	air --new-turn
	assert_one_line_error 2
	air --status --apply
	assert_one_line_error 2
	air --odds --apply
	assert_one_line_error 2
	air --apply
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: recording a mission needs --unit (which air unit flies)"
	run --separate-stderr umpire -g loe airstrike --unit sq1 --apply
	assert_one_line_error 2
	assert_equal "$stderr" "umpire airstrike: --apply records in a saved game: give --saved NAME (or set \$UMPIRE_SAVED)"
	run --separate-stderr umpire -g toto --saved tue airstrike --status
	assert_one_line_error 2
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
}

@test "\$UMPIRE_SAVED names the saved game, and its game needs no -g" {
	new_tue
	UMPIRE_SAVED=tue run --separate-stderr umpire airstrike --unit sq1 \
	    --roll 3 --apply
	assert_success
	assert_equal "$(jq -r '.parts.air.missions[0].unit' "$(file tue)")" sq1
}

@test "a second process is refused with exit 5 while the saved game is locked" {
	new_tue
	cp "$(file tue)" "$BATS_TEST_TMPDIR/before"
	flock "$XDG_STATE_HOME/umpire/games/tue.lock" sleep 3 &
	sleep 0.3
	UMPIRE_LOCK_TIMEOUT=0.2 air --unit sq1 --roll 3 --apply
	assert_one_line_error 5
	# a question needs no lock
	air --check --unit sq1
	assert_success
	wait
	cmp "$(file tue)" "$BATS_TEST_TMPDIR/before"
}

@test "a broken air part is reported with the file and the member, and never written" {
	new_tue
	f=$(file tue)
	jq '.parts.air = {"turn":1,"phase":1,"missions":[{"unit":"sq1",
	    "mission":"bomb","phase":1}],"fields":[],"removed":[]}' "$f" >"$f.x"
	mv "$f.x" "$f"
	cp "$f" "$BATS_TEST_TMPDIR/before"
	air --unit sq2 --roll 3 --apply
	assert_one_line_error 3
	assert_equal "$stderr" "umpire airstrike: $f: parts.air: missions: each needs a unit id, a mission of the game, a phase not after the current one, and at most a base hex (the file is left as it is)"
	air --status
	assert_one_line_error 3
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	# a part ahead of the game's turn is broken too
	jq '.parts.air = {"turn":4,"phase":1,"missions":[],"fields":[],
	    "removed":[]}' "$BATS_TEST_TMPDIR/before" >"$f"
	air --check --unit sq1
	assert_one_line_error 3
	[[ "$stderr" == *"parts.air: turn 4, phase 1 is after the game's own (turn 1, phase 4)"* ]]
	jq '.parts.air = [1]' "$BATS_TEST_TMPDIR/before" >"$f"
	air --check --unit sq1
	assert_one_line_error 3
	[[ "$stderr" == *"parts.air: an object expected"* ]]
}

@test "an old store of the saved game's name is read in, logged as a step, and kept" {
	new_tue
	umpire -g loe airstrike --name tue --unit sq1 --roll 3 >/dev/null
	umpire -g loe airstrike --name tue --build-field 4913 >/dev/null
	old="$XDG_STATE_HOME/umpire/air/tue.json"
	cp "$old" "$BATS_TEST_TMPDIR/old"
	# a question reads it as the game's, and writes nothing
	air --check --unit sq1 --mission rebase
	assert_equal "$status" 1
	assert_line --partial "saved: sq1 flew strike this player-turn"
	assert_output --partial "the first --apply makes them part of it"
	cmp "$old" "$BATS_TEST_TMPDIR/old"
	assert_equal "$(jq -c .parts "$(file tue)")" "{}"
	# the first step applied: the import, then the mission
	air --unit sq2 --roll 3 --apply
	assert_success
	assert_output --partial "the file is kept as"
	# steps 1-3 are the phases to the air strike phase
	assert_equal "$(jq -r '.log[3].step' "$(file tue)")" "air missions read in from $old"
	assert_equal "$(jq -r '.log[4].step' "$(file tue)")" "sq2 flew strike"
	# the old file's missions are of the game's phase now
	assert_equal "$(jq -c '[.parts.air.missions[].phase]' "$(file tue)")" \
	    "[4,4]"
	assert_equal "$(jq -r '[.parts.air.missions[].unit] | join(",")' \
	    "$(file tue)")" "sq1,sq2"
	assert_equal "$(jq -c '.parts.air.fields' "$(file tue)")" \
	    '[{"hex":"4913","built":1}]'
	assert_file_not_exists "$old"
	cmp "$old.imported" "$BATS_TEST_TMPDIR/old"
	# read once: a new store of the name is not read over the part
	umpire -g loe airstrike --name tue --unit sq5 --roll 3 >/dev/null
	air --check --unit sq5 --mission rebase --json
	assert_success
	assert_equal "$(json_get .old_air_file <<<"$output")" \
	    "$old is not read: saved game tue has its own air missions"
	# undoing both steps leaves the kept file as it was
	umpire --saved tue game undo >/dev/null
	umpire --saved tue game undo >/dev/null
	assert_equal "$(jq -c .parts "$(file tue)")" "{}"
	cmp "$old.imported" "$BATS_TEST_TMPDIR/old"
}

@test "an old store that cannot be read in is refused naming it, and left as it is" {
	new_tue
	mkdir -p "$XDG_STATE_HOME/umpire/air"
	old="$XDG_STATE_HOME/umpire/air/tue.json"
	echo '{"format":"umpire-air/1","game":"loe"' >"$old"
	cp "$old" "$BATS_TEST_TMPDIR/old"
	air --unit sq1 --roll 3 --apply
	assert_one_line_error 3
	[[ "$stderr" == *"$old"* ]]
	cmp "$old" "$BATS_TEST_TMPDIR/old"
	assert_equal "$(jq -c .parts "$(file tue)")" "{}"
}

@test "completion offers --apply from the option table" {
	run umpire __complete airstrike --ap
	assert_success
	assert_output "--apply"
}

@test "each way an air part can be broken is refused (exit 3) and nothing written" {
	local edit f
	new_tue "italian reinforcement"
	air --build-field 4913 --apply
	assert_success
	phase_to "italian air strike" tue
	air --unit sq1 --roll 3 --apply
	assert_success
	phase_to "ethiopian movement" tue
	air --overrun --unit sq2 --apply
	assert_success
	f=$(file tue)
	cp "$f" "$BATS_TEST_TMPDIR/good"
	for edit in '.turn = "1"' '.turn = 0' '.phase = 0' '.missions = null' \
	    '.missions[0].unit = "SQ 1"' '.missions[0].phase = 7' \
	    '.missions[0].extra = 1' '.fields[0].built = 9' \
	    '.fields += [.fields[0]]' '.fields = [range(5) | {hex: "40\(.)0",
	    built: 1}]' '.removed = [1]' '.grounded[0].turn = 5' \
	    '.grounded += [.grounded[0]]' '.format = "umpire-air/1"' \
	    'del(.missions)'; do
		jq ".parts.air |= ($edit)" "$BATS_TEST_TMPDIR/good" >"$f"
		cp "$f" "$BATS_TEST_TMPDIR/before"
		air --unit sq3 --roll 3 --apply
		assert_equal "$status $edit" "3 $edit"
		assert_equal "$output" ""
		[[ "$stderr" == *"$f: parts.air: "* ]] || fail "$edit: $stderr"
		cmp "$f" "$BATS_TEST_TMPDIR/before"
	done
}
