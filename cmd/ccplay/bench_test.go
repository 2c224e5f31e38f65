package main

import (
	"encoding/json"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// bench on both transports with small sizes: every series has its rows,
// busbw = algbw × nccl-tests' factor, the link and per-algorithm fits and
// the model's predictions are present.
func TestBenchJSON(t *testing.T) {
	cases := []struct {
		reason string
		args   []string
		series []string // collective/algorithm
	}{
		{"in-memory ring AllReduce", []string{"--transport", "chan", "-np", "3"}, []string{"allreduce/ring"}},
		{"loopback TCP, every algorithm of two collectives", []string{"--transport", "tcp", "-np", "4", "--collective", "allgather,reducescatter", "--algorithm", "all"},
			applicableSeries(prim.AllGather, prim.ReduceScatter)},
		{"rooted and pipelined", []string{"--transport", "chan", "-np", "3", "--collective", "broadcast", "--algorithm", "ring,binomial"}, []string{"broadcast/ring", "broadcast/binomial"}},
		{"loopback TCP, sockets polled before sleeping", []string{"--transport", "tcp", "-np", "2", "--spin", "100us"}, []string{"allreduce/ring"}},
	}
	for _, tc := range cases {
		args := append([]string{"bench", "--json", "-b", "1K", "-e", "16K", "-f", "4", "-n", "3", "-w", "1", "--timeout", "60s"}, tc.args...)
		out, errs, code := runCLI(args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.reason, code, errs)
		}
		var rep benchReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%s: %v", tc.reason, err)
		}
		if spin := strings.Contains(strings.Join(tc.args, " "), "--spin 100us"); spin != (rep.SpinS == 100e-6) {
			t.Errorf("%s: spin_s %g", tc.reason, rep.SpinS)
		}
		// The fitted β may come out ≤ 0 on a noisy machine (tiny sizes);
		// then the model columns are left out, which is checked below.
		if len(rep.PingPong) != 3 || rep.Link == nil || !finite(rep.Link.Alpha) || !finite(rep.Link.Beta) {
			t.Errorf("%s: ping-pong %+v link %+v %s", tc.reason, rep.PingPong, rep.Link, rep.LinkError)
		}
		if len(rep.Series) != len(tc.series) {
			t.Fatalf("%s: %d series, want %v", tc.reason, len(rep.Series), tc.series)
		}
		for i, s := range rep.Series {
			if s.Collective+"/"+s.Algorithm != tc.series[i] {
				t.Errorf("%s: series %d is %s/%s, want %s", tc.reason, i, s.Collective, s.Algorithm, tc.series[i])
			}
			if len(s.Rows) != 3 || s.Fit == nil {
				t.Errorf("%s: %s/%s: %d rows, fit %v (%s)", tc.reason, s.Collective, s.Algorithm, len(s.Rows), s.Fit, s.FitError)
				continue
			}
			factor := prim.Collective(s.Collective).BusBwFactor(rep.Ranks)
			for _, r := range s.Rows {
				if !(r.TimeS > 0) || r.Wrong != 0 || math.Abs(r.BusBwGBs-r.AlgBwGBs*factor) > 1e-9*r.BusBwGBs {
					t.Errorf("%s: row %+v", tc.reason, r)
				}
				if math.Abs(r.AlgBwGBs-float64(r.SizeBytes)/r.TimeS/1e9) > 1e-9*r.AlgBwGBs {
					t.Errorf("%s: algbw %v ≠ size/time", tc.reason, r.AlgBwGBs)
				}
				if rep.Link != nil && rep.Link.Beta > 0 && !(r.ModelS > 0) {
					t.Errorf("%s: no model time in %+v", tc.reason, r)
				}
				// The diff is the model's error relative to the measurement,
				// written out here: the sign says the model is optimistic (−).
				if r.ModelS > 0 && math.Abs(r.ModelDiff-(r.ModelS-r.TimeS)/r.TimeS*100) > 1e-9*math.Abs(r.ModelDiff)+1e-12 {
					t.Errorf("%s: model diff %v %%, want (model − measured)/measured = %v %%", tc.reason, r.ModelDiff, (r.ModelS-r.TimeS)/r.TimeS*100)
				}
				if (rep.Link == nil || !(rep.Link.Beta > 0)) && r.ModelS != 0 {
					t.Errorf("%s: a model time without a positive fitted β: %+v", tc.reason, r)
				}
				if !finite(r.FitS) || r.FitS == 0 || r.Count*8 != r.SizeBytes {
					t.Errorf("%s: fit %v count %d size %d", tc.reason, r.FitS, r.Count, r.SizeBytes)
				}
			}
		}
	}
}

// The text report has the nccl-tests columns and one fit line per series.
func TestBenchText(t *testing.T) {
	out, errs, code := runCLI("bench", "--transport", "chan", "-np", "2", "-b", "1K", "-e", "4K", "-f", "2", "-n", "2", "-w", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"# ccplay bench: 2 ranks, one goroutine each, chan transport",
		"# ping-pong rank 0 <-> rank 1",
		"# fitted link (T = α + β·S): α = ",
		"# allreduce, ring; model = closed form on the fitted link",
		"size         count    type  redop  root        time    algbw    busbw  #wrong       model     diff         fit",
		"# allreduce/ring fit (T = A·α + B·β): α = ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if rows := strings.Count(out, "  double    sum    -1  "); rows != 3 {
		t.Errorf("%d allreduce rows, want 3:\n%s", rows, out)
	}
}

func TestBenchBadFlags(t *testing.T) {
	cases := []struct {
		reason, want string
		args         []string
	}{
		{"unknown transport", "ccplay: --transport: want tcp or chan", []string{"--transport", "udp"}},
		{"polling without sockets", "ccplay: --spin: applies to --transport tcp only", []string{"--transport", "chan", "--spin", "100us"}},
		{"polling too long", "ccplay: --spin: want auto, 0 or a duration up to 10ms", []string{"--spin", "1s"}},
		{"one rank", "ccplay: --np: want an integer from 2 to 64", []string{"-np", "1"}},
		{"algorithm that applies to nothing", "ccplay: --algorithm: none of \"tree\" runs allgather", []string{"--collective", "allgather", "--algorithm", "tree"}},
		{"too large", "ccplay: --maxbytes: at most 1G", []string{"-e", "2G"}},
		{"max below min", "ccplay: --maxbytes: want a size ≥ minbytes", []string{"-b", "1M", "-e", "1K"}},
		{"zero iterations", "ccplay: --iters: want an integer from 1", []string{"-n", "0"}},
		{"bad size", "ccplay: --minbytes:", []string{"-b", "lots"}},
	}
	for _, tc := range cases {
		out, errs, code := runCLI(append([]string{"bench"}, tc.args...)...)
		if code != 2 || !strings.HasPrefix(errs, tc.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stderr %q; want %q", tc.reason, code, errs, tc.want)
		}
	}
}

// applicableSeries lists collective/algorithm for every applicable algorithm.
func applicableSeries(cs ...prim.Collective) []string {
	var out []string
	for _, c := range cs {
		for _, a := range sched.Applicable(c) {
			out = append(out, string(c)+"/"+string(a))
		}
	}
	return out
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// The text header says how the TCP ranks waited: polling for --spin, and
// yielding the CPU between polls when there are more ranks than cores.
func TestBenchTextSaysHowRanksWait(t *testing.T) {
	np := min(runtime.NumCPU()+1, 64) // more ranks than cores: a given --spin yields
	cases := []struct {
		reason string
		args   []string
		want   string
		yields bool
	}{
		{"a core per rank", []string{"-np", "2", "--spin", "100us"}, ", an idle socket polled for 100 µs before its rank sleeps", runtime.NumCPU() < 2},
		{"more ranks than cores", []string{"-np", strconv.Itoa(np), "--spin", "50us"}, ", an idle socket polled for 50 µs before its rank sleeps", np > runtime.NumCPU()},
		{"no polling", []string{"-np", "2", "--spin", "0"}, "each pair of ranks connected over TCP on 127.0.0.1)", false},
	}
	for _, c := range cases {
		args := append([]string{"bench", "--transport", "tcp", "-b", "1K", "-e", "1K", "-n", "1", "-w", "0", "--timeout", "60s"}, c.args...)
		out, errs, code := runCLI(args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.reason, code, errs)
		}
		head, _, _ := strings.Cut(out, "\n")
		if !strings.Contains(head, c.want) || strings.Contains(head, "yielding the CPU between polls") != c.yields {
			t.Errorf("%s: header %q; want %q, yielding %v", c.reason, head, c.want, c.yields)
		}
	}
}
