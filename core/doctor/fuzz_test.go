package doctor

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
)

// Judge never panics on any input; its verdict always marshals, names a
// class, and every sentence it holds is a message both catalogues have.
func FuzzJudge(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txt")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil && len(b) < 16<<10 {
			f.Add(b)
		}
	}
	f.Add([]byte("#  size count type redop root time algbw busbw #wrong\n 8 2 float sum -1 1e-300 0 0 0\n"))
	f.Add([]byte("# size time algbw busbw count\n 8 1.0 0.01 0.01\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Judge(data, Options{})
		if v == nil {
			t.Fatalf("no verdict: %v", err)
		}
		if v.Class == "" {
			t.Fatal("no class")
		}
		if _, err := json.Marshal(AnswerOf(v, err)); err != nil {
			t.Fatalf("answer does not marshal: %v", err)
		}
		texts := append([]Text{v.Summary}, v.Problems...)
		if v.Headline != nil {
			texts = append(texts, *v.Headline)
		}
		for _, c := range v.Causes {
			texts = append(texts, c.Text)
		}
		for _, x := range texts {
			if !msg.Has(msg.EN, x.ID) || !msg.Has(msg.ZH, x.ID) {
				t.Fatalf("%q: no catalogue entry for %s", x.Msg, x.ID)
			}
		}
	})
}

// Judge's options never panic: a bad one is refused on its own field and
// no verdict is given; a good one gives a verdict.
func FuzzOptions(f *testing.F) {
	f.Add("dgx-h100", 16, "allreduce", "Ring", "Simple", "")
	f.Add("", 0, "", "^NVLS,NVLSTree", "LL128", "8MiB")
	f.Add("ws-rtx4090-4x", 4, "alltoall", "allreduce:Tree;allgather:Ring", "", "65536")
	f.Add("x", 1, "y", "Spiral", "^", "-1")
	data, err := os.ReadFile("testdata/h100_16x_2node_gdr_p2p_qps_cmdline.txt")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, system string, ranks int, collective, algo, proto, buffsize string) {
		o := Options{System: system, Ranks: ranks, Collective: collective, NCCLAlgo: algo, NCCLProto: proto, NCCLBuffSize: buffsize}
		v, err := Judge(data, o)
		if v == nil {
			var fe *fielderr.Error
			if !errors.As(err, &fe) || !slices.Contains(OptionFields, fe.Field) {
				t.Fatalf("%+v: refused without naming an option: %v", o, err)
			}
			return
		}
		if v.Class == "" {
			t.Fatalf("%+v: no class", o)
		}
	})
}
