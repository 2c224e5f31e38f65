package question_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/question"
)

// fabricQuestion reads a cost question from fields as the API does.
func fabricQuestion(t *testing.T, fields map[string]string) cost.Params {
	t.Helper()
	p, err := question.CostParams(field.Map(fields))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// refusal is CheckFabricBudget's refusal of p: its field and the value it
// accepts (the accepting message's argument); ok false when p is admitted.
func refusal(t *testing.T, p cost.Params) (field string, accepted any, ok bool) {
	t.Helper()
	err := question.CheckFabricBudget(p)
	if err == nil {
		return "", nil, false
	}
	var be *budget.Error
	var fe *fielderr.Error
	if !errors.As(err, &be) || !errors.As(err, &fe) {
		t.Fatalf("refusal %v is not a budget error on a field", err)
	}
	if fe.ID != "fabric.refused" || len(fe.Args) != 2 {
		return fe.Field, nil, true
	}
	accept, _ := fe.Args[1].(msg.Message)
	if len(accept.Args) != 1 {
		t.Fatalf("refusal %v accepts %+v", err, accept)
	}
	return fe.Field, accept.Args[0], true
}

// The work budget at its boundary, derived from the documented rule and
// not from the code that applies it: pairwise AllToAll on P ranks (one GPU
// a node) has P² transfers (P − 1 exchanges and the local copy per rank),
// each on a route of at most 6 links of a two-tier fat-tree, and the
// simulation may spend 64 units per link at 1:1 and 2,048 at 8:1 (the
// fabric allows 5,120 there, pairwise exchange's ceiling 2,048;
// docs/limits.md), besides cost.SetupWork per transfer; budget.FabricWork bounds the sum. The
// largest P within it is admitted and the next refused: at 1:1 on ranks,
// accepting that largest P; at 8:1 on the oversubscription, accepting the
// largest whole ratio, which the budget admits while the next one up it
// refuses. Three times the budget, ratios well above it, are refused as
// well; the same questions on the ideal fabric pass.
func TestFabricWorkBoundary(t *testing.T) {
	for _, r := range []float64{1, 8} {
		perLink := map[float64]float64{1: 64, 8: 2048}[r]
		largestP := int(math.Sqrt(float64(budget.FabricWork) / (float64(cost.SetupWork) + 6*perLink)))
		for largestP*largestP*int(float64(cost.SetupWork)+6*perLink) > budget.FabricWork {
			largestP--
		}
		at := func(P int, ratio float64) cost.Params {
			return fabricQuestion(t, map[string]string{"collective": "alltoall", "algorithm": "pairwise", "ranks": fmt.Sprint(P),
				"size": "1MiB", "fabric": "fat-tree", "oversubscription": fmt.Sprint(ratio)})
		}
		if f, _, refused := refusal(t, at(largestP, r)); refused {
			t.Errorf("%g:1: %d ranks, within the budget, refused on %s", r, largestP, f)
		}
		f, acc, refused := refusal(t, at(largestP+1, r))
		switch {
		case !refused:
			t.Errorf("%g:1: %d ranks, over the budget, admitted", r, largestP+1)
		case r == 1 && (f != "ranks" || acc != int64(largestP)):
			t.Errorf("1:1: %d ranks refused on %s accepting %v, want ranks accepting %d", largestP+1, f, acc, largestP)
		case r > 1:
			ratio, _ := acc.(float64)
			if f != "oversubscription" || ratio < 1 || ratio >= r {
				t.Fatalf("%g:1: %d ranks refused on %s accepting %v", r, largestP+1, f, acc)
			}
			if _, _, refused := refusal(t, at(largestP+1, ratio)); refused {
				t.Errorf("%g:1: the accepted ratio %g:1 is refused", r, ratio)
			}
			if _, _, refused := refusal(t, at(largestP+1, ratio+1)); !refused {
				t.Errorf("%g:1: %g:1, above the accepted ratio %g:1, is admitted", r, ratio+1, ratio)
			}
		}
		if _, _, refused := refusal(t, at(largestP*2, r)); !refused {
			t.Errorf("%g:1: %d ranks admitted", r, largestP*2)
		}
		ideal := at(largestP*2, 1)
		ideal.Fabric.Kind = "ideal"
		if err := question.CheckFabricBudget(ideal); err != nil {
			t.Errorf("the ideal fabric refused: %v", err)
		}
	}
}

// A pipelined schedule whose chunk count follows the size is refused on
// size, and one whose chunks are given on chunks, each accepting a value
// that the budget admits with the other fields kept; on a torus whose
// dimensions fix the node count no rank count fits, and the refusal is on
// ranks with the budget alone. The refusal reads in Chinese as well.
func TestFabricRefusalNamesTheField(t *testing.T) {
	ring := map[string]string{"collective": "broadcast", "algorithm": "ring", "ranks": "1024", "size": "1GiB", "fabric": "fat-tree"}
	p := fabricQuestion(t, ring)
	f, acc, refused := refusal(t, p)
	if !refused || f != "size" {
		t.Fatalf("ring Broadcast of 1 GiB on 1024 ranks: refused %v on %s", refused, f)
	}
	q := p
	if _, err := fmt.Sscan(acc.(string), &q.Size); err != nil || q.Size >= p.Size || question.CheckFabricBudget(q) != nil {
		t.Errorf("the accepted size %v is refused or not smaller (%v)", acc, err)
	}
	ring["chunks"] = "4096"
	p = fabricQuestion(t, ring)
	f, acc, refused = refusal(t, p)
	k, _ := acc.(int64)
	if !refused || f != "chunks" || k < 1 || k >= 4096 {
		t.Fatalf("ring Broadcast in 4096 chunks: refused %v on %s accepting %v", refused, f, acc)
	}
	q = p
	q.Chunks = int(k)
	if err := question.CheckFabricBudget(q); err != nil {
		t.Errorf("the accepted %d chunks are refused: %v", k, err)
	}
	q.Chunks = int(k) + 1
	if question.CheckFabricBudget(q) == nil {
		t.Errorf("%d chunks, one more than the accepted, are admitted", k+1)
	}
	torus := fabricQuestion(t, map[string]string{"collective": "alltoall", "algorithm": "pairwise", "ranks": "1024", "size": "1GiB", "fabric": "torus", "torus-dims": "32x32"})
	err := question.CheckFabricBudget(torus)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "ranks" || fe.ID == "fabric.refused" {
		t.Errorf("pairwise AllToAll on a 32 × 32 torus: %v", err)
	}
	err = question.CheckFabricBudget(fabricQuestion(t, map[string]string{"collective": "alltoall", "ranks": "1024", "size": "1MiB", "fabric": "fat-tree", "oversubscription": "64"}))
	if zh := msg.Render(err, "zh"); err == nil || zh == err.Error() || zh == "" {
		t.Errorf("the refusal in Chinese: %q, in English %v", zh, err)
	}
}
