#!/usr/bin/env bats
# umpire reorganize: Twilight of the Ottomans' corps broken down into the
# divisions of the Reorganization Table and built back from them (8.1-8.4),
# as one step of a saved game; and the combat loss of 12.20 paid with a
# corps' divisions, by their factors.  The figures are 8.1's: a Russian
# infantry corps 5-7-3 is three 1-2-3 divisions, an expeditionary corps
# 7-6-4 two of them, a 1-1-4 and a supply unit spent; 12.20's example: an
# Ottoman infantry corps defending with its divisions' 6 takes a DD,
# breaks down, and two of its three divisions go.

load helpers

file() {
	echo "$XDG_STATE_HOME/umpire/games/$1.json"
}

unit() {
	jq -c --arg id "$1" '.position.units[] | select(.id == $id) |
	    [.type, .strength, .ma, .hex, (.markers // [] | join(" "))]' \
	    "$(file rg)"
}

# The teaching situation, its Russian corps in Baku (4900) marked as
# the 5-7-3 infantry corps it is.
new_game() {
	umpire game new rg -g toto --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=rg
	umpire game mark ru-corps corps ru-inf def-7 >/dev/null
}

@test "reorganize: what a corps is made of, without a saved game (8.1)" {
	run --separate-stderr umpire -g toto --json reorganize break ot-inf
	assert_success
	assert_equal "$(jq -r .result.text <<<"$output")" \
	    "1-2-3 infantry + 1-2-3 infantry + 1-2-3 infantry"
	run --separate-stderr umpire -g toto --json reorganize combine ru-exp
	assert_equal "$(jq -r .result.text <<<"$output")" \
	    "1-2-3 infantry + 1-2-3 infantry + 1-1-4 cavalry"
	jq -e '.steps[0].text | contains("supply unit spent")' <<<"$output" \
	    >/dev/null
	# the text stops short of the British expeditionary corps' divisions
	run --separate-stderr umpire -g toto reorganize break br-exp
	assert_one_line_error 2
}

@test "reorganize break: the corps off the map, its divisions on, undone whole" {
	new_game
	phase_to "allied reorganization"
	run --separate-stderr umpire --json reorganize break ru-corps --apply
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" broken-down
	assert_equal "$(jq -r .result.rule <<<"$output")" 8.2
	for d in ru-corps-1 ru-corps-2 ru-corps-3; do
		assert_equal "$(unit $d)" '["infantry",1,3,"4900","def-2"]'
	done
	assert_equal "$(unit ru-corps)" ""
	# a breakdown is no loss: nothing goes to the dead pile (8.2)
	assert_equal "$(jq '.dead | length' "$(file rg)")" 0
	umpire game undo >/dev/null
	assert_equal "$(unit ru-corps)" '["infantry",5,3,"4900","corps ru-inf def-7"]'
	assert_equal "$(unit ru-corps-1)" ""
}

@test "reorganize break: its kind from its factors, or --kind; ids by --as" {
	new_game
	umpire game unmark ru-corps ru-inf def-7 >/dev/null
	phase_to "allied reorganization"
	# 5-?-3: only the Russian infantry corps of 8.1 has attack 5, MA 3
	run --separate-stderr umpire --json reorganize break ru-corps \
	    --as a,b,c --apply
	assert_success
	assert_equal "$(jq -r .kind <<<"$output")" ru-inf
	assert_equal "$(unit b)" '["infantry",1,3,"4900","def-2"]'
	run --separate-stderr umpire reorganize break a
	assert_one_line_error 2
	run --separate-stderr umpire reorganize combine ru-inf a b c --as x,y
	assert_one_line_error 2
}

@test "reorganize break: when the rules allow it (8.2, 7.10, 12.20)" {
	new_game
	# the game starts in the Ottoman random events phase: an event's
	# withdrawals may break a corps (7.10)
	run --separate-stderr umpire reorganize break ru-corps
	assert_success
	assert_output --partial "7.10"
	phase_to "ottoman movement"
	run --separate-stderr umpire reorganize break ru-corps --apply
	assert_one_line_error 2
	[[ "$stderr" == *"8.2"* ]] || fail "$stderr"
	# the Ottoman reorganization phase is not the Allied corps' own
	phase_to "ottoman reorganization"
	run --separate-stderr umpire reorganize break ru-corps --apply
	assert_one_line_error 2
}

@test "reorganize combine: three divisions back into the 5-7-3 (8.3)" {
	new_game
	phase_to "allied reorganization"
	umpire reorganize break ru-corps --apply >/dev/null
	run --separate-stderr umpire --json reorganize combine ru-inf \
	    ru-corps-1 ru-corps-2 ru-corps-3 --as ru-corps --apply
	assert_success
	assert_equal "$(unit ru-corps)" '["infantry",5,3,"4900","corps ru-inf def-7"]'
	assert_equal "$(unit ru-corps-2)" ""
	# no Allied supply unit on the map: general supply is relied on
	jq -e '[.steps[].text] | any(contains("general supply relied on"))' \
	    <<<"$output" >/dev/null
}

@test "reorganize combine: refused where 8.1-8.4 refuse it" {
	new_game
	phase_to "allied reorganization"
	umpire reorganize break ru-corps --apply >/dev/null
	# a British 2-?-4 division is no 1-2-3 of the Russian corps
	run --separate-stderr umpire reorganize combine ru-inf ru-corps-1 \
	    ru-corps-2 br-inf-a
	assert_one_line_error 2
	# two divisions are not three
	run --separate-stderr umpire reorganize combine ru-inf ru-corps-1 \
	    ru-corps-2
	assert_one_line_error 2
	# not in one hex
	umpire game set ru-corps-3 hex=4901 >/dev/null
	run --separate-stderr umpire reorganize combine ru-inf ru-corps-1 \
	    ru-corps-2 ru-corps-3
	assert_one_line_error 2
	umpire game set ru-corps-3 hex=4900 >/dev/null
	# out of general supply: an Allied supply unit too far to reach
	umpire game place far --side allied --type supply --strength 0 --ma 3 \
	    --hex 2524 --marker radius-1 >/dev/null
	run --separate-stderr umpire reorganize combine ru-inf ru-corps-1 \
	    ru-corps-2 ru-corps-3
	assert_one_line_error 2
	[[ "$stderr" == *"15.5"* ]] || fail "$stderr"
	# and only in the side's reorganization phase
	umpire game remove far >/dev/null
	umpire game next >/dev/null
	run --separate-stderr umpire reorganize combine ru-inf ru-corps-1 \
	    ru-corps-2 ru-corps-3 --apply
	assert_one_line_error 2
}

@test "reorganize combine: an expeditionary corps spends a supply unit (8.1)" {
	new_game
	phase_to "allied reorganization"
	umpire reorganize break ru-corps --apply >/dev/null
	umpire game place ru-cav --side allied --type cavalry --strength 1 \
	    --ma 4 --hex 4900 --marker def-1 >/dev/null
	run --separate-stderr umpire reorganize combine ru-exp ru-corps-1 \
	    ru-corps-2 ru-cav
	assert_one_line_error 2
	umpire game place ru-sup --side allied --type supply --strength 0 \
	    --ma 3 --hex 4900 --marker radius-2 >/dev/null
	run --separate-stderr umpire --json reorganize combine ru-exp \
	    ru-corps-1 ru-corps-2 ru-cav --apply
	assert_success
	assert_equal "$(unit ru-exp-1)" '["infantry",7,4,"4900","corps ru-exp def-6"]'
	assert_equal "$(unit ru-sup)" ""
	assert_equal "$(jq -c .removed <<<"$output")" \
	    '["ru-corps-1","ru-corps-2","ru-cav","ru-sup"]'
	# broken down again, the supply unit does not come back (8.2)
	umpire game next >/dev/null
	phase_to "allied reorganization"
	umpire reorganize break ru-exp-1 --apply >/dev/null
	assert_equal "$(unit ru-exp-1-3)" '["cavalry",1,4,"4900","def-1"]'
	assert_equal "$(jq '[.position.units[] | select(.type == "supply")] |
	    length' "$(file rg)")" 0
}

@test "12.20: a DD on an Ottoman corps paid with two of its divisions" {
	umpire game new rg -g toto --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=rg
	umpire game place ot-c --side ottoman --type infantry --strength 4 \
	    --ma 3 --hex 4417 --marker corps --marker ot-inf --marker def-8 \
	    >/dev/null
	umpire game place br-x --side allied --type infantry --strength 8 \
	    --ma 4 --hex 4416 >/dev/null
	phase_to "allied combat"
	run --separate-stderr umpire --json crt --att-units br-x,br-inf-b \
	    --def-units ot-c --table raid --roll 6 --apply
	assert_success
	assert_equal "$(jq -r .result.code <<<"$output")" DD
	# the corps defends with its printed 8 but loses by its divisions'
	# 2 + 2 + 2 = 6: half, rounded up, is 3 (12.19, 12.20)
	assert_equal "$(jq -c '.applied.pending[0] | [.owe, .cf, .values["ot-c"],
	    .side]' <<<"$output")" '["loss",3,6,"defender"]'
	run --separate-stderr umpire --json reorganize break ot-c --apply
	assert_success
	assert_equal "$(jq -r .result.rule <<<"$output")" 12.20
	assert_equal "$(jq -c '.applied.pending[0] | [.units, .values]' \
	    <<<"$output")" \
	    '[["ot-c-1","ot-c-2","ot-c-3"],{"ot-c-1":2,"ot-c-2":2,"ot-c-3":2}]'
	# the retreat owed is the divisions' now
	assert_equal "$(jq -c '.applied.pending[1].units' <<<"$output")" \
	    '["ot-c-1","ot-c-2","ot-c-3"]'
	run --separate-stderr umpire crt --losses ot-c-1
	assert_failure
	run --separate-stderr umpire crt --losses ot-c-1,ot-c-2
	assert_success
	assert_equal "$(unit ot-c-3)" '["infantry",1,3,"4417","def-2"]'
	assert_equal "$(jq -r '[.dead[].id] | join(" ")' "$(file rg)")" \
	    "ot-c-1 ot-c-2"
}

@test "reorganize: bad input is one line on stderr" {
	for a in "" "merge ot-inf" "break" "break nothing" "break ot-inf --kind xx" \
	    "break ot-inf --apply" "combine"; do
		# shellcheck disable=SC2086
		run --separate-stderr umpire -g toto reorganize $a
		assert_one_line_error 2
	done
	new_game
	for a in "break nobody" "break br-inf-a" "combine ru-inf x y z" \
	    "break ru-corps --as a,b" "break ru-corps --as br-inf-a,b,c"; do
		# shellcheck disable=SC2086
		run --separate-stderr umpire reorganize $a
		assert_one_line_error 2
	done
}

@test "reorganize combine: one nation's divisions, but in the Yilderim (8.4)" {
	new_game
	phase_to "allied reorganization"
	umpire reorganize break ru-corps --apply >/dev/null
	umpire game mark ru-corps-1 russian >/dev/null
	umpire game mark ru-corps-2 russian >/dev/null
	umpire game mark ru-corps-3 british >/dev/null
	run --separate-stderr umpire reorganize combine ru-inf ru-corps-1 \
	    ru-corps-2 ru-corps-3
	assert_one_line_error 2
	[[ "$stderr" == *"8.4"* ]] || fail "$stderr"
	umpire game unmark ru-corps-3 british >/dev/null
	umpire game mark ru-corps-3 russian >/dev/null
	run --separate-stderr umpire --json reorganize combine ru-inf \
	    ru-corps-1 ru-corps-2 ru-corps-3 --apply
	assert_success
	# the corps keeps its divisions' nation
	jq -e '.placed[0].markers | index("russian")' <<<"$output" >/dev/null
}
