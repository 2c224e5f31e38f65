package playground

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// TestEmbedHeightsWithoutJavaScript: with JavaScript off nothing resizes
// an embedding iframe, so docs/playground.md lists the height that holds
// each view's default question at a 720-px and a 360-px column. With
// JavaScript off, every view embedded at that width, in both languages,
// fits its documented height, and no height is more than a fifth (plus
// 100 px) taller than the view's tallest language.
func TestEmbedHeightsWithoutJavaScript(t *testing.T) {
	doc, err := os.ReadFile("../../docs/playground.md")
	if err != nil {
		t.Fatal(err)
	}
	sec := regexp.MustCompile(`(?s)### Without JavaScript\n(.*?)\n##`).FindSubmatch(doc)
	if sec == nil {
		t.Fatal(`docs/playground.md has no "### Without JavaScript" section`)
	}
	rows := regexp.MustCompile("(?m)^\\| `?([a-z]+)`? \\| ([0-9]+) \\| ([0-9]+) \\|$").FindAllSubmatch(sec[1], -1)
	heights := map[string][2]float64{}
	for _, r := range rows {
		a, _ := strconv.ParseFloat(string(r[2]), 64)
		b, _ := strconv.ParseFloat(string(r[3]), 64)
		heights[string(r[1])] = [2]float64{a, b}
	}
	for _, v := range ui.Views {
		if _, ok := heights[v]; !ok {
			t.Errorf("the heights' table lacks the view %s", v)
		}
	}
	base := server(t)
	for col, width := range []int64{720, 360} {
		p := browser(t, width, 900)
		p.do("JavaScript off", noScript())
		for _, v := range ui.Views {
			want, tallest := heights[v][col], 0.0
			for _, lang := range []string{"zh", "en"} {
				p.do("navigate", chromedp.Navigate(fmt.Sprintf("%s/?embed=%s&lang=%s", base, v, lang)))
				h := eval[float64](p, `Math.ceil(document.getElementById("app").getBoundingClientRect().bottom)`)
				tallest = math.Max(tallest, h)
				if h > want {
					t.Errorf("%s %s at %d px: %.0f px tall, the documented height is %.0f", v, lang, width, h, want)
				}
			}
			if want > 1.2*tallest+100 {
				t.Errorf("%s at %d px: the documented height %.0f is far over the view's %.0f", v, width, want, tallest)
			}
			t.Logf("%s at %d px: %.0f (documented %.0f)", v, width, tallest, want)
		}
	}
}
