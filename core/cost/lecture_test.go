package cost_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// TestLectureUnitsWorkedExample follows the lecture's §1.1 end to end through
// the parsers and the cost model: 400 Gbps = 50 GB/s per direction; at 90 %
// protocol efficiency 45 GB/s; 14 GB (a 7B model in bf16) then takes
// 14e9 / 45e9 ≈ 0.31 s — a naive SendRecv of 14 GB with α = 0.
func TestLectureUnitsWorkedExample(t *testing.T) {
	link, err := units.ParseBandwidth("400 Gbps")
	if err != nil {
		t.Fatal(err)
	}
	if link.BytesPerSecond() != 50e9 || link.String() != "50 GB/s" {
		t.Errorf("400 Gbps = %v B/s (%s), want 50e9 (50 GB/s)", link.BytesPerSecond(), link)
	}
	eff, err := units.ParseEfficiency("90%")
	if err != nil {
		t.Fatal(err)
	}
	if got := eff.Apply(link); got.String() != "45 GB/s" {
		t.Errorf("90 %% of 50 GB/s = %s, want 45 GB/s", got)
	}
	size, err := units.ParseSize("14GB")
	if err != nil {
		t.Fatal(err)
	}
	bf16, err := cost.ParseDType("bf16")
	if err != nil {
		t.Fatal(err)
	}
	r, err := cost.Evaluate(cost.Params{Collective: prim.SendRecv, Algorithm: sched.Naive, Ranks: 2,
		Size: int64(size), ElemSize: bf16.Size, Bandwidth: link.BytesPerSecond(), Efficiency: float64(eff)})
	if err != nil {
		t.Fatal(err)
	}
	if r.BandwidthBps != 45e9 {
		t.Errorf("effective bandwidth %g B/s, want 45e9", r.BandwidthBps)
	}
	if want := 14.0 / 45; !closeRel(r.TimeS, want) {
		t.Errorf("14 GB over 45 GB/s: %g s, want 14/45 = %g s", r.TimeS, want)
	}
	if got := cost.FormatSeconds(r.TimeS); got != "311.1 ms" {
		t.Errorf("time prints as %q, want \"311.1 ms\" (≈ 0.31 s)", got)
	}
	if r.Steps != 1 || r.LatencyTermS != 0 || r.BytesSentPerRank != 14e9 {
		t.Errorf("steps %d, latency %g, bytes per rank %d; want 1, 0, 14e9", r.Steps, r.LatencyTermS, r.BytesSentPerRank)
	}
	if got := units.Bandwidth(r.AlgBwBps).String(); got != "45 GB/s" {
		t.Errorf("algbw %s, want 45 GB/s (one message at the link's rate)", got)
	}
}

// TestLectureAlphaBetaCrossover: the lecture's §1.3 crossover size M* = α·B,
// where the α and β terms of one message are equal (5 µs × 50 GB/s = 250 KB).
func TestLectureAlphaBetaCrossover(t *testing.T) {
	r, err := cost.Evaluate(cost.Params{Collective: prim.SendRecv, Algorithm: sched.Naive, Ranks: 2,
		Size: 250_000, ElemSize: 1, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6})
	if err != nil {
		t.Fatal(err)
	}
	if !closeRel(r.LatencyTermS, r.BandwidthTermS) {
		t.Errorf("at M* = α·B = 250 KB: latency term %g s, bandwidth term %g s; want equal", r.LatencyTermS, r.BandwidthTermS)
	}
}
