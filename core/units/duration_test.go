// Tests for ParseDuration and the Duration methods.

package units_test

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/units"
	"github.com/google/go-cmp/cmp"
)

func TestParseDuration(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   float64 // seconds
	}{
		{"ns", "5ns", 5e-9},
		{"us", "5us", 5e-6},
		{"µs micro sign U+00B5", "5\u00b5s", 5e-6},
		{"μs Greek mu U+03BC", "5\u03bcs", 5e-6},
		{"ms", "3.18ms", 3.18e-3},
		{"s", "0.3s", 0.3},
		{"space", "5 us", 5e-6},
		{"space before µs", "5 µs", 5e-6},
		{"surrounding spaces", " 2 s ", 2},
		{"zero is allowed", "0s", 0},
		{"zero with spaces", "0 us", 0},
		{"negative zero is zero", "-0 ms", 0},
		{"fraction of a nanosecond", "0.25ns", 0.25e-9},
		{"exponent", "1e3ms", 1},
		{"large", "3600 s", 3600},
		{"leading plus", "+2ms", 2e-3},
		{"underflow to zero", "1e-400 s", 0},
	}
	for _, c := range cases {
		got, err := units.ParseDuration(c.in)
		if err != nil {
			t.Errorf("%s: ParseDuration(%q): %v", c.reason, c.in, err)
			continue
		}
		if got.Seconds() != c.want {
			t.Errorf("%s: ParseDuration(%q) = %v s, want %v", c.reason, c.in, got.Seconds(), c.want)
		}
	}
}

func TestParseDurationErrors(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   []string
	}{
		{"bare number", "5", []string{"add a unit: ns, us, ms, s"}},
		{"bare zero", "0", []string{"add a unit: ns, us, ms, s"}},
		{"units are case-sensitive", "5 MS", []string{`unknown unit "MS"`, "ns, us, µs, ms, s"}},
		{"upper-case S", "5S", []string{`unknown unit "S"`}},
		{"minutes unsupported", "5m", []string{`unknown unit "m"`, "ns, us, µs, ms, s"}},
		{"hours unsupported", "1h", []string{`unknown unit "h"`}},
		{"sec spelled out", "1 sec", []string{`unknown unit "sec"`}},
		{"Go style compound", "1m30s", []string{`unknown unit "m30s"`}},
		{"negative", "-5us", []string{"negative"}},
		{"overflow", "1e400 s", []string{"too large"}},
		{"empty", "", []string{"empty", "5us"}},
		{"NaN", "NaN s", []string{"not a finite number"}},
		{"no number", "ms", []string{"expected a number"}},
	}
	for _, c := range cases {
		got, err := units.ParseDuration(c.in)
		if err == nil {
			t.Errorf("%s: ParseDuration(%q) = %v, want an error", c.reason, c.in, float64(got))
			continue
		}
		t.Run(c.reason, func(t *testing.T) { checkError(t, err, "duration", c.in, c.want) })
	}
}

func TestDurationString(t *testing.T) {
	cases := []struct {
		reason string
		in     units.Duration
		want   string
	}{
		{"zero", 0, "0 s"},
		{"negative zero", units.Duration(math.Copysign(0, -1)), "0 s"},
		{"microseconds", 5e-6, "5 µs"},
		{"milliseconds", 3.18e-3, "3.18 ms"},
		{"seconds", 0.3111, "311.1 ms"},
		{"whole seconds", 2, "2 s"},
		{"nanoseconds", 5e-9, "5 ns"},
		{"below a nanosecond", 2.5e-10, "0.25 ns"},
		{"above 1000 s stays in s", 3600, "3600 s"},
		{"rounding reaches 1000 moves up", 999.9999999999999e-6, "1 ms"},
		{"float noise is hidden", 0.1 + 0.2, "300 ms"},
		{"more digits when needed", 1.23456789e-3, "1.23456789 ms"},
		{"negative", -5e-6, "-5 µs"},
		{"NaN", units.Duration(math.NaN()), "NaN s"},
	}
	for _, c := range cases {
		if diff := cmp.Diff(c.want, c.in.String()); diff != "" {
			t.Errorf("%s: Duration(%v).String() (-want +got):\n%s", c.reason, float64(c.in), diff)
		}
	}
}
