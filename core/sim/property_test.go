package sim

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// propertyRanks are the communicator sizes of the property tests.
func propertyRanks() []int {
	ps := []int{}
	for p := 1; p <= 33; p++ {
		ps = append(ps, p)
	}
	return append(ps, 64, 100, 128)
}

// propertyCounts are the element counts tried for P ranks.
func propertyCounts(p int) []int {
	return []int{0, 1, max(p-1, 0), p, p + 1, 1000, 1009}
}

// specsFor lists the Specs a property test runs for one collective, P and
// count: the even form and, for the collectives that have them, an uneven
// variant drawn from rng.
func specsFor(c prim.Collective, p, count int, rng *rand.Rand) []prim.Spec {
	base := prim.Spec{Collective: c, Ranks: p, Count: count, Op: prim.Sum}
	if c.Rooted() {
		base.Root = (count + p/2) % p
	}
	if c.Blocked() || c == prim.AllToAll {
		base.Count = count / max(p, 1)
	}
	specs := []prim.Spec{base}
	if c.Blocked() {
		u := base
		u.Counts = make([]int, p)
		for r := range u.Counts {
			u.Counts[r] = rng.IntN(count/max(p, 1) + 3)
		}
		specs = append(specs, u)
	}
	if c == prim.AllToAll && p <= 33 {
		u := base
		u.SendCounts = make([][]int, p)
		for i := range u.SendCounts {
			u.SendCounts[i] = make([]int, p)
			for j := range u.SendCounts[i] {
				u.SendCounts[i][j] = rng.IntN(4)
			}
		}
		specs = append(specs, u)
	}
	return specs
}

// inputsFor fills every significant send buffer with distinct values, so a
// misplaced element shows. Values stay small so that prod does not overflow
// int64 differently by order (wrapping arithmetic is order-independent anyway).
func inputsFor(s prim.Spec, rng *rand.Rand) [][]int64 {
	in := make([][]int64, s.Ranks)
	for r := range in {
		n := s.InLen(r)
		if n == prim.Undefined {
			continue
		}
		in[r] = make([]int64, n)
		for i := range in[r] {
			in[r][i] = int64(rng.IntN(1000)) - 300
		}
	}
	return in
}

func TestScheduleMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range propertyRanks() {
				for _, n := range propertyCounts(p) {
					for _, sp := range specsFor(c, p, n, rng) {
						name := fmt.Sprintf("%s/%s/P=%d/n=%d/uneven=%v", c, a, p, n, sp.Counts != nil || sp.SendCounts != nil)
						checkOne(t, name, sp, a, rng)
					}
				}
			}
		}
	}
}

func checkOne(t *testing.T, name string, sp prim.Spec, a sched.Algorithm, rng *rand.Rand) {
	t.Helper()
	s, err := sched.Build(sp, a, sched.Options{})
	if err != nil {
		t.Fatalf("%s: Build: %v", name, err)
	}
	if err := s.Verify(); err != nil {
		t.Fatalf("%s: Verify: %v", name, err)
	}
	in := inputsFor(sp, rng)
	want, err := prim.Reference(sp, in)
	if err != nil {
		t.Fatalf("%s: Reference: %v", name, err)
	}
	got, err := Execute(s, in)
	if err != nil {
		t.Fatalf("%s: Execute: %v", name, err)
	}
	if !equalBuffers(want, got) {
		d := cmp.Diff(want, got)
		t.Fatalf("%s: executed result differs from the reference (-want +got):\n%s", name, d)
	}
	l := NewLedger(s, 8)
	var sent, recv int64
	for _, b := range l.Ranks {
		sent += b.Sent
		recv += b.Received
	}
	if sent != recv || sent != l.TotalBytes {
		t.Fatalf("%s: ledger not conserved: sent %d, received %d, total %d", name, sent, recv, l.TotalBytes)
	}
}

// equalBuffers is a fast exact comparison (nil ≠ empty); cmp.Diff explains
// a mismatch once one is found.
func equalBuffers(a, b [][]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if (a[i] == nil) != (b[i] == nil) || !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}
