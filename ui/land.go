package ui

import (
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
)

// adjustment is one field that a change of the collective changed with it,
// so that the question stays one the core answers: the field, its old and
// new text.
type adjustment struct {
	field, from, to string
}

// landCollective keeps the learner's choices that still apply after the
// collective changed and hands back to the question layer's defaults those
// that cannot: an algorithm that cannot run the new collective (the
// collective's default algorithm takes over), chunks where the algorithm
// no longer pipelines, a root for a collective without one, NCCL's model
// for a collective it does not cover (with its knobs). Fields the learner
// never gave follow the collective by themselves (an algorithm not chosen
// is always the collective's default). Each hand-back is recorded for the
// one-line note (Adjusted). A collective the core does not know is left
// for recompute to refuse. O(algorithms).
func (s *State) landCollective() {
	c, err := prim.ParseCollective(s.text["collective"])
	if err != nil {
		return
	}
	drop := func(f, to string) {
		if s.given[f] && strings.TrimSpace(s.text[f]) != "" {
			s.adjusted = append(s.adjusted, adjustment{f, s.text[f], to})
			s.given[f] = false
			s.text[f] = question.Default(f)
		}
	}
	a := sched.DefaultFor(c)
	if s.given["algorithm"] {
		if chosen, err := sched.ParseAlgorithm(s.text["algorithm"]); err == nil {
			a = chosen
			if sched.Check(c, chosen) != nil {
				a = sched.DefaultFor(c)
				drop("algorithm", string(a))
			}
		}
	}
	if s.text["chunks"] != "0" && (a == sched.Auto || !sched.Pipelined(c, a)) {
		drop("chunks", "0")
	}
	if !c.Rooted() && s.text["root"] != "0" {
		drop("root", "0")
	}
	if strings.EqualFold(strings.TrimSpace(s.text["model"]), cost.ModelNCCL) && !cost.NCCLCovers(c) {
		drop("model", cost.ModelAlphaBeta)
		for _, f := range []string{"nccl-algo", "nccl-proto", "nccl-channels", "nccl-collnet", "nccl-buffsize"} {
			drop(f, "")
		}
	}
}

// Adjusted is the one-line note of what the last change of the collective
// changed with it ("" when nothing), in the page's language: "ring has no
// alltoall algorithm: algorithm → auto (pairwise)".
func (s *State) Adjusted() string {
	if len(s.adjusted) == 0 {
		return ""
	}
	coll := s.text["collective"]
	var parts []string
	for _, a := range s.adjusted {
		switch a.field {
		case "algorithm":
			parts = append(parts, s.Tf("adj.algorithm", a.from, coll, a.to))
		case "chunks":
			parts = append(parts, s.T("adj.chunks"))
		case "root":
			parts = append(parts, s.Tf("adj.root", coll))
		case "model":
			parts = append(parts, s.Tf("adj.model", coll))
		}
	}
	return strings.Join(parts, s.T("adj.sep"))
}
