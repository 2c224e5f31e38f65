package sched

import "github.com/ccplay/ccplay/core/prim"

// a2aBlocks locates AllToAll's blocks in the work buffers of alltoallLayout:
// block i→j lies at offset row(i, j) of rank i's send row and at
// rowLen(j) + col(j, i) of rank j's buffer (its receive column follows its
// send row). With equal counts (no SendCounts) every offset is a product:
// O(1) per block and no memory, so a builder's first yield comes before any
// O(P²) work. With SendCounts the prefix sums are tabulated.
type a2aBlocks struct {
	p, count int     // equal counts: every block holds count elements (m == nil)
	m        [][]int // SendCounts, m[i][j] = elements i sends to j
	// rowOff[i][j] = Σ_{j'<j} m[i][j'] (rowOff[i][P] = row i's sum);
	// colOff[j][i] = Σ_{i'<i} m[i'][j].
	rowOff, colOff [][]int
}

// newA2ABlocks is the block locator of sp, an AllToAll; with SendCounts it
// tabulates the prefix sums in O(P²), calling pause once a row of each pass.
func newA2ABlocks(sp prim.Spec, pause func()) a2aBlocks {
	p := sp.Ranks
	a := a2aBlocks{p: p, count: sp.Count}
	if sp.SendCounts == nil {
		return a
	}
	a.m = sp.SendCounts
	a.rowOff = make([][]int, p)
	a.colOff = make([][]int, p)
	for i := 0; i < p; i++ {
		pause()
		a.rowOff[i] = prim.Offsets(a.m[i])
		a.colOff[i] = make([]int, p+1)
	}
	for j := 0; j < p; j++ {
		pause()
		for i := 0; i < p; i++ {
			a.colOff[j][i+1] = a.colOff[j][i] + a.m[i][j]
		}
	}
	return a
}

// size is the elements of block i→j.
func (a a2aBlocks) size(i, j int) int {
	if a.m == nil {
		return a.count
	}
	return a.m[i][j]
}

// row is the offset of block i→j in i's send row; row(i, P) is the row's length.
func (a a2aBlocks) row(i, j int) int {
	if a.m == nil {
		return j * a.count
	}
	return a.rowOff[i][j]
}

// col is the offset of block i→j inside j's receive column.
func (a a2aBlocks) col(j, i int) int {
	if a.m == nil {
		return i * a.count
	}
	return a.colOff[j][i]
}

// transfer is the transfer of block i→j from i's send row to j's receive
// column.
func (a a2aBlocks) transfer(i, j int) Transfer {
	return Transfer{
		Src: int32(i), Dst: int32(j),
		SrcOff: int64(a.row(i, j)),
		DstOff: int64(a.row(j, a.p) + a.col(j, i)),
		Len:    int64(a.size(i, j)),
	}
}
