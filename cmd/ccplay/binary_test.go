package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBinaryExitCodes builds ccplay and runs it as a user would: the exit
// status reaches the shell, and no input, however bad, prints a panic or a
// goroutine dump.
func TestBinaryExitCodes(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go tool is not on PATH (go test puts GOROOT/bin there): %v", err)
	}
	bin := filepath.Join(t.TempDir(), "ccplay")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range []struct {
		args   []string
		stdin  string
		status int
		reason string
	}{
		{[]string{"cost", "--ranks", "8"}, "", 0, "a good question"},
		{[]string{"experiment", "3"}, "", 0, "the lecture's table"},
		{[]string{}, "", 0, "usage"},
		{[]string{"cost", "--ranks", "0"}, "", 2, "a bad flag value"},
		{[]string{"cost", "--ranks", "99999999999999999999999"}, "", 2, "an integer overflow"},
		{[]string{"cost", "--size", "9223372036854775807PiB"}, "", 2, "an enormous size"},
		{[]string{"table", "-b", "1", "-e", "9223372036854775807", "-f", "2"}, "", 2, "a sweep beyond the largest accepted size"},
		{[]string{"nope"}, "", 2, "an unknown command"},
		{[]string{"run"}, "{not json", 2, "bad JSON"},
		{[]string{"run"}, "\x00\xff\xfe", 2, "binary garbage"},
		{[]string{"run"}, `{"collective":"alltoall","sendcounts":[[9223372036854775807,1],[1,1]],"inputs":[[1],[2]]}`, 2, "counts that overflow"},
		{[]string{"run"}, `{"collective":"allreduce","algorithm":"tree","chunks":-5,"inputs":[[1],[2]]}`, 2, "negative chunks"},
		{[]string{"experiment", "2"}, "", 0, "Experiment 2 in four real processes"},
		{[]string{"experiment", "2", "--collective", "gossip"}, "", 2, "Experiment 2 with a bad collective"},
	} {
		cmd := exec.Command(bin, c.args...)
		cmd.Stdin = strings.NewReader(c.stdin)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		status := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			status = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", c.reason, err)
		}
		if status != c.status {
			t.Errorf("%s: ccplay %v exited %d, want %d (stderr %q)", c.reason, c.args, status, c.status, stderr.String())
		}
		for _, bad := range []string{"panic", "goroutine"} {
			if strings.Contains(stderr.String(), bad) || strings.Contains(stdout.String(), bad) {
				t.Errorf("%s: output mentions %q:\n%s%s", c.reason, bad, stdout.String(), stderr.String())
			}
		}
		if c.status == exitUsage && (strings.Count(stderr.String(), "\n") != 1 || !strings.HasPrefix(stderr.String(), "ccplay: ")) {
			t.Errorf("%s: stderr %q, want one line starting \"ccplay: \"", c.reason, stderr.String())
		}
	}
}
