#!/usr/bin/env bats
# umpire victory, Twilight of the Ottomans (30): each side's level by its
# own total, 0-25 Twilight, 26-50 Draw, 51-75 Victory, 76-100 Imperial
# Victory (30.1), judged at the game's end; the automatic victory (30.2):
# a side at 0 VP while the other has 1 or more, at once, or one side in
# all twelve cities, in the victory check phase.

load helpers
load victory

# A map of a row of twelve hexes, each one of 30.2's cities by name, and
# a situation with an Allied unit in each of them but the last, which
# holds an Ottoman fortification only (no force, 30.2).
cities_map() {
	local i=0 c
	{
		echo "game toto"
		echo "name cities"
		echo "layout odd-q"
		echo "size 0101 1201"
		echo "default clear"
		for c in Constantinople Damascus Jerusalem Baghdad Erzincan Medina \
		    Alexandria Cairo Tiflis Baku Awaz Abadan; do
			i=$((i + 1))
			printf 'place %02d01 %s\n' "$i" "$c"
		done
	} >"$BATS_TEST_TMPDIR/cities.map"
	umpire map import toto cities "$BATS_TEST_TMPDIR/cities.map" >/dev/null
	jq -n '{format: "umpire-situation/1", game: "toto", map: "cities",
	    units: (([range(1; 12)] | map({id: "al-\(.)", side: "allied",
	    type: "infantry", strength: 2, ma: 4,
	    hex: (("0\(.)" | .[-2:]) + "01")})) + [{id: "fort", side: "ottoman",
	    type: "fortification", strength: 0, hex: "1201"}])}' \
	    >"$BATS_TEST_TMPDIR/cities.json"
}

@test "30.1: each level by the side's own total, at the band edges" {
	verdict -g toto --ottoman-vp 25 --allied-vp 26 --at-end
	assert_equal "$got" "levels 30.1"
	assert_equal "$(jq -r '"\(.levels.ottoman) \(.levels.allied)"' <<<"$json")" \
	    "twilight draw"
	verdict -g toto --ottoman-vp 75 --allied-vp 76 --at-end
	assert_equal "$(jq -r '"\(.levels.ottoman) \(.levels.allied)"' <<<"$json")" \
	    "victory imperial-victory"
	# both may win: 51 and 100
	verdict -g toto --ottoman-vp 51 --allied-vp 100 --at-end
	assert_equal "$(jq -r .result.text <<<"$json")" \
	    "the Ottomans: Victory (51 VP); the Allies: Imperial Victory (100 VP)"
}

@test "30.1 is judged at the game's end only" {
	verdict -g toto --ottoman-vp 60 --allied-vp 40
	assert_equal "$got" "none 30.1"
	assert_line "the Ottomans: 60 VP, Victory if the game ended now"
}

@test "30.2: a side at 0 VP while the other has 1 or more loses at once; both at 0 do not" {
	verdict -g toto --ottoman-vp 0 --allied-vp 1
	assert_equal "$got" "allied 30.2"
	verdict -g toto --ottoman-vp 7 --allied-vp 0
	assert_equal "$got" "ottoman 30.2"
	verdict -g toto --ottoman-vp 0 --allied-vp 0
	assert_equal "$got" "none 30.1"
}

@test "30.2: all twelve cities, in the victory check phase; a fortification holds none" {
	cities_map
	verdict -g toto --situation "$BATS_TEST_TMPDIR/cities.json" \
	    --ottoman-vp 30 --allied-vp 30 --at-end
	assert_equal "$got" "levels 30.1"
	assert_line "not met: the Allies hold 11 of the 12 cities; in the victory check phase"
	assert_line "not met: the Ottomans hold 0 of the 12 cities; in the victory check phase"
	# an Allied unit joins the fortification in Abadan
	jq '.units += [{id: "al-12", side: "allied", type: "infantry",
	    strength: 2, ma: 4, hex: "1201"}] | .units |= map(select(.id != "fort"))' \
	    "$BATS_TEST_TMPDIR/cities.json" >"$BATS_TEST_TMPDIR/all.json"
	verdict -g toto --situation "$BATS_TEST_TMPDIR/all.json" \
	    --ottoman-vp 30 --allied-vp 30 --at-end
	assert_equal "$got" "allied 30.2"
	# on a saved game, only in the victory check phase
	umpire game new tt -g toto --map cities --situation "$BATS_TEST_TMPDIR/all.json" \
	    >/dev/null
	export UMPIRE_SAVED=tt
	verdict --ottoman-vp 30 --allied-vp 30
	assert_equal "$got" "none 30.1"
	assert_line "not met: the Allies hold 12 of the 12 cities; looked at only in the victory check phase"
	phase_to "victory check"
	verdict --ottoman-vp 30 --allied-vp 30
	assert_equal "$got" "allied 30.2"
}

@test "the teaching map names two of the cities: the occupation is not looked at" {
	verdict -g toto --situation teaching --ottoman-vp 30 --allied-vp 3 --at-end
	assert_equal "$got" "levels 30.1"
	assert_line --partial "the 12 cities: not looked at, map teaching does not name Constantinople, Damascus"
}

@test "bad input: one line, exit 2, nothing on stdout" {
	run --separate-stderr umpire victory -g toto --ottoman-vp 30
	assert_one_line_error 2
	assert_equal "$stderr" "umpire victory: the victory points are kept on the track, not in the position: give --allied-vp N (0 to 100, 5.7)"
	run --separate-stderr umpire victory -g toto --ottoman-vp 101 --allied-vp 3
	assert_one_line_error 2
	run --separate-stderr umpire victory -g toto --ottoman-vp 1 --allied-vp 3 \
	    --exits 12:1
	assert_one_line_error 2
	[[ "$stderr" == *"--exits does not apply to toto"* ]]
}
