package ui

import (
	"math"
	"strconv"
	"strings"
)

// LessonItem is one block of the open lesson as the page draws it.
type LessonItem struct {
	Block      int
	ID         string // the element's id: "quiz-<q>" for a question, "show-<block>" for a folded view
	Kind, Text string
	// A view: its name, whether it is live, its controls.
	View     string
	Live     bool
	Controls []string
	// A question: its index, options, and once answered the verdict
	// ("right" or "wrong") and the feedback from core's numbers.
	Q        int
	Options  []QOption
	Verdict  string
	Feedback string
	// A free answer: the input's text, whether it is still open, the
	// answer shown once it is closed, the input's error, and the phone
	// keyboard it asks for ("decimal" for a plain number, "text" where a
	// unit is typed).
	Free                       bool
	Typed, Answer              string
	InputID, AnswerID, CheckID string
	Open                       bool
	InputErr, Prompt           string
	InputMode                  string
}

// QOption is one option of a question.
type QOption struct {
	ID, Label, Class string
	Q, Variant       int
	Disabled         bool
}

// Title is the open lesson's title.
func (c *Lessons) Title() string {
	if l := c.cur(); l != nil {
		return l.Title
	}
	return c.S.T("lesson." + c.Page)
}

// Items are the revealed blocks of the open lesson.
func (c *Lessons) Items() []LessonItem {
	l := c.cur()
	if l == nil {
		return nil
	}
	n, live := c.revealed(l), c.liveBlock(l)
	m := c.masker()
	var out []LessonItem
	q := 0
	for i, b := range l.Blocks[:n] {
		it := LessonItem{Block: i, Kind: b.Kind, Text: b.Text, View: b.View, Live: i == live || coLive(l, i, live), Controls: b.Controls}
		switch b.Kind {
		case BlockQuestion:
			it.Q, it.ID = q, "quiz-"+strconv.Itoa(q)
			if q < len(c.ans) { // an earlier question: its options and feedback hide the pending one's answer
				c.fillQuestion(&it, i, b, m)
			} else {
				c.fillQuestion(&it, i, b, nil)
			}
			q++
		case BlockView:
			it.ID = "show-" + strconv.Itoa(i)
		default:
			it.Text = m.Text(it.Text)
		}
		out = append(out, it)
	}
	return out
}

// coLive reports whether view block i stays live beside the live view
// block live: it comes just before it (only prose between them) and asks
// nothing of the question the live view does not give the same way, so
// both show the one question (the AllToAll abacus above its step-through).
func coLive(l *Lesson, i, live int) bool {
	if live < 0 || i >= live || l.Blocks[i].Kind != BlockView {
		return false
	}
	for _, b := range l.Blocks[i+1 : live] {
		if b.Kind != BlockPara {
			return false
		}
	}
	want := l.Blocks[live].VariantFields(-1)
	for _, f := range l.Blocks[i].Fields {
		if v, ok := want[f.Key]; ok && v != f.Value || !ok && f.Key != "controls" {
			return false
		}
	}
	return len(l.Blocks[i].Controls) == 0
}

// fillQuestion sets a question's options and, once answered, its verdict
// and feedback; every value m hides (the pending question's answer) reads
// "?" in them.
func (c *Lessons) fillQuestion(it *LessonItem, bi int, b Block, m *Masker) {
	a := c.answer(bi, b)
	if a.Err != nil {
		it.Feedback, it.Verdict = c.S.ErrMsg(a.Err), "wrong"
		return
	}
	if a.Pending { // no option, no input, no answer until the completion has the values
		it.Feedback = c.S.T("lesson.pending")
		return
	}
	if m != nil {
		a.Labels = append([]string(nil), a.Labels...)
		for i, v := range a.Values {
			if m.hides(metricKinds[b.Metric], v) {
				a.Labels[i] = "?"
			}
		}
		defer func() { it.Feedback = m.Text(it.Feedback) }()
	}
	picked := -1
	if it.Q < len(c.ans) {
		picked = c.ans[it.Q]
	}
	if b.Tol > 0 {
		c.fillFree(it, b, a, picked)
		return
	}
	for _, v := range a.Options() {
		o := QOption{ID: "q" + strconv.Itoa(it.Q) + "-" + strconv.Itoa(v), Label: a.Labels[v], Q: it.Q, Variant: v, Class: "opt", Disabled: picked >= 0}
		switch {
		case picked >= 0 && v == 0:
			o.Class = "opt right"
		case v == picked:
			o.Class = "opt wrong"
		}
		it.Options = append(it.Options, o)
	}
	if picked < 0 {
		return
	}
	if picked == 0 {
		it.Verdict, it.Feedback = "right", sentences(c.S.Tf("lesson.right", a.Labels[0]), a.Explain(b.Why))
	} else {
		it.Verdict, it.Feedback = "wrong", sentences(c.S.Tf("lesson.wrong", a.Labels[picked], a.Labels[0]), reason(b, a, picked), a.Explain(b.Why))
	}
}

// reason is why variant v is not the answer, as a sentence with the
// values filled in ("" when the lesson gives none).
func reason(b Block, a Answer, v int) string {
	if v > 0 && v < len(b.Reasons) && b.Reasons[v] != "" {
		return a.Explain(b.Reasons[v])
	}
	return ""
}

// sentences joins the non-empty sentences of a feedback in order: a space
// between two, except after a full-width mark (。！？；：」）), which
// Chinese text runs on from without one.
func sentences(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 && !endsFullWidth(b.String()) {
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return b.String()
}

// endsFullWidth reports whether s ends with a full-width mark.
func endsFullWidth(s string) bool {
	for _, m := range []string{"。", "！", "？", "；", "：", "」", "）"} {
		if strings.HasSuffix(s, m) {
			return true
		}
	}
	return false
}

// fillFree sets a typed question: the input while open; once answered the
// answer (class right), how far the typed value was from it, and the
// reason of the option it matched.
func (c *Lessons) fillFree(it *LessonItem, b Block, a Answer, picked int) {
	s := c.S
	it.Free, it.Open, it.Typed, it.InputErr = true, picked < 0, c.typed[it.Q], c.inputErr[it.Q]
	it.InputID, it.AnswerID, it.CheckID = "qin-"+strconv.Itoa(it.Q), "q"+strconv.Itoa(it.Q)+"-0", "qcheck-"+strconv.Itoa(it.Q)
	it.Prompt, it.InputMode = s.Tf(HintID(b.Metric), 100*b.Tol), "decimal"
	if NeedsUnit(b.Metric) {
		it.InputMode = "text"
	}
	if picked < 0 {
		return
	}
	it.Answer = a.Labels[0]
	var parts []string
	if v, ok := ParseTyped(b.Metric, it.Typed); ok {
		_, off := Grade(a, v, b.Tol)
		switch p := pct1(math.Abs(off) * 100); {
		case p == "0.0" || sameValue(b.Metric, v, a.Labels[0]):
			// "0.0 % over" would read as a miss, and so would "0.1 % under"
			// for the answer as the page writes it (×3.91 for 3.914).
			parts = append(parts, s.Tf("lesson.free.near", it.Typed))
		case off < 0:
			parts = append(parts, s.Tf("lesson.free.under", it.Typed, p))
		default:
			parts = append(parts, s.Tf("lesson.free.over", it.Typed, p))
		}
	}
	switch {
	case picked == 0:
		it.Verdict = "right"
		parts = append(parts, s.Tf("lesson.right", a.Labels[0]))
	case picked == Off || picked >= len(a.Labels):
		it.Verdict = "wrong"
		parts = append(parts, s.Tf("lesson.free.wrong", a.Labels[0], 100*b.Tol))
	default:
		it.Verdict = "wrong"
		parts = append(parts, s.Tf("lesson.wrong", a.Labels[picked], a.Labels[0]), reason(b, a, picked))
	}
	it.Feedback = sentences(append(parts, a.Explain(b.Why))...)
}

// sameValue reports whether label, read as metric's values are typed,
// is v.
func sameValue(metric string, v float64, label string) bool {
	w, ok := ParseTyped(metric, label)
	return ok && w == v
}

// pct1 formats a percentage with one decimal ("11.2").
func pct1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// Summary are the open lesson's summary lines, shown at its end.
func (c *Lessons) Summary() []string {
	if l := c.cur(); l != nil {
		return l.Summary
	}
	return nil
}

// ViewLabel is the button that brings back an earlier view.
func (c *Lessons) ViewLabel(view string) string {
	return c.S.Tf("lesson.show", c.S.T("view."+view))
}

// Progress says how many of the lesson's questions are answered.
func (c *Lessons) Progress() string {
	l := c.cur()
	if l == nil {
		return ""
	}
	n := 0
	for _, b := range l.Blocks {
		if b.Kind == BlockQuestion {
			n++
		}
	}
	return c.S.Tf("lesson.progress", min(len(c.ans), n), n)
}

// Done reports whether every question of the open lesson is answered.
func (c *Lessons) Done() bool {
	l := c.cur()
	if l == nil {
		return false
	}
	n := 0
	for _, b := range l.Blocks {
		if b.Kind == BlockQuestion {
			n++
		}
	}
	return len(c.ans) >= n
}

// Neighbour is the lesson d places from the open one ("" past either end).
func (c *Lessons) Neighbour(d int) string {
	for i, id := range LessonIDs {
		if id == c.Page && i+d >= 0 && i+d < len(LessonIDs) {
			return LessonIDs[i+d]
		}
	}
	return ""
}

// IndexItem is one lesson on the index.
type IndexItem struct{ ID, N, Title, Summary, Progress string }

// IndexItems are the lessons in order, titled in the page's language.
func (c *Lessons) IndexItems() []IndexItem {
	var out []IndexItem
	for i, id := range LessonIDs {
		out = append(out, IndexItem{ID: id, N: strconv.Itoa(i + 1), Title: c.S.T("lesson." + id), Summary: c.S.T("lesson." + id + ".sum"), Progress: c.ProgressOf(id)})
	}
	return out
}

// ControlLabel is the label of an inline control.
func (c *Lessons) ControlLabel(f string) string { return c.S.T("f." + f) }

// IsSelect reports whether inline control f is a select (the collective
// and the algorithm), not a text field.
func (c *Lessons) IsSelect(f string) bool { return f == "collective" || f == "algorithm" }

// SelectOptions are the options of inline select f, as the controls offer
// them.
func (c *Lessons) SelectOptions(f string) []Option {
	ctl := &Controls{S: c.S}
	if f == "collective" {
		return ctl.CollectiveOptions()
	}
	return ctl.AlgorithmOptions()
}
