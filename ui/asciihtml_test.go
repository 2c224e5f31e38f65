package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/vugu/vugu"
)

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestASCIIHTML: the rewrite is ASCII, decodes (by the html package, as a
// browser's parser would) back to the input, and leaves ASCII alone — for
// hand-picked strings and for every message of both catalogs.
func TestASCIIHTML(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"plain <b>ASCII</b> &amp; more", "plain <b>ASCII</b> &amp; more"},
		{"实测点", "&#x5b9e;&#x6d4b;&#x70b9;"},
		{"2 × 5 µs ≤ 16 ms", "2 &#xd7; 5 &#xb5;s &#x2264; 16 ms"},
		{"🙂", "&#x1f642;"},
		{"a\xffb", "a&#xfffd;b"}, // invalid UTF-8 decodes to U+FFFD, as in a browser
	}
	for _, tc := range cases {
		got, changed := asciiHTML(tc.in)
		if got != tc.want || changed != (tc.in != tc.want) {
			t.Errorf("asciiHTML(%q) = %q, %v; want %q", tc.in, got, changed, tc.want)
		}
	}
	n := 0
	for lang, cat := range Catalogs() {
		for key, msg := range cat {
			got, _ := asciiHTML(msg)
			if !isASCII(got) || html.UnescapeString(got) != html.UnescapeString(msg) {
				t.Errorf("%s %s: %q → %q", lang, key, msg, got)
			}
			if again, changed := asciiHTML(got); changed || again != got {
				t.Errorf("%s %s: not idempotent", lang, key)
			}
			n++
		}
	}
	if n < 400 {
		t.Fatalf("only %d catalog messages checked", n)
	}
}

// TestBuildSafelyASCIIOnly: a whole zh page built through BuildSafely has
// only ASCII InnerHTML in every component's output, and rendered it reads
// as the same Chinese text the catalog holds.
func TestBuildSafelyASCIIOnly(t *testing.T) {
	s := NewState("lang=zh&view=charts", "zh")
	root := NewApp(s)
	newEnv := func() (*vugu.BuildEnv, error) { return vugu.NewBuildEnv(nil) }
	env, _ := newEnv()
	br, err := BuildSafely(&env, newEnv, root, root)
	if err != nil {
		t.Fatal(err)
	}
	inner, comps := 0, 0
	var walk func(n *vugu.VGNode)
	walk = func(n *vugu.VGNode) {
		for ; n != nil; n = n.NextSibling {
			if n.InnerHTML != nil {
				inner++
				if !isASCII(*n.InnerHTML) {
					t.Fatalf("non-ASCII InnerHTML left: %.80q", *n.InnerHTML)
				}
			}
			if n.Component != nil {
				comps++
				if o := br.ResultFor(n.Component); o != nil {
					for _, c := range o.Out {
						walk(c)
					}
				}
			}
			walk(n.FirstChild)
		}
	}
	for _, n := range br.Out.Out {
		walk(n)
	}
	if inner < 50 || comps < 2 {
		t.Fatalf("walked %d InnerHTML strings in %d components; the page is bigger than that", inner, comps)
	}
	page := html.UnescapeString(render(t, root))
	if want := T("zh", "m.title"); !strings.Contains(page, want) {
		t.Errorf("the zh charts page lacks %q", want)
	}
}
