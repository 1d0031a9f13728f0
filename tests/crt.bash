# crt.bash: helpers for the crt tests (crt.bats, crt-loe.bats,
# crt-toto.bats).

# The first roll on which a table's column gives a code.
roll_for() {	# game table column code
	umpire table --show "$1" "$2" --json |
		jq -r --arg c "$3" --arg k "$4" \
			'[.columns[] | select(.id == $c) | .results[] | select(.code == $k) | .roll][0]' |
		cut -d- -f1
}

loe() {
	umpire crt -g loe --json "$@"
}

toto() {
	umpire crt -g toto --json "$@"
}
