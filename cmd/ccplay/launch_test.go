package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccplay/ccplay/transport"
)

// runCLI runs the CLI in-process and returns stdout, stderr and the status.
func runCLI(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// The lecture's Experiment 2 in four real processes: the text report shows
// every rank's buffers, and the JSON report agrees.
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
	var res launchJSON
	out, errs, code = runCLI("launch", "-np", "4", "--json")
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("exit %d, stderr %q, stdout %q", code, errs, out)
	}
	want := [][]float64{{10, 10, 10, 10}, {0, 100, 200, 300}, {100}}
	if !res.OK || len(res.PIDs) != 4 || len(res.Calls) != 3 {
		t.Fatalf("json: %+v", res)
	}
	for i, c := range res.Calls {
		if len(c.Results) != 4 {
			t.Fatalf("call %d: %d results", i+1, len(c.Results))
		}
		for _, l := range c.Results {
			if fmt.Sprint(l.Output) != fmt.Sprint(want[i]) || !l.Verified {
				t.Errorf("call %d rank %d: %v verified=%v, want %v", i+1, l.Rank, l.Output, l.Verified, want[i])
			}
		}
	}
}

// Other collectives and algorithms, group sizes and repetitions: every
// result is verified by the workers; launch reports success.
func TestLaunchCollectivesAndAlgorithms(t *testing.T) {
	cases := []struct {
		reason string
		args   []string
	}{
		{"every collective's naive schedule, odd P", []string{"-np", "3", "--algorithm", "naive", "--collective", "sendrecv,broadcast,scatter,gather,reduce,allreduce,reducescatter,allgather,alltoall"}},
		{"tree and binomial, uneven pipelining", []string{"-np", "5", "--algorithm", "tree", "--collective", "broadcast,reduce,allreduce", "--count", "7"}},
		{"binomial rooted collectives", []string{"-np", "4", "--algorithm", "binomial", "--collective", "scatter,gather,broadcast,reduce,allreduce"}},
		{"pairwise alltoall", []string{"-np", "4", "--algorithm", "pairwise", "--collective", "alltoall", "--count", "3"}},
		{"one rank", []string{"-np", "1"}},
		{"repeated calls", []string{"-np", "2", "--repeat", "20", "--count", "64"}},
		{"polling ranks", []string{"-np", "2", "--repeat", "20", "--count", "4096", "--spin", "100us"}},
		{"polling more ranks than cores", []string{"-np", "3", "--repeat", "5", "--count", "4096", "--spin", "50us"}},
		{"no polling", []string{"-np", "2", "--repeat", "20", "--count", "4096", "--spin", "0"}},
	}
	for _, tc := range cases {
		out, errs, code := runCLI(append([]string{"launch", "--json"}, tc.args...)...)
		var res launchJSON
		if code != 0 || json.Unmarshal([]byte(out), &res) != nil || !res.OK {
			t.Errorf("%s: exit %d, stderr %q, stdout %q", tc.reason, code, errs, out)
			continue
		}
		for _, c := range res.Calls {
			if len(c.Results) != res.Ranks {
				t.Errorf("%s: %s has %d results for %d ranks", tc.reason, c.Collective, len(c.Results), res.Ranks)
			}
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
	if _, errs, code := runCLI("worker", "--np", "2"); code != 2 || !strings.Contains(errs, "--rank: required") {
		t.Errorf("worker without --rank: exit %d, %q", code, errs)
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

// worker is a `ccplay worker` process started by a test.
type worker struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	lines  int
	stderr bytes.Buffer
	done   chan struct{}
	err    error
}

// startWorkers starts np workers, rank r with extra(r) flags; t.Cleanup
// kills any still running, by PID.
func startWorkers(t *testing.T, np int, extra func(r int) []string) []*worker {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	ws := make([]*worker, np)
	for r := range np {
		args := append([]string{"worker", "--rank", fmt.Sprint(r), "--np", fmt.Sprint(np), "--addr", addr}, extra(r)...)
		w := &worker{cmd: exec.Command(exe, args...), done: make(chan struct{})}
		w.cmd.Stderr = &w.stderr
		out, err := w.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := w.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ws[r] = w
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				w.mu.Lock()
				w.lines++
				w.mu.Unlock()
			}
			w.err = w.cmd.Wait()
			close(w.done)
		}()
	}
	t.Cleanup(func() {
		for _, w := range ws {
			select {
			case <-w.done:
			default:
				w.cmd.Process.Kill()
				<-w.done
			}
		}
	})
	return ws
}

// waitExit waits for every worker but skip to exit, at most d, and returns
// how long the last one took.
func waitExit(t *testing.T, ws []*worker, skip int, d time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	deadline := time.After(d)
	for r, w := range ws {
		if r == skip {
			continue
		}
		select {
		case <-w.done:
		case <-deadline:
			t.Fatalf("rank %d still running %v later", r, d)
		}
	}
	return time.Since(start)
}

// A rank killed mid-run (SIGKILL by PID, no goodbye) makes every other rank
// exit non-zero, naming it, far sooner than the 20 s receive timeout.
func TestWorkerKilledMidRun(t *testing.T) {
	// A worker reports a call once its repetitions are done: a program of
	// many calls, so rank 2 is killed after its first report with most of
	// the program still to run (about a million calls).
	program := strings.TrimSuffix(strings.Repeat("allreduce,", 500), ",")
	ws := startWorkers(t, 4, func(int) []string {
		return []string{"--collective", program, "--repeat", "2000", "--count", "256", "--timeout", "20s"}
	})
	deadline := time.Now().Add(time.Minute)
	for {
		ws[2].mu.Lock()
		n := ws[2].lines
		ws[2].mu.Unlock()
		if n >= 1 { // rank 2 has finished the first call's repetitions
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("rank 2 printed %d results in a minute; stderr %q", n, ws[2].stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := ws[2].cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	took := waitExit(t, ws, 2, 10*time.Second)
	t.Logf("the other ranks exited %v after the kill", took)
	for r, w := range ws {
		if r == 2 {
			continue
		}
		if w.err == nil {
			t.Errorf("rank %d exited 0 after rank 2 was killed", r)
		}
		if msg := w.stderr.String(); !strings.Contains(msg, "rank 2") || strings.Count(msg, "\n") != 1 {
			t.Errorf("rank %d: stderr %q does not name rank 2 in one line", r, msg)
		}
	}
}

// Ranks that call the same collectives in a different order are told so:
// the report names the ranks and both calls, and every rank exits non-zero.
func TestWorkerMismatchedOrder(t *testing.T) {
	ws := startWorkers(t, 4, func(r int) []string {
		if r == 3 {
			return []string{"--collective", "allgather,allreduce", "--timeout", "20s"}
		}
		return []string{"--collective", "allreduce,allgather", "--timeout", "20s"}
	})
	waitExit(t, ws, -1, 15*time.Second)
	var all string
	for r, w := range ws {
		if w.err == nil {
			t.Errorf("rank %d exited 0", r)
		}
		all += w.stderr.String()
	}
	for _, want := range []string{"mismatched collectives", "rank 3", "call #1 allgather/ring", "call #1 allreduce/ring"} {
		if !strings.Contains(all, want) {
			t.Errorf("stderr lacks %q:\n%s", want, all)
		}
	}
}

func netListen() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }

func freeAddr(t *testing.T) string {
	t.Helper()
	a, err := transport.FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Long buffers are reported by their first elements and their length, so a
// large run does not flood the launcher.
func TestLaunchLongBuffers(t *testing.T) {
	out, errs, code := runCLI("launch", "-np", "2", "--count", "100", "--collective", "allgather", "--json")
	var res launchJSON
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, l := range res.Calls[0].Results {
		if len(l.Input) != maxShown || l.InputLen != 100 || len(l.Output) != maxShown || l.OutputLen != 200 || l.Output[maxShown-1] != 0 {
			t.Errorf("rank %d: %d/%d input, %d/%d output", l.Rank, len(l.Input), l.InputLen, len(l.Output), l.OutputLen)
		}
	}
	text, _, _ := runCLI("launch", "-np", "2", "--count", "100", "--collective", "allgather")
	if !strings.Contains(text, "  rank 1: [100 100 100 100 100 100 100 100 …] (100 elements) -> [0 0 0 0 0 0 0 0 …] (200 elements)\n") {
		t.Errorf("text:\n%s", text)
	}
}

// --warmup reaches every worker: the report gives the warm-up count the
// workers ran (from their summaries), nccl-tests' 5 unless told.
func TestLaunchWarmup(t *testing.T) {
	cases := []struct {
		reason string
		args   []string
		want   string
	}{
		{"nccl-tests' default", nil, "mean of 3 after 5 warm-up: "},
		{"none", []string{"--warmup", "0"}, "mean of 3 after 0 warm-up: "},
		{"two", []string{"--warmup", "2"}, "mean of 3 after 2 warm-up: "},
	}
	for _, tc := range cases {
		out, errs, code := runCLI(append([]string{"launch", "-np", "2", "--collective", "allreduce", "--repeat", "3"}, tc.args...)...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want %q in\n%s", tc.reason, code, errs, tc.want, out)
		}
	}
}

// --spin: auto polls as transport.SpinFor says (100 µs with a core per
// rank, else 1 ms yielding); a duration is taken as given, yielding when
// there are more ranks than cores; 0 is off.
func TestParseSpin(t *testing.T) {
	cpus := runtime.NumCPU()
	cases := []struct {
		reason string
		in     string
		np     int
		spin   time.Duration
		yield  bool
	}{
		{"auto, a core per rank", "auto", cpus, 100 * time.Microsecond, false},
		{"not given is auto", "", 1, 100 * time.Microsecond, false},
		{"auto, more ranks than cores", "auto", cpus + 1, time.Millisecond, true},
		{"off", "0", cpus + 1, 0, false},
		{"off, with a unit", "0us", 1, 0, false},
		{"given, a core per rank", "50us", 1, 50 * time.Microsecond, false},
		{"given, more ranks than cores", "50us", cpus + 1, 50 * time.Microsecond, true},
		{"the longest", "10ms", 1, 10 * time.Millisecond, false},
	}
	for _, c := range cases {
		if spin, yield, err := parseSpin(c.in, c.np); err != nil || spin != c.spin || yield != c.yield {
			t.Errorf("%s: parseSpin(%q, %d) = %v, %v, %v; want %v, %v", c.reason, c.in, c.np, spin, yield, err, c.spin, c.yield)
		}
	}
}
