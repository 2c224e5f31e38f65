package cost

import (
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// ScheduleOf builds the schedule that the cost question p prices, the one
// every face lists, draws, animates and prices: auto resolved to the
// algorithm Evaluate chooses, a pipelined algorithm without Chunks given
// the chunk count Evaluate chooses, the ranks grouped into nodes of
// p.GPUsPerNode (hierarchical AllReduce), p.Spec's blocks.
//
// Before allocating anything it refuses, with a *fielderr.Error, a P above
// sched.MaxRanks and a schedule whose transfers may exceed maxTransfers
// (TransferBound); the builder is capped at maxTransfers as well. O(1) to
// refuse; O(transfers) to build.
func ScheduleOf(p Params, maxTransfers int) (*sched.Schedule, error) {
	return scheduleOf(p, maxTransfers, nil)
}

// ScheduleOfYielding is ScheduleOf with the builder calling yield after
// every round (sched.Options.Yield): the same schedule, built in slices an
// interactive page can interleave with painting and input. yield must not
// change p.
func ScheduleOfYielding(p Params, maxTransfers int, yield func()) (*sched.Schedule, error) {
	return scheduleOf(p, maxTransfers, yield)
}

// scheduleOf is ScheduleOf, the builder calling yield (if not nil) after
// every round (sched.Options.Yield).
func scheduleOf(p Params, maxTransfers int, yield func()) (*sched.Schedule, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.Ranks > sched.MaxRanks {
		return nil, fielderr.New("ranks", "cost.schedule.ranks", sched.MaxRanks, p.Ranks)
	}
	p = concrete(p)
	if n := TransferBound(p); n > int64(maxTransfers) {
		return nil, fielderr.New("ranks", "cost.schedule.transfers", n, maxTransfers)
	}
	sp, o := p.Spec(), sched.Options{Chunks: p.Chunks, MaxTransfers: maxTransfers, GPUsPerNode: p.GPUsPerNode, Yield: yield}
	// The builder also visits the empty transfers it drops (a few elements
	// on many ranks): at most SlotsPerTransfer of them per transfer built.
	if n := sched.EstimateOf(sp, p.Algorithm, o).Slots; n > SlotsPerTransfer*int64(maxTransfers) {
		return nil, fielderr.New("ranks", "cost.schedule.slots", n, SlotsPerTransfer*int64(maxTransfers), SlotsPerTransfer)
	}
	return sched.Build(sp, p.Algorithm, o)
}

// SlotsPerTransfer is how many transfer slots (sched.Estimate.Slots, empty
// ones included) ScheduleOf lets the builder visit per transfer of its cap.
const SlotsPerTransfer = 4

// Concrete is the question p as Evaluate answers it: auto resolved to the
// algorithm Evaluate chooses and, for a pipelined algorithm without Chunks,
// the chunk count Evaluate chooses; everything else as given. It is what
// ScheduleOf builds, so a face can check the algorithm or the chunk count
// against its own limits before building. O(1) for most algorithms (those
// of Quick).
func Concrete(p Params) (Params, error) {
	if err := p.Validate(); err != nil {
		return p, err
	}
	return concrete(p), nil
}

// concrete is Concrete of a valid p.
func concrete(p Params) Params {
	if p.Algorithm == sched.Auto {
		p.Algorithm, _ = choose(p)
	}
	if sched.Pipelined(p.Collective, p.Algorithm) {
		_, s := geometry(p)
		p.Chunks = int(s.k)
	}
	return p
}

// TransferBound is an upper bound on the transfers of the schedule
// ScheduleOf(p) builds. A pipelined schedule's count follows from its
// chunks K: every chunk crosses each link of its route once — P−1 links of
// the ring chain (ring Broadcast, Reduce); P−1 per tree (the trees' edges
// plus the root's feed, or all P members' edges in AllReduce), two trees,
// twice in AllReduce (up, then down) — so K·(P−1) and 2·K·(P−1) (4·K·(P−1)
// for AllReduce), equal to the schedule's transfers unless a chunk is empty
// (a tree half of ⌊n/2⌋ < K elements; the builder drops empty transfers).
// The others follow the closed form's step count: every rank sends at most
// one message per step, except in AllToAll, where a rank may move a block
// for every rank in one step (P per rank: the naive single round, the local
// copies) — but for pairwise exchange, which sends one block per step and
// copies its own block once (steps + 1 per rank), and Bruck's, whose packing
// copies and sends number fewer than P + 2·steps + 2 per rank (the bound
// sched.EstimateOf counts). A test checks it against every schedule. p must
// be valid and concrete (auto resolved, a pipelined algorithm's Chunks set).
// O(1) for most algorithms (the closed form's).
func TransferBound(p Params) int64 {
	per := int64(p.Ranks)
	if sched.Pipelined(p.Collective, p.Algorithm) {
		links := int64(max(p.Ranks-1, 0))
		if p.Algorithm == sched.Tree {
			links *= 2
			if p.Collective == prim.AllReduce {
				links *= 2
			}
		}
		return int64(max(p.Chunks, 1)) * links
	}
	switch {
	case p.Collective == prim.AllToAll && p.Algorithm == sched.Pairwise:
		return int64(max(terms(p).Steps, 1)+1) * per
	case p.Collective == prim.AllToAll && p.Algorithm == sched.Bruck:
		return (per + 2*int64(max(terms(p).Steps, 1)) + 2) * per
	case p.Collective == prim.AllToAll:
		per *= int64(p.Ranks)
	}
	return int64(max(terms(p).Steps, 1)) * per
}
