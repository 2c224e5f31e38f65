package playground

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/ui"
)

// TestScheduleCostFollowsInBrowser: with the tree at P = 1024 a change
// renders the closed forms first and the executed schedule's cost a frame
// later, and the number that appears is cost.Evaluate's.
func TestScheduleCostFollowsInBrowser(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&ranks=1024&algorithm=tree&size=100MiB")
	p.waitJS("the first page's schedule time", `!!document.getElementById("t-sched")`)
	for _, size := range []string{"64MiB", "3MiB"} {
		p.setField("f-size", size)
		p.waitJS("the completed answer", `window.ccplayPending === false && !!document.getElementById("t-sched")`)
		q, err := question.CostParams(field.Map(map[string]string{"ranks": "1024", "algorithm": "tree", "size": size}))
		if err != nil {
			t.Fatal(err)
		}
		want, err := cost.Evaluate(q)
		if err != nil {
			t.Fatal(err)
		}
		wantText := ui.Secs(want.ScheduleTimeS) + " · " + fmt.Sprintf(ui.T("en", "t.rounds"), want.ScheduleSteps)
		if got := p.text("t-sched"); !strings.Contains(got, wantText) {
			t.Errorf("size %s: schedule row %q, core says %s", size, got, wantText)
		}
	}
	p.noConsoleErrors()
}
