// Package request turns the textual inputs of every front end — CLI flags,
// HTTP query parameters, URL state, JSON bodies — into core values, with one
// error per bad field that names the field and what is accepted. The CLI,
// the HTTP API and the playground share it, so the same input gives the same
// answer (or the same error) everywhere.
package request

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Lookup returns the text of a field and whether it was given.
type Lookup func(name string) (string, bool)

// Defaults are the values of fields that are not given: the lecture's
// Experiment 3 setting (AllReduce of 100 MiB over 400 Gbps = 50 GB/s links
// with α = 5 µs) on 8 ranks with the ring algorithm.
var defaults = map[string]string{
	"collective": "allreduce",
	"algorithm":  "ring",
	"ranks":      "8",
	"size":       "100MiB",
	"bandwidth":  "50GB/s",
	"latency":    "5us",
	"gamma":      "0",
	"efficiency": "1",
	"root":       "0",
	"dtype":      "float",
	"chunks":     "0",
	// Topology: 0 GPUs per node is one flat network; the intra
	// link defaults to NVLink 4 (topo preset nvlink4).
	"gpus-per-node":   "0",
	"intra-bandwidth": "450GB/s",
	"intra-latency":   "1us",
	"model":           "alpha-beta",
}

// Default is the default text of a cost field ("" if it has none).
func Default(name string) string { return defaults[name] }

// CostFields are the fields CostParams reads, in the order the CLI lists them.
var CostFields = append([]string{"collective", "algorithm", "ranks", "size", "bandwidth", "latency", "gamma", "efficiency", "root", "dtype", "chunks",
	"preset", "gpus-per-node", "intra-bandwidth", "intra-latency", "intra-preset", "slow-rank", "slow-factor", "slow-link", "model"}, NCCLFields...)

// value is the trimmed text of the cost field name, or its default.
func value(get Lookup, name string) string { return Text(get, name, defaults[name]) }

// field wraps an error from a parser as a *fielderr.Error for name.
func field(name string, err error) error {
	if fe, ok := err.(*fielderr.Error); ok && fe.Field == name {
		return fe
	}
	return fielderr.On(name, err)
}

// intField parses a base-10 integer in [lo, hi], defaulting as CostParams does.
func intField(get Lookup, name string, lo, hi int) (int, error) {
	return parseIntIn(name, value(get, name), lo, hi)
}

// Int reads the integer field name in [lo, hi], or def when it is not given:
// the one integer reader of the CLI's flags and the API's parameters.
func Int(get Lookup, name string, def, lo, hi int) (int, error) {
	s, ok := get(name)
	if !ok {
		return def, nil
	}
	return parseIntIn(name, strings.TrimSpace(s), lo, hi)
}

func parseIntIn(name, s string, lo, hi int) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < lo || v > hi {
		return 0, fielderr.Errorf(name, "want an integer from %d to %d, got %q", lo, hi, s)
	}
	return v, nil
}

// CostParams reads a cost question. Sizes accept B, KB…PB and KiB…PiB;
// bandwidths bits (Gbps, Gb/s) or bytes (GB/s, GiB/s) per second, per
// direction; latency a duration with its unit; gamma seconds per byte
// reduced (a plain number such as 2e-12); efficiency a fraction or percent.
func CostParams(get Lookup) (cost.Params, error) {
	var p cost.Params
	var err error
	if p.Collective, err = prim.ParseCollective(value(get, "collective")); err != nil {
		return p, field("collective", err)
	}
	if p.Algorithm, err = sched.ParseAlgorithm(value(get, "algorithm")); err != nil {
		return p, field("algorithm", err)
	}
	if err = sched.Check(p.Collective, p.Algorithm); err != nil {
		return p, err
	}
	if p.Ranks, err = intField(get, "ranks", 1, prim.MaxRanks); err != nil {
		return p, err
	}
	if p.Size, err = Size(get, "size", defaults["size"]); err != nil {
		return p, err
	}
	l, err := Link(get, "preset", "", "bandwidth", "latency")
	if err != nil {
		return p, err
	}
	p.Bandwidth, p.Latency = l.Bandwidth, l.Alpha
	g := value(get, "gamma")
	if p.Gamma, err = strconv.ParseFloat(g, 64); err != nil || !(p.Gamma >= 0) || p.Gamma > 1 {
		return p, fielderr.Errorf("gamma", "want seconds per byte reduced, a number from 0 to 1 such as 2e-12, got %q", g)
	}
	if p.Efficiency, err = Fraction(get, "efficiency", defaults["efficiency"]); err != nil {
		return p, err
	}
	if p.Root, err = intField(get, "root", 0, p.Ranks-1); err != nil {
		return p, err
	}
	dt, err := cost.ParseDType(value(get, "dtype"))
	if err != nil {
		return p, err
	}
	p.ElemSize = dt.Size
	if p.Chunks, err = intField(get, "chunks", 0, 1<<40); err != nil {
		return p, err
	}
	if p.Root != 0 && !p.Collective.Rooted() {
		return p, fielderr.Errorf("root", "%s has no root; leave root at 0, got %d", p.Collective, p.Root)
	}
	if err := topology(get, &p); err != nil {
		return p, err
	}
	switch m := strings.ToLower(value(get, "model")); m {
	case cost.ModelAlphaBeta, cost.ModelNCCL:
		p.CostModel = m
	default:
		return p, fielderr.Errorf("model", "unknown cost model %q; accepted: alpha-beta (the α-β-γ cost rule), nccl (NCCL %s's algorithm × protocol tuning model)", m, cost.NCCLVersion)
	}
	if err := ncclFields(get, &p); err != nil {
		return p, err
	}
	return p, p.Validate()
}

// Map adapts a map to a Lookup.
func Map(m map[string]string) Lookup {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}
