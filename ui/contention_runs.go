package ui

import (
	"errors"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/lecture"
)

// contentionRuns are the simulated runs of the lessons' contention
// questions and figure (lecture.FabricContention), each simulated once per
// page, and the runs a render asked for but did not find (wanted). On a
// page that completes in the background (CompleteInBackground) a render
// never simulates: it records what it lacks and shows its pending state;
// the page's completion simulates the runs in slices (SimulateContention)
// and keeps them (KeepContention) before it re-renders.
type contentionRuns struct {
	memo   lecture.ContentionMemo
	wanted []cost.Params
}

// errPending is a contention answer whose runs the completion still
// simulates.
var errPending = errors.New("ui: contention runs pending")

// contentionOf is lecture's FabricContention of p's cases at ratios from
// the page's runs. On a page that completes in the background, pending
// reports that some runs are not simulated yet: they are left to the
// completion (a caller keeps nothing computed from the pending answer). Elsewhere
// (the server's rendering, native faces, tests) the runs are simulated at
// once.
func (s *State) contentionOf(p cost.Params, cases []lecture.ContentionCase, ratios []float64) (ct lecture.Contention, pending bool, err error) {
	r := &s.fabricRuns
	if s.background {
		miss, err := r.memo.Missing(p, cases, ratios)
		if err != nil {
			return lecture.Contention{}, false, err
		}
		if len(miss) > 0 {
			for _, q := range miss {
				if !wants(r.wanted, q) {
					r.wanted = append(r.wanted, q)
				}
			}
			return lecture.Contention{}, true, nil
		}
	}
	ct, err = r.memo.FabricContention(p, cases, ratios)
	return ct, false, err
}

// wants reports whether qs holds q.
func wants(qs []cost.Params, q cost.Params) bool {
	for _, x := range qs {
		if x == q {
			return true
		}
	}
	return false
}

// ContentionWanted takes the runs the renders since the last call left to
// the page's completion (none: nil). Under the event lock.
func (s *State) ContentionWanted() []cost.Params {
	w := s.fabricRuns.wanted
	s.fabricRuns.wanted = nil
	return w
}

// SimulateContention simulates one run ContentionWanted named, calling
// yield between its schedule's rounds. It reads nothing of s: call it
// without the event lock, from the completion's goroutine.
func SimulateContention(q cost.Params, yield func()) lecture.ContentionRun {
	return lecture.SimulateRun(q, yield)
}

// KeepContention keeps runs SimulateContention simulated, for the renders
// that follow. Under the event lock, before the re-render.
func (s *State) KeepContention(runs []lecture.ContentionRun) {
	for _, x := range runs {
		s.fabricRuns.memo.Keep(x)
	}
}
