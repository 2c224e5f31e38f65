package ui

import "github.com/ccplay/ccplay/core/msg"

// say is a message of core in the page's language; "" for the zero
// Message (a text core did not write).
func (s *State) say(m msg.Message) string {
	if m.ID == "" {
		return ""
	}
	return m.In(s.Lang)
}

// Formula, FormulaNumbers and Note are the result's closed form, the form
// with the question's numbers and its note, in the page's language. The
// form writes the message size M, as the page's labels and the lecture
// do (core's formulas call it S, docs/conventions.md).
func (s *State) Formula() string        { return sizeAsM(s.say(s.R.FormulaMsg)) }
func (s *State) FormulaNumbers() string { return s.say(s.R.FormulaNumbersMsg) }
func (s *State) Note() string           { return s.say(s.R.NoteMsg) }

// Source is where the result's closed form comes from, in the page's
// language (papers keep their titles).
func (s *State) Source() string { return s.say(s.R.SourceMsg) }

// sizeAsM is formula f with its size symbol S written M: every S that is
// not part of a word ("GPUs", "ReduceScatter" keep theirs). O(len(f)).
func sizeAsM(f string) string {
	b := []byte(f)
	for i, c := range b {
		if c == 'S' && (i == 0 || !isLetter(b[i-1])) && (i+1 == len(b) || !isLetter(b[i+1])) {
			b[i] = 'M'
		}
	}
	return string(b)
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
