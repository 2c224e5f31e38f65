package cost_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// The names offered for NCCL_ALGO and NCCL_PROTO are the table's: every
// cell of the model carries one of each, every name has cells, and forcing
// one name alone leaves only its cells enabled (or, where none of its
// cells can run, is refused on its field).
func TestNCCLNames(t *testing.T) {
	h100 := system(t, "dgx-h100")
	p := ncclParams(prim.AllReduce, 8, 1<<30)
	free := ncclRun(t, p, cost.NCCLOptions{System: h100})
	algos, protos := cost.NCCLAlgorithms(), cost.NCCLProtocols()
	if len(algos) == 0 || len(protos) == 0 {
		t.Fatalf("algorithms %v, protocols %v", algos, protos)
	}
	seenA, seenP := map[string]bool{}, map[string]bool{}
	for _, c := range free.Cells {
		if !slices.Contains(algos, c.Algorithm) || !slices.Contains(protos, c.Protocol) {
			t.Errorf("cell %s/%s is not named by NCCLAlgorithms %v × NCCLProtocols %v", c.Algorithm, c.Protocol, algos, protos)
		}
		seenA[c.Algorithm], seenP[c.Protocol] = true, true
	}
	if len(seenA) != len(algos) || len(seenP) != len(protos) {
		t.Errorf("the table has algorithms %v and protocols %v, the lists %v and %v", seenA, seenP, algos, protos)
	}
	for _, a := range algos {
		r, err := cost.NCCLWith(p, cost.NCCLOptions{System: h100, Algo: a})
		if err != nil {
			var fe *fielderr.Error
			if !errors.As(err, &fe) || fe.Field != "nccl-algo" {
				t.Errorf("NCCL_ALGO=%s: %v, want a refusal of nccl-algo", a, err)
			}
			continue
		}
		for _, c := range r.Cells {
			if c.Enabled && c.Algorithm != a {
				t.Errorf("NCCL_ALGO=%s leaves %s/%s enabled", a, c.Algorithm, c.Protocol)
			}
		}
	}
	for _, pr := range protos {
		r := ncclRun(t, p, cost.NCCLOptions{System: h100, Proto: pr})
		if r.Protocol != pr {
			t.Errorf("NCCL_PROTO=%s: NCCL runs %s", pr, r.Winner)
		}
	}
	algos[0] = "changed"
	if cost.NCCLAlgorithms()[0] == "changed" {
		t.Error("NCCLAlgorithms hands out its table")
	}
}
