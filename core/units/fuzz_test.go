// Fuzz tests: the parsers never panic, only return *units.Error, and every
// value they accept prints (String) to text that parses back to it. The seed
// corpora run as ordinary tests under plain `go test`.

package units_test

import (
	"errors"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/units"
)

// checkFuzzError fails unless err is a *units.Error for kind and input.
func checkFuzzError(t *testing.T, err error, kind, input string) {
	t.Helper()
	var ue *units.Error
	if !errors.As(err, &ue) || ue.Kind != kind || ue.Input != input {
		t.Fatalf("error %#v for %q is not a *units.Error of kind %q", err, input, kind)
	}
}

// closeTo reports whether got is within 1e-9 relative of want.
func closeTo(got, want float64) bool {
	return math.Abs(got-want) <= 1e-9*math.Abs(want)
}

// seeds is a shared corpus of awkward inputs for every parser.
var seeds = []string{
	"", " ", "0", "-0", "+0", "1", "1.5", ".5", "5.", ".", "-", "+", "e3", "1e", "1e+",
	"2e3", "1E-3", "1e999999999999", "1e-999999999999", "NaN", "inf", "-Inf",
	"9223372036854775807", "9223372036854775808", "18446744073709551616",
	"100MiB", "100 MiB", "1.5KiB", "1.3B", "14GB", "8G", "8g", "8Gb", "kb", "K",
	"8191.99999999999999911182158029987476766109466552734375PiB", "8192PiB",
	"400Gbps", "400 Gbps", "400gbps", "50gB/s", "50 GB/s", "400 GBps", "Bps",
	"1e-320 B/s", "1e308 TB/s", "1.7976931348623157e308 B/s", "5e-324 B/s", "25 GiB/s",
	"5us", "5 µs", "5 μs", "3.18ms", "0 s", "1e-400 s", "1.7976931348623157e308 s",
	"4.9e-324 ns", "1e300 ns",
	"0.9", "90%", "90 %", "100%", "1e-5%", "1.0000000000000002",
	"\xff", "5 \xffB", "1\u00a0GB", "\u200b5GB", "5\tGB",
}

func FuzzParseSize(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, parse := range map[string]func(string) (units.Size, error){
			"ParseSize":     units.ParseSize,
			"ParseNCCLSize": units.ParseNCCLSize,
		} {
			sz, err := parse(s)
			if err != nil {
				checkFuzzError(t, err, "size", s)
				continue
			}
			if sz < 0 {
				t.Fatalf("%s(%q) = %d, negative", name, s, sz)
			}
			text := sz.String()
			back, err := units.ParseSize(text)
			if err != nil || back != sz {
				t.Fatalf("%s(%q) = %d; ParseSize(%q) = %d, %v", name, s, sz, text, back, err)
			}
		}
	})
}

func FuzzSizeString(f *testing.F) {
	for _, n := range []int64{0, 1, 1000, 1024, 1536, 1e8, 104857600, 1 << 62, math.MaxInt64, -1} {
		f.Add(n)
	}
	f.Fuzz(func(t *testing.T, n int64) {
		if n < 0 {
			n = ^n // map onto the non-negative half
		}
		text := units.Size(n).String()
		back, err := units.ParseSize(text)
		if err != nil || back != units.Size(n) {
			t.Fatalf("Size(%d).String() = %q; ParseSize gives %d, %v", n, text, back, err)
		}
	})
}

func FuzzParseBandwidth(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bw, err := units.ParseBandwidth(s)
		if err != nil {
			checkFuzzError(t, err, "bandwidth", s)
			return
		}
		v := bw.BytesPerSecond()
		if !(v > 0) || math.IsInf(v, 0) {
			t.Fatalf("ParseBandwidth(%q) = %v, not finite and positive", s, v)
		}
		text := bw.String()
		back, err := units.ParseBandwidth(text)
		if err != nil || !closeTo(back.BytesPerSecond(), v) {
			t.Fatalf("ParseBandwidth(%q) = %v; ParseBandwidth(%q) = %v, %v", s, v, text, float64(back), err)
		}
		if v < 1e-290 || v > 1e290 {
			return // Gbps scaling may underflow or overflow at the very edges
		}
		text = bw.Gbps()
		back, err = units.ParseBandwidth(text)
		if err != nil || !closeTo(back.BytesPerSecond(), v) {
			t.Fatalf("ParseBandwidth(%q) = %v; ParseBandwidth(%q) = %v, %v", s, v, text, float64(back), err)
		}
	})
}

func FuzzParseDuration(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := units.ParseDuration(s)
		if err != nil {
			checkFuzzError(t, err, "duration", s)
			return
		}
		v := d.Seconds()
		if !(v >= 0) || math.IsInf(v, 0) {
			t.Fatalf("ParseDuration(%q) = %v, not finite and non-negative", s, v)
		}
		text := d.String()
		back, err := units.ParseDuration(text)
		if err != nil || !closeTo(back.Seconds(), v) {
			t.Fatalf("ParseDuration(%q) = %v; ParseDuration(%q) = %v, %v", s, v, text, float64(back), err)
		}
	})
}

func FuzzParseEfficiency(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := units.ParseEfficiency(s)
		if err != nil {
			checkFuzzError(t, err, "efficiency", s)
			return
		}
		if !(e > 0 && e <= 1) {
			t.Fatalf("ParseEfficiency(%q) = %v, outside (0, 1]", s, float64(e))
		}
		text := e.String()
		back, err := units.ParseEfficiency(text)
		if err != nil || !closeTo(float64(back), float64(e)) {
			t.Fatalf("ParseEfficiency(%q) = %v; ParseEfficiency(%q) = %v, %v", s, float64(e), text, float64(back), err)
		}
	})
}
