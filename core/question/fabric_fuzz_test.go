package question_test

import (
	"errors"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
)

// FuzzFabricFields: any text in the fabric fields is either refused with
// field errors or read into a fabric whose simulated answer (on at most 64
// ranks) is finite, positive for a non-empty question, and no faster than
// the bound it reports for AllToAll.
func FuzzFabricFields(f *testing.F) {
	f.Add("fat-tree", "4", "2", "", "", "", "alltoall", "16", "8")
	f.Add("fat-tree", "1.5", "1", "3", "", "pcie", "allreduce", "32", "4")
	f.Add("rail", "2", "4", "", "", "", "allgather", "64", "8")
	f.Add("torus", "", "", "", "2x4", "", "broadcast", "8", "0")
	f.Add("torus", "", "", "", "2x2x2", "nvswitch", "reduce", "16", "2")
	f.Add("ideal", "4", "", "", "", "", "allreduce", "8", "0")
	f.Add("mesh", "-1", "0", "9", "0x0x0x0", "nvlink", "alltoall", "12", "5")
	f.Fuzz(func(t *testing.T, kind, ratio, leaf, tiers, dims, node, coll, ranks, gpn string) {
		in := map[string]string{"fabric": kind, "collective": coll, "ranks": ranks, "gpus-per-node": gpn, "size": "1MiB"}
		for k, v := range map[string]string{"oversubscription": ratio, "leaf-nodes": leaf, "tiers": tiers, "torus-dims": dims, "node-switch": node} {
			if v != "" {
				in[k] = v
			}
		}
		p, err := question.CostParams(field.Map(in))
		if err != nil {
			var fe *fielderr.Error
			var l fielderr.List
			if !errors.As(err, &fe) && !errors.As(err, &l) {
				t.Fatalf("%v: %T %v is not a field error", in, err, err)
			}
			return
		}
		if p.Ranks > 64 {
			return
		}
		r, err := cost.Evaluate(p)
		if err != nil {
			var fe *fielderr.Error
			if !errors.As(err, &fe) {
				t.Fatalf("%v: %v", in, err)
			}
			return
		}
		if math.IsNaN(r.TimeS) || math.IsInf(r.TimeS, 0) || r.TimeS < 0 {
			t.Fatalf("%v: time %g", in, r.TimeS)
		}
		if f := r.Fabric; f != nil && f.BisectionBoundS > 0 && r.TimeS < f.BisectionBoundS*(1-1e-9) {
			t.Fatalf("%v: %g s beats the bisection bound %g s", in, r.TimeS, f.BisectionBoundS)
		}
	})
}
