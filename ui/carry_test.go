package ui

import (
	"os"
	"strings"
	"testing"
)

// TestCarryRestore: a page that checked a pasted log with an option, chose
// its fabric view's buttons and left a lesson half answered gives a new
// page (its URL, then Restore of its Carry) the same state: the fabric's
// choices through the URL, the doctor's paste, option and verdict (Judge
// run again on the same log) and the lesson's page, answers and live view
// through Carry; the new page's URL and Carry are the old one's.
func TestCarryRestore(t *testing.T) {
	log, err := os.ReadFile("../core/doctor/testdata/rtx4090_4x_pcie_docker.txt")
	if err != nil {
		t.Fatal(err)
	}
	a := NewApp(NewState("lang=en&view=lessons&lesson=ring&ans=0", "en"))
	render(t, a)
	a.S.SetView("doctor")
	a.Doctor.SetPaste(string(log))
	a.Doctor.SetOption("ranks", "4")
	a.Doctor.CheckPaste()
	for _, b := range append(a.Fabric.Kinds(), a.Fabric.Ratios()...) {
		if b.ID == "fb-rail" || b.ID == "fb-r8" {
			b.Set()
		}
	}
	q, carry := a.Query(), a.Carry()
	for _, kv := range []string{"fabric.kind=rail", "fabric.ratio=8"} {
		if !strings.Contains(q, kv) {
			t.Errorf("the URL %q lacks the fabric view's %s", q, kv)
		}
	}
	for _, kv := range []string{"lesson.page=ring", "lesson.ans=0", "doctor.judged=paste", "doctor.opt.ranks=4"} {
		if !strings.Contains(carry, kv) {
			t.Errorf("Carry %q lacks %s", carry[:min(len(carry), 200)], kv)
		}
	}
	if a.Doctor.Verdict() == "" {
		t.Fatal("the log got no verdict")
	}

	b := NewApp(NewState(q, "en"))
	b.Restore(carry)
	if b.Doctor.Verdict() != a.Doctor.Verdict() || b.Doctor.Paste() != string(log) || b.Doctor.Option("ranks") != "4" {
		t.Errorf("the doctor after Restore: verdict %q (want %q), option %q", b.Doctor.Verdict(), a.Doctor.Verdict(), b.Doctor.Option("ranks"))
	}
	if b.Fabric.kind != "rail" || b.Fabric.ratio != 8 {
		t.Errorf("the fabric view from the URL: %s %g:1, want rail 8:1", b.Fabric.kind, b.Fabric.ratio)
	}
	if got, want := b.Query(), q; got != want {
		t.Errorf("the new page's URL %q, want %q", got, want)
	}
	if got := b.Carry(); got != carry {
		t.Errorf("the new page carries on %q, want %q", got[:min(len(got), 200)], carry[:min(len(carry), 200)])
	}
	b.S.SetView("lessons")
	if got := b.Query(); !strings.Contains(got, "lesson=ring&ans=0") {
		t.Errorf("the lessons view after Restore: %q, want the ring lesson with its answer", got)
	}

	// The URL's lesson wins over a carried one; bad values are dropped.
	c := NewApp(NewState("lang=en&view=lessons&lesson=tree", "en"))
	c.Restore("lesson.page=ring&lesson.ans=01&fabric.kind=x")
	if c.Lessons.Page != "tree" || len(c.Lessons.ans) != 0 {
		t.Errorf("a carried lesson replaced the URL's: %s %v", c.Lessons.Page, c.Lessons.ans)
	}
	d := NewApp(NewState("lang=en&view=fabric&fabric.kind=mesh&fabric.ratio=3", "en"))
	if d.Fabric.kind != "fat-tree" || d.Fabric.ratio != 4 || strings.Contains(d.Query(), "fabric.") {
		t.Errorf("values no button has: %s %g:1, URL %q", d.Fabric.kind, d.Fabric.ratio, d.Query())
	}
}
