// Tests for FormatBytes, the rounded display form of byte counts.

package units_test

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/units"
	"github.com/google/go-cmp/cmp"
)

func TestFormatBytes(t *testing.T) {
	cases := []struct {
		reason string
		b      float64
		binary bool
		want   string
	}{
		{"100 MiB in decimal units", 104857600, false, "104.9 MB"},
		{"100 MiB in binary units", 104857600, true, "100 MiB"},
		{"zero", 0, false, "0 B"},
		{"bytes", 512, false, "512 B"},
		{"fractional bytes", 1.5, true, "1.5 B"},
		{"below one byte", 0.25, false, "0.25 B"},
		{"three significant figures below 10", 1.23456e9, false, "1.23 GB"},
		{"three significant figures below 100", 12.3456e9, false, "12.3 GB"},
		{"one decimal from 100 up", 123.456e9, false, "123.5 GB"},
		{"trailing zeros dropped", 1.5e9, false, "1.5 GB"},
		{"14 GB", 14e9, false, "14 GB"},
		{"14 GB in binary", 14e9, true, "13 GiB"},
		{"rounding up moves to the next unit", 999.96e3, false, "1 MB"},
		{"binary rounding up moves to the next unit", 1023.96 * 1024, true, "1 MiB"},
		{"1000 KiB is not yet a MiB", 1000 * 1024, true, "1000 KiB"},
		{"exabytes", 2.5e18, false, "2.5 EB"},
		{"beyond exabytes stays in EB", 5e21, false, "5000 EB"},
		{"exbibytes", 1 << 60, true, "1 EiB"},
		{"negative", -1536, true, "-1.5 KiB"},
		{"NaN", math.NaN(), false, "NaN B"},
		{"Inf", math.Inf(1), true, "+Inf B"},
	}
	for _, c := range cases {
		if diff := cmp.Diff(c.want, units.FormatBytes(c.b, c.binary)); diff != "" {
			t.Errorf("%s: FormatBytes(%v, %v) (-want +got):\n%s", c.reason, c.b, c.binary, diff)
		}
	}
}

// TestExactBytes: the exact count first, then the binary and decimal
// readings (docs/conventions.md's example is Experiment 3's 100 MiB).
func TestExactBytes(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 B", 8: "8 B", 999: "999 B", 1000: "1000 B (1000 B, 1 KB)", 1024: "1024 B (1 KiB, 1.02 KB)",
		104857600: "104857600 B (100 MiB, 104.9 MB)", -2048: "-2048 B (-2 KiB, -2.05 KB)",
	} {
		if got := units.ExactBytes(n); got != want {
			t.Errorf("ExactBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
