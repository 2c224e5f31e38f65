package ui

import (
	"html"
	"strings"
	"testing"
)

// TestStepsTeach: the ring's captions say which chunk each rank sends,
// changed cells are marked, the last round says done ✓ against the
// definition, ring and tree run on one clock; the tree starts unpipelined
// (chunks = 1) and the switch shows the pipelined schedule.
func TestStepsTeach(t *testing.T) {
	s := NewState("collective=allreduce&algorithm=ring&ranks=4&size=32B&view=steps&lang=en", "en")
	a := NewApp(s)
	st := a.Steps
	mustContain(t, render(t, a), "Press “next round”")
	st.StepBy(1)
	html := render(t, a)
	mustContain(t, html, "Round 1 of 6 (reduce-scatter): every rank i sends chunk (i − 1) mod 4 to rank i + 1, which adds it to its own.",
		`class="chunk chg"`, `class="tok"`, "Ring and tree on one clock")
	st.StepBy(4)
	mustContain(t, render(t, a), "Round 5 of 6 (allgather): every rank i sends chunk (i − 1) mod 4 to rank i + 1, which keeps it")
	st.StepBy(1)
	mustContain(t, render(t, a), "Done ✓ after 6 rounds: every rank", "the definition of allreduce.", "6 / 6 rounds")

	s.SetField("algorithm", "tree")
	s.SetField("ranks", "8")
	s.SetField("size", "1MiB")
	if st.AnimRounds() != 6 || st.Piped() {
		t.Fatalf("unpipelined tree on 8 ranks: %d rounds (piped %v), want 6", st.AnimRounds(), st.Piped())
	}
	st.StepBy(1)
	html = render(t, a)
	mustContain(t, html, "Round 1 of 6 (reduce): ", "each receiver adds", `id="a-pipe"`, "Unpipelined (chunks = 1): 6 rounds")
	st.TogglePipe()
	if st.AnimRounds() <= 6 || !strings.Contains(render(t, a), "Pipelined in") {
		t.Fatalf("pipelined tree: %d rounds, want more than 6", st.AnimRounds())
	}
}

// TestStepsGreyDotsExplained: where a round's messages are not whole
// chunks (the hierarchical AllReduce's first round) the dots are grey and
// unnumbered, and the note under the drawing says what a grey dot is; the
// ring's dots are numbered.
func TestStepsGreyDotsExplained(t *testing.T) {
	for _, tc := range []struct {
		q          string
		grey, nums bool
	}{
		{"algorithm=hierarchical&ranks=16&gpus-per-node=4", true, false},
		{"algorithm=ring&ranks=8", false, true},
	} {
		for _, lang := range []string{"en", "zh"} {
			s := NewState("view=steps&lang="+lang+"&"+tc.q, lang)
			a := NewApp(s)
			a.Steps.StepBy(1)
			svg := string(a.Steps.AnimSVG())
			if got := strings.Contains(svg, `<g class="tok"`) && strings.Contains(svg, `r="8" fill="#667085"`); got != tc.grey {
				t.Errorf("%s %s: grey dots %v, want %v", lang, tc.q, got, tc.grey)
			}
			if got := strings.Contains(svg, `font-size="10" fill="#fff">0</text>`); got != tc.nums {
				t.Errorf("%s %s: numbered dots %v, want %v", lang, tc.q, got, tc.nums)
			}
			grey := map[string]string{"en": "a grey dot carries other than one whole chunk", "zh": "灰色圆点携带的不是正好一整块"}[lang]
			if !strings.Contains(html.UnescapeString(render(t, a)), grey) {
				t.Errorf("%s %s: the note does not say what a grey dot is", lang, tc.q)
			}
		}
	}
}
