// Package testskip is how an end-to-end suite steps aside on a machine that
// lacks what it needs (chromium, wrangler, root for network namespaces,
// python3-simgrid): under CI=true the absence fails the test, since CI
// installs everything; elsewhere the test is skipped and the suite and the
// reason are appended as one line to the file the environment variable
// CCPLAY_SKIPS names, which `go tool task test` lists after the tests.
package testskip

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Env names the file skipped suites are recorded in.
const Env = "CCPLAY_SKIPS"

// Skip fails t under CI=true and otherwise records "suite: reason" in the
// file Env names (when it is set) and skips t. Every test of a suite gives
// the same suite and reason, so the list can count them.
func Skip(t testing.TB, suite, reason string) {
	t.Helper()
	line := suite + ": " + reason
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s (CI=true runs every suite)", line)
		return
	}
	if err := record(os.Getenv(Env), line); err != nil {
		t.Errorf("recording the skip in %s: %v", Env, err)
	}
	t.Skip(line)
}

// record appends line to the file at path; an empty path records nothing.
// One short write with O_APPEND keeps the lines of concurrent test
// processes whole.
func record(path, line string) error {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(f, strings.ReplaceAll(line, "\n", " "))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
