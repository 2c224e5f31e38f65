package ui

import (
	"encoding/json"
	"fmt"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/plan"
)

// Build is this build's version, the same in every build from the same
// sources (wasmbuild.SourceID): stamped at link time (-X
// github.com/ccplay/ccplay/ui.Build=…) into the WebAssembly modules by
// internal/wasmbuild and into the Worker by scripts/build-worker.sh, and
// set before any page by the native hosts that build the modules from the
// sources they run from (`ccplay serve` in a checkout, internal/sitebuild,
// the tests). A page carries it with what it hands over (handoff), and
// the WebAssembly takes nothing a build other than its own computed, so a
// page from an older build is never trusted. Empty: the build hands
// nothing over and takes nothing.
var Build string

// HandoffID is the id of the element holding a page's handoff: a
// <script type="application/json"> at the end of #app, which the
// WebAssembly's first render drops.
const HandoffID = "ccplay-handoff"

// handoff is what a page rendered for someone else hands to the
// WebAssembly taking it over: the answer of the simulations on a fabric
// its view ran before it was sent (the fabric view's study, the planner's
// simulated calls), so the WebAssembly need not run them again. It says
// the build that computed it and the exact question (cost.Params,
// plan.Input: every field, as %#v writes it) it answers; the WebAssembly
// uses it only for that very question, in the same build. Only a view
// that would otherwise simulate in slices hands anything over (a study
// above DeferFabricTransfers, a plan on a fabric), and only core's result
// itself: the study as cost.EncodeStudy writes it, the plan's simulated
// times (plan.Run.Times), from which core prices the same plan.
type handoff struct {
	Build    string          `json:"build"`
	View     string          `json:"view"` // "fabric" or "plan"
	Question string          `json:"question"`
	Study    json.RawMessage `json:"study,omitempty"`
	Times    []float64       `json:"times,omitempty"`
}

// questionText is the exact question q (cost.Params, plan.Input) as a
// handoff names it: %#v, every field, floats to the digits that read
// back the same.
func questionText(q any) string { return fmt.Sprintf("%#v", q) }

// HandOver gives the page the handoff its server rendered (the text of
// the element HandoffID; "" when there is none): the fabric view and the
// planner take their question's answer from it instead of simulating,
// when it is for that question and from this build. Call it before
// NewApp. A handoff that does not decode, or comes from another build, is
// ignored.
func (s *State) HandOver(text string) {
	var h handoff
	if Build == "" || text == "" || json.Unmarshal([]byte(text), &h) != nil || h.Build != Build {
		return
	}
	s.handoff = &h
}

// handedStudy is the study the page was handed for the fabric view's
// question p, if it was.
func (s *State) handedStudy(p cost.Params) (cost.FabricStudy, bool) {
	h := s.handoff
	if h == nil || h.View != "fabric" || h.Question != questionText(p) {
		return cost.FabricStudy{}, false
	}
	st, err := cost.DecodeStudy(h.Study)
	return st, err == nil
}

// handedTimes are the simulated times the page was handed for the
// planner's input in, if it was.
func (s *State) handedTimes(in plan.Input) ([]float64, bool) {
	h := s.handoff
	if h == nil || h.View != "plan" || h.Question != questionText(in) {
		return nil, false
	}
	return h.Times, true
}

// handoff is the study the view finished for its question in slices, as
// a handoff; nil when there is none.
func (c *Fabric) handoff() *handoff {
	p := c.params()
	if !c.done.ok || !c.done.sliced || c.done.p != p || c.done.err != nil {
		return nil
	}
	b, err := cost.EncodeStudy(c.done.st)
	if err != nil {
		return nil
	}
	return &handoff{View: "fabric", Question: questionText(p), Study: b}
}

// handoff is the simulated times of the plan shown, as a handoff; nil
// when it simulated nothing or is not the fields' plan.
func (c *Plan) handoff() *handoff {
	if c.job != nil || c.err != nil || c.sims == nil {
		return nil
	}
	return &handoff{View: "plan", Question: questionText(c.sims.in), Times: c.sims.times}
}

// planSims are the simulations on a fabric of the plan a Plan shows: its
// input and the times plan.Run simulated (plan.Run.Times).
type planSims struct {
	in    plan.Input
	times []float64
}
