package cost

import (
	"fmt"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

func ranksUnderTest() []int {
	ps := []int{}
	for p := 1; p <= 33; p++ {
		ps = append(ps, p)
	}
	return append(ps, 64, 100, 128)
}

func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-12*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// TestClosedFormEqualsExecutedSchedule is the central cross-check: for every
// collective × algorithm, the closed form's time and terms equal sim.Price of
// the schedule sched.Build makes, and its byte summary equals the ledger of
// that schedule. Tree's time is a limit and is checked separately.
func TestClosedFormEqualsExecutedSchedule(t *testing.T) {
	m := sim.Model{Alpha: 5e-6, Beta: 1 / 50e9, Gamma: 3e-11}
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range ranksUnderTest() {
				for _, n := range []int{0, 1, max(p-1, 0), p, p + 1, 1000, 1009} {
					for _, e := range []int{1, 4} {
						par := Params{Collective: c, Algorithm: a, Ranks: p, Root: (n + p/2) % p,
							Size: int64(n * e), ElemSize: e, Bandwidth: 50e9, Efficiency: 1, Latency: m.Alpha, Gamma: m.Gamma}
						if !c.Rooted() {
							par.Root = 0
						}
						checkClosedForm(t, par, m)
					}
				}
			}
		}
	}
}

func checkClosedForm(t *testing.T, par Params, m sim.Model) {
	t.Helper()
	name := fmt.Sprintf("%s/%s/P=%d/S=%d/e=%d/root=%d", par.Collective, par.Algorithm, par.Ranks, par.Size, par.ElemSize, par.Root)
	r, err := Evaluate(par)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := sched.Build(par.Spec(), par.Algorithm, sched.Options{Chunks: r.Chunks})
	if err != nil {
		t.Fatalf("%s: Build: %v", name, err)
	}
	price := sim.Price(s, par.ElemSize, m)
	ledger := sim.NewLedger(s, par.ElemSize)
	if got, want := r.BytesSentPerRank, ledger.Ranks[ledger.Busiest].Sent; got != want {
		t.Errorf("%s: busiest rank sends %d by the closed form, %d by the ledger", name, got, want)
	}
	if got, want := r.TotalBytes, ledger.TotalBytes; got != want {
		t.Errorf("%s: total bytes %d by the closed form, %d by the ledger", name, got, want)
	}
	if !r.Exact {
		if r.ScheduleTimeS != 0 && !near(r.ScheduleTimeS, price.Total()) {
			t.Errorf("%s: schedule_time_s %g, executed %g", name, r.ScheduleTimeS, price.Total())
		}
		return
	}
	if r.Steps != ledger.Steps {
		t.Errorf("%s: %d steps by the closed form, %d rounds with traffic in the schedule", name, r.Steps, ledger.Steps)
	}
	if !near(r.TimeS, price.Total()) || !near(r.LatencyTermS, price.Latency) ||
		!near(r.BandwidthTermS, price.Bandwidth) || !near(r.ComputeTermS, price.Compute) {
		t.Errorf("%s: closed form %g (α %g β %g γ %g) ≠ executed %g (α %g β %g γ %g)", name,
			r.TimeS, r.LatencyTermS, r.BandwidthTermS, r.ComputeTermS,
			price.Total(), price.Latency, price.Bandwidth, price.Compute)
	}
}
