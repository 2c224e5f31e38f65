package doctor

import (
	"math"
	"slices"
	"testing"
)

// TestRegimesJudged checks the judgement of every regime on the published
// sweeps: each regime is judged, a row departs exactly when its fraction
// is outside its regime's Range, Worst is the departing fraction furthest
// from 1, the bandwidth-bound regime decides, and the departures are the
// prediction's documented misses (docs/nccl-model.md): none in the middle
// or bandwidth-bound rows of one H100 node nor of A3 Mega (its preset runs
// Google's NCCL profile), EFA's 64 and 128 MiB on p5.
func TestRegimesJudged(t *testing.T) {
	const sweeps = "../cost/testdata/nccl/"
	for _, tc := range []struct {
		file, system   string
		middleDeparts  []int64
		bandwidthFloor float64 // the lowest bandwidth-bound fraction
	}{
		{"all_reduce_1x8_dgx-h100.txt", "dgx-h100", nil, 0.98},
		{"all_reduce_2x8_dgx-h200.txt", "dgx-h200", nil, 0.95},
		{"all_reduce_2x8_aws-p5.txt", "aws-p5", []int64{64 << 20, 128 << 20}, 0.9},
		{"all_reduce_2x8_a3-mega.txt", "a3-mega", nil, 0.9},
	} {
		v, _ := judgeFile(t, sweeps+tc.file, Options{System: tc.system})
		deciding := ""
		for _, g := range v.Regimes {
			if !g.Judged {
				t.Errorf("%s: %s not judged", tc.file, g.Name)
			}
			if g.Decides {
				deciding = g.Name
			}
			floor, ceiling := Range(g.Name)
			if g.Floor != floor || g.Ceiling != ceiling {
				t.Errorf("%s %s: range %g–%g, want %g–%g", tc.file, g.Name, g.Floor, g.Ceiling, floor, ceiling)
			}
			worst, sizes := 0.0, []int64{}
			for _, r := range v.Rows {
				if r.Regime != g.Name {
					continue
				}
				if out := r.Fraction < floor || r.Fraction > ceiling; out != r.Departs {
					t.Errorf("%s line %d: fraction %.3f in %s, departs %v", tc.file, r.Line, r.Fraction, g.Name, r.Departs)
				}
				if !r.Departs {
					continue
				}
				if worst == 0 || math.Abs(math.Log(r.Fraction)) > math.Abs(math.Log(worst)) {
					worst = r.Fraction
				}
				if len(sizes) == 0 || sizes[len(sizes)-1] != r.SizeBytes {
					sizes = append(sizes, r.SizeBytes)
				}
			}
			if g.Worst != worst || len(sizes) != len(g.Departs) || (len(sizes) > 0) != (g.Departure != nil) {
				t.Errorf("%s %s: worst %.3f departs %v (%v), want %.3f %v", tc.file, g.Name, g.Worst, g.Departs, g.Departure, worst, sizes)
			}
			if g.Name == RegimeMiddle && !slices.Equal(g.Departs, tc.middleDeparts) {
				t.Errorf("%s: middle rows depart at %v, want %v", tc.file, g.Departs, tc.middleDeparts)
			}
		}
		if deciding != RegimeBandwidth || v.Class != ClassNormal {
			t.Errorf("%s: %s decides, class %s", tc.file, deciding, v.Class)
		}
		for _, r := range v.Rows {
			if r.Regime == RegimeBandwidth && r.Fraction < tc.bandwidthFloor {
				t.Errorf("%s line %d: bandwidth-bound fraction %.3f", tc.file, r.Line, r.Fraction)
			}
		}
	}
}

// TestClassOfRanges checks the class rule at each regime's bounds: normal
// on its floor and ceiling, above over the ceiling, below under the floor
// down to FarBelowFloor ÷ NormalFloor of it, far below under that.
func TestClassOfRanges(t *testing.T) {
	for _, name := range []string{RegimeLatency, RegimeMiddle, RegimeBandwidth} {
		floor, ceiling := Range(name)
		far := floor * FarBelowFloor / NormalFloor
		for _, c := range []struct {
			f    float64
			want string
		}{
			{floor, ClassNormal}, {ceiling, ClassNormal}, {ceiling * 1.001, ClassAbove},
			{floor * 0.999, ClassBelow}, {far, ClassBelow}, {far * 0.999, ClassFarBelow},
		} {
			if got := classOf(name, c.f); got != c.want {
				t.Errorf("%s at %.4f: %s, want %s", name, c.f, got, c.want)
			}
		}
	}
}
