#!/usr/bin/env bats
# A sixth game is one folder (issue 37): a copy of the source tree gets
# tests/fixtures/games/toy/ as lib/games/toy/ (its C) and rules/toy/ (its
# data), and is built again.  The made-up game's crt answers by its own
# rules (T1, T2.1, T2.2 of tests/fixtures/games/toy/rules/reference.txt),
# the game lists and completion show it, and no file of the tree was
# edited to get there: only the two folders were added.
#
# The copy is built once for the whole file (setup_file), at -O0 to be
# quick (about 20 s): first as it is, then again with the folder dropped
# in, which recompiles only the new game and the list of games.  At -O0
# GCC warns of truncations it cannot rule out, so WERROR= keeps them
# warnings there; the developer build keeps them errors.
load helpers

TOY="$FIXTURES/games/toy"

# The files of the tree the build reads: the git checkout's own list.
tree_files() {
	git -C "$TOP" ls-files lib cmd rules man completions Makefile \
	    tests/install-deps
}

setup_file() {
	git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1 ||
	    skip "not a git checkout: no list of the tree's files"
	TREE="$BATS_FILE_TMPDIR/tree"
	export TREE
	mkdir -p "$TREE"
	(cd "$TOP" && tree_files | xargs -d '\n' cp -p --parents -t "$TREE") ||
	    return 1
	make -C "$TREE" -j2 CFLAGS=-O0 WERROR= umpire >"$BATS_FILE_TMPDIR/make1" 2>&1 ||
	    { cat "$BATS_FILE_TMPDIR/make1" >&3; return 1; }
	cp "$TREE/umpire" "$BATS_FILE_TMPDIR/umpire-before"
	mkdir "$TREE/lib/games/toy"
	cp "$TOY"/*.c "$TREE/lib/games/toy/"
	cp -R "$TOY/rules" "$TREE/rules/toy"
	make -C "$TREE" -j2 CFLAGS=-O0 WERROR= V=1 umpire >"$BATS_FILE_TMPDIR/make2" 2>&1 ||
	    { cat "$BATS_FILE_TMPDIR/make2" >&3; return 1; }
}

# the copy's umpire, not this tree's (helpers' setup puts that on PATH)
umpire() {
	"$TREE/umpire" "$@"
}

@test "game folder: adding it rebuilt only the new game and the list of games" {
	# the second make compiled toy.c and the list, and nothing else
	run grep -c -E ' -c -o [^ ]+\.o ' "$BATS_FILE_TMPDIR/make2"
	assert_output 2
	run grep -E ' -c -o lib/games/toy/toy\.o ' "$BATS_FILE_TMPDIR/make2"
	assert_success
	run grep -E ' -c -o lib/games/registry\.o ' "$BATS_FILE_TMPDIR/make2"
	assert_success
	# the umpire built before the folder came knows no toy (rules/toy/
	# alone makes it a rulebook for -g, not a game)
	run --separate-stderr "$BATS_FILE_TMPDIR/umpire-before" crt -g toy 5 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: unknown game: 'toy' (expected adwa, iwiif, loe, sotq or toto)"
}

@test "game folder: no file of the tree was edited, only folders added" {
	cd "$TOP"
	while IFS= read -r f; do
		cmp -s "$f" "$TREE/$f" || fail "$f differs in the copy"
	done < <(tree_files)
	# and lib/ outside lib/games holds nothing new
	run bash -c "cd '$TREE' && ls lib/*.c lib/*.h | sort"
	assert_output "$(cd "$TOP" && git ls-files 'lib/*.c' 'lib/*.h' | grep -v '^lib/.*/' | sort)"
}

@test "game folder: crt -g toy settles a battle by the toy's own table" {
	# T1: 5,3 is 8 against 4; T2.1: +4 is past +2, read on +2;
	# T2.2: a 2 on +2 is 1-2, NE
	run --separate-stderr umpire crt -g toy 5,3 4 --roll 2
	assert_success
	assert_line --index 0 "Toy Battle: combat"
	assert_line --regexp "^  attack 8  vs  defense 4 +T1$"
	assert_line --regexp "^  difference \+4: column \+2 +T2.1$"
	assert_line --regexp "^  result: NE  no effect +T2.2$"
	# 3 against 4 is -1: a 3 on -1 is 1-3, AE
	run --separate-stderr umpire --json crt -g toy 3 4 --roll 3
	assert_success
	assert_equal "$(json_get '.game + " " + .column + " " + .result.code + " " + .result.rule' <<<"$output")" \
	    "toy -1 AE T2.2"
	# 6 against 6 is 0: a 5 on 0 is 5-6, DE
	run --separate-stderr umpire --json crt -g toy 6 6 --roll 5
	assert_equal "$(json_get .result.code <<<"$output")" DE
}

@test "game folder: the toy's own option is parsed, shown and completed" {
	# T3: 5 against 4 is +1, a 4 on +1 is DE; in fog the attack is 3,
	# 3 against 4 is -1, and a 4 on -1 is NE
	run --separate-stderr umpire --json crt -g toy 5 4 --roll 4
	assert_equal "$(json_get .result.code <<<"$output")" DE
	run --separate-stderr umpire crt -g toy 5 4 --fog --roll 4
	assert_success
	assert_line --regexp "^  fog: the attack counts 2 less, 3 +T3$"
	assert_line --regexp "^  result: NE  no effect +T2.2$"
	# --help shows it under the game, with -g and without
	run --separate-stderr umpire -g toy crt --help
	assert_line "toy (Toy Battle):"
	assert_line --regexp "^ +--fog +fog over the field"
	refute_line --regexp "^ +--gas( |$)"
	run --separate-stderr umpire crt --help
	assert_line --regexp "^ +--fog +fog over the field"
	run --separate-stderr umpire __complete -g toy crt --f
	assert_output "--fog"
	# another game's crt refuses it, naming it
	run --separate-stderr umpire crt -g loe 5 4 --fog --roll 4
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --fog does not apply to loe"
}

@test "game folder: the toy's crt refuses what it does not read, as every game's does" {
	# terrain is loe's (and others'), a field of no game is unknown
	run --separate-stderr umpire crt -g toy 5 3 --terrain clear
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --terrain does not apply to toy"
	run --separate-stderr umpire crt -g toy --batch <<<'{"attack":5,"defense":3,"frobs":1}'
	assert_equal "$(json_get .error <<<"$output")" "unknown field: 'frobs'"
	# its help shows the options it reads, and those no game's crt reads
	run --separate-stderr umpire -g toy crt --help
	assert_line --regexp "^ +--roll list( |$)"
	assert_line --regexp "^ +--batch( |$)"
	refute_line --regexp "^ +--terrain( |$)"
}

@test "game folder: the game lists, messages and completion show it" {
	run --separate-stderr umpire --help
	assert_line --regexp "^  toy +Toy Battle$"
	run --separate-stderr umpire help --json
	assert_equal "$(json_get '.games | map(.id) | join(" ")' <<<"$output")" \
	    "adwa iwiif loe sotq toto toy"
	run --separate-stderr umpire __complete -g ''
	assert_equal "$(echo $output)" "adwa iwiif loe sotq toto toy"
	run --separate-stderr umpire __complete -g t
	assert_equal "$(echo $output)" "toto toy"
	run --separate-stderr umpire -g chess roll 1d6
	assert_equal "$stderr" "umpire roll: unknown game in -g: 'chess' (expected adwa, iwiif, loe, sotq, toto or toy)"
	# and its own data: its table and its reference
	run --separate-stderr umpire table --list toy
	assert_success
	assert_output --partial "Toy Combat Table"
	run --separate-stderr umpire rules search -g toy 'end column'
	assert_success
	assert_output --partial "T2.1"
}
