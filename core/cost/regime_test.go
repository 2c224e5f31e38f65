package cost

import "testing"

// TestRegimeOf checks the boundaries of the regime rule (β = α opens the
// middle, β = 19 α the bandwidth-bound regime) and the lecture's
// Experiment 3 (ring AllReduce, P = 8, α = 5 µs, 50 GB/s): 1 KiB is
// latency-bound, 100 MiB bandwidth-bound.
func TestRegimeOf(t *testing.T) {
	for _, tc := range []struct {
		alpha, beta float64
		want        string
	}{
		{0, 0, RegimeLatency}, {1, 0, RegimeLatency}, {0, 1, RegimeBandwidth},
		{1, 0.999, RegimeLatency}, {1, 1, RegimeMiddle}, {1, 18.9, RegimeMiddle}, {1, 19, RegimeBandwidth},
	} {
		if got := RegimeOf(tc.alpha, tc.beta); got != tc.want {
			t.Errorf("RegimeOf(%g, %g) = %s, want %s", tc.alpha, tc.beta, got, tc.want)
		}
	}
	for _, tc := range []struct {
		size int64
		want string
	}{{1 << 10, RegimeLatency}, {100 << 20, RegimeBandwidth}} {
		r, err := Evaluate(Params{Collective: "allreduce", Algorithm: "ring", Ranks: 8, Size: tc.size, ElemSize: 4,
			Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6})
		if err != nil {
			t.Fatal(err)
		}
		if got := RegimeOf(r.LatencyTermS, r.BandwidthTermS+r.ComputeTermS); got != tc.want {
			t.Errorf("%d B: %s (α term %g s, β term %g s), want %s", tc.size, got, r.LatencyTermS, r.BandwidthTermS, tc.want)
		}
	}
}
