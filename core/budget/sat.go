package budget

import "math"

// Add is a + b for a, b ≥ 0, math.MaxInt64 where that overflows: work and
// sizes summed only to be compared with a budget, so a question far over
// it is refused rather than wrapped round to a small number.
func Add(a, b int64) int64 {
	if b > math.MaxInt64-a {
		return math.MaxInt64
	}
	return a + b
}

// Mul is a × b for a, b ≥ 0, math.MaxInt64 where that overflows (as Add).
func Mul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}
