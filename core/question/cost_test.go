package question_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/google/go-cmp/cmp"
)

// Every refused field is named at once, in reading order, each with its
// own message; a field refused is never also an input.
func TestCostNamesEveryBadField(t *testing.T) {
	for _, tt := range []struct {
		reason string
		in     map[string]string
		want   []string
	}{
		{"three parse errors", map[string]string{"ranks": "0", "size": "-1", "bandwidth": "x"}, []string{"ranks", "size", "bandwidth"}},
		{"a preset and a latency", map[string]string{"preset": "pigeon", "latency": "5"}, []string{"latency", "preset"}},
		{"a collective and its dependants skip cross-checks", map[string]string{"collective": "allsum", "algorithm": "ring", "ranks": "x", "root": "3"}, []string{"collective", "ranks"}},
		{"slowdown without a factor, and a bad dtype", map[string]string{"slow-rank": "1", "dtype": "float128"}, []string{"dtype", "slow-rank"}},
		{"non-finite values", map[string]string{"gamma": "NaN", "efficiency": "Inf", "bandwidth": "1e400GB/s"}, []string{"bandwidth", "gamma", "efficiency"}},
	} {
		q, err := question.ReadCost(field.Map(tt.in))
		got := fielderr.All(err).Fields()
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: fields (-want +got):\n%s\n(error %v)", tt.reason, diff, err)
		}
		for _, f := range got {
			if _, ok := q.Inputs[f]; ok {
				t.Errorf("%s: %s is refused and also an input", tt.reason, f)
			}
		}
	}
}

// Every input says where its value came from: given, default, a link
// preset or a system preset.
func TestCostInputsSayWhereFrom(t *testing.T) {
	s, err := topo.LookupSystem("system", "dgx-h200")
	if err != nil {
		t.Fatal(err)
	}
	q, err := question.ReadCost(field.Map(map[string]string{"system": "dgx-h200", "ranks": "16", "latency": "2us"}))
	if err != nil {
		t.Fatal(err)
	}
	sys := field.System("dgx-h200")
	want := map[string]field.Input{
		"ranks":           {Value: 16, From: field.Given},
		"latency":         {Value: 2e-6, From: field.Given},
		"system":          {Value: "dgx-h200", From: field.Given},
		"collective":      {Value: "allreduce", From: field.Default},
		"algorithm":       {Value: "ring", From: field.Default},
		"size":            {Value: int64(100 << 20), From: field.Default},
		"gpus-per-node":   {Value: s.GPUsPerNode, From: sys},
		"bandwidth":       {Value: s.NetworkPerGPU(), From: sys},
		"intra-bandwidth": {Value: s.IntraBandwidth(), From: sys},
	}
	for name, w := range want {
		if got := q.Inputs[name]; got != w {
			t.Errorf("%s: %+v, want %+v", name, got, w)
		}
	}
	if q.Params.Bandwidth != s.NetworkPerGPU() || q.Params.GPUsPerNode != 8 {
		t.Errorf("params %+v do not use the system's values", q.Params)
	}

	q, err = question.ReadCost(field.Map(map[string]string{"preset": "nvlink4", "bandwidth": "100GB/s"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := q.Inputs["latency"]; got.From != field.Preset("nvlink4") || got.Value != 1e-6 {
		t.Errorf("latency from the preset: %+v", got)
	}
	if got := q.Inputs["bandwidth"]; got.From != field.Given || got.Value != 100e9 {
		t.Errorf("bandwidth given over the preset: %+v", got)
	}
}

// The algorithm not named is the collective's default: ring where the
// collective has one, else its own (sendrecv: naive), so a question that
// changes only its collective never strands an algorithm.
func TestCostDefaultAlgorithmFollowsCollective(t *testing.T) {
	for c, want := range map[string]string{"allreduce": "ring", "sendrecv": "naive", "scatter": "naive", "alltoall": "naive"} {
		q, err := question.ReadCost(field.Map(map[string]string{"collective": c}))
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		if got := q.Inputs["algorithm"]; got.Value != want || got.From != field.Default || string(q.Params.Algorithm) != want {
			t.Errorf("%s: algorithm %+v, want %s by default", c, got, want)
		}
	}
}
