package chart

import (
	"math"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func plain(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func values(ts []Tick) []float64 {
	var out []float64
	for _, t := range ts {
		out = append(out, t.Value)
	}
	return out
}

func TestLogTicks(t *testing.T) {
	tests := []struct {
		reason         string
		min, max, base float64
		want           []float64
	}{
		{"powers of two inside the range, ends included", 4, 1024, 2, []float64{4, 8, 16, 32, 64, 128, 256, 512, 1024}},
		{"ends that are not powers are skipped", 3, 100, 2, []float64{4, 8, 16, 32, 64}},
		{"more than MaxTicks powers of two: every 3rd, exponents divisible by 3", 1024, 1 << 30, 2,
			[]float64{1 << 12, 1 << 15, 1 << 18, 1 << 21, 1 << 24, 1 << 27, 1 << 30}},
		{"2^0..2^40 keeps every 5th power (multiples of 5)", 1, 1 << 40, 2,
			[]float64{1, 1 << 5, 1 << 10, 1 << 15, 1 << 20, 1 << 25, 1 << 30, 1 << 35, 1 << 40}},
		{"decades of seconds are exact powers of ten", 1e-6, 10, 10, []float64{1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10}},
		{"less than two decades: 1-2-5 ticks", 0.003, 0.04, 10, []float64{0.005, 0.01, 0.02}},
		{"range inside one decade", 2.5, 9, 10, []float64{5}},
		{"invalid range gives no ticks", 0, 10, 10, nil},
		{"reversed range gives no ticks", 10, 1, 10, nil},
	}
	for _, tt := range tests {
		got := values(LogTicks(tt.min, tt.max, tt.base, plain))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: LogTicks(%g, %g, %g) (-want +got):\n%s", tt.reason, tt.min, tt.max, tt.base, diff)
		}
		if len(got) > MaxTicks {
			t.Errorf("%s: %d ticks, more than MaxTicks", tt.reason, len(got))
		}
	}
}

func TestLinearTicks(t *testing.T) {
	tests := []struct {
		reason         string
		min, max, unit float64
		want           []float64
	}{
		{"0..10 steps of 2 (≤ MaxTicks)", 0, 10, 1, []float64{0, 2, 4, 6, 8, 10}},
		{"0..7 GiB in whole GiB", 0, 7 << 30, 1 << 30, []float64{0, 1 << 30, 2 << 30, 3 << 30, 4 << 30, 5 << 30, 6 << 30, 7 << 30}},
		{"0..100 MiB in steps of 20 MiB", 0, 100 << 20, 1 << 20, []float64{0, 20 << 20, 40 << 20, 60 << 20, 80 << 20, 100 << 20}},
		{"a range not starting at 0 starts at the first multiple of the step", 3, 19, 1, []float64{4, 6, 8, 10, 12, 14, 16, 18}},
		{"empty range", 5, 5, 1, nil},
	}
	for _, tt := range tests {
		got := values(LinearTicks(tt.min, tt.max, tt.unit, plain))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
		}
	}
}

func TestNiceFloorCeil(t *testing.T) {
	for _, tt := range []struct{ v, floor, ceil float64 }{
		{3.2e-3, 2e-3, 5e-3}, {1, 1, 1}, {7, 5, 10}, {0.15, 0.1, 0.2}, {4.19, 2, 5}, {1000, 1000, 1000},
	} {
		if f := NiceFloor(tt.v); f != tt.floor {
			t.Errorf("NiceFloor(%g) = %g, want %g", tt.v, f, tt.floor)
		}
		if c := NiceCeil(tt.v); c != tt.ceil {
			t.Errorf("NiceCeil(%g) = %g, want %g", tt.v, c, tt.ceil)
		}
	}
}

func TestFloorLogIsExactAndTotal(t *testing.T) {
	for k := -30; k <= 30; k++ {
		v := ipow(10, k)
		if got := floorLog(v, 10); got != k {
			t.Errorf("floorLog(1e%d) = %d, want %d (exact powers must not round down)", k, got, k)
		}
		if got := floorLog(v*1.5, 10); got != k {
			t.Errorf("floorLog(1.5e%d) = %d, want %d", k, got, k)
		}
	}
	for _, v := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if got := floorLog(v, 10); got != 0 {
			t.Errorf("floorLog(%g) = %d, want 0 (not a positive finite number)", v, got)
		}
	}
}

func TestAxisFrac(t *testing.T) {
	lin := Axis{Scale: Linear, Min: 10, Max: 20}
	lg := Axis{Scale: Log, Min: 1, Max: 1000}
	for _, tt := range []struct {
		reason string
		a      Axis
		v      float64
		want   float64
	}{
		{"linear start", lin, 10, 0}, {"linear middle", lin, 15, 0.5}, {"linear end", lin, 20, 1},
		{"log start", lg, 1, 0}, {"log middle decade", lg, 10, 1.0 / 3}, {"log end", lg, 1000, 1},
	} {
		if got := tt.a.Frac(tt.v); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: Frac(%g) = %g, want %g", tt.reason, tt.v, got, tt.want)
		}
	}
	if !math.IsNaN(lg.Frac(0)) || lg.Contains(-1) {
		t.Errorf("a log axis must place no value ≤ 0")
	}
	for _, a := range []Axis{{Min: 1, Max: 1}, {Scale: Log, Min: 0, Max: 1}, {Min: 2, Max: 1}, {Min: 0, Max: math.Inf(1)}} {
		if a.Valid() {
			t.Errorf("%+v is not a valid axis", a)
		}
	}
}

func TestNum(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{{1, "1"}, {72.5, "72.5"}, {1.005, "1"}, {3.14159, "3.14"}, {-0.001, "0"}, {math.NaN(), "0"}, {math.Inf(1), "0"}} {
		if got := num(tt.v); got != tt.want {
			t.Errorf("num(%g) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
