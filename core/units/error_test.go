// Tests for the Error type and a helper shared by the other error tests.

package units_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/units"
	"github.com/google/go-cmp/cmp"
)

// checkError asserts that err is a *units.Error for kind and input whose
// message contains every string in want.
func checkError(t *testing.T, err error, kind, input string, want []string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error for %q, want one mentioning %q", input, want)
	}
	var ue *units.Error
	if !errors.As(err, &ue) {
		t.Fatalf("error %v has type %T, want *units.Error", err, err)
	}
	if ue.Kind != kind || ue.Input != input {
		t.Errorf("Kind, Input = %q, %q; want %q, %q", ue.Kind, ue.Input, kind, input)
	}
	// The reason is its message in English, and every catalogue renders
	// the whole error without a malformed verb.
	if made := msg.New(ue.ID, ue.Args...).String(); made != ue.Reason || !strings.HasSuffix(ue.Error(), made) {
		t.Errorf("message %s%v = %q, Reason %q, Error %q", ue.ID, ue.Args, made, ue.Reason, ue.Error())
	}
	for _, lang := range msg.Languages() {
		if !msg.Has(lang, ue.ID) || !msg.Has(lang, msg.ID("units.kind."+ue.Kind)) || strings.Contains(msg.Render(err, lang), "%!") {
			t.Errorf("%s: %s renders %q", lang, ue.ID, msg.Render(err, lang))
		}
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("message spans lines: %q", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("message %q lacks %q", msg, w)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	cases := []struct {
		reason string
		err    *units.Error
		want   string
	}{
		{
			reason: "kind, quoted input, reason",
			err:    &units.Error{Input: "8Gb", Kind: "size", ID: "units.too_large"},
			want:   `size "8Gb": too large`,
		},
		{
			reason: "input with quotes and control characters is escaped onto one line",
			err:    &units.Error{Input: "a\"b\nc", Kind: "duration", ID: "units.too_large"},
			want:   `duration "a\"b\nc": too large`,
		},
	}
	for _, c := range cases {
		if diff := cmp.Diff(c.want, c.err.Error()); diff != "" {
			t.Errorf("%s: Error() mismatch (-want +got):\n%s", c.reason, diff)
		}
	}
}

func TestErrorExampleFromSpec(t *testing.T) {
	_, err := units.ParseBandwidth("400 GBps")
	want := `bandwidth "400 GBps": ambiguous unit "GBps"; accepted: bps, Kbps, Mbps, Gbps, Tbps, ` +
		`b/s, Kb/s, Mb/s, Gb/s, Tb/s, B/s, KB/s, MB/s, GB/s, TB/s, KiB/s, MiB/s, GiB/s, TiB/s`
	if err == nil {
		t.Fatal("ParseBandwidth(\"400 GBps\") succeeded")
	}
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("message mismatch (-want +got):\n%s", diff)
	}
}

func TestErrorKinds(t *testing.T) {
	parsers := []struct {
		kind  string
		parse func(string) error
	}{
		{"size", func(s string) error { _, err := units.ParseSize(s); return err }},
		{"size", func(s string) error { _, err := units.ParseNCCLSize(s); return err }},
		{"bandwidth", func(s string) error { _, err := units.ParseBandwidth(s); return err }},
		{"duration", func(s string) error { _, err := units.ParseDuration(s); return err }},
		{"efficiency", func(s string) error { _, err := units.ParseEfficiency(s); return err }},
	}
	for _, p := range parsers {
		for _, in := range []string{"", "   ", "abc", "NaN", "-Inf", "+inf", "1 furlong", "-"} {
			checkError(t, p.parse(in), p.kind, in, nil)
		}
	}
}
