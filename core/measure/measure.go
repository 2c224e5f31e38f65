// Package measure turns a file of measurements into measured points that
// the α-β model can be compared with and fitted to: the JSON report of
// `ccplay bench --json` (whose schema, Bench, lives here so that the CLI
// writes and this package reads one definition) and the output of NVIDIA's
// nccl-tests (text tables in every layout, or the -J JSON report, read by
// package nccltests). Parse detects which one it is given.
//
// A point is one measured call: collective, algorithm (known for ccplay
// bench; "" for nccl-tests, where NCCL chose it), ranks, size in bytes,
// measured time in seconds and bus bandwidth. Points come grouped in Series:
// one per bench series or per nccl-tests table. Fit and Compare then price
// them with core/fit and core/cost; this package computes no cost itself.
//
// Pure Go: no I/O, no clocks, no mutable globals. Bad input gives a
// *fielderr.Error on field "bench" or "nccl-tests" naming the line, row or
// JSON field and what is accepted; never a panic.
package measure

import (
	"bytes"
	"encoding/json"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Formats of a measurement file (Set.Format).
const (
	FormatBench     = "ccplay-bench"    // ccplay bench --json
	FormatNCCLText  = "nccl-tests-text" // nccl-tests' printed tables
	FormatNCCLJSON  = "nccl-tests-json" // nccl-tests -J
	ToolBench       = "ccplay bench"    // Set.Tool
	ToolNCCLTests   = "nccl-tests"      // Set.Tool
	MaxInput        = 64 << 20          // bytes accepted by Parse
	maxBenchSeries  = 1 << 12           // series in one bench report
	maxBenchRowsAll = 1 << 16           // rows over all bench series
)

// Point is one measured call. Invariants (Parse guarantees them):
// Collective is valid, Ranks ≥ 2, SizeBytes > 0, TimeS finite and > 0,
// BusBwBps finite and ≥ 0, Algorithm "" or one that applies to Collective.
type Point struct {
	Collective prim.Collective `json:"collective"`
	Algorithm  sched.Algorithm `json:"algorithm,omitempty"` // "" = unknown (nccl-tests: NCCL chose)
	Ranks      int             `json:"ranks"`
	SizeBytes  int64           `json:"size_bytes"`
	TimeS      float64         `json:"time_s"`
	BusBwBps   float64         `json:"busbw_Bps"`
	// Line is the 1-based line of a text log (0 for JSON).
	Line int `json:"line,omitempty"`
}

// Series is the points of one bench series or one nccl-tests table, in
// file order: one collective, one algorithm (or unknown), one P.
type Series struct {
	Collective prim.Collective `json:"collective"`
	// CollectiveFrom says how the collective is known: "bench" (the
	// report), "log" (nccl-tests names it), "busbw/algbw" (inferred by
	// nccltests.Table.InferCollective) or "option" (Options.Collective).
	CollectiveFrom string          `json:"collective_from"`
	Algorithm      sched.Algorithm `json:"algorithm,omitempty"`
	Ranks          int             `json:"ranks"`
	// RanksFrom is "bench", "log" (device lines) or "option".
	RanksFrom string `json:"ranks_from"`
	Type      string `json:"type"`      // element type as the file names it ("double", "float")
	ElemSize  int    `json:"elem_size"` // its bytes; 1 when the type is unknown
	Chunks    int    `json:"chunks,omitempty"`
	// Variant is "out-of-place" or "in-place" for nccl-tests, "" for bench.
	Variant string  `json:"variant,omitempty"`
	Skipped int     `json:"skipped,omitempty"` // rows without a usable time, or of size 0
	Points  []Point `json:"points"`
}

// Label is "allreduce/ring" or "allreduce/?" (algorithm unknown).
func (s Series) Label() string {
	a := string(s.Algorithm)
	if a == "" {
		a = "?"
	}
	return string(s.Collective) + "/" + a
}

// Set is a parsed measurement file.
type Set struct {
	Format    string   `json:"format"`              // FormatBench, FormatNCCLText or FormatNCCLJSON
	Tool      string   `json:"tool"`                // ToolBench or ToolNCCLTests
	Transport string   `json:"transport,omitempty"` // bench only: tcp or chan
	Series    []Series `json:"series"`
	// Bench is the decoded report when Format is FormatBench.
	Bench *Bench `json:"-"`
}

// Points lists every point of every series, in order. O(points).
func (s *Set) Points() []Point {
	var out []Point
	for _, ser := range s.Series {
		out = append(out, ser.Points...)
	}
	return out
}

// Options override what an nccl-tests log does not say (as ccplay fit's
// --collective, --np and --inplace do); a bench report states all of it,
// so Parse ignores Collective and Ranks for bench and refuses InPlace.
type Options struct {
	Collective prim.Collective // "" = from the log, else inferred
	Ranks      int             // 0 = from the log's device lines
	InPlace    bool            // nccl-tests' in-place columns instead of out-of-place
}

// Detect names the format of data without parsing it fully: FormatBench
// for a JSON object with a "series" or "pingpong" key, FormatNCCLJSON for
// other JSON objects, FormatNCCLText otherwise. O(len(data)) for JSON.
func Detect(data []byte) string {
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(t) == 0 || t[0] != '{' {
		return FormatNCCLText
	}
	var probe map[string]json.RawMessage
	if json.Unmarshal(data, &probe) == nil {
		_, series := probe["series"]
		_, ping := probe["pingpong"]
		if series || ping {
			return FormatBench
		}
	}
	return FormatNCCLJSON
}

// Parse reads a measurement file of any supported format (Detect). Errors
// are *fielderr.Error on field "bench" or "nccl-tests" (or "collective",
// "np" when an nccl-tests table lacks them and opt does not give them).
// O(len(data)).
func Parse(data []byte, opt Options) (*Set, error) {
	if len(data) > MaxInput {
		return nil, fielderr.New("measurements", "measure.input.size", len(data), MaxInput)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fielderr.New("measurements", "measure.input.empty")
	}
	if Detect(data) == FormatBench {
		return ParseBench(data, opt)
	}
	return ParseNCCLTests(data, opt)
}
