package doctor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

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
