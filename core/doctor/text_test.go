package doctor

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/msg"
)

// textOK checks a Text: its ID is in every catalogue, Msg is its English
// rendering, and no language leaves a verb unfilled or names the CLI.
func textOK(t *testing.T, where string, x Text) {
	t.Helper()
	if x.Msg == "" || x.Msg != x.In(msg.EN) {
		t.Errorf("%s: Msg %q is not the English of %s %v (%q)", where, x.Msg, x.ID, x.Args, x.In(msg.EN))
	}
	for _, lang := range msg.Languages() {
		if !msg.Has(lang, x.ID) {
			t.Errorf("%s: %s has no %s entry", where, x.ID, lang)
		}
		s := x.In(lang)
		if strings.Contains(s, "%!") || strings.Contains(s, " --") {
			t.Errorf("%s: %s in %s reads %q", where, x.ID, lang, s)
		}
	}
}

// Every Text a package function builds carries an ID both catalogues hold.
func TestSay(t *testing.T) {
	x := say("doctor.hardware.pcie", "pcie-l40s", 4)
	textOK(t, "say", x)
	nested := say("doctor.summary.normal", 97.0, x)
	textOK(t, "nested", nested)
	if !strings.Contains(nested.In(msg.ZH), "PCIe Gen4") || !strings.Contains(nested.Msg, "pcie-l40s's PCIe Gen4") {
		t.Errorf("nested Text: %q / %q", nested.Msg, nested.In(msg.ZH))
	}
	if e := textOf(errString("plain")); e.ID != "text" || e.Msg != "plain" {
		t.Errorf("a plain error: %+v", e)
	}
}

type errString string

func (e errString) Error() string { return string(e) }
