package ui

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/lecture"
	"github.com/ccplay/ccplay/core/question"
)

// hotDispatch is core's even and hot dispatch of the moe lesson's AllToAll.
func hotDispatch(t *testing.T, share float64) (lecture.Dispatch, lecture.Dispatch) {
	t.Helper()
	p, err := question.CostParams(field.Map(map[string]string{"collective": "alltoall", "algorithm": "pairwise", "ranks": "8", "size": "64MiB"}))
	if err != nil {
		t.Fatal(err)
	}
	even, hot, err := lecture.HotExpertAllToAll(p, share)
	if err != nil {
		t.Fatal(err)
	}
	return even, hot
}

// TestHotView: the moe lesson's hot-expert view shows core's send counts
// for the block's share, its slowdown hidden while the question asks it
// and shown once answered; a share in the address replaces the block's,
// stays in the page's link, and one out of range is refused naming the
// field, with no counts.
func TestHotView(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		a := NewApp(NewState("lesson=moe&lang="+lang+"&ans=00", lang))
		render(t, a)
		page := render(t, a)
		even, hot := hotDispatch(t, 0.5)
		ratio := times(hot.TimeS / even.TimeS)
		mustContain(t, page, `id="view-hot"`, BytesShort(hot.RowBytes[0]), BytesShort(hot.RowBytes[1]),
			a.S.Tf("hot.verdict", BytesShort(hot.HotReceived), BytesShort(even.HotReceived), "?"))
		if strings.Contains(page, ratio) {
			t.Errorf("%s: the slowdown %s shows before the question is answered", lang, ratio)
		}
		a.Lessons.SubmitKey(2, "Enter", ratio)
		for bi, b := range readLesson(t, "moe", lang).Blocks {
			if b.View == "hot" {
				a.Lessons.ShowView(bi)
			}
		}
		mustContain(t, render(t, a), a.S.Tf("hot.verdict", BytesShort(hot.HotReceived), BytesShort(even.HotReceived), ratio))
	}
	a := NewApp(NewState("lesson=moe&lang=en&ans=00&hot=0.25", "en"))
	render(t, a)
	even, hot := hotDispatch(t, 0.25)
	mustContain(t, render(t, a), `value="0.25"`, BytesShort(hot.RowBytes[0]), a.S.Tf("hot.verdict", BytesShort(hot.HotReceived), BytesShort(even.HotReceived), times(hot.TimeS/even.TimeS)))
	if q := a.Query(); !strings.Contains(q, "hot=0.25") {
		t.Errorf("the link %q loses the share", q)
	}
	a = NewApp(NewState("lesson=moe&lang=en&ans=00&hot=1.5", "en"))
	render(t, a)
	page := render(t, a)
	mustContain(t, page, "want the hot expert&#39;s share of every rank&#39;s tokens from 0 to 1")
	if strings.Contains(page, `id="hot-row"`) {
		t.Error("an out-of-range share still shows send counts")
	}
}
