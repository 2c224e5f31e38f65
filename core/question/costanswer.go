package question

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
)

// CostAnswer is the answer to a cost question as every face serialises it
// (`ccplay cost --json` and GET /api/v1/cost write the same bytes): the
// result, auto's crossovers when auto chose (from one element up to
// crossovers_up_to bytes, the list the text answer prints) and every input
// with its value and source.
type CostAnswer struct {
	cost.Result
	Crossovers     []cost.Crossover `json:"crossovers,omitempty"`
	CrossoversUpTo int64            `json:"crossovers_up_to,omitempty"`
	Inputs         field.Inputs     `json:"inputs"`
	// Params is the question the answer prices.
	Params cost.Params `json:"-"`
}

// CrossoverLimit is the largest size scanned for auto's crossovers.
const CrossoverLimit = 1 << 40

// AnswerCost reads a cost question and prices it (cost.Evaluate), adding
// auto's crossovers when auto chose on the α-β model. Every refused field
// comes back at once, as ReadCost's.
func AnswerCost(get field.Lookup) (CostAnswer, error) {
	q, err := ReadCost(get)
	if err != nil {
		return CostAnswer{Inputs: q.Inputs}, err
	}
	r, err := cost.Evaluate(q.Params)
	if err != nil {
		return CostAnswer{Inputs: q.Inputs}, err
	}
	a := CostAnswer{Result: r, Inputs: q.Inputs, Params: q.Params}
	if r.AutoChosen && r.NCCL == nil {
		if a.CrossoversUpTo, a.Crossovers, err = AutoCrossovers(q.Params); err != nil {
			return a, err
		}
	}
	return a, nil
}

// AutoCrossovers are the sizes at which auto's choice changes for the
// question p, from one element to hi = 1 TiB (CrossoverLimit, or the
// largest size P allows): cost.Crossovers over that range. Cost: that of
// cost.Crossovers.
func AutoCrossovers(p cost.Params) (hi int64, xs []cost.Crossover, err error) {
	hi = min(int64(CrossoverLimit), cost.MaxSize(p.Ranks))
	xs, err = cost.Crossovers(p, int64(p.ElemSize), hi)
	return hi, xs, err
}
