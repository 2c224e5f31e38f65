package sched_test

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestBinomialRounds: binomial Broadcast, Reduce, Scatter and Gather take
// ⌈log₂P⌉ rounds (MPICH, Thakur et al. 2005) and AllReduce twice that;
// Broadcast reaches every rank exactly once, Reduce hears from every rank
// exactly once, and in every round each rank sends and receives at most one
// message.
func TestBinomialRounds(t *testing.T) {
	for p := 1; p <= 70; p++ {
		l := sched.Log2Ceil(p)
		for _, c := range []prim.Collective{prim.Broadcast, prim.Reduce, prim.Scatter, prim.Gather, prim.AllReduce} {
			for _, root := range []int{0, p / 2, p - 1} {
				if c == prim.AllReduce && root != 0 {
					continue
				}
				name := fmt.Sprintf("%s/P=%d/root=%d", c, p, root)
				s, err := sched.Build(prim.Spec{Collective: c, Ranks: p, Root: root, Count: 5, Op: prim.Sum}, sched.Binomial, sched.Options{})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				want := l
				if c == prim.AllReduce {
					want = 2 * l
				}
				if len(s.Rounds) != want {
					t.Fatalf("%s: %d rounds, want ⌈log₂P⌉ = %d (×2 for allreduce)", name, len(s.Rounds), want)
				}
				recvs := make([]int, p)
				sends := make([]int, p)
				for i, rd := range s.Rounds {
					inRound := map[[2]int32]int{}
					for _, x := range rd.Transfers {
						recvs[x.Dst]++
						sends[x.Src]++
						inRound[[2]int32{0, x.Src}]++
						inRound[[2]int32{1, x.Dst}]++
					}
					for k, v := range inRound {
						if v > 1 {
							t.Fatalf("%s round %d: rank %d has %d messages on one port", name, i, k[1], v)
						}
					}
				}
				for r := 0; r < p; r++ {
					switch c {
					case prim.Broadcast, prim.Scatter:
						if want := b2i(r != root); recvs[r] != want {
							t.Fatalf("%s: rank %d receives %d messages, want %d", name, r, recvs[r], want)
						}
					case prim.Reduce, prim.Gather:
						if want := b2i(r != root); sends[r] != want {
							t.Fatalf("%s: rank %d sends %d messages, want %d", name, r, sends[r], want)
						}
					}
				}
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
