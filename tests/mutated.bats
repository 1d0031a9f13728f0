#!/usr/bin/env bats
# mutated: every file umpire reads is untrusted.  Each parser is fed
# files mutated from a good one (bytes flipped, runs cut, copied or
# inserted, the end cut off), the same ones on every run (a seed per
# file).  Whatever the bytes, umpire answers (0 or 1) or refuses with
# status 2 or 3 and one line on stderr and nothing on stdout, never a
# crash or a system error; and a saved file it refuses is left as it was.
# The fuzz targets (tests/fuzz) go much further; this holds the commands
# themselves to it on every check.

load helpers

ROUNDS=25

# mutate SRC DST SEED: DST is SRC with a few changes chosen by SEED
mutate() {
	python3 - "$1" "$2" "$3" <<'PY'
import random, sys
src, dst, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
r = random.Random(seed)
b = bytearray(open(src, 'rb').read())
for _ in range(r.randint(1, 4)):
    if not b:
        break
    i = r.randrange(len(b))
    op = r.randrange(6)
    if op == 0:
        b[i] = r.randrange(256)
    elif op == 1:
        del b[i:i + r.randint(1, 64)]
    elif op == 2:
        b[i:i] = b[r.randrange(len(b)):][:r.randint(1, 64)]
    elif op == 3:
        b[i:i] = bytes(r.choice(b'{}[]",:0123456789-e.\n\t x\x00\xff')
                       for _ in range(r.randint(1, 8)))
    elif op == 4:
        del b[i:]
    else:
        b[i] = r.choice(b'{}[]",:')
open(dst, 'wb').write(bytes(b))
PY
}

# judged CMD...: run it and hold its answer to the rules above
judged() {
	run --separate-stderr timeout 20 "$@"
	case "$status" in
	0 | 1) ;;
	2 | 3)
		[ -z "$output" ] || fail "status $status with output: $* :: ${output:0:200}"
		[ "$(printf '%s\n' "$stderr" | wc -l)" = 1 ] ||
		    fail "status $status, not one line: $* :: ${stderr:0:400}"
		;;
	*) fail "status $status: $* :: ${stderr:0:400}" ;;
	esac
}

# rounds SRC DST CMD...: each round mutates SRC into DST and runs CMD
rounds() {
	local src=$1 dst=$2 i
	shift 2
	for i in $(seq "$ROUNDS"); do
		mutate "$src" "$dst" "$i"
		judged "$@"
	done
}

@test "mutated map text: map check answers or refuses in one line" {
	rounds "$TOP/rules/loe/maps/teaching.map" "$BATS_TEST_TMPDIR/m.map" \
	    umpire -g loe map check "$BATS_TEST_TMPDIR/m.map"
}

@test "mutated map JSON: map check answers or refuses in one line" {
	rounds "$FIXTURES/supply/loe-corridor.json" "$BATS_TEST_TMPDIR/m.json" \
	    umpire -g loe map check "$BATS_TEST_TMPDIR/m.json"
}

@test "mutated situations: move-cost and supply-trace answer or refuse in one line" {
	local i s="$BATS_TEST_TMPDIR/s.json"
	for i in $(seq "$ROUNDS"); do
		mutate "$TOP/rules/loe/situations/teaching.json" "$s" "$i"
		judged umpire -g loe move-cost --map teaching --situation "$s" \
		    --unit it-inf-a --to 2505
		judged umpire -g loe supply-trace --map teaching --situation "$s" \
		    --side italian
	done
}

@test "mutated situation under --update: a refused file is left as it was" {
	local i s="$BATS_TEST_TMPDIR/s.json"
	for i in $(seq "$ROUNDS"); do
		mutate "$TOP/rules/loe/situations/teaching.json" "$s" "$i"
		cp "$s" "$BATS_TEST_TMPDIR/before"
		judged umpire -g loe supply-trace --map teaching --situation "$s" \
		    --side italian --update
		if [ "$status" -ge 2 ]; then
			cmp -s "$s" "$BATS_TEST_TMPDIR/before" ||
			    fail "round $i: refused, and the file changed"
		fi
	done
}

@test "mutated air saved game: refused in one line and left as it was" {
	local i f
	umpire -g loe airstrike --name war --unit sq1 --terrain clear --roll 4 >/dev/null
	f="$XDG_STATE_HOME/umpire/air/war.json"
	cp "$f" "$BATS_TEST_TMPDIR/good"
	for i in $(seq "$ROUNDS"); do
		mutate "$BATS_TEST_TMPDIR/good" "$f" "$i"
		cp "$f" "$BATS_TEST_TMPDIR/before"
		judged umpire -g loe airstrike --name war --status
		if [ "$status" -ge 2 ]; then
			cmp -s "$f" "$BATS_TEST_TMPDIR/before" ||
			    fail "round $i: refused, and the saved game changed"
		fi
	done
}

@test "mutated saved game with an air part: --apply refuses in one line, or writes a good one" {
	local i f
	umpire game new war -g loe --map teaching --situation teaching >/dev/null
	# each in its phase: the field as the Italian reinforcement phase
	# starts (loe 11.2.2 E), the strike in the air strike phase (11.4.3 B)
	umpire --saved war airstrike --build-field 4913 --apply >/dev/null
	phase_to "italian air strike" war
	umpire --saved war airstrike --unit sq1 --roll 4 --apply >/dev/null
	f="$XDG_STATE_HOME/umpire/games/war.json"
	cp "$f" "$BATS_TEST_TMPDIR/good"
	for i in $(seq "$ROUNDS"); do
		mutate "$BATS_TEST_TMPDIR/good" "$f" "$i"
		cp "$f" "$BATS_TEST_TMPDIR/before"
		judged umpire --saved war airstrike --unit sq2 --roll 3 --apply
		if [ "$status" -ge 2 ]; then
			cmp -s "$f" "$BATS_TEST_TMPDIR/before" ||
			    fail "round $i: refused, and the saved game changed"
		fi
	done
}

@test "mutated Adwa saved game: refused in one line and left as it was" {
	local i f
	umpire -g adwa --seed 1 draw new >/dev/null
	f="$XDG_STATE_HOME/umpire/decks/adwa.json"
	cp "$f" "$BATS_TEST_TMPDIR/good"
	for i in $(seq "$ROUNDS"); do
		mutate "$BATS_TEST_TMPDIR/good" "$f" "$i"
		cp "$f" "$BATS_TEST_TMPDIR/before"
		judged umpire -g adwa draw status
		if [ "$status" -ge 2 ]; then
			cmp -s "$f" "$BATS_TEST_TMPDIR/before" ||
			    fail "round $i: refused, and the saved game changed"
		fi
	done
}

@test "mutated game log: umpire log reads it or refuses in one line" {
	local i f
	umpire --log g roll 2d6 --seed 1 >/dev/null
	umpire --log g -g loe crt 8 3 --roll 4 >/dev/null
	f="$XDG_STATE_HOME/umpire/logs/g.jsonl"
	cp "$f" "$BATS_TEST_TMPDIR/good"
	for i in $(seq "$ROUNDS"); do
		mutate "$BATS_TEST_TMPDIR/good" "$f" "$i"
		judged umpire log g
		judged umpire --json log g
	done
}

@test "mutated imported chart and rulebook: refused in one line, or imported" {
	rounds "$FIXTURES/psywar.csv" "$BATS_TEST_TMPDIR/p.csv" \
	    umpire table --import toto psywar "$BATS_TEST_TMPDIR/p.csv"
	rounds "$FIXTURES/books/numbered.txt" "$BATS_TEST_TMPDIR/b.txt" \
	    umpire rules import tb "$BATS_TEST_TMPDIR/b.txt"
}
