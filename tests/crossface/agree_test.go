package crossface

import (
	"math"
	"testing"
)

// said is what one face answered for one quantity.
type said[T comparable] struct {
	face string
	v    T
}

// say builds a said.
func say[T comparable](face string, v T) said[T] { return said[T]{face, v} }

// relTol is the tolerance of float comparisons: every face computes with
// the same core, so anything beyond rounding of the last bits is a
// difference.
const relTol = 1e-9

// agree reports every face whose answer differs from the first face's:
// exactly for integers and strings.
func agree[T comparable](t *testing.T, question, quantity string, xs ...said[T]) bool {
	t.Helper()
	ok := true
	for _, x := range xs[1:] {
		if x.v != xs[0].v {
			t.Errorf("%s: %s: %s says %v, %s says %v", question, quantity, xs[0].face, xs[0].v, x.face, x.v)
			ok = false
		}
	}
	return ok
}

// agreeFloat is agree for float64, to a relative relTol.
func agreeFloat(t *testing.T, question, quantity string, xs ...said[float64]) bool {
	t.Helper()
	ok := true
	for _, x := range xs[1:] {
		if !close(xs[0].v, x.v) {
			t.Errorf("%s: %s: %s says %.10g, %s says %.10g", question, quantity, xs[0].face, xs[0].v, x.face, x.v)
			ok = false
		}
	}
	return ok
}

// close reports whether a and b agree to a relative relTol.
func close(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= relTol*math.Max(math.Abs(a), math.Abs(b))
}

// saidVec is a vector one face answered.
type saidVec struct {
	face string
	v    []int64
}

// agreeVec compares whole vectors (e.g. the bytes each rank sends), naming
// the first index that differs.
func agreeVec(t *testing.T, question, quantity string, xs ...saidVec) bool {
	t.Helper()
	ok := true
	for _, x := range xs[1:] {
		if len(x.v) != len(xs[0].v) {
			t.Errorf("%s: %s: %s has %d values, %s has %d", question, quantity, xs[0].face, len(xs[0].v), x.face, len(x.v))
			ok = false
			continue
		}
		for i := range x.v {
			if x.v[i] != xs[0].v[i] {
				t.Errorf("%s: %s [%d]: %s says %d, %s says %d", question, quantity, i, xs[0].face, xs[0].v[i], x.face, x.v[i])
				ok = false
				break
			}
		}
	}
	return ok
}
