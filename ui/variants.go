package ui

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
)

// eval asks the core for a variant of the current question: another
// collective, algorithm, P, size or bandwidth (bw > 0, at 100 %
// efficiency), the size rounded as cost.RoundSize does. The derivation
// cards, the units view and the pitfall cards price their examples with it.
func (s *State) eval(c prim.Collective, a sched.Algorithm, ranks int, size int64, bw float64) (cost.Result, bool) {
	q := s.P
	q.Collective, q.Algorithm, q.Ranks, q.Size, q.Root, q.Chunks = c, a, ranks, size, 0, 0
	if bw > 0 {
		q.Bandwidth, q.Efficiency = bw, 1
	}
	q.Size = cost.RoundSize(c, ranks, q.ElemSize, size)
	r, err := evaluate(q)
	return r, err == nil
}

// evaluate is cost.Evaluate without the executed schedule
// (cost.EvaluateDeferred), for the cards, pitfalls and worked examples that
// build their own parameters: they show closed-form times only, and a tree
// at P = 2048 would otherwise build its schedule on every render.
func evaluate(p cost.Params) (cost.Result, error) {
	r, _, err := cost.EvaluateDeferred(p)
	return r, err
}

// evalLecture is eval on the lecture's own setting (the CLI's defaults: one
// flat network, α = 5 µs, no straggler) rather than the question's: the
// units view and the pitfall cards teach with fixed examples, so the
// question's inputs, which those views do not show, must not move them.
func (s *State) evalLecture(c prim.Collective, a sched.Algorithm, ranks int, size int64, bw float64) (cost.Result, bool) {
	q, err := lectureParams()
	if err != nil {
		return cost.Result{}, false
	}
	q.Collective, q.Algorithm, q.Ranks, q.Root, q.Chunks = c, a, ranks, 0, 0
	if bw > 0 {
		q.Bandwidth, q.Efficiency = bw, 1
	}
	q.Size = cost.RoundSize(c, ranks, q.ElemSize, size)
	r, err := evaluate(q)
	return r, err == nil
}

// lectureParams is the question with every field at the CLI's default.
func lectureParams() (cost.Params, error) { return question.CostParams(field.Map(nil)) }
