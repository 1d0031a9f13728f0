# move.bash: a helper for the move-cost map tests (move-cost.bats,
# move-cost-rail.bats) on the fixture maps of tests/fixtures/move.

# onfixture MAP SIT ARGS...: move-cost on fixture map MAP with situation
# SIT; the map names the game.
onfixture() {
	local map=$1 sit=$2

	shift 2
	run --separate-stderr umpire move-cost \
	    --map "$FIXTURES/move/$map" --situation "$FIXTURES/move/$sit" "$@"
}
