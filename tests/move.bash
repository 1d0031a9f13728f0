# move.bash: helpers for the move-cost tests (move-cost.bats without a map,
# move-cost-map.bats, move-cost-rail.bats and move-cost-toto.bats on the
# fixture maps of tests/fixtures/move).

# mc ARGS...: move-cost with ARGS, stdout and stderr apart.
mc() {
	run --separate-stderr umpire move-cost "$@"
}

# onfixture MAP SIT ARGS...: move-cost on fixture map MAP with situation
# SIT; the map names the game.
onfixture() {
	local map=$1 sit=$2

	shift 2
	run --separate-stderr umpire move-cost \
	    --map "$FIXTURES/move/$map" --situation "$FIXTURES/move/$sit" "$@"
}
