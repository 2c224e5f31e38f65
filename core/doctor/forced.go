package doctor

import (
	"strings"

	"github.com/ccplay/ccplay/core/nccltests"
)

// knobField is the cost question's field of each NCCL variable the
// expectation honours.
var knobField = map[string]string{"NCCL_ALGO": "nccl-algo", "NCCL_PROTO": "nccl-proto", "NCCL_BUFFSIZE": "nccl-buffsize"}

// forcedKnobs are the NCCL_ALGO, NCCL_PROTO and NCCL_BUFFSIZE a run had: the options'
// (set outside the log) over the log's own last setting of each. A value
// from the log that NCCL's model does not accept on this system is left
// out (the Forced cause still names it). O(settings).
func forcedKnobs(ev *nccltests.Evidence, o Options) []Knob {
	var out []Knob
	for _, k := range []struct{ name, given string }{{"NCCL_ALGO", o.NCCLAlgo}, {"NCCL_PROTO", o.NCCLProto}, {"NCCL_BUFFSIZE", o.NCCLBuffSize}} {
		if v := strings.TrimSpace(k.given); v != "" {
			out = append(out, Knob{Name: k.name, Value: v})
			continue
		}
		s := ev.Setting(k.name)
		if s == nil || strings.TrimSpace(s.Value) == "" {
			continue
		}
		if checkKnob(knobField[k.name], s.Value) == nil {
			kn := Knob{Name: k.name, Value: strings.TrimSpace(s.Value), Line: s.Line}
			if s.Source == nccltests.SourceOFI {
				kn.Plugin = s.Source
			}
			out = append(out, kn)
		}
	}
	return out
}

// forcedNote compares a forced expectation with NCCL's own choice: the
// peak busbw each gives, so the verdict says what forcing costs (or
// gains). nil when nothing is forced or either peak is unknown.
func forcedNote(b *Basis) *Note {
	if len(b.Forced) == 0 {
		return nil
	}
	_, forced, err := b.peak()
	if err != nil || !(forced > 0) {
		return nil
	}
	free := *b
	free.params.NCCL.Algo, free.params.NCCL.Proto, free.params.NCCL.BuffSize = "", "", 0
	e, own, err := free.peak()
	if err != nil || !(own > 0) {
		return nil
	}
	choice := e.Algorithm
	if e.Protocol != "" {
		choice += "/" + e.Protocol
	}
	n := note(0, say("doctor.note.forced", forced, choice, own))
	return &n
}

// choiceKnobs lists the forced NCCL_ALGO and NCCL_PROTO as NAME=value,
// comma-separated in the order of knobs; "" when neither is forced.
func choiceKnobs(knobs []Knob) string {
	var set []string
	for _, k := range knobs {
		if k.Name == "NCCL_ALGO" || k.Name == "NCCL_PROTO" {
			set = append(set, k.Name+"="+k.Value)
		}
	}
	return strings.Join(set, ", ")
}
