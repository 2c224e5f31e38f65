package ui

import (
	"strconv"
	"strings"
)

// The progress map: how far the student got in each lesson, kept in the
// browser's local storage by the page (Lessons.Save and SetSaved), shown
// on the index's cards and at a lesson's end.

// SetSaved reads the progress the page kept: "id:answered/total,…".
// Unknown lessons and malformed entries are ignored.
func (c *Lessons) SetSaved(v string) {
	c.saved = map[string][2]int{}
	for _, e := range strings.Split(v, ",") {
		id, frac, ok := strings.Cut(e, ":")
		a, t, ok2 := strings.Cut(frac, "/")
		n, err1 := strconv.Atoi(a)
		m, err2 := strconv.Atoi(t)
		if ok && ok2 && IsLesson(id) && err1 == nil && err2 == nil && n >= 0 && m > 0 && n <= m {
			c.saved[id] = [2]int{n, m}
		}
	}
}

// Saved is the progress as SetSaved reads it, in lesson order.
func (c *Lessons) Saved() string {
	var parts []string
	for _, id := range LessonIDs {
		if p, ok := c.saved[id]; ok {
			parts = append(parts, id+":"+strconv.Itoa(p[0])+"/"+strconv.Itoa(p[1]))
		}
	}
	return strings.Join(parts, ",")
}

// record notes the open lesson's answers in the progress map (never
// lowering it) and hands the map to Save.
func (c *Lessons) record() {
	l := c.cur()
	if l == nil {
		return
	}
	total := 0
	for _, b := range l.Blocks {
		if b.Kind == BlockQuestion {
			total++
		}
	}
	if c.saved == nil {
		c.saved = map[string][2]int{}
	}
	if p := c.saved[c.Page]; len(c.ans) > p[0] || p[1] != total {
		c.saved[c.Page] = [2]int{min(max(len(c.ans), p[0]), total), total}
	}
	if c.Save != nil {
		c.Save(c.Saved())
	}
}

// ProgressOf says how far the student got in lesson id ("" when not
// started): "✓" when every question is answered, else "answered / total".
func (c *Lessons) ProgressOf(id string) string {
	p, ok := c.saved[id]
	switch {
	case !ok || p[0] == 0:
		return ""
	case p[0] >= p[1]:
		return c.S.T("lesson.map.done")
	}
	return c.S.Tf("lesson.map.part", p[0], p[1])
}

// MapLine sums the progress map up: how many lessons are complete.
func (c *Lessons) MapLine() string {
	n := 0
	for _, id := range LessonIDs {
		if p, ok := c.saved[id]; ok && p[0] >= p[1] {
			n++
		}
	}
	return c.S.Tf("lesson.map", n, len(LessonIDs))
}
