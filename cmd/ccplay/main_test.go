package main

import (
	"slices"
	"strings"
	"testing"
)

// TestUsageListsTheCommandsSorted: ccplay, ccplay help, -h and --help print
// the usage (status 0) with every registered command, sorted.
func TestUsageListsTheCommandsSorted(t *testing.T) {
	names := commandNames()
	for _, want := range []string{"cost", "experiment", "run", "table"} {
		if !slices.Contains(names, want) {
			t.Errorf("command %q is not registered (have %v)", want, names)
		}
	}
	for _, args := range [][]string{nil, {"help"}, {"-h"}, {"--help"}} {
		code, out, errOut := cli(t, "", args...)
		if code != exitOK || errOut != "" {
			t.Errorf("ccplay %v: status %d, stderr %q; want 0 and nothing", args, code, errOut)
		}
		last := -1
		for _, n := range names {
			i := strings.Index(out, "\n  "+n+" ")
			if i < 0 {
				t.Errorf("ccplay %v: usage does not list %q:\n%s", args, n, out)
				continue
			}
			if i < last {
				t.Errorf("ccplay %v: %q is listed out of order", args, n)
			}
			last = i
		}
	}
}

// TestHelpForEachCommand: `ccplay help C` and `ccplay C -h` print C's usage.
func TestHelpForEachCommand(t *testing.T) {
	for _, name := range []string{"cost", "table", "run", "experiment"} {
		for _, args := range [][]string{{"help", name}, {name, "-h"}, {name, "--help"}} {
			code, out, errOut := cli(t, "", args...)
			if code != exitOK || errOut != "" || !strings.HasPrefix(out, "Usage: ccplay "+name) {
				t.Errorf("ccplay %v: status %d, stderr %q, stdout %.60q; want the usage of %s", args, code, errOut, out, name)
			}
		}
	}
}

// TestUnknownCommand names the command and lists the real ones.
func TestUnknownCommand(t *testing.T) {
	for _, args := range [][]string{{"frobnicate"}, {"help", "frobnicate"}, {"--ranks"}} {
		code, out, errOut := cli(t, "", args...)
		name := args[len(args)-1]
		wantUsageError(t, "unknown command "+name, code, out, errOut,
			`ccplay: unknown command "`+name+`"; commands: `+strings.Join(commandNames(), ", "))
	}
}
