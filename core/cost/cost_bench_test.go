package cost_test

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// sink keeps results alive so the compiler cannot drop the work.
var sink cost.Result

// BenchmarkClosedForm times one cost question (budget: ≤ 1 µs for
// a closed form). ring: Evaluate of ring AllReduce, 100 MiB over 8 ranks —
// validation, closed form, bounds, formula text. auto: every applicable
// algorithm, including the tree, whose executed schedule Evaluate also
// builds and prices (schedule_time_s) while it has at most
// cost.ScheduleLimit transfers. auto/P=1048576: the same above
// sched.MaxRanks, where no schedule is built: closed forms only.
func BenchmarkClosedForm(b *testing.B) {
	cases := []struct {
		name string
		alg  sched.Algorithm
		p    int
	}{
		{"ring", sched.Ring, 8},
		{"auto", sched.Auto, 8},
		{"auto/P=1048576", sched.Auto, prim.MaxRanks},
	}
	for _, tc := range cases {
		q := base(prim.AllReduce, tc.alg, tc.p)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, err := cost.Evaluate(q)
				if err != nil {
					b.Fatal(err)
				}
				sink = r
			}
		})
	}
}

// BenchmarkEvaluateHugeP: ring AllReduce at P = 1,048,576 (prim.MaxRanks),
// answered by the closed form alone: O(1), like any other P.
func BenchmarkEvaluateHugeP(b *testing.B) {
	q := base(prim.AllReduce, sched.Ring, prim.MaxRanks)
	b.ReportAllocs()
	for b.Loop() {
		r, err := cost.Evaluate(q)
		if err != nil {
			b.Fatal(err)
		}
		sink = r
	}
}

// sinkTerms keeps Quick's results alive.
var sinkTerms cost.Terms

// BenchmarkQuick times the closed form alone (validation + terms, no text):
// what sweeps, charts and auto call. ring: ring AllReduce at P = 8;
// auto: every applicable algorithm's closed form and the argmin (budget
// ≤ 20 µs, docs/performance.md); hugeP: ring at P = 2^20.
func BenchmarkQuick(b *testing.B) {
	for _, tc := range []struct {
		name string
		alg  sched.Algorithm
		p    int
	}{{"ring", sched.Ring, 8}, {"auto", sched.Auto, 8}, {"auto/P=1048576", sched.Auto, prim.MaxRanks}, {"hugeP", sched.Ring, prim.MaxRanks}} {
		q := base(prim.AllReduce, tc.alg, tc.p)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				t, _, err := cost.Quick(q)
				if err != nil {
					b.Fatal(err)
				}
				sinkTerms = t
			}
		})
	}
}

// BenchmarkStudyFabric is the fabric view's study of pairwise AllToAll on
// P ranks in nodes of 8 (leaves of a quarter of the nodes, 4:1): the
// question and ring AllReduce beside it at each of cost.FabricRatios, 13
// simulations, a row's simulations sharing one schedule built.
func BenchmarkStudyFabric(b *testing.B) {
	for _, P := range []int{128, 512} {
		p := viewQuestion(prim.AllToAll, sched.Pairwise, P, 8, fabric.FatTree, 4)
		b.Run(fmt.Sprintf("P=%d", P), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				st, err := cost.StudyFabric(p, budget.Flows)
				if err != nil {
					b.Fatal(err)
				}
				sink = st.Result
			}
		})
	}
}
