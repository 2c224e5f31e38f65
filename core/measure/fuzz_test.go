package measure

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// FuzzParse: any input gives either a *fielderr.Error or a Set whose
// points keep Point's invariants; never a panic. Seeds: every test input
// and a few hand-made edge cases.
func FuzzParse(f *testing.F) {
	for _, dir := range []string{"testdata", ncclData} {
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil && filepath.Ext(p) != ".py" {
				f.Add(b)
			}
		}
	}
	for _, s := range []string{
		"", "{}", "[]", `{"series":null}`, `{"pingpong":[]}`, `{"ranks":2,"series":[{"collective":"allreduce","algorithm":"ring","rows":[{"size_bytes":8,"time_s":1e-5,"busbw_GBps":1}]}]}`,
		`{"ranks":2,"series":[{"collective":"broadcast","algorithm":"ring","chunks":-1,"rows":[]}]}`,
		`{"results":[{"size":8,"count":2,"type":"float","out_of_place":{"time":"nan"}}]}`,
		"#  size  count  type  redop  root  time  algbw  busbw  #wrong\n  8  2  float  sum  -1  10.0  0  0  0\n",
		"# Collective test concluded: all_gather_perf\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opt := range []Options{{}, {Collective: prim.AllReduce, Ranks: 4}} {
			set, err := Parse(data, opt)
			if err != nil {
				var fe *fielderr.Error
				if !errors.As(err, &fe) {
					t.Fatalf("error %T %v is not a *fielderr.Error", err, err)
				}
				continue
			}
			for _, s := range set.Series {
				for _, p := range s.Points {
					if p.Collective != s.Collective || p.Ranks < 2 || p.SizeBytes <= 0 || !(p.TimeS > 0) || math.IsInf(p.TimeS, 0) ||
						!(p.BusBwBps >= 0) || math.IsInf(p.BusBwBps, 0) || (p.Algorithm != "" && sched.Check(p.Collective, p.Algorithm) != nil) {
						t.Fatalf("point breaks the invariants: %+v", p)
					}
				}
				// Fitting and comparing never panic either.
				_, _, _ = LineFit(s)
				if a := s.Algorithm; a != "" {
					_, _, _ = ModelFit(s, a)
				}
			}
		}
	})
}
