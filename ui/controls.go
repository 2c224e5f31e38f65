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

// Preset is one tier of the lecture's bandwidth pyramid (§1.2) as a link
// preset: its per-direction bandwidth and a typical latency.
type Preset struct {
	ID        string
	Bandwidth string // per direction, as the bandwidth field accepts it
	Latency   string
	Lecture   string // the lecture's figure, as printed there
	Note      string // catalog key of the per-direction note ("" if none)
}

// Presets are the link presets, fastest first. NVLink 4's 900 GB/s is the
// bidirectional total; the preset uses 450 GB/s per direction (SEED-DIGEST §1.2).
var Presets = []Preset{
	{ID: "nvlink4", Bandwidth: "450GB/s", Latency: "1us", Lecture: "900 GB/s", Note: "preset.note.bidir"},
	{ID: "nvlink3", Bandwidth: "300GB/s", Latency: "1us", Lecture: "600 GB/s", Note: "preset.note.bidir"},
	{ID: "pcie5", Bandwidth: "64GB/s", Latency: "2us", Lecture: "64 GB/s"},
	{ID: "ib400", Bandwidth: "400Gbps", Latency: "5us", Lecture: "50 GB/s (400 Gbps)"},
	{ID: "eth", Bandwidth: "25GB/s", Latency: "10us", Lecture: "10–25 GB/s"},
}

// PresetOptions lists the presets; the one matching the current bandwidth
// and latency text is selected, else the "custom" entry.
func (s *State) PresetOptions() []Option {
	out := []Option{{Value: "", Label: s.T("preset.custom")}}
	any := false
	for _, p := range Presets {
		sel := s.text["bandwidth"] == p.Bandwidth && s.text["latency"] == p.Latency
		any = any || sel
		out = append(out, Option{Value: p.ID, Label: s.T("preset." + p.ID), Selected: sel})
	}
	out[0].Selected = !any
	return out
}

// SetPreset sets bandwidth and latency from preset id (unknown ids are ignored).
func (s *State) SetPreset(id string) {
	defer s.guard()
	for _, p := range Presets {
		if p.ID == id {
			s.text["bandwidth"] = p.Bandwidth
			s.text["latency"] = p.Latency
			s.recompute()
		}
	}
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
// names what is accepted), prefixed in the current language.
func (s *State) ErrText(f string) string {
	if s.Field != f {
		return ""
	}
	return s.T("err.prefix") + s.Err
}

// GeneralErr is an error not tied to a control field ("" if none).
func (s *State) GeneralErr() string {
	if s.Err != "" && s.text[s.Field] == "" && !isControl(s.Field) {
		return s.Err
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
