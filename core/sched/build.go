package sched

import (
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// MaxRanks is the largest P for which a full per-transfer schedule is built.
// Above it callers use the closed forms of package cost, which answer up to
// prim.MaxRanks.
const MaxRanks = 4096

// MaxTransfers is the default cap on the transfers of one schedule: 2^25,
// about 1 GiB of schedule (32 bytes a transfer). Ring AllReduce at P = 4096
// (33,546,240 transfers) just fits.
const MaxTransfers = 1 << 25

// Options tune a schedule.
type Options struct {
	// Chunks is the number of pipeline chunks for the pipelined algorithms
	// (tree; ring Broadcast and Reduce). 0 picks DefaultChunks.
	Chunks int
	// MaxTransfers caps the schedule's size; 0 means MaxTransfers.
	MaxTransfers int
	// GPUsPerNode is g, the ranks per node of the hierarchical algorithm
	// (ranks r with the same r / g share a node); it must divide P. 0 means
	// one rank per node. Other algorithms ignore it: they do not depend on
	// where ranks sit, only their cost does.
	GPUsPerNode int
	// Yield, when not nil, is called after every round the builder adds:
	// an interactive page lets the browser paint and handle input while a
	// large schedule is built (its callback decides when to give way). It
	// must not change anything the builder reads.
	Yield func()
}

// Pipelined reports whether algorithm a pipelines chunks for collective c.
func Pipelined(c prim.Collective, a Algorithm) bool {
	info, ok := Info(a)
	return ok && info.pipelined != nil && info.pipelined(c)
}

// MaxChunks is the largest valid chunk count: every chunk must hold at least
// one element (each tree half, for the tree). It is at least 1.
func MaxChunks(c prim.Collective, a Algorithm, count int) int {
	if a == Tree {
		count = (count + 1) / 2
	}
	return max(1, count)
}

// DefaultChunks is the chunk count used when Options.Chunks is 0 and no cost
// model is at hand: P chunks (as ring AllReduce cuts its vector), capped by
// MaxChunks. Package cost instead picks the count that minimises time.
func DefaultChunks(c prim.Collective, a Algorithm, ranks, count int) int {
	return min(max(1, ranks), MaxChunks(c, a, count))
}

// Build returns the schedule of algorithm a for the call s. It refuses an
// invalid Spec, an algorithm that does not apply (naming those that do),
// Auto (resolve it with package cost first), P above MaxRanks and schedules
// above the transfer cap, each with a *fielderr.Error. The work is
// O(transfers + P).
func Build(s prim.Spec, a Algorithm, o Options) (*Schedule, error) {
	sch, _, err := build(s, a, o)
	return sch, err
}

// build is Build, also returning the builder's count of transfer slots
// (what Estimate bounds).
func build(s prim.Spec, a Algorithm, o Options) (*Schedule, int64, error) {
	if err := s.Validate(); err != nil {
		return nil, 0, err
	}
	if err := Check(s.Collective, a); err != nil {
		return nil, 0, err
	}
	if a == Auto {
		return nil, 0, fielderr.New("algorithm", "sched.algorithm.auto")
	}
	if s.Ranks > MaxRanks {
		return nil, 0, fielderr.New("ranks", "sched.ranks.max", MaxRanks, s.Ranks, prim.MaxRanks)
	}
	sch := &Schedule{Spec: s, Algorithm: a}
	groups := 0
	if a == Hierarchical {
		g, err := hierarchicalGroups(s.Ranks, o.GPUsPerNode)
		if err != nil {
			return nil, 0, err
		}
		groups = g
	}
	if Pipelined(s.Collective, a) {
		k := o.Chunks
		if k == 0 {
			k = DefaultChunks(s.Collective, a, s.Ranks, s.Count)
		}
		if m := MaxChunks(s.Collective, a, s.Count); k < 1 || k > m {
			return nil, 0, fielderr.New("chunks", "sched.chunks.range", m, s.Count, k)
		}
		sch.Chunks = k
	} else if o.Chunks != 0 {
		return nil, 0, fielderr.New("chunks", "sched.chunks.no_pipeline", a, s.Collective)
	}
	limit := o.MaxTransfers
	if limit <= 0 {
		limit = MaxTransfers
	}
	if sch.Chunks > 0 && pipelineTransfers(s, a, sch.Chunks) > int64(limit) {
		return nil, 0, limitError(limit) // decided before any allocation
	}
	b := &builder{s: sch, limit: limit, yield: o.Yield, groups: groups}
	layout(sch, a)
	info, _ := Info(a)
	info.build(b)
	if b.err != nil {
		return nil, 0, b.err
	}
	return sch, b.slots, nil
}

// pipelineTransfers bounds the transfers of a pipelined schedule: every
// chunk crosses each of the P−1 (ring chain) or about 2(P−1) (one per tree
// edge, both halves; twice for AllReduce) links once. O(1).
func pipelineTransfers(s prim.Spec, a Algorithm, chunks int) int64 {
	per := int64(s.Ranks)
	if a == Tree {
		per *= 2
		if s.Collective == prim.AllReduce {
			per *= 2
		}
	}
	return int64(chunks) * per
}
