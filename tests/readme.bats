#!/usr/bin/env bats
# readme: the README's quick start shows a real run; hold it to the
# program, and run the other examples it lists.

load helpers

@test "the README's quick-start output is what umpire prints" {
	cmd=$(sed -n 's/^make && \.\/umpire /umpire /p' "$TOP/README.md")
	[ -n "$cmd" ] || fail "no quick-start command in README.md"
	# the block after the command's description is its output
	want=$(awk '/^make && / {seen = 1} seen && /^```$/ {n++; next} seen && n == 2 {print} n == 3 {exit}' "$TOP/README.md")
	run eval "$cmd"
	assert_success
	assert_equal "$output" "$want"
}

@test "the README's list of examples runs" {
	awk '/^## What it does now/ {on = 1} /^## The house/ {on = 0} on && /^umpire / {print}' "$TOP/README.md" |
		sed 's/  *#.*//' | grep -v -- '--import' | while read -r line; do
		eval "$line" >/dev/null </dev/null || fail "README example failed: $line"
	done
}
