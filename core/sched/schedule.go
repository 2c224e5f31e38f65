package sched

import (
	"fmt"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// Transfer moves Len elements from rank Src's work buffer at SrcOff to rank
// Dst's work buffer at DstOff. In a reducing round the destination is
// combined with the payload (dst = dst op payload); otherwise it is
// overwritten. A transfer with Src == Dst is a local copy: it moves data but
// is not communication, so the ledger and the cost ignore it.
type Transfer struct {
	Src, Dst       int32
	SrcOff, DstOff int64
	Len            int64
}

// Round is one communication step. All its transfers happen at once: every
// payload is read from the state at the start of the round.
type Round struct {
	Phase     string // e.g. "reduce-scatter", "allgather", "reduce", "broadcast"
	Reduce    bool   // transfers combine into the destination
	Transfers []Transfer
}

// Seg places Len elements: from offset From of one buffer to offset To of another.
type Seg struct{ From, To, Len int }

// Schedule is an algorithm's complete communication plan for one Spec.
//
// Invariants (checked by Verify): every rank has a work buffer of WorkLen[r]
// elements; In[r] copies the rank's send buffer into it before round 0,
// Out[r] copies the receive buffer out of it after the last round (Out[r] is
// nil exactly where prim.Spec.OutLen(r) is Undefined); every transfer stays
// inside both work buffers; no round is empty.
type Schedule struct {
	Spec      prim.Spec
	Algorithm Algorithm
	// Chunks is the number of pipeline chunks (tree, ring broadcast/reduce);
	// 0 where the algorithm does not pipeline.
	Chunks  int
	WorkLen []int
	In, Out [][]Seg
	Rounds  []Round
}

// Transfers counts the transfers of all rounds (local copies included).
func (s *Schedule) Transfers() int {
	n := 0
	for _, r := range s.Rounds {
		n += len(r.Transfers)
	}
	return n
}

// Steps counts the rounds that carry at least one message (a transfer
// between two different ranks), as sim.Ledger's Steps does. O(transfers).
func (s *Schedule) Steps() int {
	n := 0
	for i := range s.Rounds {
		if s.carries(i) {
			n++
		}
	}
	return n
}

// StepRounds are the indices of the rounds that carry at least one message,
// in order: step k (1-based) of the schedule is round StepRounds()[k−1],
// and a round of local copies only (Bruck's packing) belongs to the step
// after it. len(StepRounds()) == Steps(). O(transfers).
func (s *Schedule) StepRounds() []int {
	var out []int
	for i := range s.Rounds {
		if s.carries(i) {
			out = append(out, i)
		}
	}
	return out
}

// carries reports whether round i has a transfer between two ranks.
func (s *Schedule) carries(i int) bool {
	for _, t := range s.Rounds[i].Transfers {
		if t.Src != t.Dst {
			return true
		}
	}
	return false
}

// Verify checks the invariants above and returns the first violation. Tests
// call it on every schedule they build. O(transfers + P).
func (s *Schedule) Verify() error {
	p := s.Spec.Ranks
	if len(s.WorkLen) != p || len(s.In) != p || len(s.Out) != p {
		return fmt.Errorf("layout has %d/%d/%d entries for %d ranks", len(s.WorkLen), len(s.In), len(s.Out), p)
	}
	for r := 0; r < p; r++ {
		inLen, outLen := s.Spec.InLen(r), s.Spec.OutLen(r)
		if err := checkSegs(s.In[r], max(inLen, 0), s.WorkLen[r], true); err != nil {
			return fmt.Errorf("rank %d input: %v", r, err)
		}
		if (outLen == prim.Undefined) != (s.Out[r] == nil) {
			return fmt.Errorf("rank %d output: defined=%v but segments=%v", r, outLen != prim.Undefined, s.Out[r])
		}
		if err := checkSegs(s.Out[r], max(outLen, 0), s.WorkLen[r], false); err != nil {
			return fmt.Errorf("rank %d output: %v", r, err)
		}
	}
	for i, rd := range s.Rounds {
		if len(rd.Transfers) == 0 {
			return fmt.Errorf("round %d is empty", i)
		}
		for _, t := range rd.Transfers {
			if t.Src < 0 || int(t.Src) >= p || t.Dst < 0 || int(t.Dst) >= p || t.Len <= 0 ||
				t.SrcOff < 0 || t.SrcOff+t.Len > int64(s.WorkLen[t.Src]) ||
				t.DstOff < 0 || t.DstOff+t.Len > int64(s.WorkLen[t.Dst]) {
				return fmt.Errorf("round %d: transfer %+v out of bounds", i, t)
			}
		}
	}
	return nil
}

// checkSegs checks that segs cover exactly [0, n) of the user buffer and stay
// inside the work buffer. For input segments From is the user offset; for
// output segments To is.
func checkSegs(segs []Seg, n, work int, input bool) error {
	covered := 0
	for _, g := range segs {
		user, w := g.From, g.To
		if !input {
			user, w = g.To, g.From
		}
		if g.Len < 0 || user != covered || w < 0 || w+g.Len > work {
			return fmt.Errorf("segment %+v out of order or bounds", g)
		}
		covered += g.Len
	}
	if covered != n {
		return fmt.Errorf("segments cover %d of %d elements", covered, n)
	}
	return nil
}

// builder accumulates rounds and enforces the transfer limit.
type builder struct {
	s      *Schedule
	limit  int
	count  int
	slots  int64 // transfers handed to round, empty ones included (Estimate bounds it)
	err    error
	yield  func() // Options.Yield
	groups int    // nodes of a placed algorithm (hierarchical), else 0
}

// pause calls Options.Yield (if set) while a builder computes its rounds
// before handing them to round: builders that compute many rounds at once
// (the tree's pipelined chunks) call it between pieces of that work, so a
// yield comes at least every O(P·k/Height) transfers, not only between rounds.
func (b *builder) pause() {
	if b.yield != nil {
		b.yield()
	}
}

// round appends a round; transfers of zero length are dropped and a round
// left empty is not added. The round takes ts over (it filters in place and
// keeps the slice): callers build a fresh slice for every round.
func (b *builder) round(phase string, reduce bool, ts []Transfer) {
	if b.yield != nil {
		b.yield()
	}
	b.slots += int64(len(ts))
	kept := ts[:0]
	for _, t := range ts {
		if t.Len > 0 {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 || b.err != nil {
		return
	}
	b.count += len(kept)
	if b.count > b.limit {
		b.err = limitError(b.limit)
		return
	}
	b.s.Rounds = append(b.s.Rounds, Round{Phase: phase, Reduce: reduce, Transfers: kept[:len(kept):len(kept)]})
}

func limitError(limit int) error {
	return fielderr.New("ranks", "sched.transfers.max", limit)
}

// xfer is a transfer between equal offsets of two ranks' work buffers.
func xfer(src, dst, off, n int) Transfer {
	return Transfer{Src: int32(src), Dst: int32(dst), SrcOff: int64(off), DstOff: int64(off), Len: int64(n)}
}

// uniformLayout gives every rank a work buffer of n elements with its input
// at in and its output at out (nil segments where the spec says Undefined).
func uniformLayout(s *Schedule, n int, inOff, outOff func(r int) int) {
	p := s.Spec.Ranks
	s.WorkLen = make([]int, p)
	s.In = make([][]Seg, p)
	s.Out = make([][]Seg, p)
	for r := 0; r < p; r++ {
		s.WorkLen[r] = n
		if l := s.Spec.InLen(r); l != prim.Undefined {
			s.In[r] = []Seg{{From: 0, To: inOff(r), Len: l}}
		}
		if l := s.Spec.OutLen(r); l != prim.Undefined {
			s.Out[r] = []Seg{{From: outOff(r), To: 0, Len: l}}
		}
	}
}
