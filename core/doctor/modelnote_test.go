package doctor

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/msg"
)

// The model note says whose choice the expectation predicts: NCCL's own
// when nothing is forced (or only NCCL_BUFFSIZE, which leaves the choice
// to the tuner), and the tuner's choice under the forced NCCL_ALGO or
// NCCL_PROTO otherwise, naming the setting in both languages with the
// regimes' ranges intact.
func TestModelNoteForced(t *testing.T) {
	data, err := os.ReadFile("../cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt")
	if err != nil {
		t.Fatal(err)
	}
	var rangeText []string
	for _, g := range []string{RegimeLatency, RegimeMiddle, RegimeBandwidth} {
		lo, hi := Range(g)
		rangeText = append(rangeText, fmt.Sprintf("%.0f–%.0f %%", 100*lo, 100*hi))
	}
	for _, tc := range []struct {
		name, prefix string
		o            Options
		id           msg.ID
		names        string
	}{
		{"free", "", Options{}, "doctor.note.nccl", ""},
		{"buffsize only", "", Options{NCCLBuffSize: "1048576"}, "doctor.note.nccl", ""},
		{"algo in the log", "NCCL_ALGO=Tree ./all_reduce_perf -b 8 -e 16G -f 2 -g 1\n", Options{}, "doctor.note.nccl.forced", "NCCL_ALGO=Tree"},
		{"algo and proto given", "", Options{NCCLAlgo: "ring", NCCLProto: "Simple"}, "doctor.note.nccl.forced", "NCCL_ALGO=ring, NCCL_PROTO=Simple"},
	} {
		v, _ := Judge([]byte(tc.prefix+string(data)), Options{System: "dgx-h100", NCCLAlgo: tc.o.NCCLAlgo, NCCLProto: tc.o.NCCLProto, NCCLBuffSize: tc.o.NCCLBuffSize})
		if v == nil || v.Basis == nil || len(v.Notes) == 0 {
			t.Fatalf("%s: no verdict (%+v)", tc.name, v)
		}
		n := v.Notes[0]
		textOK(t, tc.name, n.Text)
		if n.ID != tc.id {
			t.Errorf("%s: note %s, want %s", tc.name, n.ID, tc.id)
			continue
		}
		zh := n.In(msg.ZH)
		for _, r := range rangeText {
			if !strings.Contains(n.Msg, r) || !strings.Contains(zh, r) {
				t.Errorf("%s: range %s missing from %q / %q", tc.name, r, n.Msg, zh)
			}
		}
		if tc.names == "" {
			if strings.Contains(n.Msg, "forced") {
				t.Errorf("%s: %q speaks of forcing", tc.name, n.Msg)
			}
			continue
		}
		if !strings.Contains(n.Msg, "tuner chooses with "+tc.names+" forced") || strings.Contains(n.Msg, "2.30.7's choice") {
			t.Errorf("%s: %q", tc.name, n.Msg)
		}
		if !strings.Contains(zh, "强制 "+tc.names+" 之下 NCCL 2.30.7 的调优器") {
			t.Errorf("%s: zh %q", tc.name, zh)
		}
	}
}
