package ui

import (
	"fmt"

	"github.com/ccplay/ccplay/core/cost"
)

// memo caches the expensive answers (schedules, ledgers, charts, tables)
// of the last valid question, so a re-render that changes nothing in the
// question does not rebuild them. Keyed by the question (P) and the
// language; a view whose answer depends on its own state too puts that in
// the name. Cleared on a recovered panic.
type memo struct {
	key  string
	vals map[string]any
	// p and lang are the question and language key was made for: key is
	// formatted again only when they change (a render asks the memo tens
	// of times, and formatting Params each time cost milliseconds in wasm).
	p    cost.Params
	lang string
	// unsettled is set by a value computed in place of one still to come
	// (deferLedger): no value computed from it is kept.
	unsettled bool
	// deferred is set when a render left the question's schedule and
	// ledger to the page's completion (deferLedger).
	deferred bool
	// kept is the ledger last shown, kept across questions (keepLedger).
	kept keptLedger
}

// cached returns the value of name for the current question, computing it
// with f on a miss. A value whose computation met a stand-in (memo's
// unsettled) is returned but not kept, so the next render computes it again.
func (s *State) cached(name string, f func() any) any {
	if s.memo.vals == nil || s.memo.p != s.P || s.memo.lang != s.Lang {
		k := fmt.Sprintf("%+v|%s", s.P, s.Lang)
		if s.memo.key != k || s.memo.vals == nil {
			s.memo = memo{key: k, vals: map[string]any{}, kept: s.memo.kept}
		}
		s.memo.p, s.memo.lang = s.P, s.Lang
	}
	if v, ok := s.memo.vals[name]; ok {
		return v
	}
	outer := s.memo.unsettled
	s.memo.unsettled = false
	v := f()
	if !s.memo.unsettled {
		s.memo.vals[name] = v
	}
	s.memo.unsettled = s.memo.unsettled || outer
	return v
}
