package ui

import (
	"math"
	"strings"
	"testing"
)

// TestParseTyped: a typed answer is read in the metric's unit through
// core/units; a time, size or rate needs its unit (a bare number is not
// read), a count, ratio or percentage is a plain number.
func TestParseTyped(t *testing.T) {
	for _, tc := range []struct {
		metric, typed string
		want          float64
		ok            bool
	}{
		{"time", "3.7 ms", 3.7e-3, true},
		{"time", "3.7", 0, false},
		{"time", "3,7ms", 3.7e-3, true},
		{"time", "0.0037 s", 3.7e-3, true},
		{"time", "fast", 0, false},
		{"rate", "50 GB/s", 50e9, true},
		{"rate", "400 Gbps", 50e9, true},
		{"sent", "175 MiB", 175 << 20, true},
		{"sent", "1.88 GiB", 1.88 * (1 << 30), true},
		{"sent", "1.88", 0, false},
		{"rate", "50", 0, false},
		{"busbw", "×1.75", 1.75, true},
		{"busbw", "1.75x", 1.75, true},
		{"pct", "98 %", 98, true},
		{"steps", "4094", 4094, true},
		{"steps", "", 0, false},
	} {
		got, ok := ParseTyped(tc.metric, tc.typed)
		if ok != tc.ok || ok && math.Abs(got-tc.want) > 1e-9*math.Abs(tc.want) {
			t.Errorf("ParseTyped(%s, %q) = %g, %v; want %g, %v", tc.metric, tc.typed, got, ok, tc.want, tc.ok)
		}
	}
}

// TestGrade: within the tolerance of the answer is right; near another
// option is that option; elsewhere is Off; the offset is signed.
func TestGrade(t *testing.T) {
	a := Answer{Values: []float64{3.74e-3, 4.224e-3, 52e-3}}
	for _, tc := range []struct {
		v    float64
		want int
	}{{3.7e-3, 0}, {4.0e-3, Off}, {4.2e-3, 1}, {50e-3, 2}, {1, Off}} {
		if got, _ := Grade(a, tc.v, 0.05); got != tc.want {
			t.Errorf("Grade(%g) = %d, want %d", tc.v, got, tc.want)
		}
	}
	if _, off := Grade(a, 3.366e-3, 0.05); math.Abs(off+0.1) > 1e-9 {
		t.Errorf("3.366 ms against 3.74 ms: offset %g, want −0.1", off)
	}
}

// TestFreeAnswer: a free question is an input; Enter with a value in
// tolerance answers it right (the answer shown with class right, the
// offset in the feedback, never "0.0 % over" for the answer itself), text that is no value leaves it open with a
// hint, and a typed distractor shows that option's reason.
func TestFreeAnswer(t *testing.T) {
	lesson := `# T
{{question time collective=allreduce ranks=8 size=100MiB bandwidth=50GB/s latency=5us | algorithm=ring | algorithm=tree}}
? How long?
~ 5%
! 1 {1} is the tree.
= Ring {0}.
> Remember {0}.
`
	l, err := ParseLesson([]byte(lesson))
	if err != nil || l.Blocks[0].Tol != 0.05 || l.Blocks[0].Reasons[1] != "{1} is the tree." || len(l.Summary) != 1 {
		t.Fatalf("parse: %+v, %v", l, err)
	}
	a := AnswerOf(l.Blocks[0])
	for _, tc := range []struct{ typed, verdict, has string }{
		{"3.7 ms", "right", "under the answer"},
		{a.Labels[0], "right", "that is the answer"},
		{a.Labels[1], "wrong", "is the tree."},
		{"1 s", "wrong", "within 5 % would count"},
	} {
		s := NewState("lesson=ring&lang=en", "en")
		app := NewApp(s)
		c := app.Lessons
		c.files["ring.en"] = &lessonFile{l: l, loaded: true}
		c.Page, c.answers = "ring", map[string]Answer{}
		if it := c.Items()[0]; it.InputMode != "text" || !strings.Contains(it.Prompt, "ms") {
			t.Fatalf("a time question asks for %q with %q", it.InputMode, it.Prompt)
		}
		c.SubmitKey(0, "a", "oops")
		for _, bad := range []string{"oops", "3.7"} { // a bare number: the unit is not known
			c.SubmitKey(0, "Enter", bad)
			it := c.Items()[0]
			if len(c.ans) != 0 || it.InputErr == "" || !it.Open {
				t.Fatalf("%q: not a value, yet answered (%v) or no hint %q", bad, c.ans, it.InputErr)
			}
		}
		c.SubmitKey(0, "Enter", tc.typed)
		it := c.Items()[0]
		if it.Verdict != tc.verdict || it.Open || it.Answer != a.Labels[0] || !strings.Contains(it.Feedback, tc.has) || strings.Contains(it.Feedback, "0.0 %") || c.TakeFocus() != "quiz-0" {
			t.Errorf("%q: %+v", tc.typed, it)
		}
		mustContain(t, render(t, app), `class="val right"`, `id="q0-0"`)
	}
}

// TestExample: the hint's example keeps the answer's form and never its
// number.
func TestExample(t *testing.T) {
	for label, want := range map[string]string{"3.74 ms": "2 ms", "×1.75": "×2", "14": "2", "2": "3", "17.6 GB": "2 GB", "98 %": "2 %", "2.0 s": "3 s", "?": "?"} {
		if got := Example(label); got != want {
			t.Errorf("Example(%q) = %q, want %q", label, got, want)
		}
	}
}

// TestHintNamesReadableUnits: every metric's prompt is in both catalogues,
// and the units a time, size or rate prompt offers are the ones
// ParseTyped reads (the prompt never asks for what is then refused).
func TestHintNamesReadableUnits(t *testing.T) {
	units := map[string][]string{"time": {"us", "ms", "s"}, "bytes": {"KiB", "MiB", "GiB"}, "rate": {"GB/s", "Gbps"}}
	for metric, kind := range metricKinds {
		id := HintID(metric)
		for lang, cat := range Catalogs() {
			text, ok := cat[id]
			if !ok {
				t.Fatalf("%s: prompt %s missing from the %s catalogue", metric, id, lang)
			}
			for _, u := range units[kind] {
				if !strings.Contains(text, u) {
					t.Errorf("%s (%s): the %s prompt %q does not offer %s", metric, kind, lang, text, u)
				}
				if _, ok := ParseTyped(metric, "2 "+u); !ok {
					t.Errorf("%s: the prompt offers %s but ParseTyped refuses %q", metric, u, "2 "+u)
				}
			}
			if NeedsUnit(metric) != (units[kind] != nil) {
				t.Errorf("%s: NeedsUnit = %v for kind %s", metric, NeedsUnit(metric), kind)
			}
		}
	}
}
