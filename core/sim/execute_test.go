package sim_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// floatInputs fills every significant buffer with values in [0.5, 1.5):
// positive, so that sums and products have no cancellation and a relative
// tolerance is meaningful.
func floatInputs(sp prim.Spec, rng *rand.Rand) [][]float64 {
	in := make([][]float64, sp.Ranks)
	for r := range in {
		if n := sp.InLen(r); n != prim.Undefined {
			in[r] = make([]float64, n)
			for i := range in[r] {
				in[r][i] = 0.5 + rng.Float64()
			}
		}
	}
	return in
}

// TestFloat64MatchesReference runs every applicable schedule on float64 with
// every operator: the result equals prim.Reference within 1e-12 relative
// (the schedule reduces in its own order; Reference in rank order), and
// exactly for max and min, which do not round.
func TestFloat64MatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, c := range prim.Collectives() {
		ops := []prim.Op{prim.Sum}
		if c.Reduces() {
			ops = prim.Ops()
		}
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{1, 2, 3, 5, 8, 16, 33} {
				for _, n := range []int{1, p + 1, 257} {
					for _, op := range ops {
						sp := prim.Spec{Collective: c, Ranks: p, Count: n, Op: op}
						if c.Rooted() {
							sp.Root = p / 3
						}
						name := fmt.Sprintf("%s/%s/P=%d/n=%d/%s", c, a, p, n, op)
						s, err := sched.Build(sp, a, sched.Options{})
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						in := floatInputs(sp, rng)
						want, err := prim.Reference(sp, in)
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						got, err := sim.Execute(s, in)
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						tol := 1e-12
						if op == prim.Max || op == prim.Min {
							tol = 0
						}
						if msg := closeBuffers(want, got, tol); msg != "" {
							t.Fatalf("%s: %s", name, msg)
						}
					}
				}
			}
		}
	}
}

// closeBuffers compares two sets of rank buffers within a relative tolerance
// (nil ≠ empty) and describes the first difference.
func closeBuffers(want, got [][]float64, tol float64) string {
	if len(want) != len(got) {
		return fmt.Sprintf("%d ranks, want %d", len(got), len(want))
	}
	for r := range want {
		if (want[r] == nil) != (got[r] == nil) || len(want[r]) != len(got[r]) {
			return fmt.Sprintf("rank %d: %d elements (nil=%v), want %d (nil=%v)", r, len(got[r]), got[r] == nil, len(want[r]), want[r] == nil)
		}
		for i := range want[r] {
			w, g := want[r][i], got[r][i]
			if math.Abs(w-g) > tol*math.Abs(w) {
				return fmt.Sprintf("rank %d element %d: %v, want %v (relative error %.3g > %g)", r, i, g, w, math.Abs(w-g)/math.Abs(w), tol)
			}
		}
	}
	return ""
}

// TestRunSteppingEqualsExecute: stepping a Run round by round (the model
// behind the playground's animation) reaches the same outputs as Execute,
// Round counts the rounds done, Done turns true exactly at the end, and a
// Step after the end changes nothing.
func TestRunSteppingEqualsExecute(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{1, 2, 5, 8} {
				sp := prim.Spec{Collective: c, Ranks: p, Count: 2*p + 1, Op: prim.Prod, Root: p - 1}
				if !c.Rooted() {
					sp.Root = 0
				}
				name := fmt.Sprintf("%s/%s/P=%d", c, a, p)
				s, err := sched.Build(sp, a, sched.Options{})
				if err != nil {
					t.Fatal(err)
				}
				in := floatInputs(sp, rng)
				keep := cloneBuffers(in)
				want, err := sim.Execute(s, in)
				if err != nil {
					t.Fatal(err)
				}
				x, err := sim.NewRun(s, in)
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i < len(s.Rounds); i++ {
					if x.Round() != i || x.Done() {
						t.Fatalf("%s: before round %d Round() = %d, Done() = %v", name, i, x.Round(), x.Done())
					}
					x.Step()
				}
				if !x.Done() || x.Round() != len(s.Rounds) {
					t.Fatalf("%s: after every round Done() = %v, Round() = %d", name, x.Done(), x.Round())
				}
				for r := 0; r < p; r++ {
					if len(x.Work(r)) != s.WorkLen[r] {
						t.Fatalf("%s: rank %d work buffer %d elements, WorkLen %d", name, r, len(x.Work(r)), s.WorkLen[r])
					}
				}
				got := x.Outputs()
				x.Step()
				if x.Round() != len(s.Rounds) {
					t.Fatalf("%s: Step after the end moved Round to %d", name, x.Round())
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%s: stepped outputs differ from Execute (-execute +stepped):\n%s", name, diff)
				}
				if diff := cmp.Diff(want, x.Outputs()); diff != "" {
					t.Fatalf("%s: a Step after the end changed the outputs:\n%s", name, diff)
				}
				if diff := cmp.Diff(keep, in); diff != "" {
					t.Fatalf("%s: running modified the inputs:\n%s", name, diff)
				}
			}
		}
	}
}

// TestRunFirstRingStep follows the lecture's Experiment 1 (P = 4, rank i
// holds i+1) one round: in ring round 0 rank r sends chunk r−1 to r+1, which
// adds it, so rank q's chunk q−2 holds (q−1+1) + (q+1) and every other
// chunk is untouched.
func TestRunFirstRingStep(t *testing.T) {
	const p = 4
	sp := prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: 8, Op: prim.Sum}
	s, err := sched.Build(sp, sched.Ring, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := make([][]int64, p)
	for r := range in {
		in[r] = slices.Repeat([]int64{int64(r + 1)}, 8)
	}
	x, err := sim.NewRun(s, in)
	if err != nil {
		t.Fatal(err)
	}
	x.Step()
	for q := 0; q < p; q++ {
		for c := 0; c < p; c++ {
			want := int64(q + 1)
			if c == (q-2+p)%p {
				want = int64((q-1+p)%p+1) + int64(q+1)
			}
			for _, v := range x.Work(q)[2*c : 2*c+2] {
				if v != want {
					t.Errorf("after round 0, rank %d chunk %d = %d, want %d", q, c, v, want)
				}
			}
		}
	}
}

// TestExecuteRejectsBadInputs: wrong buffer counts or lengths are refused
// by Execute and NewRun with a *fielderr.Error on "inputs", never a panic.
func TestExecuteRejectsBadInputs(t *testing.T) {
	s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: 3, Count: 4, Op: prim.Sum}, sched.Ring, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		reason string
		in     [][]int64
		says   string
	}{
		{"a rank missing", [][]int64{{1, 2, 3, 4}, {1, 2, 3, 4}}, "want 3 buffers"},
		{"a buffer too short", [][]int64{{1, 2, 3, 4}, {1, 2, 3}, {1, 2, 3, 4}}, "inputs[1]: rank 1 needs 4 elements"},
		{"a buffer too long", [][]int64{{1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4, 5}}, "inputs[2]: rank 2 needs 4 elements"},
		{"a null buffer", [][]int64{{1, 2, 3, 4}, nil, {1, 2, 3, 4}}, "got null"},
	}
	for _, tc := range cases {
		_, err := sim.Execute(s, tc.in)
		checkInputsError(t, tc.reason+" (Execute)", err, tc.says)
		_, err = sim.NewRun(s, tc.in)
		checkInputsError(t, tc.reason+" (NewRun)", err, tc.says)
	}
}

func checkInputsError(t *testing.T, ctx string, err error, says string) {
	t.Helper()
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "inputs" || !strings.Contains(fe.Msg, says) {
		t.Errorf("%s: error %v; want a *fielderr.Error on \"inputs\" saying %q", ctx, err, says)
	}
}

func cloneBuffers(bs [][]float64) [][]float64 {
	out := make([][]float64, len(bs))
	for i, b := range bs {
		if b != nil {
			out[i] = slices.Clone(b)
		}
	}
	return out
}
