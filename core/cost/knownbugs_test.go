//go:build knownbugs

// Reproductions of open bugs, kept out of the normal suite so that it stays
// green. Run: go test -tags knownbugs -run KnownBug ./core/cost

package cost_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestKnownBugByteCountsOverflow: the analytic ledger summary
// (bytes_sent_per_rank, total_bytes) is computed in int64 and wraps for
// sizes the parsers accept (up to PiB) at large P, e.g. `ccplay cost
// --collective allreduce --algorithm naive --ranks 1048576 --size 1PiB`:
// 2(P−1)·S ≈ 2^71 bytes. Every algorithm should report non-negative,
// monotone byte counts (or Validate should cap Size with a clear error).
func TestKnownBugByteCountsOverflow(t *testing.T) {
	for _, c := range prim.Collectives() {
		r, err := cost.Evaluate(cost.Params{Collective: c, Algorithm: sched.Naive, Ranks: prim.MaxRanks,
			Size: 1 << 50, ElemSize: 1, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6})
		if err != nil {
			t.Fatal(err)
		}
		if r.TotalBytes < 0 || r.BytesSentPerRank < 0 {
			t.Errorf("%s/naive P=2^20 S=1 PiB: total_bytes %d, bytes_sent_per_rank %d (int64 overflow)", c, r.TotalBytes, r.BytesSentPerRank)
		}
	}
}
