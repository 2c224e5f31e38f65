package cost

// The regimes of a call, from the share of its model time that grows with
// the size (β, with γ where the model has one: share = β ÷ (α + β)):
//
//   - latency-bound: β < α (share < LatencyShare): busbw is under half its
//     peak, set mostly by the per-message latency;
//   - bandwidth-bound: β ≥ 19 α (share ≥ BandwidthShare): busbw is within
//     5 % of its peak, set by the links' bandwidth;
//   - middle: in between.
//
// This is the one regime rule of every face and of the doctor.
const (
	RegimeLatency   = "latency-bound"
	RegimeMiddle    = "middle"
	RegimeBandwidth = "bandwidth-bound"

	LatencyShare   = 0.5
	BandwidthShare = 0.95
)

// RegimeOfShare is the regime of a time whose size-dependent part is
// share of the whole (0 for a time of 0).
func RegimeOfShare(share float64) string {
	switch {
	case share >= BandwidthShare:
		return RegimeBandwidth
	case share >= LatencyShare:
		return RegimeMiddle
	}
	return RegimeLatency
}

// RegimeOf is the regime of a time made of a latency term alpha and a
// size-dependent term beta (bandwidth and reduction), both in seconds.
func RegimeOf(alpha, beta float64) string {
	share := 0.0
	if t := alpha + beta; t > 0 {
		share = beta / t
	}
	return RegimeOfShare(share)
}
