package main

import (
	"bytes"
	"net"
	"strconv"
	"strings"
	"testing"
)

// runCLI runs the CLI in-process and returns stdout, stderr and the status.
func runCLI(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// The lecture's Experiment 2 in four real processes: the text report shows
// every rank's buffers.
func TestLaunchExperiment2(t *testing.T) {
	out, errs, code := runCLI("launch", "-np", "4")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"allreduce (ring), input ones(4)×(rank+1)",
		"  rank 0: [1 1 1 1] -> [10 10 10 10]\n",
		"  rank 3: [4 4 4 4] -> [10 10 10 10]\n",
		"allgather (ring), input rank×100",
		"  rank 0: [0] -> [0 100 200 300]\n",
		"  rank 3: [300] -> [0 100 200 300]\n",
		"reducescatter (ring), input (rank+1)×10",
		"  rank 0: [10 10 10 10] -> [100]\n",
		"  rank 3: [40 40 40 40] -> [100]\n",
		"all 12 results match the collective's definition;",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// Bad flags: one line naming the flag, status 2, no process started.
func TestLaunchBadFlags(t *testing.T) {
	cases := []struct {
		reason string
		args   []string
		want   string
	}{
		{"no ranks", []string{"-np", "0"}, "ccplay: --np: want an integer from 1 to 64"},
		{"too many ranks", []string{"-np", "65"}, "ccplay: --np: want an integer from 1 to 64"},
		{"unknown collective", []string{"--collective", "allreduce,foo"}, `ccplay: --collective: unknown collective "foo"`},
		{"algorithm that does not apply", []string{"--algorithm", "tree"}, "ccplay: --algorithm: tree has no allgather schedule; for allgather use one of: naive, ring"},
		{"auto needs the cost model", []string{"--algorithm", "auto"}, "ccplay: --algorithm: auto picks by the cost model"},
		{"negative count", []string{"--count", "-1"}, "ccplay: --count: want an integer from 1"},
		{"negative warm-up", []string{"--repeat", "3", "--warmup", "-1"}, "ccplay: --warmup: want an integer from 0 to 1048576"},
		{"negative spin", []string{"--spin", "-1us"}, "ccplay: --spin: want auto, 0 or a duration up to 10ms"},
		{"spin too long", []string{"--spin", "1s"}, "ccplay: --spin: want auto, 0 or a duration up to 10ms"},
		{"spin without unit", []string{"--spin", "100"}, "ccplay: --spin: want auto, 0 or a duration up to 10ms"},
		{"zero timeout", []string{"--timeout", "0s"}, "ccplay: --timeout: want a duration"},
		{"bare number timeout", []string{"--timeout", "5"}, "ccplay: --timeout: want a duration"},
		{"bad port", []string{"--port", "70000"}, "ccplay: --port: want an integer from 1 to 65535"},
		{"positional argument", []string{"4"}, `ccplay: launch: unexpected argument "4"`},
		{"unknown flag", []string{"--nodes", "2"}, "ccplay: --nodes: unknown flag for ccplay launch"},
	}
	for _, tc := range cases {
		out, errs, code := runCLI(append([]string{"launch"}, tc.args...)...)
		if code != 2 || !strings.HasPrefix(errs, tc.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want status 2 and %q", tc.reason, code, errs, out, tc.want)
		}
	}
	if _, errs, code := runCLI("rank", "--np", "2"); code != 2 || !strings.Contains(errs, "ccplay: --rank: required (ccplay rank is started by ccplay launch)") {
		t.Errorf("rank without --rank: exit %d, %q", code, errs)
	}
}

// A --port that another program holds (here a plain TCP listener that
// never answers) is refused by launch itself before any rank exists: one
// line naming the flag and the reason, status 2, no report. Nothing waits
// for a timeout: the refusal is the bind's own error, not a rank's.
func TestLaunchTakenPort(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	port := strconv.Itoa(taken.Addr().(*net.TCPAddr).Port)
	out, errs, code := runCLI("launch", "-np", "4", "--port", port, "--timeout", "1h")
	want := "ccplay: --port: cannot serve the rendezvous on 127.0.0.1:" + port + ": address already in use; name a free port, or leave --port out for one\n"
	if code != 2 || errs != want || out != "" {
		t.Errorf("exit %d, stderr %q, stdout %q; want status 2 and %q", code, errs, out, want)
	}
}

// --timeout is checked against its message, "from 1ms to 1h": values
// outside are refused naming the flag, before any rank starts.
func TestLaunchTimeoutBounds(t *testing.T) {
	for _, bad := range []string{"1ns", "999us", "0.9ms", "0s", "61m", "2h", "-1s", "5"} {
		out, errs, code := runCLI("launch", "-np", "2", "--timeout", bad)
		want := "ccplay: --timeout: want a duration from 1ms to 1h such as 10s or 500ms, got " + strconv.Quote(bad) + "\n"
		if code != 2 || errs != want || out != "" {
			t.Errorf("--timeout %s: exit %d, stderr %q, stdout %q; want status 2 and %q", bad, code, errs, out, want)
		}
	}
}

// Runs that cannot fit in this machine's memory are refused up front
// (status 2, one line naming the flags and both amounts, no report: no
// rank started), instead of starting ranks for the OOM killer. Each of
// these needs terabytes: every rank builds every rank's buffers.
func TestLaunchMemoryRefused(t *testing.T) {
	cases := []struct {
		reason string
		args   []string
		want   string
	}{
		{"the 64-rank AllReduce and AllToAll", []string{"-np", "64", "--collective", "allreduce,alltoall", "--count", "262144", "--repeat", "3"},
			"ccplay: --count: -np 64 ranks running --collective allreduce,alltoall with --count 262144 need about "},
		{"the largest count, 16 ranks, AllToAll", []string{"-np", "16", "--collective", "alltoall", "--count", "33554432"}, "-np 16 ranks running --collective alltoall with --count 33554432 need about "},
		{"the largest count, Experiment 2 at 64 ranks", []string{"-np", "64", "--count", "33554432"}, "running --collective allreduce,allgather,reducescatter with --count 33554432"},
		{"many ranks, a large AllGather", []string{"-np", "48", "--collective", "allgather", "--count", "4194304", "--warmup", "0"}, "-np 48 ranks"},
	}
	for _, tc := range cases {
		out, errs, code := runCLI(append([]string{"launch"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || !strings.Contains(errs, "available; lower -np or --count") ||
			strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want status 2 and %q", tc.reason, code, errs, out, tc.want)
		}
	}
}
