package playground

import (
	"path/filepath"
	"testing"

	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// TestChineseSurvivesRerenders: on the zh page every view, re-rendered a
// few times, and the measured-points panel after "fit" and "use P" (where
// it was first seen) show no U+FFFD. Vugu's renderer sends a long InnerHTML
// in byte chunks that the browser decodes one by one, so without ui's
// ASCII-only InnerHTML a Chinese character cut at a chunk boundary became
// "���" wherever the buffer happened to end.
func TestChineseSurvivesRerenders(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	bad := `(document.body.innerText.match(/\uFFFD/g) || []).length`
	p.open(base + "/?lang=zh&ranks=8&size=1MiB")
	for _, v := range ui.Views[:len(ui.Views)-1] {
		p.click("tab-" + v)
		for _, size := range []string{"3MiB", "100MiB", "1MiB"} {
			if eval[bool](p, `!!document.getElementById("f-size")`) {
				p.setField("f-size", size)
			} else {
				p.click("lang-zh") // a view without the size field: re-render it all the same
			}
			if n := eval[int](p, bad); n != 0 {
				t.Fatalf("view %s after size %s: %d replacement characters in the page", v, size, n)
			}
		}
	}
	bench, err := filepath.Abs("../../core/measure/testdata/bench_tcp_4ranks.json")
	if err != nil {
		t.Fatal(err)
	}
	p.click("tab-charts")
	p.do("choose the bench file", chromedp.SetUploadFiles(`#m-file`, []string{bench}))
	p.waitJS("the overlay", `document.getElementById("m-table") !== null`)
	p.click("m-s-0-fit")
	p.click("m-s-0-p")
	if n := eval[int](p, bad); n != 0 {
		t.Errorf("measured panel after fit and use P: %d replacement characters; summary %q", n, p.text("m-loaded"))
	}
	p.noConsoleErrors()
}
