package transport

import (
	"slices"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// tcpGroup connects p in-process TCP endpoints over 127.0.0.1.
func tcpGroup(t *testing.T, p int, o Options) []Endpoint {
	t.Helper()
	eps, err := LocalTCP(p, o)
	if err != nil {
		t.Fatal(err)
	}
	return eps
}

// closeAll closes every endpoint concurrently (TCP Close waits for peers).
func closeAll(t *testing.T, eps []Endpoint) {
	t.Helper()
	if err := CloseAll(eps); err != nil {
		t.Error(err)
	}
}

// specFor is a call of collective c over p ranks with blocks of n elements.
func specFor(c prim.Collective, p, n int) prim.Spec {
	sp := prim.Spec{Collective: c, Ranks: p, Op: prim.Sum, Count: n}
	if c.Rooted() {
		sp.Root = p - 1
	}
	return sp
}

// inputsFor fills rank r's send buffer with distinct values r·1000 + k + 1.
func inputsFor[T Elem](sp prim.Spec) [][]T {
	in := make([][]T, sp.Ranks)
	for r := range in {
		n := sp.InLen(r)
		if n == prim.Undefined {
			continue
		}
		in[r] = make([]T, n)
		for k := range in[r] {
			in[r][k] = T(r*1000 + k + 1)
		}
	}
	return in
}

// checkAgainst compares got with prim.Reference (exact for int64) and with
// sim.Execute (bit for bit, both element types).
func checkAgainst[T Elem](t *testing.T, s *sched.Schedule, in, got [][]T) {
	t.Helper()
	ref, err := prim.Reference(s.Spec, in)
	if err != nil {
		t.Fatal(err)
	}
	want, err := sim.Execute(s, in)
	if err != nil {
		t.Fatal(err)
	}
	for r := range got {
		if !slices.Equal(got[r], want[r]) {
			t.Fatalf("rank %d: got %v, sim.Execute %v", r, got[r], want[r])
		}
		if _, isInt := any(got[r]).([]int64); isInt && !slices.Equal(got[r], ref[r]) {
			t.Fatalf("rank %d: got %v, prim.Reference %v", r, got[r], ref[r])
		}
	}
}

// within fails the test if f does not return within d.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not finish within %v", what, d)
	}
}
