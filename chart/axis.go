package chart

import "math"

// Scale is how an axis maps values to positions.
type Scale int

const (
	// Linear places v proportionally between Min and Max.
	Linear Scale = iota
	// Log places log(v) proportionally between log(Min) and log(Max); every
	// value must be > 0.
	Log
)

// Tick is one labelled position on an axis, in data units.
type Tick struct {
	Value float64
	Label string
}

// Axis is one axis of a chart in data units. Invariant (checked by Valid):
// Min < Max, and for a Log scale Min > 0. Ticks outside [Min, Max] are not
// drawn.
type Axis struct {
	Label string
	Scale Scale
	Min   float64
	Max   float64
	Ticks []Tick
}

// Valid reports whether the axis can place values.
func (a Axis) Valid() bool {
	if !(a.Min < a.Max) || math.IsInf(a.Min, 0) || math.IsInf(a.Max, 0) {
		return false
	}
	return a.Scale != Log || a.Min > 0
}

// Frac returns where v falls on the axis: 0 at Min, 1 at Max (outside
// [0, 1] for values outside the range). On a Log axis a value ≤ 0 gives NaN.
// O(1).
func (a Axis) Frac(v float64) float64 {
	if a.Scale == Log {
		if v <= 0 {
			return math.NaN()
		}
		lo, hi := math.Log(a.Min), math.Log(a.Max)
		return (math.Log(v) - lo) / (hi - lo)
	}
	return (v - a.Min) / (a.Max - a.Min)
}

// Contains reports whether v lies on the axis (within a relative 1e-9 of its
// ends, so that ticks computed at the ends are kept).
func (a Axis) Contains(v float64) bool {
	f := a.Frac(v)
	return f >= -1e-9 && f <= 1+1e-9
}
