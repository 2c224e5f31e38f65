package question

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
)

// TestRunBudgetSaysTheRealSize: a Bruck AllGather of 16 elements from each of
// 4,096 ranks leaves every rank P × 16 elements, so its outputs alone hold
// 4,096² × 16 × 8 B = 2 GiB; the refusal names inputs and states a size of
// at least that, within a few times of it — the estimate, not a cap.
func TestRunBudgetSaysTheRealSize(t *testing.T) {
	const p, n = 4096, 16
	in := make([][]json.RawMessage, p)
	for r := range in {
		for range n {
			in[r] = append(in[r], json.RawMessage("1"))
		}
	}
	_, err := DoWithin(context.Background(), Run{Collective: "allgather", Algorithm: "bruck", DType: "int64", Inputs: in})
	var be *budget.Error
	if !errors.As(err, &be) {
		t.Fatalf("a 2 GiB run: %v, want a budget error", err)
	}
	m := regexp.MustCompile(`(\d+) MiB`).FindStringSubmatch(err.Error())
	if m == nil {
		t.Fatalf("the refusal %q states no size in MiB", err)
	}
	mib, _ := strconv.ParseInt(m[1], 10, 64)
	outputs := int64(p) * p * n * 8 >> 20
	if mib < outputs || mib > 8*outputs {
		t.Errorf("the refusal says %d MiB; the outputs alone hold %d MiB and the run holds a few times that", mib, outputs)
	}
}
