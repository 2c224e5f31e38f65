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
// with the question's numbers and its note, in the page's language.
func (s *State) Formula() string        { return s.say(s.R.FormulaMsg) }
func (s *State) FormulaNumbers() string { return s.say(s.R.FormulaNumbersMsg) }
func (s *State) Note() string           { return s.say(s.R.NoteMsg) }
