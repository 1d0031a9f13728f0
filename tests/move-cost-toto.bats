#!/usr/bin/env bats
# move-cost on toto maps: retreats (13.1-13.4), their losses in enemy
# zones of control and the stacking limit at their ends (10.1-10.3), and
# the zones guerrillas, Lawrence and Wassmuss do not have (22.3, 23.4), on
# the 5 by 5 fixture map of tests/fixtures/move and small maps written
# here.  Every expected figure is hand arithmetic, shown beside the test.
# Rail moves: move-cost-rail.bats; the loe and sotq maps:
# move-cost-map.bats and move-cost-sotq.bats.

load helpers
load move

# A 5 by 5 clear toto map; al-1 in 0303, an Ottoman unit in 0305 whose
# zone of control covers 0304, 0306, 0405, 0406, 0205 and 0206 (odd-q).

ontoto() {
	onfixture toto-map.json toto.json "$@"
}

@test "map: toto 13.2: no retreat into an EZOC while a way free of them is open" {
	ontoto --unit al-1 --retreat 2 --json
	assert_success
	# 0301: north, clear of any EZOC
	assert_equal "$(json_get '[.ends[].hex] | index("0301") != null' <<<"$output")" true
	# 0405 is in the EZOC (1 divisional equivalent lost by 0404): with
	# 0301 and others open at no loss, it is left out
	assert_equal "$(json_get '[.ends[].hex] | index("0405")' <<<"$output")" null
	# 0305 holds the enemy: no retreat ends there
	assert_equal "$(json_get '[.ends[].hex] | index("0305")' <<<"$output")" null
	# the two ends 2 hexes away in the EZOC of 0305: 0205 and 0405
	ontoto --unit al-1 --retreat 2
	assert_line --partial "2 ends in an EZOC left out: another way is open"
}

# toto.json with ot-1, the unit in 0305, of type $1
ontype() {
	sed "s/\"type\": \"infantry\", \"strength\": 3, \"ma\": 4, \"hex\": \"0305\"/\"type\": \"$1\", \"strength\": 1, \"ma\": 4, \"hex\": \"0305\"/" \
	    "$FIXTURES/move/toto.json" >"$BATS_TEST_TMPDIR/$1.json"
	grep -q "\"$1\"" "$BATS_TEST_TMPDIR/$1.json"
}

@test "map: toto 22.3, 23.4: guerrillas, Lawrence and Wassmuss project no zone of control" {
	# an infantry division in 0305: the step into 0304 ends the move (11.4)
	ontoto --unit al-1 --to 0304 --json
	assert_success
	assert_equal "$(json_get '.path[0].stop' <<<"$output")" \
	    "it enters an enemy zone of control"
	for type in guerrilla wassmuss lawrence; do
		ontype "$type"
		run --separate-stderr umpire move-cost --map \
		    "$FIXTURES/move/toto-map.json" --situation \
		    "$BATS_TEST_TMPDIR/$type.json" --unit al-1 --to 0304 --json
		assert_success
		assert_equal "$(json_get '.path[0].stop' <<<"$output")" null
		# a retreat of 2 may end in 0205 and 0405 beside it, no
		# divisional equivalent lost (13.2 counts only EZOC entered)
		run --separate-stderr umpire move-cost --map \
		    "$FIXTURES/move/toto-map.json" --situation \
		    "$BATS_TEST_TMPDIR/$type.json" --unit al-1 --retreat 2 --json
		assert_success
		assert_equal "$(json_get '[.ends[].hex] | map(select(. == "0205" or . == "0405")) | length' <<<"$output")" 2
		assert_equal "$(json_get '[.ends[].loss // 0] | max' <<<"$output")" 0
	done
}

@test "map: toto 13.4: a retreat may stop short in a fortification on its way" {
	# the 5 by 5 map with a fort in 0302, next to al-1's 0303
	printf 'game toto\nname test-square\nlayout odd-q\nsize 0101 0505\ndefault clear\n0302 clear fort\n' \
	    >"$BATS_TEST_TMPDIR/fort.map"
	run --separate-stderr umpire move-cost --map "$BATS_TEST_TMPDIR/fort.map" \
	    --situation "$FIXTURES/move/toto.json" --unit al-1 --retreat 2 --json
	assert_success
	# 0302 is 1 hex away, yet an end, by a route of one step
	assert_equal "$(json_get '[.ends[].hex] | index("0302") != null' <<<"$output")" true
	assert_equal "$(json_get '.routes[] | select(.end == "0302") | .steps | length' <<<"$output")" 1
	assert_equal "$(json_get '.routes[] | select(.end == "0302") | .stops_early' <<<"$output")" 13.4
	# the ends 2 hexes out stand as before, their routes 2 steps long
	assert_equal "$(json_get '[.routes[] | select(.end == "0301") | .steps | length] | .[0]' <<<"$output")" 2
	# without the fort, 0302 is no end
	ontoto --unit al-1 --retreat 2 --json
	assert_equal "$(json_get '[.ends[].hex] | index("0302")' <<<"$output")" null
	# a retreat of 7, which no hex of the map allows, ends in the fort
	# instead of eliminating the unit (13.2)
	run --separate-stderr umpire move-cost --map "$BATS_TEST_TMPDIR/fort.map" \
	    --situation "$FIXTURES/move/toto.json" --unit al-1 --retreat 7 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex]' <<<"$output" | tr -d ' \n')" '["0302"]'
	run --separate-stderr umpire move-cost --map "$BATS_TEST_TMPDIR/fort.map" \
	    --situation "$FIXTURES/move/toto.json" --unit al-1 --retreat 2
	assert_line --partial "the retreat may end there, short of its length"
}

# a toto map of 5 by 5 whose hexes are clear but for the lines given
# ("HEX TERRAIN"), and a situation of the units given ("ID TYPE HEX" on
# the Allied side, "ID ottoman TYPE HEX" for an Ottoman one; markers
# after a colon: "al-1 infantry 0303:corps"), into $BATS_TEST_TMPDIR
toto_square() {
	local hexes=$1 u id rest type hex side markers sep=""

	shift
	printf 'game toto\nname test-square\nlayout odd-q\nsize 0101 0505\ndefault clear\n%s' \
	    "$hexes" >"$BATS_TEST_TMPDIR/sq.map"
	{
		printf '{ "game": "toto", "map": "test-square", "units": ['
		for u in "$@"; do
			markers=""
			case $u in *:*) markers=${u#*:}; u=${u%%:*} ;; esac
			read -r id rest <<<"$u"
			side=allied
			case $rest in ottoman\ *) side=ottoman; rest=${rest#ottoman } ;; esac
			read -r type hex <<<"$rest"
			printf '%s{ "id": "%s", "side": "%s", "type": "%s", "strength": 3, "ma": 4, "hex": "%s"%s }' \
			    "$sep" "$id" "$side" "$type" "$hex" \
			    "${markers:+, \"markers\": [\"$markers\"]}"
			sep=", "
		done
		printf ' ] }\n'
	} >"$BATS_TEST_TMPDIR/sq.json"
}

onsquare() {
	run --separate-stderr umpire move-cost --map "$BATS_TEST_TMPDIR/sq.map" \
	    --situation "$BATS_TEST_TMPDIR/sq.json" "$@"
}

@test "map: toto 13.2, 10.1: no retreat ends over the terrain's stacking limit while another end is open" {
	# lava flow holds 1 divisional equivalent (38.0), and al-2 stands in
	# 0203; 0304 lies in ot-1's zone
	toto_square $'0203 lava-flow\n' "al-1 infantry 0303" \
	    "al-2 infantry 0203" "ot-1 ottoman infantry 0305"
	onsquare --unit al-1 --retreat 1 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(" ")' <<<"$output")" \
	    "0204 0302 0403 0404"
	assert_equal "$(json_get '.ends_overstacked' <<<"$output")" 1
	# alone in 0203, al-1 would be within the limit: 0203 an end
	toto_square $'0203 lava-flow\n' "al-1 infantry 0303" \
	    "ot-1 ottoman infantry 0305"
	onsquare --unit al-1 --retreat 1 --json
	assert_equal "$(json_get '[.ends[].hex] | index("0203") != null' <<<"$output")" true
}

@test "map: toto 10.2, 13.2: a corps counts three divisional equivalents" {
	# desert holds 2 (38.0): a corps fits only the clear 0302
	toto_square $'0302 clear\n0304 desert\n0203 desert\n0204 desert\n0403 desert\n0404 desert\n' \
	    "al-1 infantry 0303:corps"
	onsquare --unit al-1 --retreat 1 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(" ")' <<<"$output")" 0302
	# a division fits them all
	toto_square $'0302 clear\n0304 desert\n0203 desert\n0204 desert\n0403 desert\n0404 desert\n' \
	    "al-1 infantry 0303"
	onsquare --unit al-1 --retreat 1 --json
	assert_equal "$(json_get '.ends | length' <<<"$output")" 6
}

@test "map: toto 13.2: an end within the stacking limit in an EZOC stands before ends over it" {
	# every hex round 0303 is lava flow holding a division, but 0304,
	# clear and empty, in ot-1's zone
	toto_square $'0302 lava-flow\n0203 lava-flow\n0204 lava-flow\n0403 lava-flow\n0404 lava-flow\n' \
	    "al-1 infantry 0303" "b1 infantry 0302" "b3 infantry 0203" \
	    "b4 infantry 0204" "b5 infantry 0403" "b6 infantry 0404" \
	    "ot-1 ottoman infantry 0305"
	onsquare --unit al-1 --retreat 1 --json
	assert_success
	assert_equal "$(json_get '[.ends[].hex] | join(" ")' <<<"$output")" 0304
	assert_equal "$(json_get '.ends[0].loss' <<<"$output")" 1
	assert_equal "$(json_get '.ends_overstacked' <<<"$output")" 5
	assert_equal "$(json_get '.last_resort' <<<"$output")" null
}

@test "map: toto 13.2, 10.3: with every end over the limit the retreat goes on, the excess to be eliminated" {
	toto_square $'0302 lava-flow\n0304 lava-flow\n0203 lava-flow\n0204 lava-flow\n0403 lava-flow\n0404 lava-flow\n' \
	    "al-1 infantry 0303" "b1 infantry 0302" "b2 infantry 0304" \
	    "b3 infantry 0203" "b4 infantry 0204" "b5 infantry 0403" \
	    "b6 infantry 0404"
	onsquare --unit al-1 --retreat 1 --json
	assert_success
	assert_equal "$(json_get '.ends | length' <<<"$output")" 6
	assert_equal "$(json_get '.last_resort' <<<"$output")" "13.2, 10.3"
}

@test "map: a retreat longer than the map allows eliminates the unit" {
	# from 0303 no hex of a 5 by 5 map is 7 hexes away
	ontoto --unit al-1 --retreat 7 --json
	assert_equal "$status" 1
	assert_equal "$(json_get '.result.code' <<<"$output")" eliminated
	assert_equal "$(json_get '.result.rule' <<<"$output")" 13.2
}

@test "toto 14.3: a garrison of attack 0 pursues no hex; one of attack 1 pursues one" {
	# 0-1-2 and 1-2-3 garrisons (35.3, 35.4) in 0303, the defender gone from 0304
	cat >"$BATS_TEST_TMPDIR/g.json" <<-'EOF2'
	{ "game": "toto", "map": "test-square", "units": [
	 { "id": "g0", "side": "allied", "type": "garrison", "strength": 0, "ma": 2, "hex": "0303" },
	 { "id": "g1", "side": "allied", "type": "garrison", "strength": 1, "ma": 3, "hex": "0303" },
	 { "id": "ot-1", "side": "ottoman", "type": "infantry", "strength": 3, "ma": 4, "hex": "0305" } ] }
	EOF2
	run --separate-stderr umpire move-cost --map "$FIXTURES/move/toto-map.json" \
	    --situation "$BATS_TEST_TMPDIR/g.json" --unit g0 --advance 1 --via 0304 --json
	assert_failure 1
	assert_equal "$(json_get '[.reach[]?.hex] | length' <<<"$output")" 0
	run --separate-stderr umpire move-cost --map "$FIXTURES/move/toto-map.json" \
	    --situation "$BATS_TEST_TMPDIR/g.json" --unit g1 --advance 1 --via 0304 --json
	assert_success
	assert_equal "$(json_get '[.reach[].hex] | join(",")' <<<"$output")" 0304
}

@test "toto 7.4, 13.4, 14.3: a fortification counter never moves, retreats or pursues" {
	# a 0-6-0 (35.3): placed in play on a unit in supply (7.4)
	run --separate-stderr umpire -g toto move-cost --unit fortification clear --json
	assert_failure 1
	assert_equal "$(json_get '.result.rule' <<<"$output")" 7.4
	run --separate-stderr umpire -g toto move-cost --unit fortification --retreat 1 clear
	assert_failure 1
	assert_output --partial "ignores retreat results"
	run --separate-stderr umpire -g toto move-cost --unit fortification --advance 1 clear
	assert_failure 1
	assert_output --partial "it pursues no hex"
}
