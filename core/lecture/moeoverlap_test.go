package lecture

import (
	"errors"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
)

// dispatch64 is the moe lesson's dispatch: 64 MiB over 8 ranks, pairwise,
// 50 GB/s and α = 5 µs.
func dispatch64(t *testing.T, size string) cost.Params {
	t.Helper()
	p, err := question.CostParams(field.Map(map[string]string{"collective": "alltoall", "algorithm": "pairwise", "ranks": "8", "size": size, "bandwidth": "50GB/s", "latency": "5us"}))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func approx(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(b), 1e-12) }

// TestMoEOverlapClosedForms: the pipeline's end against the closed forms
// of its two regimes, with a = one micro-batch's AllToAll (cost.Evaluate
// of the AllToAll of 1/m of the batch) and g = gemm/m: network-bound
// (g ≤ a) the network never idles, 2m·a; compute-bound (g ≥ 2a) the
// GEMMs run back to back, a + m·g + a. One micro-batch is the unsplit
// layer, no gain.
func TestMoEOverlapClosedForms(t *testing.T) {
	p := dispatch64(t, "64MiB")
	whole, err := cost.Evaluate(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		gemm  float64
		micro int
	}{{1e-4, 4}, {1e-3, 4}, {5e-3, 4}, {2e-3, 8}, {1e-2, 16}} {
		o, err := MoEOverlap(p, tc.gemm, tc.micro)
		if err != nil {
			t.Fatal(err)
		}
		q := p
		q.Size = p.Size / int64(tc.micro)
		part, err := cost.Evaluate(q)
		if err != nil {
			t.Fatal(err)
		}
		a, g, m := part.TimeS, tc.gemm/float64(tc.micro), float64(tc.micro)
		if !approx(o.A2AS, a) || !approx(o.Serial, 2*whole.TimeS+tc.gemm) || !approx(o.Gain, o.Serial-o.Finish) {
			t.Errorf("%+v: a %g (want %g), serial %g", tc, o.A2AS, a, o.Serial)
		}
		switch {
		case g <= a && !approx(o.Finish, 2*m*a):
			t.Errorf("%+v network-bound: ends at %g, want 2m·a = %g", tc, o.Finish, 2*m*a)
		case g >= 2*a && !approx(o.Finish, 2*a+m*g):
			t.Errorf("%+v compute-bound: ends at %g, want a + m·g + a = %g", tc, o.Finish, 2*a+m*g)
		}
		checkBars(t, o, tc.micro)
		checkBars(t, Overlap{Bars: o.SerialBars, Finish: o.Serial}, 1)
	}
	o, err := MoEOverlap(p, 1e-3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !approx(o.Finish, o.Serial) || math.Abs(o.Gain) > 1e-12 {
		t.Errorf("one micro-batch: ends %g, serial %g", o.Finish, o.Serial)
	}
}

// checkBars: no two bars of a lane overlap, each micro-batch's GEMM
// follows its dispatch and its combine its GEMM, and the last bar ends at
// Finish.
func checkBars(t *testing.T, o Overlap, micro int) {
	t.Helper()
	if len(o.Bars) != 3*micro {
		t.Fatalf("%d bars, want %d", len(o.Bars), 3*micro)
	}
	end := map[[2]int]float64{}
	kinds := map[string]int{"dispatch": 0, "gemm": 1, "combine": 2}
	last := 0.0
	for i, b := range o.Bars {
		for _, c := range o.Bars[:i] {
			if c.Lane == b.Lane && b.Start < c.End-1e-15 && c.Start < b.End-1e-15 {
				t.Errorf("bars %+v and %+v overlap", c, b)
			}
		}
		k := kinds[b.Kind]
		if b.End < b.Start {
			t.Errorf("%+v ends before it starts", b)
		}
		if k > 0 && b.Start < end[[2]int{b.Micro, k - 1}]-1e-15 {
			t.Errorf("%+v starts before its micro-batch's previous stage", b)
		}
		end[[2]int{b.Micro, k}] = b.End
		last = max(last, b.End)
	}
	if !approx(last, o.Finish) {
		t.Errorf("last bar ends %g, finish %g", last, o.Finish)
	}
}

// TestMoEOverlapAlphaCost: split fine enough, every micro-batch's α costs
// more than the overlap hides: a small dispatch in 64 micro-batches loses.
func TestMoEOverlapAlphaCost(t *testing.T) {
	o, err := MoEOverlap(dispatch64(t, "1MiB"), 1e-5, 64)
	if err != nil {
		t.Fatal(err)
	}
	if o.Gain >= 0 {
		t.Errorf("gain %g s, want a loss", o.Gain)
	}
}

// TestMoEOverlapErrors: refused naming the field.
func TestMoEOverlapErrors(t *testing.T) {
	p := dispatch64(t, "64MiB")
	ar := p
	ar.Collective = prim.AllReduce
	for _, tc := range []struct {
		p     cost.Params
		gemm  float64
		micro int
		field string
	}{{p, 1e-3, 0, "micro"}, {p, 1e-3, MaxMicroBatches + 1, "micro"}, {p, -1, 4, "gemm"}, {p, math.NaN(), 4, "gemm"}, {ar, 1e-3, 4, "collective"}} {
		_, err := MoEOverlap(tc.p, tc.gemm, tc.micro)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%+v: %v, want an error on %s", tc, err, tc.field)
		}
	}
}
