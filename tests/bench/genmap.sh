# genmap.sh: bench_genmap COLS prints a Lion of Ethiopia map of COLS
# columns of 100 rows in the compact text form: runs of terrain down each
# column, some jungle and marsh, an ocean hex here and there, roads along
# rows 10, 50 and 90, the two corners clear so that a path joins them.
# Sourced by tests/bench/map and tests/bench/guard.
bench_genmap() {
	awk -v cols="$1" 'BEGIN {
		srand(7)
		split("clear clear clear clear mountain mountain amba massif", t, " ")
		print "game loe"
		print "layout odd-q"
		printf "size %02d00 %02d99\n", 0, cols - 1
		print "default clear"
		for (c = 0; c < cols; c++) {
			r = 0
			while (r < 100) {
				len = 1 + int(rand() * 12)
				if (r + len > 100) len = 100 - r
				w = t[1 + int(rand() * 8)]
				if (w != "clear")
					printf "%02d%02d-%02d%02d %s\n", c, r, c, r + len - 1, w
				r += len
			}
			for (k = 0; k < 6; k++) {
				r = int(rand() * 100); x = rand()
				if (c > 0 && r > 0 && c < cols - 1 && r < 99 && x < 0.1)
					printf "%02d%02d ocean\n", c, r
				else if (x < 0.5)
					printf "%02d%02d jungle\n", c, r
				else
					printf "%02d%02d marsh\n", c, r
			}
			# a road along rows 10, 50 and 90: column c to c + 1
			if (c < cols - 1)
				for (r = 10; r < 100; r += 40)
					printf "%02d%02d/%02d%02d road\n", c, r, c + 1, \
					    (c % 2 == 1) ? r : r - 1
		}
		# the corners are clear, so a path joins them
		printf "%02d%02d clear\n%02d%02d clear\n", 0, 0, cols - 1, 99
	}'
}
