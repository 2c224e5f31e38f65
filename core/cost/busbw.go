package cost

import "github.com/ccplay/ccplay/core/prim"

// Bandwidths returns nccl-tests' algbw = S / t and busbw = algbw × the
// collective's bus factor on p ranks (doc/PERFORMANCE.md), both in bytes per
// second, for a call of sizeBytes (S as in docs/conventions.md) that took seconds.
// A call that took no time has neither: (0, 0). Every algbw and busbw that
// ccplay shows, modelled or measured, comes from here. O(1).
func Bandwidths(c prim.Collective, p int, sizeBytes int64, seconds float64) (algbw, busbw float64) {
	if !(seconds > 0) {
		return 0, 0
	}
	algbw = float64(sizeBytes) / seconds
	return algbw, algbw * c.BusBwFactor(p)
}
