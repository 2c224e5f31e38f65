package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/public/lessons"

	"github.com/vugu/html"
)

// formQuery is what a browser submits for the page's form untouched: every
// control whose form attribute is FormID and every input inside the form,
// in document order (a select submits its selected option, else its first).
func formQuery(t *testing.T, page string) string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	get := func(n *html.Node, key string) (string, bool) {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val, true
			}
		}
		return "", false
	}
	var pairs []string
	var walk func(n *html.Node, inForm bool)
	walk = func(n *html.Node, inForm bool) {
		if n.Type == html.ElementNode {
			id, _ := get(n, "id")
			inForm = inForm || (n.Data == "form" && id == FormID)
			owner, _ := get(n, "form")
			name, named := get(n, "name")
			if named && (inForm || owner == FormID) {
				switch n.Data {
				case "input":
					v, _ := get(n, "value")
					pairs = append(pairs, name+"="+escape(v))
				case "select":
					v, first := "", true
					for o := n.FirstChild; o != nil; o = o.NextSibling {
						if o.Type != html.ElementNode || o.Data != "option" {
							continue
						}
						val, _ := get(o, "value")
						if _, sel := get(o, "selected"); sel || first {
							v = val
						}
						first = false
					}
					pairs = append(pairs, name+"="+escape(v))
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inForm)
		}
	}
	walk(doc, false)
	return strings.Join(pairs, "&")
}

// TestFormSubmitsThePage: for pages of several views, questions and
// lessons, submitting the server-rendered form unchanged asks for the same
// page (NewApp of the submitted query writes the same URL query as the
// page's), so a learner's edit is the only change a submit makes; every
// question control the page shows submits under its URL name.
func TestFormSubmitsThePage(t *testing.T) {
	for _, q := range []string{
		"view=timing&ranks=64&size=1GiB&bandwidth=400Gbps&latency=5us&lang=zh",
		"view=ledger&collective=broadcast&algorithm=tree&ranks=16&root=3&lang=en",
		"view=timing&preset=nvlink4&ranks=8&lang=en",
		"view=timing&system=dgx-h100&ranks=32&lang=en",
		"view=nccl&minbytes=1K&maxbytes=1G&lang=zh",
		"lesson=ring&ans=1&lang=en",
	} {
		p, err := RenderPage(q, "en")
		if err != nil {
			t.Fatal(err)
		}
		want := NewApp(NewState(q, "en")).Query()
		sub := formQuery(t, p.HTML)
		if got := NewApp(NewState(sub, "en")).Query(); got != want {
			t.Errorf("%s: the form submits %q\nwhich is the page %q, want %q", q, sub, got, want)
		}
		if strings.Contains(p.HTML, `data-field="ranks"`) && !strings.Contains(sub, "ranks=") {
			t.Errorf("%s: the ranks control does not submit", q)
		}
	}
}

// TestPageLinks: a tab leads to its view with the question kept, a
// language button to the other language, a lesson's next answer to the
// answers so far and that choice; the answer links carry no verdict.
func TestPageLinks(t *testing.T) {
	p, err := RenderPage("view=timing&ranks=64&lang=en", "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`id="tab-ledger" tabindex="-1" href="?collective=allreduce&amp;algorithm=ring&amp;ranks=64&amp;size=100MiB&amp;bandwidth=50GB/s&amp;latency=5us&amp;lang=en&amp;view=ledger"`,
		`id="lang-zh" aria-pressed="false" class="lang-btn btn" href="?collective=allreduce&amp;algorithm=ring&amp;ranks=64&amp;size=100MiB&amp;bandwidth=50GB/s&amp;latency=5us&amp;lang=zh"`,
	} {
		if !strings.Contains(p.HTML, want) {
			t.Errorf("the timing page lacks %s", want)
		}
	}
	l, err := RenderPage("lesson=ring&ans=10&lang=en", "en") // the first two questions take typed answers
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	for _, v := range []int{0, 1, 2} {
		id := `id="q2-` + string(rune('0'+v)) + `"`
		if i := strings.Index(l.HTML, id); i >= 0 {
			next++
			tag := l.HTML[strings.LastIndex(l.HTML[:i], "<"):]
			tag = tag[:strings.Index(tag, ">")]
			if !strings.HasPrefix(tag, "<a ") || !strings.Contains(tag, "ans=10"+string(rune('0'+v))) {
				t.Errorf("the third question's answer %d is %s, want a link to ans=10%d", v, tag, v)
			}
			if strings.Contains(tag, "right") || strings.Contains(tag, "wrong") {
				t.Errorf("the answer link %s shows its verdict", tag)
			}
		}
	}
	if next == 0 {
		t.Fatalf("the ring lesson after two answers shows no third question")
	}
	if !regexp.MustCompile(`<input [^>]*disabled="disabled" id="qin-0"`).MatchString(l.HTML) {
		t.Errorf("the answered first question's input is not kept disabled")
	}
}

// TestTypedAnswerForm: a lesson's open typed question is part of the
// server-rendered form (its input named TypedParam, its button a submit),
// its answer nowhere on the page; the page for the submitted form is the
// lesson with that answer graded as Grade grades it — text that is no
// value leaves the question open with the hint, a value off by more than
// the tolerance is wrong, the answer within it right — and the next
// question's input takes over the form.
func TestTypedAnswerForm(t *testing.T) {
	l, err := ParseLesson(must(lessons.Read("ring", "en")))
	if err != nil {
		t.Fatal(err)
	}
	var qs []Block
	for _, b := range l.Blocks {
		if b.Kind == BlockQuestion {
			qs = append(qs, b)
		}
	}
	if qs[0].Tol <= 0 || qs[1].Tol <= 0 {
		t.Fatalf("the ring lesson's first two questions take typed answers no longer")
	}
	a0, a1 := AnswerOf(qs[0]), AnswerOf(qs[1])
	submit := func(p Page, typed string) (string, Page) {
		t.Helper()
		sub := formQuery(t, p.HTML)
		if !strings.Contains(sub, TypedParam+"=&") && !strings.HasSuffix(sub, TypedParam+"=") {
			t.Fatalf("the form submits %q, no empty %s", sub, TypedParam)
		}
		sub = strings.Replace(sub, TypedParam+"=", TypedParam+"="+escape(typed), 1)
		next, err := RenderPage(sub, "en")
		if err != nil {
			t.Fatal(err)
		}
		return sub, next
	}
	first, err := RenderPage("lesson=ring&lang=en", "en")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`<input [^>]*id="qin-0"[^>]* name="typed" form="` + FormID + `"`).MatchString(first.HTML) {
		t.Errorf("the open question's input does not submit the form as %s", TypedParam)
	}
	mustContain(t, first.HTML, `id="qcheck-0" type="submit" form="`+FormID+`"`)
	if strings.Contains(first.HTML, `class="fb `) || strings.Contains(first.HTML, `id="q0-0"`) {
		t.Errorf("the open question's verdict or answer is on the page before it is answered")
	}

	_, bad := submit(first, "oops")
	mustContain(t, bad.HTML, `value="oops" name="typed"`, `class="err" role="alert"`, `id="qcheck-0"`)
	if strings.Contains(bad.HTML, "like "+a0.Labels[0]+".") {
		t.Errorf("the hint for text that is no value gives the answer %s", a0.Labels[0])
	}
	if strings.Contains(bad.HTML, `id="quiz-1"`) {
		t.Errorf("text that is no value answered the first question")
	}

	wrong := a0.Values[0] * (1 + 3*qs[0].Tol)
	wrongText := strconv.FormatFloat(wrong, 'g', 6, 64)
	if g, _ := Grade(a0, wrong, qs[0].Tol); g == 0 {
		t.Fatalf("%s is graded right", wrongText)
	}
	_, p1 := submit(first, wrongText)
	mustContain(t, p1.HTML, `class="fb wrong"`, `id="q0-0">`+a0.Labels[0]+`<`, `id="quiz-1"`, `id="qcheck-1" type="submit"`)
	if strings.Contains(p1.HTML, `class="fb right"`) || strings.Contains(p1.HTML, `id="q1-0"`) {
		t.Errorf("the second question's verdict or answer shows before it is answered")
	}
	g0, _ := Grade(a0, wrong, qs[0].Tol)
	wantAns := "ans=" + strconv.Itoa(g0)
	p2q, p2 := submit(p1, a1.Labels[0])
	if !strings.Contains(p2q, wantAns+"&") {
		t.Errorf("the second submit %q does not keep the first answer %s", p2q, wantAns)
	}
	mustContain(t, p2.HTML, `class="fb wrong"`, `class="fb right"`, `id="q1-0">`+a1.Labels[0]+`<`)
	if strings.Contains(p2.HTML, TypedParam+"=") {
		t.Errorf("a link or hidden input of the answered page carries %s", TypedParam)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestNoScriptNote: with JavaScript off, the page says what it is in its
// own language: a form where it has controls that submit (a view with its
// controls, a lesson with its field), the server's numbers where it has
// none (an embedded view alone) — never the other language's sentence.
func TestNoScriptNote(t *testing.T) {
	for _, tc := range []struct{ q, lang, key string }{
		{"view=timing&lang=zh", "zh", "ssr.noscript.form"},
		{"view=timing&lang=en", "en", "ssr.noscript.form"},
		{"embed=timing&controls=1&lang=en", "en", "ssr.noscript.form"},
		{"embed=lesson&lesson=ring&lang=zh", "zh", "ssr.noscript.form"},
		{"embed=timing&lang=zh", "zh", "ssr.noscript.view"},
		{"embed=ledger&lang=en", "en", "ssr.noscript.view"},
	} {
		p, err := RenderPage(tc.q, tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		other := map[string]string{"zh": "en", "en": "zh"}[tc.lang]
		want := "<noscript><p class=\"note\" id=\"noscript\">" + escapeHTML(T(tc.lang, tc.key), false) + "</p></noscript>"
		if strings.Count(p.HTML, "<noscript>") != 1 || !strings.Contains(p.HTML, want) || strings.Contains(p.HTML, escapeHTML(T(other, tc.key), false)) {
			t.Errorf("%s: want one note %q", tc.q, T(tc.lang, tc.key))
		}
	}
}
