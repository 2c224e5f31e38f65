package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/request"
	"github.com/ccplay/ccplay/core/topo"
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

// lookup is the request.Lookup of the controls: bandwidth and latency
// fields count as given only when the URL or the learner gave them (so a
// preset supplies the others, as on the CLI); optional fields without a
// default (presets, slow-*) count as given when not empty. O(1).
func (s *State) lookup(f string) (string, bool) { return lookupIn(s.text, s.given, f) }

// lookupIn is lookup over the texts and given marks of one state (the
// current one or the last valid one). With a system, gpus-per-node counts
// as given only when the URL or the learner gave it (the system supplies
// it otherwise, as on the CLI).
func lookupIn(text map[string]string, given map[string]bool, f string) (string, bool) {
	v, ok := text[f]
	if !ok {
		return "", false
	}
	if _, isLink := linkField(f); isLink || (f == "gpus-per-node" && text["system"] != "") {
		return v, given[f]
	}
	if v == "" && request.Default(f) == "" {
		return "", false
	}
	return v, true
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

// syncPresets shows, in every bandwidth and latency field not given, the
// value the question uses: its class's preset's (core's topo table) or
// the CLI's default. O(presets).
func (s *State) syncPresets() {
	for _, c := range linkClasses {
		pr, err := topo.LookupPreset(c.preset, s.text[c.preset])
		has := s.text[c.preset] != "" && err == nil
		if !s.given[c.bw] {
			s.text[c.bw] = request.Default(c.bw)
			if has {
				s.text[c.bw] = units.Bandwidth(pr.Bandwidth).String()
			}
		}
		if !s.given[c.lat] {
			s.text[c.lat] = request.Default(c.lat)
			if has {
				s.text[c.lat] = units.Duration(pr.Latency).String()
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
	return alwaysInURL[f] || text[f] != request.Default(f)
}

// syncSystem shows, in the fields a system supplies and the learner did
// not set, the values the question uses (the system's node layout and
// link rates), as syncPresets does for a link preset.
func (s *State) syncSystem() {
	if s.text["system"] == "" {
		return
	}
	if !s.given["gpus-per-node"] {
		s.text["gpus-per-node"] = strconv.Itoa(s.P.GPUsPerNode)
	}
	if !s.given["bandwidth"] && s.text["preset"] == "" {
		s.text["bandwidth"] = units.Bandwidth(s.P.Bandwidth).String()
	}
	if !s.given["intra-bandwidth"] && s.text["intra-preset"] == "" && s.P.GPUsPerNode > 0 {
		s.text["intra-bandwidth"] = units.Bandwidth(s.P.IntraBandwidth).String()
	}
}
