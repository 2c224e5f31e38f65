// Tests for ParseEfficiency and the Efficiency methods.

package units_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/units"
	"github.com/google/go-cmp/cmp"
)

func TestParseEfficiency(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   units.Efficiency
	}{
		{"fraction", "0.9", 0.9},
		{"percentage", "90%", 0.9},
		{"percentage with space", "90 %", 0.9},
		{"one", "1", 1},
		{"one point zero", "1.0", 1},
		{"hundred percent", "100%", 1},
		{"small fraction", "0.001", 0.001},
		{"fractional percentage", "0.5%", 0.005},
		{"leading point", ".75", 0.75},
		{"spaces", " 0.9 ", 0.9},
	}
	for _, c := range cases {
		got, err := units.ParseEfficiency(c.in)
		if err != nil {
			t.Errorf("%s: ParseEfficiency(%q): %v", c.reason, c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: ParseEfficiency(%q) = %v, want %v", c.reason, c.in, float64(got), float64(c.want))
		}
	}
}

func TestParseEfficiencyErrors(t *testing.T) {
	const rangeText = "(0, 1]"
	cases := []struct {
		reason string
		in     string
		want   []string
	}{
		{"zero", "0", []string{rangeText, "(0%, 100%]"}},
		{"zero percent", "0%", []string{rangeText}},
		{"above one", "1.1", []string{rangeText}},
		{"90 without percent sign", "90", []string{rangeText}},
		{"above 100 percent", "101%", []string{rangeText}},
		{"negative", "-0.5", []string{rangeText}},
		{"underflow to zero", "1e-400", []string{rangeText}},
		{"unknown unit", "0.9x", []string{`unknown unit "x"`, "0.9", "90%"}},
		{"per mille unsupported", "900‰", []string{`unknown unit "‰"`}},
		{"empty", "", []string{"empty", "0.9"}},
	}
	for _, c := range cases {
		got, err := units.ParseEfficiency(c.in)
		if err == nil {
			t.Errorf("%s: ParseEfficiency(%q) = %v, want an error", c.reason, c.in, float64(got))
			continue
		}
		t.Run(c.reason, func(t *testing.T) { checkError(t, err, "efficiency", c.in, c.want) })
	}
}

func TestEfficiencyApply(t *testing.T) {
	cases := []struct {
		reason string
		e      units.Efficiency
		b      units.Bandwidth
		want   units.Bandwidth
	}{
		{"lecture: 400 Gbps at 0.9", 0.9, 50e9, 45e9},
		{"full efficiency is the identity", 1, 50e9, 50e9},
		{"half", 0.5, 25e9, 12.5e9},
	}
	for _, c := range cases {
		if got := c.e.Apply(c.b); got != c.want {
			t.Errorf("%s: %v.Apply(%v) = %v, want %v", c.reason, float64(c.e), float64(c.b), float64(got), float64(c.want))
		}
	}
}

func TestEfficiencyString(t *testing.T) {
	cases := []struct {
		reason string
		in     units.Efficiency
		want   string
	}{
		{"ninety percent", 0.9, "90%"},
		{"one", 1, "100%"},
		{"fractional percent", 0.005, "0.5%"},
		{"many digits", 0.123456, "12.3456%"},
	}
	for _, c := range cases {
		got := c.in.String()
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s: String() (-want +got):\n%s", c.reason, diff)
		}
		back, err := units.ParseEfficiency(got)
		if err != nil || back != c.in {
			t.Errorf("%s: ParseEfficiency(%q) = %v, %v; want %v", c.reason, got, float64(back), err, float64(c.in))
		}
	}
}
