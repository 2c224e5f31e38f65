package cost_test

import (
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestByteCountsNeverOverflow: the analytic ledger summary is int64, so
// Validate caps S at MaxSize(P). At the cap every algorithm's byte
// counts are non-negative; one byte more per rank is refused, naming size.
func TestByteCountsNeverOverflow(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{2, 3, 1000, prim.MaxRanks} {
				limit := cost.MaxSize(p)
				q := cost.Params{Collective: c, Algorithm: a, Ranks: p, Size: limit, ElemSize: 1, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
				if p > 5000 && a == sched.Bruck {
					continue // O(P) busiest-rank sum; covered at smaller P
				}
				r, err := cost.Evaluate(q)
				if err != nil {
					t.Fatalf("%s/%s P=%d at the cap: %v", c, a, p, err)
				}
				if r.TotalBytes < 0 || r.BytesSentPerRank < 0 || r.BytesSentPerRank > r.TotalBytes {
					t.Errorf("%s/%s P=%d S=%d: total_bytes %d, bytes_sent_per_rank %d", c, a, p, limit, r.TotalBytes, r.BytesSentPerRank)
				}
				q.Size++
				_, err = cost.Evaluate(q)
				var fe *fielderr.Error
				if !errors.As(err, &fe) || fe.Field != "size" {
					t.Errorf("%s/%s P=%d S=cap+1: want a size error, got %v", c, a, p, err)
				}
			}
		}
	}
}
