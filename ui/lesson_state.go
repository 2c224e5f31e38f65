package ui

import "github.com/ccplay/ccplay/core/question"

// LoadQuestion makes fields the whole question, as a lesson's view states
// it: every control field back to the CLI's default, then each field set
// as the learner would set it (a preset hands its class's bandwidth and
// latency to it). The views' positions reset (Edits).
func (s *State) LoadQuestion(fields []Field) {
	defer s.guard()
	for _, f := range ControlFields {
		s.text[f], s.given[f] = question.Default(f), false
	}
	for _, f := range fields {
		if _, ok := s.text[f.Key]; ok {
			s.text[f.Key] = f.Value
			s.markGiven(f.Key, f.Value)
		}
	}
	s.edits++
	s.recompute()
}
