package cost_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// BenchmarkQuickTopology times the budgeted case (auto over all algorithms for
// one question by closed forms, ≤ 20 µs) on a topology: AllReduce of
// 100 MiB on 128 nodes × 8 GPUs (NVLink 4 inside, 400G IB across), and the
// same with a straggler.
func BenchmarkQuickTopology(b *testing.B) {
	q := base(prim.AllReduce, sched.Auto, 1024)
	q.GPUsPerNode, q.IntraBandwidth, q.IntraLatency = 8, 450e9, 1e-6
	slow := q
	slow.Slow = topo.Slow{Factor: 4, Rank: 3}
	for _, tc := range []struct {
		name string
		p    cost.Params
	}{{"auto/128x8", q}, {"auto/128x8/straggler", slow}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				t, _, err := cost.Quick(tc.p)
				if err != nil {
					b.Fatal(err)
				}
				sinkTerms = t
			}
		})
	}
}

// BenchmarkCrossovers times cost.Crossovers for AllReduce on 1024 ranks
// from 4 B to 1 TiB (what the playground's chart calls).
func BenchmarkCrossovers(b *testing.B) {
	q := base(prim.AllReduce, sched.Auto, 1024)
	for b.Loop() {
		if _, err := cost.Crossovers(q, 4, 1<<40); err != nil {
			b.Fatal(err)
		}
	}
}
