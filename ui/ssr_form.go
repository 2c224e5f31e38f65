package ui

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/vugu/vugu"
)

// FormID is the id of the server-rendered page's form: the question's
// controls belong to it (their form attribute), each named after its URL
// parameter, so that before the WebAssembly runs (or without JavaScript)
// pressing Enter or the submit button asks the server for the page of the
// new question with method GET. The WebAssembly's first render drops the
// form, the names and the submit button and handles the controls itself.
const FormID = "ccplay-form"

// ssrForm decides, while a page is written, what each control submits and
// where each button that changes the page leads, and collects the URL
// parameters the controls carry so the form's hidden inputs carry the rest.
type ssrForm struct {
	app   *App
	query string          // the page's URL query, App.Query
	named map[string]bool // parameters a control written so far submits
}

func newSSRForm(app *App) *ssrForm {
	return &ssrForm{app: app, query: app.Query(), named: map[string]bool{}}
}

// attr is n's attribute key ("" when absent) and whether it is present.
func attr(n *vugu.VGNode, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// fieldName is the URL parameter the control n submits, "" for none: a
// control of the question (data-field), of the nccl-tests sweep, or the
// input of the lesson's open typed question (TypedParam). A
// bandwidth, latency or node layout that a preset or system supplies is
// left unnamed unless the URL gives it (as in the URL the page writes, so
// the preset keeps supplying it); a parameter is submitted by its first
// control only.
func (f *ssrForm) fieldName(n *vugu.VGNode) string {
	name, _ := attr(n, "data-field")
	if id, _ := attr(n, "id"); id == "qin-"+strconv.Itoa(len(f.app.Lessons.ans)) {
		return TypedParam // the open typed question's input
	}
	if name == "" {
		id, _ := attr(n, "id")
		for _, sf := range SweepFields {
			if id == "f-"+sf {
				name = sf
			}
		}
	}
	if name == "" || f.named[name] || !f.app.S.submits(name) {
		return ""
	}
	f.named[name] = true
	return name
}

// submits reports whether the form submits field f: every field but one
// a preset or a system supplies and the URL leaves out (inQuery).
func (s *State) submits(f string) bool {
	_, link := linkField(f)
	supplied := link || (f == "gpus-per-node" && s.text["system"] != "")
	return !supplied || s.inQuery(f)
}

// href is the address a button leads to on the server-rendered page ("?"
// and a query), for the buttons that change the page: the tabs, the
// languages, the lessons' navigation, the fabric view's fabric and
// oversubscription (fabric.kind, fabric.ratio) and the answer of the
// question a lesson asks next (an answer link carries only the choice, not whether
// it is right). ok is false for every other button, and for a disabled one.
func (f *ssrForm) href(n *vugu.VGNode) (string, bool) {
	if _, off := attr(n, "disabled"); off {
		return "", false
	}
	id, _ := attr(n, "id")
	q := f.query
	lesson := func(page string) string {
		return "?" + withParam(withoutParams(q, "view", "lesson", "ans", "live"), "lesson", page)
	}
	switch {
	case strings.HasPrefix(id, "tab-"):
		v, _ := attr(n, "data-view")
		if v == "lessons" {
			return lesson(f.app.Lessons.Page), true
		}
		return "?" + withParam(withoutParams(q, "lesson", "ans", "live"), "view", v), true
	case id == "lang-zh" || id == "lang-en":
		return "?" + withParam(q, "lang", strings.TrimPrefix(id, "lang-")), true
	case strings.HasPrefix(id, "open-"):
		return lesson(strings.TrimPrefix(id, "open-")), true
	case id == "lesson-back":
		return lesson("index"), true
	case id == "lesson-next":
		return lesson(f.app.Lessons.Neighbour(1)), true
	case id == "lesson-restart":
		return lesson(f.app.Lessons.Page), true
	case id == "fb-"+fabric.FatTree || id == "fb-"+fabric.Rail:
		return "?" + withParam(q, "fabric.kind", strings.TrimPrefix(id, "fb-")), true
	case strings.HasPrefix(id, "fb-r"):
		return "?" + withParam(q, "fabric.ratio", strings.TrimPrefix(id, "fb-r")), true
	}
	if qi, v, ok := answerID(id); ok && qi == len(f.app.Lessons.ans) {
		var b strings.Builder
		for _, a := range f.app.Lessons.ans {
			b.WriteByte(byte('0' + a))
		}
		b.WriteByte(byte('0' + v))
		return "?" + withParam(withoutParams(q, "live"), "ans", b.String()), true
	}
	return "", false
}

// submits reports whether button n submits the form: the check button of
// the lesson's open typed question, beside its input (fieldName).
func (f *ssrForm) submits(n *vugu.VGNode) bool {
	id, _ := attr(n, "id")
	return n.Data == "button" && id == "qcheck-"+strconv.Itoa(len(f.app.Lessons.ans))
}

// answerID reads a lesson's answer button id, "q<question>-<variant>".
func answerID(id string) (q, v int, ok bool) {
	a, b, cut := strings.Cut(strings.TrimPrefix(id, "q"), "-")
	if !cut || !strings.HasPrefix(id, "q") {
		return 0, 0, false
	}
	q, err1 := strconv.Atoi(a)
	v, err2 := strconv.Atoi(b)
	return q, v, err1 == nil && err2 == nil && v >= 0 && v <= 9
}

// writeForm writes the form: hidden inputs for every parameter of the
// page's query that no control submits (the view, the language, a
// lesson's answers…), so a submit keeps them.
func (f *ssrForm) writeForm(b *strings.Builder) {
	b.WriteString(`<form id="` + FormID + `" method="get" hidden>`)
	for _, kv := range strings.Split(f.query, "&") {
		k, v, _ := strings.Cut(kv, "=")
		k, ok1 := unescape(k)
		v, ok2 := unescape(v)
		if k == "" || !ok1 || !ok2 || f.named[k] {
			continue
		}
		b.WriteString(`<input type="hidden" name="` + escapeHTML(k, true) + `" value="` + escapeHTML(v, true) + `">`)
	}
	b.WriteString(`</form>`)
}

// withoutParams is query without the parameters keys.
func withoutParams(query string, keys ...string) string {
	var out []string
	for _, kv := range strings.Split(query, "&") {
		k, _, _ := strings.Cut(kv, "=")
		drop := kv == ""
		for _, key := range keys {
			drop = drop || k == key
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return strings.Join(out, "&")
}

// withParam is query with parameter key set to v (replacing its value in
// place, else appended).
func withParam(query, key, v string) string {
	kv := key + "=" + escape(v)
	parts := strings.Split(query, "&")
	for i, p := range parts {
		if k, _, _ := strings.Cut(p, "="); k == key {
			parts[i] = kv
			return strings.Join(parts, "&")
		}
	}
	if query == "" {
		return kv
	}
	return query + "&" + kv
}
