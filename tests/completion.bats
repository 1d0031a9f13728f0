#!/usr/bin/env bats
# completion: `umpire __complete`, and the bash, zsh and fish scripts in
# completions/ driven by each shell for real.  The scripts hold no list of
# their own, so every candidate checked here comes from the binary.
#
# zsh and fish come with `make check` (CHECK_DEBS); a test that needs one
# that is missing is skipped, never installed from here.  The end-to-end
# tests type on a pseudo-terminal through zsh's zpty module.

bats_require_minimum_version 1.5.0

bats_load_library bats-support
bats_load_library bats-assert

TOP="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
COMPLETIONS="$TOP/completions"

setup() {
	[ -x "$BATS_TEST_DIRNAME/../umpire" ] || fail "build umpire first (make)"
	export HOME="$BATS_TEST_TMPDIR/home"
	export XDG_DATA_HOME="$BATS_TEST_TMPDIR/data"
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/state"
	export XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/config"
	mkdir -p "$HOME"
	unset UMPIRE_GAME UMPIRE_DATA NO_COLOR
	PATH="$TOP:$PATH"
	# make check-valgrind: every umpire the tests run goes through valgrind
	if [ -n "${UMPIRE_VALGRIND:-}" ]; then
		PATH="$TOP/tests/valgrind:$PATH"
	fi
}

# The loe tables as rules/loe/game.json lists them, one a line.
loe_tables() {
	tr -d '\n' <"$TOP/rules/loe/game.json" |
	    sed 's/.*"tables"[[:space:]]*:[[:space:]]*\[\([^]]*\)\].*/\1/' |
	    tr -d ' \t"' | tr , '\n'
}

need() {
	command -v "$1" >/dev/null 2>&1 || skip "$1 not installed"
}

# bash_complete WORD...: the bash script's COMPREPLY for "umpire WORD...",
# the last word being the one under the cursor, one candidate a line.
bash_complete() {
	bash --norc --noprofile -c '
		source "$1" || exit 9
		shift
		COMP_WORDS=(umpire "$@")
		COMP_CWORD=$#
		_umpire || exit 8
		(( ${#COMPREPLY[@]} )) && printf "%s\n" "${COMPREPLY[@]}"
		exit 0' _ "$COMPLETIONS/umpire.bash" "$@"
}

# zsh_complete WORD...: what _umpire hands compadd (or "<files>" when it
# falls back to _files) for "umpire WORD...", under plain zsh -f with the
# completion builtins stubbed; _umpire is autoloaded from completions/ as
# compinit would.
zsh_complete() {
	zsh -f -c '
		compadd() {
			# -d takes the array of descriptions: kept for the tests
			# that ask for them (ZSH_DESCS)
			while [[ $# -gt 0 && $1 == -* && $1 != -- ]]; do
				if [[ $1 == -d ]]; then
					[[ -n $ZSH_DESCS ]] && print -rl -- "${(@P)2}"
					shift
				fi
				shift
			done
			[[ $1 == -- ]] && shift
			[[ -z $ZSH_DESCS ]] && print -rl -- "$@"
		}
		_files() { print -r -- "<files>"; }
		compset() { return 1; }
		fpath=("$1" $fpath)
		autoload -Uz _umpire || exit 9
		shift
		words=(umpire "$@")
		CURRENT=$(( $# + 1 ))
		_umpire' _ "$COMPLETIONS" "$@"
}

# fish_complete LINE: fish's own completions of LINE (complete -C).
fish_complete() {
	UMPIRE_FISH="$COMPLETIONS/umpire.fish" LINE="$1" fish -N -c '
		source $UMPIRE_FISH; or exit 9
		complete -C "$LINE"' | cut -f1
}

# type_in SHELL-COMMAND KEYS: start the shell on a pseudo-terminal (zpty),
# type KEYS, and print what the terminal showed once a line "[umpire]..."
# appears (the KEYS end by printing the edited words that way), or after
# ten seconds.
type_in() {
	zsh -f -c '
		zmodload zsh/zpty || exit 9
		zpty t "$1" || exit 9
		zpty -n -w t "$2"
		out= chunk=
		for (( i = 0; i < 100; i++ )); do
			zpty -rt t chunk && out+=$chunk
			[[ $out == *"[umpire]"*"."* ]] && break
			sleep 0.1
		done
		zpty -d t
		print -r -- "$out"' _ "$@" | tr -d '\r' | grep -ao '\[umpire\].*\.'
}

# Keys that finish a line with a Tab, then print its words as [w1][w2]...
# (Return is typed as CR: a command substitution would drop a final LF.)
# Ctrl-A and Ctrl-E are the same in readline and zle's emacs keymap.
tab_then_show() {
	printf '%s\t\001printf "[%%s]" \005; echo .\r' "$1"
}

# --- umpire __complete ------------------------------------------------------

@test "__complete: a command from its prefix" {
	run --separate-stderr umpire __complete ro
	assert_success
	assert_output roll
}

@test "__complete: -g '' lists the five games" {
	run --separate-stderr umpire __complete -g ''
	assert_success
	assert_output "$(printf '%s\n' adwa iwiif loe sotq toto)"
}

@test "__complete: table -- lists the table options and the globals" {
	run --separate-stderr umpire __complete table --
	assert_success
	for o in --roll --odds --list --show --check --import --json; do
		assert_line -- "$o"
	done
	refute_line --regexp '^[^-]'
}

@test "__complete: help '' lists the commands" {
	run --separate-stderr umpire __complete help ''
	assert_success
	assert_line roll
	assert_line table
	assert_line help
	# the same commands as at the start of a line
	assert_equal "$output" "$(umpire __complete '')"
}

@test "__complete: table loe '' lists the loe tables of game.json" {
	expected=$(loe_tables)
	[ -n "$expected" ] || fail "no tables read from rules/loe/game.json"
	run --separate-stderr umpire __complete table loe ''
	assert_success
	assert_output "$expected"
	assert_line army-cooperation
	assert_line league-of-nations
}

@test "__complete: -g toto sets the game for table" {
	run --separate-stderr umpire __complete table -g toto ps
	assert_success
	assert_output psywar
}

@test "__complete: --game=toto and -gtoto set the game as -g toto does" {
	for g in --game=toto -gtoto; do
		run --separate-stderr umpire __complete "$g" table ps
		assert_success
		assert_output psywar
	done
	# the table's columns come from the game given that way
	run --separate-stderr umpire __complete --game=loe table crt 3:
	assert_success
	assert_line 3:1
}

# A table outside every data folder, reachable as $XDG_DATA_HOME/umpire/../../
# elsewhere: a game id that is a path must not reach it, in any spelling.
@test "__complete: a game id that is a path reads nothing outside the data" {
	mkdir -p "$XDG_DATA_HOME/umpire" "$BATS_TEST_TMPDIR/elsewhere"
	sed 's|"game": "loe"|"game": "../../elsewhere"|; s|"table": "crt"|"table": "t"|' \
	    "$TOP/rules/loe/crt.json" >"$BATS_TEST_TMPDIR/elsewhere/t.json"
	grep -q '"game": "../../elsewhere"' "$BATS_TEST_TMPDIR/elsewhere/t.json" ||
	    fail "the planted table does not name the path as its game"
	for words in "-g ../../elsewhere table t" "--game=../../elsewhere table t" \
	    "-g../../elsewhere table t" "table -g ../../elsewhere t"; do
		run --separate-stderr umpire __complete $words ''
		assert_success
		assert_output "" || fail "read outside the data for: $words"
	done
	UMPIRE_GAME=../../elsewhere run --separate-stderr umpire __complete table t ''
	assert_success
	assert_output ""
	# the same words with a real game complete, so the test can fail
	run --separate-stderr umpire __complete -g loe table crt ''
	assert_line 1:6
}

@test "__complete: a FIFO in the data is passed over, not waited on" {
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	mkfifo "$BATS_TEST_TMPDIR/d/loe/game.json" "$BATS_TEST_TMPDIR/d/loe/crt.json"
	for words in "table loe ''" "table loe crt ''" "-g loe table ''"; do
		eval "set -- $words"
		UMPIRE_DATA="$BATS_TEST_TMPDIR/d" run --separate-stderr timeout 20 \
		    umpire __complete "$@"
		assert_success
		assert_equal "$stderr" ""
		# the games, which are no file, and no table
		if [ "$1" = -g ]; then
			assert_equal "$(echo $output)" "adwa iwiif loe sotq toto"
		else
			assert_output ""
		fi
	done
}

@test "__complete: nothing where a file is wanted" {
	run --separate-stderr umpire __complete --data ''
	assert_success
	assert_output ""
}

@test "__complete: never writes to stderr" {
	mkdir -p "$BATS_TEST_TMPDIR/broken/loe"
	echo '{ "tables": [' >"$BATS_TEST_TMPDIR/broken/loe/game.json"
	echo '{' >"$BATS_TEST_TMPDIR/broken/loe/army-cooperation.json"
	while IFS= read -r line; do
		eval "set -- $line"
		run --separate-stderr umpire __complete "$@"
		assert_success
		assert_equal "$stderr" "" || fail "stderr for: $line"
		UMPIRE_DATA="$BATS_TEST_TMPDIR/broken" \
		    run --separate-stderr umpire __complete "$@"
		assert_success
		assert_equal "$stderr" "" || fail "stderr (broken data) for: $line"
	done <<-'EOF'
		''
		ro
		x
		-
		--
		--nosuch ''
		-g ''
		-g nosuch table ''
		--game=loe table ''
		--seed ''
		--data ''
		--data /nonexistent table ''
		table ''
		table loe ''
		table loe army-cooperation ''
		table loe nosuch ''
		table nosuch nosuch ''
		table --roll ''
		table --check ''
		table --import loe ''
		roll ''
		roll --odds ''
		help ''
		help table ''
		nosuch ''
		-- ''
	EOF
}

# --- bash -------------------------------------------------------------------

@test "bash: the script registers _umpire with file fallback" {
	run bash --norc --noprofile -c \
	    'source "$1" && complete -p umpire' _ "$COMPLETIONS/umpire.bash"
	assert_success
	assert_output --partial "-o default"
	assert_output --partial "-F _umpire"
	assert_output --regexp ' umpire$'
}

@test "bash: umpire ro -> roll" {
	run bash_complete ro
	assert_success
	assert_output roll
}

@test "bash: umpire table loe '' -> the loe tables" {
	run bash_complete table loe ''
	assert_success
	assert_output "$(loe_tables)"
	assert_line army-cooperation
	assert_line league-of-nations
}

@test "bash: umpire table -- -> options" {
	run bash_complete table --
	assert_success
	assert_line -- --odds
	assert_line -- --json
}

@test "bash: quoted words reach umpire unquoted" {
	run bash_complete '"table"' -g "'toto'" "ps"
	assert_success
	assert_output psywar
	run bash_complete table loe '"le'
	assert_output league-of-nations
}

@test "bash: no candidates where a file is wanted (-o default takes over)" {
	run bash_complete --data ''
	assert_success
	assert_output ""
}

@test "bash: --game=VALUE split at '=' by COMP_WORDBREAKS" {
	run bash --norc --noprofile -c '
		source "$1"
		COMP_LINE="umpire --game=to" COMP_POINT=${#COMP_LINE}
		COMP_WORDS=(umpire --game = to) COMP_CWORD=3
		_umpire; printf "%s\n" "${COMPREPLY[@]}"
		COMP_LINE="umpire --game=" COMP_POINT=${#COMP_LINE}
		COMP_WORDS=(umpire --game =) COMP_CWORD=2
		_umpire; printf "%s\n" "${COMPREPLY[@]}"' _ "$COMPLETIONS/umpire.bash"
	assert_success
	assert_output "$(printf '%s\n' toto adwa iwiif loe sotq toto)"
}

@test "bash: --game=VALUE kept whole without '=' in COMP_WORDBREAKS" {
	run bash --norc --noprofile -c '
		source "$1"
		COMP_WORDBREAKS=" "
		COMP_LINE="umpire --game=to" COMP_POINT=${#COMP_LINE}
		COMP_WORDS=(umpire --game=to) COMP_CWORD=1
		_umpire; printf "%s\n" "${COMPREPLY[@]}"
		COMP_LINE="umpire --game=toto table ps" COMP_POINT=${#COMP_LINE}
		COMP_WORDS=(umpire --game=toto table ps) COMP_CWORD=3
		_umpire; printf "%s\n" "${COMPREPLY[@]}"' _ "$COMPLETIONS/umpire.bash"
	assert_success
	assert_output "$(printf '%s\n' --game=toto psywar)"
}

@test "bash: a word with ':' does not break the words after it" {
	run bash --norc --noprofile -c '
		source "$1"
		COMP_LINE="umpire --seed=a:b table loe le" COMP_POINT=${#COMP_LINE}
		COMP_WORDS=(umpire --seed = a : b table loe le) COMP_CWORD=8
		_umpire; printf "%s\n" "${COMPREPLY[@]}"' _ "$COMPLETIONS/umpire.bash"
	assert_success
	assert_output league-of-nations
}

@test "bash: interactive, Tab on a terminal (readline)" {
	need zsh
	zsh -f -c 'zmodload zsh/zpty' 2>/dev/null || skip "zsh has no zpty"
	cmd="TERM=dumb HISTFILE=/dev/null bash --norc --noprofile -i"
	init="PS1='\$ '; source '$COMPLETIONS/umpire.bash'"$'\n'
	run type_in "$cmd" "$init$(tab_then_show 'umpire ro')"
	assert_output "[umpire][roll]."
	run type_in "$cmd" "$init$(tab_then_show 'umpire table loe ar')"
	assert_output "[umpire][table][loe][army-cooperation]."
	run type_in "$cmd" "$init$(tab_then_show 'umpire --game=to')"
	assert_output "[umpire][--game=toto]."
	run type_in "$cmd" "$init$(tab_then_show "umpire --data $COMPLETIONS/umpire.b")"
	assert_output "[umpire][--data][$COMPLETIONS/umpire.bash]."
}

# --- zsh --------------------------------------------------------------------

@test "zsh: the file is a #compdef umpire function" {
	run head -1 "$COMPLETIONS/_umpire"
	assert_output "#compdef umpire"
}

@test "zsh: umpire ro -> roll" {
	need zsh
	run zsh_complete ro
	assert_success
	assert_output roll
}

@test "zsh: umpire table loe '' -> the loe tables" {
	need zsh
	run zsh_complete table loe ''
	assert_success
	assert_output "$(loe_tables)"
	assert_line army-cooperation
	assert_line league-of-nations
}

@test "zsh: quoted words reach umpire unquoted" {
	need zsh
	run zsh_complete "'table'" -g "'toto'" ps
	assert_success
	assert_output psywar
}

@test "zsh: _files when umpire has no candidates" {
	need zsh
	run zsh_complete --data ''
	assert_success
	assert_output "<files>"
}

@test "zsh: interactive, Tab on a terminal (compinit, zle)" {
	need zsh
	zsh -f -c 'zmodload zsh/zpty' 2>/dev/null || skip "zsh has no zpty"
	cmd="TERM=dumb zsh -f -i"
	init="PS1='%% '; fpath=('$COMPLETIONS' \$fpath); autoload -Uz compinit; compinit -u -D"$'\n'
	run type_in "$cmd" "$init$(tab_then_show 'umpire ro')"
	assert_output "[umpire][roll]."
	run type_in "$cmd" "$init$(tab_then_show 'umpire table loe l')"
	assert_output "[umpire][table][loe][league-of-nations]."
	run type_in "$cmd" "$init$(tab_then_show 'umpire --game=to')"
	assert_output "[umpire][--game=toto]."
	run type_in "$cmd" "$init$(tab_then_show "umpire --data $COMPLETIONS/umpire.b")"
	assert_output "[umpire][--data][$COMPLETIONS/umpire.bash]."
}

# --- fish -------------------------------------------------------------------

@test "fish: umpire ro -> roll" {
	need fish
	run fish_complete "umpire ro"
	assert_success
	assert_output roll
}

@test "fish: umpire table loe -> the loe tables" {
	need fish
	run fish_complete "umpire table loe "
	assert_success
	assert_output "$(loe_tables)"
	assert_line army-cooperation
	assert_line league-of-nations
}

@test "fish: --game=VALUE and -g VALUE" {
	need fish
	run fish_complete "umpire --game=to"
	assert_output -- --game=toto
	run fish_complete "umpire -g toto table ps"
	assert_output psywar
}

@test "fish: quoted words reach umpire unquoted" {
	need fish
	run fish_complete "umpire 'table' -g toto ps"
	assert_output psywar
	run fish_complete "umpire table loe 'le"
	assert_output league-of-nations
}

@test "fish: paths when umpire has no candidates" {
	need fish
	run fish_complete "umpire --data $COMPLETIONS/umpire.b"
	assert_success
	assert_output "$COMPLETIONS/umpire.bash"
}

# --- all three --------------------------------------------------------------

@test "the scripts hold no command, option, game or table of their own" {
	for f in umpire.bash _umpire umpire.fish; do
		run grep -n -E -e 'roll|--odds|--json|--list|loe|toto|army-' \
		    "$COMPLETIONS/$f"
		assert_failure 1
		run grep -c '__complete' "$COMPLETIONS/$f"
		assert_success
	done
}

@test "__complete: move-cost --to and --via complete hexes of the --map on the line" {
	# the loe teaching map runs from 0801 to 5535 (its "size"): column
	# 49 holds rows 01 to 35, so 492 is 4920..4929 and 553 is 5530..5535
	run --separate-stderr umpire __complete -g loe move-cost --map teaching \
	    --situation s.json --unit it-2 --to 492
	assert_success
	assert_output "$(seq 4920 4929)"
	run --separate-stderr umpire __complete -g loe move-cost --map=teaching \
	    --advance 1 --via 553
	assert_output "$(seq 5530 5535)"
	run --separate-stderr umpire __complete -g loe move-cost --map teaching \
	    --to 49
	assert_equal "$(wc -l <<<"$output")" 35
	# a one-word place name of the map, as for map --around
	run --separate-stderr umpire __complete -g loe move-cost --map teaching \
	    --to Asm
	assert_output Asmara
	# no map given: nothing to offer
	run --separate-stderr umpire __complete -g loe move-cost --to 49
	assert_output ""
	assert_equal "$stderr" ""
}

@test "completion knows the game: --map, --situation and --unit's ids" {
	# the game's shipped names (umpire words loe maps / situations)
	run umpire __complete -g loe move-cost --situation ''
	assert_output teaching
	run umpire __complete -g loe supply-trace --map te
	assert_output teaching
	# a path is the shell's to complete: nothing from umpire
	run umpire __complete -g loe supply-trace --situation ./
	assert_output ""
	# --unit: the ids of the situation on the line, its game and map its
	# own (the teaching situation's Italian units)
	run umpire __complete -g loe move-cost --situation teaching --unit it-inf
	assert_equal "$(sort <<<"$output" | tr '\n' ' ')" "it-inf-a it-inf-b it-inf-c "
	run umpire __complete supply-trace --situation isandhlwana --unit f-
	assert_output f-1-24
	# without a situation, move-cost's --unit is a type
	run umpire __complete -g loe move-cost --unit mountain
	assert_output mountain-inf
}

@test "zsh and fish show what each command and option does" {
	need zsh
	# the command table's summary and the option table's help line
	ZSH_DESCS=1 run zsh_complete ro
	assert_output "roll -- roll dice, or give the exact odds of every total"
	ZSH_DESCS=1 run zsh_complete crt --od
	assert_output "--odds -- give the chance of every result instead of rolling"
	need fish
	run fish -N -c "source '$COMPLETIONS/umpire.fish'; complete -C 'umpire ro'"
	assert_output $'roll\troll dice, or give the exact odds of every total'
	# values stay bare: a table is a word, not a word and a line
	run umpire __complete --describe table loe league
	assert_output league-of-nations
}

@test "--side and --supply offer the game's own sides only" {
	# the sides a situation of the game may name (umpire words GAME sides)
	run umpire __complete -g loe supply-trace --side ''
	assert_equal "$(tr '\n' ' ' <<<"$output")" "italian ethiopian "
	run umpire __complete -g toto map show teaching --supply ''
	assert_equal "$(tr '\n' ' ' <<<"$output")" "ottoman allied neutral "
	run umpire __complete -g sotq move-cost --side ''
	assert_equal "$(tr '\n' ' ' <<<"$output")" "british zulu dervish "
	# no game: every game's, each once
	run umpire __complete supply-trace --side ''
	assert_equal "$(sort -u <<<"$output" | wc -l)" 8
}
