package ui

import "testing"

// TestProgressMap: answering records the lesson's progress and hands it
// to Save; the index shows it on the lesson's card; a kept map is read
// back, malformed entries ignored, and never lowered by a restart.
func TestProgressMap(t *testing.T) {
	s := NewState("lesson=ring&lang=en", "en")
	a := NewApp(s)
	var kept string
	a.Lessons.Save = func(v string) { kept = v }
	a.Lessons.SetSaved("tree:4/4,bogus:1/2,ring:x/3,network:5/4")
	a.Lessons.Pick(0, 1)
	if kept != "ring:1/4,tree:4/4" {
		t.Fatalf("kept %q, want ring:1/4,tree:4/4", kept)
	}
	a.Lessons.Restart()
	a.Lessons.Pick(0, 0)
	if kept != "ring:1/4,tree:4/4" {
		t.Errorf("a restart lowered or changed the map: %q", kept)
	}
	a.Lessons.Open("index")
	mustContain(t, render(t, a), "1 of 4 answered", "✓ complete", "Lessons complete: 1 of 11")
}
