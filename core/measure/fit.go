package measure

import (
	"math"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/sched"
)

// LineFit is fit.FitLine of a series' (size, time) points — the
// collective's own latency and inverse bandwidth, T = α + β·S — with the
// fitted time of each point. Relative weighting. O(points).
func LineFit(s Series) (fit.Result, []float64, error) {
	pts := make([]fit.Point, len(s.Points))
	for i, p := range s.Points {
		pts[i] = fit.Point{Size: float64(p.SizeBytes), Time: p.TimeS}
	}
	r, err := fit.FitLine(pts, fit.Relative)
	if err != nil {
		return r, nil, err
	}
	pred := make([]float64, len(s.Points))
	for i, p := range s.Points {
		pred[i] = r.Predict(1, float64(p.SizeBytes))
	}
	return r, pred, nil
}

// ModelFit fits T = A·α + B·β to the series' points, A and B being the
// closed-form coefficients of algorithm a (fit.Coefficients) for the
// series' collective, ranks, element size and chunks at each point's size
// (rounded down to whole elements, as the model counts them). So α is per
// step and 1/β the link's bandwidth, the two numbers of the playground's
// latency and bandwidth controls. It returns the fit and each point's
// fitted time. Relative weighting. O(points × one closed form).
func ModelFit(s Series, a sched.Algorithm) (fit.Result, []float64, error) {
	if err := sched.Check(s.Collective, a); err != nil {
		return fit.Result{}, nil, err
	}
	samples := make([]fit.Sample, 0, len(s.Points))
	for _, p := range s.Points {
		ca, cb, err := fit.Coefficients(cost.Params{Collective: s.Collective, Algorithm: a, Ranks: s.Ranks,
			Size: wholeElems(p.SizeBytes, s.ElemSize), ElemSize: max(s.ElemSize, 1), Chunks: s.Chunks})
		if err != nil {
			return fit.Result{}, nil, err
		}
		samples = append(samples, fit.Sample{A: ca, B: cb, Time: p.TimeS})
	}
	r, err := fit.FitModel(samples, fit.Relative)
	if err != nil {
		return r, nil, err
	}
	pred := make([]float64, len(samples))
	for i, smp := range samples {
		pred[i] = r.Predict(smp.A, smp.B)
	}
	return r, pred, nil
}

// wholeElems rounds size down to whole elements of elem bytes.
func wholeElems(size int64, elem int) int64 {
	if elem <= 1 {
		return size
	}
	return size / int64(elem) * int64(elem)
}

// Comparison is one point against the model.
type Comparison struct {
	Point
	// ModelAlgorithm is the algorithm the model priced: the point's own,
	// or the question's (auto resolved to the one it picks) when the
	// point's is unknown.
	ModelAlgorithm sched.Algorithm `json:"model_algorithm"`
	ModelS         float64         `json:"model_s"`  // cost.Evaluate's time, 0 if Err
	DiffPct        float64         `json:"diff_pct"` // DiffPct(ModelS, TimeS)
	Err            string          `json:"error,omitempty"`
}

// Compare prices every point of s with the question p (its link, latency,
// γ, efficiency, topology, ranks and element size): p's Size becomes the
// point's (rounded down to p's whole elements) and p's Algorithm the
// point's when known, and the time is cost.Evaluate's closed-form time,
// computed without building any schedule (EvaluateDeferred), so a tree at
// large P costs no more than a ring. A point the model cannot price (e.g. a
// size beyond cost.MaxSize) gets Err and no time. p.Collective must be s's;
// otherwise every point gets Err. O(points) closed forms.
func Compare(p cost.Params, s Series) []Comparison {
	out := make([]Comparison, len(s.Points))
	for i, pt := range s.Points {
		c := Comparison{Point: pt}
		q := p
		q.Size = wholeElems(pt.SizeBytes, p.ElemSize)
		if pt.Algorithm != "" {
			q.Algorithm = pt.Algorithm
			if pt.Algorithm != p.Algorithm {
				q.Chunks = 0
			}
		}
		c.ModelAlgorithm = q.Algorithm
		if pt.Collective != p.Collective {
			c.Err = fielderr.New("collective", "measure.point.collective", pt.Collective, p.Collective).Error()
		} else if r, _, err := cost.EvaluateDeferred(q); err != nil { // the closed form's time; no schedule needed
			c.Err = err.Error()
		} else {
			c.ModelS, c.DiffPct = r.TimeS, DiffPct(r.TimeS, pt.TimeS)
			if r.Algorithm != "" {
				c.ModelAlgorithm = sched.Algorithm(r.Algorithm)
			}
		}
		out[i] = c
	}
	return out
}

// DiffPct is how far the model is from a measurement, in percent of the
// measurement: (model − measured)/measured × 100; NaN when measured is not
// > 0. The sign says whether the model is optimistic (−) or pessimistic (+).
func DiffPct(model, measured float64) float64 {
	if !(measured > 0) {
		return math.NaN()
	}
	return (model - measured) / measured * 100
}
