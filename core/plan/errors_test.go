package plan

import (
	"github.com/ccplay/ccplay/core/msg"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// Bad input is a *fielderr.Error naming the field, never a panic.
func TestFieldErrors(t *testing.T) {
	for _, c := range []struct {
		fields map[string]string
		field  string
		why    string
	}{
		{map[string]string{"model": "gpt5"}, "model", "unknown preset"},
		{map[string]string{"layers": "0"}, "layers", "below 1"},
		{map[string]string{"model": "custom"}, "layers", "custom needs its sizes"},
		{map[string]string{"heads": "48"}, "heads", "48 does not divide 8192"},
		{map[string]string{"kv-heads": "3"}, "kv-heads", "3 does not divide 64 heads"},
		{map[string]string{"dp": "0"}, "dp", "degree below 1"},
		{map[string]string{"tp": "x"}, "tp", "not a number"},
		{map[string]string{"tp": "3"}, "tp", "3 does not divide 64 heads"},
		{map[string]string{"dp": "12"}, "gpus-per-node", "12 GPUs are not whole nodes of 8"},
		{map[string]string{"dp": "8", "nodes": "2"}, "nodes", "2 × 8 ≠ 8"},
		{map[string]string{"sp": "on"}, "sp", "SP needs tp ≥ 2"},
		{map[string]string{"sp": "maybe", "tp": "8"}, "sp", "not on/off"},
		{map[string]string{"zero": "4"}, "zero", "no stage 4"},
		{map[string]string{"zero": "3", "pp": "2", "dp": "4"}, "zero", "ZeRO-3 with pipeline"},
		{map[string]string{"ep": "2", "dp": "8"}, "ep", "dense model"},
		{map[string]string{"model": "mixtral-8x7b", "ep": "3", "dp": "8"}, "ep", "3 does not divide dp 8"},
		{map[string]string{"model": "mixtral-8x7b", "ep": "16", "dp": "16", "gpus-per-node": "8"}, "ep", "16 does not divide 8 experts"},
		{map[string]string{"pp": "81", "dp": "8"}, "pp", "more stages than layers"},
		{map[string]string{"global-batch": "7", "dp": "8"}, "global-batch", "not a multiple of b·dp"},
		{map[string]string{"global-batch": "16", "micro-batches": "3", "dp": "8"}, "global-batch", "disagrees with micro-batches"},
		{map[string]string{"bucket": "3"}, "bucket", "odd byte count"},
		{map[string]string{"bucket": "lots"}, "bucket", "not a size"},
		{map[string]string{"recompute": "some"}, "recompute", "unknown policy"},
		{map[string]string{"order": "tp-dp"}, "order", "two dimensions"},
		{map[string]string{"order": "tp-tp-dp"}, "order", "repeated"},
		{map[string]string{"algorithm": "scatter_allgather"}, "algorithm", "runs none of the planner's collectives"},
		{map[string]string{"algorithm": "fastest"}, "algorithm", "unknown"},
		{map[string]string{"preset": "hbm3"}, "preset", "memory tier"},
		{map[string]string{"bandwidth": "fast"}, "bandwidth", "not a bandwidth"},
		{map[string]string{"intra-latency": "-1us"}, "intra-latency", "negative"},
		{map[string]string{"efficiency": "1.5"}, "efficiency", "above 1"},
		{map[string]string{"peak": "0"}, "peak", "zero peak"},
		{map[string]string{"mfu": "0"}, "mfu", "zero MFU"},
		{map[string]string{"seq": "4095", "tp": "8", "sp": "on"}, "sp", "seq not a multiple of tp"},
		{map[string]string{"top-k": "2"}, "experts", "top-k on a dense model"},
		{map[string]string{"model": "mixtral-8x7b", "top-k": "9"}, "top-k", "more than the experts"},
		{map[string]string{"model": "mixtral-8x7b", "layers": "4096", "hidden": "1048576", "experts": "4096", "moe-ffn": "1048576", "heads": "1024", "kv-heads": "1024"}, "layers", "beyond 10^15 parameters"},
		{map[string]string{"seq": "16777216", "micro-batch": "16777216"}, "micro-batch", "activations beyond 2^50 bytes"},
	} {
		in, err := Parse(field.Map(c.fields))
		if err == nil {
			_, err = Plan(in)
		}
		if all := fielderr.All(err); len(all) == 0 || all[0].Field != c.field {
			t.Errorf("%v (%s): error %v, want a field error on %q first", c.fields, c.why, err, c.field)
		}
	}
}

// The defaults are a valid question, and every field Parse reads is
// documented.
func TestDefaultsAndHelp(t *testing.T) {
	r := mustPlan(t, map[string]string{})
	if r.World != 1 || len(r.Rows) != 0 || r.CommS != 0 {
		t.Errorf("defaults: %d GPUs, %d rows; want one GPU and no communication", r.World, len(r.Rows))
	}
	for _, f := range Fields {
		if !msg.Has(msg.EN, Help(f).ID) || strings.TrimSpace(Help(f).String()) == "" {
			t.Errorf("field %s has no help", f)
		}
	}
}

// A custom model missing several sizes names every one of them at once.
func TestCustomModelNamesEveryMissingField(t *testing.T) {
	_, err := Parse(field.Map(map[string]string{"model": "custom", "layers": "4", "hidden": "512"}))
	got := fielderr.All(err).Fields()
	want := []string{"heads", "kv-heads", "ffn", "vocab"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("missing fields %v, want %v (error %v)", got, want, err)
	}
}
