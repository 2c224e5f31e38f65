package doctor

import (
	"math"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
)

// byRatio reads the collective and the ranks off a table whose log names
// neither (a pasted table): nccl-tests prints busbw = algbw × a factor of
// the collective and P (NVIDIA/nccl-tests doc/PERFORMANCE.md: 2(P−1)/P for
// AllReduce, (P−1)/P for AllGather, ReduceScatter and AllToAll, 1 for
// Broadcast and Reduce), and count = size ÷ element size for AllReduce (a
// rank's part, size ÷ P ÷ element size, for the others). A reducing table
// (redop other than none) whose count is the whole size and whose factor
// is 2(P−1)/P is AllReduce on P ranks. The row read is the one with the
// largest algbw, whose two printed decimals give the factor to 10⁻⁴ from
// 100 GB/s; P is accepted only when 2(P−1)/P matches it within 0.2 %.
// ok is false for anything else. O(rows).
func byRatio(t *nccltests.Table) (c prim.Collective, ranks, line int, ok bool) {
	var best *nccltests.Row
	for i := range t.Rows {
		r := &t.Rows[i]
		if r.OutOfPlace != nil && r.OutOfPlace.Valid() && (best == nil || r.OutOfPlace.AlgBwGBs > best.OutOfPlace.AlgBwGBs) {
			best = r
		}
	}
	if best == nil || best.OutOfPlace.AlgBwGBs < 1 || best.Redop == "" || best.Redop == "none" {
		return "", 0, 0, false
	}
	dt, err := cost.ParseDType(best.Type)
	if err != nil || best.Count*int64(dt.Size) != best.SizeBytes {
		return "", 0, 0, false
	}
	f := best.OutOfPlace.BusBwGBs / best.OutOfPlace.AlgBwGBs
	if !(f > 1 && f < 2) {
		return "", 0, 0, false
	}
	p := int(math.Round(2 / (2 - f)))
	if p < 2 || math.Abs(prim.AllReduce.BusBwFactor(p)-f) > 0.002*f {
		return "", 0, 0, false
	}
	return prim.AllReduce, p, best.Line, true
}
