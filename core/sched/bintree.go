package sched

// InOrderTree is the balanced in-order binary tree on labels 1…N used by the
// double binary tree (Sanders, Speck & Träff 2009; NCCL's trees): label l
// with lowest set bit b has children l−b/2 and l+b/2 (the right one, if
// beyond N, replaced by its own left descendant), so odd labels are leaves
// and even labels are interior. The root is the largest power of two ≤ N and
// the height is ⌊log₂N⌋. Index 0 is unused.
type InOrderTree struct {
	N        int
	Root     int
	Parent   []int    // 0 for the root
	Children [][2]int // 0 where absent
	Height   []int    // edges to the deepest leaf below; leaves 0
	Depth    []int    // edges from the root
}

// NewInOrderTree builds the tree on labels 1…n in O(n). n must be ≥ 1.
func NewInOrderTree(n int) *InOrderTree {
	t := &InOrderTree{N: n, Parent: make([]int, n+1), Children: make([][2]int, n+1),
		Height: make([]int, n+1), Depth: make([]int, n+1)}
	t.Root = 1 << Log2Floor(n)
	for l := 1; l <= n; l++ {
		half := (l & -l) / 2
		if half == 0 {
			continue
		}
		left, right := l-half, l+half
		for right > n {
			lb := right & -right
			if lb == 1 {
				right = 0
				break
			}
			right -= lb / 2
		}
		t.Children[l] = [2]int{left, right}
		t.Parent[left] = l
		if right != 0 {
			t.Parent[right] = l
		}
	}
	// Heights bottom-up: a child's lowest set bit is below its parent's.
	for bit := 2; bit <= n; bit <<= 1 {
		for l := bit; l <= n; l += 2 * bit {
			for _, c := range t.Children[l] {
				if c != 0 {
					t.Height[l] = max(t.Height[l], t.Height[c]+1)
				}
			}
		}
	}
	// Depths top-down: a parent's lowest set bit is above its child's.
	for bit := t.Root / 2; bit >= 1; bit >>= 1 {
		for l := bit; l <= n; l += 2 * bit {
			t.Depth[l] = t.Depth[t.Parent[l]] + 1
		}
	}
	return t
}
