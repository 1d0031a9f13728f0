#!/usr/bin/env bats
# draw: a saved Adwa game under stress.  Two processes drawing at once, a
# game locked by another, a writer killed in the middle of a write, a
# damaged state file, and hostile state: undo data that does not fit or
# leads nowhere, links and FIFOs where the game and its lock belong,
# leftover temporaries, output that cannot be written.  Nothing may be
# lost or half-written; the deck's own rules are draw.bats'.

load helpers

setup_file() {
	build_stall_shim
}

load adwa

# ---- concurrent draws, locks, kills, damage ----

# (This test drew twelve extra cards for each of three commanders with
# --to until the rules' one draw a turn was held (2.1): three processes
# now race for each turn's draw.)
@test "processes drawing at once never get the same card, never lose one" {
	new_game 99
	# the Assassins set aside first: a strike would hold up every draw
	# until answered (2.1), and this test is about the lock
	jq -c '.piles.removed = [.piles.draw[] | select(. < 4)] |
		.piles.draw -= .piles.removed' "$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	export UMPIRE_LOCK_TIMEOUT=60
	for t in $(seq 6); do
		for c in a b c; do
			umpire draw 1 --json >"$BATS_TEST_TMPDIR/$t$c.out" 2>/dev/null &
		done
		wait
		# one of the three drew; the others found the draw made
		assert_equal "$(cat "$BATS_TEST_TMPDIR/$t"?.out | jq -s length)" 1
		to_act
		umpire draw pass >/dev/null
		board_steps
	done
	drawn=$(cat "$BATS_TEST_TMPDIR"/*.out | jq -r '.details.cards[].id')
	assert_equal "$(wc -l <<<"$drawn")" 6
	assert_equal "$(sort <<<"$drawn" | uniq -d)" ""
	assert_equal "$(total)" 78
	run ls "$(decks)"
	refute_output --partial ".tmp."
}

@test "SIGKILL at random moments never leaves a state that does not load" {
	new_game 5 --hand 2
	for i in $(seq 25); do
		[ "$(step_of)" = draw ] || umpire draw undo >/dev/null
		umpire draw 1 >/dev/null 2>&1 &
		pid=$!
		sleep "0.00$((RANDOM % 9))"
		kill -9 "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		run --separate-stderr umpire draw status --json
		assert_success
		assert_equal "$(jq .cards <<<"$output")" 78
	done
}

@test "a damaged state file exits 3 and is left byte for byte" {
	new_game
	umpire draw >/dev/null
	next_turn >/dev/null
	good="$(decks)/adwa.good.json"
	assert_file_exists "$good"
	cp "$(state)" "$BATS_TEST_TMPDIR/orig"
	# not JSON
	printf 'garbage' >>"$(state)"
	cp "$(state)" "$BATS_TEST_TMPDIR/damaged"
	for cmd in "" status "hand menelik" undo "discard healer --from menelik" log; do
		run --separate-stderr umpire draw $cmd
		assert_one_line_error 3
		[[ "$stderr" == *"adwa.json"*"left as it is"*"adwa.good.json"* ]]
		cmp "$(state)" "$BATS_TEST_TMPDIR/damaged"
	done
	# valid JSON that breaks an invariant: a card in two places
	jq -c '.piles.discard += [.piles.draw[0]]' "$BATS_TEST_TMPDIR/orig" >"$(state)"
	cp "$(state)" "$BATS_TEST_TMPDIR/damaged"
	run --separate-stderr umpire draw
	assert_one_line_error 3
	[[ "$stderr" == *"two places"* ]]
	cmp "$(state)" "$BATS_TEST_TMPDIR/damaged"
	# a card lost
	jq -c '.piles.draw |= .[1:]' "$BATS_TEST_TMPDIR/orig" >"$(state)"
	run --separate-stderr umpire draw
	assert_one_line_error 3
	[[ "$stderr" == *"nowhere"* ]]
	# an Assassin in a hand
	jq -c '.players[0].hand += [0] | .piles.draw -= [0] | .piles.removed -= [0]' \
		"$BATS_TEST_TMPDIR/orig" >"$(state)"
	run --separate-stderr umpire draw
	assert_one_line_error 3
	# the last good state is beside it and carries on
	cp "$good" "$(state)"
	run umpire draw status --json
	assert_success
	assert_equal "$(total)" 78
	run umpire draw list
	assert_success
}

@test "list shows damaged games; end needs --yes away from a terminal" {
	new_game
	umpire draw -g adwa new --name second >/dev/null
	echo '{' >"$(state second)"
	run umpire draw list --json
	assert_success
	assert_equal "$(jq -c '[.games[] | [.name, .damaged]]' <<<"$output")" '[["adwa",false],["second",true]]'
	run --separate-stderr umpire draw --name adwa end </dev/null
	assert_one_line_error 2
	[[ "$stderr" == *"--yes"* ]]
	assert_file_exists "$(state)"
	run umpire draw --name adwa end --yes
	assert_success
	assert_file_not_exists "$(state)"
	run umpire draw --name second end --yes
	assert_success
	run umpire draw list --json
	assert_equal "$(jq '.games | length' <<<"$output")" 0
}

# ---- hostile state: undo data, links, FIFOs, leftovers, lost output ----

# Replace the last log entry's undo data with the text $1 in the saved
# game, as given: jq would merge a repeated key.
set_undo() {
	local text
	text=$(jq -c '.log[-1].undo = "@UNDO@"' "$(state)")
	printf '%s\n' "${text/\"@UNDO@\"/$1}" >"$(state)"
}

@test "undo data that does not fit is refused before any of it is applied" {
	new_game
	umpire draw >/dev/null
	cp "$(state)" "$BATS_TEST_TMPDIR/orig"
	cp "$(decks)/adwa.good.json" "$BATS_TEST_TMPDIR/good"
	# each would free, dereference NULL or overflow if applied unchecked
	for u in \
		'{"=":{}}' \
		'{"o":{},"=":{}}' \
		'{"o":{"players":{"a":[0]}}}' \
		'{"o":{"players":{"a":{"99":{"=":1}}}}}' \
		'{"o":{"players":{"a":{"00":{"=":1}}}}}' \
		'{"o":{"players":{"o":{}}}}' \
		'{"o":{"piles":{"o":{"draw":{"k":1e300,"t":[]}}}}}' \
		'{"o":{"piles":{"o":{"draw":{"k":-1,"t":[]}}}}}' \
		'{"o":{"piles":{"o":{"draw":{"k":1.5,"t":[]}}}}}' \
		'{"o":{"piles":{"o":{"draw":{"k":49,"t":[]}}}}}' \
		'{"o":{"piles":{"o":{"draw":{"k":0,"t":["x"]}}}}}' \
		'{"o":{"piles":{"o":{"draw":{"k":0}}}}}' \
		'{"o":{"nosuch":{"o":{}}}}' \
		'{"o":{"turn":{"-":false}}}' \
		'{"o":{"turn":{"-":true,"=":1}}}' \
		'{"o":{"turn":5}}' \
		'{"o":{"turn":{"o":{},"a":{}}}}' \
		'5' 'null' '[]' '"undo"'; do
		set_undo "$u"
		cp "$(state)" "$BATS_TEST_TMPDIR/bad"
		run --separate-stderr umpire draw undo
		[ "$status" = 3 ] || fail "$u: exit $status"
		assert_one_line_error 3
		[[ "$stderr" == *"the last change cannot be undone: log entry 2"* ]] ||
			fail "$u: $stderr"
		cmp "$(state)" "$BATS_TEST_TMPDIR/bad"
		cmp "$(decks)/adwa.good.json" "$BATS_TEST_TMPDIR/good"
	done
	# a patch naming a member twice is refused with the file, before undo
	set_undo '{"o":{"turn":{"o":{"drawn":{"=":false}},"o":{"drawn":{"-":true}}}}}'
	cp "$(state)" "$BATS_TEST_TMPDIR/bad"
	run --separate-stderr umpire draw undo
	assert_one_line_error 3
	[[ "$stderr" == *"adwa.json: duplicate member: 'log[1].undo.o.turn.o'"* ]] ||
		fail "$stderr"
	cmp "$(state)" "$BATS_TEST_TMPDIR/bad"
	cp "$BATS_TEST_TMPDIR/orig" "$(state)"
	run umpire draw undo
	assert_success
}

@test "undo data that fits but leads to a broken game is refused too" {
	new_game
	umpire draw >/dev/null
	top=$(jq '.piles.draw[0]' "$(state)")
	# a card put back twice (12: each card in one place), a bad turn, a
	# log smuggled in through the patch
	for u in \
		"{\"o\":{\"piles\":{\"o\":{\"discard\":{\"k\":0,\"t\":[$top]}}}}}" \
		'{"o":{"turn":{"o":{"number":{"=":-3}}}}}' \
		'{"o":{"cards":{"=":[]}}}' \
		'{"o":{"log":{"=":[{"n":1,"op":"new","undo":{"=":1}}]}}}'; do
		set_undo "$u"
		cp "$(state)" "$BATS_TEST_TMPDIR/bad"
		run --separate-stderr umpire draw undo
		if [[ "$u" == *'"log"'* ]]; then
			# the patch's log is dropped: the game's own is kept,
			# with the note of the undo
			assert_success
			assert_equal "$(jq -c '[.log[].op]' "$(state)")" '["new","undo"]'
			continue
		fi
		assert_one_line_error 3
		[[ "$stderr" == *"cannot be undone"*"not valid"* ]] || fail "$stderr"
		cmp "$(state)" "$BATS_TEST_TMPDIR/bad"
	done
}

@test "a log entry other than the first without undo data is refused" {
	new_game
	umpire draw >/dev/null
	jq -c 'del(.log[-1].undo)' "$(state)" >"$BATS_TEST_TMPDIR/x"
	cp "$BATS_TEST_TMPDIR/x" "$(state)"
	run --separate-stderr umpire draw undo
	assert_one_line_error 3
	[[ "$stderr" == *"log entry 2: no undo data"* ]]
	cmp "$(state)" "$BATS_TEST_TMPDIR/x"
	# a huge turn number in the log is bad data, not an overflow
	jq -c '.log[-1].turn = 1e300' "$BATS_TEST_TMPDIR/x" >"$(state)"
	run --separate-stderr umpire draw log
	assert_one_line_error 3
	[[ "$stderr" == *"turn"* ]]
}

@test "a lock that is a symbolic link is refused and its target never made" {
	new_game
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	rm "$(decks)/adwa.lock"
	ln -s "$BATS_TEST_TMPDIR/outside" "$(decks)/adwa.lock"
	run --separate-stderr umpire draw
	assert_one_line_error 3
	[[ "$stderr" == *"symbolic link"*"adwa.lock'" ]]
	assert_file_not_exists "$BATS_TEST_TMPDIR/outside"
	cmp "$(state)" "$BATS_TEST_TMPDIR/before"
	# a new game under a planted link: nothing made, inside or out
	ln -s "$BATS_TEST_TMPDIR/outside2" "$(decks)/other.lock"
	run --separate-stderr umpire draw -g adwa new --name other
	assert_one_line_error 3
	assert_file_not_exists "$BATS_TEST_TMPDIR/outside2"
	assert_file_not_exists "$(decks)/other.json"
	# a link where the state's temporary or kept copy goes is replaced,
	# never written through
	rm "$(decks)/adwa.lock"
	ln -s "$BATS_TEST_TMPDIR/outside3" "$(decks)/adwa.good.json.tmp"
	ln -s "$BATS_TEST_TMPDIR/outside4" "$(decks)/adwa.good.json"
	run umpire draw
	assert_success
	assert_file_not_exists "$BATS_TEST_TMPDIR/outside3"
	assert_file_not_exists "$BATS_TEST_TMPDIR/outside4"
	[ ! -L "$(decks)/adwa.good.json" ]
}

@test "a FIFO or a symbolic link named like a game or its lock never hangs" {
	# a hang is caught by timeout(1), with room for valgrind on a busy host
	mkdir -p "$(decks)"
	mkfifo "$(decks)/adwa.json"
	for cmd in status "" undo log "hand menelik"; do
		run --separate-stderr timeout 60 umpire draw $cmd
		assert_one_line_error 3
		[[ "$stderr" == *"adwa.json: not a regular file"* ]] || fail "$stderr"
	done
	run --separate-stderr timeout 60 umpire draw list
	assert_success
	assert_output --regexp "adwa +\? +damaged: not a regular file"
	rm "$(decks)/adwa.json"
	new_game
	# a lock that is a FIFO
	rm "$(decks)/adwa.lock"
	mkfifo "$(decks)/adwa.lock"
	run --separate-stderr timeout 60 umpire draw
	assert_one_line_error 3
	[[ "$stderr" == *"not a regular file"*"adwa.lock'" ]]
	rm "$(decks)/adwa.lock"
	# a state that is a link to a good copy of itself is still refused
	mv "$(state)" "$BATS_TEST_TMPDIR/real.json"
	ln -s "$BATS_TEST_TMPDIR/real.json" "$(state)"
	run --separate-stderr umpire draw status
	assert_one_line_error 3
	[[ "$stderr" == *"symbolic link"* ]]
	# and one too big to be a game
	rm "$(state)"
	truncate -s 17M "$(state)"
	run --separate-stderr umpire draw status
	assert_one_line_error 3
	[[ "$stderr" == *"larger than"* ]]
}

@test "a change whose report cannot be written says it was saved (exit 4)" {
	new_game
	run --separate-stderr bash -c 'umpire draw >/dev/full'
	assert_one_line_error 4
	[[ "$stderr" == "umpire draw: the draw was saved, but its result could not be written"*"do not repeat it"*"No space left on device" ]] ||
		fail "$stderr"
	# it was: the turn began, once
	assert_equal "$(umpire draw status --json | jq .turn.number)" 1
	assert_equal "$(umpire draw log --json | jq '.entries | length')" 2
	run --separate-stderr bash -c 'umpire draw --json undo >/dev/full'
	assert_one_line_error 4
	[[ "$stderr" == *"the undo was saved, but"* ]]
	assert_equal "$(umpire draw status --json | jq .turn.number)" 0
	run --separate-stderr bash -c 'umpire draw -g adwa new --name two >/dev/full'
	assert_one_line_error 4
	[[ "$stderr" == *"the new game was saved, but"* ]]
	assert_file_exists "$(state two)"
	# a closed pipe is the same: no death by SIGPIPE after the save
	exec {fd}> >(true)
	sleep 0.3
	run --separate-stderr bash -c "umpire draw --name two >&$fd"
	exec {fd}>&-
	assert_one_line_error 4
	[[ "$stderr" == *"the draw was saved, but"*"Broken pipe" ]] || fail "$stderr"
	assert_equal "$(umpire draw status --name two --json | jq .turn.number)" 1
	run --separate-stderr bash -c 'umpire draw end --yes --name two >/dev/full'
	assert_one_line_error 4
	[[ "$stderr" == *"game 'two' was ended and deleted, but"* ]]
	assert_file_not_exists "$(state two)"
	# a change refused is not saved, and says nothing of saving
	run --separate-stderr bash -c 'umpire draw 9 >/dev/full'
	assert_one_line_error 2
}

@test "UMPIRE_LOCK_TIMEOUT is refused like a bad option" {
	new_game
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	for v in abc -1 3601 nan inf 0x10 1e3 " 5" 5s .5; do
		UMPIRE_LOCK_TIMEOUT="$v" run --separate-stderr umpire draw
		assert_one_line_error 2
		assert_equal "$stderr" "umpire draw: UMPIRE_LOCK_TIMEOUT: not a number of seconds from 0 to 3600: '$v'"
		cmp "$(state)" "$BATS_TEST_TMPDIR/before"
	done
	UMPIRE_LOCK_TIMEOUT=0.5 run umpire draw
	assert_success
	UMPIRE_LOCK_TIMEOUT=3600 run umpire draw undo
	assert_success
	UMPIRE_LOCK_TIMEOUT= run umpire draw
	assert_success
}

@test "draw list without a usable state folder says so" {
	run --separate-stderr env -u HOME -u XDG_STATE_HOME "$(command -v umpire)" draw list
	assert_one_line_error 4
	[[ "$stderr" == *"no folder for saved games"*"XDG_STATE_HOME"*"HOME"* ]]
	run --separate-stderr env -u HOME -u XDG_STATE_HOME "$(command -v umpire)" draw status
	assert_one_line_error 4
	: >"$BATS_TEST_TMPDIR/file"
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/file" run --separate-stderr umpire draw list
	assert_one_line_error 4
	[[ "$stderr" == *"saved games"*"Not a directory" ]] || fail "$stderr"
	# no folder yet is only no games
	run umpire draw list
	assert_success
	assert_output --partial "no saved games"
}

@test "leftover temporaries: swept under the lock, or once their writer is dead" {
	new_game
	cp "$(state)" "$BATS_TEST_TMPDIR/before"
	# what a killed deck write can leave, of this game and of a dead writer
	sh -c 'exit 0' &
	dead=$!
	wait $dead
	for f in adwa.good.json.tmp adwa.good.json.tmp.$dead.AbC123 \
		adwa.json.tmp.$dead.xYz789 other.json.tmp.$dead.Qq1234; do
		echo junk >"$(decks)/$f"
	done
	# a live writer's temporary of another game stays
	echo junk >"$(decks)/other.json.tmp.$$.Ab1234"
	run umpire draw
	assert_success
	run ls "$(decks)"
	refute_output --partial "adwa.good.json.tmp"
	refute_output --partial "adwa.json.tmp"
	refute_output --partial "other.json.tmp.$dead"
	assert_output --partial "other.json.tmp.$$.Ab1234"
	# ending a game takes its leftovers with it
	echo junk >"$(decks)/adwa.good.json.tmp"
	umpire draw end --yes >/dev/null
	run ls "$(decks)"
	refute_output --partial "adwa.good"
	refute_output --partial "adwa.json"
}
