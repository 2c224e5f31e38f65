package doctor

import (
	"regexp"
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

// Every doctor and nccltests entry of the catalogues renders in every
// language from the arguments its English format takes: no verb left
// unfilled or mismatched (an explicit index where Chinese word order
// differs must still name an argument of the right type).
func TestCatalogueRenders(t *testing.T) {
	verb := regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*(?:\d+|\*)?(?:\.\d+)?(?:\[\d+\])?([a-zA-Z%])`)
	for _, id := range msg.IDs(msg.EN) {
		if !strings.HasPrefix(string(id), "doctor.") && !strings.HasPrefix(string(id), "nccltests.") {
			continue
		}
		var args []any
		for _, m := range verb.FindAllStringSubmatch(msg.Format(msg.EN, id), -1) {
			switch m[1] {
			case "d":
				args = append(args, 7)
			case "g", "f", "e":
				args = append(args, 1.5)
			case "s", "q", "v":
				args = append(args, "x")
			}
		}
		for _, lang := range msg.Languages() {
			if !msg.Has(lang, id) {
				t.Errorf("%s: no %s entry", id, lang)
				continue
			}
			if s := msg.New(id, args...).In(lang); strings.Contains(s, "%!") {
				t.Errorf("%s in %s: %q", id, lang, s)
			}
		}
	}
}
