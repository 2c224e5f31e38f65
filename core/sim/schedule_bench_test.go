package sim_test

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// BenchmarkRingAllReduceSchedule times the full per-transfer path for ring
// AllReduce of 100 MiB of float32: sched.Build (2(P−1)·P transfers) and
// sim.NewLedger — budget at P = 1024: ≤ 100 ms and ≤ 256 MiB
// (B/op) — and, in the /priced runs, sim.Price as well. P = 4096 is sched.MaxRanks: 33,546,240 transfers, about
// 1 GiB of schedule.
func BenchmarkRingAllReduceSchedule(b *testing.B) {
	const n = 100 << 20 / 4 // divisible by 64, 1024 and 4096
	m := sim.Model{Alpha: 5e-6, Beta: 1 / 50e9}
	for _, p := range []int{64, 1024, 4096} {
		sp := prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: prim.Sum}
		// The budgeted case: the full schedule and its ledger.
		b.Run(fmt.Sprintf("P=%d", p), func(b *testing.B) {
			b.ReportAllocs()
			var transfers int
			for b.Loop() {
				s, err := sched.Build(sp, sched.Ring, sched.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if l := sim.NewLedger(s, 4); l.Steps != 2*(p-1) {
					b.Fatalf("P=%d: %d steps", p, l.Steps)
				}
				transfers = s.Transfers()
			}
			b.ReportMetric(float64(transfers), "transfers")
		})
		// The same and its price under the cost rule (what schedule_time_s costs).
		b.Run(fmt.Sprintf("P=%d/priced", p), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := sched.Build(sp, sched.Ring, sched.Options{})
				if err != nil {
					b.Fatal(err)
				}
				l := sim.NewLedger(s, 4)
				c := sim.Price(s, 4, m)
				if l.Steps != 2*(p-1) || c.Total() <= 0 {
					b.Fatalf("P=%d: %d steps, %g s", p, l.Steps, c.Total())
				}
			}
		})
	}
}
