package prim

import "fmt"

// FieldError is a bad value in a named input field. Field uses the CLI's and
// the API's names ("ranks", "root", "counts", …); Msg says what is wrong
// and what is accepted, in English.
//
// What Msg is made of travels with it, so a front end can say it in another
// language: for an error built by Errorf, Msg == fmt.Sprintf(Format,
// Args...) (a translation keyed by Format takes the same Args); for one
// wrapping a parser's error (OnField), Msg == Cause.Error() and Format is
// empty. Both are empty for a FieldError written out by hand.
type FieldError struct {
	Field  string
	Msg    string
	Format string
	Args   []any
	Cause  error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Msg }

// Unwrap returns the parser error the message wraps, or nil.
func (e *FieldError) Unwrap() error { return e.Cause }

// Errorf returns a *FieldError for field with the message
// fmt.Sprintf(format, args...).
func Errorf(field, format string, args ...any) error {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// OnField returns err as a *FieldError on field name: a *FieldError (on
// any field) keeps its message and what it is made of, any other error
// becomes the Cause of the message. err must not be nil.
func OnField(name string, err error) *FieldError {
	if fe, ok := err.(*FieldError); ok {
		c := *fe
		c.Field = name
		return &c
	}
	return &FieldError{Field: name, Msg: err.Error(), Cause: err}
}
