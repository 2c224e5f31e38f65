package fabric

import (
	"math/rand/v2"
	"testing"
)

// evQueue gives events back in order of time, then flow, whatever the
// sizes of the batches pushed between two looks (below and above runMin,
// interleaved with pops): the order of a plain search for the least
// pending event, over times with many ties.
func TestQueueOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var q evQueue
	var ref []event
	next := int32(0)
	popped := 0
	for round := 0; round < 400; round++ {
		now := 0.0
		if !q.empty() {
			now = q.first().t
		}
		n := rng.IntN(3 * runMin)
		if rng.IntN(4) == 0 {
			n = rng.IntN(4)
		}
		for range n {
			x := event{t: now + float64(rng.IntN(50)), kind: int8(rng.IntN(4)), ver: rng.Int32(), f: next}
			next++
			q.push(x)
			ref = append(ref, x)
		}
		for k := rng.IntN(2 * runMin); k > 0 && len(ref) > 0; k-- {
			m := 0
			for i := range ref {
				if eventLess(&ref[i], &ref[m]) {
					m = i
				}
			}
			want := ref[m]
			ref = append(ref[:m], ref[m+1:]...)
			if got := q.first(); got != want {
				t.Fatalf("pop %d: first %+v, want %+v", popped, got, want)
			}
			if got := q.pop(); got != want {
				t.Fatalf("pop %d: %+v, want %+v", popped, got, want)
			}
			popped++
		}
		if q.empty() != (len(ref) == 0) {
			t.Fatalf("empty %v with %d pending", q.empty(), len(ref))
		}
	}
	if popped < 10000 || len(q.runs)+len(q.spare) == 0 {
		t.Fatalf("%d pops, %d runs and %d spare: the test did not exercise the runs", popped, len(q.runs), len(q.spare))
	}
}
