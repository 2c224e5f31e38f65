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
	if s.AnimReason() != "" {
		t.Fatal(s.AnimReason())
	}
	rounds := s.AnimRounds()
	if rounds != 2*(4-1) {
		t.Fatalf("ring AllReduce on 4 ranks: %d rounds, want 2(P−1) = 6", rounds)
	}
	html := render(t, &App{S: s})
	mustContain(t, html, "before round 1 of 6", `id="a-grid"`)
	// Initially every element holds one rank's data.
	for _, row := range s.ChunkGrid() {
		for _, c := range row.Cells {
			if c.Text != "1" {
				t.Fatalf("before round 1: cell %q, want 1", c.Text)
			}
		}
	}
	for i := 0; i < rounds; i++ {
		s.StepBy(1)
	}
	s.StepBy(1) // clamped at the end
	if s.Anim.Round != rounds {
		t.Fatalf("round %d after stepping past the end", s.Anim.Round)
	}
	for _, row := range s.ChunkGrid() {
		for _, c := range row.Cells {
			if c.Text != "4" {
				t.Fatalf("after the last round: cell %q, want 4 (all ranks' data)", c.Text)
			}
		}
	}
	// The round ledger equals sim.RoundRanks of an independently built schedule.
	sc, _ := sched.Build(prim.Spec{Collective: "allreduce", Ranks: 4, Op: prim.Sum, Count: int(s.P.Elems())}, sched.Ring, sched.Options{})
	want := sim.RoundRanks(sc, rounds-1, 4)
	rows := s.AnimRoundRows()
	if len(rows) != 4 || rows[0].Sent != BytesShort(want[0].Sent) {
		t.Errorf("round ledger %+v, want sent %s", rows, BytesShort(want[0].Sent))
	}
	html = render(t, &App{S: s})
	mustContain(t, html, "round 6 of 6", "<svg")
}

func TestStepsScrubPlayAndLimit(t *testing.T) {
	s := NewState("view=steps&ranks=8&collective=allgather", "en")
	s.Scrub("3")
	if s.Anim.Round != 3 {
		t.Fatalf("scrub to 3: round %d", s.Anim.Round)
	}
	s.Scrub("999")
	if s.Anim.Round != s.AnimRounds() {
		t.Errorf("scrub past the end not clamped: %d", s.Anim.Round)
	}
	s.Scrub("0")
	s.Anim.Playing = true
	gen := s.Anim.gen
	n := 0
	for s.Tick(gen) {
		n++
	}
	if s.Anim.Round != s.AnimRounds() || s.Anim.Playing {
		t.Errorf("playing to the end: round %d of %d, playing %v", s.Anim.Round, s.AnimRounds(), s.Anim.Playing)
	}
	s.SetField("ranks", "128")
	if !strings.Contains(s.AnimReason(), "64") {
		t.Errorf("P = 128: reason %q does not name the limit", s.AnimReason())
	}
	html := render(t, &App{S: s})
	mustContain(t, html, `id="a-limit"`)
}
