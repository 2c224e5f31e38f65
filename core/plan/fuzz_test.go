package plan

import (
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// FuzzPlan: any text in the main fields gives a plan or a *fielderr.Error,
// never a panic, and a plan's totals are consistent.
func FuzzPlan(f *testing.F) {
	f.Add("70b", "8", "8", "1", "1", "3", "4096", "1", "8")
	f.Add("mixtral-8x7b", "16", "4", "2", "8", "1", "2048", "2", "8")
	f.Add("405b", "128", "8", "16", "1", "1", "8192", "1", "8")
	f.Add("deepseek-v3", "64", "2", "1", "64", "0", "4096", "1", "4")
	f.Fuzz(func(t *testing.T, model, dp, tp, pp, ep, zero, seq, mb, gpn string) {
		in, err := Parse(field.Map(map[string]string{"model": model, "dp": dp, "tp": tp, "pp": pp, "ep": ep, "zero": zero,
			"seq": seq, "micro-batch": mb, "gpus-per-node": gpn}))
		if err == nil && in.Parallel.World() > 1<<14 {
			return // keep each case fast
		}
		var r Result
		if err == nil {
			r, err = Plan(in)
		}
		if err != nil {
			var fe *fielderr.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a field error", err)
			}
			return
		}
		var sum float64
		for _, x := range r.Rows {
			if x.Bytes <= 0 || x.Calls <= 0 || x.TimePerCall < 0 {
				t.Fatalf("bad row %+v", x.Call)
			}
			sum += x.TimeS
		}
		if !near(sum, r.CommS, 1e-9) && sum != r.CommS {
			t.Fatalf("rows sum to %g, comm %g", sum, r.CommS)
		}
	})
}
