#!/usr/bin/env bats
# loe 3.3: hex control kept in a saved game and changed as ground units
# enter hexes, with the move applied.  Teaching map (odd-q): the Italian
# territory is the map's "italian" hexes (1012-1733 among them, 3.3 A);
# it-askari stands in 1811, in Ethiopia; 1812, 1813 and 1913 are clear
# Ethiopian hexes, 1 MP each (6.3.1).

load helpers

control() {
	umpire --json game show | jq -c '.position.control // {}'
}

setup_game() {
	umpire game new c -g loe --map teaching --situation teaching >/dev/null
	export UMPIRE_SAVED=c
}

@test "3.3 B: every hex a ground unit enters passes to its side, on the way too" {
	setup_game
	phase_to "italian movement"
	run --separate-stderr umpire move-cost --unit it-askari --to 1913 --apply
	assert_success
	assert_line --regexp '^  1812, 1813, 1913 pass to italian control +3\.3 B$'
	assert_equal "$(control)" '{"italian":["1812","1813","1913"]}'
	# undo gives the hexes back with the move
	umpire game undo >/dev/null
	assert_equal "$(control)" '{}'
}

@test "3.3 B: a hex changes hands each time the other side enters it" {
	# eth-y in 1715 (Italian territory: 1012-1733 italian) moves by
	# 1714, 1713 and 1712 (Italy's from the start) into 1812, which
	# it-askari took for Italy: all four pass to Ethiopia
	setup_game
	umpire game place eth-y --side ethiopian --type ethiopian-irr --strength 2 \
	    --ma 8 --hex 1715 >/dev/null
	phase_to "italian movement"
	umpire move-cost --unit it-askari --to 1913 --apply >/dev/null
	phase_to "ethiopian movement"
	run --separate-stderr umpire move-cost --unit eth-y --to 1812 --apply
	assert_success
	assert_line --regexp '^  1714, 1713, 1712, 1812 pass to ethiopian control +3\.3 B$'
	assert_equal "$(control)" '{"italian":["1813","1913"],"ethiopian":["1714","1713","1712","1812"]}'
}

@test "3.3 B: a move through a side's own hexes changes nothing" {
	setup_game
	phase_to "ethiopian movement"
	# eth-irr-a from 3925 into 3926, Ethiopian hexes both (3.3 A)
	run --separate-stderr umpire move-cost --unit eth-irr-a --to 3926 --apply
	assert_success
	refute_line --partial "control"
	assert_equal "$(control)" '{}'
}
