package cost_test

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestTreeScheduleVersusLimit compares the lecture's pipelined-tree model
// (time_s, the many-chunk limit) with the executed double binary tree
// (schedule_time_s, with the chunk count Evaluate picks).
//
// Observed (α = 5 µs, 50 GB/s, γ = 0): the executed tree is never faster than
// the limit for P ≥ 3; for large S its ratio to the limit falls as S grows
// (from 100 MiB to 1 GiB) and rises slowly with P. AllReduce at 1 GiB: 1.02 (P=3), 1.05 (P=8), 1.09 (P=64),
// 1.11 (P=256), 1.13 (P=1024), 1.14 (P=4096); at 100 MiB: 1.06 … 1.46;
// at 1 MiB between 1.0 (P=3, one chunk) and 2.7. P = 2 is the exception: the "double tree" on two
// ranks is a plain exchange of halves (S/2 each way per phase) and beats
// the model's 2·S·β — 2α + S·β against 2α + 2·S·β.
func TestTreeScheduleVersusLimit(t *testing.T) {
	for _, c := range []prim.Collective{prim.AllReduce, prim.Broadcast, prim.Reduce} {
		for _, p := range []int{3, 4, 5, 8, 17, 64, 256} {
			var prev float64
			for _, size := range []int64{1 << 20, 100 << 20, 1 << 30} {
				q := base(c, sched.Tree, p)
				q.Size = size
				r, err := cost.Evaluate(q)
				if err != nil {
					t.Fatal(err)
				}
				if r.Exact || r.ScheduleTimeS == 0 || !strings.Contains(r.Note, "limit") {
					t.Fatalf("%s P=%d S=%d: exact=%v schedule_time_s=%g note=%q; want a labelled limit and the executed time", c, p, size, r.Exact, r.ScheduleTimeS, r.Note)
				}
				ratio := r.ScheduleTimeS / r.TimeS
				if ratio < 1-1e-12 {
					t.Errorf("%s P=%d S=%d: executed %g s beats the limit %g s", c, p, size, r.ScheduleTimeS, r.TimeS)
				}
				if size == 1<<30 && ratio > prev*(1+1e-9) {
					t.Errorf("%s P=%d S=%d: ratio %.4f grew from %.4f; the limit should get closer as S grows", c, p, size, ratio, prev)
				}
				if size == 1<<30 && ratio > 1.15 {
					t.Errorf("%s P=%d at 1 GiB: executed/limit = %.4f, observed ≤ 1.12 up to P = 256", c, p, ratio)
				}
				prev = ratio
			}
		}
	}
	// P = 2: the exchange beats the model, by the amount worked out above.
	q := base(prim.AllReduce, sched.Tree, 2)
	q.Chunks = 1
	r, err := cost.Evaluate(q)
	if err != nil {
		t.Fatal(err)
	}
	s, beta := float64(q.Size), 1/q.Bandwidth
	if want := 2*q.Latency + s*beta; !closeRel(r.ScheduleTimeS, want) {
		t.Errorf("P=2 tree, one chunk: executed %g s, want 2α + S·β = %g s", r.ScheduleTimeS, want)
	}
	if want := 2*q.Latency + 2*s*beta; !closeRel(r.TimeS, want) {
		t.Errorf("P=2 tree limit %g s, want 2⌈log₂2⌉α + 2·S·β = %g s", r.TimeS, want)
	}
}

// TestTreeLimitFormula: the lecture's §5 model 2⌈log₂P⌉·α + 2·S·β (+ S·γ),
// and ⌈log₂P⌉·α + S·β for Broadcast (Reduce adds S·γ).
func TestTreeLimitFormula(t *testing.T) {
	for _, p := range []int{2, 3, 8, 100, 2048, prim.MaxRanks} {
		for _, c := range []prim.Collective{prim.AllReduce, prim.Broadcast, prim.Reduce} {
			q := base(c, sched.Tree, p)
			q.Gamma = 1e-11
			r, err := cost.Evaluate(q)
			if err != nil {
				t.Fatal(err)
			}
			l := float64(sched.Log2Ceil(p))
			s := float64(q.Size)
			want := l*q.Latency + s/q.Bandwidth + s*q.Gamma
			switch c {
			case prim.AllReduce:
				want = 2*l*q.Latency + 2*s/q.Bandwidth + s*q.Gamma
			case prim.Broadcast:
				want = l*q.Latency + s/q.Bandwidth
			}
			if !closeRel(r.TimeS, want) {
				t.Errorf("%s tree P=%d: %g s, the lecture's model %g s", c, p, r.TimeS, want)
			}
			if p > sched.MaxRanks && r.ScheduleTimeS != 0 {
				t.Errorf("%s tree P=%d: schedule_time_s %g above the schedule limit", c, p, r.ScheduleTimeS)
			}
		}
	}
}
