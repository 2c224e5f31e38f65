package playground

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEmbedSnippetTwoEmbeds: the embed snippet of docs/playground.md (the
// README links there), taken from the document as published, sizes two
// iframes on one page each to its own content (it matches e.source, so a
// second embed is not left at its first height and clipped).
func TestEmbedSnippetTwoEmbeds(t *testing.T) {
	doc, err := os.ReadFile("../../docs/playground.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)## Embedding one view.*?```html\n(.*?)```").FindSubmatch(doc)
	if block == nil {
		t.Fatal("docs/playground.md has no ```html block under \"Embedding one view\"")
	}
	snippet := string(block[1])
	frame := regexp.MustCompile(`(?s)<iframe.*?</iframe>`).FindString(snippet)
	script := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindStringSubmatch(snippet)
	if frame == "" || script == nil {
		t.Fatalf("the snippet lacks an iframe or a script:\n%s", snippet)
	}
	src := regexp.MustCompile(`src="[^"]*"`)
	base := server(t)
	var frames []string
	for _, q := range []string{"/?embed=timing&lang=en", "/?embed=ledger&ranks=64&lang=en"} {
		frames = append(frames, src.ReplaceAllString(frame, `src="`+base+q+`"`))
	}
	p := browser(t, 1000, 900)
	// The test server's course page (its own frame left blank), with the two
	// embeds and the snippet's script added.
	p.do("open a course page", navigate(base+"/course.html?width=720&src=about:blank"))
	eval[any](p, fmt.Sprintf(`(() => { const d = document.createElement("div"); d.innerHTML = %s; document.body.appendChild(d);
		const s = document.createElement("script"); s.textContent = %s; document.body.appendChild(s); return null; })()`,
		strconv.Quote("<p>Lecture 09…</p>"+frames[0]+"<p>More…</p>"+frames[1]), strconv.Quote(script[1])))
	fit := `[...document.querySelectorAll("iframe.ccplay")].map((f) => { const a = f.contentDocument && f.contentDocument.getElementById("app");
		return a && f.contentWindow.ccplayRenders >= 1 ? Math.abs(f.getBoundingClientRect().height - Math.ceil(a.getBoundingClientRect().height)) : 1e9; })`
	p.waitJS("both embeds sized to their content", fit+`.every((d) => d <= 1)`)
	hs := eval[[]float64](p, `[...document.querySelectorAll("iframe.ccplay")].map((f) => f.getBoundingClientRect().height)`)
	if len(hs) != 2 || hs[0] == hs[1] || hs[1] <= 400 {
		t.Errorf("iframe heights %v: want two different heights, the ledger's above 400 px", hs)
	}
	if !strings.Contains(snippet, "e.source") {
		t.Error("the snippet does not match e.source")
	}
	p.noConsoleErrors()
}
