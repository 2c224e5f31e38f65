package plan

import (
	"math"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
)

// checkFinite refuses a result holding ±Inf or NaN, naming the input at
// fault: the compute time overflows only through peak × mfu (the smaller
// of the two is named), the communication time only through a link's β =
// 1/(bandwidth × efficiency) (the smallest bandwidth in B/s or the
// efficiency is named). Validate has already refused a β that is not
// finite (cost.CheckLink); this catches β times the bytes of a step. O(rows).
func (r Result) checkFinite() error {
	in := r.Input
	if !finite(r.ComputeS) || !finite(r.BubbleS) || !finite(r.FLOPs) {
		name, value := "peak", in.Compute.PeakFLOPS
		if in.Compute.MFU < value {
			name, value = "mfu", in.Compute.MFU
		}
		return fielderr.New(name, "plan.compute.overflow", value, name)
	}
	if cost.Finite(r) {
		return nil
	}
	c := in.Cluster
	name, value := "bandwidth", c.Inter.Bandwidth
	if c.Intra.Bandwidth < value {
		name, value = "intra-bandwidth", c.Intra.Bandwidth
	}
	if c.Efficiency < value {
		name, value = "efficiency", c.Efficiency
	}
	return fielderr.New(name, "plan.time.overflow", value, name)
}

func finite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }
