package ui

import (
	"strconv"
	"strings"

	"github.com/vugu/vugu"
)

// Lessons is the "lessons" view, the guided pages: the index of lessons
// (Page "index") and one lesson at a time. A lesson shows its blocks up to the first
// question not yet answered; answering reveals the rest up to the next.
// One view at a time is live (the last revealed, or the one the student
// brought back): its fields are the question's, so every view and every
// number stays core's; earlier views fold to a button. The answers and the
// live view are kept in the URL (ans, live) beside the question's fields.
type Lessons struct {
	S *State
	// Page is the lesson shown (an id of LessonIDs) or "index" (?lesson=).
	Page string
	// Load fetches public/lessons/<id>.<lang>.txt and calls done with its
	// bytes, at once or later under the event lock (the browser adapter
	// fetches; natively the files are embedded).
	Load func(id, lang string, done func([]byte, error))

	views   func(string) vugu.Builder // the App's view components by name
	streams *Streams                  // the streams lesson's view (LessonViews), the lessons' own
	overlap *Overlap                  // the moe lesson's pipeline view (LessonViews)
	hot     *Hot                      // the moe lesson's hot-expert view (LessonViews)
	cont    *Contention               // the hierarchy and moe lessons' contention view (LessonViews)
	setPlan func(f, v string)         // sets a planner field

	files   map[string]*lessonFile // by "<id>.<lang>"
	answers map[string]Answer      // by "<id>#<block>"
	ans     []int                  // the variant picked for each question answered, in order
	live    int                    // the live view's block (−1: the last revealed)
	applied int                    // the block whose fields the question holds (−1: none)
	keep    bool                   // the URL gave the question: the first live view keeps it
	alone   bool                   // embedded on one lesson (?embed=lesson&lesson=<id>): the index opens in a new tab

	wrappers map[vugu.Builder]*maskedView // the views as masked while a question is pending
	typed    map[int]string               // a free answer's text, by question
	submit   *string                      // the URL's typed answer to the next question (TypedParam), until the lesson is loaded
	inputErr map[int]string               // why a typed answer was not read, by question
	saved    map[string][2]int            // the progress map: answered and total questions by lesson
	// Save keeps the progress map (Saved) in the browser's local storage;
	// nil natively.
	Save func(string)
	// Focus is the id of the element to focus after the next render (the
	// question just answered), taken by the page with TakeFocus.
	Focus string
}

// lessonFile is a lesson file being loaded or read.
type lessonFile struct {
	l      Lesson
	err    error
	loaded bool
}

// newLessons reads the lesson's answers and live view from the URL.
func newLessons(s *State) *Lessons {
	c := &Lessons{S: s, Page: "index", files: map[string]*lessonFile{}, answers: map[string]Answer{}, live: -1, applied: -1}
	v, ok := s.param("lesson")
	if IsLesson(v) {
		c.Page = v
	}
	c.alone = s.Embed && IsLesson(v)
	if e, _ := s.param("embed"); ok || e == "lesson" {
		s.View = "lessons" // ?lesson=<id> and ?embed=lesson open the lessons view
	}
	if v, _ := s.param("view"); v == "derive" || v == "pitfalls" {
		s.View, c.Page = "lessons", "interview" // their drills and quizzes are the interview lesson's
	}
	if v, ok := s.param("ans"); ok {
		for _, d := range v {
			if d < '0' || d > '9' {
				break
			}
			c.ans = append(c.ans, int(d-'0'))
		}
	}
	if v, _ := s.param(TypedParam); strings.TrimSpace(v) != "" {
		c.submit = &v // an empty input submits no answer
	}
	if v, ok := s.param("hot"); ok {
		c.hotView().SetShare(v)
	}
	if v, ok := s.param("live"); ok {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			c.live = n
		}
	}
	for _, f := range ControlFields {
		if _, ok := s.param(f); ok {
			c.keep = true
		}
	}
	return c
}

// addQuery writes the lessons' part of the URL query, while the view is
// shown: the lesson, its answers and the live view.
func (c *Lessons) addQuery(add func(k, v string)) {
	if c.S.View != "lessons" {
		return
	}
	add("lesson", c.Page)
	if !IsLesson(c.Page) {
		return
	}
	if len(c.ans) > 0 {
		var b strings.Builder
		for _, a := range c.ans {
			b.WriteByte(byte('0' + a))
		}
		add("ans", b.String())
	}
	if c.live >= 0 {
		add("live", strconv.Itoa(c.live))
	}
	if c.hot != nil && c.hot.url {
		add("hot", c.hot.text)
	}
}

// file is lesson id in the page's language, asking Load for it the first
// time (nil until it arrives).
func (c *Lessons) file(id string) *lessonFile {
	key := id + "." + c.S.Lang
	if f, ok := c.files[key]; ok {
		return f
	}
	f := &lessonFile{}
	c.files[key] = f
	if c.Load == nil {
		f.loaded, f.err = true, errNoLoader
		return f
	}
	c.Load(id, c.S.Lang, func(data []byte, err error) {
		defer c.S.guard()
		f.loaded, f.err = true, err
		if err == nil {
			f.l, f.err = ParseLesson(data)
		}
		if f.err == nil && id == c.Page {
			c.sync()
		}
	})
	return f
}

type loaderError string

func (e loaderError) Error() string { return string(e) }

const errNoLoader = loaderError("no lesson loader")

// cur is the open lesson, or nil while it loads or when it failed.
func (c *Lessons) cur() *Lesson {
	if !IsLesson(c.Page) {
		return nil
	}
	if f := c.file(c.Page); f.loaded && f.err == nil {
		return &f.l
	}
	return nil
}

// Status says why no lesson is shown ("" when one is): loading, or the
// error.
func (c *Lessons) Status() string {
	if !IsLesson(c.Page) || c.cur() != nil {
		return ""
	}
	if f := c.file(c.Page); f.loaded {
		return c.S.T("lesson.failed") + " " + f.err.Error()
	}
	return c.S.T("lesson.loading")
}

// revealed is the number of blocks shown: up to and including the first
// question not answered.
func (c *Lessons) revealed(l *Lesson) int {
	q := 0
	for i, b := range l.Blocks {
		if b.Kind == BlockQuestion {
			if q >= len(c.ans) {
				return i + 1
			}
			q++
		}
	}
	return len(l.Blocks)
}

// liveBlock is the live view's block (−1 when no view is revealed).
func (c *Lessons) liveBlock(l *Lesson) int {
	n := c.revealed(l)
	if c.live >= 0 && c.live < n && l.Blocks[c.live].Kind == BlockView {
		return c.live
	}
	for i := n - 1; i >= 0; i-- {
		if l.Blocks[i].Kind == BlockView {
			return i
		}
	}
	return -1
}

// TypedParam is the URL parameter of a typed answer to the lesson's next
// question, as the server-rendered page's form submits it: the page for
// that URL is the lesson with the answer submitted (Submit) — graded, or
// left open with a hint. The URL a page writes never carries it.
const TypedParam = "typed"

// sync gives the question the live view's fields when the live view
// changed (the first time keeping a question the URL gave), then submits
// the URL's typed answer once the lesson is loaded.
func (c *Lessons) sync() {
	l := c.cur()
	if l == nil {
		return
	}
	c.syncView(l)
	if t := c.submit; t != nil {
		c.submit = nil
		c.Submit(len(c.ans), *t)
	}
}

// syncView is sync's first half: the live view's fields.
func (c *Lessons) syncView(l *Lesson) {
	bi := c.liveBlock(l)
	if bi < 0 || bi == c.applied {
		return
	}
	c.applied = bi
	if c.keep {
		c.keep = false
		return
	}
	b := l.Blocks[bi]
	var q []Field
	for _, f := range b.Fields {
		if k, ok := strings.CutPrefix(f.Key, "plan."); ok {
			if c.setPlan != nil {
				c.setPlan(k, f.Value)
			}
		} else if k, ok := strings.CutPrefix(f.Key, "streams."); ok {
			c.streamsView().set(k, f.Value)
		} else if k, ok := strings.CutPrefix(f.Key, "overlap."); ok {
			c.overlapView().set(k, f.Value)
		} else if k, ok := strings.CutPrefix(f.Key, "hot."); ok {
			c.hotView().set(k, f.Value)
		} else if k, ok := strings.CutPrefix(f.Key, "contention."); ok {
			c.contentionView().set(k, f.Value)
		} else {
			q = append(q, f)
		}
	}
	c.S.LoadQuestion(q)
}

// Open shows lesson id ("index" for the index) from its start.
func (c *Lessons) Open(id string) {
	defer c.S.guard()
	if id != "index" && !IsLesson(id) {
		return
	}
	c.Page, c.ans, c.live, c.applied, c.keep = id, nil, -1, -1, false
	c.typed, c.inputErr, c.submit = nil, nil, nil // the URL's typed answer was the URL's lesson's
	c.sync()
}

// IndexInTab reports whether the lesson's link to the index opens the
// full playground's index in a new tab: in a course page that embeds one
// lesson, whose frame keeps showing that lesson. An embedded index keeps
// its lessons and the way back to it inside its frame.
func (c *Lessons) IndexInTab() bool { return c.alone }

// IndexHref is the address of the full playground's lessons index, in the
// page's language, relative to the page.
func (c *Lessons) IndexHref() string { return "?lesson=index&lang=" + c.S.Lang }

// Restart clears the open lesson's answers.
func (c *Lessons) Restart() { c.Open(c.Page) }

// Pick answers question q (its index among the lesson's questions) with
// variant v, once; the next blocks appear and the newest view goes live.
func (c *Lessons) Pick(q, v int) {
	defer c.S.guard()
	if q != len(c.ans) || v < 0 || v > 9 {
		return
	}
	c.answerWith(q, v)
}

// Submit answers free question q with the typed text: read in the
// question's unit (ParseTyped) and graded against core's answer with the
// question's tolerance (Grade). Text that is not a value of the right kind
// leaves the question open with a hint.
func (c *Lessons) Submit(q int, text string) {
	defer c.S.guard()
	l := c.cur()
	if l == nil || q != len(c.ans) {
		return
	}
	if c.typed == nil {
		c.typed, c.inputErr = map[int]string{}, map[int]string{}
	}
	n := 0
	for bi, b := range l.Blocks {
		if b.Kind != BlockQuestion {
			continue
		}
		if n == q {
			a := c.answer(bi, b)
			if a.Err != nil || a.Pending || b.Tol <= 0 {
				return
			}
			v, ok := ParseTyped(b.Metric, text)
			c.typed[q] = strings.TrimSpace(text)
			if !ok {
				c.inputErr[q] = c.S.Tf("lesson.free.bad", Example(a.Labels[0]))
				return
			}
			delete(c.inputErr, q)
			g, _ := Grade(a, v, b.Tol)
			c.answerWith(q, g)
			return
		}
		n++
	}
}

// SubmitKey submits free question q when the key pressed in its input is
// Enter.
func (c *Lessons) SubmitKey(q int, key, text string) {
	if key == "Enter" {
		c.Submit(q, text)
	}
}

// Draft keeps what is typed in free question q's input, for its button.
func (c *Lessons) Draft(q int, text string) {
	defer c.S.guard()
	if c.typed == nil {
		c.typed, c.inputErr = map[int]string{}, map[int]string{}
	}
	if q == len(c.ans) {
		c.typed[q] = text
	}
}

// SubmitDraft submits what is typed in free question q's input.
func (c *Lessons) SubmitDraft(q int) { c.Submit(q, c.typed[q]) }

// answerWith records answer v to question q (the next to answer): the
// next blocks appear, the newest view goes live, and the question keeps
// the focus.
func (c *Lessons) answerWith(q, v int) {
	c.ans = append(c.ans, v)
	c.live = -1
	c.Focus = "quiz-" + strconv.Itoa(q)
	c.record()
	c.sync()
}

// TakeFocus returns the element to focus after this render, once.
func (c *Lessons) TakeFocus() string {
	f := c.Focus
	c.Focus = ""
	return f
}

// ShowView makes the view of block bi live again.
func (c *Lessons) ShowView(bi int) {
	defer c.S.guard()
	c.live = bi
	c.sync()
}

// answer is core's answer to question block bi of the open lesson, cached
// per lesson (the values do not depend on the language).
func (c *Lessons) answer(bi int, b Block) Answer {
	k := c.Page + "#" + strconv.Itoa(bi)
	if a, ok := c.answers[k]; ok {
		return a
	}
	a := answerOf(b, c.S)
	if !a.Pending {
		c.answers[k] = a
	}
	return a
}

// LiveView is the component of the live view, masked: what the pending
// question asks shows as "?" until it is answered (Masker).
func (c *Lessons) LiveView(name string) vugu.Builder {
	switch name {
	case "streams":
		return c.masked(c.streamsView())
	case "overlap":
		return c.masked(c.overlapView())
	case "hot":
		return c.masked(c.hotView())
	case "contention":
		return c.masked(c.contentionView())
	}
	if c.views == nil {
		return nil
	}
	return c.masked(c.views(name))
}

// LessonViews are the views only lessons show (no tab, no embed of their
// own); their fields are the block's, prefixed with the view's name.
var LessonViews = []string{"streams", "overlap", "hot", "contention"}

// lessonViewFields are each lesson view's own fields.
var lessonViewFields = map[string][]string{"streams": streamsFields, "overlap": overlapFields, "hot": hotFields, "contention": contentionFields}

// streamsView is the streams view, made on first use.
func (c *Lessons) streamsView() *Streams {
	if c.streams == nil {
		c.streams = &Streams{S: c.S}
	}
	return c.streams
}

// overlapView is the pipeline view, made on first use.
func (c *Lessons) overlapView() *Overlap {
	if c.overlap == nil {
		c.overlap = &Overlap{S: c.S}
	}
	return c.overlap
}

// hotView is the hot-expert view, made on first use.
func (c *Lessons) hotView() *Hot {
	if c.hot == nil {
		c.hot = &Hot{S: c.S}
	}
	return c.hot
}

// contentionView is the contention view, made on first use.
func (c *Lessons) contentionView() *Contention {
	if c.cont == nil {
		c.cont = &Contention{S: c.S}
	}
	return c.cont
}
