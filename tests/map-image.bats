#!/usr/bin/env bats
# Map images (lib/map_image.c, umpire-map(1) MAP IMAGES): NAME.img beside a
# map file stands in for it only while the file and the game's terrain.json
# are what it was made from.  Every test here compares an answer read from
# an image with the same answer read from the file alone, or with a value
# the rules give; an image that is stale or damaged must change nothing.

load helpers

LOE_SIT="$FIXTURES/move/loe.json"

# A copy of the shipped data in $1, images and all.
copy_data() {
	mkdir -p "$1"
	cp -R "$TOP/rules/." "$1/"
}

# The answers compared below, each printed under a header line, with its
# exit status, on the data directory $1.
answers() {
	local d=$1
	(
		export UMPIRE_DATA=$d
		set +e
		umpire -g loe move-cost --map teaching --situation "$LOE_SIT" \
		    --unit it-4 --retreat 4; echo "rc $?"
		umpire -g loe --json move-cost --map teaching --situation "$LOE_SIT" \
		    --unit et-1 --reach --ma 20; echo "rc $?"
		umpire -g loe move-cost --map teaching --situation "$LOE_SIT" \
		    --unit it-2 --to 2505; echo "rc $?"
		umpire -g loe map show teaching --around 3926 --radius 2; echo "rc $?"
		umpire -g loe map svg teaching --around 4913 --radius 2 \
		    --situation "$LOE_SIT" --reach it-2; echo "rc $?"
		umpire -g toto move-cost --map teaching --situation \
		    "$d/toto/situations/teaching.json" --unit br-inf-a --reach
		echo "rc $?"
		umpire -g sotq move-cost --map isandhlwana --situation \
		    "$d/sotq/situations/isandhlwana.json" --unit a-1-24-a --reach
		echo "rc $?"
		umpire -g sotq --json map show omdurman; echo "rc $?"
	) 2>&1
}

@test "make leaves a current image beside every shipped map" {
	local f n=0
	for f in "$TOP"/rules/*/maps/*.map; do
		assert_file_exists "${f%.map}.img"
		run umpire --json map check "$f"
		assert_success
		assert_equal "$(json_get .image <<<"$output")" current
		n=$((n + 1))
	done
	assert_equal "$n" 4
}

@test "answers read from the images are the answers read from the files" {
	copy_data "$BATS_TEST_TMPDIR/with"
	copy_data "$BATS_TEST_TMPDIR/without"
	rm "$BATS_TEST_TMPDIR"/without/*/maps/*.img
	# the copies' images stand for their files, read through that copy
	for f in "$BATS_TEST_TMPDIR"/with/*/maps/*.map; do
		run env UMPIRE_DATA="$BATS_TEST_TMPDIR/with" umpire --json map check "$f"
		assert_equal "$(json_get .image <<<"$output")" current
	done
	answers "$BATS_TEST_TMPDIR/with" >"$BATS_TEST_TMPDIR/a"
	answers "$BATS_TEST_TMPDIR/without" >"$BATS_TEST_TMPDIR/b"
	# every answer ran, and ran well
	assert_equal "$(grep -c '^rc 0$' "$BATS_TEST_TMPDIR/a")" 8
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "a map edited after its image was made is read from the file" {
	local d="$BATS_TEST_TMPDIR/d"
	copy_data "$d"
	# 6.3.11's example: 2504 -> 2505 (mountain) costs 2 MP
	run env UMPIRE_DATA="$d" umpire -g loe --json move-cost --map teaching \
	    --situation "$LOE_SIT" --unit it-2 --to 2505
	assert_equal "$(json_get .total <<<"$output")" 2
	# made clear by hand, 2505 costs what clear costs infantry: 1 MP (6.2);
	# blanks keep the file's length, so only the hash can tell
	sed -i 's/^2505 mountain$/2505 clear   /' "$d/loe/maps/teaching.map"
	assert_equal "$(stat -c %s "$d/loe/maps/teaching.map")" \
	    "$(stat -c %s "$TOP/rules/loe/maps/teaching.map")"
	run env UMPIRE_DATA="$d" umpire -g loe --json move-cost --map teaching \
	    --situation "$LOE_SIT" --unit it-2 --to 2505
	assert_success
	assert_equal "$(json_get .total <<<"$output")" 1
	run umpire --json map check "$d/loe/maps/teaching.map"
	assert_equal "$(json_get .image <<<"$output")" stale
	run umpire map check "$d/loe/maps/teaching.map"
	assert_line --index 2 --partial "out of date or damaged"
	# compile makes it current again, and the answer stays the file's
	run umpire map compile "$d/loe/maps/teaching.map"
	assert_success
	assert_output "wrote $d/loe/maps/teaching.img, the image of $d/loe/maps/teaching.map"
	run umpire --json map check "$d/loe/maps/teaching.map"
	assert_equal "$(json_get .image <<<"$output")" current
	run env UMPIRE_DATA="$d" umpire -g loe --json move-cost --map teaching \
	    --situation "$LOE_SIT" --unit it-2 --to 2505
	assert_equal "$(json_get .total <<<"$output")" 1
}

@test "a game whose words changed passes its images over" {
	local d="$BATS_TEST_TMPDIR/d" e="$BATS_TEST_TMPDIR/e"
	copy_data "$d"
	copy_data "$e"
	rm "$e"/*/maps/*.img
	# the same words in another order: every terrain index an image holds
	# now names another word, so an image read anyway would show it
	for x in "$d" "$e"; do
		jq '.terrain |= reverse' "$x/loe/terrain.json" >"$x/t" &&
		    mv "$x/t" "$x/loe/terrain.json"
	done
	run env UMPIRE_DATA="$d" umpire --json map check "$d/loe/maps/teaching.map"
	assert_equal "$(json_get .image <<<"$output")" stale
	run env UMPIRE_DATA="$d" umpire -g loe --json map show teaching \
	    --around 4913 --radius 0
	assert_success
	# 6.3.6's note: 4913 is clear with jungle
	assert_equal "$(jq -r '.shown[0] | [.terrain] + .features | join(" ")' \
	    <<<"$output")" "clear jungle"
	answers "$d" >"$BATS_TEST_TMPDIR/a"
	answers "$e" >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	# a word taken out that the map uses: the file no longer reads, which
	# an image made before would hide
	copy_data "$BATS_TEST_TMPDIR/f"
	jq '.terrain -= ["amba"]' "$TOP/rules/loe/terrain.json" \
	    >"$BATS_TEST_TMPDIR/f/loe/terrain.json"
	run --separate-stderr env UMPIRE_DATA="$BATS_TEST_TMPDIR/f" umpire -g loe \
	    move-cost --map teaching --situation "$LOE_SIT" --unit it-2 --to 2505
	assert_one_line_error 3
	[[ "$stderr" == *"not a loe terrain: 'amba'"* ]]
}

# damage KIND FILE: spoil an image one way
damage() {
	local f=$2 size
	size=$(stat -c %s "$f")
	case $1 in
	flip)	# one byte of the hexsides, near the end
		printf '\x5a' | dd of="$f" bs=1 seek=$((size - 100)) conv=notrunc \
		    status=none ;;
	header)	printf 'X' | dd of="$f" bs=1 seek=3 conv=notrunc status=none ;;
	version)	# the umpire that wrote it, after the 16-byte magic
		printf '9' | dd of="$f" bs=1 seek=16 conv=notrunc status=none ;;
	short)	truncate -s $((size / 2)) "$f" ;;
	tiny)	truncate -s 10 "$f" ;;
	empty)	: >"$f" ;;
	junk)	head -c 20000 /dev/urandom >"$f" ;;
	dir)	rm "$f" && mkdir "$f" ;;
	loop)	rm "$f" && ln -s "$(basename "$f")" "$f" ;;
	esac
}

@test "a damaged image is passed over without a word and changes no answer" {
	local kind d clean="$BATS_TEST_TMPDIR/clean"
	copy_data "$clean"
	rm "$clean"/*/maps/*.img
	answers "$clean" >"$BATS_TEST_TMPDIR/want"
	for kind in flip header version short tiny empty junk dir loop; do
		d="$BATS_TEST_TMPDIR/$kind"
		copy_data "$d"
		damage "$kind" "$d/loe/maps/teaching.img"
		damage "$kind" "$d/toto/maps/teaching.img"
		damage "$kind" "$d/sotq/maps/isandhlwana.img"
		answers "$d" >"$BATS_TEST_TMPDIR/got"
		cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got" ||
		    fail "$kind: the answers changed"
		run --separate-stderr env UMPIRE_DATA="$d" umpire -g loe move-cost \
		    --map teaching --situation "$LOE_SIT" --unit it-2 --to 2505
		assert_success
		assert_equal "$stderr" ""
		run umpire --json map check "$d/loe/maps/teaching.map"
		[ "$(json_get .image <<<"$output")" = stale ] ||
		    fail "$kind: check says the image is $(json_get .image <<<"$output")"
	done
}

@test "import writes the image of the map it installs" {
	local img="$XDG_DATA_HOME/umpire/loe/maps/mine.img"
	run umpire map import loe mine "$TOP/rules/loe/maps/teaching.map"
	assert_success
	assert_file_exists "$img"
	run umpire --json map check "$XDG_DATA_HOME/umpire/loe/maps/mine.json"
	assert_equal "$(json_get .image <<<"$output")" current
	umpire -g loe move-cost --map mine --situation "$LOE_SIT" --unit it-4 \
	    --retreat 4 >"$BATS_TEST_TMPDIR/a"
	rm "$img"
	umpire -g loe move-cost --map mine --situation "$LOE_SIT" --unit it-4 \
	    --retreat 4 >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	# a second import replaces the image with the new map's
	sed 's/^2505 mountain$/2505 clear/' "$TOP/rules/loe/maps/teaching.map" \
	    >"$BATS_TEST_TMPDIR/edited.map"
	umpire map import loe mine "$TOP/rules/loe/maps/teaching.map" >/dev/null
	umpire map import loe mine "$BATS_TEST_TMPDIR/edited.map" >/dev/null
	run umpire --json map check "$XDG_DATA_HOME/umpire/loe/maps/mine.json"
	assert_equal "$(json_get .image <<<"$output")" current
	run umpire -g loe --json move-cost --map mine --situation "$LOE_SIT" \
	    --unit it-2 --to 2505
	assert_equal "$(json_get .total <<<"$output")" 1
}

@test "map compile: its operand, a bad map, and --json" {
	cp "$TOP/rules/sotq/maps/omdurman.map" "$BATS_TEST_TMPDIR/om.map"
	run umpire --json map compile "$BATS_TEST_TMPDIR/om.map"
	assert_success
	assert_equal "$(json_get .procedure <<<"$output")" map-compile
	assert_equal "$(json_get .image <<<"$output")" "$BATS_TEST_TMPDIR/om.img"
	run umpire --json map check "$BATS_TEST_TMPDIR/om.map"
	assert_equal "$(json_get .image <<<"$output")" current

	run --separate-stderr umpire map compile
	assert_one_line_error 2
	assert_equal "$stderr" "umpire map: map compile takes a map file (.json or .map)"
	run --separate-stderr umpire map compile a.map b.map
	assert_one_line_error 2
	cp "$BATS_TEST_TMPDIR/om.map" "$BATS_TEST_TMPDIR/om.txt"
	run --separate-stderr umpire map compile "$BATS_TEST_TMPDIR/om.txt"
	assert_one_line_error 2
	[[ "$stderr" == *"om.txt: a map image is made for a .json or .map file"* ]]
	assert_file_not_exists "$BATS_TEST_TMPDIR/om.img.txt"
	run --separate-stderr umpire map compile "$BATS_TEST_TMPDIR/none.map"
	assert_one_line_error 4
	# a bad line: the parse's message, and no image
	printf 'game sotq\nlayout odd-q\nsize 0101 0303\n0101 swampy\n' \
	    >"$BATS_TEST_TMPDIR/bad.map"
	run --separate-stderr umpire map compile "$BATS_TEST_TMPDIR/bad.map"
	assert_one_line_error 3
	[[ "$stderr" == *"line 4, column 6"* ]]
	assert_file_not_exists "$BATS_TEST_TMPDIR/bad.img"
}

@test "a map that names no game stands in only for the game it was compiled for" {
	local f="$BATS_TEST_TMPDIR/ng.map"
	# amba is a loe word and no toto one
	printf 'layout odd-q\nsize 0101 0303\ndefault clear\n0202 amba\n' >"$f"
	run umpire -g loe map compile "$f"
	assert_success
	run umpire -g loe --json map show "$f" --around 0202 --radius 0
	assert_success
	assert_equal "$(jq -r '.shown[0].terrain' <<<"$output")" amba
	run umpire -g loe --json map check "$f"
	assert_equal "$(json_get .image <<<"$output")" current
	# without -g, or with another game, the file is read as if no image
	# were there: it names no game, and toto has no amba
	mv "${f%.map}.img" "$BATS_TEST_TMPDIR/keep.img"
	run --separate-stderr umpire map show "$f"
	want_none="$status $stderr"
	run --separate-stderr umpire -g toto map show "$f"
	want_toto="$status $stderr"
	mv "$BATS_TEST_TMPDIR/keep.img" "${f%.map}.img"
	run --separate-stderr umpire map show "$f"
	assert_one_line_error 3
	assert_equal "$status $stderr" "$want_none"
	run --separate-stderr umpire -g toto map show "$f"
	assert_one_line_error 3
	assert_equal "$status $stderr" "$want_toto"
	[[ "$stderr" == *"amba"* ]]
}

@test "a terrain.json in a data directory before the shipped one passes the images over" {
	local d="$BATS_TEST_TMPDIR/d"
	mkdir -p "$d/loe"
	jq '.terrain -= ["amba"]' "$TOP/rules/loe/terrain.json" >"$d/loe/terrain.json"
	# the shipped map and its image, the words from $d: the file is read
	run --separate-stderr env UMPIRE_DATA="$d" umpire -g loe move-cost \
	    --map teaching --situation "$LOE_SIT" --unit it-2 --to 2505
	assert_one_line_error 3
	[[ "$stderr" == *"not a loe terrain: 'amba'"* ]]
	# the same words again, in a file of their own: the image stands
	cp "$TOP/rules/loe/terrain.json" "$d/loe/terrain.json"
	run env UMPIRE_DATA="$d" umpire --json map check \
	    "$TOP/rules/loe/maps/teaching.map"
	assert_equal "$(json_get .image <<<"$output")" current
}

@test "a map of one game asked for as another's says so, image or not" {
	local d="$BATS_TEST_TMPDIR/d"
	copy_data "$d"
	# the toto teaching map put where loe's maps are
	cp "$d/toto/maps/teaching.map" "$d/loe/maps/other.map"
	cp "$d/toto/maps/teaching.img" "$d/loe/maps/other.img"
	run --separate-stderr env UMPIRE_DATA="$d" umpire -g loe map show other
	assert_one_line_error 3
	with="$stderr"
	rm "$d/loe/maps/other.img"
	run --separate-stderr env UMPIRE_DATA="$d" umpire -g loe map show other
	assert_one_line_error 3
	assert_equal "$stderr" "$with"
	[[ "$stderr" == *"a toto map, not loe"* ]]
}

@test "a text map that begins with a byte order mark names its game all the same" {
	local f="$BATS_TEST_TMPDIR/bom.map"
	{ printf '\357\273\277'; cat "$TOP/rules/sotq/maps/omdurman.map"; } >"$f"
	run umpire map compile "$f"
	assert_success
	# no -g: the file's own game line stands
	run umpire --json map check "$f"
	assert_equal "$(json_get .image <<<"$output")" current
}
