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
	dir := os.Getenv("CCPLAY_SHOTS")
	if dir == "" {
		dir = "/tmp/shots"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	base := server(t)
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		p := browser(t, size[0], size[1])
		for _, lang := range []string{"zh", "en"} {
			for _, id := range append([]string{"index"}, ui.LessonIDs...) {
				p.open(fmt.Sprintf("%s/?lesson=%s&lang=%s", base, id, lang))
				if id != "index" {
					p.waitJS("lesson "+id, `!!document.getElementById("q0-0")`)
				}
				for q := 0; id != "index" && eval[bool](p, fmt.Sprintf(`!!document.getElementById("q%d-0")`, q)); q++ {
					pick := fmt.Sprintf("q%d-0", q)
					if q%2 == 1 {
						pick = eval[string](p, fmt.Sprintf(`[...document.querySelectorAll("#quiz-%d .opt")].map(b=>b.id).find(i=>i!=="q%d-0")`, q, q))
					}
					p.click(pick)
				}
				png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("lesson-%s-%s-%d.png", id, lang, size[0])
				if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
