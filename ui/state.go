package ui

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
)

// State is the question the playground answers and what its views share:
// the text of every control as the user typed it, the last valid cost
// question and the core's answer to it, the inline error of the field that
// is wrong now, the language and the selected view, and the caches of the
// answers several views draw (the memo). Each view's own state (a ledger
// page, the animation, the planner's fields…) lives in its component (see
// App). Components read State; event handlers change it through its
// methods, each guarded so that a Go panic becomes an inline report and
// never kills the page.
//
// Invariant: P and R always hold the last valid question and its answer
// (the defaults before any input), so a bad field never blanks the page.
type State struct {
	Lang  string // "zh" or "en"
	View  string // the selected view (one of Views)
	Embed bool   // embed mode: View alone, without page chrome
	// EmbedControls shows the controls above the embedded view (?controls=1).
	EmbedControls bool
	// Narrow is set by the browser adapter on a phone-sized window: the
	// controls start collapsed (the answer first) and charts are laid out
	// narrow, with the legend below.
	Narrow bool

	query map[string]string // the URL query the page was opened with (views read their own fields from it)
	text  map[string]string // control field → text as typed
	given map[string]bool   // link fields given explicitly (URL or typed); see lookup
	Field string            // the first field whose text is invalid now ("" if none)
	Err   string            // that field's message (the core's, naming what is accepted; English)
	err   error             // the error Err is the message of (ErrMsg says it in the page's language)
	// errs are every invalid field at once, in the order the core found
	// them (Field and Err are the first); see recompute.
	errs    []fieldErr
	general error // an error no control field is to blame for (nil if none)
	// validText and validGiven are text and given as they were when P was
	// last valid: a field in error is checked against them (see recompute)
	// and the URL carries them while any field is in error.
	validText  map[string]string
	validGiven map[string]bool
	// adjusted says what a change of the collective changed with it so that
	// the question stays valid (see landCollective); cleared by the next
	// edit.
	adjusted []adjustment

	P cost.Params // last valid question
	R cost.Result // cost.Evaluate(P); while pending, cost.EvaluateDeferred(P)
	// inputs are P's inputs with their sources (question.ReadCost): what
	// the fields the learner did not give stand for, and where it came from.
	inputs field.Inputs

	pending bool // R lacks the executed schedule cost.Evaluate adds (see Complete)
	// background is set on a page that completes answers after painting
	// (CompleteInBackground): a render may leave a large schedule to it.
	background bool
	// fabricRuns are the lessons' contention runs (fabricRuns.go).
	fabricRuns contentionRuns

	Panic string // a recovered panic, shown inline until the next change

	// edits counts the changes of the question and the recovered panics:
	// a view keeps a position (a ledger page, an animation round) only
	// while it is unchanged.
	edits int

	Exported string // the last exported file's name

	// Download, when set, saves a file (the browser adapter sets it).
	Download func(name, mime, data string)

	memo memo

	// handoff is what the server's page handed over (HandOver): a
	// simulation's answer the fabric view or the planner takes for its
	// question instead of simulating it; nil when nothing was.
	handoff *handoff
}

// ControlFields are the cost fields the controls edit and the URL carries,
// with the CLI's flag names, in display order.
var ControlFields = []string{"collective", "algorithm", "ranks", "size", "bandwidth", "efficiency", "latency", "gamma", "root", "dtype", "chunks", "gpus-per-node",
	"preset", "intra-preset", "intra-bandwidth", "intra-latency", "slow-rank", "slow-factor", "slow-link", "model",
	"system", "nccl-algo", "nccl-proto", "nccl-channels", "nccl-collnet", "nccl-buffsize"}

// alwaysInURL are the fields written to the URL even at their defaults, so a
// shared link states the whole question (collective, algorithm, P, S, B, α).
var alwaysInURL = map[string]bool{"collective": true, "algorithm": true, "ranks": true, "size": true, "bandwidth": true, "latency": true}

// NewState returns the state for a page whose URL query is query (with or
// without the leading "?") in a browser whose preferred language is navLang.
// The fields the query gives are the learner's; the others take the
// question layer's defaults (question.ReadCost says which). O(fields).
func NewState(query, navLang string) *State {
	q := parseQuery(query)
	s := &State{query: q, text: map[string]string{}, given: map[string]bool{}}
	for _, f := range ControlFields {
		s.text[f] = question.Default(f)
	}
	s.Lang = DefaultLang(navLang)
	s.View = Views[0]
	for _, f := range ControlFields {
		if v, ok := q[f]; ok {
			s.text[f] = v
			s.given[f] = true
		}
	}
	if l, ok := q["lang"]; ok && (l == "zh" || l == "en") {
		s.Lang = l
	}
	if v, ok := q["view"]; ok && IsView(v) {
		s.View = v
	}
	if v, ok := q["embed"]; ok {
		s.Embed = true
		if IsView(v) {
			s.View = v
		}
		s.EmbedControls = q["controls"] == "1"
	}
	// The defaults are always valid: they are the last valid result until
	// the URL's own values are checked.
	if d, err := question.ReadCost(nil); err == nil {
		s.P = d.Params
		s.R, _ = cost.Evaluate(d.Params)
		s.inputs = d.Inputs
		s.showInputs()
	}
	s.validText, s.validGiven = map[string]string{}, map[string]bool{}
	for _, f := range ControlFields {
		s.validText[f] = question.Default(f)
		if in, ok := s.inputs[f]; ok {
			s.validText[f] = shown(f, in)
		}
	}
	s.recompute()
	s.Complete() // the first page is complete: there is no earlier answer to show meanwhile
	return s
}

// DefaultLang is "zh" when the browser's language starts with "zh", else "en".
func DefaultLang(navLang string) string {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(navLang)), "zh") {
		return "zh"
	}
	return "en"
}

// Text is the current text of control field f.
func (s *State) Text(f string) string { return s.text[f] }

// ErrFor is the inline message for field f ("" when f is fine).
func (s *State) ErrFor(f string) string {
	if e := s.fieldErr(f); e != nil {
		return e.Error()
	}
	return ""
}

// fieldErr is field f's error (nil when f is fine).
func (s *State) fieldErr(f string) error {
	for _, e := range s.errs {
		if e.field == f {
			return e.err
		}
	}
	return nil
}

// Invalid reports whether any field is in error: the views then show the
// last valid result, dimmed, under a banner (see StaleBanner).
func (s *State) Invalid() bool { return s.Err != "" }

// SetField sets the text of control field f and re-asks the core. On bad
// input the field gets an inline error and P, R keep the last valid answer.
func (s *State) SetField(f, v string) {
	defer s.guard()
	if _, ok := s.text[f]; !ok {
		return
	}
	s.text[f] = v
	s.markGiven(f, v)
	s.edits++
	s.adjusted = nil
	if f == "collective" {
		s.landCollective()
	}
	s.recompute()
}

// recompute asks the question layer once with the fields the learner
// gave (question.ReadCost: every refused field at once) and, when it
// accepts them, evaluates the question with cost.EvaluateDeferred:
// everything but an executed schedule's cost, which Complete adds (the
// browser calls it once the quick answer is painted). The fields the
// learner did not give then show the values the question used (a preset's,
// a system's or the default). P and R change only when no field is in
// error. O(fields) + one evaluation.
func (s *State) recompute() {
	s.Panic = ""
	q, err := question.ReadCost(s.lookup)
	var r cost.Result
	var deferred bool
	if err == nil {
		r, deferred, err = cost.EvaluateDeferred(q.Params)
	}
	s.errs, s.general = nil, nil
	for _, fe := range fielderr.All(err) {
		if isControl(fe.Field) {
			s.errs = append(s.errs, fieldErr{fe.Field, fe})
		} else if s.general == nil {
			s.general = fe
		}
	}
	if err == nil {
		s.P, s.R, s.pending, s.inputs = q.Params, r, deferred, q.Inputs
		s.showInputs()
		s.snapshot()
	}
	s.Field, s.Err, s.err = "", "", nil
	if len(s.errs) > 0 {
		s.err = s.errs[0].err
		s.Field, s.Err = s.errs[0].field, s.errs[0].err.(*fielderr.Error).Msg
	} else if s.general != nil {
		s.err, s.Err = s.general, s.general.Error()
	}
}

// fieldErr is one invalid field and the core's error for it.
type fieldErr struct {
	field string
	err   error
}

// snapshot records the current text as the last valid one.
func (s *State) snapshot() {
	for f, v := range s.text {
		s.validText[f] = v
	}
	clear(s.validGiven)
	for f, g := range s.given {
		s.validGiven[f] = g
	}
}

// Pending reports whether R still lacks the executed schedule's cost that
// cost.Evaluate adds to the quick answer (a tree's, or an upper-bound closed
// form's on a cluster: tens of milliseconds at P = 1024). The page shows
// the quick answer at once and calls Complete after the browser has
// painted it.
func (s *State) Pending() bool { return s.pending }

// Complete makes R cost.Evaluate(P), the complete answer, when it is
// pending; otherwise it does nothing. O(the schedule's transfers).
func (s *State) Complete() {
	defer s.guard()
	if !s.pending {
		return
	}
	s.pending = false
	if r, err := cost.Evaluate(s.P); err == nil {
		s.R = r
	}
}

// PendingQuestion is the question whose complete answer is pending, with
// Edits() at the time: the browser adapter completes it off the event lock
// (cost.EvaluateYielding, giving the browser turns) and hands the answer to
// CompleteWith. ok is false when nothing is pending.
func (s *State) PendingQuestion() (p cost.Params, edits int, ok bool) {
	return s.P, s.edits, s.pending
}

// CompleteWith stores r, the complete answer to the question that was
// pending at edits, if the question has not changed since (else a newer
// change has its own completion coming). An error keeps the quick answer.
func (s *State) CompleteWith(edits int, r cost.Result, err error) {
	defer s.guard()
	if !s.pending || edits != s.edits {
		return
	}
	s.pending = false
	if err == nil {
		s.R = r
	}
}

// SetLang switches the language ("zh" or "en"; anything else is ignored).
func (s *State) SetLang(l string) {
	defer s.guard()
	if l == "zh" || l == "en" {
		s.Lang = l
	}
}

// SetView selects a view (unknown names are ignored). App.SetView, the
// tabs' handler, also pauses the animation.
func (s *State) SetView(v string) {
	defer s.guard()
	if IsView(v) {
		s.View = v
	}
}

// Edits counts the changes of the question and the recovered panics: a
// view keeps a position (a ledger page, an animation round) only while
// Edits is what it was when the position was set.
func (s *State) Edits() int { return s.edits }

// param is the value of key in the URL query the page was opened with.
func (s *State) param(key string) (string, bool) {
	v, ok := s.query[key]
	return v, ok
}

// T is the message of key in the current language.
func (s *State) T(key string) string { return T(s.Lang, key) }

// Tf is T with fmt.Sprintf arguments.
func (s *State) Tf(key string, a ...any) string { return fmt.Sprintf(T(s.Lang, key), a...) }

// guard turns a panic in an event handler into an inline report. Deferred
// by every mutating method.
func (s *State) guard() {
	if r := recover(); r != nil {
		s.Recovered(r)
	}
}

// Recovered records a recovered panic value for display and resets what
// may have caused it: the caches, and the views' positions (see Edits).
func (s *State) Recovered(r any) {
	s.Panic = fmt.Sprintf("%v", r)
	s.edits++
	if st := debug.Stack(); len(st) > 0 {
		println("ccplay: recovered panic:", s.Panic, "\n", string(st))
	}
	s.memo = memo{}
}

// addQuestion writes the question's part of the URL query (see
// App.Query): the six main fields always (the network's bandwidth and
// latency only when no preset stands for them), the intra-node link's
// only when given, the others when they differ from the CLI's defaults
// (inQuery). Deterministic order (ControlFields).
//
// While a field is in error the URL carries the last valid question
// instead, so the address bar and "Copy link" never share a state the page
// refuses.
func (s *State) addQuestion(add func(k, v string)) {
	text, given := s.text, s.given
	if s.Invalid() {
		text, given = s.validText, s.validGiven
	}
	for _, f := range ControlFields {
		if inQuery(text, given, f) {
			add(f, text[f])
		}
	}
}

// addPage writes the page's part of the URL query: lang, then view or
// embed (and controls).
func (s *State) addPage(add func(k, v string)) {
	add("lang", s.Lang)
	if s.Embed {
		add("embed", s.View)
		if s.EmbedControls {
			add("controls", "1")
		}
	} else if s.View != Views[0] {
		add("view", s.View)
	}
}

// Export hands the file that data produces to the browser adapter (a
// download; natively it only records the name). data runs under the guard,
// so a panic while producing the file is reported, not fatal.
func (s *State) Export(name, mime string, data func() string) {
	defer s.guard()
	s.Exported = name
	if d := data(); s.Download != nil && d != "" {
		s.Download(name, mime, d)
	}
}
