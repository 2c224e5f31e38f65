package sched_test

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestInOrderTree checks the balanced in-order tree behind the double binary
// tree for every N in 1..300: a single root (the largest power of two ≤ N)
// and a parent for every other label; children consistent with parents and
// in order (left < parent < right); odd labels are leaves and even labels
// interior; Height and Depth consistent with the edges; the root's height is
// ⌊log₂N⌋.
func TestInOrderTree(t *testing.T) {
	for n := 1; n <= 300; n++ {
		tr := sched.NewInOrderTree(n)
		name := fmt.Sprintf("N=%d", n)
		if tr.N != n || len(tr.Parent) != n+1 || len(tr.Children) != n+1 || len(tr.Height) != n+1 || len(tr.Depth) != n+1 {
			t.Fatalf("%s: sizes %d/%d/%d/%d/%d", name, tr.N, len(tr.Parent), len(tr.Children), len(tr.Height), len(tr.Depth))
		}
		if want := 1 << sched.Log2Floor(n); tr.Root != want {
			t.Fatalf("%s: root %d, want the largest power of two ≤ N, %d", name, tr.Root, want)
		}
		if tr.Parent[tr.Root] != 0 || tr.Depth[tr.Root] != 0 {
			t.Fatalf("%s: root has parent %d, depth %d", name, tr.Parent[tr.Root], tr.Depth[tr.Root])
		}
		if got, want := tr.Height[tr.Root], sched.Log2Floor(n); got != want {
			t.Fatalf("%s: root height %d, want ⌊log₂N⌋ = %d", name, got, want)
		}
		for l := 1; l <= n; l++ {
			if l != tr.Root && (tr.Parent[l] < 1 || tr.Parent[l] > n) {
				t.Fatalf("%s: label %d has no parent (%d)", name, l, tr.Parent[l])
			}
			left, right := tr.Children[l][0], tr.Children[l][1]
			if l%2 == 1 && (left != 0 || right != 0) {
				t.Fatalf("%s: odd label %d has children %v; odd labels are leaves", name, l, tr.Children[l])
			}
			if l%2 == 0 && left == 0 {
				t.Fatalf("%s: even label %d has no left child; even labels are interior", name, l)
			}
			h := 0
			for i, ch := range tr.Children[l] {
				if ch == 0 {
					continue
				}
				if tr.Parent[ch] != l {
					t.Fatalf("%s: %d is a child of %d but its parent is %d", name, ch, l, tr.Parent[ch])
				}
				if (i == 0) != (ch < l) {
					t.Fatalf("%s: child %d of %d on the wrong side (in-order)", name, ch, l)
				}
				if tr.Depth[ch] != tr.Depth[l]+1 {
					t.Fatalf("%s: depth %d of %d, parent %d at depth %d", name, tr.Depth[ch], ch, l, tr.Depth[l])
				}
				h = max(h, tr.Height[ch]+1)
			}
			if tr.Height[l] != h {
				t.Fatalf("%s: height of %d is %d, its children say %d", name, l, tr.Height[l], h)
			}
			// Following parents reaches the root within ⌊log₂N⌋ steps: the tree is connected.
			x, steps := l, 0
			for x != tr.Root && steps <= n {
				x, steps = tr.Parent[x], steps+1
			}
			if x != tr.Root || steps != tr.Depth[l] {
				t.Fatalf("%s: label %d reaches %d after %d steps, depth %d", name, l, x, steps, tr.Depth[l])
			}
		}
	}
}

// TestDoubleTreeComplementary: rank r has label r+1 in tree A and label
// ((r+1) mod N)+1 in tree B (sched's tree.go); since interior labels are
// even and the shift flips parity (the wrap-around lands on the leaf 1), no
// rank is interior in both trees, for every N in 1..300. This is why the two
// trees together load every rank's links about equally (Sanders, Speck &
// Träff 2009).
func TestDoubleTreeComplementary(t *testing.T) {
	for n := 1; n <= 300; n++ {
		tr := sched.NewInOrderTree(n)
		interior := func(l int) bool { return tr.Children[l] != [2]int{} }
		for r := 0; r < n; r++ {
			a, b := r+1, (r+1)%n+1
			if interior(a) && interior(b) {
				t.Fatalf("N=%d: rank %d is interior in tree A (label %d) and tree B (label %d)", n, r, a, b)
			}
		}
	}
}

// TestTreeRounds: the executed double binary tree AllReduce takes
// 2(K + ⌊log₂P⌋ − 1) rounds — reduce up, then broadcast down, each
// pipelined over K chunks — and the rooted ones K + ⌊log₂(P−1)⌋ (one round
// to feed the trees, or be fed by them, plus the trees' height).
func TestTreeRounds(t *testing.T) {
	for p := 2; p <= 70; p++ {
		for _, k := range []int{1, 2, 7} {
			for _, c := range []prim.Collective{prim.AllReduce, prim.Broadcast, prim.Reduce} {
				sp := prim.Spec{Collective: c, Ranks: p, Count: 100, Op: prim.Sum, Root: p - 1}
				if c == prim.AllReduce {
					sp.Root = 0
				}
				s, err := sched.Build(sp, sched.Tree, sched.Options{Chunks: k})
				if err != nil {
					t.Fatal(err)
				}
				want := 2 * (k + sched.Log2Floor(p) - 1)
				if c != prim.AllReduce {
					want = k + sched.Log2Floor(p-1)
				}
				if len(s.Rounds) != want {
					t.Errorf("%s P=%d K=%d: %d rounds, want %d", c, p, k, len(s.Rounds), want)
				}
				// At most two messages per port a round: one per tree.
				for i, rd := range s.Rounds {
					sends, recvs := make([]int, p), make([]int, p)
					for _, x := range rd.Transfers {
						sends[x.Src]++
						recvs[x.Dst]++
					}
					for r := 0; r < p; r++ {
						if sends[r] > 2 || recvs[r] > 2 {
							t.Fatalf("%s P=%d K=%d round %d: rank %d sends %d, receives %d", c, p, k, i, r, sends[r], recvs[r])
						}
					}
				}
			}
		}
	}
}
