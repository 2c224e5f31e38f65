package ui

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

func TestStepsRingAllReduceCompletes(t *testing.T) {
	s := NewState("view=steps&ranks=4", "en")
	a := NewApp(s)
	if a.Steps.AnimReason() != "" {
		t.Fatal(a.Steps.AnimReason())
	}
	rounds := a.Steps.AnimRounds()
	if rounds != 2*(4-1) {
		t.Fatalf("ring AllReduce on 4 ranks: %d rounds, want 2(P−1) = 6", rounds)
	}
	html := render(t, a)
	mustContain(t, html, "before round 1 of 6", `id="a-grid"`)
	// Initially every element holds one rank's data.
	for _, row := range a.Steps.ChunkGrid() {
		for _, c := range row.Cells {
			if c.Text != "1" {
				t.Fatalf("before round 1: cell %q, want 1", c.Text)
			}
		}
	}
	for i := 0; i < rounds; i++ {
		a.Steps.StepBy(1)
	}
	a.Steps.StepBy(1) // clamped at the end
	if a.Steps.pos() != rounds {
		t.Fatalf("round %d after stepping past the end", a.Steps.pos())
	}
	for _, row := range a.Steps.ChunkGrid() {
		for _, c := range row.Cells {
			if c.Text != "4" {
				t.Fatalf("after the last round: cell %q, want 4 (all ranks' data)", c.Text)
			}
		}
	}
	// The round ledger equals sim.RoundRanks of an independently built schedule.
	sc, _ := sched.Build(prim.Spec{Collective: "allreduce", Ranks: 4, Op: prim.Sum, Count: int(s.P.Elems())}, sched.Ring, sched.Options{})
	want := sim.RoundRanks(sc, rounds-1, 4)
	rows := a.Steps.AnimRoundRows()
	if len(rows) != 4 || rows[0].Sent != BytesShort(want[0].Sent) {
		t.Errorf("round ledger %+v, want sent %s", rows, BytesShort(want[0].Sent))
	}
	html = render(t, a)
	mustContain(t, html, "round 6 of 6", "<svg")
}

func TestStepsScrubPlayAndLimit(t *testing.T) {
	s := NewState("view=steps&ranks=8&collective=allgather", "en")
	a := NewApp(s)
	a.Steps.Scrub("3")
	if a.Steps.pos() != 3 {
		t.Fatalf("scrub to 3: round %d", a.Steps.pos())
	}
	a.Steps.Scrub("999")
	if a.Steps.pos() != a.Steps.AnimRounds() {
		t.Errorf("scrub past the end not clamped: %d", a.Steps.pos())
	}
	a.Steps.set(0, true)
	gen := a.Steps.gen
	n := 0
	for a.Steps.Tick(gen) {
		n++
	}
	if a.Steps.pos() != a.Steps.AnimRounds() || a.Steps.isPlaying() {
		t.Errorf("playing to the end: round %d of %d, playing %v", a.Steps.pos(), a.Steps.AnimRounds(), a.Steps.isPlaying())
	}
	s.SetField("ranks", "128")
	if !strings.Contains(a.Steps.AnimReason(), "64") {
		t.Errorf("P = 128: reason %q does not name the limit", a.Steps.AnimReason())
	}
	html := render(t, a)
	mustContain(t, html, `id="a-limit"`)
}

// TestStepsRoundLedgerHeading: the round's ledger heading stands right
// above its table, after the ring-and-tree race (which would otherwise sit
// between the heading and the table it names).
func TestStepsRoundLedgerHeading(t *testing.T) {
	a := NewApp(NewState("view=steps&ranks=8&lang=en", "en"))
	a.Steps.StepBy(1)
	html := render(t, a)
	h, race, table := strings.Index(html, "<h3>This round&#39;s ledger</h3>"), strings.Index(html, `id="a-race"`), strings.Index(html, `id="a-round"`)
	if h < 0 || race < 0 || table < 0 || !(race < h && h < table) {
		t.Errorf("heading at %d, race at %d, table at %d: want race < heading < table", h, race, table)
	}
}
