package cost

import (
	"sort"

	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
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
	// ScheduleTimeS is the executed schedule's cost where the closed form is
	// a limit (tree), with ScheduleSteps its rounds; absent above ScheduleLimit.
	ScheduleTimeS float64       `json:"schedule_time_s,omitempty"`
	ScheduleSteps int           `json:"schedule_steps,omitempty"`
	Alternatives  []Alternative `json:"alternatives,omitempty"`
}

// Alternative is another applicable algorithm and its time (auto's runners-up).
type Alternative struct {
	Algorithm string  `json:"algorithm"`
	TimeS     float64 `json:"time_s"`
}

// ScheduleLimit caps the transfers of a schedule that Evaluate builds to
// price a limit-type closed form (2^22, a few tens of milliseconds).
const ScheduleLimit = 1 << 22

// Evaluate answers p: validates it, resolves auto to the cheapest applicable
// algorithm (listing the others), evaluates the closed form, its bounds and
// its text. O(1) for most closed forms (see closedForm); a tree additionally
// builds and prices its schedule when that has at most ScheduleLimit
// transfers. Time alone, without text, is Quick's job.
func Evaluate(p Params) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	if p.Algorithm != sched.Auto {
		return evaluate(p), nil
	}
	best, alts := choose(p)
	q := p
	q.Algorithm = best
	r := evaluate(q)
	r.AutoChosen = true
	r.Alternatives = alts
	return r, nil
}

// Quick is the closed form alone: validation and the three terms, no text,
// no bounds, no schedule. Auto resolves as in Evaluate. O(1) for most
// algorithms; this is what sweeps and charts call.
func Quick(p Params) (Terms, sched.Algorithm, error) {
	if err := p.Validate(); err != nil {
		return Terms{}, "", err
	}
	if p.Algorithm == sched.Auto {
		best, _ := choose(p)
		p.Algorithm = best
		return terms(p), best, nil
	}
	return terms(p), p.Algorithm, nil
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
// minimises time when p pipelines and leaves Chunks at 0.
func geometry(p Params) (model, shape) {
	m := model{alpha: p.Latency, beta: 1 / (p.Bandwidth * p.Efficiency), gamma: p.Gamma}
	s := shape{p: int64(p.Ranks), root: int64(p.Root), n: p.Elems(), e: int64(p.ElemSize), k: int64(p.Chunks)}
	if sched.Pipelined(p.Collective, p.Algorithm) && s.k == 0 {
		s.k = bestChunks(p, s, m)
	}
	return m, s
}

// terms is the closed form of a validated, concrete p.
func terms(p Params) Terms {
	m, s := geometry(p)
	return closedForm(p.Collective, p.Algorithm, s, m)
}

func evaluate(p Params) Result {
	m, s := geometry(p)
	t := closedForm(p.Collective, p.Algorithm, s, m)
	f := formulaOf(p.Collective, p.Algorithm)
	bw := p.Bandwidth * p.Efficiency
	r := Result{
		Collective: string(p.Collective), Algorithm: string(p.Algorithm),
		Ranks: p.Ranks, Root: p.Root, SizeBytes: p.Size, ElemSize: p.ElemSize,
		BandwidthBps: bw, LatencyS: p.Latency, Gamma: p.Gamma, Chunks: int(s.k),
		TimeS: t.Time(), LatencyTermS: t.Latency, BandwidthTermS: t.Bandwidth, ComputeTermS: t.Compute,
		Steps: t.Steps, BytesSentPerRank: t.MaxSent, TotalBytes: t.Total, Exact: t.Exact,
		BusBwFactor: p.Collective.BusBwFactor(p.Ranks),
		Formula:     f.Text, FormulaNumbers: numbers(t, m, bw), Source: f.Source,
	}
	if r.TimeS > 0 {
		r.AlgBwBps = float64(p.Size) / r.TimeS
		r.BusBwBps = r.AlgBwBps * r.BusBwFactor
	}
	lb := lowerBound(p.Collective, s, m)
	r.LowerBoundS = lb.Total()
	if r.TimeS > 0 {
		r.PctOfLowerBound = 100 * r.LowerBoundS / r.TimeS
	} else {
		r.PctOfLowerBound = 100
	}
	if p.Algorithm == sched.Tree && s.n > 0 && s.p > 1 {
		r.Note = "the lecture's pipelined-tree model: the limit of infinitely many chunks, not the cost of a finite schedule"
		if c, steps, ok := scheduleCost(p, int(s.k)); ok {
			r.ScheduleTimeS, r.ScheduleSteps = c, steps
			r.Note += "; schedule_time_s is the executed double binary tree with the chosen chunks"
		} else {
			r.Note += "; the executed schedule is too large to price here (see ccplay run)"
		}
	}
	return r
}

// bestChunks is the pipeline chunk count that minimises the algorithm's time.
func bestChunks(p Params, s shape, m model) int64 {
	if p.Algorithm == sched.Tree {
		return bestTreeChunks(p.Collective, s, m)
	}
	return bestChainChunks(s, p.Collective == "reduce", m)
}

// scheduleCost builds and prices the schedule of p with k chunks, if it has
// at most ScheduleLimit transfers.
func scheduleCost(p Params, k int) (float64, int, bool) {
	if p.Ranks > sched.MaxRanks {
		return 0, 0, false
	}
	s, err := sched.Build(p.Spec(), p.Algorithm, sched.Options{Chunks: k, MaxTransfers: ScheduleLimit})
	if err != nil {
		return 0, 0, false
	}
	c := sim.Price(s, p.ElemSize, p.Model())
	return c.Total(), sim.NewLedger(s, p.ElemSize).Steps, true
}
