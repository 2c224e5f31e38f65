package question_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
)

// TestDecodeRunErrorsNameTheField: every way a body can be malformed is a
// *fielderr.Error whose field says where to look.
func TestDecodeRunErrorsNameTheField(t *testing.T) {
	for _, c := range []struct {
		body, field, msg, reason string
	}{
		{``, "body", "invalid JSON", "an empty body is not an object"},
		{`{"collective":`, "body", "invalid JSON", "truncated JSON"},
		{`[1,2]`, "body", "want one JSON object, got JSON array", "an array is not the object (the field was empty before)"},
		{`"allreduce"`, "body", "want one JSON object, got JSON string", "a string is not the object"},
		{`{"foo":1}`, "foo", "unknown field; accepted: collective,", "an unknown field is named and the accepted ones listed"},
		{`{"":1}`, "body", `unknown field ""`, "an empty key cannot be the field name"},
		{`{"counts":"x"}`, "counts", "got JSON string", "a wrong type names its field"},
		{`{"root":1.5}`, "root", "got JSON number", "root must be an integer"},
		{`{"inputs":"x"}`, "inputs", "got JSON string", "inputs must be an array of arrays"},
		{`{} {}`, "body", "want one JSON object, found more", "trailing data after the object"},
	} {
		_, err := question.DecodeRun([]byte(c.body))
		var fe *fielderr.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: DecodeRun(%q) = %v (%T), want a *fielderr.Error", c.reason, c.body, err, err)
			continue
		}
		if fe.Field != c.field || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%s: DecodeRun(%q) = field %q, %q; want field %q with %q", c.reason, c.body, fe.Field, fe.Msg, c.field, c.msg)
		}
	}
}
