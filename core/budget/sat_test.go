package budget

import (
	"math"
	"math/big"
	"testing"
)

// TestSaturating: Add and Mul give the exact sum and product while it fits
// an int64 (checked with math/big) and math.MaxInt64 past it.
func TestSaturating(t *testing.T) {
	vals := []int64{0, 1, 2, 3, 1 << 31, 1<<62 - 1, 1 << 62, math.MaxInt64 / 3, math.MaxInt64 - 1, math.MaxInt64}
	max := big.NewInt(math.MaxInt64)
	for _, a := range vals {
		for _, b := range vals {
			for name, c := range map[string]struct {
				got  int64
				want *big.Int
			}{
				"Add": {Add(a, b), new(big.Int).Add(big.NewInt(a), big.NewInt(b))},
				"Mul": {Mul(a, b), new(big.Int).Mul(big.NewInt(a), big.NewInt(b))},
			} {
				want := c.want
				if want.Cmp(max) > 0 {
					want = max
				}
				if c.got != want.Int64() {
					t.Errorf("%s(%d, %d) = %d, want %s", name, a, b, c.got, want)
				}
			}
		}
	}
}
