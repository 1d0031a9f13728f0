# battles.sh: bench_battles N prints N lines of `umpire crt --batch`
# input, a mix that repeats every three lines: a loe battle with air
# support, a loe battle with an out-of-supply attacker in some terrain,
# a toto raid.  Sourced by tests/bench/crt and tests/bench/guard.
bench_battles() {
	awk -v n="$1" 'BEGIN {
		split("clear mountain amba jungle", ter, " ")
		for (i = 0; i < n; i++) {
			a = 1 + i % 17; d = 1 + (i * 7) % 11; r = 1 + i % 6
			if (i % 3 == 2)
				printf "{\"game\":\"toto\",\"attack\":%d,\"defense\":%d,\"table\":\"raid\",\"roll\":%d}\n", a + 5, d, r
			else if (i % 3 == 1)
				printf "{\"game\":\"loe\",\"attack\":\"%d,3:oos\",\"defense\":%d,\"terrain\":\"%s\",\"attacker\":\"italian\",\"roll\":%d}\n", a, d, ter[1 + i % 4], r
			else
				printf "{\"game\":\"loe\",\"attack\":%d,\"defense\":%d,\"air\":1,\"roll\":%d}\n", a, d, r
		}
	}'
}
