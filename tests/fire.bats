#!/usr/bin/env bats
# fire: I wish I was in France!, small arms (11, 13.1, 13.2), artillery
# direct fire (12.3, 13.3, 13.4), close combat (19, 13.6, 13.7), all read
# on the Combat Results Table (13.5) with one coloured d10 a colour (11.2).
# The rulebook's own example (11.3) is the first test; every other expected
# value is hand arithmetic from the printed tables, written next to it.

load helpers

fire() {
	umpire fire -g iwiif --json "$@"
}

# "colour=new condition,..." of a result
conds() {
	json_get .result.code
}

@test "11.3: the rulebook's example, factor 10, both reds and the blue pinned" {
	# 4 modern rifles + NCO at 16" (long): 5 x 1 = 5; LMG at long: 2;
	# in position: +1 x 6 stands = +6; soft cover -3; 5 + 2 + 6 - 3 = 10
	run --separate-stderr fire --range 16 --in-position --cover soft \
		4xmodern modern:nco lmg --at red,blue:sup,red,yellow \
		--roll red=9,blue=8,white=4,yellow=3,green=10
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$(json_get .factor <<<"$output")" 10
	assert_equal "$(json_get .band <<<"$output")" long
	# row 9-10: 7 suppresses, 9 pins, 10 destroys
	assert_equal "$(json_get '.stands[0].row' <<<"$output")" 9-10
	assert_equal "$(json_get '.steps[] | select(.rule == "13.5") | .text' <<<"$output")" \
		"fire factor 10, row 9-10: suppressed on 7, pinned on 9, destroyed on 10"
	# red 9: pinned (both red stands); blue 8: suppressed, already
	# suppressed, so pinned; yellow 3: untouched; white, green set aside
	assert_equal "$(conds <<<"$output")" red=pinned,blue=pinned,red=pinned,yellow=steady
	assert_equal "$(json_get '.stands[1].hit' <<<"$output")" S
	assert_equal "$(json_get '[.steps[] | select(.text | test("set aside")) | .text] | join("; ")' <<<"$output")" \
		"white 4: no white stand, the die is set aside; green 0 (10): no green stand, the die is set aside"
	assert_equal "$(json_get .roll.green <<<"$output")" null
	assert_equal "$(json_get .table_source <<<"$output")" rulebook
}

@test "11.3: a green stand would have been destroyed by the 10" {
	run fire --range 16 --in-position --cover soft 4xmodern modern:nco lmg \
		--at green,red --roll red=9,green=0
	assert_equal "$(conds <<<"$output")" green=destroyed,red=pinned
}

@test "13.1: each weapon's factor by range band" {
	# range weapon stands -> factor (target of 2 stands: no modifier)
	# 6" close: modern 2; 6.5" medium: modern 2; 12" medium: lmg 3;
	# 12.5" long: lmg 2; 18" long: hmg 3; 24" extreme: hmg 2, modern 1,
	# old rifle none; 12" medium: old 1
	while read -r range stands want; do
		run fire --range "$range" $stands --at red,blue --odds
		assert_equal "$range $stands $(json_get .factor <<<"$output")" "$range $stands $want"
	done <<-EOF
	6 modern 2
	6.5 modern 2
	12 lmg 3
	12.5 lmg 2
	18 hmg 3
	24 hmg 2
	24 modern 1
	24 old 0
	12 old 1
	12 2xlmg,hmg 10
	EOF
}

@test "13.1: beyond 24 inches small arms do not reach" {
	run --separate-stderr umpire fire -g iwiif --range 25 modern --at red
	assert_one_line_error 2
	[[ "$stderr" == *"beyond the Small Arms Table's last band, extreme (13.1)"* ]]
}

@test "13.2: the firer's modifiers" {
	# 4 suppressed modern rifles at 6": 4 x 2 = 8; suppressed -1 x 4 = -4;
	# out of command -2; being assaulted -2; exceptional +1: 8-4-2-2+1 = 1
	run fire --range 6 4xmodern:sup --out-of-command --assaulted \
		--quality exceptional --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 1
	assert_equal "$(json_get '.stands[0].row' <<<"$output")" 1-2
	# inadequate -1: 2 x 2 - 1 = 3
	run fire --range 6 2xmodern --quality inadequate --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 3
}

@test "11.1, 13.2: stands out of reach add nothing, to the in-position bonus neither" {
	# 20" is extreme: "old" rifles have no factor there, a modern rifle 1.
	# Only the modern stand fires: 1, in position +1 = 2 (the three old
	# rifles' in-position +3 would have made it 5)
	run fire --range 20 3xold modern:pos --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 2
	# the whole platoon in position: still only the modern stand counts
	run fire --range 20 --in-position 3xold modern --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 2
	# suppressed stands out of reach take nothing off: 1 x 1 = 1
	run fire --range 20 3xold:sup modern --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 1
}

@test "13.2, 15: in position counts every stand but an HMG" {
	# 2 modern at 12": 2 x 2 = 4; HMG at 12": 4; in position +1 x 2 = 2: 10
	run fire --range 12 --in-position 2xmodern hmg --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 10
	# one stand in position by its tag: 2 x 2 + 1 = 5
	run fire --range 12 modern:pos modern --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 5
	run --separate-stderr umpire fire -g iwiif --range 12 hmg:pos --at red
	assert_one_line_error 2
	[[ "$stderr" == *"(15)"* ]]
}

@test "13.2: the target's modifiers, a single stand among them" {
	# 6 modern at 6": 12; trenches -5; in position -2; cavalry +1;
	# a single stand -2: 12 - 5 - 2 + 1 - 2 = 4, row 3-4
	run fire --range 6 6xmodern --cover trenches --target-in-position \
		--cavalry --at red --odds
	assert_equal "$(json_get .factor <<<"$output")" 4
	assert_equal "$(json_get '.stands[0].row' <<<"$output")" 3-4
	# hard cover -4: 12 - 4 = 8 against two stands
	run fire --range 6 6xmodern --cover hard --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 8
}

@test "23: an armoured car is fired on as hard cover, and tests when it worsens" {
	# 6 modern at 6": 12; soft cover -3: 9 for the red stand;
	# the car: hard -4 instead of soft -3: 12 - 4 = 8, row 7-8 (S on 8)
	run fire --range 6 6xmodern --cover soft --at red,blue:ac --roll red=1,blue=8
	assert_equal "$(json_get '.stands[0].factor' <<<"$output")" 9
	assert_equal "$(json_get '.stands[1].factor' <<<"$output")" 8
	assert_equal "$(json_get '.stands[1].new_condition' <<<"$output")" suppressed
	assert_equal "$(json_get '.stands[1].ac_test' <<<"$output")" true
	assert_equal "$(json_get '.stands[0].ac_test' <<<"$output")" false
}

@test "13.5: a factor of 0 or less harms no one; 15 and more reads the last row" {
	# old rifle at 24": 0; single stand -2: -2, read as 0
	run fire --range 24 old --at red --roll red=10
	assert_equal "$(json_get '.stands[0].row' <<<"$output")" 0
	assert_equal "$(conds <<<"$output")" red=steady
	# 5 HMG at 12": 5 x 4 = 20: row 15+, 8 destroys
	run fire --range 12 5xhmg --at red,blue --roll red=8,blue=5
	assert_equal "$(json_get '.stands[0].row' <<<"$output")" 15+
	assert_equal "$(conds <<<"$output")" red=destroyed,blue=steady
}

@test "11.2: the same result again is one step worse; a lesser one changes nothing" {
	# row 15+: 6 suppresses, 7 pins, 8 destroys
	# pinned + pinned = destroyed; pinned + suppressed = pinned;
	# suppressed + pinned = pinned; broken + pinned = broken (umpire's
	# reading: only destroyed harms it)
	run fire --range 12 5xhmg --at red:pin,blue:pin,white:sup,black:broken,yellow:broken \
		--roll red=7,blue=6,white=7,black=7,yellow=8
	assert_equal "$(conds <<<"$output")" \
		red=destroyed,blue=pinned,white=pinned,black=broken,yellow=destroyed
}

@test "--odds: each stand's exact chance of each condition" {
	# row 9-10: 1-6 nothing, 7-8 suppressed, 9 pinned, 10 destroyed
	# steady: 6 steady, 2 suppressed, 1 pinned, 1 destroyed
	# suppressed: 6 stays, 7-8 suppressed again = pinned, 9 pinned: 3; 1
	run --separate-stderr fire --range 16 --in-position --cover soft 4xmodern \
		modern:nco lmg --at red,blue:sup --odds
	assert_success
	assert_equal "$(json_get '[.stands[0].odds[] | "\(.condition):\(.ways)"] | join(" ")' <<<"$output")" \
		"steady:6 suppressed:2 pinned:1 destroyed:1"
	assert_equal "$(json_get '[.stands[1].odds[] | "\(.condition):\(.ways)"] | join(" ")' <<<"$output")" \
		"suppressed:6 pinned:3 destroyed:1"
}

@test "11.2: umpire rolls one die for each colour of target" {
	run --separate-stderr fire --seed 3 --range 6 modern --at red,red,blue
	assert_success
	assert_equal "$(json_get '.roll | keys | join(",")' <<<"$output")" blue,red
	assert_equal "$(json_get .roll_source <<<"$output")" seed
	a=$(umpire fire -g iwiif --seed 3 --range 6 modern --at red,blue --json | jq -c .roll)
	b=$(umpire fire -g iwiif --seed 3 --range 6 modern --at red,blue --json | jq -c .roll)
	assert_equal "$a" "$b"
}

@test "9: pinned or broken stands do not fire" {
	run --separate-stderr umpire fire -g iwiif --range 6 modern:pin --at red
	assert_one_line_error 2
	[[ "$stderr" == *"a pinned stand may not fire (9)"* ]]
	run --separate-stderr umpire fire -g iwiif --range 6 modern:broken --at red
	assert_one_line_error 2
}

@test "13.3, 13.4: artillery to hit, displacement by range band, burst circle" {
	# light mortar at 10": medium, displacement 2"; roll 1 (the second
	# "2,3" row, read as 1): under 2 x 2" = 4"
	run --separate-stderr fire --artillery light-mortar --range 10 --hit 1
	assert_success
	assert_equal "$(json_get .to_hit.code <<<"$output")" U2
	assert_equal "$(json_get .to_hit.text <<<"$output")" 'the aim point moves 2 x 2" = 4" short (under)'
	assert_equal "$(json_get .burst <<<"$output")" 1
	assert_equal "$(json_get .factor <<<"$output")" 8
	# heavy mortar at 30": extreme, 4"; roll 7: left 1 x 4"
	run fire --artillery heavy-mortar --range 30 --hit 7
	assert_equal "$(json_get .displacement <<<"$output")" 4
	assert_equal "$(json_get .to_hit.text <<<"$output")" 'the aim point moves 1 x 4" = 4" left'
	# a gun off table is at extreme range; 9 and 0 are on target
	run fire --artillery medium-gun --off-table --hit 0
	assert_equal "$(json_get .to_hit.code <<<"$output")" H
	assert_equal "$(json_get .burst <<<"$output")" 4
	assert_equal "$(json_get .factor <<<"$output")" 12
}

@test "13.3: the chance of each to-hit result" {
	# 1: U2; 2-3: U1; 4-5: O1; 6: O2; 7: L1; 8: R1; 9-0: H
	run fire --artillery light-gun --range 5 --odds
	assert_equal "$(json_get '[.odds[] | "\(.code):\(.probability * 10 | round)"] | join(" ")' <<<"$output")" \
		"U2:1 U1:2 O1:2 O2:1 L1:1 R1:1 H:2"
}

@test "13.4: mortars' minimum and maximum ranges" {
	run --separate-stderr umpire fire -g iwiif --artillery light-mortar --range 3
	assert_one_line_error 2
	[[ "$stderr" == *'fires from 4" to 18": range 3" (13.4)'* ]]
	run --separate-stderr umpire fire -g iwiif --artillery light-mortar --range 19
	assert_one_line_error 2
	run --separate-stderr fire --artillery heavy-mortar --range 36 --hit 5
	assert_success
}

@test "12.3: the stands in the burst circle; artillery fired on is in position" {
	# light field gun 10, soft cover -3: 7 for the blue stand (row 7-8);
	# the red artillery stand also in position -2: 5 (row 5-6)
	run fire --artillery light-gun --range 14 --cover soft --at red:art,blue \
		--roll red=0,blue=9
	assert_equal "$(json_get '.stands[0].factor' <<<"$output")" 5
	assert_equal "$(json_get '.stands[1].factor' <<<"$output")" 7
	# row 5-6: 10 pins; row 7-8: 9 pins
	assert_equal "$(conds <<<"$output")" red=pinned,blue=pinned
	run --separate-stderr umpire fire -g iwiif --artillery light-gun --range 14 --quality exceptional
	assert_one_line_error 2
	[[ "$stderr" == *"artillery counts as capable (12.3)"* ]]
	run --separate-stderr umpire fire -g iwiif --artillery light-gun --range 14 --in-position
	assert_one_line_error 2
}

@test "19: a round of close combat and its end" {
	# 3 infantry x 3 = 9, command 1: 10; assaulting +2; infantry against
	# hard cover -4; one suppressed stand -1: 10 + 2 - 4 - 1 = 7, row 7-8
	run --separate-stderr fire --close 3xinf cmd:sup --assaulting --cover hard \
		--at red,blue:pin,white --roll red=8,blue=9,white=1
	assert_success
	assert_equal "$(json_get .factor <<<"$output")" 7
	# red 8: suppressed, falls back; blue 9 pinned again: destroyed;
	# white untouched: not all pinned, so both sides test morale
	assert_equal "$(conds <<<"$output")" red=suppressed,blue=destroyed,white=steady
	assert_equal "$(json_get '.aftermath.fall_back | join(",")' <<<"$output")" red
	assert_equal "$(json_get .aftermath.surrender <<<"$output")" false
	assert_equal "$(json_get .aftermath.morale_tests <<<"$output")" true
}

@test "19: stands in contact all pinned surrender" {
	# 2 cavalry x 4 = 8 against trenches -4: 4, row 3-4: 10 pins
	run fire --close 2xcav --cover trenches --at red,blue --roll red=0,blue=10
	assert_equal "$(json_get .factor <<<"$output")" 4
	assert_equal "$(conds <<<"$output")" red=pinned,blue=pinned
	assert_equal "$(json_get .aftermath.surrender <<<"$output")" true
	assert_equal "$(json_get .aftermath.morale_tests <<<"$output")" false
}

@test "13.6, 13.7: heavy weapons 2, pinned stands -2, armour +2" {
	# 2 hw x 2 = 4; 2 pinned inf x 3 = 6, -2 x 2 = -4; armour +2: 8
	run fire --close 2xhw 2xinf:pin --armour --at red,blue --odds
	assert_equal "$(json_get .factor <<<"$output")" 8
	run --separate-stderr umpire fire -g iwiif --close inf:broken --at red
	assert_one_line_error 2
}

@test "23: isolated armour is shot at, not engaged in close combat" {
	run --separate-stderr umpire fire -g iwiif --close 3xinf --at red:ac
	assert_one_line_error 2
	[[ "$stderr" == *"isolated armour"*"(23)"* ]]
}

@test "bad input: one line on stderr, exit 2, nothing on stdout" {
	while IFS= read -r args; do
		run --separate-stderr umpire fire -g iwiif $args
		assert_one_line_error 2
	done <<-EOF
	--range 6 modern
	--range 6 --at red
	modern --at red
	--range 6 musket --at red
	--range 6 modern --at red --roll red=11
	--range 6 modern --at red --roll blue=4
	--range 6 modern --at red --roll red=4,red=5
	--range 6 modern --at red --roll red
	--range 6 modern --at red --odds --roll red=1
	--range six modern --at red
	--range 6 modern --at Red!
	--range 6 modern --at red:tired
	--range 6 modern --at red --cover wood
	--range 6 modern --at red --assaulting
	--close inf --at red --range 4
	--close --artillery light-gun --at red
	--artillery cannon --range 6
	--artillery light-gun
	--artillery light-gun --range 6 modern
	--range 6 modern --at red --hit 4
	EOF
	run --separate-stderr umpire fire -g iwiif --range 6 modern --at red --roll blue=4
	assert_equal "$stderr" "umpire fire: no die for red in --roll 'blue=4' (expected colour=face for every colour of stand)"
	run --separate-stderr umpire fire -g loe --range 6 modern --at red
	assert_one_line_error 2
	assert_equal "$stderr" "umpire fire: loe has no fire procedure"
}

@test "the trail shows each step with its rule" {
	run umpire fire -g iwiif --range 16 --in-position --cover soft 4xmodern \
		modern:nco lmg --at red,blue:sup,red,yellow \
		--roll red=9,blue=8,white=4,yellow=3,green=10
	assert_line --index 0 "I wish I was in France!: small arms fire"
	assert_line --regexp '^  4 x modern rifle at long: 4 x 1 = 4 +13\.1$'
	assert_line --regexp '^  firer in position +\+1 x 6 = \+6 +13\.2$'
	assert_line --regexp '^  result: red=pinned,blue=pinned,red=pinned,yellow=steady +11\.2$'
}

@test "the Combat Results Table is a die table: umpire table iwiif crt" {
	# row 9-10, the rulebook example's: 7 suppresses
	run --separate-stderr umpire table iwiif crt 9-10 --roll 7 --json
	assert_success
	assert_equal "$(json_get .result.code <<<"$output")" S
	# the to-hit table's roll of 1 is two displacements under
	run umpire table iwiif to-hit direct --roll 1 --json
	assert_equal "$(json_get .result.code <<<"$output")" U2
}

@test "completion offers weapons, stand types and tags" {
	run umpire __complete fire ''
	assert_line modern
	assert_line inf
	run umpire __complete fire 4xmo
	assert_output 4xmodern
	run umpire __complete fire modern:n
	assert_output modern:nco
	run umpire __complete fire --artillery light-
	assert_line light-mortar
	assert_line light-gun
	run umpire __complete rally red:p
	assert_output red:pin
	run umpire __complete morale --test a
	assert_line ac
	assert_line assault
}

@test "18, 22.2: the assault's order is held with --morale" {
	# the assaulting unit goes in only on "will assault"
	run --separate-stderr umpire fire -g iwiif --close 3xinf --assaulting \
		--morale no-assault --at red
	assert_one_line_error 2
	[[ "$stderr" == *"the assault did not go in"*"(18, 22.2)"* ]]
	run --separate-stderr fire --close 3xinf --assaulting --morale assault \
		--at red --roll red=3
	assert_success
	assert_equal "$(json_get '.steps[0].rule' <<<"$output")" 18
	# the assaulted unit fires first only on "will stand"
	run --separate-stderr umpire fire -g iwiif --range 5 modern --assaulted \
		--morale stand-no-fire --at red
	assert_one_line_error 2
	[[ "$stderr" == *"only if its morale test gave 'stand'"* ]]
	# 2 x 2 - 2 (being assaulted) = 2; a single stand -2: 0
	run --separate-stderr fire --range 5 2xmodern --assaulted --morale stand \
		--at red --roll red=9
	assert_success
	assert_equal "$(json_get .factor <<<"$output")" 0
	run --separate-stderr umpire fire -g iwiif --range 5 modern --morale stand --at red
	assert_one_line_error 2
}

@test "12.1, 12.2: heavy guns only off the table, mortars only on it" {
	run --separate-stderr umpire fire -g iwiif --artillery heavy-gun --range 20
	assert_one_line_error 2
	[[ "$stderr" == *"(12.1)"* ]]
	run --separate-stderr umpire fire -g iwiif --artillery light-mortar --off-table
	assert_one_line_error 2
	[[ "$stderr" == *"(12.2)"* ]]
	# a field gun may be either; off table it is at extreme range, 4"
	run --separate-stderr fire --artillery light-gun --off-table --hit 4
	assert_success
	assert_equal "$(json_get .band <<<"$output")" extreme
	assert_equal "$(json_get .to_hit.text <<<"$output")" 'the aim point moves 1 x 4" = 4" beyond (over)'
}

@test "--json carries game, procedure, inputs, steps, roll, result and table_source" {
	run --separate-stderr fire --range 16 4xmodern --at red,blue --roll red=9,blue=1
	for key in game procedure inputs steps roll result table_source; do
		assert_equal "$key $(json_get "has(\"$key\")" <<<"$output")" "$key true"
	done
	assert_equal "$(json_get .inputs.range <<<"$output")" 16
	assert_equal "$(json_get '.inputs.stands[0]' <<<"$output")" 4xmodern
	assert_equal "$(json_get '[.steps[] | has("rule")] | all' <<<"$output")" true
}

@test "a Combat Results Table with a code umpire cannot apply is bad data: exit 3" {
	mkdir -p "$BATS_TEST_TMPDIR/d/iwiif"
	jq '.legend.X = "routed" | .columns[5].results["0"] = "X"' "$TOP/rules/iwiif/crt.json" \
		>"$BATS_TEST_TMPDIR/d/iwiif/crt.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" fire -g iwiif --range 16 \
		--in-position --cover soft 4xmodern modern:nco lmg --at red,blue \
		--roll red=1,blue=1
	assert_one_line_error 3
	[[ "$stderr" == *"column 9-10: code 'X' is not -, S, P or D" ]]
	printf '{"format": "umpire-chart/1", "source": "user", "bands": [{"id": "close", "max": 6}], "weapons": [{"id": "modern", "factors": [1e12]}]}' \
		>"$BATS_TEST_TMPDIR/d/iwiif/fire.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" fire -g iwiif --range 5 \
		modern --at red --roll red=1
	assert_one_line_error 3
}

@test "9, 19: a broken stand contacted surrenders; if it was all that was left, the side has" {
	# 3 infantry x 3 = 9, row 9-10; the broken red surrenders whatever
	# its die; blue's 1 leaves it steady, so the rest test morale
	run fire --close 3xinf --at red:broken,blue --roll red=1,blue=1
	assert_equal "$(json_get '.aftermath.surrendered | join(",")' <<<"$output")" red:broken
	assert_equal "$(json_get .aftermath.surrender <<<"$output")" false
	assert_equal "$(json_get .aftermath.morale_tests <<<"$output")" true
	# alone in contact, the broken stand's surrender is the side's
	run fire --close 3xinf --at red:broken --roll red=1
	assert_equal "$(json_get .aftermath.surrender <<<"$output")" true
	assert_equal "$(json_get .aftermath.morale_tests <<<"$output")" false
}

@test "19, 23: the armoured car is not in contact; it retreats when its infantry goes" {
	# as above, 2 cavalry against trenches: 4, row 3-4, a 10 pins.  The
	# car's steady die does not stop the pinned infantry surrendering,
	# and the car then retreats one move
	run fire --close 2xcav --cover trenches --at red,blue,green:ac \
		--roll red=0,blue=10,green=1
	assert_equal "$(conds <<<"$output")" red=pinned,blue=pinned,green=steady
	assert_equal "$(json_get .aftermath.surrender <<<"$output")" true
	assert_equal "$(json_get .aftermath.armour_retreats <<<"$output")" true
	# infantry that holds (a steady blue): the car stays
	run fire --close 2xcav --cover trenches --at red,blue,green:ac \
		--roll red=0,blue=1,green=1
	assert_equal "$(json_get .aftermath.surrender <<<"$output")" false
	assert_equal "$(json_get .aftermath.armour_retreats <<<"$output")" false
	# infantry that falls back (the only one suppressed; row 3-4: 9 suppresses)
	s=$(umpire table --show iwiif crt --json | jq -r '[.columns[] | select(.id == "3-4") | .results[] | select(.code == "S") | .roll][0]' | cut -d- -f1)
	run fire --close 2xcav --cover trenches --at red,green:ac --roll red=$s,green=1
	assert_equal "$(json_get '.aftermath.fall_back | join(",")' <<<"$output")" red
	assert_equal "$(json_get .aftermath.armour_retreats <<<"$output")" true
}

@test "13.5: where the stands read two rows, each row names its stands" {
	# 4 modern at 6": 8; the car is fired on as in hard cover, 8 - 4 = 4
	run --separate-stderr umpire fire -g iwiif --range 6 4xmodern --at red,blue:ac,green \
		--roll red=5,blue=5,green=1
	assert_success
	assert_line --partial "red, green: fire factor 8, row 7-8"
	assert_line --partial "blue: fire factor 4, row 3-4"
	# one row for all: no names
	run --separate-stderr umpire fire -g iwiif --range 6 4xmodern --at red,green --roll red=5,green=1
	assert_line --partial "  fire factor 8, row 7-8"
}

@test "13.3: a hit on target is said once" {
	run --separate-stderr umpire fire -g iwiif --artillery light-mortar --range 10 --at red \
		--hit 9 --roll red=5
	assert_success
	assert_line --partial "to hit: roll 9: on target"
	refute_output --partial "on target: on target"
}
