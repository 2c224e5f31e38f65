package main

import (
	"os"
	"testing"
)

// TestMain lets tests run the test binary itself as the ccplay command (for
// serve, launch and its rank processes): with CCPLAY_TEST_MAIN=1 it runs
// the CLI on its arguments instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("CCPLAY_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Setenv("CCPLAY_TEST_MAIN", "1")
	os.Exit(m.Run())
}
