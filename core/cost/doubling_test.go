package cost

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
)

// TestDoublingSizes: every size is a positive multiple of the size step,
// at most hi, strictly ascending; the list holds each doubling of lo and
// hi itself, rounded (where positive); AllGather on 8 ranks of floats
// steps by 32 B, so 8…100 B gives 32, 64, 96.
func TestDoublingSizes(t *testing.T) {
	if got := DoublingSizes(prim.AllGather, 8, 4, 8, 100); len(got) != 3 || got[0] != 32 || got[1] != 64 || got[2] != 96 {
		t.Errorf("AllGather P=8 float 8…100 B: %v, want [32 64 96]", got)
	}
	for _, c := range prim.Collectives() {
		for _, p := range []int{1, 3, 8} {
			for _, r := range [][2]int64{{1, 1}, {1, 1000}, {7, 1 << 20}, {4, 1 << 32}, {1 << 40, 1<<40 + 5}} {
				got := DoublingSizes(c, p, 4, r[0], r[1])
				step := SizeStep(c, p, 4)
				want := map[int64]bool{}
				for s := r[0]; s <= r[1]; s *= 2 {
					if v := RoundSize(c, p, 4, s); v > 0 {
						want[v] = true
					}
				}
				if v := RoundSize(c, p, 4, r[1]); v > 0 {
					want[v] = true
				}
				for i, s := range got {
					if s <= 0 || s%step != 0 || s > r[1] || i > 0 && s <= got[i-1] || !want[s] {
						t.Errorf("%s P=%d %v: %v has a bad size %d (step %d)", c, p, r, got, s, step)
					}
				}
				if len(got) != len(want) {
					t.Errorf("%s P=%d %v: %d sizes %v, want the %d rounded doublings", c, p, r, len(got), got, len(want))
				}
			}
		}
	}
}
