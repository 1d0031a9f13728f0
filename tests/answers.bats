#!/usr/bin/env bats
# The regression corpus (tests/answers): 1,496 commands whose every byte
# of output and exit status is kept in tests/fixtures/answers/expected.

load helpers

@test "every answer of the corpus is byte for byte what it was" {
	run "$TOP/tests/answers"
	assert_success
}

@test "the corpus notices a changed answer" {
	cp -r "$TOP/tests" "$BATS_TEST_TMPDIR/tests"
	ln -s "$TOP/umpire" "$BATS_TEST_TMPDIR/umpire"
	ln -s "$TOP/rules" "$BATS_TEST_TMPDIR/rules"
	sed -i '2s/^### exit 0$/### exit 7/; 0,/"result":{"code":"/s//"result":{"code":"X/' \
	    "$BATS_TEST_TMPDIR/tests/fixtures/answers/expected"
	run "$BATS_TEST_TMPDIR/tests/answers"
	assert_failure 1
	assert_output --partial '+++ '
}
