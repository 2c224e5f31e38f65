package doctor

import "github.com/ccplay/ccplay/core/cost"

// The regimes of a size, from the two terms of the model's time for it
// (Expected.BetaShare = β ÷ (α + β)):
//
//   - latency-bound: β < α (share < LatencyShare): the model's busbw is
//     under half its peak, set mostly by NCCL's latency constants;
//   - bandwidth-bound: β ≥ 19 α (share ≥ BandwidthShare): the model's
//     busbw is within 5 % of its peak, set by the hardware's bandwidth;
//   - middle: in between.
//
// Only the bandwidth-bound regime is judged. Against the four published
// all_reduce_perf sweeps of docs/nccl-model.md, NCCL's model gives 0.91 to
// 1.29 × the measured busbw on bandwidth-bound rows (the mean per sweep
// 0.97 to 1.03), but up to 1.5 × (one H100 node, 2–64 MiB) and 5.6 ×
// (GPUDirect-TCPXO) in the other two: NCCL's estimate leaves out pipeline
// start-up and network plugins' per-operation costs.
const (
	RegimeLatency   = cost.RegimeLatency
	RegimeMiddle    = cost.RegimeMiddle
	RegimeBandwidth = cost.RegimeBandwidth

	LatencyShare   = cost.LatencyShare
	BandwidthShare = cost.BandwidthShare
)

// The verdict's classes, from the mean fraction of expected that the
// bandwidth-bound rows reach (Verdict.Fraction).
const (
	ClassNormal      = "normal"       // ≥ NormalFloor and ≤ AboveCeiling
	ClassBelow       = "below"        // ≥ FarBelowFloor, < NormalFloor
	ClassFarBelow    = "far-below"    // < FarBelowFloor
	ClassAbove       = "above"        // > AboveCeiling: the preset is likely not the system
	ClassCannotJudge = "cannot-judge" // no preset, no bandwidth-bound row, …
)

// The bounds of the classes. NormalFloor is 1 ÷ 1.25: the model is at
// most 1.29 × a published healthy log's busbw on its first bandwidth-bound
// row and 1.14 × from the next, so a mean of 80 % or more is within the
// model's error. AboveCeiling is 1.2: the model is never below 0.91 × a
// published log, so reaching 120 % means the preset undersells the
// machine. FarBelowFloor is one half: what a lost NIC rail, sockets instead
// of RDMA or GPU Direct RDMA off typically cost.
const (
	NormalFloor   = 0.80
	FarBelowFloor = 0.50
	AboveCeiling  = 1.20
)

// departFloor is the fraction below which a row of a regime departs from
// the model: 0.80 for bandwidth-bound rows (NormalFloor); 0.45 in the
// middle, where healthy published sweeps reach 0.45 (two AWS p5 nodes over
// EFA) to 0.8 (one H100 node); 0.25 when latency-bound, where they reach
// 0.26 (EFA) to 0.8. Healthy runs over GPUDirect-TCPXO (0.18 there) depart
// by this rule: the plugin's costs are outside NCCL's model.
func departFloor(regime string) float64 {
	switch regime {
	case RegimeBandwidth:
		return NormalFloor
	case RegimeMiddle:
		return 0.45
	}
	return 0.25
}

// regimeOf is the regime of a size whose model time has bandwidth share s.
func regimeOf(s float64) string { return cost.RegimeOfShare(s) }

// classOf is the class of a bandwidth-bound mean fraction f.
func classOf(f float64) string {
	switch {
	case f > AboveCeiling:
		return ClassAbove
	case f >= NormalFloor:
		return ClassNormal
	case f >= FarBelowFloor:
		return ClassBelow
	}
	return ClassFarBelow
}

// Regime sums up the rows of one regime: how many points, the mean
// fraction of expected they reach, their size range, and the sizes that
// depart (below Floor, or, bandwidth-bound, above AboveCeiling). Judged is
// true only for the bandwidth-bound regime.
type Regime struct {
	Name     string  `json:"name"`
	Points   int     `json:"points"`
	Fraction float64 `json:"fraction"`
	MinBytes int64   `json:"min_bytes"`
	MaxBytes int64   `json:"max_bytes"`
	Floor    float64 `json:"floor"`
	Judged   bool    `json:"judged"`
	Departs  []int64 `json:"departs"`
}

// regimes sums rows up per regime, in the order latency-bound, middle,
// bandwidth-bound, leaving out regimes without rows. O(rows).
func regimes(rows []Row) []Regime {
	var out []Regime
	for _, name := range []string{RegimeLatency, RegimeMiddle, RegimeBandwidth} {
		g := Regime{Name: name, Floor: departFloor(name), Judged: name == RegimeBandwidth, Departs: []int64{}}
		sum := 0.0
		for _, r := range rows {
			if r.Regime != name {
				continue
			}
			if g.Points == 0 || r.SizeBytes < g.MinBytes {
				g.MinBytes = r.SizeBytes
			}
			g.MaxBytes = max(g.MaxBytes, r.SizeBytes)
			g.Points++
			sum += r.Fraction
			if r.Departs && (len(g.Departs) == 0 || g.Departs[len(g.Departs)-1] != r.SizeBytes) {
				g.Departs = append(g.Departs, r.SizeBytes)
			}
		}
		if g.Points > 0 {
			g.Fraction = sum / float64(g.Points)
			out = append(out, g)
		}
	}
	return out
}
