package transport

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// lazyIn against an eager model (a work buffer that starts as a copy of
// the input): after every sequence of views, overwrites, out-of-place or
// in-place folds and a flush, both hold the same elements, every view
// reads what the model holds, and the input is never written.
func TestLazyInMatchesEagerCopy(t *testing.T) {
	type op struct {
		kind   byte // 'v' view, 'c' copy receive, 'r' reduce receive
		lo, hi int64
	}
	const n = 16
	for _, tc := range []struct {
		name string
		ops  []op
	}{
		{"nothing touched: flush copies everything", nil},
		{"ring P=2: send from the input, fold out of place, overwrite", []op{{'v', 0, 8}, {'r', 8, 16}, {'v', 8, 16}, {'c', 0, 8}}},
		{"a view straddling pending and written parts makes work current", []op{{'c', 4, 8}, {'v', 2, 10}, {'r', 0, 16}}},
		{"a fold over a partly pending region folds in place", []op{{'r', 0, 4}, {'r', 2, 6}, {'v', 0, 16}}},
		{"a fold into the middle splits the pending span", []op{{'r', 6, 9}, {'v', 0, 6}, {'v', 9, 16}, {'r', 0, 16}}},
		{"empty regions change nothing", []op{{'v', 3, 3}, {'r', 5, 5}, {'c', 7, 7}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := make([]int64, n)
			for i := range in {
				in[i] = int64(i + 1)
			}
			orig := slices.Clone(in)
			work := make([]int64, n)
			l := newLazyIn(in, work)
			model := slices.Clone(in)
			for k, o := range tc.ops {
				payload := make([]int64, o.hi-o.lo)
				for i := range payload {
					payload[i] = int64(100 * (k + 1) * (i + 1))
				}
				switch o.kind {
				case 'v':
					v, _ := l.view(o.lo, o.hi)
					if !slices.Equal(v, model[o.lo:o.hi]) {
						t.Fatalf("op %d: view %v, want %v", k, v, model[o.lo:o.hi])
					}
				case 'c':
					if from := l.target(o.lo, o.hi, false); from != nil {
						t.Fatalf("op %d: a copy got an out-of-place source", k)
					}
					copy(work[o.lo:o.hi], payload)
					copy(model[o.lo:o.hi], payload)
				case 'r':
					from := l.target(o.lo, o.hi, true)
					combineFrom(prim.Sum, work[o.lo:o.hi], from, asBytes(payload))
					prim.Combine(prim.Sum, model[o.lo:o.hi], payload)
				}
			}
			l.flush()
			if !slices.Equal(work, model) {
				t.Fatalf("work %v, eager model %v", work, model)
			}
			if !slices.Equal(in, orig) {
				t.Fatalf("the input was written: %v", in)
			}
		})
	}
}

// combineFrom out of place equals copy-then-fold, across block boundaries
// and for every op.
func TestCombineFromOutOfPlace(t *testing.T) {
	for _, op := range []prim.Op{prim.Sum, prim.Prod, prim.Max, prim.Min} {
		for _, n := range []int{0, 1, 3, 5, foldBlock - 1, foldBlock, 2*foldBlock + 3} {
			from, b := make([]float64, n), make([]float64, n)
			special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0, 1e308, -1e308, 0.1, 5e-324}
			for i := range from {
				from[i], b[i] = float64(i%7)-3, float64(i%5)-2
				if i%3 == 0 { // special values against each other, also where the fused loop's tail runs
					from[i], b[i] = special[i%len(special)], special[(i/len(special))%len(special)]
				}
			}
			want := slices.Clone(from)
			prim.Combine(op, want, b)
			got := make([]float64, n)
			combineFrom(op, got, from, asBytes(b))
			if !bytes.Equal(asBytes(got), asBytes(want)) {
				t.Fatalf("%s n=%d: out-of-place fold differs from copy-then-fold (bit for bit)", op, n)
			}
		}
	}
}

// Run reads the input lazily but never writes it: after every schedule,
// on the in-memory and the TCP transport, each rank's input is unchanged
// (and the results are checked as everywhere).
func TestRunLeavesInputUntouched(t *testing.T) {
	for _, p := range []int{2, 3, 4} {
		chans, err := NewChan(p, Options{Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		tcp := tcpGroup(t, p, Options{Timeout: time.Minute})
		seq := uint64(0)
		for _, c := range []prim.Collective{prim.AllReduce, prim.Broadcast, prim.Reduce} {
			for _, a := range sched.Applicable(c) {
				seq++
				s, err := sched.Build(specFor(c, p, 6), a, sched.Options{})
				if err != nil {
					t.Fatal(err)
				}
				for name, eps := range map[string][]Endpoint{"chan": chans, "tcp": tcp} {
					in := inputsFor[float64](s.Spec)
					orig := make([][]float64, len(in))
					for r := range in {
						orig[r] = slices.Clone(in[r])
					}
					got, err := RunGroup(eps, s, seq, in)
					if err != nil {
						t.Fatalf("%s P%d %s/%s: %v", name, p, c, a, err)
					}
					checkAgainst(t, s, orig, got)
					for r := range in {
						if !slices.Equal(in[r], orig[r]) {
							t.Fatal(fmt.Sprintf("%s P%d %s/%s: rank %d's input was written", name, p, c, a, r))
						}
					}
				}
			}
		}
		within(t, time.Minute, "closing the TCP group", func() { closeAll(t, tcp) })
	}
}
