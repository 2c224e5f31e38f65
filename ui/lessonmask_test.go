package ui

import "testing"

// TestMaskerText: a quantity of the question's kind within the tolerance of
// an answer is hidden however it is formatted; other kinds, other values
// and numbers inside words stay.
func TestMaskerText(t *testing.T) {
	tm := &Masker{Kind: "time", Values: []float64{3.74e-3, 14.42e-3}}
	for in, want := range map[string]string{
		"ring takes 3.740 ms":               "ring takes ?",
		"3.74ms, then 0.00374 s":            "?, then ?",
		"tree 14.42 ms vs 4.224 ms":         "tree ? vs 4.224 ms",
		"3.74 MiB and fp16 and B200 3.74":   "3.74 MiB and fp16 and B200 3.74",
		`<text x="3.74ms">3.74 ms</text>`:   `<text x="3.74ms">?</text>`,
		"α 5 µs · β 3.665 ms · finishes at": "α 5 µs · β 3.665 ms · finishes at",
	} {
		if got := tm.HTML(in); got != want {
			t.Errorf("time: %q → %q, want %q", in, got, want)
		}
	}
	cm := &Masker{Kind: "count", Values: []float64{3, 22}}
	for in, want := range map[string]string{
		"第 1 步之前（共 3 步）":                "第 1 步之前（共 ? 步）",
		"before round 1 of 3":           "before round 1 of ?",
		"4094 steps vs 22 steps, 3 MiB": "4094 steps vs ? steps, 3 MiB",
		"3 / 3 rounds":                  "3 / ? rounds",
	} {
		if got := cm.Text(in); got != want {
			t.Errorf("count: %q → %q, want %q", in, got, want)
		}
	}
	rm := MaskerFor("busbw", Answer{Values: []float64{1.75, 1}, Labels: []string{"×1.75", "×1"}})
	if got := rm.Text("busbw = algbw ×1.75, 1.75× and 98.5 %"); got != "busbw = algbw ?, ? and 98.5 %" {
		t.Errorf("ratio: %q", got)
	}
	pm := MaskerFor("pct", Answer{Values: []float64{98.46}, Labels: []string{"98 %"}})
	if got := pm.Text("98.5 % of the bound, 50 %"); got != "? of the bound, 50 %" {
		t.Errorf("pct: %q", got)
	}
	bm := MaskerFor("sent", Answer{Values: []float64{175 << 20}})
	if got := bm.Text("175 MiB (183500800 B) and 175 MB"); got != "? (?) and 175 MB" {
		t.Errorf("bytes: %q", got)
	}
	// A choice question (no typed tolerance): what lies within 1.5 % of the
	// right option and nearer to it than to any other is hidden too; a
	// value nearer a wrong option, or farther, is not.
	choice := MaskerOf(Block{Metric: "speedup"}, Answer{Values: []float64{9, 2, 18}, Labels: []string{"×9", "×2", "×18"}})
	if got := choice.Text("NVLink 4.246 ms, IB 37.65 ms: 8.9×; 9.6×, 17.5×, 2.1×"); got != "NVLink 4.246 ms, IB 37.65 ms: ?; 9.6×, 17.5×, 2.1×" {
		t.Errorf("choice: %q", got)
	}
	near := MaskerOf(Block{Metric: "speedup"}, Answer{Values: []float64{1.0, 1.04}, Labels: []string{"×1", "×1.04"}})
	if got := near.Text("1.01× and 1.03×"); got != "? and 1.03×" {
		t.Errorf("choice beside a near option: %q", got)
	}
	var none *Masker
	if none.Text("3 ms") != "3 ms" || MaskerFor("unknown", Answer{Values: []float64{1}}) != nil {
		t.Error("a nil masker changes text")
	}
}
