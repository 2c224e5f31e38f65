// This file defines Error, the single error type returned by every parser
// in the package.

package units

import "github.com/ccplay/ccplay/core/msg"

// Error describes why a quantity could not be parsed. Every parse function in
// this package returns errors of type *Error.
type Error struct {
	// Input is the text that was being parsed, exactly as given.
	Input string
	// Kind names the quantity: "size", "bandwidth", "duration" or
	// "efficiency".
	Kind string
	// ID and Args say what is wrong and, where it helps, what is accepted
	// (msg.New(ID, Args...)); Reason is that message in English.
	ID     msg.ID
	Args   []any
	Reason string
}

// Error returns a single line of the form `kind "input": reason`. It carries
// no flag or field name; callers add their own prefix.
func (e *Error) Error() string { return e.Message().String() }

// Message is the whole error as a message (msg.Localized): the kind, the
// input and the reason, each in the language it is rendered in.
func (e *Error) Message() msg.Message {
	return msg.New("units.error", msg.New(msg.ID("units.kind."+e.Kind)), e.Input, msg.New(e.ID, e.Args...))
}

// Kind values used in Error.Kind.
const (
	kindSize       = "size"
	kindBandwidth  = "bandwidth"
	kindDuration   = "duration"
	kindEfficiency = "efficiency"
)

// newError builds an *Error whose reason is the message id with args.
func newError(kind, input string, id msg.ID, args ...any) *Error {
	return newErrorFor(kind, input, because(id, args...))
}

// newErrorFor builds an *Error for reason r.
func newErrorFor(kind, input string, r reason) *Error {
	return &Error{Input: input, Kind: kind, ID: r.id, Args: r.args, Reason: msg.New(r.id, r.args...).String()}
}

// reason is why a quantity is refused: a message ID with its arguments.
// The zero reason means none.
type reason struct {
	id   msg.ID
	args []any
}

// because is the reason msg.New(id, args...).
func because(id msg.ID, args ...any) reason { return reason{id, args} }

// refused reports whether r is a reason (not the zero one).
func (r reason) refused() bool { return r.id != "" }
