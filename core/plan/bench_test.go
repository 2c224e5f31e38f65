package plan

import (
	"testing"

	"github.com/ccplay/ccplay/core/field"
)

// big405 is the target question: Llama-3.1-405B on 16,384 GPUs (Meta's
// layout, arXiv:2407.21783 Table 4: TP 8, PP 16, DP 128), ZeRO-1, SP.
var big405 = map[string]string{"model": "405b", "tp": "8", "pp": "16", "dp": "128", "sp": "on", "zero": "1",
	"seq": "8192", "micro-batches": "16"}

// BenchmarkPlan405B prices a whole plan for 405B on 16,384 GPUs; the
// target is ≤ 5 ms.
func BenchmarkPlan405B(b *testing.B) {
	in, err := Parse(field.Map(big405))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Plan(in); err != nil {
			b.Fatal(err)
		}
	}
}

// The 405B plan is complete: every strategy it uses has rows, its groups
// sit as Megatron places them, and the state fits in 80 GB.
func TestPlan405B(t *testing.T) {
	r := mustPlan(t, big405)
	if r.World != 16384 {
		t.Fatalf("%d GPUs, want 16384", r.World)
	}
	for _, s := range []string{StratSP, StratPP, StratZero} {
		if r.Total(s).Bytes == 0 {
			t.Errorf("no %s traffic", s)
		}
	}
	for _, g := range r.Groups {
		switch g.Name {
		case "tp":
			if len(g.Shapes) != 1 || g.Shapes[0] != (Placement{Nodes: 1, PerNode: 8}) {
				t.Errorf("tp placements %v, want one node × 8", g.Shapes)
			}
		case "dp", "pp":
			if len(g.Shapes) != 1 || g.Shapes[0].PerNode != 1 {
				t.Errorf("%s placements %v, want one rank per node", g.Name, g.Shapes)
			}
		}
	}
}
