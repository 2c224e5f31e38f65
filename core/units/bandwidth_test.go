// Tests for ParseBandwidth and the Bandwidth methods.

package units_test

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/units"
	"github.com/google/go-cmp/cmp"
)

func TestParseBandwidth(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   float64 // bytes per second
	}{
		{"bps", "8bps", 1},
		{"Kbps", "8Kbps", 1e3},
		{"kbps", "8kbps", 1e3},
		{"Mbps", "8Mbps", 1e6},
		{"mbps means megabits", "8mbps", 1e6},
		{"Gbps", "400Gbps", 50e9},
		{"gbps", "400gbps", 50e9},
		{"Tbps", "1.6Tbps", 200e9},
		{"tbps", "1.6tbps", 200e9},
		{"b/s", "8b/s", 1},
		{"Kb/s", "8Kb/s", 1e3},
		{"Mb/s", "8Mb/s", 1e6},
		{"Gb/s", "400Gb/s", 50e9},
		{"gb/s", "400gb/s", 50e9},
		{"Tb/s", "8Tb/s", 1e12},
		{"B/s", "100B/s", 100},
		{"KB/s", "100KB/s", 100e3},
		{"kB/s", "100kB/s", 100e3},
		{"MB/s", "900MB/s", 900e6},
		{"GB/s", "50GB/s", 50e9},
		{"gB/s", "50gB/s", 50e9},
		{"TB/s", "2TB/s", 2e12},
		{"KiB/s", "1KiB/s", 1024},
		{"kiB/s", "1kiB/s", 1024},
		{"MiB/s", "1MiB/s", 1 << 20},
		{"GiB/s", "25GiB/s", 25 << 30},
		{"giB/s", "25giB/s", 25 << 30},
		{"TiB/s", "1TiB/s", 1 << 40},
		{"space", "400 Gbps", 50e9},
		{"several spaces", "  400 \t Gbps ", 50e9},
		{"decimal", "1.25 GB/s", 1.25e9},
		{"exponent", "4e2Gbps", 50e9},
		{"tiny but positive", "1e-300 B/s", 1e-300},
	}
	for _, c := range cases {
		got, err := units.ParseBandwidth(c.in)
		if err != nil {
			t.Errorf("%s: ParseBandwidth(%q): %v", c.reason, c.in, err)
			continue
		}
		if float64(got) != c.want {
			t.Errorf("%s: ParseBandwidth(%q) = %v B/s, want %v", c.reason, c.in, float64(got), c.want)
		}
	}
}

// bandwidthAccepted is the list every bandwidth unit error must show.
const bandwidthAccepted = "bps, Kbps, Mbps, Gbps, Tbps, b/s, Kb/s, Mb/s, Gb/s, Tb/s, " +
	"B/s, KB/s, MB/s, GB/s, TB/s, KiB/s, MiB/s, GiB/s, TiB/s"

func TestParseBandwidthErrors(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   []string
	}{
		{"GBps is ambiguous", "400 GBps", []string{`ambiguous unit "GBps"`, bandwidthAccepted}},
		{"Bps is ambiguous", "400Bps", []string{`ambiguous unit "Bps"`, bandwidthAccepted}},
		{"KBps is ambiguous", "400KBps", []string{`ambiguous unit "KBps"`}},
		{"gBps is ambiguous", "400gBps", []string{`ambiguous unit "gBps"`}},
		{"all caps GBPS is ambiguous", "400GBPS", []string{`ambiguous unit "GBPS"`}},
		{"missing unit", "400", []string{"missing unit", bandwidthAccepted}},
		{"size unit", "50GB", []string{`unit "GB" is not a rate`, `"GB/s"`, bandwidthAccepted}},
		{"bits without per-second", "400Gb", []string{`"Gb/s"`}},
		{"bare prefix", "400G", []string{`unknown unit "G"`, bandwidthAccepted}},
		{"spelled out", "400 Gbit/s", []string{`unknown unit "Gbit/s"`, bandwidthAccepted}},
		{"upper-case S", "50 GB/S", []string{`unknown unit "GB/S"`}},
		{"petabytes unsupported", "1 PB/s", []string{`unknown unit "PB/s"`}},
		{"binary bits unsupported", "1 Gib/s", []string{`unknown unit "Gib/s"`}},
		{"zero", "0 Gbps", []string{"zero", "greater than 0"}},
		{"negative", "-1 GB/s", []string{"negative", "greater than 0"}},
		{"overflow", "1e308 TB/s", []string{"too large"}},
		{"underflow to zero", "1e-400 B/s", []string{"greater than 0"}},
		{"NaN", "NaN GB/s", []string{"not a finite number"}},
		{"Inf", "Inf GB/s", []string{"not a finite number"}},
		{"empty", "", []string{"empty", "400 Gbps"}},
		{"no number", "Gbps", []string{"expected a number"}},
	}
	for _, c := range cases {
		got, err := units.ParseBandwidth(c.in)
		if err == nil {
			t.Errorf("%s: ParseBandwidth(%q) = %v, want an error", c.reason, c.in, float64(got))
			continue
		}
		t.Run(c.reason, func(t *testing.T) { checkError(t, err, "bandwidth", c.in, c.want) })
	}
}

func TestBandwidthMethods(t *testing.T) {
	b := units.Bandwidth(50e9)
	got := []float64{b.BytesPerSecond(), b.BitsPerSecond()}
	if diff := cmp.Diff([]float64{50e9, 400e9}, got); diff != "" {
		t.Errorf("BytesPerSecond, BitsPerSecond (-want +got):\n%s", diff)
	}
}

func TestBandwidthString(t *testing.T) {
	cases := []struct {
		reason   string
		in       units.Bandwidth
		want     string
		wantGbps string
	}{
		{"400 Gbps NIC", 50e9, "50 GB/s", "400 Gbps"},
		{"after 0.9 efficiency", 45e9, "45 GB/s", "360 Gbps"},
		{"fraction of GB/s", 1.25e9, "1.25 GB/s", "10 Gbps"},
		{"MB/s", 900e6, "900 MB/s", "7.2 Gbps"},
		{"KB/s", 12.5e3, "12.5 KB/s", "0.0001 Gbps"},
		{"B/s", 5, "5 B/s", "4e-08 Gbps"},
		{"below 1 B/s", 0.5, "0.5 B/s", "4e-09 Gbps"},
		{"TB/s", 3.2e12, "3.2 TB/s", "25600 Gbps"},
		{"above 1000 TB/s stays in TB/s", 5e15, "5000 TB/s", "40000000 Gbps"},
		{"rounding reaches 1000 moves up a unit", 999.99999999999999e9, "1 TB/s", "8000 Gbps"},
		{"float noise is hidden", 44999999999.99999, "45 GB/s", "360 Gbps"},
		{"needs more than 4 digits", 1.23456789e9, "1.23456789 GB/s", "9.87654312 Gbps"},
		{"binary rate in decimal units", 25 << 30, "26.8435456 GB/s", "214.7483648 Gbps"},
		{"zero", 0, "0 B/s", "0 Gbps"},
		{"negative", -50e9, "-50 GB/s", "-400 Gbps"},
		{"NaN", units.Bandwidth(math.NaN()), "NaN B/s", "NaN Gbps"},
		{"Inf", units.Bandwidth(math.Inf(1)), "+Inf B/s", "+Inf Gbps"},
	}
	for _, c := range cases {
		got := []string{c.in.String(), c.in.Gbps()}
		if diff := cmp.Diff([]string{c.want, c.wantGbps}, got); diff != "" {
			t.Errorf("%s: String, Gbps of %v (-want +got):\n%s", c.reason, float64(c.in), diff)
		}
	}
}
