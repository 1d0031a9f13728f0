# sotq.bash: helpers for the sotq map tests (move-cost-sotq.bats,
# supply-trace-sotq.bats): situations written on the spot for the 7 by 7
# test map tests/fixtures/move/sotq-square.json, named for the Isandhlwana
# battle.

# sit NAME UNIT-JSON...: the situation $BATS_TEST_TMPDIR/NAME.json, for
# the battle $BATTLE (isandhlwana unless set).
sit() {
	local name=$1 body
	shift
	body=$(IFS=,; echo "$*")
	printf '{ "game": "sotq", "map": "%s", "units": [ %s ] }\n' \
	    "${BATTLE:-isandhlwana}" "$body" >"$BATS_TEST_TMPDIR/$name.json"
}

# u ID SIDE TYPE HEX [MARKER...]: one unit as JSON.
u() {
	local id=$1 side=$2 type=$3 hex=$4 m=""
	shift 4
	[ $# -gt 0 ] && m=", \"markers\": [$(printf '"%s",' "$@" | sed 's/,$//')]"
	printf '{ "id": "%s", "side": "%s", "type": "%s", "strength": 4, "hex": "%s"%s }' \
	    "$id" "$side" "$type" "$hex" "$m"
}

# on_square CMD NAME ARGS...: run `umpire -g sotq CMD` on the test map with
# the situation NAME written by sit.
on_square() {
	local cmd=$1 s=$2
	shift 2
	run --separate-stderr umpire -g sotq "$cmd" \
	    --map "$FIXTURES/move/sotq-square.json" \
	    --situation "$BATS_TEST_TMPDIR/$s.json" "$@"
}
