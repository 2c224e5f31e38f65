package lecture

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Contention is the lecture's congested switch ports (lecture 09 §0.2,
// §8: with many hops and congested switches, bandwidth does not show) as
// data: collectives of one question priced on its fat-tree or rail fabric
// at several oversubscriptions, each time simulated by core/fabric through
// cost.Evaluate.
type Contention struct {
	Ratios []float64
	Lines  []ContentionLine
}

// ContentionLine is one collective's simulated run at each of the
// Contention's ratios.
type ContentionLine struct {
	Collective, Algorithm string  // as cost.Result names them
	IdealS                float64 // the closed form's time: no contention
	TimesS                []float64
	// Slowdowns[i] is TimesS[i] ÷ TimesS[0]: how many times longer the
	// run takes than at the first ratio (a non-blocking tree when it is 1).
	Slowdowns []float64
	// BoundsS[i] is an AllToAll's bisection bound at ratio i
	// (fabric.Net.AllToAllBisection): no simulated time is below it. Nil
	// for other collectives.
	BoundsS []float64
	// Hottest[i] is the link with the highest utilisation at ratio i.
	Hottest []fabric.LinkUse
}

// ContentionCase is a collective and the algorithm that runs it.
type ContentionCase struct {
	Collective prim.Collective
	Algorithm  sched.Algorithm
}

// MaxContentionTransfers bounds the transfers of each schedule
// FabricContention simulates, so that a lesson's figure stays a few
// milliseconds of work (pairwise AllToAll on 128 ranks fits).
const MaxContentionTransfers = 1 << 14

// FabricContention prices every case (the size, ranks and links of p) on
// p.Fabric, a fat-tree or a rail fabric, at each oversubscription of
// ratios (each in [1, fabric.MaxOversubscription]). It refuses, before any
// simulation, a fabric of another kind and a schedule that may exceed
// MaxContentionTransfers; errors are *fielderr.Error. An AllToAll's size is
// rounded down to whole blocks (cost.RoundSize), as every rank sends P
// equal blocks. O(cases × ratios × one simulation).
func FabricContention(p cost.Params, cases []ContentionCase, ratios []float64) (Contention, error) {
	return (*ContentionMemo)(nil).FabricContention(p, cases, ratios)
}

// ContentionMemo keeps the simulated runs FabricContention computes, so
// that a page asking several questions of one fabric (a lesson's
// prediction, then its figure) simulates each run once. The zero value is
// empty; a nil memo keeps nothing. It holds at most maxMemoRuns runs,
// emptied when full. Not safe for concurrent use.
type ContentionMemo struct {
	runs []contentionRun
}

// maxMemoRuns bounds a ContentionMemo.
const maxMemoRuns = 64

// contentionRun is one simulated run, a question at one oversubscription,
// as FabricContention reads it, or the error simulating it met.
type contentionRun struct {
	q                  cost.Params
	coll, alg          string
	time, ideal, bound float64
	hot                fabric.LinkUse
	err                error
}

// ContentionRun is one run SimulateRun simulated (or its error), for
// ContentionMemo.Keep.
type ContentionRun struct{ x contentionRun }

// SimulateRun simulates run q (one of ContentionMemo.Missing's) with
// cost.EvaluateYielding, calling yield (if not nil) between the rounds of
// its schedule. It touches no memo: a page calls it off its event lock and
// keeps the run under the lock.
func SimulateRun(q cost.Params, yield func()) ContentionRun {
	r, err := cost.EvaluateYielding(q, yield)
	if err != nil {
		return ContentionRun{contentionRun{q: q, err: err}}
	}
	f := r.Fabric
	x := contentionRun{q: q, coll: r.Collective, alg: r.Algorithm, time: r.TimeS, ideal: f.IdealTimeS, bound: f.BisectionBoundS}
	if len(f.Links) > 0 {
		x.hot = f.Links[0]
	}
	return ContentionRun{x}
}

// find is the run of q m holds (ok false if none).
func (m *ContentionMemo) find(q cost.Params) (contentionRun, bool) {
	if m != nil {
		for _, x := range m.runs {
			if x.q == q {
				return x, true
			}
		}
	}
	return contentionRun{}, false
}

// Keep adds run r to m (a nil memo keeps nothing), emptying m first when
// it is full; a run m holds already is not added twice.
func (m *ContentionMemo) Keep(r ContentionRun) {
	if m == nil {
		return
	}
	if _, ok := m.find(r.x.q); ok {
		return
	}
	if len(m.runs) >= maxMemoRuns {
		m.runs = nil
	}
	m.runs = append(m.runs, r.x)
}

// run simulates q, or takes the run from the memo when it holds it; the
// memo keeps errors as well as times.
func (m *ContentionMemo) run(q cost.Params) (contentionRun, error) {
	if x, ok := m.find(q); ok {
		return x, x.err
	}
	r := SimulateRun(q, nil)
	m.Keep(r)
	return r.x, r.x.err
}

// Runs is how many runs m holds.
func (m *ContentionMemo) Runs() int {
	if m == nil {
		return 0
	}
	return len(m.runs)
}

// FabricContention is the package's FabricContention with every run kept
// in m and taken from it when asked again.
func (m *ContentionMemo) FabricContention(p cost.Params, cases []ContentionCase, ratios []float64) (Contention, error) {
	qs, err := contentionQueries(p, cases, ratios)
	if err != nil {
		return Contention{}, err
	}
	out := Contention{Ratios: ratios}
	for _, q := range qs {
		var line ContentionLine
		for _, ratio := range ratios {
			q.Fabric.Oversubscription = ratio
			x, err := m.run(q)
			if err != nil {
				return Contention{}, err
			}
			line.Collective, line.Algorithm, line.IdealS = x.coll, x.alg, x.ideal
			line.TimesS = append(line.TimesS, x.time)
			line.Slowdowns = append(line.Slowdowns, cost.Slowdown(x.time, line.TimesS[0]))
			if q.Collective == prim.AllToAll {
				line.BoundsS = append(line.BoundsS, x.bound)
			}
			line.Hottest = append(line.Hottest, x.hot)
		}
		out.Lines = append(out.Lines, line)
	}
	return out, nil
}

// Missing is the runs FabricContention(p, cases, ratios) would simulate
// that m does not hold, in the order it would simulate them, after the
// checks it makes before any simulation (err: the error it would return
// from them). A page that must not block computes these with SimulateRun
// in slices and keeps them (Keep) before asking FabricContention.
func (m *ContentionMemo) Missing(p cost.Params, cases []ContentionCase, ratios []float64) ([]cost.Params, error) {
	qs, err := contentionQueries(p, cases, ratios)
	if err != nil {
		return nil, err
	}
	var out []cost.Params
	for _, q := range qs {
		for _, ratio := range ratios {
			q.Fabric.Oversubscription = ratio
			if _, ok := m.find(q); !ok {
				out = append(out, q)
			}
		}
	}
	return out, nil
}

// contentionQueries checks FabricContention's arguments and makes each
// case's question (its ratio still to set); errors are *fielderr.Error.
func contentionQueries(p cost.Params, cases []ContentionCase, ratios []float64) ([]cost.Params, error) {
	if k := p.Fabric.Kind; k != fabric.FatTree && k != fabric.Rail {
		return nil, fielderr.New("fabric", "lecture.contention.fabric", k)
	}
	for _, r := range ratios {
		if !(r >= 1 && r <= fabric.MaxOversubscription) {
			return nil, fielderr.New("oversubscription", "fabric.oversubscription", float64(fabric.MaxOversubscription), r)
		}
	}
	qs := make([]cost.Params, len(cases))
	for i, k := range cases {
		q := p
		q.Collective, q.Algorithm, q.Root, q.Chunks = k.Collective, k.Algorithm, 0, 0
		if q.CostModel == "" {
			q.CostModel = cost.ModelAlphaBeta // the same rule, one key in the memo
		}
		if k.Collective == prim.AllToAll {
			q.Size = cost.RoundSize(k.Collective, q.Ranks, q.ElemSize, q.Size)
		}
		c, err := cost.Concrete(q)
		if err != nil {
			return nil, err
		}
		if n := cost.TransferBound(c); n > MaxContentionTransfers {
			return nil, fielderr.New("ranks", "fabric.too-large", n, int64(MaxContentionTransfers))
		}
		qs[i] = q
	}
	return qs, nil
}
