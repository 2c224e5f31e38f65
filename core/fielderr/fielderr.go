// Package fielderr is the input-error type every face shares: a bad value
// in a named field (the CLI flag, the API parameter, the playground's
// control) with a message by ID (core/msg), so each face says it in its
// own language and words, and List, every bad field of one question.
package fielderr

import (
	"strings"

	"github.com/ccplay/ccplay/core/msg"
)

// Error is a bad value in a named input field. Field uses the question's
// field names ("ranks", "root", "counts", …), the same on every face; ID
// and Args say what is wrong and what is accepted (msg.New(ID, Args...));
// Msg is that message in English. Error() is "field: Msg". An Error made
// by On from an error that carries no message has no ID: Msg is that
// error's text (a face's own English, such as the CLI's advice) and Cause
// the error.
type Error struct {
	Field string
	Msg   string
	ID    msg.ID
	Args  []any
	Cause error
}

// New returns the error for field with the message id and its args.
func New(field string, id msg.ID, args ...any) *Error {
	m := msg.New(id, args...)
	return &Error{Field: field, Msg: m.String(), ID: id, Args: args}
}

func (e *Error) Error() string { return e.Field + ": " + e.Msg }

// Reason is the message without the field, in lang.
func (e *Error) Reason(lang string) string {
	if e.ID != "" {
		return msg.New(e.ID, e.Args...).In(lang)
	}
	return e.Msg
}

// Message is the error's message (msg.Localized); for one without an ID,
// its English text under the ID "text".
func (e *Error) Message() msg.Message {
	if e.ID != "" {
		return msg.New(e.ID, e.Args...)
	}
	return msg.New("text", e.Msg)
}

// Unwrap returns the parser error the message wraps, or nil.
func (e *Error) Unwrap() error { return e.Cause }

// On returns err as a *Error on field name: a *Error (on any field) keeps
// its message, an error carrying a msg.Message keeps that message as its
// own, any other error becomes the Cause of an English message. err must
// not be nil.
func On(name string, err error) *Error {
	if fe, ok := err.(*Error); ok {
		c := *fe
		c.Field = name
		return &c
	}
	if m, ok := msg.Of(err); ok {
		return &Error{Field: name, Msg: m.String(), ID: m.ID, Args: m.Args, Cause: err}
	}
	return &Error{Field: name, Msg: err.Error(), Cause: err}
}

// List is every bad field of one question, in the order the fields are
// read; a field appears at most once (its first error).
type List []*Error

// Error names every field with its English message, "; "-separated.
func (l List) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

// Fields are the names of the bad fields, in order.
func (l List) Fields() []string {
	out := make([]string, len(l))
	for i, e := range l {
		out[i] = e.Field
	}
	return out
}

// Has reports whether field is among the bad ones.
func (l List) Has(field string) bool {
	for _, e := range l {
		if e.Field == field {
			return true
		}
	}
	return false
}

// Add appends err unless its field already has one. A non-*Error err is
// kept on the field "" (a question-wide error). Add(nil) does nothing.
func (l *List) Add(err error) {
	if err == nil {
		return
	}
	if more, ok := err.(List); ok {
		for _, e := range more {
			l.Add(e)
		}
		return
	}
	fe, ok := err.(*Error)
	if !ok {
		fe = On("", err)
	}
	if l.Has(fe.Field) {
		return
	}
	*l = append(*l, fe)
}

// Err is l as an error: nil when empty, the single *Error when there is
// one, the List otherwise.
func (l List) Err() error {
	switch len(l) {
	case 0:
		return nil
	case 1:
		return l[0]
	}
	return l
}

// All returns the field errors err holds: a List's, a single *Error as a
// one-element List, nil for nil, and any other error on the field "".
func All(err error) List {
	var l List
	l.Add(err)
	return l
}
