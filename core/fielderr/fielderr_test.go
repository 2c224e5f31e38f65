package fielderr

import (
	"errors"
	"fmt"
	"testing"
)

// A Error says what its message is made of: Errorf's format and
// arguments rebuild it exactly; On renames the field and keeps them,
// or keeps a parser's error as the cause.
func TestFieldErrorParts(t *testing.T) {
	err := Errorf("ranks", "want an integer from %d to %d, got %q", 1, 1048576, "0")
	fe, ok := err.(*Error)
	if !ok {
		t.Fatalf("Errorf returned %T", err)
	}
	if got := fmt.Sprintf(fe.Format, fe.Args...); got != fe.Msg || fe.Cause != nil {
		t.Fatalf("Sprintf(Format, Args) = %q, Msg %q, Cause %v", got, fe.Msg, fe.Cause)
	}
	if err.Error() != "ranks: want an integer from 1 to 1048576, got \"0\"" {
		t.Fatalf("Error() = %q", err.Error())
	}

	moved := On("np", err)
	if moved.Field != "np" || moved.Msg != fe.Msg || moved.Format != fe.Format || len(moved.Args) != 3 || fe.Field != "ranks" {
		t.Fatalf("On of a Error: %+v (original now %+v)", moved, fe)
	}

	cause := errors.New("size \"x\": expected a number")
	wrapped := On("size", cause)
	if wrapped.Msg != cause.Error() || wrapped.Format != "" || !errors.Is(wrapped, cause) || errors.Unwrap(wrapped) != cause {
		t.Fatalf("On of a parser error: %+v", wrapped)
	}
}
