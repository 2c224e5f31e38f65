package fabric

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// firstEndAfter is sort.Search's first interval ending after x, for x
// before, between, on and after the ends of sorted, disjoint intervals.
func TestFirstEndAfterIsSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 40 {
		s := make([]float64, 0, 2*n)
		end := 0.0
		for range n {
			lo := end + float64(rng.IntN(3))
			end = lo + 1 + float64(rng.IntN(3))
			s = append(s, lo, end)
		}
		for x := -1.0; x <= end+1; x += 0.5 {
			want := sort.Search(n, func(i int) bool { return s[2*i+1] > x })
			if got := firstEndAfter(s, x); got != want {
				t.Fatalf("%d intervals %v, x = %g: %d, want %d", n, s, x, got, want)
			}
		}
	}
}
