package sched

import (
	"sort"

	"github.com/ccplay/ccplay/core/prim"
)

// MaxCaptionPairs is the most messages a Caption lists; More counts the rest.
const MaxCaptionPairs = 8

// Pair is one message of a round: rank Src sends chunk Chunk (−1 when the
// message is not one chunk of the schedule's chunking) to rank Dst.
type Pair struct{ Src, Dst, Chunk int }

// Caption says what one round of a schedule does, as data that a page words
// in its own language: either the ring's shift (every rank i sends chunk
// (i + Offset) mod P to rank (i + 1) mod P) or the list of messages. Reduce
// says whether the receivers combine what arrives with what they hold (else
// they keep it as it is).
type Caption struct {
	Round, Rounds int // 1-based step and the schedule's steps (Schedule.Steps)
	Phase         string
	Reduce        bool
	Shift         bool   // the round is the ring's shift (Offset holds)
	Offset        int    // the shift's chunk offset, in (−P, 0]
	Pairs         []Pair // otherwise: the messages by sender, at most MaxCaptionPairs
	More          int    // messages not listed
}

// CaptionOf describes step `step` (0-based, among the rounds that carry
// messages: Schedule.StepRounds) of s from its transfers alone, numbered
// as the schedule's Steps count them: a round in which each of the P ranks
// sends exactly one whole chunk to its right neighbour, the chunk index
// being the sender's plus a constant, is a shift; any other round lists its
// messages (local copies left out, one entry per sender, receiver and
// chunk). A step outside [0, Steps()) panics, as an index does.
// O(transfers · log).
func CaptionOf(s *Schedule, step int) Caption {
	steps := s.StepRounds()
	rd := s.Rounds[steps[step]]
	c := Caption{Round: step + 1, Rounds: len(steps), Phase: rd.Phase, Reduce: rd.Reduce}
	off := ChunkOffsets(s)
	p := s.Spec.Ranks
	seen := map[Pair]bool{}
	for _, t := range rd.Transfers {
		x := Pair{Src: int(t.Src), Dst: int(t.Dst), Chunk: ChunkAt(off, t)}
		if x.Src == x.Dst || seen[x] {
			continue
		}
		seen[x] = true
		c.Pairs = append(c.Pairs, x)
	}
	sort.Slice(c.Pairs, func(i, j int) bool {
		a, b := c.Pairs[i], c.Pairs[j]
		return a.Src < b.Src || a.Src == b.Src && (a.Dst < b.Dst || a.Dst == b.Dst && a.Chunk < b.Chunk)
	})
	if shift, ok := ringShift(c.Pairs, p); ok && len(rd.Transfers) == p {
		c.Shift, c.Offset, c.Pairs = true, shift, nil
		return c
	}
	if len(c.Pairs) > MaxCaptionPairs {
		c.More = len(c.Pairs) - MaxCaptionPairs
		c.Pairs = c.Pairs[:MaxCaptionPairs]
	}
	return c
}

// ringShift reports whether pairs (sorted by sender) are the ring's shift:
// P messages, rank i to (i + 1) mod P, carrying chunk (i + d) mod P for one
// d, returned in (−P, 0].
func ringShift(pairs []Pair, p int) (int, bool) {
	if p < 2 || len(pairs) != p {
		return 0, false
	}
	d := pairs[0].Chunk
	for i, x := range pairs {
		if x.Src != i || x.Dst != (i+1)%p || x.Chunk < 0 || x.Chunk != (i+d)%p {
			return 0, false
		}
	}
	if d > 0 {
		d -= p
	}
	return d, true
}

// ChunkOffsets are the offsets of the chunks a schedule's transfers carry,
// by which a page names and colours them: the ring AllReduce's P near-equal
// chunks, the blocks of ReduceScatter and AllGather, the pipeline's chunks
// (for the double binary tree, each tree's half cut into Chunks, tree B's
// numbered after tree A's). Nil when the algorithm has no such chunking.
func ChunkOffsets(s *Schedule) []int {
	sp := s.Spec
	switch {
	case s.Chunks > 0 && s.Algorithm == Tree:
		h := (sp.Count + 1) / 2
		a := Split(h, s.Chunks)
		b := shift(Split(sp.Count-h, s.Chunks), h)
		return append(a, b[1:]...)
	case s.Chunks > 0:
		return Split(sp.Count, s.Chunks)
	case sp.Collective == prim.ReduceScatter || sp.Collective == prim.AllGather:
		return prim.Offsets(sp.Blocks())
	case sp.Collective == prim.AllReduce && s.Algorithm == Ring:
		return Split(sp.Count, sp.Ranks)
	}
	return nil
}

// ChunkAt is the index of the chunk transfer t carries whole among the
// chunk offsets off (ChunkOffsets), or −1.
func ChunkAt(off []int, t Transfer) int {
	i := sort.SearchInts(off, int(t.SrcOff))
	for i+1 < len(off) && off[i+1] == off[i] {
		i++ // an empty chunk shares its offset with the next
	}
	if i+1 < len(off) && off[i] == int(t.SrcOff) && int64(off[i+1]-off[i]) == t.Len {
		return i
	}
	return -1
}
