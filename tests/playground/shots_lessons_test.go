//go:build shots

package playground

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// TestShotsLessons writes screenshots of the lessons' index and of every
// lesson, each question answered (the first right, the others alternating),
// in both languages at 1280×800 and 390×844, into $CCPLAY_SHOTS (default
// /tmp/shots) as lesson-<id>-<lang>-<width>.png.
func TestShotsLessons(t *testing.T) {
	dir := shotsDir(t)
	base := server(t)
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		p := browser(t, size[0], size[1])
		for _, lang := range []string{"zh", "en"} {
			for _, id := range append([]string{"index"}, ui.LessonIDs...) {
				p.open(fmt.Sprintf("%s/?lesson=%s&lang=%s", base, id, lang))
				if id != "index" {
					p.waitJS("lesson "+id, `!!document.querySelector("#quiz-0 button, #quiz-0 input")`)
					qs := lessonQuestions(t, id, lang)
					for q, b := range qs {
						if q == 1 {
							shot(t, p, dir, fmt.Sprintf("lesson-%s-%s-%d-q1.png", id, lang, size[0])) // the second question pending: its answer hidden
						}
						p.waitAnswerable(q)
						a := ui.AnswerOf(b)
						if b.Tol > 0 {
							v := a.Labels[0]
							if q%2 == 1 {
								v = a.Labels[1]
							}
							p.typeEnter(fmt.Sprintf("qin-%d", q), v)
							continue
						}
						pick := fmt.Sprintf("q%d-0", q)
						if q%2 == 1 {
							pick = eval[string](p, fmt.Sprintf(`[...document.querySelectorAll("#quiz-%d .opt")].map(b=>b.id).find(i=>i!=="q%d-0")`, q, q))
						}
						p.click(pick)
					}
				}
				shot(t, p, dir, fmt.Sprintf("lesson-%s-%s-%d.png", id, lang, size[0]))
			}
		}
	}
}

// shot writes a full-page screenshot of p as dir/name.
func shot(t *testing.T, p *page, dir, name string) {
	t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
