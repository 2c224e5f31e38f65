package job

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/transport"
)

// BenchJob on 2 "hosts" × 2 ranks (one process, loopback TCP, ranks
// claiming their hosts): rank 0's report has both link classes' ping-pong
// and fits, every series row measured, verified and predicted, and the
// text says it; progress counts every step once, in order.
func TestBenchJobTwoHosts(t *testing.T) {
	addr, err := transport.FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	hosts := []string{"a", "a", "b", "b"}
	cfg := BenchConfig{Ranks: 4, Sweep: cost.Sweep{MinBytes: 1 << 10, MaxBytes: 64 << 10, StepFactor: 8}, Iters: 3, Warmup: 1,
		Timeout: 30 * time.Second, Series: []measure.BenchSeries{{Collective: "allreduce", Algorithm: "ring"}, {Collective: "allreduce", Algorithm: "hierarchical"}}}
	reps := make([]ClusterBench, 4)
	errs := make([]error, 4)
	var steps []int
	var total int
	var wg sync.WaitGroup
	for r := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ep, err := transport.Rendezvous{Addr: addr, Host: hosts[r]}.Dial(r, 4, transport.Options{Timeout: cfg.Timeout})
			if err != nil {
				errs[r] = err
				return
			}
			reps[r], errs[r] = BenchJob(ep, cfg, func(done, n int, what string) { steps, total = append(steps, done), n })
			if errs[r] != nil {
				ep.Abort(errs[r])
				return
			}
			errs[r] = ep.Close()
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	rep := reps[0]
	if rep.Hosts != 2 || rep.RanksPerHost != 2 || rep.Transport != "job" {
		t.Fatalf("layout %d hosts × %d, transport %q; want 2 × 2, job", rep.Hosts, rep.RanksPerHost, rep.Transport)
	}
	if len(rep.IntraPingPong) != 3 || len(rep.PingPong) != 3 || rep.IntraLink == nil || rep.Link == nil {
		t.Fatalf("ping-pong rows %d intra, %d inter, fits %v %v; want 3, 3 and both fits", len(rep.IntraPingPong), len(rep.PingPong), rep.IntraLink, rep.Link)
	}
	for _, s := range rep.Series {
		if len(s.Rows) != 3 {
			t.Fatalf("%s: %d rows, want 3", s.Algorithm, len(s.Rows))
		}
		for _, r := range s.Rows {
			if r.TimeS <= 0 || r.ModelS <= 0 || r.Wrong != 0 {
				t.Errorf("%s %d B: measured %g s, predicted %g s, %d wrong", s.Algorithm, r.SizeBytes, r.TimeS, r.ModelS, r.Wrong)
			}
		}
	}
	if total != 12 || len(steps) != 12 || steps[0] != 0 || steps[11] != 11 {
		t.Errorf("progress steps %v of %d, want 0…11 of 12", steps, total)
	}
	text := ClusterBenchText(rep)
	for _, want := range []string{"4 ranks on 2 hosts × 2", "ping-pong intra-node", "ping-pong inter-node: ranks 0 <-> 2", "measured/", "ring's time ÷ hierarchical's"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if reps[1].PingPong != nil || reps[1].Link != nil {
		t.Errorf("rank 1 reports ping-pong rows or a fit; only rank 0 measures them")
	}
}
