# svg.bash: helpers for the map svg tests (svg.bats, svg-answers.bats).

# render NAME ARGS...: umpire map svg ARGS > NAME.svg, and NAME.png from it
render() {
	local name=$1
	shift
	picture "$name" map svg "$@"
}

PATH_COLOUR='#e6007e'

# The cost numbers drawn on a path, in order: costs NAME
costs() {
	grep -o 'class="cost">[^<]*' "$BATS_TEST_TMPDIR/$1.svg" |
	    sed 's/.*>//' | tr '\n' ' '
}
