package main

import (
	"bytes"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"
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
		"all 12 results match the definition (prim.Reference)",
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

// When rank 0 cannot serve the rendezvous (its port is taken), every rank
// fails within the set-up bound and launch reports each one.
func TestLaunchRendezvousFailure(t *testing.T) {
	taken, err := netListen()
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	port := taken.Addr().String()[strings.LastIndex(taken.Addr().String(), ":")+1:]
	start := time.Now()
	_, errs, code := runCLI("launch", "-np", "3", "--port", port, "--timeout", "2s")
	if code != 1 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("took %v", el)
	}
	for r := range 3 {
		if !strings.Contains(errs, fmt.Sprintf("ccplay: launch: rank %d (pid ", r)) {
			t.Errorf("stderr does not report rank %d: %q", r, errs)
		}
	}
	if !strings.Contains(errs, "address already in use") {
		t.Errorf("rank 0's reason is missing: %q", errs)
	}
}

func netListen() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }
