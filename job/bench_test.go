package job

import (
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// bench reads fields as ReadBench does and runs the benchmark.
func bench(t *testing.T, fields map[string]string) measure.Bench {
	t.Helper()
	cfg, err := ReadBench(field.Map(fields))
	if err != nil {
		t.Fatalf("ReadBench(%v): %v", fields, err)
	}
	rep, err := Bench(cfg)
	if err != nil {
		t.Fatalf("Bench(%v): %v", fields, err)
	}
	return rep
}

// with is base with the fields of more added.
func with(base map[string]string, more ...string) map[string]string {
	m := map[string]string{}
	for k, v := range base {
		m[k] = v
	}
	for i := 0; i+1 < len(more); i += 2 {
		m[more[i]] = more[i+1]
	}
	return m
}

// A benchmark on both transports with small sizes: every series has its
// rows, whole per-rank blocks of doubles, busbw = algbw × nccl-tests'
// factor; the link and per-algorithm fits and the model's predictions
// are present.
func TestBench(t *testing.T) {
	small := map[string]string{"minbytes": "1K", "maxbytes": "16K", "stepfactor": "4", "iters": "3", "warmup": "1", "timeout": "60s"}
	cases := []struct {
		reason string
		fields map[string]string
		series []string // collective/algorithm
	}{
		{"in-memory ring AllReduce", with(small, "transport", "chan", "np", "3"), []string{"allreduce/ring"}},
		{"loopback TCP, every algorithm of two collectives", with(small, "transport", "tcp", "np", "4", "collective", "allgather,reducescatter", "algorithm", "all"),
			applicableSeries(prim.AllGather, prim.ReduceScatter)},
		{"rooted and pipelined", with(small, "transport", "chan", "np", "3", "collective", "broadcast", "algorithm", "ring,binomial"), []string{"broadcast/ring", "broadcast/binomial"}},
		{"loopback TCP, sockets polled before sleeping", with(small, "transport", "tcp", "np", "2", "spin", "100us"), []string{"allreduce/ring"}},
	}
	for _, tc := range cases {
		rep := bench(t, tc.fields)
		if spin := tc.fields["spin"] == "100us"; spin != (rep.SpinS == 100e-6) {
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
			c := prim.Collective(s.Collective)
			factor := c.BusBwFactor(rep.Ranks)
			step := int64(8)
			if c.Blocked() || c == prim.AllToAll {
				step *= int64(rep.Ranks) // nccl-tests counts these buffers whole
			}
			for _, r := range s.Rows {
				if r.SizeBytes%step != 0 {
					t.Errorf("%s: %d bytes is not whole blocks of %d", tc.reason, r.SizeBytes, step)
				}
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

// The text header says how the TCP ranks waited: polling for spin, and
// yielding the CPU between polls when there are more ranks than cores.
func TestBenchTextSaysHowRanksWait(t *testing.T) {
	np := min(runtime.NumCPU()+1, MaxRanks) // more ranks than cores: a given spin yields
	one := map[string]string{"transport": "tcp", "minbytes": "1K", "maxbytes": "1K", "iters": "1", "warmup": "0", "timeout": "60s"}
	cases := []struct {
		reason string
		fields map[string]string
		want   string
		yields bool
	}{
		{"a core per rank", with(one, "np", "2", "spin", "100us"), ", an idle socket polled for 100 µs before its rank sleeps", runtime.NumCPU() < 2},
		{"more ranks than cores", with(one, "np", strconv.Itoa(np), "spin", "50us"), ", an idle socket polled for 50 µs before its rank sleeps", np > runtime.NumCPU()},
		{"no polling", with(one, "np", "2", "spin", "0"), "each pair of ranks connected over TCP on 127.0.0.1)", false},
	}
	for _, c := range cases {
		head, _, _ := strings.Cut(BenchText(bench(t, c.fields)), "\n")
		if !strings.Contains(head, c.want) || strings.Contains(head, "yielding the CPU between polls") != c.yields {
			t.Errorf("%s: header %q; want %q, yielding %v", c.reason, head, c.want, c.yields)
		}
	}
}
