package cost

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// A pipelined schedule's TransferBound is its executed transfer count when
// no chunk is empty, and above it when some are: counted three ways — the
// bound, the schedule's transfers and the messages of its byte ledger —
// for the tree (Broadcast, Reduce, AllReduce) and the pipelined ring at
// several P and chunk counts, many chunks included (the chunk count, not
// the closed form's ⌈log₂P⌉ steps, sets how many messages a tree sends).
func TestTransferBoundPipelined(t *testing.T) {
	cases := []struct {
		c prim.Collective
		a sched.Algorithm
	}{
		{prim.Broadcast, sched.Tree}, {prim.Reduce, sched.Tree}, {prim.AllReduce, sched.Tree},
		{prim.Broadcast, sched.Ring}, {prim.Reduce, sched.Ring},
	}
	for _, tc := range cases {
		for _, ranks := range []int{2, 3, 5, 8, 17, 64} {
			for _, k := range []int{1, 2, 7, 64, 500} {
				for _, n := range []int64{2 * 500, 3} { // every chunk full; most chunks empty
					if k > sched.MaxChunks(tc.c, tc.a, int(n)) {
						continue
					}
					p := Params{Collective: tc.c, Algorithm: tc.a, Ranks: ranks, Size: 4 * n, ElemSize: 4, Chunks: k,
						Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
					q, err := Concrete(p)
					if err != nil {
						t.Fatal(err)
					}
					s, err := ScheduleOf(p, ScheduleLimit)
					if err != nil {
						t.Fatalf("%s/%s P=%d K=%d: %v", tc.c, tc.a, ranks, k, err)
					}
					messages := 0
					for _, r := range sim.NewLedger(s, 4).Rounds {
						messages += r.Messages
					}
					bound := TransferBound(q)
					full := n-n/2 >= int64(k) && n/2 >= int64(k) // both tree halves have K elements or more
					if tc.a == sched.Ring {
						full = n >= int64(k)
					}
					switch {
					case messages != s.Transfers():
						t.Errorf("%s/%s P=%d K=%d: ledger counts %d messages, the schedule %d transfers", tc.c, tc.a, ranks, k, messages, s.Transfers())
					case int64(messages) > bound:
						t.Errorf("%s/%s P=%d K=%d n=%d: %d transfers above the bound %d", tc.c, tc.a, ranks, k, n, messages, bound)
					case full && int64(messages) != bound:
						t.Errorf("%s/%s P=%d K=%d n=%d: %d transfers, the bound %d is not exact", tc.c, tc.a, ranks, k, n, messages, bound)
					}
				}
			}
		}
	}
}
