package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestStepsAgreeWithCore: for every collective × algorithm at P = 4, 5
// and 8, the step-through shows as many rounds as core counts steps
// (cost.Evaluate's Steps where its closed form is exact, and the shown
// schedule's Schedule.Steps built independently by cost.ScheduleOf), and
// every round draws arrows and captions its messages in its own numbering.
func TestStepsAgreeWithCore(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			if a == sched.Auto {
				continue
			}
			for _, p := range []int{4, 5, 8} {
				q := "view=steps&collective=" + string(c) + "&algorithm=" + string(a) + "&ranks=" + strconv.Itoa(p) + "&size=64B&lang=en"
				if a == sched.Hierarchical {
					if p%2 != 0 {
						continue
					}
					q += "&gpus-per-node=2"
				}
				s := NewState(q, "en")
				if s.Err != "" {
					t.Fatalf("%s: %s", q, s.Err)
				}
				st := NewApp(s).Steps
				if r := st.AnimReason(); r != "" {
					t.Fatalf("%s: no animation: %s", q, r)
				}
				pp := s.P
				pp.Algorithm = a
				if sched.Pipelined(c, a) {
					pp.Chunks = 1 // the view steps through the unpipelined form first
				}
				sc, err := cost.ScheduleOf(pp, LedgerMaxTransfers)
				if err != nil {
					t.Fatal(err)
				}
				n := st.AnimRounds()
				if n != sc.Steps() || n == 0 {
					t.Errorf("%s: %d rounds shown, core's schedule has %d steps", q, n, sc.Steps())
				}
				if r, err := cost.Evaluate(pp); err == nil && r.Exact && r.Steps != n {
					t.Errorf("%s: %d rounds shown, cost.Evaluate counts %d steps", q, n, r.Steps)
				}
				for k := 1; k <= n; k++ {
					st.StepBy(1)
					svg := string(st.AnimSVG())
					if !strings.Contains(svg, "<line") {
						t.Errorf("%s round %d: no arrows drawn", q, k)
					}
					cp := st.Caption()
					head := "Round " + strconv.Itoa(k) + " of " + strconv.Itoa(n) + " ("
					if !strings.HasPrefix(cp, head) || !strings.Contains(cp, "→") && !strings.Contains(cp, "every rank i sends") {
						t.Errorf("%s round %d: caption %q, want %q… naming its messages", q, k, cp, head)
					}
					if len(st.AnimRoundRows()) == 0 {
						t.Errorf("%s round %d: the round's ledger is empty", q, k)
					}
				}
			}
		}
	}
}

// TestStepsBruckP4: the lecture's AllToAll by Bruck at P = 4 takes
// ⌈log₂4⌉ = 2 rounds, in the Chinese page too.
func TestStepsBruckP4(t *testing.T) {
	s := NewState("view=steps&collective=alltoall&algorithm=bruck&ranks=4&size=64B&lang=zh", "zh")
	a := NewApp(s)
	if n := a.Steps.AnimRounds(); n != 2 {
		t.Fatalf("Bruck AllToAll at P = 4: %d rounds, want 2", n)
	}
	a.Steps.StepBy(1)
	a.Steps.StepBy(1)
	html := render(t, a)
	mustContain(t, html, "第 2 / 2 步（全交换）：", "完成 ✓ 共 2 步")
}

// TestStepsRace: the race's pipelined tree is the tree cost.Evaluate
// prices (its executed schedule, ScheduleTimeS, with ScheduleSteps steps),
// the unpipelined tree is named as such, and every racer ends at its own
// finish time with all its steps and a full bar once the clock passes it.
func TestStepsRace(t *testing.T) {
	for _, q := range []string{"ranks=8&size=100MiB", "ranks=4&size=32B"} {
		for _, alg := range []string{"ring", "tree"} {
			s := NewState("view=steps&collective=allreduce&algorithm="+alg+"&"+q+"&lang=en", "en")
			st := NewApp(s).Steps
			pp := s.P
			pp.Algorithm, pp.Chunks = sched.Tree, 0
			want, err := cost.Evaluate(pp)
			if err != nil || want.ScheduleTimeS <= 0 {
				t.Fatalf("%s: tree: %v (schedule %g)", q, err, want.ScheduleTimeS)
			}
			rows := st.Race()
			wantRows := 2
			if alg == "tree" {
				wantRows = 3 // ring, the pipelined tree, the unpipelined tree stepped through
			}
			if len(rows) != wantRows {
				t.Fatalf("%s %s: %d racers, want %d", q, alg, len(rows), wantRows)
			}
			tree := rows[1]
			if !strings.Contains(tree.Name, "pipelined in") || tree.Finish != Secs(want.ScheduleTimeS) ||
				!strings.HasSuffix(tree.Rounds, " / "+strconv.Itoa(want.ScheduleSteps)+" rounds") {
				t.Errorf("%s %s: tree racer %+v, want the executed tree %s in %d steps", q, alg, tree, Secs(want.ScheduleTimeS), want.ScheduleSteps)
			}
			if alg == "tree" && !strings.Contains(rows[2].Name, "unpipelined") {
				t.Errorf("%s: the stepped-through tree is named %q", q, rows[2].Name)
			}
			for i := 0; i < st.AnimRounds(); i++ {
				st.StepBy(1)
			}
			clock := st.raceClock(st.race())
			for i, r := range st.race() {
				row := st.Race()[i]
				done := r.finish() <= clock*(1+1e-9)
				full := row.Bar == "width:100.0%"
				all := strings.HasPrefix(row.Rounds, strconv.Itoa(len(r.ends))+" / ")
				if done != full || done != all || row.Finish != Secs(r.finish()) {
					t.Errorf("%s %s at the end: racer %+v (finish %g, clock %g): done %v, full bar %v, all rounds %v",
						q, alg, row, r.finish(), clock, done, full, all)
				}
				if r.shown && !done {
					t.Errorf("%s %s: the shown racer is not done at its last round: %+v", q, alg, row)
				}
			}
		}
	}
}
