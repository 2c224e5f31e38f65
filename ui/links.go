package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/field"

	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/units"
)

// linkClass is one link class's fields: a preset and the bandwidth and
// latency it stands for unless they are given explicitly (request's rule:
// a field given explicitly wins over the preset).
type linkClass struct{ preset, bw, lat string }

// linkClasses are the network link and the intra-node link.
var linkClasses = []linkClass{{"preset", "bandwidth", "latency"}, {"intra-preset", "intra-bandwidth", "intra-latency"}}

// linkField reports the class of a bandwidth or latency field.
func linkField(f string) (linkClass, bool) {
	for _, c := range linkClasses {
		if f == c.bw || f == c.lat {
			return c, true
		}
	}
	return linkClass{}, false
}

// lookup is the field.Lookup of the controls: the fields the URL or the
// learner gave, except empty optional ones (a preset, a system or a
// slowdown left unset). The question layer supplies the rest. O(1).
func (s *State) lookup(f string) (string, bool) {
	v, ok := s.text[f]
	if !ok || !s.given[f] || (strings.TrimSpace(v) == "" && question.Default(f) == "") {
		return "", false
	}
	return v, true
}

// showInputs shows, in every field the learner did not give, the value the
// question used (its default, its link preset's or its system's: inputs).
// O(fields).
func (s *State) showInputs() {
	for _, f := range ControlFields {
		in, ok := s.inputs[f]
		if s.given[f] || !ok {
			continue
		}
		s.text[f] = shown(f, in)
	}
}

// shown is the text of an input the learner did not give: a default as the
// question layer writes it, a bandwidth or latency from a preset or
// system in units that parse back to the same value.
func shown(f string, in field.Input) string {
	if in.From == field.Default && question.Default(f) != "" {
		return question.Default(f)
	}
	switch v := in.Value.(type) {
	case float64:
		if _, ok := linkField(f); ok && strings.HasSuffix(f, "latency") {
			return units.Duration(v).String()
		}
		if _, ok := linkField(f); ok {
			return units.Bandwidth(v).String()
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case string:
		return v
	}
	return fmt.Sprint(in.Value)
}

// From is where the value shown in field f came from when the learner did
// not give it and a preset or system supplied it, in the page's language
// ("" otherwise): "system dgx-h200".
func (s *State) From(f string) string {
	if s.given[f] {
		return ""
	}
	return s.sourceOf(f)
}

// markGiven records that the learner set field f to v. Choosing a preset
// hands its class's bandwidth and latency back to it; choosing "custom"
// keeps the values shown as given; editing a bandwidth or latency of a
// class with a preset leaves the preset (the values shown become given).
func (s *State) markGiven(f, v string) {
	s.given[f] = true
	if f == "system" {
		// A system stands for the node layout and both links unless the
		// learner sets them again.
		for _, g := range []string{"gpus-per-node", "bandwidth", "intra-bandwidth", "intra-latency"} {
			s.given[g] = false
		}
		s.text["preset"], s.text["intra-preset"] = "", ""
		return
	}
	for _, c := range linkClasses {
		switch f {
		case c.preset:
			s.given[c.bw], s.given[c.lat] = v == "", v == ""
		case c.bw, c.lat:
			if s.text[c.preset] != "" {
				s.given[c.bw], s.given[c.lat] = true, true
				s.text[c.preset] = ""
			}
		}
	}
}

// inQuery reports whether field f goes into the URL: a bandwidth or
// latency when given (the network's always when it has no preset), the
// six main fields always, the others when they differ from the defaults.
func (s *State) inQuery(f string) bool { return inQuery(s.text, s.given, f) }

// inQuery is State.inQuery over one state's texts and given marks. With a
// system, the fields it supplies (gpus-per-node, the links' bandwidths)
// go into the URL only when given.
func inQuery(text map[string]string, given map[string]bool, f string) (ok bool) {
	if text["system"] != "" {
		switch f {
		case "gpus-per-node", "bandwidth", "intra-bandwidth":
			return given[f]
		}
	}
	if c, ok := linkField(f); ok {
		return given[f] || (alwaysInURL[f] && text[c.preset] == "")
	}
	return alwaysInURL[f] || text[f] != question.Default(f)
}
