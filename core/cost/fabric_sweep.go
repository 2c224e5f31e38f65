package cost

import (
	"math"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// FabricRatios are the oversubscriptions a FabricStudy compares.
var FabricRatios = []float64{1, 2, 4, 8}

// FabricStudy is one question on a fat-tree or rail fabric as the
// playground's fabric view shows it: the fabric drawn with the loads of
// the question at its own oversubscription, and the simulated time of the
// question, of ring AllReduce and of pairwise AllToAll (same ranks, size
// and links) at each of FabricRatios, beside each one's time without
// contention.
type FabricStudy struct {
	Result  Result
	Drawing *fabric.Drawing
	Rows    []FabricRow
}

// FabricRow is one collective's simulated times at FabricRatios, and
// each over its time without contention (Slowdown).
type FabricRow struct {
	Collective string
	Algorithm  string
	IdealS     float64
	TimesS     []float64
	Slowdowns  []float64
}

// StudyFabric answers p (whose Fabric is active) as a FabricStudy,
// refusing, before any work, a question whose schedules may exceed
// maxTransfers transfers each (the page's budget). Cost: 1 + 3 ×
// len(FabricRatios) simulations (StartStudy advanced to its end).
func StudyFabric(p Params, maxTransfers int64) (FabricStudy, error) {
	run, err := StartStudy(p, maxTransfers)
	if err != nil {
		return FabricStudy{}, err
	}
	if _, err := run.Advance(math.MaxInt64); err != nil {
		return FabricStudy{}, err
	}
	return run.Study(), nil
}

// StudyRun is StudyFabric in slices, for a page that gives the browser a
// turn between them: StartStudy checks the question and the budget,
// Advance builds and simulates the study's schedules one after the other
// for a given amount of simulation work (fabric.Run.Advance's units), and
// Progress tells how far it is. One goroutine; the caller decides when to
// advance.
type StudyRun struct {
	p      Params
	qs     []Params  // the rows' questions (the first is p's)
	weight []float64 // each simulation's share of Progress (its transfer bound)
	total  float64
	i      int // the simulation under way: 0 draws p, 1 + r·len(FabricRatios) + k is row r at ratio k
	cur    *fabricRun
	ideal  bool // r.res holds simulation r.i's closed form
	res    Result
	// The row under way's answer without contention and its schedule,
	// built (rowSched, by the evaluation, until it is laid out) and laid
	// out as messages (rowMsgs), once begin has them (nil before): the
	// drawing (p, row 0's question) and every ratio of a row share one
	// evaluation and one schedule built and laid out, as the ratio
	// changes neither.
	row      int
	rowIdeal *Result
	rowSched *sched.Schedule
	rowMsgs  *fabric.Messages
	yield    func()
	work     int64 // simulation work spent so far (Work)
	st       FabricStudy
	done     bool
	err      error
}

// StartStudy checks p (whose Fabric is active) and refuses, before any
// work, a study whose schedules may exceed maxTransfers transfers each.
// O(1) for most algorithms.
func StartStudy(p Params, maxTransfers int64) (*StudyRun, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	qs := []Params{p}
	for _, x := range []struct {
		c prim.Collective
		a sched.Algorithm
	}{{prim.AllReduce, sched.Ring}, {prim.AllToAll, sched.Pairwise}} {
		q := p
		q.Collective, q.Algorithm, q.Root, q.Chunks = x.c, x.a, 0, 0
		if x.c == prim.AllToAll {
			q.Size = RoundSize(x.c, q.Ranks, q.ElemSize, q.Size)
		}
		if x.c != p.Collective || x.a != concrete(p).Algorithm {
			qs = append(qs, q)
		}
	}
	run := &StudyRun{p: p, qs: qs}
	for i, q := range qs {
		n := TransferBound(concrete(q))
		if n > maxTransfers {
			return nil, fielderr.New("ranks", "fabric.too-large", n, maxTransfers)
		}
		times := len(FabricRatios)
		if i == 0 {
			times++ // drawn as well
		}
		for range times {
			run.weight = append(run.weight, float64(n))
			run.total += float64(n)
		}
	}
	return run, nil
}

// question is the question of simulation i and its row (−1: the drawing).
func (r *StudyRun) question(i int) (Params, int) {
	if i == 0 {
		return r.p, -1
	}
	row, k := (i-1)/len(FabricRatios), (i-1)%len(FabricRatios)
	q := r.qs[row]
	q.Fabric.Oversubscription = FabricRatios[k]
	return q, row
}

// Advance goes on with the study for about work units of simulation (at
// least one step; a slice may run over by one event's work) and reports
// whether it is over. Starting a simulation takes two slices of their
// own — the closed form (which may build and price the schedule), then
// the schedule built on the fabric with its routes; a row's later
// simulations take the closed form and the schedule from its first, and
// build only the fabric and the routes — unless work is
// math.MaxInt64 (all at once). An error ends
// the study; later calls return it again.
func (r *StudyRun) Advance(work int64) (done bool, err error) {
	if r.done || r.err != nil {
		return r.done, r.err
	}
	spent := int64(0)
	for r.i < len(r.weight) && spent < max(work, 1) {
		if r.cur == nil {
			if r.err = r.begin(); r.err != nil {
				return false, r.err
			}
			if work < math.MaxInt64 {
				return false, nil // a slice of its own
			}
			continue
		}
		before := r.cur.sim.Result().Work
		over, err := r.cur.sim.Advance(max(work, 1) - spent)
		d := r.cur.sim.Result().Work - before
		spent += d
		r.work += d
		if err != nil {
			r.err = err
			return false, err
		}
		if over {
			if r.err = r.end(); r.err != nil {
				return false, r.err
			}
		}
	}
	r.done = r.i == len(r.weight)
	return r.done, nil
}

// begin starts simulation r.i: the closed form of its question (its time
// without contention) at the first call, its schedule built on its fabric
// at the second. The first simulation of a row evaluates the closed form
// and builds the schedule (where Evaluate builds it, the same one) and
// lays it out; the others of the row take the closed form and the
// messages from it, so a study holds one row's messages at a time.
func (r *StudyRun) begin() error {
	q, row := r.question(r.i)
	if row = max(row, 0); row != r.row {
		r.row, r.rowIdeal, r.rowSched, r.rowMsgs = row, nil, nil, nil
	}
	if !r.ideal {
		if r.rowIdeal == nil {
			ideal := q
			ideal.Fabric = fabric.Spec{}
			e := &evaluation{schedules: true, yield: r.yield}
			res, _, err := evaluateWith(ideal, e)
			if err != nil {
				return err
			}
			r.rowIdeal, r.rowSched = &res, e.own
		}
		r.res, r.ideal = *r.rowIdeal, true
		return nil
	}
	var err error
	r.cur, r.rowMsgs, err = startFabric(concrete(q), &r.res, r.yield, r.rowSched, r.rowMsgs)
	r.rowSched = nil // laid out: the messages are all the row needs
	return err
}

// SetYield has the schedule builders of the slices to come call yield
// between their rounds (as EvaluateYielding's do), and the simulation's
// start between batches of routed flows (fabric.StartYielding), so a page can give the
// browser a turn inside a slice that builds a large schedule. yield must
// not touch the study.
func (r *StudyRun) SetYield(yield func()) { r.yield = yield }

// end writes simulation r.i's answer into the study.
func (r *StudyRun) end() error {
	q, row := r.question(r.i)
	simRes := r.cur.finish()
	if err := q.CheckFinite(r.res); err != nil {
		return err
	}
	if row < 0 {
		r.st.Result, r.st.Drawing = r.res, r.cur.net.Draw(simRes)
	} else {
		if row == len(r.st.Rows) {
			r.st.Rows = append(r.st.Rows, FabricRow{})
		}
		x, w := r.res, &r.st.Rows[row]
		w.Collective, w.Algorithm, w.IdealS = x.Collective, x.Algorithm, x.Fabric.IdealTimeS
		w.TimesS = append(w.TimesS, x.TimeS)
		w.Slowdowns = append(w.Slowdowns, x.Fabric.Slowdown)
	}
	r.cur, r.ideal = nil, false
	r.i++
	return nil
}

// Progress is the share of the study done, in [0, 1], each simulation
// weighing its schedule's transfer bound: 1 once Advance has reported
// done.
func (r *StudyRun) Progress() float64 {
	if r.done {
		return 1
	}
	var cur float64
	if r.cur != nil {
		cur = r.cur.sim.Progress()
	}
	return SeqProgress(r.weight, r.total, r.i, cur)
}

// Work is the units of simulation work Advance has spent so far (the
// simulations' Result.Work summed): a slice that only started a
// simulation spends none, so a page that sizes its slices by the time a
// unit takes measures it on slices that spent some.
func (r *StudyRun) Work() int64 { return r.work }

// Transfers is the sum of the transfer bounds of the study's schedules
// (what Progress weighs them by): a measure of its size before any work.
func (r *StudyRun) Transfers() int64 { return int64(r.total) }

// Study is the answer once Advance has reported done.
func (r *StudyRun) Study() FabricStudy { return r.st }
