package report

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// TestTableLayout pins the layout against nccl-tests' columns.
func TestTableLayout(t *testing.T) {
	p := cost.Params{Collective: "allreduce", Algorithm: "ring", Ranks: 8, Bandwidth: 50e9, Efficiency: 0.9, Latency: 5e-6, Gamma: 1e-12}
	rows := []cost.Row{
		{SizeBytes: 8, Count: 2, Type: "float", Redop: "sum", Root: -1, TimeUs: 70.004, AlgBwGBs: 0.000114, BusBwGBs: 0.0002},
		{SizeBytes: 1 << 30, Count: 1 << 28, Type: "float", Redop: "sum", Root: -1, TimeUs: 41943.5, AlgBwGBs: 25.6, BusBwGBs: 44.8},
		{SizeBytes: 1 << 20, Count: 1 << 18, Type: "float", Redop: "sum", Root: -1, TimeUs: 150.25, AlgBwGBs: 6.98, BusBwGBs: 12.2},
	}
	var b bytes.Buffer
	if err := Table(&b, p, nil, rows); err != nil {
		t.Fatal(err)
	}
	want := `# ccplay expected nccl-tests table: allreduce, ring, 8 ranks, 50 GB/s per direction, α = 5 µs, efficiency 90%, γ = 1e-12 s/B
# These are α-β-γ model predictions, not measurements: put them beside a real nccl-tests run.
# Only nccl-tests' out-of-place columns are shown; #wrong is N/A (a model has nothing to verify).
#
#                                                              out-of-place
#       size         count      type   redop    root     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)
           8             2     float     sum      -1    70.00    0.00    0.00    N/A
  1073741824     268435456     float     sum      -1    41944   25.60   44.80    N/A
     1048576        262144     float     sum      -1    150.2    6.98   12.20    N/A
# Out of bounds values : N/A (a model has nothing to verify)
# Avg bus bandwidth    : 19.0001
#
`
	if got := b.String(); got != want {
		t.Errorf("Table:\n%s\nwant\n%s", got, want)
	}
	if err := Table(failing{}, p, nil, rows); err == nil {
		t.Errorf("a write error must be returned")
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("closed") }
