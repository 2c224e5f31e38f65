package measure

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Bench is the report `ccplay bench --json` prints: the ping-pong sweep,
// the link fitted to it, and one series per collective and algorithm.
// The CLI fills it and encodes it; ParseBench decodes and checks it. Field
// order and tags are the wire format: changing them changes the CLI's
// output.
type Bench struct {
	Transport string        `json:"transport"` // tcp or chan
	Ranks     int           `json:"ranks"`
	Type      string        `json:"type"` // element type, "double"
	Iters     int           `json:"iters"`
	Warmup    int           `json:"warmup"`
	SpinS     float64       `json:"spin_s,omitempty"`     // how long a TCP socket was polled before its rank slept (0: never)
	SpinYield bool          `json:"spin_yield,omitempty"` // the polling yielded the CPU between polls
	PingPong  []BenchPing   `json:"pingpong"`
	Link      *fit.Result   `json:"link,omitempty"` // fitted from the ping-pong
	LinkError string        `json:"link_error,omitempty"`
	Series    []BenchSeries `json:"series"`
}

// BenchPing is one ping-pong size between ranks 0 and 1.
type BenchPing struct {
	SizeBytes int64   `json:"size_bytes"`
	TimeS     float64 `json:"time_s"` // one way (half the round trip)
	BwGBs     float64 `json:"bw_GBps"`
}

// BenchSeries is one collective and algorithm over the size sweep.
type BenchSeries struct {
	Collective string      `json:"collective"`
	Algorithm  string      `json:"algorithm"`
	Chunks     int         `json:"chunks,omitempty"`
	Rows       []BenchRow  `json:"rows"`
	Fit        *fit.Result `json:"fit,omitempty"`
	FitError   string      `json:"fit_error,omitempty"`
}

// BenchRow is one measured size of one collective, in nccl-tests' columns
// plus the model's predictions.
type BenchRow struct {
	SizeBytes int64   `json:"size_bytes"`
	Count     int64   `json:"count"`
	Type      string  `json:"type"`
	Redop     string  `json:"redop"`
	Root      int     `json:"root"`
	TimeS     float64 `json:"time_s"`
	AlgBwGBs  float64 `json:"algbw_GBps"`
	BusBwGBs  float64 `json:"busbw_GBps"`
	Wrong     int     `json:"wrong"`
	ModelS    float64 `json:"model_s,omitempty"` // closed form with the ping-pong link
	ModelDiff float64 `json:"model_diff_pct"`    // DiffPct(ModelS, TimeS): (model − measured)/measured × 100
	FitS      float64 `json:"fit_s,omitempty"`   // this algorithm's own α-β fit
}

// ParseBench decodes and checks a `ccplay bench --json` report and turns
// each series into a Series of points (ping-pong rows are the link's, not a
// collective's, and are not points). Unknown JSON fields are ignored.
// Errors are on field "bench" and name the series, row and JSON field.
func ParseBench(data []byte, opt Options) (*Set, error) {
	if len(data) > MaxInput {
		return nil, fielderr.New("bench", "measure.input.size", len(data), MaxInput)
	}
	if opt.InPlace {
		return nil, fielderr.New("inplace", "measure.bench.inplace")
	}
	var b Bench
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fielderr.New("bench", "measure.bench.json", jsonErr(err))
	}
	if b.Ranks < 2 || b.Ranks > prim.MaxRanks {
		return nil, fielderr.New("bench", "measure.bench.ranks", prim.MaxRanks, b.Ranks)
	}
	if len(b.Series) == 0 {
		return nil, fielderr.New("bench", "measure.bench.no_series")
	}
	if len(b.Series) > maxBenchSeries {
		return nil, fielderr.New("bench", "measure.bench.series_max", maxBenchSeries, len(b.Series))
	}
	elem, typ := 1, b.Type
	if dt, err := cost.ParseDType(b.Type); err == nil {
		elem, typ = dt.Size, dt.Name
	}
	set := &Set{Format: FormatBench, Tool: ToolBench, Transport: b.Transport, Bench: &b}
	rows := 0
	for i, bs := range b.Series {
		where := fmt.Sprintf("series[%d]", i)
		c, err := prim.ParseCollective(bs.Collective)
		if err != nil {
			return nil, fielderr.New("bench", "measure.bench.collective", where, collectiveNames(), bs.Collective)
		}
		a, err := sched.ParseAlgorithm(bs.Algorithm)
		if err != nil || a == sched.Auto {
			return nil, fielderr.New("bench", "measure.bench.algorithm", where, algNames(c), bs.Algorithm)
		}
		if sched.Check(c, a) != nil {
			return nil, fielderr.New("bench", "measure.bench.algorithm_for", where, a, c, c, algNames(c))
		}
		if bs.Chunks < 0 {
			return nil, fielderr.New("bench", "measure.bench.chunks", where, bs.Chunks)
		}
		if rows += len(bs.Rows); rows > maxBenchRowsAll {
			return nil, fielderr.New("bench", "measure.bench.rows_max", maxBenchRowsAll)
		}
		s := Series{Collective: c, CollectiveFrom: "bench", Algorithm: a, Ranks: b.Ranks, RanksFrom: "bench",
			Type: typ, ElemSize: elem, Chunks: bs.Chunks, Points: []Point{}}
		for k, r := range bs.Rows {
			at := fmt.Sprintf("%s.rows[%d]", where, k)
			switch {
			case r.SizeBytes <= 0:
				return nil, fielderr.New("bench", "measure.bench.size", at, r.SizeBytes)
			case !(r.TimeS > 0) || math.IsInf(r.TimeS, 0):
				return nil, fielderr.New("bench", "measure.bench.time", at, r.TimeS)
			case !(r.BusBwGBs >= 0) || math.IsInf(r.BusBwGBs, 0):
				return nil, fielderr.New("bench", "measure.bench.busbw", at, r.BusBwGBs)
			}
			s.Points = append(s.Points, Point{Collective: c, Algorithm: a, Ranks: b.Ranks, SizeBytes: r.SizeBytes, TimeS: r.TimeS, BusBwBps: r.BusBwGBs * 1e9})
		}
		set.Series = append(set.Series, s)
	}
	return set, nil
}

// jsonErr is encoding/json's message without Go type names where it can.
func jsonErr(err error) string {
	var te *json.UnmarshalTypeError
	if e, ok := err.(*json.UnmarshalTypeError); ok {
		te = e
		return fmt.Sprintf("field %s: want a JSON %s, got %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)
	}
	return err.Error()
}

func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"):
		return "integer"
	case strings.HasPrefix(k, "float"):
		return "number"
	case k == "slice":
		return "array"
	case k == "struct", k == "ptr":
		return "object"
	}
	return k
}

func collectiveNames() string {
	var s []string
	for _, c := range prim.Collectives() {
		s = append(s, string(c))
	}
	return strings.Join(s, ", ")
}

func algNames(c prim.Collective) string {
	var s []string
	for _, a := range sched.Applicable(c) {
		s = append(s, string(a))
	}
	return strings.Join(s, ", ")
}
