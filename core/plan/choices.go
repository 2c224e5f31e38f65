package plan

import (
	"slices"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// Choices lists the values of a planner field (Fields, and fabric) that
// takes one of a few, in the order a face offers them; nil for a free field. Every value
// listed parses.
func Choices(field string) []string {
	switch field {
	case "model":
		return PresetNames()
	case "sp":
		return []string{"off", "on"}
	case "zero":
		return []string{"0", "1", "2", "3", "fsdp"}
	case "recompute":
		return []string{string(RecomputeNone), string(RecomputeSelective), string(RecomputeFull)}
	case "order":
		return []string{"tp-pp-dp", "tp-dp-pp", "pp-tp-dp", "pp-dp-tp", "dp-tp-pp", "dp-pp-tp"}
	case "algorithm":
		out := []string{string(sched.Auto)}
		for _, a := range Algorithms() {
			out = append(out, string(a))
		}
		return out
	case "preset", "intra-preset":
		return topo.PresetNames()
	case "fabric":
		return fabric.Kinds()
	}
	return nil
}

// Algorithms are the concrete algorithms a face offers for a plan: those
// that run AllReduce, the collective of data-parallel gradients, except
// the naive star and the binomial tree, whose S·β term grows with P (no
// training library reduces gradients with them). Any algorithm is still
// accepted (Parallel.Algorithm); these are the ones worth offering.
func Algorithms() []sched.Algorithm {
	return slices.DeleteFunc(sched.Applicable(prim.AllReduce), func(a sched.Algorithm) bool {
		return a == sched.Naive || a == sched.Binomial
	})
}
