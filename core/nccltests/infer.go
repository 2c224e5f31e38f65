package nccltests

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// InferCollective names the collective a table measured when the log does
// not say (text logs before nccl-tests printed "Collective test
// concluded"): nccl-tests prints busbw = algbw × a factor that depends only
// on the collective and P (prim.Collective.BusBwFactor), so the median
// busbw/algbw ratio over rows with algbw ≥ 1 GB/s (two printed decimals
// then give ≥ 0.5 % precision) picks the collectives within 2 %; a redop
// column (none or an operator) and a root column (−1 or a rank) narrow the
// choice. It needs t.Ranks ≥ 2 and fails, naming the candidates, when the
// rows cannot decide.
func (t Table) InferCollective() (prim.Collective, error) {
	if t.Collective != "" {
		return t.Collective, nil
	}
	if t.Ranks < 2 {
		return "", fielderr.New("collective", "nccltests.collective.unnamed")
	}
	var ratios []float64
	reduces, rooted := -1, -1 // unknown
	for _, r := range t.Rows {
		v := r.OutOfPlace
		if v == nil {
			continue
		}
		if v.AlgBwGBs >= 1 && v.BusBwGBs > 0 {
			ratios = append(ratios, v.BusBwGBs/v.AlgBwGBs)
		}
		if r.Redop != "" {
			reduces = b2i(r.Redop != "none")
		}
		if r.Root >= 0 {
			rooted = 1
		}
	}
	if len(ratios) == 0 {
		return "", fielderr.New("collective", "nccltests.collective.slow")
	}
	sort.Float64s(ratios)
	ratio := ratios[len(ratios)/2]
	var cands []string
	var found prim.Collective
	for _, c := range prim.Collectives() {
		f := c.BusBwFactor(t.Ranks)
		if math.Abs(ratio-f) > 0.02*f {
			continue
		}
		if reduces >= 0 && b2i(c.Reduces()) != reduces {
			continue
		}
		if rooted == 1 && !c.Rooted() {
			continue
		}
		cands = append(cands, string(c))
		found = c
	}
	switch len(cands) {
	case 1:
		return found, nil
	case 0:
		return "", fielderr.New("collective", "nccltests.collective.none", ratio, t.Ranks)
	}
	return "", fielderr.New("collective", "nccltests.collective.many", ratio, t.Ranks, strings.Join(cands, ", "))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// String summarises a table: "allreduce, 16 ranks, 31 rows".
func (t Table) String() string {
	c := string(t.Collective)
	if c == "" {
		c = "collective not named"
	}
	return fmt.Sprintf("%s, %d ranks, %d rows", c, t.Ranks, len(t.Rows))
}

// HasInPlace reports whether the table has in-place columns (a second
// "time" column; the JSON report always has both).
func (t Table) HasInPlace() bool {
	if t.Columns == nil {
		return true
	}
	n := 0
	for _, c := range t.Columns {
		if c == "time" || c == "cputime" {
			n++
		}
	}
	return n >= 2
}
