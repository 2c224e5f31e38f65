package doctor

import (
	"math"

	"github.com/ccplay/ccplay/core/cost"
)

// Expected is what the model gives for one size: the busbw nccl-tests
// would print, the algorithm (and, with NCCL's model, the protocol) it
// picks, and the two terms of its time, α (start-up and pipeline fill)
// and β (size ÷ the rate reached), in µs. With NCCL's model the busbw is
// the predicted run time's (cost.NCCLPrediction) and TunerBusBwGBs what
// NCCL's tuner estimates for its choice.
type Expected struct {
	BusBwGBs      float64 `json:"busbw_GBps"`
	TunerBusBwGBs float64 `json:"tuner_busbw_GBps,omitempty"`
	Algorithm     string  `json:"algorithm"`
	Protocol      string  `json:"protocol,omitempty"`
	AlphaUs       float64 `json:"alpha_us"`
	BetaUs        float64 `json:"beta_us"`
}

// BetaShare is β ÷ (α + β): the share of the model's time that is the
// bandwidth term, which sets a size's regime (see Regime).
func (e Expected) BetaShare() float64 {
	if t := e.AlphaUs + e.BetaUs; t > 0 {
		return e.BetaUs / t
	}
	return 0
}

// expect asks the basis' model about size bytes. With NCCL's model it is
// the predicted run time of cost.NCCL's winning entry (the row cost.Table
// prints for that size): β its bandwidth term (S ÷ the rate the pipeline
// reaches), α its start-up and pipeline fill, so that BetaShare is the
// share of the time the bandwidth takes. With the α-β model it is
// cost.Quick's cheapest algorithm and its Latency and Bandwidth terms.
// O(log size).
func (b *Basis) expect(size int64) (Expected, error) {
	q := b.params
	q.Size = size
	var e Expected
	if b.Model == cost.ModelNCCL {
		r, err := cost.NCCL(q)
		if err != nil {
			return e, err
		}
		pr := r.Predicted
		e.Algorithm, e.Protocol = r.Algorithm, r.Protocol
		e.BusBwGBs, e.TunerBusBwGBs = pr.BusBwBps/1e9, r.BusBwBps/1e9
		e.AlphaUs, e.BetaUs = pr.StartUs+pr.FillUs, pr.BandwidthUs
		return e, nil
	}
	terms, a, err := cost.Quick(q)
	if err != nil {
		return e, err
	}
	e.Algorithm = string(a)
	_, bus := cost.Bandwidths(b.Collective, b.Ranks, size, terms.Time())
	e.BusBwGBs = bus / 1e9
	e.AlphaUs, e.BetaUs = terms.Latency*1e6, (terms.Bandwidth+terms.Compute)*1e6
	return e, nil
}

// PeakSize is the size at which the model's peak is read: 16 GiB, the
// largest size of the published sweeps (docs/nccl-model.md), where every
// model's bandwidth term is over 99 % of its time.
const PeakSize = 16 << 30

// peak is the model's busbw from its bandwidth term alone at PeakSize:
// what the system gives once latency no longer counts.
func (b *Basis) peak() (Expected, float64, error) {
	size := cost.RoundSize(b.Collective, b.Ranks, 4, PeakSize)
	e, err := b.expect(size)
	if err != nil || e.BetaUs <= 0 {
		return e, 0, err
	}
	_, bus := cost.Bandwidths(b.Collective, b.Ranks, size, e.BetaUs*1e-6)
	if math.IsInf(bus, 0) || math.IsNaN(bus) {
		return e, 0, nil
	}
	return e, bus / 1e9, nil
}
