package ui

import (
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// adjustment is one field that a change of the collective changed with it,
// so that the question stays one the core answers: the field, its old and
// new text.
type adjustment struct {
	field, from, to string
}

// landCollective keeps the question valid after the collective changed:
// an algorithm that cannot run the new collective gives way to the
// collective's only algorithm or to auto; chunks to 0 where the algorithm
// no longer pipelines; a root to 0 for a collective without one; NCCL's
// model to the α-β model for a collective NCCL's model does not cover.
// Each change is recorded for the one-line note (Adjusted). A collective
// the core does not know is left for recompute to refuse. O(algorithms).
func (s *State) landCollective() { s.landCollectiveExcept(nil) }

// landCollectiveExcept is landCollective leaving alone the fields keep
// holds (a link that names both a collective and an algorithm it cannot
// run is refused, as the CLI refuses it, rather than changed).
func (s *State) landCollectiveExcept(keep map[string]string) {
	c, err := prim.ParseCollective(s.text["collective"])
	if err != nil {
		return
	}
	set := func(f, v string) {
		if _, kept := keep[f]; kept {
			return
		}
		if s.text[f] != v {
			s.adjusted = append(s.adjusted, adjustment{f, s.text[f], v})
			s.text[f] = v
		}
	}
	a, err := sched.ParseAlgorithm(s.text["algorithm"])
	if err == nil && sched.Check(c, a) != nil {
		to := sched.Auto
		if as := sched.Applicable(c); len(as) == 1 {
			to = as[0]
		}
		set("algorithm", string(to))
		a = to
	}
	if err == nil && s.text["chunks"] != "0" && s.text["chunks"] != "" && (a == sched.Auto || !sched.Pipelined(c, a)) {
		set("chunks", "0")
	}
	if !c.Rooted() && s.text["root"] != "0" && s.text["root"] != "" {
		set("root", "0")
	}
	if strings.EqualFold(strings.TrimSpace(s.text["model"]), cost.ModelNCCL) && !ncclCovers(c) {
		set("model", cost.ModelAlphaBeta)
		for _, f := range []string{"nccl-algo", "nccl-proto", "nccl-channels", "nccl-collnet"} {
			set(f, "")
		}
	}
}

// ncclCovers reports whether NCCL's tuning model prices collective c.
func ncclCovers(c prim.Collective) bool {
	return cost.NCCLCovers(c)
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
			to := a.to
			if a.to == string(sched.Auto) && s.R.AutoChosen && !s.Invalid() {
				to = s.Tf("adj.auto", s.R.Algorithm)
			}
			parts = append(parts, s.Tf("adj.algorithm", a.from, coll, to))
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
