package sched_test

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestRingAllReduceStructure checks the lecture's §4 ring: 2(P−1) rounds,
// the first P−1 reducing (ReduceScatter) and the rest copying (AllGather);
// in every round each rank sends exactly one message, to r+1 only, and
// receives exactly one, from r−1; each message is one of the P near-equal
// chunks of sched.Split. With n ≥ P no chunk is empty, so no message drops.
func TestRingAllReduceStructure(t *testing.T) {
	for p := 2; p <= 40; p++ {
		for _, n := range []int{p, 3*p + 1, 1000} {
			name := fmt.Sprintf("P=%d/n=%d", p, n)
			s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: prim.Sum}, sched.Ring, sched.Options{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got, want := len(s.Rounds), 2*(p-1); got != want {
				t.Fatalf("%s: %d rounds, want 2(P−1) = %d", name, got, want)
			}
			off := sched.Split(n, p)
			chunk := map[[2]int64]bool{}
			for c := 0; c < p; c++ {
				chunk[[2]int64{int64(off[c]), int64(off[c+1] - off[c])}] = true
			}
			for i, rd := range s.Rounds {
				wantReduce, wantPhase := i < p-1, "allgather"
				if wantReduce {
					wantPhase = "reduce-scatter"
				}
				if rd.Reduce != wantReduce || rd.Phase != wantPhase {
					t.Fatalf("%s: round %d is %q reduce=%v, want %q reduce=%v", name, i, rd.Phase, rd.Reduce, wantPhase, wantReduce)
				}
				checkOneToRightNeighbour(t, fmt.Sprintf("%s round %d", name, i), p, rd, true)
				for _, x := range rd.Transfers {
					if !chunk[[2]int64{x.SrcOff, x.Len}] || x.SrcOff != x.DstOff {
						t.Fatalf("%s round %d: transfer %+v is not one of the chunks %v in place", name, i, x, off)
					}
				}
			}
		}
	}
}

// checkOneToRightNeighbour asserts that every transfer of rd goes from r to
// (r+1) mod P and, if full, that every rank sends and receives exactly once.
func checkOneToRightNeighbour(t *testing.T, ctx string, p int, rd sched.Round, full bool) {
	t.Helper()
	sends, recvs := make([]int, p), make([]int, p)
	for _, x := range rd.Transfers {
		if int(x.Dst) != (int(x.Src)+1)%p {
			t.Fatalf("%s: rank %d sends to %d, want only its right neighbour %d", ctx, x.Src, x.Dst, (int(x.Src)+1)%p)
		}
		sends[x.Src]++
		recvs[x.Dst]++
	}
	for r := 0; r < p; r++ {
		if sends[r] > 1 || recvs[r] > 1 || full && (sends[r] != 1 || recvs[r] != 1) {
			t.Fatalf("%s: rank %d sends %d and receives %d messages; want exactly one each", ctx, r, sends[r], recvs[r])
		}
	}
}

// TestRingSparseStillNeighbourOnly: with fewer elements than ranks, empty
// chunks drop their messages (and rounds that end up empty vanish), but no
// message ever skips the ring.
func TestRingSparseStillNeighbourOnly(t *testing.T) {
	for _, c := range []prim.Collective{prim.AllReduce, prim.ReduceScatter, prim.AllGather} {
		for p := 2; p <= 20; p++ {
			for _, n := range []int{0, 1, p / 2} {
				sp := prim.Spec{Collective: c, Ranks: p, Count: n, Op: prim.Sum}
				if c != prim.AllReduce {
					sp.Count, sp.Counts = 0, make([]int, p)
					sp.Counts[p/2] = n
				}
				s, err := sched.Build(sp, sched.Ring, sched.Options{})
				if err != nil {
					t.Fatal(err)
				}
				for i, rd := range s.Rounds {
					checkOneToRightNeighbour(t, fmt.Sprintf("%s P=%d n=%d round %d", c, p, n, i), p, rd, false)
				}
			}
		}
	}
}

// TestRingBlockedCollectives: ring ReduceScatter and AllGather take P−1
// rounds, one message per rank per round to r+1; rank r's messages over
// the whole call are every block except one.
func TestRingBlockedCollectives(t *testing.T) {
	for _, c := range []prim.Collective{prim.ReduceScatter, prim.AllGather} {
		for p := 2; p <= 24; p++ {
			sp := prim.Spec{Collective: c, Ranks: p, Count: 3, Op: prim.Sum}
			s, err := sched.Build(sp, sched.Ring, sched.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Rounds) != p-1 {
				t.Fatalf("%s P=%d: %d rounds, want P−1", c, p, len(s.Rounds))
			}
			sent := make([]int64, p)
			for i, rd := range s.Rounds {
				if rd.Reduce != (c == prim.ReduceScatter) {
					t.Fatalf("%s P=%d round %d: reduce=%v", c, p, i, rd.Reduce)
				}
				checkOneToRightNeighbour(t, fmt.Sprintf("%s P=%d round %d", c, p, i), p, rd, true)
				for _, x := range rd.Transfers {
					sent[x.Src] += x.Len
				}
			}
			for r, n := range sent {
				if n != int64(3*(p-1)) {
					t.Fatalf("%s P=%d: rank %d sends %d elements, want (P−1)·3", c, p, r, n)
				}
			}
		}
	}
}

// TestRingChain: ring Broadcast/Reduce is a pipelined chain of K chunks over
// K+P−2 rounds; every message goes one hop down the chain (from the root for
// Broadcast, toward it for Reduce).
func TestRingChain(t *testing.T) {
	for _, c := range []prim.Collective{prim.Broadcast, prim.Reduce} {
		for p := 2; p <= 12; p++ {
			for _, k := range []int{1, 2, 5, 12} {
				root := p / 3
				sp := prim.Spec{Collective: c, Ranks: p, Root: root, Count: 12, Op: prim.Sum}
				s, err := sched.Build(sp, sched.Ring, sched.Options{Chunks: k})
				if err != nil {
					t.Fatal(err)
				}
				if got, want := len(s.Rounds), k+p-2; got != want {
					t.Fatalf("%s P=%d K=%d: %d rounds, want K+P−2 = %d", c, p, k, got, want)
				}
				for i, rd := range s.Rounds {
					for _, x := range rd.Transfers {
						// position along the chain: Broadcast root, root+1, …; Reduce root+1, …, root
						pos := func(r int32) int {
							d := (int(r) - root + p) % p
							if c == prim.Reduce {
								d = (d - 1 + p) % p
							}
							return d
						}
						if pos(x.Dst) != pos(x.Src)+1 {
							t.Fatalf("%s P=%d K=%d round %d: %d → %d is not one hop down the chain", c, p, k, i, x.Src, x.Dst)
						}
					}
				}
			}
		}
	}
}
