package ui

import (
	"strconv"
	"strings"
)

// The page's state outside its URL — what a view holds that its address
// does not (a pasted or loaded log and the doctor's options; the open
// lesson and its answers while another view is shown) — is lost when the
// page loads again with the other WebAssembly module (App.SwitchTo). The
// adapter keeps App.Carry in session storage just before it leaves and
// gives it to App.Restore on the new page. What is small and names the
// view's state (the fabric view's fabric and oversubscription, the
// planner's fields) is in the URL instead.

// Carry is the page's state outside its URL, as a URL query: the lessons'
// open page, answers and live view while the lessons view is not shown
// (lesson.page, lesson.ans, lesson.live), then the tools views' (the
// doctor's doctor.*; the main module hands on what it was given). ""
// when there is none. O(the state).
func (c *App) Carry() string {
	var b strings.Builder
	add := func(k, v string) {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(escape(v))
	}
	if l := c.Lessons; c.S.View != "lessons" && IsLesson(l.Page) {
		add("lesson.page", l.Page)
		var ans strings.Builder
		for _, a := range l.ans {
			ans.WriteByte(byte('0' + a))
		}
		add("lesson.ans", ans.String())
		add("lesson.live", strconv.Itoa(l.live))
	}
	c.carryTools(add)
	return b.String()
}

// Restore gives the page the state Carry wrote on the page before a
// module switch. What the URL already says wins: the lessons' state is
// restored only when the URL opens no lesson. Malformed values are
// dropped (the state stays as the URL left it).
func (c *App) Restore(carry string) {
	defer c.S.guard()
	v := parseQuery(carry)
	if l := c.Lessons; IsLesson(v["lesson.page"]) && c.S.View != "lessons" {
		l.Page, l.ans, l.live = v["lesson.page"], nil, -1
		for _, d := range v["lesson.ans"] {
			if d < '0' || d > '9' {
				l.ans = nil
				break
			}
			l.ans = append(l.ans, int(d-'0'))
		}
		if n, err := strconv.Atoi(v["lesson.live"]); err == nil && n >= 0 {
			l.live = n
		}
	}
	c.restoreTools(v)
}
