#!/usr/bin/env bats
# crt: what every game's battles share (games without one, the rules
# cited, batch mode, completion and the manual) and Adwa's decisive battle
# (adwa 11).  The loe battles are crt-loe.bats', toto's crt-toto.bats'.
# Every expected value is a worked example of the rulebooks (cited) or
# hand arithmetic written next to it.
load helpers
load crt

# --- every game, every procedure -------------------------------------------

# With -g, crt --help shows crt's own options that the game's crt reads
# (its procedure's fields, game.h), then the game's own options under its
# name (cmd/options.h): sotq reads --table (fire or melee) and
# --attacker; adwa reads no --terrain.
@test "crt --help with -g lists the options the game's procedure reads" {
	run --separate-stderr umpire -g sotq crt --help
	assert_success
	assert_line --regexp "^ +--table crt( |$)"
	assert_line --regexp "^ +--attacker side( |$)"
	assert_line --regexp "^ +--batch( |$)"
	refute_line --regexp "^ +--entrenched( |$)"
	refute_line --regexp "^ +--hexside( |$)"
	run --separate-stderr umpire -g adwa crt --help
	assert_success
	assert_line --regexp "^ +--reserve n( |$)"
	refute_line --regexp "^ +--terrain( |$)"
	refute_line --regexp "^ +--battle( |$)"
}

# Without -g every game's own options are listed, each under its game;
# two games may declare one name with their own meaning (--air).
@test "crt --help without -g lists each game's options under its name" {
	run --separate-stderr umpire crt --help
	assert_success
	assert_line "loe (Lion of Ethiopia):"
	assert_line "toto (Twilight of the Ottomans):"
	assert_line --regexp "^ +--gas +poison gas"
	assert_line --regexp "^ +--winter +a winter turn"
	assert_line --regexp "^ +--air list +each air unit's CF \(11.4.2\)"
	assert_line --regexp "^ +--air list +one airbase's factor"
	run --separate-stderr umpire -g toto crt --help
	refute_line "loe (Lion of Ethiopia):"
	refute_line --regexp "^ +--gas( |$)"
	assert_line --regexp "^ +--winter( |$)"
	# an option of another game is parsed, then refused by the game named
	run --separate-stderr umpire -g toto crt 6 2 --gas --table raid
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --gas does not apply to toto"
	# completion offers the named game's options only
	run --separate-stderr umpire __complete -g toto crt --wi
	assert_output "--winter"
	run --separate-stderr umpire __complete -g loe crt --wi
	assert_output ""
}

@test "games without a crt procedure say so, exit 2" {
	for g in iwiif; do
		run --separate-stderr umpire crt -g $g 3 3
		assert_one_line_error 2
		assert_equal "$stderr" "umpire crt: $g has no crt procedure"
	done
	run --separate-stderr umpire crt 3 3
	assert_one_line_error 2
}

@test "bad input: one line on stderr, nothing on stdout" {
	while IFS='|' read -r want args; do
		run --separate-stderr umpire crt $args
		assert_one_line_error "$want"
	done <<-EOF
	2|-g loe 3 -2
	2|-g loe -3 2
	2|-g loe 0 2
	2|-g loe 3,0 2
	2|-g loe 3x 2
	2|-g loe 3,,2 2
	2|-g loe 5:nope 2
	2|-g loe 1000 2
	2|-g loe 3
	2|-g loe 3 2 1
	2|-g loe 3 2 --terrain rough
	2|-g loe 3 2 --terrain mountain+amba
	2|-g toto 3 2 --table raid --terrain amba
	2|-g toto 3 2 --table raid --terrain mountain,rough
	2|-g loe 3 2 --roll 7
	2|-g loe 3 2 --roll 3 --odds
	2|-g loe 3 2 --naval 3
	2|-g toto 3 2 --table raid --gas
	2|-g toto 3 2 --table raid --city baghdad
	2|-g toto 3 2 --table raid --hexside wall
	2|-g loe 3 2 --armies x
	2|-g loe 3 2 --attacker french
	2|-g loe 3 2 --table raid
	2|-g loe 3 2 --table crt --table crt
	2|-g loe 3 2 --hq brigade:3 --attacker italian
	2|-g loe 3 2 --air 2:oos
	2|-g toto 3 2:max --table raid
	EOF
}

@test "a seeded battle repeats, and the roll's source is told" {
	a=$(umpire crt -g loe 9 3 --seed 5 --json)
	b=$(umpire --seed 5 crt -g loe 9 3 --json)
	assert_equal "$a" "$b"
	assert_equal "$(json_get .roll_source <<<"$a")" seed
	run loe 9 3 --roll 2
	assert_equal "$(json_get .roll_source <<<"$output")" player
}

@test "every rule a battle cites opens with rules show" {
	for args in "-g loe 6:selassie,4:oos,3:irr:oos 5:hq,4 --terrain amba+jungle,mountain --entrenched --river --armies 2 --first-attack --hq corps:3,army:2:oos --roll 2,3" \
		"-g loe 12:ma8,2:hq:ma8 3:dis --terrain massif --from-jungle --air 2,3 --gas --hq army:3 --fort --roll 1" \
		"-g loe 1 9" \
		"-g toto 8:max,4:corps 6:fort,3,2:air --terrain rough --hexside river --table raid --concentric --hq 2 --air 3 --naval 4 --city jerusalem --roll 5"; do
		run umpire crt $args --json
		assert_success
		game=$(json_get .game <<<"$output")
		json_get '[.steps[].rule, .shifts[]?.rule, .result.rule] | map(select(. != null) | split(", ")[]) | unique[]' <<<"$output" |
		while read -r cite; do
			umpire rules show "$game" "$cite" >/dev/null ||
				fail "$args cites $cite, which rules show $game cannot open"
		done
	done
}

# --- batch mode --------------------------------------------------------------

@test "--batch: one result per line, a bad line gets an error and the run goes on" {
	run --separate-stderr umpire crt -g loe --batch <<-'EOF'
	{"attack":3,"defense":1,"roll":4}
	not json

	{"game":"toto","attack":20,"defense":12,"table":"raid","odds":true}
	{"attack":"5,3:oos","defense":[4],"terrain":"mountain","roll":"2"}
	{"attack":3,"defense":1,"gas":true}
	{"game":"iwiif","attack":3,"defense":1}
	{"attack":3,"defense":1,"naval":2}
	{"attack":3,"defense":1,"bogus":2}
	EOF
	# exit status: the worst line's, a usage error
	assert_equal "$status" 2
	assert_equal "$stderr" ""
	assert_equal "$(wc -l <<<"$output")" 8
	assert_equal "$(sed -n 1p <<<"$output" | json_get .result.code)" Db1/Aa1
	assert_equal "$(sed -n 1p <<<"$output" | json_get .line)" 1
	assert_equal "$(sed -n 2p <<<"$output" | json_get .line)" 2
	assert_equal "$(sed -n 2p <<<"$output" | json_get .status)" 2
	[[ "$(sed -n 2p <<<"$output" | json_get .error)" == *"not valid JSON"* ]]
	# the blank line 3 is skipped, and numbering counts it
	assert_equal "$(sed -n 3p <<<"$output" | json_get .line)" 4
	assert_equal "$(sed -n 3p <<<"$output" | json_get .column)" 100-199
	# 5, plus 3:oos -> 2: 7 against 4 is 1:1, mountain 1L: 1:2
	assert_equal "$(sed -n 4p <<<"$output" | json_get .attack)" 7
	assert_equal "$(sed -n 4p <<<"$output" | json_get .column)" 1:2
	[[ "$(sed -n 5p <<<"$output" | json_get .error)" == *11.4.5* ]]
	assert_equal "$(sed -n 6p <<<"$output" | json_get .error)" "iwiif has no crt procedure"
	[[ "$(sed -n 7p <<<"$output" | json_get .error)" == *"does not apply to loe"* ]]
	[[ "$(sed -n 8p <<<"$output" | json_get .error)" == *"unknown field: 'bogus'"* ]]
}

@test "--batch: a JSON error names its own line and column (issue 8)" {
	run --separate-stderr umpire crt -g loe --batch <<-'EOF'
	{"attack":3,
	{"attack":3,"defense":1,"roll":4}

	{"attack":x}
	EOF
	assert_equal "$status" 2
	# "{"attack":3," ends at column 12: the parser stops at 13
	assert_equal "$(sed -n 1p <<<"$output" | json_get .error)" "line 1, column 13: not valid JSON"
	assert_equal "$(sed -n 2p <<<"$output" | json_get .result.code)" Db1/Aa1
	# the x of {"attack":x} is its column 11
	assert_equal "$(sed -n 3p <<<"$output" | json_get '"\(.line) \(.error)"')" "4 line 4, column 11: not valid JSON"
}

@test "--batch: lines are valid UTF-8 with DEL, C1 and stray bytes escaped (issue 8)" {
	# the value comes back in the error; cJSON alone would pass DEL (7f),
	# the C1 control U+009B (c2 9b, CSI to some terminals) and the stray
	# byte ff through raw.  The second line puts DEL past the first eight
	# bytes and C1 across an eight-byte boundary, where the check steps
	# a word at a time.
	run --separate-stderr umpire crt -g loe --batch < <(printf '%s\n' \
	    $'{"attack":2,"defense":1,"terrain":"a\x7fb\xc2\x9bc\xffd"}' \
	    $'{"attack":2,"defense":1,"terrain":"0123456789\x7f12\xc2\x9b"}')
	assert_equal "$status" 2
	[[ "$output" != *$'\x7f'* && "$output" != *$'\xc2\x9b'* ]] || fail "raw control"
	iconv -f UTF-8 -t UTF-8 <<<"$output" >/dev/null || fail "not UTF-8"
	assert_line --index 0 --partial "terrain: 'a\\u007fb\\u009bc\\ufffdd'"
	assert_line --index 1 --partial "terrain: '0123456789\\u007f12\\u009b'"
}

@test "--batch: a line past 65536 bytes is that line's error and the run goes on (issue 8)" {
	battle='{"attack":3,"defense":1,"roll":4}'
	# the battle padded with spaces to exactly the cap, and one byte over
	pad=$(printf '%*s' $((65536 - ${#battle})) '')
	{
		printf '%s%s\n' "$battle" "$pad"
		printf '%s%s \n' "$battle" "$pad"
		printf '%s\n' "$battle"
		head -c 300000 /dev/zero | tr '\0' ' '
		printf '%s\n' "$battle"
		printf '%s' "$battle"	# the last line needs no newline
	} >"$BATS_TEST_TMPDIR/lines"
	run --separate-stderr umpire crt -g loe --batch <"$BATS_TEST_TMPDIR/lines"
	assert_equal "$status" 2
	assert_equal "$stderr" ""
	assert_equal "$(jq -c '[.line, .result.code // .error]' <<<"$output" | tr -d '\n')" \
	    '[1,"Db1/Aa1"][2,"line 2 is longer than 65536 bytes"][3,"Db1/Aa1"][4,"line 4 is longer than 65536 bytes"][5,"Db1/Aa1"]'
}

@test "--batch: /dev/zero stops at its NUL bytes, an unreadable input is exit 4 (issue 8)" {
	run --separate-stderr timeout 20 umpire crt -g loe --batch </dev/zero
	assert_equal "$status" 2
	assert_equal "$output" '{"line":1,"error":"line 1 holds a NUL byte: the input is not text, and reading stops here","status":2}'
	printf '{"attack":3,"defense":1,"roll":4}\n{"attack":3,\0"defense":1}\n{"attack":3,"defense":1,"roll":4}\n' >"$BATS_TEST_TMPDIR/nul"
	run --separate-stderr umpire crt -g loe --batch <"$BATS_TEST_TMPDIR/nul"
	assert_equal "$status" 2
	assert_equal "$(wc -l <<<"$output")" 2
	assert_equal "$(sed -n 2p <<<"$output" | json_get .line)" 2
	# a directory opens but cannot be read: a system error, not the end
	run --separate-stderr umpire crt -g loe --batch </
	assert_equal "$status" 4
	assert_equal "$output" ""
	assert_equal "$stderr" "umpire crt: cannot read line 1 of standard input: Is a directory"
}

@test "a value too long for its buffer says so (issue 8)" {
	# 1100 units of "5," make 2199 characters, past the 2047 a list holds
	units=$(printf '5,%.0s' $(seq 1099))5
	run --separate-stderr umpire crt -g loe "$units" 3
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: attack: too long (at most 2047 characters)"
	run --separate-stderr umpire crt -g loe 5 3 --terrain "$(printf 'a%.0s' $(seq 300))"
	assert_one_line_error 2
	assert_equal "$stderr" "umpire crt: --terrain: too long (at most 255 characters)"
}

@test "--odds lists every code of a chart with more than 64 (issue 8)" {
	# the loe CRT on a d100, a code of its own on each roll: R1 .. R100
	mkdir -p "$BATS_TEST_TMPDIR/d/loe"
	jq '.dice = "d100"
	    | .legend = ([range(1; 101) | {key: "R\(.)", value: "result \(.)"}] | from_entries)
	    | .columns |= map(.results = ([range(1; 101) | {key: "\(.)", value: "R\(.)"}] | from_entries))' \
	    "$TOP/rules/loe/crt.json" >"$BATS_TEST_TMPDIR/d/loe/crt.json"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" crt -g loe 3 1 --odds --json
	assert_success
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 100
	# each code once, in roll order, each 1 in 100
	assert_equal "$(json_get '[.outcomes[].code] == [range(1; 101) | "R\(.)"]' <<<"$output")" true
	assert_equal "$(json_get '[.outcomes[] | select(.probability != 0.01)] | length' <<<"$output")" 0
	# two armies: the fail column 1:1 has the same code on each roll, so
	# each code is still 1 in 100 whatever the cooperation roll
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" crt -g loe 3 1 --armies 2 --odds --json
	assert_success
	assert_equal "$(json_get '.outcomes | length' <<<"$output")" 100
	assert_equal "$(json_get '[.outcomes[] | .probability * 1e6 | round] | unique' <<<"$output" | tr -d ' \n')" "[10000]"
	run --separate-stderr umpire --data "$BATS_TEST_TMPDIR/d" crt -g loe 3 1 --odds
	assert_line --regexp '^  100 +1\.00%  R100  result 100'
}

@test "--batch: every line good is exit 0; options are defaults for each line" {
	run --separate-stderr umpire crt -g toto --table raid --batch <<-'EOF'
	{"attack":20,"defense":12,"roll":3}
	{"attack":10,"defense":12,"roll":3,"table":"big-push"}
	EOF
	assert_success
	assert_equal "$(sed -n 1p <<<"$output" | json_get .table)" crt-raid
	assert_equal "$(sed -n 2p <<<"$output" | json_get .table)" crt-big-push
	run --separate-stderr umpire crt --batch 3 1
	assert_one_line_error 2
}

@test "--batch answers the same as the command line" {
	a=$(umpire crt -g loe 8 3 --terrain mountain --air 2 --roll 4 --json)
	b=$(echo '{"attack":8,"defense":3,"terrain":"mountain","air":2,"roll":4}' |
		umpire crt -g loe --batch | jq -c 'del(.line)')
	assert_equal "$(jq -c . <<<"$a")" "$b"
}

# --- completion and the manual -------------------------------------------------

@test "completion offers option values and unit tags" {
	run umpire __complete crt --terrain ''
	assert_line mountain
	assert_line rough
	run umpire __complete crt --city j
	assert_output jerusalem
	run umpire __complete crt --table ''
	assert_line raid
	assert_line big-push
	run umpire __complete -g loe crt 5:o
	assert_output 5:oos
	run umpire __complete -g toto crt 5:m
	assert_output 5:max
	run umpire __complete -g toto crt 5 3:f
	assert_output 3:fort
}

@test "every EXAMPLES command of umpire-crt(1) runs" {
	n=0
	while read -r line; do
		n=$((n + 1))
		run --separate-stderr sh -c "$line"
		assert_equal "$status: $line" "0: $line"
		[ -n "$output" ] || fail "no output: $line"
	done < <(MANWIDTH=400 mandoc -Tascii -O width=400 "$TOP/man/umpire-crt.1" | col -b |
		awk '/^EXAMPLES/ {on = 1; next} /^[A-Z]/ {on = 0} on' |
		sed -n 's/^[[:space:]]*\$ //p')
	[ "$n" -ge 6 ] || fail "only $n examples found"
}

@test "mandoc -Tlint has nothing to say about umpire-crt(1)" {
	run mandoc -Tlint -W warning "$TOP/man/umpire-crt.1"
	assert_success
	assert_output ""
}

# ---- Adwa 1896: the decisive battle (adwa 11) ----
# Arithmetic by hand.  Menelik 40 with r,r,r,i: three quarters of 10 and a
# fifth of a quarter = 30 + 2 = 32.  Taitu 30 with r,r,i,l: 7.5 + 7.5 +
# 1.5 = 16.5, incapacitated x 0.7 = 11.55.  Ethiopia 43.55; Italy 20 + 15 +
# 18 + 8 = 61.  Rolls 4 and 3: 43.55 x 1.08 = 47.034 < 61 x 1.01 = 61.61.

@test "adwa: the battle's strengths, multipliers and winner" {
	run --separate-stderr umpire crt -g adwa 40:menelik:rrri,30:taitu:rril:incap 20,15,18 --roll 4,3 --json
	assert_success
	assert_equal "$(json_get .attack <<<"$output")" 43.55
	assert_equal "$(json_get .defense <<<"$output")" 61
	assert_equal "$(json_get '.roll | join(",")' <<<"$output")" "4,3"
	assert_equal "$(json_get .result.code <<<"$output")" italy
	assert_equal "$stderr" ""
	run umpire crt -g adwa 40:menelik:rrri,30:taitu:rril:incap 20,15,18 --roll 4,3
	assert_line --partial "Ethiopia rolls 4: x 1.08 = 47.034"
	assert_line --partial "Italy rolls 3: x 1.01 = 61.61"
}

@test "adwa: 70 all ready against 53 and the reserve wins 28 pairs of 36" {
	# Ethiopia wins when 70 (0.8 + 0.07 e) >= 61 (0.8 + 0.07 i):
	# e=1: i<=2 (2); e=2: i<=3 (3); e=3: i<=5 (5); e=4,5,6: all (18) = 28
	run umpire crt -g adwa 40:menelik,30:taitu 20,15,18 --odds --json
	assert_success
	assert_equal "$(json_get '.outcomes[] | select(.code == "ethiopia") | .probability * 36 | round' <<<"$output")" 28
	assert_equal "$(json_get '[.outcomes[].probability] | add' <<<"$output")" 1
}

@test "adwa: a tie goes to Ethiopia" {
	# 61 against 53 + 8 = 61, equal rolls: equal strengths, Ethiopia wins
	run umpire crt -g adwa 61 20,15,18 --roll 3,3 --json
	assert_equal "$(json_get .result.code <<<"$output")" ethiopia
}

@test "adwa: readiness below half loses whatever the strength" {
	# two of eight contingents ready: 25%
	run umpire crt -g adwa 500:rrll,500:llll 1,1,1 --roll 6,1 --json
	assert_equal "$(json_get .result.code <<<"$output")" italy
	# exactly half ready is enough: 4 of 8
	run umpire crt -g adwa 500:rrll,500:rrll 1,1,1 --roll 6,1 --json
	assert_equal "$(json_get .result.code <<<"$output")" ethiopia
}

@test "adwa: --reserve 0 leaves the reserve out" {
	# 53 against 53, rolls equal: a tie, Ethiopia
	run umpire crt -g adwa 53 20,15,18 --roll 2,2 --reserve 0 --json
	assert_equal "$(json_get .defense <<<"$output")" 53
	assert_equal "$(json_get .result.code <<<"$output")" ethiopia
}

@test "adwa: bad battles are refused with one line" {
	run --separate-stderr umpire crt -g adwa 40 20,15 --roll 4,3
	assert_one_line_error 2
	[[ "$stderr" == *"expected 3"* ]]
	run --separate-stderr umpire crt -g adwa 40:rrxi 20,15,18 --roll 4,3
	assert_one_line_error 2
	[[ "$stderr" == *"'rrxi'"* ]]
	run --separate-stderr umpire crt -g adwa 40 20,15,18 --roll 7,3
	assert_one_line_error 2
	run --separate-stderr umpire crt -g adwa 40 20,15,18 --terrain mountain
	assert_one_line_error 2
	[[ "$stderr" == *"does not apply to adwa"* ]]
	run --separate-stderr umpire crt -g adwa 40 20,15,18 --reserve x
	assert_one_line_error 2
}

@test "completion offers each game's own terrains, and each one offered is accepted" {
	run umpire __complete crt -g toto --terrain ''
	refute_line amba
	assert_line rough
	for t in $(umpire __complete crt -g loe --terrain ''); do
		# an eng unit may attack even a massif (6.3.4 B)
		run umpire crt -g loe 6:eng 2 --attacker italian --terrain "$t" --odds
		assert_equal "$status $t" "0 $t"
	done
	for t in $(umpire __complete crt -g toto --terrain ''); do
		run umpire crt -g toto 6 2 --table raid --terrain "$t" --odds
		assert_equal "$status $t" "0 $t"
	done
}
