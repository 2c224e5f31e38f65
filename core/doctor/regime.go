package doctor

import (
	"math"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/units"
)

// The regimes of a size, from the two terms of the model's time for it
// (Expected.BetaShare = β ÷ (α + β)):
//
//   - latency-bound: β < α (share < LatencyShare): the time is mostly
//     start-up (NCCL's latency, launch, the network plugin's start-up);
//   - bandwidth-bound: β ≥ 19 α (share ≥ BandwidthShare): within 5 % of
//     the size over the rate the hardware reaches;
//   - middle: in between, where the pipeline fills.
//
// Every regime is judged against the predicted run time of NCCL's choice
// (cost.NCCLPrediction), each within its own range (Range): the
// prediction's error on the corpus of published sweeps
// (docs/nccl-model.md) differs by regime.
const (
	RegimeLatency   = cost.RegimeLatency
	RegimeMiddle    = cost.RegimeMiddle
	RegimeBandwidth = cost.RegimeBandwidth

	LatencyShare   = cost.LatencyShare
	BandwidthShare = cost.BandwidthShare
)

// The verdict's classes, from the mean fraction of expected that the
// deciding regime's rows reach (Verdict.Fraction): the bandwidth-bound
// rows, or without them the middle ones.
const (
	ClassNormal      = "normal"       // within the deciding regime's Range
	ClassBelow       = "below"        // under its floor, ≥ FarBelowFloor ÷ NormalFloor of it
	ClassFarBelow    = "far-below"    // under that
	ClassAbove       = "above"        // over its ceiling: the preset is likely not the system
	ClassCannotJudge = "cannot-judge" // no preset, only latency-bound rows, …
)

// The bounds of the bandwidth-bound regime. NormalFloor is 1 ÷ 1.25: on
// bandwidth-bound rows the prediction is within 0.91–1.14 × a published
// healthy log's busbw, so a mean of 80 % or more is within the model's
// error. AboveCeiling is 1.2: reaching 120 % means the preset undersells
// the machine. FarBelowFloor is one half: what a lost NIC rail, sockets
// instead of RDMA or GPU Direct RDMA off typically cost.
const (
	NormalFloor   = 0.80
	FarBelowFloor = 0.50
	AboveCeiling  = 1.20
)

// Range is the fractions of expected (measured ÷ predicted busbw) a
// healthy run's rows of a regime reach; a row outside it departs from the
// model. Bandwidth-bound: NormalFloor to AboveCeiling (the prediction is
// 0.91–1.06 × healthy published sweeps there). Middle: 0.80 to 1.25, the
// targets the prediction meets on the corpus (±15 % on one node, ±20 %
// across nodes) with room for the run-to-run spread; the network plugins'
// known misses (EFA at 64–128 MiB, up to 1.44 × off) depart by this rule,
// and the verdict says so. Latency-bound:
// 0.70 to 1.40, where the corpus' healthy rows reach 0.77–1.3 apart from
// single noisy rows.
func Range(regime string) (floor, ceiling float64) {
	switch regime {
	case RegimeBandwidth:
		return NormalFloor, AboveCeiling
	case RegimeMiddle:
		return 0.80, 1.25
	}
	return 0.70, 1.40
}

// regimeOf is the regime of a size whose model time has bandwidth share s.
func regimeOf(s float64) string { return cost.RegimeOfShare(s) }

// regimeName is a regime's name as a message.
func regimeName(regime string) Text {
	switch regime {
	case RegimeBandwidth:
		return say("doctor.regime.bandwidth-bound")
	case RegimeMiddle:
		return say("doctor.regime.middle")
	}
	return say("doctor.regime.latency-bound")
}

// classOf is the class of a deciding regime's mean fraction f: above its
// range above, normal within it, far below under FarBelowFloor ÷
// NormalFloor of its floor (one half for bandwidth-bound rows), below in
// between.
func classOf(regime string, f float64) string {
	floor, ceiling := Range(regime)
	switch {
	case f > ceiling:
		return ClassAbove
	case f >= floor:
		return ClassNormal
	case f >= floor*FarBelowFloor/NormalFloor:
		return ClassBelow
	}
	return ClassFarBelow
}

// Regime sums up the rows of one regime: how many points, the mean
// fraction of expected they reach, their size range, the range a healthy
// run reaches (Floor, Ceiling), the sizes that depart from it and the
// furthest departure (Worst, at WorstBytes; 0 when none departs), with the
// sentence that says so. Decides is true for the regime the class comes
// from. Every regime is judged.
type Regime struct {
	Name       string  `json:"name"`
	Points     int     `json:"points"`
	Fraction   float64 `json:"fraction"`
	MinBytes   int64   `json:"min_bytes"`
	MaxBytes   int64   `json:"max_bytes"`
	Floor      float64 `json:"floor"`
	Ceiling    float64 `json:"ceiling"`
	Judged     bool    `json:"judged"`
	Decides    bool    `json:"decides"`
	Departs    []int64 `json:"departs"`
	Worst      float64 `json:"worst,omitempty"`
	WorstBytes int64   `json:"worst_bytes,omitempty"`
	Departure  *Text   `json:"departure,omitempty"`
}

// departs reports whether a row of regime at fraction f is outside the
// regime's range.
func departs(regime string, f float64) bool {
	floor, ceiling := Range(regime)
	return f < floor || f > ceiling
}

// regimes sums rows up per regime, in the order latency-bound, middle,
// bandwidth-bound, leaving out regimes without rows; the bandwidth-bound
// regime decides the class, or without it the middle one. Latency-bound
// rows alone are judged row by row but decide nothing: a start-up says
// little about the system's bandwidth. O(rows).
func regimes(rows []Row) []Regime {
	var out []Regime
	for _, name := range []string{RegimeLatency, RegimeMiddle, RegimeBandwidth} {
		floor, ceiling := Range(name)
		g := Regime{Name: name, Floor: floor, Ceiling: ceiling, Judged: true, Departs: []int64{}}
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
			if !r.Departs {
				continue
			}
			if len(g.Departs) == 0 || g.Departs[len(g.Departs)-1] != r.SizeBytes {
				g.Departs = append(g.Departs, r.SizeBytes)
			}
			if g.Worst == 0 || math.Abs(math.Log(r.Fraction)) > math.Abs(math.Log(g.Worst)) {
				g.Worst, g.WorstBytes = r.Fraction, r.SizeBytes
			}
		}
		if g.Points == 0 {
			continue
		}
		g.Fraction = sum / float64(g.Points)
		if len(g.Departs) > 0 {
			t := say("doctor.regime.departs", regimeName(name), len(g.Departs), 100*floor, 100*ceiling,
				units.FormatBytes(float64(g.WorstBytes), true), 100*g.Worst)
			g.Departure = &t
		}
		out = append(out, g)
	}
	if n := len(out); n > 0 && out[n-1].Name != RegimeLatency {
		out[n-1].Decides = true // bandwidth-bound, else middle: the last present
	}
	return out
}
