package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/core/sched"
)

var (
	helpFlag  = regexp.MustCompile(`(?:^|[\s(\[,=/])(--[a-z][a-z0-9_-]*)`)
	goName    = regexp.MustCompile(`\b(?:cost|question|sched|prim|plan|doctor|report|sim|topo|units|api|job|transport)\.[A-Z][A-Za-z]*\b`)
	namedCmds = regexp.MustCompile(`ccplay ([a-z]+)`)
)

// helpOf is command c's -h text (experiment's included).
func helpOf(t *testing.T, c string) string {
	t.Helper()
	code, out, errOut := cli(t, "", c, "-h")
	if code != exitOK || errOut != "" {
		t.Fatalf("%s -h: status %d, stderr %q", c, code, errOut)
	}
	return out
}

// accepts reports whether command c takes the flag (it is not refused as
// unknown). A -h after the flag's value ends the command at its help, so
// nothing runs.
func accepts(t *testing.T, c, flagName string) bool {
	args := []string{c}
	if c == "experiment" {
		args = append(args, "1")
	}
	_, _, errOut := cli(t, "", append(args, flagName, "x", "-h")...)
	return !strings.Contains(errOut, "unknown flag")
}

// Every help text lists only what its command accepts: each --flag it
// names is a flag of the command (or of a command it names, as "ccplay
// launch -h"), no Go identifier stands in for a word, and no help ends
// with an empty flag list.
func TestHelpMatchesBehaviour(t *testing.T) {
	for _, c := range commandNames() {
		if c == "experiment" {
			continue // its flags are checked per experiment below
		}
		help := helpOf(t, c)
		if m := goName.FindString(help); m != "" {
			t.Errorf("%s -h names the Go identifier %s", c, m)
		}
		if strings.HasSuffix(strings.TrimSpace(help), "Flags:") {
			t.Errorf("%s -h ends with an empty flag list", c)
		}
		others := []string{c}
		for _, m := range namedCmds.FindAllStringSubmatch(help, -1) {
			if _, ok := commands[m[1]]; ok && m[1] != c {
				others = append(others, m[1])
			}
		}
		for _, m := range helpFlag.FindAllStringSubmatch(help, -1) {
			ok := false
			for _, o := range others {
				if o != "experiment" && accepts(t, o, m[1]) {
					ok = true
					break
				}
			}
			if !ok && m[1] != "--help" {
				t.Errorf("%s -h names %s, which it does not accept", c, m[1])
			}
		}
	}
	help := helpOf(t, "experiment")
	for _, f := range []string{"--ranks", "--elements", "--buffers"} {
		if !strings.Contains(help, f) || !accepts(t, "experiment", f) {
			t.Errorf("experiment -h: %s listed %v, accepted %v", f, strings.Contains(help, f), accepts(t, "experiment", f))
		}
	}
}

// The lists in help come from the registries the commands run: every
// algorithm the launcher runs, every endpoint serve answers.
func TestHelpListsComeFromRegistries(t *testing.T) {
	for _, c := range []string{"launch", "rank"} {
		help := helpOf(t, c)
		for _, a := range sched.Algorithms() {
			if !strings.Contains(help, string(a)) {
				t.Errorf("%s -h does not list the algorithm %s", c, a)
			}
		}
	}
	help := helpOf(t, "serve")
	for _, e := range api.List() {
		if !strings.Contains(help, e.Path) {
			t.Errorf("serve -h does not list %s", e.Path)
		}
	}
}

// --version and version print one line naming ccplay and the Go version.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		code, out, errOut := cli(t, "", args...)
		if code != exitOK || errOut != "" || !strings.HasPrefix(out, "ccplay ") || !strings.Contains(out, " go1.") || strings.Count(out, "\n") != 1 {
			t.Errorf("%v: status %d, %q, stderr %q", args, code, out, errOut)
		}
	}
}

// Experiment 2 is launch with 4 ranks unless -np says otherwise.
func TestExperimentTwoTakesNP(t *testing.T) {
	if !givesFlag([]string{"-np", "2"}, "np") || !givesFlag([]string{"--np=2"}, "np") || givesFlag([]string{"--count", "2"}, "np") {
		t.Error("givesFlag misreads -np")
	}
}
