package cost

import "github.com/ccplay/ccplay/core/prim"

// ncclFunc is one of NCCL's functions: the collective and NCCL's name of
// it (ncclFuncStr), which is the collective's display name.
type ncclFunc struct {
	c    prim.Collective
	name string
}

// ncclFuncTable lists cs as NCCL's functions, in NCCL's function order.
func ncclFuncTable(cs ...prim.Collective) []ncclFunc {
	out := make([]ncclFunc, len(cs))
	for i, c := range cs {
		out[i] = ncclFunc{c, c.Name()}
	}
	return out
}

// NCCLCovers reports whether NCCL's tuning model (NCCL, NCCLWith) prices
// collective c: Broadcast, Reduce, AllGather, ReduceScatter and AllReduce.
func NCCLCovers(c prim.Collective) bool {
	for _, f := range ncclFuncs {
		if f.c == c {
			return true
		}
	}
	return false
}
