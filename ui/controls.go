package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// Controls is the view with every input of the cost question. Its inputs
// carry data-field="<field>" and no Vugu handler: the browser adapter
// (wasm/app) listens for input and change events on the document and calls
// State.SetField, which skips Vugu's per-event summary of every property of
// the event and its target (several ms per keystroke).
type Controls struct {
	S *State `vugu:"data"`
}

// CollectiveOptions lists the collectives for the select.
func (c *Controls) CollectiveOptions() []Option {
	s := c.S
	var out []Option
	for _, coll := range prim.Collectives() {
		out = append(out, Option{Value: string(coll), Label: s.CollName(string(coll)), Selected: s.text["collective"] == string(coll)})
	}
	return out
}

// AlgorithmOptions lists auto and every algorithm of the registry; those that cannot run the chosen
// collective are disabled (core's sched.Check decides).
func (c *Controls) AlgorithmOptions() []Option {
	s := c.S
	coll := s.P.Collective
	if pc, err := prim.ParseCollective(s.text["collective"]); err == nil {
		coll = pc
	}
	var out []Option
	for _, a := range sched.Choices() {
		out = append(out, Option{Value: string(a), Label: s.AlgName(string(a)),
			Selected: s.text["algorithm"] == string(a), Disabled: sched.Check(coll, a) != nil})
	}
	return out
}

// DTypeOptions lists nccl-tests' element types.
func (c *Controls) DTypeOptions() []Option {
	s := c.S
	var out []Option
	for _, d := range cost.DTypes() {
		out = append(out, Option{Value: d.Name, Label: d.Name, Selected: s.text["dtype"] == d.Name})
	}
	return out
}

// FieldClass is the CSS class of the control for field f.
func (c *Controls) FieldClass(f string) string {
	s := c.S
	if s.fieldErr(f) != nil {
		return "field bad"
	}
	return "field"
}

// TextFields are the free-text controls, in display order.
var TextFields = []string{"ranks", "size", "bandwidth", "efficiency", "latency", "gamma", "root", "chunks", "gpus-per-node"}

// TextFieldList lists the free-text controls the selected view uses (for
// the template).
func (c *Controls) TextFieldList() []string { return c.shown(TextFields) }

// shown is the fields of list that the controls show for the view.
func (c *Controls) shown(list []string) []string {
	var out []string
	for _, f := range list {
		if c.S.Shows(f) {
			out = append(out, f)
		}
	}
	return out
}

// Invalid is aria-invalid of field f's input ("true" or "false").
func (c *Controls) Invalid(f string) string { return strconv.FormatBool(c.S.fieldErr(f) != nil) }

// KnobFields are NCCL's free-text knobs, in display order.
var KnobFields = []string{"nccl-algo", "nccl-proto", "nccl-channels", "nccl-buffsize"}

// KnobFieldList lists NCCL's knobs the view shows.
func (c *Controls) KnobFieldList() []string { return c.shown(KnobFields) }

// SystemOptions lists core's whole-system presets (topo.Systems), with
// "none" (the question's own links) first.
func (c *Controls) SystemOptions() []Option {
	s := c.S
	cur := s.text["system"]
	out := []Option{{Value: "", Label: s.T("system.none"), Selected: cur == ""}}
	for _, sys := range topo.Systems() {
		out = append(out, Option{Value: sys.Name, Label: sys.Name + " — " + s.systemLabel(sys), Selected: cur == sys.Name})
	}
	return out
}

// CollNetOptions are NCCL_COLLNET_ENABLE's choices: NCCL's default (unset),
// 0 and 1.
func (c *Controls) CollNetOptions() []Option {
	s := c.S
	cur := s.text["nccl-collnet"]
	return []Option{
		{Value: "", Label: s.T("collnet.default"), Selected: cur == ""},
		{Value: "0", Label: "0 · " + s.T("collnet.off"), Selected: cur == "0"},
		{Value: "1", Label: "1 · " + s.T("collnet.on"), Selected: cur == "1"},
	}
}

// AllowedFor is the short "accepted input" hint of field f, after where
// the value shown came from when a preset or system supplied it
// ("system dgx-h200 · e.g. 50GB/s, 400Gbps").
func (c *Controls) AllowedFor(f string) string {
	if from := c.S.From(f); from != "" {
		return from + " · " + c.S.T("hint."+f)
	}
	return c.S.T("hint." + f)
}

// ErrText is the inline message for field f: the core's own message (which
// names what is accepted; see ErrMsg for its language), prefixed in the
// current language; the prefix also carries the field's hint (what it
// accepts), which the error replaces under the field. Fields without a
// hint get the plain prefix.
func (s *State) ErrText(f string) string {
	err := s.fieldErr(f)
	if err == nil {
		return ""
	}
	if hint := s.T("hint." + f); hint != "hint."+f {
		return s.Tf("err.with", hint, s.ErrMsg(err))
	}
	return s.T("err.prefix") + s.ErrMsg(err)
}

// GeneralErr is an error not tied to a control field ("" if none).
func (c *Controls) GeneralErr() string {
	s := c.S
	if s.general != nil {
		return s.ErrMsg(s.general)
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

// ShowIntra reports whether the intra-node link's controls are on screen:
// with GPUs per node, or while one of them holds an error to fix.
func (c *Controls) ShowIntra() bool {
	s := c.S
	if !s.Shows("intra-preset") && len(c.IntraFieldList()) == 0 {
		return false
	}
	if g := s.text["gpus-per-node"]; g != "0" && g != "" {
		return true
	}
	for _, f := range []string{"intra-preset", "intra-bandwidth", "intra-latency"} {
		if s.fieldErr(f) != nil {
			return true
		}
	}
	return false
}

// LinkPresetOptions lists core's link presets (topo.PresetNames, the
// lecture's pyramid) for the select of preset field f, with "custom" first.
func (c *Controls) LinkPresetOptions(f string) []Option {
	s := c.S
	cur := s.text[f]
	out := []Option{{Value: "", Label: s.T("preset.custom"), Selected: cur == ""}}
	for _, n := range topo.PresetNames() {
		out = append(out, Option{Value: n, Label: s.T("preset." + n), Selected: cur == n})
	}
	return out
}

// ModelOptions lists the cost models (request's "model" field).
func (c *Controls) ModelOptions() []Option {
	s := c.S
	var out []Option
	for _, m := range cost.CostModels() {
		out = append(out, Option{Value: m, Label: s.T("model." + m), Selected: s.text["model"] == m})
	}
	return out
}

// IntraFields and SlowFields are the free-text controls of the intra-node
// link and of a straggler, in display order.
var (
	IntraFields = []string{"intra-bandwidth", "intra-latency"}
	SlowFields  = []string{"slow-rank", "slow-factor", "slow-link"}
)

// IntraFieldList and SlowFieldList are the lists for the template.
func (c *Controls) IntraFieldList() []string { return c.shown(IntraFields) }

// SlowFieldList lists the straggler's fields (for the template).
func (c *Controls) SlowFieldList() []string { return c.shown(SlowFields) }
