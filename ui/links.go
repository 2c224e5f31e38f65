package ui

import (
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
func (s *State) lookup(f string) (string, bool) {
	v, ok := s.text[f]
	if !ok {
		return "", false
	}
	if _, isLink := linkField(f); isLink {
		return v, s.given[f]
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
func (s *State) inQuery(f string) bool {
	if c, ok := linkField(f); ok {
		return s.given[f] || (alwaysInURL[f] && s.text[c.preset] == "")
	}
	return alwaysInURL[f] || s.text[f] != request.Default(f)
}
