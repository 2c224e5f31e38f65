package prim

import (
	"slices"

	"github.com/ccplay/ccplay/core/fielderr"
)

// MaxRanks is the largest communicator any part of ccplay accepts (2^20).
// Closed-form costs answer up to it; full schedules have their own, smaller
// limit (see package sched).
const MaxRanks = 1 << 20

// Spec describes one call of a collective: which, over how many ranks, with
// which root, operator and element counts. Buffer layouts are MPI's:
//
//   - SendRecv: every rank r sends its Count elements to (r+1) mod P and
//     receives Count elements from (r−1) mod P (nccl-tests' sendrecv_perf).
//   - Broadcast: the root's Count elements end up on every rank.
//   - Scatter: the root holds the blocks of all ranks in rank order; rank r
//     receives block r.
//   - Gather: rank r sends its block; the root receives all blocks in rank
//     order; the other ranks' output is undefined.
//   - Reduce: the root receives the element-wise reduction of every rank's
//     Count elements; the other ranks' output is undefined.
//   - AllReduce: every rank receives the reduction of every rank's Count elements.
//   - ReduceScatter: every rank holds all blocks; rank r receives the
//     reduction of block r over all ranks.
//   - AllGather: rank r contributes its block; every rank receives all blocks.
//   - AllToAll: rank i's send buffer holds block (i→j) for j = 0..P−1 in
//     order; rank j's receive buffer holds block (i→j) for i = 0..P−1.
//
// Count is the vector length for SendRecv, Broadcast, Reduce and AllReduce,
// and the per-rank block length for the blocked collectives and AllToAll.
// Counts (length P) gives uneven per-rank blocks for Scatter, Gather,
// AllGather and ReduceScatter; SendCounts (P×P, SendCounts[i][j] = elements
// rank i sends to rank j) gives an uneven AllToAll. Either overrides Count.
type Spec struct {
	Collective Collective
	Ranks      int
	Root       int
	Op         Op
	Count      int
	Counts     []int
	SendCounts [][]int
}

// Validate checks every field and returns a *fielderr.Error naming the first bad
// one and what is accepted. A valid Spec never makes Reference or any
// schedule builder panic.
func (s Spec) Validate() error {
	// Exact identifiers only: Reference, the builders and Combine switch on
	// them, so a spelling ParseCollective/ParseOp would normalise ("AllReduce",
	// "SUM") must be normalised by the caller, not silently mis-executed.
	if !slices.Contains(Collectives(), s.Collective) {
		return fielderr.New("collective", "prim.collective.want", joinCollectives(Collectives()), s.Collective)
	}
	if s.Ranks < 1 || s.Ranks > MaxRanks {
		return fielderr.New("ranks", "prim.ranks.range", MaxRanks, s.Ranks)
	}
	if s.Collective.Rooted() {
		if s.Root < 0 || s.Root >= s.Ranks {
			return fielderr.New("root", "prim.root.range", s.Ranks-1, s.Root)
		}
	} else if s.Root != 0 {
		return fielderr.New("root", "prim.root.none", s.Collective, s.Root)
	}
	if s.Collective.Reduces() {
		if !slices.Contains(Ops(), s.Op) {
			return fielderr.New("op", "prim.op.want", s.Op)
		}
	}
	if s.Count < 0 {
		return fielderr.New("count", "prim.count.negative", s.Count)
	}
	if s.Counts != nil {
		if !s.Collective.Blocked() {
			return fielderr.New("counts", "prim.counts.collective", s.Collective)
		}
		if len(s.Counts) != s.Ranks {
			return fielderr.New("counts", "prim.counts.len", s.Ranks, len(s.Counts))
		}
		for r, c := range s.Counts {
			if c < 0 {
				return fielderr.New("counts", "prim.counts.negative", r, c)
			}
		}
	}
	if s.SendCounts != nil {
		if s.Collective != AllToAll {
			return fielderr.New("sendcounts", "prim.sendcounts.collective", s.Collective)
		}
		if len(s.SendCounts) != s.Ranks {
			return fielderr.New("sendcounts", "prim.sendcounts.rows", s.Ranks, len(s.SendCounts))
		}
		for i, row := range s.SendCounts {
			if len(row) != s.Ranks {
				return fielderr.New("sendcounts", "prim.sendcounts.row_len", i, s.Ranks, len(row))
			}
			for j, c := range row {
				if c < 0 {
					return fielderr.New("sendcounts", "prim.sendcounts.negative", i, j, c)
				}
			}
		}
	}
	return nil
}

// Blocks returns the per-rank block lengths of a blocked collective: Counts
// if given, else Count for every rank.
func (s Spec) Blocks() []int {
	if s.Counts != nil {
		return s.Counts
	}
	b := make([]int, s.Ranks)
	for i := range b {
		b[i] = s.Count
	}
	return b
}

// Matrix returns the AllToAll send-count matrix: SendCounts if given, else
// Count everywhere. m[i][j] = elements rank i sends to rank j.
func (s Spec) Matrix() [][]int {
	if s.SendCounts != nil {
		return s.SendCounts
	}
	m := make([][]int, s.Ranks)
	for i := range m {
		m[i] = make([]int, s.Ranks)
		for j := range m[i] {
			m[i][j] = s.Count
		}
	}
	return m
}

// Undefined is the length InLen and OutLen report for a buffer that is not
// significant (input) or that MPI leaves undefined (output).
const Undefined = -1

// InLen is the length of rank r's send buffer, or Undefined where it is not
// significant (non-roots of Broadcast and Scatter).
func (s Spec) InLen(r int) int {
	switch s.Collective {
	case Broadcast:
		if r != s.Root {
			return Undefined
		}
		return s.Count
	case Scatter:
		if r != s.Root {
			return Undefined
		}
		return s.blockSum()
	case Gather, AllGather:
		return s.block(r)
	case ReduceScatter:
		return s.blockSum()
	case AllToAll:
		if s.SendCounts == nil {
			return s.Ranks * s.Count
		}
		return sum(s.SendCounts[r])
	}
	return s.Count
}

// block is rank r's block length, without allocating.
func (s Spec) block(r int) int {
	if s.Counts != nil {
		return s.Counts[r]
	}
	return s.Count
}

// blockSum is the sum of all blocks, without allocating.
func (s Spec) blockSum() int {
	if s.Counts != nil {
		return sum(s.Counts)
	}
	return s.Ranks * s.Count
}

// OutLen is the length of rank r's receive buffer after the call, or
// Undefined where MPI leaves it undefined (non-roots of Reduce and Gather).
func (s Spec) OutLen(r int) int {
	switch s.Collective {
	case Reduce:
		if r != s.Root {
			return Undefined
		}
		return s.Count
	case Gather:
		if r != s.Root {
			return Undefined
		}
		return s.blockSum()
	case Scatter, ReduceScatter:
		return s.block(r)
	case AllGather:
		return s.blockSum()
	case AllToAll:
		if s.SendCounts == nil {
			return s.Ranks * s.Count
		}
		n := 0
		for _, row := range s.SendCounts {
			n += row[r]
		}
		return n
	}
	return s.Count
}

// SizeElems is the size S of the call in elements, following nccl-tests:
// the vector for AllReduce, Broadcast, Reduce and SendRecv; the whole
// gathered buffer for AllGather, ReduceScatter, Scatter and Gather; the
// largest per-rank send buffer for AllToAll.
func (s Spec) SizeElems() int {
	switch s.Collective {
	case Scatter, Gather, AllGather, ReduceScatter:
		return s.blockSum()
	case AllToAll:
		m := 0
		for r := 0; r < s.Ranks; r++ {
			m = max(m, s.InLen(r))
		}
		return m
	}
	return s.Count
}

// Offsets returns the prefix sums of b: off[i] = b[0]+…+b[i−1], len(b)+1 entries.
func Offsets(b []int) []int {
	off := make([]int, len(b)+1)
	for i, v := range b {
		off[i+1] = off[i] + v
	}
	return off
}

func sum(b []int) int {
	n := 0
	for _, v := range b {
		n += v
	}
	return n
}
