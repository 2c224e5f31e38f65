// Package nccltests reads the output of NVIDIA's nccl-tests benchmarks
// (all_reduce_perf and friends): the text tables in every layout the tool
// has printed — the current one (size count type redop root, then time
// algbw busbw #wrong for out-of-place and again for in-place) and the older
// ones (an "error" column instead of "#wrong"; no redop or root column for
// the collectives that have none; "cputime" instead of "time"; the
// per-iteration columns of --per_iter_timing) — and the JSON report of
// nccl-tests' -J option (file version 3, src/util.cu). The layout is read
// from each table's header line, not assumed.
//
// Read goes further: besides the tables it returns the Evidence the log
// holds about the run — the header (collective, threads, one Device per
// "# Rank" line: rank, host, device, GPU model), NCCL's version, the NCCL_*
// settings, and, when NCCL_DEBUG=INFO lines are interleaved, the network
// (NET/IB or NET/Socket, the NICs, RoCE), GPU Direct RDMA, channel counts,
// NVLS, CollNet, the transports between ranks and the topology — each with
// the 1-based line it came from. It reads past bad lines (each a Problem
// naming its line) and says where a log cut off mid-run stops.
//
// Pure Go: no I/O. Every function is one pass over the input, linear in
// its size, which is limited to MaxInput bytes (MaxRows rows, MaxFacts
// facts of each kind).
package nccltests

import (
	"bytes"
	"math"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// Result is one measured variant (out-of-place or in-place) of a row.
// Times in microseconds and bandwidths in GB/s (10⁹ B/s), as printed.
type Result struct {
	TimeUs   float64 `json:"time_us"`
	AlgBwGBs float64 `json:"algbw_GBps"`
	BusBwGBs float64 `json:"busbw_GBps"`
	// Wrong is the #wrong count (or the old "error" column's maximum
	// deviation); NaN when the log says N/A (validation off).
	Wrong float64 `json:"wrong"`
}

// Valid reports whether the time and bandwidths are usable numbers.
func (r Result) Valid() bool {
	return r.TimeUs > 0 && !math.IsNaN(r.TimeUs) && !math.IsInf(r.TimeUs, 0)
}

// Row is one size of a table.
type Row struct {
	Line       int     `json:"line"` // 1-based line in the input (0 for JSON)
	SizeBytes  int64   `json:"size_bytes"`
	Count      int64   `json:"count"`
	Type       string  `json:"type"`
	Redop      string  `json:"redop,omitempty"` // "" where the layout has no redop column
	Root       int     `json:"root"`            // −1 where none (or no root column)
	OutOfPlace *Result `json:"out_of_place,omitempty"`
	InPlace    *Result `json:"in_place,omitempty"`
}

// Table is one benchmark run: its header layout and its rows.
type Table struct {
	// Program is the benchmark's name ("all_reduce_perf") when the log
	// says it (the JSON args, or the text footer "Collective test
	// concluded"); Collective is the collective it measures, "" if unknown.
	Program    string          `json:"program,omitempty"`
	Collective prim.Collective `json:"collective,omitempty"`
	// Ranks counts the "# Rank N" device lines (the JSON devices), 0 if the
	// log has none.
	Ranks int `json:"ranks"`
	// Columns is the header's column names in order ("size", "count", …);
	// empty for JSON.
	Columns []string `json:"columns,omitempty"`
	// WrongColumn is "#wrong", "error" or "nwrong" (JSON).
	WrongColumn string `json:"wrong_column"`
	// AvgBusBwGBs is the footer's "Avg bus bandwidth", 0 if absent.
	AvgBusBwGBs float64 `json:"avg_busbw_GBps,omitempty"`
	Rows        []Row   `json:"rows"`
}

// Log is a parsed nccl-tests output: one table per run it contains.
type Log struct {
	Format string  `json:"format"` // "text" or "json"
	Tables []Table `json:"tables"`
}

// Limits on the input.
const (
	MaxInput = 64 << 20 // bytes
	MaxRows  = 1 << 16  // rows over all tables
)

// Parse reads nccl-tests output: JSON (-J) when the first non-blank byte is
// '{', the text tables otherwise. It returns a *fielderr.Error on field
// "nccl-tests" naming the line and what is wrong; never panics.
func Parse(data []byte) (*Log, error) {
	if len(data) > MaxInput {
		return nil, fielderr.New("nccl-tests", "nccltests.input.big", len(data), MaxInput)
	}
	if isJSON(data) {
		return ParseJSON(data)
	}
	return ParseText(data)
}

// isJSON reports whether the first non-blank byte is '{'.
func isJSON(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

// programs maps nccl-tests binaries to collectives.
var programs = map[string]prim.Collective{
	"all_reduce_perf":     prim.AllReduce,
	"all_gather_perf":     prim.AllGather,
	"reduce_scatter_perf": prim.ReduceScatter,
	"broadcast_perf":      prim.Broadcast,
	"reduce_perf":         prim.Reduce,
	"alltoall_perf":       prim.AllToAll,
	"scatter_perf":        prim.Scatter,
	"gather_perf":         prim.Gather,
	"sendrecv_perf":       prim.SendRecv,
}

// ProgramCollective returns the collective of an nccl-tests binary name or
// path ("./build/all_reduce_perf" → allreduce), "" if it is not one.
func ProgramCollective(name string) (string, prim.Collective) {
	base := name
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '/' || name[i] == '\\' {
			base = name[i+1:]
			break
		}
	}
	if c, ok := programs[base]; ok {
		return base, c
	}
	if c, ok := programs[base+"_perf"]; ok { // "all_reduce"
		return base + "_perf", c
	}
	return "", ""
}
