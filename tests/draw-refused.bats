#!/usr/bin/env bats
# draw: what a refused or damaged saved game leaves behind.  A refused
# subcommand leaves the state folder exactly as it was; a state file with
# a member umpire does not write, or one key twice, is refused naming
# both; a symbolic link where a game belongs is damage, never replaced;
# ending a damaged game keeps the copy its errors point to; and the game
# log (--log) keeps only what the table sees.

load helpers
load adwa

# Everything under the state folder: each path, its type, size, mode,
# link target and (for a folder) the time it last gained or lost an
# entry, then each file's checksum.  Nothing at all when there is none.
snap() {
	[ -d "$XDG_STATE_HOME" ] || return 0
	(cd "$XDG_STATE_HOME" &&
		find . -printf '%p %y %s %m %l %T@\n' | sort &&
		find . -type f -exec md5sum {} + | sort)
}

# Run umpire "$@", which must be refused with status $want and one line,
# and leave the state folder as it was.
refused() {
	local want=$1 before
	shift
	before=$(snap)
	run --separate-stderr umpire "$@"
	[ "$status" = "$want" ] || fail "umpire $*: exit $status, not $want: $stderr"
	assert_one_line_error "$want"
	[ "$(snap)" = "$before" ] || fail "umpire $*: the state folder changed"
}

# ---- 1. a refused command changes nothing ----

@test "roles refused on a game not yet begun begins none (1)" {
	# two commanders besides Menelik and Taitu are the fewest (1)
	refused 2 draw -g adwa roles --name b3 --commanders menelik,taitu,ras
	[[ "$stderr" == *"two commanders besides Menelik and Taitu"* ]]
	assert_file_not_exists "$(state b3)"
	# the same with the state folder already there: nothing in it either
	new_game
	refused 2 draw -g adwa roles --name b3 --commanders menelik,taitu,ras
	assert_file_not_exists "$(state b3)"
	assert_file_not_exists "$(decks)/b3.lock"
	assert_file_not_exists "$(decks)/b3.good.json"
	# a deal that stands begins the game and deals, two entries in one
	# write: the deal alone is undone
	run --separate-stderr umpire draw -g adwa roles --name b3 --commanders menelik,ras,alula
	assert_success
	assert_file_not_exists "$(decks)/b3.good.json"
	assert_equal "$(umpire draw log --name b3 --json | jq -c '[.entries[].op]')" '["new","roles"]'
	umpire draw undo --name b3 >/dev/null
	assert_equal "$(umpire draw status --name b3 --json | jq .roles)" false
}

@test "no refused subcommand makes a game, a lock or a kept copy" {
	refused 2 draw -g adwa new --commanders solo
	refused 2 draw -g adwa new --hand 50
	refused 2 draw -g adwa new --name 'Bad Name'
	for cmd in "" status "hand menelik" undo log "end --yes" mutiny pass \
		"exchange raid --with taitu" "react none" expose \
		"roles --show menelik" "play healer"; do
		refused 2 draw --name nosuch $cmd
	done
	[ ! -e "$XDG_STATE_HOME/umpire/decks" ]
}

@test "a subcommand refused on a saved game leaves its folder as it was" {
	new_game
	umpire draw -g adwa new --name three --commanders menelik,taitu,ras >/dev/null
	# before any draw, each out of turn or otherwise forbidden
	for cmd in mutiny pass "exchange raid --with taitu" "react none" expose \
		"discard healer --from menelik" undo "hand nobody" \
		"play healer --from nobody" end 9 \
		"roles --commanders a,b"; do
		refused 2 draw --name adwa $cmd
	done
	refused 2 draw -g adwa new
	# the deal the rules refuse, on a game that exists
	refused 2 draw roles --name three
}

# ---- 2. unknown members and keys given twice ----

@test "a saved game with an unknown member is refused, naming file and member" {
	new_game
	umpire draw >/dev/null
	exchange_step
	umpire draw undo >/dev/null	# the exchange under way, half made
	cp "$(state)" "$BATS_TEST_TMPDIR/orig"
	for edit in '.colour = "red"@colour' \
		'.turn.drawnn = true@turn.drawnn' \
		'.players[2].hands = []@players[2].hands' \
		'.piles.deck = []@piles.deck' \
		'.exchange.card = 5@exchange.card' \
		'.log[1].secret = "x"@log[1].secret' \
		'.board.hourz = 1@board.hourz' \
		'.board.armies[0].speed = 1@board.armies[0].speed' \
		'.board.commanders[3].rank = 1@board.commanders[3].rank'; do
		jq -c "${edit%@*}" "$BATS_TEST_TMPDIR/orig" >"$(state)"
		cp "$(state)" "$BATS_TEST_TMPDIR/bad"
		for cmd in status ""; do
			run --separate-stderr umpire draw $cmd
			assert_one_line_error 3
			[[ "$stderr" == "umpire draw: $(state): unknown member: '${edit#*@}' (left as it is"* ]] ||
				fail "$edit: $stderr"
			cmp "$(state)" "$BATS_TEST_TMPDIR/bad"
		done
		run umpire draw list --json
		assert_equal "$(jq .games[0].damaged <<<"$output")" true
	done
	cp "$BATS_TEST_TMPDIR/orig" "$(state)"
	run umpire draw status
	assert_success
}

@test "a saved game naming a member twice is refused, naming file and member" {
	new_game
	umpire draw >/dev/null
	cp "$(state)" "$BATS_TEST_TMPDIR/orig"
	# the file holds a top-level member a line, a log entry a line; jq
	# would merge a repeated key, so the text is edited
	for edit in 's/^"format"/"roles":true,\n"format"/=roles' \
		's/^"turn":{/"turn":{"drawn":false,/=turn.drawn' \
		's/^"players":\[{/"players":[{"out":true,/=players[0].out' \
		's/^"piles":{/"piles":{"draw":[],/=piles.draw' \
		's/^{"n":2,/{"n":2,"n":2,/=log[1].n'; do
		sed "${edit%=*}" "$BATS_TEST_TMPDIR/orig" >"$(state)"
		! cmp -s "$(state)" "$BATS_TEST_TMPDIR/orig" || fail "$edit: no edit"
		cp "$(state)" "$BATS_TEST_TMPDIR/bad"
		for cmd in status "" undo; do
			run --separate-stderr umpire draw $cmd
			assert_one_line_error 3
			[[ "$stderr" == "umpire draw: $(state): duplicate member: '${edit#*=}' (left as it is"* ]] ||
				fail "$edit: $stderr"
			cmp "$(state)" "$BATS_TEST_TMPDIR/bad"
		done
	done
}

@test "a deck definition with an unknown member or a key twice is refused" {
	mkdir -p "$XDG_DATA_HOME/umpire/adwa"
	deck="$XDG_DATA_HOME/umpire/adwa/deck.json"
	jq '.colour = 1' "$TOP/rules/adwa/deck.json" >"$deck"
	refused 3 draw -g adwa new
	assert_equal "$stderr" "umpire draw: $deck: unknown member: 'colour'"
	jq '.cards[2].colour = 1' "$TOP/rules/adwa/deck.json" >"$deck"
	refused 3 draw -g adwa new
	assert_equal "$stderr" "umpire draw: $deck: unknown member: 'cards[2].colour'"
	# jq would merge a repeated key: the text is edited
	sed 's/^  "game"/  "draw": 3,\n  "game"/' "$TOP/rules/adwa/deck.json" >"$deck"
	refused 3 draw -g adwa new
	assert_equal "$stderr" "umpire draw: $deck: duplicate member: 'draw'"
	cp "$TOP/rules/adwa/deck.json" "$deck"
	new_game
}

# ---- 3. a symbolic link where a game belongs ----

@test "a dangling or looping link at a game's path is damage, never replaced" {
	mkdir -p "$(decks)"
	chmod 700 "$XDG_STATE_HOME" "$XDG_STATE_HOME/umpire" "$(decks)"
	for kind in dangling self loop; do
		case $kind in
		dangling) ln -s "$BATS_TEST_TMPDIR/nowhere.json" "$(state)" ;;
		self) ln -s adwa.json "$(state)" ;;
		loop) ln -s other.json "$(state)"; ln -s adwa.json "$(decks)/other.json" ;;
		esac
		target=$(readlink "$(state)")
		for cmd in status "" roles undo log "hand menelik"; do
			refused 3 draw --name adwa $cmd
			[[ "$stderr" == *"$(state): not a regular file (a symbolic link)"* ]] ||
				fail "$kind $cmd: $stderr"
		done
		for cmd in "-g adwa new" "-g adwa new --seed 3" "-g adwa roles"; do
			refused 3 draw $cmd
			[[ "$stderr" == *"$(state): not a regular file (a symbolic link)"* ]] ||
				fail "$kind $cmd: $stderr"
		done
		[ -L "$(state)" ] && assert_equal "$(readlink "$(state)")" "$target"
		assert_file_not_exists "$BATS_TEST_TMPDIR/nowhere.json"
		assert_file_not_exists "$(decks)/adwa.lock"
		run umpire draw list --json
		assert_success
		assert_equal "$(jq -c '[.games[] | select(.name == "adwa") | .damaged]' <<<"$output")" '[true]'
		# end is the way out: the link goes, not what it names
		run --separate-stderr umpire draw end --yes --name adwa
		assert_success
		[ ! -L "$(state)" ]
		rm -f "$(decks)/other.json" "$(decks)/adwa.lock"
	done
	new_game
}

# ---- 4. end keeps the copy a damaged game's errors point to ----

@test "end --yes on a damaged game keeps the kept copy its error names" {
	new_game
	umpire draw >/dev/null
	exchange_step
	for damage in garbage member; do
		cp "$(decks)/adwa.good.json" "$BATS_TEST_TMPDIR/good"
		case $damage in
		garbage) printf 'garbage' >>"$(state)" ;;
		member) jq -c '.turn.drawnn = true' "$(decks)/adwa.good.json" >"$(state)" ;;
		esac
		run --separate-stderr umpire draw status
		assert_one_line_error 3
		[[ "$stderr" =~ "the state before its last change is in "([^\)]*)\) ]] ||
			fail "$stderr"
		kept=${BASH_REMATCH[1]}
		assert_equal "$kept" "$(decks)/adwa.good.json"
		run --separate-stderr umpire draw end --yes --json
		assert_success
		assert_file_not_exists "$(state)"
		assert_equal "$(jq -r .kept <<<"$output")" "$kept"
		cmp "$kept" "$BATS_TEST_TMPDIR/good"
		# as the error said: the copy carries the game on
		cp "$kept" "$(state)"
		run umpire draw status --json
		assert_success
		assert_equal "$(total)" 78
	done
	# a whole game's end takes its kept copy with it
	run umpire draw end --yes --json
	assert_success
	assert_equal "$(jq -r .kept <<<"$output")" null
	assert_file_not_exists "$(decks)/adwa.good.json"
}

# ---- 5. the game log keeps only what the table sees ----

logfile() {
	echo "$XDG_STATE_HOME/umpire/logs/t.jsonl"
}

@test "the game log names no card drawn or offered, and words the Mutiny step as the deck's log" {
	new_game 7
	run --separate-stderr umpire --log t draw --json
	assert_success
	drawer=$(jq -r .commander <<<"$output")
	drawn=$(jq -r '.details.cards[].card' <<<"$output" | sort -u)
	n=$(jq '.details.cards | length' <<<"$output")
	[ "$n" -gt 0 ]
	assert_equal "$(jq -r .summary "$(logfile)")" "$drawer drew $n card$([ "$n" = 1 ] || echo s)"
	# the commander offers a card he drew, named on the command line
	offer=$(head -1 <<<"$drawn")
	st=$(umpire draw status --json)
	next=$(jq -r --arg c "$drawer" '.commanders as $a |
		($a | map(.name) | index($c)) as $i | $a[($i + 1) % ($a | length)].name' <<<"$st")
	run --separate-stderr umpire --log t draw exchange "$offer" --with "$next" --json
	assert_success
	back=$(umpire draw hand "$next" --json | jq -r '.cards[0].card')
	run --separate-stderr umpire --log t draw exchange "$back" --with "$drawer"
	assert_success
	assert_equal "$(wc -l <"$(logfile)")" 3
	for card in $drawn $back; do
		run grep -iw -e "$card" "$(logfile)"
		assert_failure
		name=$(jq -r --arg c "$card" '.cards[] | select(.id == $c) | .name' \
			"$TOP/rules/adwa/deck.json")
		run grep -iF -e "$name" "$(logfile)"
		assert_failure
	done
	# each entry is the deck's own public line
	assert_equal "$(jq -r .summary "$(logfile)")" \
		"$(umpire draw log --json | jq -r '.entries[1:][].text')"
	# the Mutiny step: the deck log's words, no dice, no count held
	held=$(umpire draw hand "$drawer" --json | jq '.counts.mutiny // 0')
	if [ "$held" -gt 0 ]; then
		roll=(--roll "$(seq "$held" | sed 's/.*/6/' | paste -sd,)")
	else
		roll=()
	fi
	run --separate-stderr umpire --log t draw mutiny "${roll[@]}"
	assert_success
	assert_equal "$(tail -1 "$(logfile)" | jq -r .summary)" \
		"$(umpire draw log --json | jq -r '.entries[-1].text')"
	assert_equal "$(tail -1 "$(logfile)" | jq -r .summary)" \
		"$drawer made the Mutiny step: no defection"
	assert_equal "$(tail -1 "$(logfile)" | jq -c '[.. | .held? // empty, .steps? // empty]')" '[]'
	run grep -c -e '6,6\|"6"' "$(logfile)"
	assert_output 0
}

@test "the game log keeps the card Support took out, shown or not" {
	new_game 7
	umpire draw >/dev/null
	to_act
	c=$(turn_of)
	# a Support for the commander whose turn it is (cards are numbered
	# kind by kind in the deck's order)
	sup=$(jq '. as $d | [$d.cards[].id] | index("support") as $k |
		[$d.cards[:$k][].count] | add' "$TOP/rules/adwa/deck.json")
	jq -c --arg c "$c" --argjson s "$sup" '
		(.players[].hand) -= [$s] | .piles.draw -= [$s] |
		.piles.discard -= [$s] |
		(.players[] | select(.name == $c) | .hand) += [$s]' "$(state)" >"$BATS_TEST_TMPDIR/s"
	cp "$BATS_TEST_TMPDIR/s" "$(state)"
	other=$(umpire draw status --json | jq -r --arg c "$c" '[.commanders[] | select(.name != $c and .cards > 0)][0].name')
	run --separate-stderr umpire --log t draw play support --with "$other" --show "$c" --json
	assert_success
	taken=$(jq -r '.details.taken // empty' <<<"$output")
	[ -n "$taken" ] || fail "nothing taken: $output"
	run jq -c '[.. | .taken? // empty, .steps? // empty, .details? // empty]' "$(logfile)"
	assert_output '[]'
	assert_equal "$(jq -r .summary "$(logfile)")" "$c took a random card from $other"
	assert_equal "$(jq -r .summary "$(logfile)")" \
		"$(umpire draw log --json | jq -r '.entries[-1].text')"
}
