package report

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

// A table asked with a system says which numbers the system supplied, and
// no longer calls NCCL's constants illustrative; one without presets has
// no such line.
func TestTableHeaderNamesSources(t *testing.T) {
	q, err := question.ReadTable(field.Map(map[string]string{"system": "dgx-h100", "model": "nccl", "maxbytes": "64"}))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Table(&b, q.Params, q.Inputs, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"bandwidth 50 GB/s — system dgx-h100", "gpus-per-node 8 — system dgx-h100", "intra-bandwidth 450 GB/s — system dgx-h100"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("header lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "illustrative") {
		t.Errorf("header still calls the model illustrative:\n%s", b.String())
	}
	q, err = question.ReadTable(field.Map(map[string]string{"preset": "ib400"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := Sources(q.Inputs); got != "bandwidth 50 GB/s — preset ib400; latency 5 µs — preset ib400" {
		t.Errorf("ib400: %q", got)
	}
	if q, _ = question.ReadTable(nil); Sources(q.Inputs) != "" {
		t.Errorf("defaults have no preset source: %q", Sources(q.Inputs))
	}
}
