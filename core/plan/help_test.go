package plan

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/topo"
)

// Every field's help is a message in every language, rendered without a
// malformed verb; the presets' helps list the presets their field accepts.
func TestHelpMessages(t *testing.T) {
	for _, f := range Fields {
		m := Help(f)
		for _, lang := range msg.Languages() {
			if !msg.Has(lang, m.ID) {
				t.Errorf("field %s: %s has no %s entry", f, m.ID, lang)
				continue
			}
			if s := m.In(lang); s == "" || strings.Contains(s, "%!") {
				t.Errorf("field %s in %s: %q", f, lang, s)
			}
		}
	}
	for f, names := range map[string][]string{"model": PresetNames(), "preset": topo.PresetNames(), "intra-preset": topo.PresetNames()} {
		for _, lang := range msg.Languages() {
			for _, n := range names {
				if !strings.Contains(Help(f).In(lang), n) {
					t.Errorf("the %s help of %s does not name %s", lang, f, n)
				}
			}
		}
	}
}

// A group whose ranks sit unevenly on nodes (DP 3 of TP 4 on nodes of 6
// GPUs) carries the uneven note as a message, Note its English; a group
// placed evenly carries none.
func TestUnevenNote(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "70b", "tp": "4", "dp": "3", "gpus-per-node": "6"})
	uneven := 0
	for _, x := range r.Rows {
		switch {
		case x.Shape.Uneven:
			uneven++
			if x.NoteMsg.ID != "plan.note.uneven" || x.Note != x.NoteMsg.String() {
				t.Errorf("%s %s on %s: note %q (%s)", x.Strategy, x.Collective, x.Shape, x.Note, x.NoteMsg.ID)
			}
		case x.NoteMsg.ID != "" || x.Note != "":
			t.Errorf("%s %s on %s: note %q (%s), want none", x.Strategy, x.Collective, x.Shape, x.Note, x.NoteMsg.ID)
		}
	}
	if uneven == 0 {
		t.Fatal("no row is placed unevenly")
	}
}
