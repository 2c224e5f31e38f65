package cost

import (
	"math"
	"sort"

	"github.com/ccplay/ccplay/core/msg"

	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/topo"
)

// Result is the answer to one cost question, as the CLI (--json), the API
// and the playground show it. Times in seconds, sizes in bytes, bandwidths
// in bytes per second (GB/s = 10⁹ B/s).
type Result struct {
	Collective       string  `json:"collective"`
	Algorithm        string  `json:"algorithm"`
	AutoChosen       bool    `json:"auto_chosen,omitempty"`
	Ranks            int     `json:"ranks"`
	Root             int     `json:"root"`
	SizeBytes        int64   `json:"size_bytes"`
	ElemSize         int     `json:"elem_size"`
	BandwidthBps     float64 `json:"bandwidth_Bps"` // effective: after efficiency
	LatencyS         float64 `json:"latency_s"`
	Gamma            float64 `json:"gamma_s_per_byte"`
	Chunks           int     `json:"chunks,omitempty"`
	TimeS            float64 `json:"time_s"`
	LatencyTermS     float64 `json:"latency_term_s"`
	BandwidthTermS   float64 `json:"bandwidth_term_s"`
	ComputeTermS     float64 `json:"compute_term_s"`
	Steps            int     `json:"steps"`
	BytesSentPerRank int64   `json:"bytes_sent_per_rank"` // by the busiest rank over the whole call
	TotalBytes       int64   `json:"total_bytes"`
	AlgBwBps         float64 `json:"algbw_Bps"`
	BusBwBps         float64 `json:"busbw_Bps"`
	BusBwFactor      float64 `json:"busbw_factor"`
	LowerBoundS      float64 `json:"lower_bound_s"`
	PctOfLowerBound  float64 `json:"pct_of_lower_bound"` // lower bound ÷ time × 100 (100 = optimal)
	Exact            bool    `json:"exact"`              // closed form == executed schedule's cost
	Formula          string  `json:"formula"`
	FormulaNumbers   string  `json:"formula_numbers"`
	Source           string  `json:"source"`
	Note             string  `json:"note,omitempty"`
	// FormulaMsg, FormulaNumbersMsg, NoteMsg and SourceMsg are Formula,
	// FormulaNumbers, Note and Source as messages (those fields are these
	// in English), for a face that speaks another language.
	FormulaMsg        msg.Message `json:"-"`
	SourceMsg         msg.Message `json:"-"`
	FormulaNumbersMsg msg.Message `json:"-"`
	NoteMsg           msg.Message `json:"-"`
	// ScheduleTimeS is the executed schedule's cost where the closed form is
	// a limit (tree), with ScheduleSteps its rounds; absent above ScheduleLimit.
	ScheduleTimeS float64       `json:"schedule_time_s,omitempty"`
	ScheduleSteps int           `json:"schedule_steps,omitempty"`
	Alternatives  []Alternative `json:"alternatives,omitempty"`
	// Topology, present when the question has nodes or a slowdown.
	Topology *TopologyResult `json:"topology,omitempty"`
	// NCCL is NCCL's algorithm × protocol model of the same question, present
	// when Params.CostModel is "nccl"; the fields above stay the α-β-γ answer.
	NCCL *NCCLResult `json:"nccl,omitempty"`
	// Fabric, present on a switched fabric (Params.Fabric), is the
	// simulation whose time TimeS then is.
	Fabric *FabricResult `json:"fabric,omitempty"`
}

// TopologyResult is the part of a Result that depends on where ranks sit:
// the cluster, the inter-node bytes and, for hierarchical AllReduce, one
// flat ring over all P ranks on the same links for comparison.
type TopologyResult struct {
	GPUsPerNode       int     `json:"gpus_per_node"`
	Nodes             int     `json:"nodes"`
	IntraBandwidthBps float64 `json:"intra_bandwidth_Bps"` // effective: after efficiency
	IntraLatencyS     float64 `json:"intra_latency_s"`
	Slow              string  `json:"slow,omitempty"` // e.g. "rank 3 ×4", "link 3-4 ×4"
	SlowFactor        float64 `json:"slow_factor,omitempty"`
	// UnslowedTimeS is the same question without the slowdown (closed
	// form), so that time_s ÷ unslowed_time_s is what the slowdown costs.
	UnslowedTimeS float64 `json:"unslowed_time_s,omitempty"`
	// UnslowedScheduleTimeS is the executed schedule without the slowdown,
	// beside schedule_time_s.
	UnslowedScheduleTimeS float64 `json:"unslowed_schedule_time_s,omitempty"`
	// SlowRatio is how many times longer the slowed question takes: the
	// executed schedules' ratio where both were priced, else the closed
	// forms'. 1 means no round uses the slow rank or link.
	SlowRatio float64 `json:"slow_ratio,omitempty"`
	// InterBytesPerRank is the most bytes one rank sends across nodes, from
	// the closed form (ring and hierarchical AllReduce; -1 where there is
	// none) or, with InterFromLedger, the executed ledger (Ledger): only a
	// closed-form figure can be checked against the ledger.
	InterBytesPerRank int64 `json:"inter_bytes_sent_per_rank"`
	InterFromLedger   bool  `json:"inter_from_ledger,omitempty"`
	// FlatRing is ring AllReduce over all P ranks on the same links
	// (hierarchical AllReduce only).
	FlatRing *FlatRing `json:"flat_ring,omitempty"`
	// Ledger splits the executed schedule's bytes by link class; absent
	// when the schedule is too large to build here.
	Ledger *LinkSplit `json:"ledger,omitempty"`
}

// FlatRing is one flat ring AllReduce over all ranks, for comparison.
type FlatRing struct {
	TimeS             float64 `json:"time_s"`
	InterBytesPerRank int64   `json:"inter_bytes_sent_per_rank"`
	// InterRatio is the flat ring's inter-node bytes per rank over the
	// hierarchical's (0 when the hierarchical sends none across nodes).
	InterRatio float64 `json:"inter_ratio"`
}

// LinkSplit is the executed schedule's byte ledger split by link class
// (sim.NewClusterLedger): totals over all ranks and the busiest rank of
// each class.
type LinkSplit struct {
	IntraBytes       int64 `json:"intra_bytes"`
	InterBytes       int64 `json:"inter_bytes"`
	MaxIntraSent     int64 `json:"max_intra_sent"`
	MaxIntraSentRank int   `json:"max_intra_sent_rank"`
	MaxInterSent     int64 `json:"max_inter_sent"`
	MaxInterSentRank int   `json:"max_inter_sent_rank"`
}

// Alternative is another applicable algorithm and its time (auto's runners-up).
type Alternative struct {
	Algorithm string  `json:"algorithm"`
	TimeS     float64 `json:"time_s"`
}

// ScheduleLimit caps the transfers of a schedule that Evaluate builds to
// price a limit-type closed form: 2^20, at most about 0.2 s of building and
// pricing (twice, with a slowdown) and 100 MiB, within the budget of one
// request of the HTTP API (docs/limits.md).
const ScheduleLimit = 1 << 20

// Evaluate answers p: validates it, resolves auto to the cheapest applicable
// algorithm (listing the others), evaluates the closed form, its bounds and
// its text. O(1) for most closed forms (see closedForm); a tree additionally
// builds and prices its schedule when that has at most ScheduleLimit
// transfers, and so does a closed form that is only an upper bound on a
// topology. Time alone, without text, is Quick's job.
func Evaluate(p Params) (Result, error) {
	r, _, err := evaluateWith(p, &evaluation{schedules: true})
	return r, err
}

// EvaluateDeferred is Evaluate without pricing any executed schedule: the
// same Result except ScheduleTimeS, ScheduleSteps,
// Topology.UnslowedScheduleTimeS and the sentence of Note about them (and
// SlowRatio computed from the closed forms). deferred reports whether
// Evaluate would price one; then Evaluate(p) completes the answer. An
// interactive page shows this at once and the complete answer a moment
// later: pricing the schedule (and for a tree building it) is the part of
// Evaluate whose cost grows most with P and the chunk count (tens of
// milliseconds at P = 1024). With the ranks on nodes it still builds the
// question's schedule when it is buildable, for the links' ledger
// (Topology.Ledger), which the page shows at once.
func EvaluateDeferred(p Params) (r Result, deferred bool, err error) {
	return evaluateWith(p, &evaluation{})
}

// evaluation is how Evaluate runs: whether it builds schedules (Evaluate)
// or not (EvaluateDeferred), the yield called between the rounds of a
// schedule being built or priced (nil: none; EvaluateYielding), and, after
// the run, built: the schedule of the question itself (ScheduleOf's) that
// it built and priced, nil if none (EvaluateBuilt). own is the question's
// schedule once schedule has built it (ownErr its refusal; tried that it
// was asked for): the ledger, the price and the simulation on a fabric
// share that one build.
type evaluation struct {
	schedules bool
	yield     func()
	built     *sched.Schedule
	own       *sched.Schedule
	ownErr    error
	tried     bool
}

// schedule is the schedule of the question itself, p, as ScheduleOf(p,
// ScheduleLimit) builds it (its builder calling e.yield): built at the
// first call, and the same schedule, or the same refusal, at every later
// one. Every caller passes the same p; no caller changes the schedule.
func (e *evaluation) schedule(p Params) (*sched.Schedule, error) {
	if !e.tried {
		e.own, e.ownErr = scheduleOf(p, ScheduleLimit, e.yield)
		e.tried = true
	}
	return e.own, e.ownErr
}

// evaluateWith is Evaluate as e says.
func evaluateWith(p Params, e *evaluation) (Result, bool, error) {
	if err := p.Validate(); err != nil {
		return Result{}, false, err
	}
	var nr *NCCLResult
	if p.CostModel == ModelNCCL {
		x, err := NCCL(p)
		if err != nil {
			return Result{}, false, err
		}
		nr = &x
	}
	q := p
	var alts []Alternative
	if p.Algorithm == sched.Auto {
		q.Algorithm, alts = choose(p)
	}
	r, deferred := evaluate(q, e)
	r.AutoChosen = p.Algorithm == sched.Auto
	r.Alternatives = alts
	r.NCCL = nr
	if p.Fabric.Active() {
		if !e.schedules {
			return r, true, p.CheckFinite(r)
		}
		if err := simulateFabric(q, &r, e.yield, e.own); err != nil {
			return Result{}, false, err
		}
	}
	return r, deferred, p.CheckFinite(r)
}

// Quick is the closed form alone: validation and the three terms, no text,
// no bounds, no schedule. Auto resolves as in Evaluate. O(1) for most
// algorithms; this is what sweeps and charts call.
func Quick(p Params) (Terms, sched.Algorithm, error) {
	if err := p.Validate(); err != nil {
		return Terms{}, "", err
	}
	a := p.Algorithm
	if a == sched.Auto {
		a, _ = choose(p)
	}
	q := p
	q.Algorithm = a
	t := terms(q)
	if !finiteTerms(t) {
		return Terms{}, "", p.CheckFinite(t.Time())
	}
	return t, a, nil
}

// finiteTerms reports whether the time, the sum of the three terms, is
// finite (then so is each term). O(1), without the reflection of Finite:
// Quick is the inner loop of sweeps.
func finiteTerms(t Terms) bool {
	x := t.Latency + t.Bandwidth + t.Compute
	return !math.IsInf(x, 0) && !math.IsNaN(x)
}

// choose prices every applicable algorithm (each with its best chunk count)
// and returns the cheapest, ties going to the earlier one in
// sched.Applicable, with all of them ranked by time.
func choose(p Params) (sched.Algorithm, []Alternative) {
	var alts []Alternative
	var best sched.Algorithm
	bestT := 0.0
	for i, a := range sched.Applicable(p.Collective) {
		q := p
		q.Algorithm = a
		q.Chunks = 0
		t := terms(q).Time()
		alts = append(alts, Alternative{Algorithm: string(a), TimeS: t})
		if i == 0 || t < bestT {
			best, bestT = a, t
		}
	}
	sort.SliceStable(alts, func(i, j int) bool { return alts[i].TimeS < alts[j].TimeS })
	return best, alts
}

// geometry returns the model and shape of p, choosing the chunk count that
// minimises time when p pipelines and leaves Chunks at 0. On a topology the
// model is the bound model (the largest α and β of any link).
func geometry(p Params) (model, shape) {
	m := model{alpha: p.Latency, beta: 1 / (p.Bandwidth * p.Efficiency), gamma: p.Gamma}
	if p.Topological() {
		m = boundModel(p)
	}
	s := shape{p: int64(p.Ranks), root: int64(p.Root), n: p.Elems(), e: int64(p.ElemSize), k: int64(p.Chunks)}
	if sched.Pipelined(p.Collective, p.Algorithm) && s.k == 0 {
		s.k = bestChunks(p, s, m)
	}
	return m, s
}

// terms is the closed form of a validated, concrete p.
func terms(p Params) Terms {
	m, s := geometry(p)
	if p.Topological() {
		return topoTerms(p, s, m)
	}
	return closedForm(p.Collective, p.Algorithm, s, m)
}

// evaluate is Evaluate of a validated, concrete p; with e.schedules false
// it builds none and reports whether it would have (see EvaluateDeferred).
func evaluate(p Params, e *evaluation) (Result, bool) {
	deferred := false
	m, s := geometry(p)
	var t Terms
	if p.Topological() {
		t = topoTerms(p, s, m)
	} else {
		t = closedForm(p.Collective, p.Algorithm, s, m)
	}
	f := formulaOf(p.Collective, p.Algorithm)
	bw := p.Bandwidth * p.Efficiency
	r := Result{
		Collective: string(p.Collective), Algorithm: string(p.Algorithm),
		Ranks: p.Ranks, Root: p.Root, SizeBytes: p.Size, ElemSize: p.ElemSize,
		BandwidthBps: bw, LatencyS: p.Latency, Gamma: p.Gamma, Chunks: int(s.k),
		TimeS: t.Time(), LatencyTermS: t.Latency, BandwidthTermS: t.Bandwidth, ComputeTermS: t.Compute,
		Steps: t.Steps, BytesSentPerRank: t.MaxSent, TotalBytes: t.Total, Exact: t.Exact,
		BusBwFactor: p.Collective.BusBwFactor(p.Ranks),
		Formula:     f.Text, FormulaMsg: f.Msg, Source: f.Source, SourceMsg: f.SourceMsg,
		FormulaNumbersMsg: plainForm(numbers(t, m, bw)),
	}
	if r.TimeS > 0 {
		r.AlgBwBps, r.BusBwBps = Bandwidths(p.Collective, p.Ranks, p.Size, r.TimeS)
	}
	lbm := m
	if p.Topological() {
		r.FormulaNumbersMsg = topoNumbers(p, s, t)
		lbm = fastModel(p)
	}
	lb := lowerBound(p.Collective, s, lbm)
	r.LowerBoundS = lb.Total()
	if r.TimeS > 0 {
		r.PctOfLowerBound = 100 * r.LowerBoundS / r.TimeS
	} else {
		r.PctOfLowerBound = 100
	}
	var notes []msg.Message
	if p.Algorithm == sched.Tree && s.n > 0 && s.p > 1 {
		notes = append(notes, msg.New("cost.note.tree"))
		if !e.schedules && p.Ranks <= sched.MaxRanks {
			deferred = true
		} else if c, steps, ok := e.scheduleCost(p, true); ok {
			r.ScheduleTimeS, r.ScheduleSteps = c, steps
			notes = append(notes, msg.New("cost.note.tree_schedule"))
		} else {
			notes = append(notes, msg.New("cost.note.tree_too_large"))
		}
	}
	if p.Topological() {
		r.Topology = topologyResult(p, s, e)
		if !t.Exact && r.ScheduleTimeS == 0 && s.n > 0 && s.p > 1 && !deferred {
			notes = append(notes, msg.New("cost.note.bound"))
			c, steps, ok := 0.0, 0, buildable(p)
			switch {
			case ok && !e.schedules:
				deferred = true
			case ok:
				c, steps, ok = e.scheduleCost(p, true)
			}
			switch {
			case deferred:
			case ok:
				r.ScheduleTimeS, r.ScheduleSteps = c, steps
				if p.Slow.Active() {
					q := p
					q.Slow = topo.Slow{}
					r.Topology.UnslowedScheduleTimeS, _, _ = e.scheduleCost(q, false)
				}
				notes = append(notes, msg.New("cost.note.exact"))
			default:
				notes = append(notes, msg.New("cost.note.too_large"))
			}
		}
		r.Topology.SlowRatio = slowRatio(r)
	}
	r.NoteMsg = joinNotes(notes)
	r.FormulaNumbers, r.Note = r.FormulaNumbersMsg.String(), ""
	if len(notes) > 0 {
		r.Note = r.NoteMsg.String()
	}
	return r, deferred
}

// slowRatio is time ÷ time without the slowdown: of the executed schedules
// where both were priced, else of the closed forms; 0 without a slowdown.
func slowRatio(r Result) float64 {
	tr := r.Topology
	switch {
	case tr.Slow == "":
		return 0
	case r.ScheduleTimeS > 0 && tr.UnslowedScheduleTimeS > 0:
		return r.ScheduleTimeS / tr.UnslowedScheduleTimeS
	case tr.UnslowedTimeS > 0:
		return r.TimeS / tr.UnslowedTimeS
	}
	return 0
}

// joinNotes is the notes as one message, "; "-separated; the zero
// Message when there are none.
func joinNotes(notes []msg.Message) msg.Message {
	if len(notes) == 0 {
		return msg.Message{}
	}
	m := notes[0]
	for _, n := range notes[1:] {
		m = msg.New("cost.note.join", m, n)
	}
	return m
}

// bestChunks is the pipeline chunk count that minimises the algorithm's time.
func bestChunks(p Params, s shape, m model) int64 {
	if p.Algorithm == sched.Tree {
		return bestTreeChunks(p.Collective, s, m)
	}
	return bestChainChunks(s, p.Collective == "reduce", m)
}

// scheduleCost builds and prices the schedule of p (ScheduleOf), if it has
// at most ScheduleLimit transfers. When own, p is the question itself, not
// a variant of it: its schedule is e.schedule's, kept in e.built.
func (e *evaluation) scheduleCost(p Params, own bool) (float64, int, bool) {
	var s *sched.Schedule
	var err error
	if own {
		s, err = e.schedule(p)
	} else {
		s, err = scheduleOf(p, ScheduleLimit, e.yield)
	}
	if err != nil {
		return 0, 0, false
	}
	if own {
		e.built = s
	}
	c := sim.PriceYielding(s, p.ElemSize, p.Model(), e.yield)
	return c.Total(), s.Steps(), true
}
