package ui

import (
	"regexp"
	"strings"
	"testing"

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
