package field

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Form reads the fields of one question. Each reader takes a field's text
// (or its default when it is not given), records the accepted value with
// its source in In, or the refusal in Errs, and returns the value (the
// zero value when refused), so a question reads every field and reports
// every bad one in a single pass.
//
// Invariants: a field is in at most one of In and Errs; Errs holds at most
// one error per field, the first; a reader never panics on any text.
type Form struct {
	get      Lookup
	defaults map[string]string
	In       Inputs
	Errs     fielderr.List
}

// NewForm returns a form over get whose fields default to defaults' texts.
func NewForm(get Lookup, defaults map[string]string) *Form {
	if get == nil {
		get = Map(nil)
	}
	return &Form{get: get, defaults: defaults, In: Inputs{}}
}

// Given reports whether field name was given (present, even if empty).
func (f *Form) Given(name string) bool { _, ok := f.get(name); return ok }

// Raw is name's given text, trimmed, and whether it was given.
func (f *Form) Raw(name string) (string, bool) {
	v, ok := f.get(name)
	return strings.TrimSpace(v), ok
}

// text is name's text and its source: the given text, or the default.
func (f *Form) text(name string) (string, Source) {
	if v, ok := f.Raw(name); ok {
		return v, Given
	}
	return f.defaults[name], Default
}

// Default is name's default text ("" if it has none).
func (f *Form) Default(name string) string { return f.defaults[name] }

// Bad reports whether name has been refused.
func (f *Form) Bad(name string) bool { return f.Errs.Has(name) }

// OK reports whether every name given has been accepted (none refused).
func (f *Form) OK(names ...string) bool {
	for _, n := range names {
		if f.Bad(n) {
			return false
		}
	}
	return true
}

// Fail records err (a *fielderr.Error or a List names its fields; any
// other error is question-wide) and drops the inputs of the fields it
// refuses.
func (f *Form) Fail(err error) {
	for _, e := range fielderr.All(err) {
		delete(f.In, e.Field)
	}
	f.Errs.Add(err)
}

// Set records value as name's input from source (a value derived from
// other fields, or supplied by a preset or system), replacing what a
// reader recorded.
func (f *Form) Set(name string, value any, from Source) {
	if !f.Bad(name) {
		f.In[name] = Input{Value: value, From: from}
	}
}

// From is the source of name's accepted value ("" when it has none).
func (f *Form) From(name string) Source { return f.In[name].From }

// Err is nil when no field was refused, the single error, or the List.
func (f *Form) Err() error { return f.Errs.Err() }

// read parses name's text with parse; on success it records the value.
func read[T any](f *Form, name string, parse func(string) (T, error)) T {
	s, from := f.text(name)
	v, err := parse(s)
	if err != nil {
		f.Fail(fielderr.On(name, err))
		var zero T
		return zero
	}
	f.In[name] = Input{Value: v, From: from}
	return v
}
