package sched

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
)

// TestCaptionRing: every round of ring AllReduce for P = 4, 5 and 8 is the
// lecture's shift — in reduce-scatter step s rank i sends chunk (i − s) mod P
// to rank i + 1, which adds it; in allgather step s it forwards chunk
// (i − s + 1) mod P, which overwrites — checked against the transfers.
func TestCaptionRing(t *testing.T) {
	for _, p := range []int{4, 5, 8} {
		for _, n := range []int{p, 3 * p, 8*p + 3} {
			s, err := Build(prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: prim.Sum}, Ring, Options{})
			if err != nil {
				t.Fatal(err)
			}
			off := ChunkOffsets(s)
			for i, rd := range s.Rounds {
				c := CaptionOf(s, i)
				step, want := i+1, -(i + 1)
				if i >= p-1 {
					step = i - (p - 1) + 1
					want = -(step - 1)
				}
				if !c.Shift || c.Offset != want || c.Reduce != rd.Reduce || c.Round != i+1 || c.Rounds != 2*(p-1) {
					t.Fatalf("P=%d n=%d round %d: caption %+v, want the shift by %d (step %d)", p, n, i+1, c, want, step)
				}
				for _, x := range rd.Transfers {
					src := int(x.Src)
					if int(x.Dst) != (src+1)%p || ChunkAt(off, x) != ((src+c.Offset)%p+p)%p {
						t.Fatalf("P=%d round %d: transfer %+v is not rank i → i+1 with chunk (i%+d) mod P", p, i+1, x, c.Offset)
					}
				}
			}
		}
	}
}

// TestCaptionTree: the double binary tree's rounds (unpipelined and
// pipelined) list exactly their transfers' senders, receivers and chunks,
// and say whether the receivers reduce.
func TestCaptionTree(t *testing.T) {
	for _, p := range []int{4, 5, 8} {
		for _, k := range []int{1, 3} {
			s, err := Build(prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: 12 * p, Op: prim.Sum}, Tree, Options{Chunks: k})
			if err != nil {
				t.Fatal(err)
			}
			off := ChunkOffsets(s)
			if len(off) != 2*k+1 {
				t.Fatalf("P=%d k=%d: %d chunk offsets, want %d", p, k, len(off), 2*k+1)
			}
			for i, rd := range s.Rounds {
				c := CaptionOf(s, i)
				if c.Shift || c.Reduce != rd.Reduce || c.Phase != rd.Phase {
					t.Fatalf("P=%d k=%d round %d: caption %+v for a %s round", p, k, i+1, c, rd.Phase)
				}
				want := map[Pair]bool{}
				for _, x := range rd.Transfers {
					ch := ChunkAt(off, x)
					if ch < 0 {
						t.Fatalf("P=%d k=%d round %d: transfer %+v carries no whole chunk", p, k, i+1, x)
					}
					want[Pair{int(x.Src), int(x.Dst), ch}] = true
				}
				if len(c.Pairs)+c.More != len(want) {
					t.Fatalf("P=%d k=%d round %d: %d listed + %d more, want %d messages", p, k, i+1, len(c.Pairs), c.More, len(want))
				}
				for _, x := range c.Pairs {
					if !want[x] {
						t.Fatalf("P=%d k=%d round %d: caption lists %+v, not a transfer", p, k, i+1, x)
					}
				}
			}
		}
	}
}

// TestCaptionBruckSteps: Bruck's AllToAll packs non-contiguous slots in
// rounds of local copies; its steps are the ⌈log₂P⌉ rounds that send, and
// CaptionOf numbers and lists those, every one with P messages.
func TestCaptionBruckSteps(t *testing.T) {
	for _, p := range []int{4, 5, 8} {
		s, err := Build(prim.Spec{Collective: prim.AllToAll, Ranks: p, Count: 2}, Bruck, Options{})
		if err != nil {
			t.Fatal(err)
		}
		steps := s.StepRounds()
		if len(steps) != Log2Ceil(p) || s.Steps() != len(steps) {
			t.Fatalf("P=%d: steps %v (Steps %d), want ⌈log₂P⌉ = %d", p, steps, s.Steps(), Log2Ceil(p))
		}
		for k := range steps {
			c := CaptionOf(s, k)
			if c.Round != k+1 || c.Rounds != len(steps) || len(c.Pairs)+c.More != p {
				t.Errorf("P=%d step %d: caption %+v, want step %d of %d with %d messages", p, k+1, c, k+1, len(steps), p)
			}
			for _, x := range c.Pairs {
				if x.Dst != (x.Src+1<<k)%p {
					t.Errorf("P=%d step %d: %d → %d, want i → i + 2^%d", p, k+1, x.Src, x.Dst, k)
				}
			}
		}
	}
}
