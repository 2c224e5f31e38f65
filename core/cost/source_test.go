package cost

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestSourcesCiteLectureOrPaper: every closed form's Source (printed by
// `ccplay cost`, returned by the API, shown in the playground) names the
// lecture by number and section or a published paper, never a file; the ring
// forms cite the lecture sections that derive and tabulate them.
func TestSourcesCiteLectureOrPaper(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			src := formulaOf(c, a).Source
			if src == "" {
				t.Errorf("%s/%s: no source", c, a)
			}
			if strings.Contains(src, ".md") || strings.Contains(src, ".txt") {
				t.Errorf("%s/%s: source %q names a file", c, a, src)
			}
			if !strings.Contains(src, "lecture") && !strings.ContainsAny(src, "0123456789") {
				t.Errorf("%s/%s: source %q names neither the lecture nor a dated paper", c, a, src)
			}
		}
	}
	if src := formulaOf(prim.AllReduce, sched.Ring).Source; !strings.HasPrefix(src, "lecture 09 §4.4 (ring AllReduce) and §7.3 (Experiment 3); Patarasuk & Yuan 2009") {
		t.Errorf("ring AllReduce source %q, want the lecture's §4.4 and §7.3, then Patarasuk & Yuan 2009", src)
	}
}
