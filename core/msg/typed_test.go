package msg

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// A Typed message decodes to the message encoded, each argument of its own
// type (an int stays an int, not a float64), nested messages too, nil and
// empty arguments apart; and it renders the same text.
func TestTypedRoundTrips(t *testing.T) {
	for _, m := range []Message{
		{},
		New("fabric.below-ideal"),
		{ID: "x", Args: []any{}},
		New("a", "text", 3, int64(1)<<40, 2.5, true, New("b", 1, New("c", "deep"))),
		New("cost.formula", "2(P−1)·α"),
	} {
		b, err := json.Marshal(Typed{m})
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		var got Typed
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(got.Message, m) {
			t.Errorf("%s decodes to %#v, want %#v", b, got.Message, m)
		}
		if got.In(ZH) != m.In(ZH) {
			t.Errorf("%s renders %q, was %q", b, got.In(ZH), m.In(ZH))
		}
	}
	var z Typed
	if b, _ := json.Marshal(Typed{New("a", math.Copysign(0, -1))}); json.Unmarshal(b, &z) != nil || !math.Signbit(z.Args[0].(float64)) {
		t.Errorf("negative zero: %s", b)
	}
}

// What Typed cannot carry exactly is an encoding error, and what it did not
// write is a decoding error.
func TestTypedRefuses(t *testing.T) {
	for _, m := range []Message{New("a", math.NaN()), New("a", math.Inf(-1)), New("a", uint(3)), New("a", []int{1}), New("a", New("b", float32(1)))} {
		if b, err := json.Marshal(Typed{m}); err == nil {
			t.Errorf("%#v encodes as %s", m, b)
		}
	}
	for _, b := range []string{`[]`, `{"id":"a","args":[{}]}`, `{"id":"a","args":[{"s":"x","i":1}]}`, `{"id":"a","args":[{"i":1.5}]}`,
		`{"id":"a","args":[{"s":"x"}],"some":true}`, `{"id":"a","args":[{"m":{"id":"b","args":[{}]}}]}`} {
		var got Typed
		if err := json.Unmarshal([]byte(b), &got); err == nil {
			t.Errorf("%s decodes to %#v", b, got.Message)
		}
	}
}
