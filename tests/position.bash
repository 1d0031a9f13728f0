# position.bash: situations written on the spot for the position checks
# (stacking.bats, entrench.bats) on a game's shipped map.

# pos GAME MAP NAME UNIT-JSON...: the situation $BATS_TEST_TMPDIR/NAME.json.
pos() {
	local game=$1 map=$2 name=$3 body
	shift 3
	body=$(IFS=,; echo "$*")
	printf '{ "game": "%s", "map": "%s", "units": [ %s ] }\n' "$game" \
	    "$map" "$body" >"$BATS_TEST_TMPDIR/$name.json"
}

# un ID SIDE TYPE HEX STRENGTH [MARKER...]: one unit as JSON, MA 6.
un() {
	local id=$1 side=$2 type=$3 hex=$4 str=$5 m=""
	shift 5
	[ $# -gt 0 ] && m=", \"markers\": [$(printf '"%s",' "$@" | sed 's/,$//')]"
	printf '{ "id": "%s", "side": "%s", "type": "%s", "strength": %s, "ma": 6, "hex": "%s"%s }' \
	    "$id" "$side" "$type" "$str" "$hex" "$m"
}
