# picture.bash: pictures for the tests that check them as pixels
# (svg.bats, svg-answers.bats, supply-trace.bats): an SVG umpire printed,
# rendered to PNG by librsvg's rsvg-convert, and read back by
# tests/svgprobe, which finds each hex from the SVG's outlines.

# picture NAME ARGS...: umpire ARGS > NAME.svg, and NAME.png from it
picture() {
	local name=$1
	shift
	umpire "$@" >"$BATS_TEST_TMPDIR/$name.svg" || return 1
	rsvg-convert "$BATS_TEST_TMPDIR/$name.svg" -o "$BATS_TEST_TMPDIR/$name.png"
}

# probe CMD NAME ARGS...: tests/svgprobe CMD on NAME.svg and NAME.png
probe() {
	local cmd=$1 name=$2
	shift 2
	"$TOP/tests/svgprobe" "$cmd" "$BATS_TEST_TMPDIR/$name.svg" \
	    "$BATS_TEST_TMPDIR/$name.png" "$@"
}
