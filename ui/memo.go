package ui

import "fmt"

// memo caches the expensive answers (schedules, ledgers, charts, tables)
// of the last valid question, so a re-render that changes nothing in the
// question does not rebuild them. Keyed by the question (P) and the
// language; a view whose answer depends on its own state too puts that in
// the name. Cleared on a recovered panic.
type memo struct {
	key  string
	vals map[string]any
}

// cached returns the value of name for the current question, computing it
// with f on a miss.
func (s *State) cached(name string, f func() any) any {
	k := fmt.Sprintf("%+v|%s", s.P, s.Lang)
	if s.memo.key != k || s.memo.vals == nil {
		s.memo = memo{key: k, vals: map[string]any{}}
	}
	if v, ok := s.memo.vals[name]; ok {
		return v
	}
	v := f()
	s.memo.vals[name] = v
	return v
}
