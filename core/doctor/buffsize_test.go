package doctor

import (
	"errors"
	"os"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
)

// TestBuffSize: NCCL_BUFFSIZE reaches the expectation from the log's
// command line and from the options alike, the options winning. A log
// that sets 65536 on its first line is judged as the same log without
// that line given --nccl-buffsize 65536 (same fraction, the knob placed on
// line 1 in one and on no line in the other); given NCCL's default (4 MiB)
// over the log's word, it is judged as the log with nothing set; a buffer
// NCCL's model refuses is refused on the field.
func TestBuffSize(t *testing.T) {
	const path = "../cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt"
	plain, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set := append([]byte("NCCL_BUFFSIZE=65536 ./build/all_reduce_perf -b 8 -e 8G -f 2 -g 8\n"), plain...)
	judge := func(data []byte, o Options) *Verdict {
		t.Helper()
		v, _ := Judge(data, o)
		if v == nil || v.Basis == nil {
			t.Fatalf("options %+v: no verdict with a basis", o)
		}
		return v
	}
	fromLog := judge(set, Options{})
	given := judge(plain, Options{NCCLBuffSize: "65536"})
	free := judge(plain, Options{})
	if len(fromLog.Basis.Forced) != 1 || fromLog.Basis.Forced[0] != (Knob{Name: "NCCL_BUFFSIZE", Value: "65536", Line: 1}) {
		t.Errorf("the log's setting: forced %+v, want NCCL_BUFFSIZE=65536 on line 1", fromLog.Basis.Forced)
	}
	if len(given.Basis.Forced) != 1 || given.Basis.Forced[0] != (Knob{Name: "NCCL_BUFFSIZE", Value: "65536"}) {
		t.Errorf("the option: forced %+v, want NCCL_BUFFSIZE=65536 on no line", given.Basis.Forced)
	}
	if fromLog.Fraction != given.Fraction || fromLog.Fraction == free.Fraction {
		t.Errorf("fractions: from the log %.4f, given %.4f, nothing set %.4f; want the first two equal and unlike the third",
			fromLog.Fraction, given.Fraction, free.Fraction)
	}
	if d := judge(set, Options{NCCLBuffSize: "4MiB"}); d.Fraction != free.Fraction {
		t.Errorf("NCCL's default given over the log's 65536: fraction %.4f, want %.4f as with nothing set", d.Fraction, free.Fraction)
	}
	for _, bad := range []string{"junk", "1KiB", "2GiB"} {
		var fe *fielderr.Error
		if err := (Options{NCCLBuffSize: bad}).Check(); !errors.As(err, &fe) || fe.Field != "nccl-buffsize" {
			t.Errorf("buffer %q: %v, want an error on nccl-buffsize", bad, err)
		}
	}
}
