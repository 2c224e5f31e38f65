package fielderr

import (
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/msg"
)

// An Error says what its message is made of: New's ID and arguments render
// its English Msg and its Reason in every language; On renames the field
// and keeps them, keeps the message an error carries, or keeps any other
// error as the cause of an English message.
func TestFieldErrorParts(t *testing.T) {
	fe := New("ranks", "field.int.range", 1, 1048576, "0")
	if fe.Msg != msg.New(fe.ID, fe.Args...).String() || fe.Reason(msg.EN) != fe.Msg || fe.Cause != nil {
		t.Fatalf("New: %+v, reason %q", fe, fe.Reason(msg.EN))
	}
	if fe.Error() != "ranks: want an integer from 1 to 1048576, got \"0\"" {
		t.Fatalf("Error() = %q", fe.Error())
	}
	if zh := fe.Reason(msg.ZH); zh == fe.Msg || zh != msg.New(fe.ID, fe.Args...).In(msg.ZH) {
		t.Fatalf("Reason(zh) = %q", zh)
	}

	moved := On("np", fe)
	if moved.Field != "np" || moved.Msg != fe.Msg || moved.ID != fe.ID || len(moved.Args) != 3 || fe.Field != "ranks" {
		t.Fatalf("On of an Error: %+v (original now %+v)", moved, fe)
	}

	carried := On("size", msg.Errorf("units.too_large"))
	if carried.ID != "units.too_large" || carried.Msg != "too large" || carried.Reason(msg.ZH) != msg.New("units.too_large").In(msg.ZH) {
		t.Fatalf("On of a message error: %+v", carried)
	}

	cause := errors.New("give --np for a log without ranks")
	wrapped := On("np", cause)
	if wrapped.Msg != cause.Error() || wrapped.ID != "" || !errors.Is(wrapped, cause) || errors.Unwrap(wrapped) != cause {
		t.Fatalf("On of a plain error: %+v", wrapped)
	}
	if m, ok := msg.Of(wrapped); !ok || m.String() != cause.Error() || wrapped.Reason(msg.ZH) != cause.Error() {
		t.Fatalf("a plain error's message: %v %v", m, ok)
	}
}
