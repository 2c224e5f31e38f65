// This file defines Error, the single error type returned by every parser
// in the package.

package units

import "fmt"

// Error describes why a quantity could not be parsed. Every parse function in
// this package returns errors of type *Error.
type Error struct {
	// Input is the text that was being parsed, exactly as given.
	Input string
	// Kind names the quantity: "size", "bandwidth", "duration" or
	// "efficiency".
	Kind string
	// Reason says what is wrong and, where it helps, what is accepted, in
	// English: fmt.Sprintf(Format, Args...), so a front end can say it in
	// another language with a translation keyed by Format.
	Reason string
	Format string
	Args   []any
}

// Error returns a single line of the form `kind "input": reason`. It carries
// no flag or field name; callers add their own prefix.
func (e *Error) Error() string {
	return fmt.Sprintf("%s %q: %s", e.Kind, e.Input, e.Reason)
}

// Kind values used in Error.Kind.
const (
	kindSize       = "size"
	kindBandwidth  = "bandwidth"
	kindDuration   = "duration"
	kindEfficiency = "efficiency"
)

// newError builds an *Error whose reason is fmt.Sprintf(format, args...).
func newError(kind, input, format string, args ...any) *Error {
	return newErrorFor(kind, input, because(format, args...))
}

// newErrorFor builds an *Error for reason r.
func newErrorFor(kind, input string, r reason) *Error {
	return &Error{Input: input, Kind: kind, Reason: fmt.Sprintf(r.format, r.args...), Format: r.format, Args: r.args}
}

// reason is why a quantity is refused, as the parts of an English message:
// fmt.Sprintf(format, args...). The zero reason means none.
type reason struct {
	format string
	args   []any
}

// because is the reason fmt.Sprintf(format, args...).
func because(format string, args ...any) reason { return reason{format, args} }

// refused reports whether r is a reason (not the zero one).
func (r reason) refused() bool { return r.format != "" }
