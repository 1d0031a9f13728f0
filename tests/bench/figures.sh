# figures.sh: what tests/bench/move-cost and tests/bench/supply share,
# sourced by them with $n (runs) and $out set: the do-nothing programs and
# the timer built with the same compiler and flags, and bench LABEL CMD...,
# which prints one row: the median wall and CPU times over $n runs, the
# page faults of a run, the instructions of one run under callgrind, each
# with its ratio to the do-nothing C program's; and the median ratio of
# $n pairs, the command and the do-nothing program run back to back
# (timeit -p), which holds still when a busy host makes the times of
# the whole run drift.
mkdir -p "$out"
cc=${CC:-cc}
flags=${CFLAGS:--O2 -g}
$cc $flags -o "$out/timeit" tests/bench/timeit.c || exit 4
printf 'int main(void) { return 0; }\n' >"$out/noop.c"
$cc $flags -o "$out/noop" "$out/noop.c" || exit 4
umpire=${UMPIRE:-./umpire}	# UMPIRE=other/umpire: another build, to compare
[ -x "$umpire" ] || { echo "build umpire first: make" >&2; exit 4; }

# the same program linked statically, as umpire is (see the Makefile): how
# much of the do-nothing program's time is the dynamic loader's
$cc $flags -static -o "$out/noop-static" "$out/noop.c" || exit 4

set -- $("$out/timeit" -f "$n" "$out/noop")
base=$1 cbase=$2 fbase=$3
instr() {
	command -v valgrind >/dev/null || { echo -; return; }
	valgrind --tool=callgrind --callgrind-out-file="$out/cg.out" "$@" \
	    >/dev/null 2>&1
	callgrind_annotate "$out/cg.out" 2>/dev/null |
	    awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
ibase=$(instr "$out/noop")
row() {
	printf '%-44s %7s %6s %6s %7s %6s %6s %6s %10s %6s\n' "$@"
}
ratio() {
	awk "BEGIN { if (\"$1\" == \"-\" || \"$2\" == \"-\") print \"-\"; else printf \"%.2f\", $1 / $2 }"
}
row "command ($n runs, median)" "wall us" "ratio" "paired" "cpu us" "ratio" \
    "faults" "ratio" "instr" "ratio"
row "do-nothing C program" "$base" "1.00" "1.00" "$cbase" "1.00" "$fbase" "1.00" \
    "$ibase" "1.00"
bench() {
	label=$1
	shift
	tcf=$("$out/timeit" -f "$n" "$@") || exit 4
	set -- $tcf "$@"
	t=$1 c=$2 f=$3
	shift 3
	i=$(instr "$@")
	p=$("$out/timeit" -p "$out/noop" "$n" "$@") || exit 4
	row "$label" "$t" "$(ratio "$t" "$base")" "${p% *}" "$c" "$(ratio "$c" "$cbase")" \
	    "$f" "$(ratio "$f" "$fbase")" "$i" "$(ratio "$i" "$ibase")"
}

# The kernel keeps a file's pages in its cache as they came: a file written
# in one piece (install(1), cp: as `make install` writes umpire) in large
# folios; one the linker wrote, or that exec read back a page at a time
# after the cache dropped it, in single pages.  On a machine whose TLB
# coalesces contiguous pages (AMD Zen, measured here) the same binary
# starts about 0.1 of a do-nothing run faster in the first state, whatever
# the command.  copies makes a copy in each state, run from $out with
# UMPIRE_DATA naming the build tree's rules (a stat for an access and a
# readlink, the same time): $out/umpire-whole and $out/umpire-pages.
copies() {
	install -m 755 "$umpire" "$out/umpire-whole" || exit 4
	dd if="$umpire" of="$out/umpire-pages" bs=4096 2>/dev/null || exit 4
	chmod 755 "$out/umpire-pages"
	UMPIRE_DATA=$PWD/rules
	export UMPIRE_DATA
}
