package msg

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// Typed is a Message as JSON that keeps each argument's Go type, so that
// decoding it gives the same Message back (reflect.DeepEqual): an answer
// computed in one process and handed to another keeps its messages. (An
// answer's public JSON carries a message as its English text instead.)
// An argument is encoded as a one-key object naming its type: "s" string,
// "i" int, "l" int64, "f" float64 (finite), "b" bool, "m" a Message; an
// argument of another type, or a non-finite float, is an encoding error,
// and so is anything else in what is decoded.
type Typed struct{ Message }

// typedJSON is Typed's encoding: Args is absent for nil arguments, so that
// nil and empty stay apart.
type typedJSON struct {
	ID   ID         `json:"id"`
	Args []typedArg `json:"args,omitempty"`
	Some bool       `json:"some,omitempty"` // Args is non-nil though empty
}

// typedArg is one argument: exactly one field is set.
type typedArg struct {
	S *string  `json:"s,omitempty"`
	I *int     `json:"i,omitempty"`
	L *int64   `json:"l,omitempty"`
	F *float64 `json:"f,omitempty"`
	B *bool    `json:"b,omitempty"`
	M *Typed   `json:"m,omitempty"`
}

// MarshalJSON encodes t with its arguments' types.
func (t Typed) MarshalJSON() ([]byte, error) {
	out := typedJSON{ID: t.ID, Some: t.Args != nil && len(t.Args) == 0}
	for i, a := range t.Args {
		var x typedArg
		switch v := a.(type) {
		case string:
			x.S = &v
		case int:
			x.I = &v
		case int64:
			x.L = &v
		case float64:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("msg: %s: argument %d is %v", t.ID, i, v)
			}
			x.F = &v
		case bool:
			x.B = &v
		case Message:
			x.M = &Typed{v}
		default:
			return nil, fmt.Errorf("msg: %s: argument %d is a %T, which Typed does not encode", t.ID, i, a)
		}
		out.Args = append(out.Args, x)
	}
	return json.Marshal(out)
}

// UnmarshalJSON decodes what MarshalJSON wrote.
func (t *Typed) UnmarshalJSON(b []byte) error {
	var in typedJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	m := Message{ID: in.ID}
	if in.Some {
		m.Args = []any{}
	}
	for i, x := range in.Args {
		var a any
		n := 0
		for _, set := range []bool{x.S != nil, x.I != nil, x.L != nil, x.F != nil, x.B != nil, x.M != nil} {
			if set {
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("msg: %s: argument %d names %d types, not one", in.ID, i, n)
		}
		switch {
		case x.S != nil:
			a = *x.S
		case x.I != nil:
			a = *x.I
		case x.L != nil:
			a = *x.L
		case x.F != nil:
			a = *x.F
		case x.B != nil:
			a = *x.B
		default:
			a = x.M.Message
		}
		m.Args = append(m.Args, a)
	}
	if in.Some && len(in.Args) > 0 {
		return errors.New("msg: " + string(in.ID) + ": arguments both empty and given")
	}
	t.Message = m
	return nil
}
