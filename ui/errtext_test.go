package ui

import (
	"strings"
	"testing"
)

// TestErrTextNamesAcceptedInBothLanguages: a bad value shows the core's
// message in the page's language (the CLI's words on the en page, their
// translation on the zh page: see errmsg_test.go), with the field's hint
// of what is accepted in the page's language (the error replaces the hint
// under the field).
func TestErrTextNamesAcceptedInBothLanguages(t *testing.T) {
	for _, f := range []struct{ field, bad string }{{"size", "abc"}, {"ranks", "0"}, {"bandwidth", "5Gb"}, {"latency", "-1us"}} {
		for _, lang := range []string{"en", "zh"} {
			if h := T(lang, "hint."+f.field); h == "hint."+f.field {
				t.Fatalf("%s has no hint for %s", lang, f.field)
			}
			s := NewState("", lang)
			s.SetField(f.field, f.bad)
			got := s.ErrText(f.field)
			if msg := s.ErrMsg(s.err); s.Err == "" || !strings.Contains(got, msg) || (lang == "en") != (msg == s.Err) {
				t.Errorf("%s %s=%q: %q lacks the core's message %q", lang, f.field, f.bad, got, s.Err)
			}
			hint := T(lang, "hint."+f.field)
			if !strings.Contains(got, hint) || !strings.HasPrefix(got, strings.TrimSpace(T(lang, "err.prefix"))[:6]) {
				t.Errorf("%s %s: %q lacks the prefix or the hint %q", lang, f.field, got, hint)
			}
		}
	}
}
