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
	// Reason says what is wrong and, where it helps, what is accepted.
	Reason string
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

// newError builds an *Error; reason may use fmt verbs filled from args.
func newError(kind, input, reason string, args ...any) *Error {
	if len(args) > 0 {
		reason = fmt.Sprintf(reason, args...)
	}
	return &Error{Input: input, Kind: kind, Reason: reason}
}
