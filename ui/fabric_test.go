package ui

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
)

// The fabric view shows core's study of the question: its headline is
// cost.StudyFabric's answer, the table has every collective at every
// ratio (the question and ring AllReduce: the question is the AllToAll), and the buttons change the fabric and the ratio.
func TestFabricView(t *testing.T) {
	s := NewState("view=fabric&lang=en&collective=alltoall&algorithm=pairwise&ranks=64&gpus-per-node=8&size=64MiB", "")
	a := NewApp(s)
	html := render(t, a)
	p := a.Fabric.params()
	st, err := cost.StudyFabric(p, fabricTransfers)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{Secs(st.Result.TimeS), Secs(st.Result.Fabric.IdealTimeS), Secs(st.Result.Fabric.BisectionBoundS),
		st.Drawing.Hottest.From + " → " + st.Drawing.Hottest.To, "<svg", `id="fb-row-1"`, Secs(st.Rows[1].TimesS[3])} {
		if !strings.Contains(html, want) {
			t.Errorf("the view lacks %q", want)
		}
	}
	if p.Fabric.Kind != fabric.FatTree || p.Fabric.Oversubscription != 4 || p.Fabric.LeafNodes != 2 {
		t.Errorf("params %+v", p.Fabric)
	}
	a.Fabric.Kinds()[1].Set()
	a.Fabric.Ratios()[0].Set()
	if q := a.Fabric.params(); q.Fabric.Kind != fabric.Rail || q.Fabric.Oversubscription != 1 {
		t.Errorf("after the buttons: %+v", q.Fabric)
	}
	if html2 := render(t, a); !strings.Contains(html2, "rail0.0") || strings.Contains(html2, `id="fb-err"`) {
		t.Errorf("the rail fabric is not drawn")
	}
	big := NewApp(NewState("view=fabric&lang=zh&ranks=1024&gpus-per-node=8", "zh"))
	if h := render(t, big); !strings.Contains(h, `id="fb-err"`) {
		t.Errorf("a question over the page's budget shows no error")
	}
}
