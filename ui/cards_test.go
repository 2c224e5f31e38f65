package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

func TestDeriveCards(t *testing.T) {
	s := NewState("view=derive&ranks=8&size=100MiB", "en")
	a := NewApp(s)
	start := time.Now()
	cards := a.Derive.DeriveCards()
	t.Logf("derive cards in %s", time.Since(start))
	if len(cards) != 4 {
		t.Fatalf("%d cards, want the appendix's 4", len(cards))
	}
	// Card 1 shows the ring's 2(P−1)/P·M = 175 MiB for P = 8, M = 100 MiB,
	// exact first (units.ExactBytes).
	if !strings.Contains(strings.Join(cards[0].Lines, " "), "2·7/8·100 MiB = 183500800 B (175 MiB, 183.5 MB)") {
		t.Errorf("ring card: %q", cards[0].Lines)
	}
	// Card 2: RS + AG == AR holds (✓), from three independent evaluations.
	if !strings.Contains(strings.Join(cards[1].Lines, " "), "✓") {
		t.Errorf("RS+AG card: %q", cards[1].Lines)
	}
	html := render(t, a)
	mustContain(t, html, `id="d-ring"`, `id="d-rsag"`, `id="d-ringtree"`, `id="d-hier"`)
}

// TestDeriveZeROMemory: card 2 gives the lecture's 70B × 16 B = 1120 GB and,
// sharded by ZeRO-3 over 64 ranks, 17.5 GB per rank (the planner's acceptance
// values), both from core/plan.
func TestDeriveZeROMemory(t *testing.T) {
	cards := NewApp(NewState("view=derive&ranks=64&size=100MiB", "en")).Derive.DeriveCards()
	lines := strings.Join(cards[1].Lines, " ")
	for _, want := range []string{"70B × 16 B = 1120 GB", "P = 64 ranks (ZeRO-3): 16 B × 70B / P = 17.5 GB per rank"} {
		if !strings.Contains(lines, want) {
			t.Errorf("ZeRO lines lack %q: %q", want, lines)
		}
	}
}

func TestUnitsConverter(t *testing.T) {
	cases := []struct {
		in, id, want, reason string
	}{
		{"400Gbps", "u-Bps", "50 GB/s", "the lecture's NIC: bits to bytes"},
		{"100MiB", "u-B", "104857600 B", "a binary size, exactly"},
		{"100MiB", "u-dec", "104.9 MB", "and in decimal units"},
		{"14GB", "u-bin", "13 GiB", "decimal to binary"},
	}
	for _, tc := range cases {
		s := NewState("view=units", "en")
		a := NewApp(s)
		a.Units.SetConv(tc.in)
		found := false
		for _, r := range a.Units.ConvRows() {
			if r.ID == tc.id {
				found = true
				if r.Value != tc.want {
					t.Errorf("%s: %s = %q, want %q", tc.reason, tc.id, r.Value, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s row", tc.reason, tc.id)
		}
	}
	a := NewApp(NewState("view=units", "en"))
	a.Units.SetConv("fast")
	if a.Units.ConvErr() == "" {
		t.Error("no message for a text that is neither a rate nor a size")
	}
	mustContain(t, a.Units.WorkedExample(), "311") // 14 GB / 45 GB/s = 0.311 s (lecture 09, §1.1)
	html := render(t, a)
	mustContain(t, html, "18×", "9×")
}

func TestPitfallsRevealCoreAnswers(t *testing.T) {
	s := NewState("view=pitfalls", "en")
	a := NewApp(s)
	qs := a.Pitfalls.Quizzes()
	if len(qs) != 6 {
		t.Fatalf("%d cards", len(qs))
	}
	html := render(t, a)
	if strings.Contains(html, `class="answer"`) {
		t.Fatal("answers shown before the learner guesses")
	}
	a.Pitfalls.SetGuess("q-ring", "100 MiB")
	a.Pitfalls.Reveal("q-ring")
	r, _ := cost.Evaluate(cost.Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: 8, Size: 100 << 20, ElemSize: 4, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6})
	html = render(t, a)
	mustContain(t, html, "you said: 100 MiB", BytesShort(r.BytesSentPerRank))
	if qs[5].Answer != "ring 4094 steps, tree 2·log₂P = 22" {
		t.Errorf("P = 2048 steps card: %q (lecture 09, §5.1–§5.2: 4094 and 22)", qs[5].Answer)
	}
}

// TestPyramidPerDirection: the pyramid's per-direction column is core's
// presets — NVLink 4 450 GB/s against the lecture's 900 GB/s bidirectional,
// PCIe Gen5 64 GB/s, 400G IB 50 GB/s, Ethernet 12.5–25 GB/s.
func TestPyramidPerDirection(t *testing.T) {
	got := map[string]string{}
	for _, tier := range NewApp(NewState("view=units", "en")).Units.PyramidTiers() {
		got[tier.Lecture] = tier.PerDir
	}
	for lecture, want := range map[string]string{
		"900 GB/s (bidirectional total)": "450 GB/s", "64 GB/s": "64 GB/s",
		"50 GB/s (400 Gbps)": "50 GB/s", "10–25 GB/s": "12.5 GB/s – 25 GB/s",
	} {
		if got[lecture] != want {
			t.Errorf("tier %q: per direction %q, want %q (all: %v)", lecture, got[lecture], want, got)
		}
	}
}
