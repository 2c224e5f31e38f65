package ui

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Controls is the view with every input of the cost question. Its inputs
// carry data-field="<field>" and no Vugu handler: the browser adapter
// (wasm/app) listens for input and change events on the document and calls
// State.SetField, which skips Vugu's per-event summary of every property of
// the event and its target (several ms per keystroke).
type Controls struct {
	S *State `vugu:"data"`
}

// Option is one entry of a select.
type Option struct {
	Value, Label string
	Selected     bool
	Disabled     bool
}

// allAlgorithms lists every algorithm id in the CLI's order.
var allAlgorithms = []sched.Algorithm{sched.Auto, sched.Naive, sched.Ring, sched.Tree, sched.Binomial,
	sched.RecursiveDoubling, sched.RecursiveHalving, sched.Rabenseifner, sched.Bruck, sched.Pairwise,
	sched.ScatterAllgather, sched.Hierarchical}

// CollectiveOptions lists the collectives for the select.
func (s *State) CollectiveOptions() []Option {
	var out []Option
	for _, c := range prim.Collectives() {
		out = append(out, Option{Value: string(c), Label: s.T("coll." + string(c)), Selected: s.text["collective"] == string(c)})
	}
	return out
}

// AlgorithmOptions lists every algorithm; those that cannot run the chosen
// collective are disabled (core's sched.Check decides).
func (s *State) AlgorithmOptions() []Option {
	c := s.P.Collective
	if pc, err := prim.ParseCollective(s.text["collective"]); err == nil {
		c = pc
	}
	var out []Option
	for _, a := range allAlgorithms {
		out = append(out, Option{Value: string(a), Label: s.T("alg." + string(a)),
			Selected: s.text["algorithm"] == string(a), Disabled: sched.Check(c, a) != nil})
	}
	return out
}

// DTypeOptions lists nccl-tests' element types.
func (s *State) DTypeOptions() []Option {
	var out []Option
	for _, d := range cost.DTypes() {
		out = append(out, Option{Value: d.Name, Label: d.Name, Selected: s.text["dtype"] == d.Name})
	}
	return out
}

// FieldClass is the CSS class of the control for field f.
func (s *State) FieldClass(f string) string {
	if s.Field == f {
		return "field bad"
	}
	return "field"
}

// TextFields are the free-text controls, in display order.
var TextFields = []string{"ranks", "size", "bandwidth", "efficiency", "latency", "gamma", "root", "chunks", "gpus-per-node"}

// TextFieldList lists the free-text controls (for the template).
func (s *State) TextFieldList() []string { return TextFields }

// AllowedFor is the short "accepted input" hint of field f.
func (s *State) AllowedFor(f string) string { return s.T("hint." + f) }

// ErrText is the inline message for field f: the core's own message (which
// names what is accepted; see ErrMsg for its language), prefixed in the
// current language; the prefix also carries the field's hint (what it
// accepts), which the error replaces under the field. Fields without a
// hint get the plain prefix.
func (s *State) ErrText(f string) string {
	if s.Field != f {
		return ""
	}
	if hint := s.AllowedFor(f); hint != "hint."+f {
		return s.Tf("err.with", hint, s.ErrMsg(s.err))
	}
	return s.T("err.prefix") + s.ErrMsg(s.err)
}

// GeneralErr is an error not tied to a control field ("" if none).
func (s *State) GeneralErr() string {
	if s.Err != "" && s.text[s.Field] == "" && !isControl(s.Field) {
		return s.ErrMsg(s.err)
	}
	return ""
}

func isControl(f string) bool {
	for _, x := range ControlFields {
		if x == f {
			return true
		}
	}
	return false
}
