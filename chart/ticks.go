package chart

import (
	"math"
)

// MaxTicks is the most ticks the tick generators return for one axis.
const MaxTicks = 10

// ipow returns base^k by repeated multiplication (or division for k < 0), so
// that powers of 2 and of 10 within float64's exact range come out exact and
// identical on every platform, unlike math.Pow on some architectures.
func ipow(base float64, k int) float64 {
	v := 1.0
	for ; k > 0; k-- {
		v *= base
	}
	d := 1.0
	for ; k < 0; k++ {
		d *= base
	}
	return v / d
}

// floorLog returns the largest k with base^k ≤ v, for v > 0 and base ≥ 2.
// It works on exact powers (no math.Log rounding), O(k²); 0 for v that is
// not a positive finite number.
func floorLog(v, base float64) int {
	if !(v > 0) || math.IsInf(v, 0) {
		return 0
	}
	k := 0
	for ipow(base, k) > v {
		k--
	}
	for ipow(base, k+1) <= v {
		k++
	}
	return k
}

// LogTicks returns ticks at the powers of base (2 or 10, typically) between
// min and max inclusive, labelled by label. If there are more than MaxTicks
// it keeps every s-th power for the smallest s in {2, 3, 5, 10, 20, …} that
// fits, choosing exponents divisible by s (so base 2 with s = 10 gives KiB,
// MiB, GiB). If the range holds fewer than two powers of 10 it adds the 2×
// and 5× multiples (1-2-5 ticks). Requires 0 < min ≤ max. O(log(max/min)).
func LogTicks(min, max, base float64, label func(float64) string) []Tick {
	if !(min > 0 && min <= max) || math.IsInf(max, 0) {
		return nil
	}
	lo, hi := floorLog(min, base), floorLog(max, base)
	if ipow(base, lo) < min {
		lo++
	}
	n := hi - lo + 1
	if base == 10 && n < 2 {
		return niceTicks(min, max, label)
	}
	step := 1
	for _, s := range []int{1, 2, 3, 5, 10, 20, 50, 100} {
		step = s
		if countMultiples(lo, hi, s) <= MaxTicks {
			break
		}
	}
	var ticks []Tick
	for k := lo; k <= hi; k++ {
		if k%step == 0 {
			v := ipow(base, k)
			ticks = append(ticks, Tick{Value: v, Label: label(v)})
		}
	}
	return ticks
}

// countMultiples counts the multiples of s in [lo, hi].
func countMultiples(lo, hi, s int) int {
	n := 0
	for k := lo; k <= hi; k++ {
		if k%s == 0 {
			n++
		}
	}
	return n
}

// niceTicks returns the 1-2-5 multiples of powers of ten in [min, max].
func niceTicks(min, max float64, label func(float64) string) []Tick {
	var ticks []Tick
	for k := floorLog(min, 10); ipow(10, k) <= max; k++ {
		for _, m := range []float64{1, 2, 5} {
			v := m * ipow(10, k)
			if v >= min*(1-1e-12) && v <= max*(1+1e-12) {
				ticks = append(ticks, Tick{Value: v, Label: label(v)})
			}
		}
	}
	return ticks
}

// NiceStep returns the smallest 1-, 2- or 5-times power of ten that is ≥ x
// (x > 0). O(log x).
func NiceStep(x float64) float64 {
	k := floorLog(x, 10)
	for {
		for _, m := range []float64{1, 2, 5} {
			if v := m * ipow(10, k); v >= x {
				return v
			}
		}
		k++
	}
}

// LinearTicks returns ticks from 0 (or the first multiple of the step ≥ min)
// to max at a nice step (1, 2 or 5 × 10^k × unit) chosen so that there are at
// most MaxTicks, labelled by label. unit lets byte axes step in whole KiB or
// MiB: pass 1024^k; pass 1 for plain numbers. Requires min < max, unit > 0.
func LinearTicks(min, max, unit float64, label func(float64) string) []Tick {
	if !(min < max) || !(unit > 0) || math.IsInf(max-min, 0) {
		return nil
	}
	step := NiceStep((max-min)/unit/(MaxTicks-1)) * unit
	first := math.Ceil(min/step-1e-9) * step
	var ticks []Tick
	for i := 0; i <= MaxTicks; i++ {
		v := first + float64(i)*step
		if v > max*(1+1e-12)+1e-300 {
			break
		}
		if v == 0 {
			v = 0 // no negative zero
		}
		ticks = append(ticks, Tick{Value: v, Label: label(v)})
	}
	return ticks
}

// NiceFloor returns the largest 1-2-5 multiple of a power of ten ≤ v (v > 0),
// and NiceCeil the smallest ≥ v: log-axis ends that land on ticks.
func NiceFloor(v float64) float64 {
	k := floorLog(v, 10)
	best := ipow(10, k)
	for _, m := range []float64{2, 5} {
		if c := m * ipow(10, k); c <= v {
			best = c
		}
	}
	return best
}

// NiceCeil: see NiceFloor.
func NiceCeil(v float64) float64 {
	k := floorLog(v, 10)
	if ipow(10, k) == v {
		return v
	}
	for _, m := range []float64{2, 5, 10} {
		if c := m * ipow(10, k); c >= v {
			return c
		}
	}
	return ipow(10, k+1)
}
