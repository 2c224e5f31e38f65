// Package fielderr is the input-error type every face shares: a bad value
// in a named field (the CLI flag, the API parameter, the playground's
// control), with what its English message is made of so that a front end
// can say it in another language.
package fielderr

import "fmt"

// Error is a bad value in a named input field. Field uses the CLI's and
// the API's names ("ranks", "root", "counts", …); Msg says what is wrong
// and what is accepted, in English.
//
// What Msg is made of travels with it, so a front end can say it in another
// language: for an error built by Errorf, Msg == fmt.Sprintf(Format,
// Args...) (a translation keyed by Format takes the same Args); for one
// wrapping a parser's error (On), Msg == Cause.Error() and Format is
// empty. Both are empty for an Error written out by hand.
type Error struct {
	Field  string
	Msg    string
	Format string
	Args   []any
	Cause  error
}

func (e *Error) Error() string { return e.Field + ": " + e.Msg }

// Unwrap returns the parser error the message wraps, or nil.
func (e *Error) Unwrap() error { return e.Cause }

// Errorf returns a *Error for field with the message
// fmt.Sprintf(format, args...).
func Errorf(field, format string, args ...any) error {
	return &Error{Field: field, Msg: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// On returns err as a *Error on field name: a *Error (on
// any field) keeps its message and what it is made of, any other error
// becomes the Cause of the message. err must not be nil.
func On(name string, err error) *Error {
	if fe, ok := err.(*Error); ok {
		c := *fe
		c.Field = name
		return &c
	}
	return &Error{Field: name, Msg: err.Error(), Cause: err}
}
