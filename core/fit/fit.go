// Package fit recovers the α-β model's parameters from measurements by
// least squares: a line T = α + β·S through (size, time) points (FitLine),
// or, per algorithm, T = a·α + b·β where a and b are the closed form's α and
// β coefficients for each measured call (Coefficients, FitModel) — for ring
// AllReduce a = 2(P−1) and b = 2(P−1)/P·S. It is the lecture's Experiment 3
// "data fitter". Pure Go: no I/O, no clocks.
package fit

import (
	"math"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Weighting chooses what the least squares minimise.
type Weighting int

const (
	// Relative minimises Σ ((T̂ᵢ − Tᵢ)/Tᵢ)²: every point counts by its
	// relative error, so a sweep over many decades (8 B … 8 GB) fits the
	// small, latency-bound sizes as well as the large ones. The default.
	Relative Weighting = iota
	// Absolute minimises Σ (T̂ᵢ − Tᵢ)²: ordinary least squares, dominated by
	// the largest times.
	Absolute
)

// Sample is one measurement against the model T = A·α + B·β: A and B are
// the call's α and β coefficients (A = 1, B = S for a plain line), Time the
// measured seconds.
type Sample struct {
	A, B float64
	Time float64
}

// Result is a fitted α-β pair and how well it explains the samples.
type Result struct {
	Alpha float64   `json:"alpha_s"`       // seconds per message (step)
	Beta  float64   `json:"beta_s_per_B"`  // seconds per byte
	BwBps float64   `json:"bandwidth_Bps"` // 1/β, 0 if β ≤ 0
	R2    float64   `json:"r2"`            // 1 − SS_res/SS_tot on the raw times (1 = perfect)
	N     int       `json:"n"`             // samples used
	RMSRe float64   `json:"rms_rel_resid"` // √(mean ((T̂−T)/T)²)
	MaxRe float64   `json:"max_rel_resid"` // largest |T̂−T|/T
	Resid []float64 `json:"residuals_s"`   // T̂ᵢ − Tᵢ in seconds, in sample order
}

// Predict is the fitted time of a call with coefficients a and b.
func (r Result) Predict(a, b float64) float64 { return a*r.Alpha + b*r.Beta }

// MaxSamples caps one fit's input.
const MaxSamples = 1 << 20

// FitModel fits T = A·α + B·β to the samples by weighted least squares
// (QR of the column-scaled 2-column design, so α ~ 1e-6 and β ~ 1e-11 are
// resolved without loss). It needs at least two samples whose (A, B) are
// not proportional. Errors name field "samples". O(N).
func FitModel(samples []Sample, w Weighting) (Result, error) {
	if err := check(samples, w); err != nil {
		return Result{}, err
	}
	n := len(samples)
	c1, c2, y := make([]float64, n), make([]float64, n), make([]float64, n)
	for i, s := range samples {
		wt := 1.0
		if w == Relative {
			wt = 1 / s.Time
		}
		c1[i], c2[i], y[i] = s.A*wt, s.B*wt, s.Time*wt
	}
	alpha, beta, ok := solve2(c1, c2, y)
	if !ok {
		return Result{}, fielderr.New("samples", "fit.samples.collinear")
	}
	r := Result{Alpha: alpha, Beta: beta, N: n, Resid: make([]float64, n)}
	if beta > 0 {
		r.BwBps = 1 / beta
	}
	mean := 0.0
	for _, s := range samples {
		mean += s.Time / float64(n)
	}
	var ssRes, ssTot, sumRe2 float64
	for i, s := range samples {
		d := r.Predict(s.A, s.B) - s.Time
		r.Resid[i] = d
		ssRes += d * d
		ssTot += (s.Time - mean) * (s.Time - mean)
		if s.Time > 0 {
			re := math.Abs(d) / s.Time
			sumRe2 += re * re
			r.MaxRe = max(r.MaxRe, re)
		}
	}
	r.RMSRe = math.Sqrt(sumRe2 / float64(n))
	r.R2 = 1
	if ssTot > 0 {
		r.R2 = 1 - ssRes/ssTot
	} else if ssRes > 0 {
		r.R2 = 0
	}
	return r, nil
}

// Point is one (size, time) measurement: S bytes took T seconds.
type Point struct {
	Size float64 `json:"size_bytes"`
	Time float64 `json:"time_s"`
}

// FitLine fits T = α + β·S to the points (FitModel with A = 1, B = S).
func FitLine(points []Point, w Weighting) (Result, error) {
	s := make([]Sample, len(points))
	for i, p := range points {
		if !(p.Size >= 0) || math.IsInf(p.Size, 0) {
			return Result{}, fielderr.New("samples", "fit.point.size", i, p.Size)
		}
		s[i] = Sample{A: 1, B: p.Size, Time: p.Time}
	}
	return FitModel(s, w)
}

// check refuses too few samples and non-finite or impossible values.
func check(samples []Sample, w Weighting) error {
	if w != Relative && w != Absolute {
		return fielderr.New("weighting", "fit.weighting.unknown", w)
	}
	if len(samples) < 2 {
		return fielderr.New("samples", "fit.samples.few", len(samples))
	}
	if len(samples) > MaxSamples {
		return fielderr.New("samples", "fit.samples.many", MaxSamples, len(samples))
	}
	for i, s := range samples {
		switch {
		case !finite(s.A) || !finite(s.B) || s.A < 0 || s.B < 0:
			return fielderr.New("samples", "fit.sample.coefficients", i, s.A, s.B)
		case !finite(s.Time) || s.Time < 0:
			return fielderr.New("samples", "fit.sample.time", i, s.Time)
		case w == Relative && s.Time == 0:
			return fielderr.New("samples", "fit.sample.zero_time", i)
		}
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// solve2 minimises ‖x·c1 + z·c2 − y‖ by Gram–Schmidt QR on the columns
// scaled to unit norm; ok is false when the columns are (nearly) dependent.
func solve2(c1, c2, y []float64) (x, z float64, ok bool) {
	n1, n2 := norm(c1), norm(c2)
	if n1 == 0 || n2 == 0 {
		return 0, 0, false
	}
	q1 := scale(c1, 1/n1)
	u2 := scale(c2, 1/n2)
	r12 := dot(q1, u2)
	v := make([]float64, len(u2))
	for i := range v {
		v[i] = u2[i] - r12*q1[i]
	}
	r22 := norm(v)
	if r22 < 1e-10 {
		return 0, 0, false
	}
	q2 := scale(v, 1/r22)
	b1, b2 := dot(q1, y), dot(q2, y)
	zs := b2 / r22
	xs := b1 - r12*zs
	return xs / n1, zs / n2, true
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func norm(a []float64) float64 { return math.Sqrt(dot(a, a)) }

func scale(a []float64, f float64) []float64 {
	out := make([]float64, len(a))
	for i, x := range a {
		out[i] = x * f
	}
	return out
}
