package ui

import (
	"html"
	"regexp"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// TestSecsMinusSign: the page's times are the CLI's (cost.FormatSeconds),
// a negative one with U+2212 in place of the hyphen-minus.
func TestSecsMinusSign(t *testing.T) {
	for _, x := range []float64{3e-10, 5e-6, 2.41e-3, 1.5} {
		if got := Secs(x); got != cost.FormatSeconds(x) {
			t.Errorf("Secs(%g) = %q, want %q", x, got, cost.FormatSeconds(x))
		}
		if got, want := Secs(-x), "−"+cost.FormatSeconds(x); got != want {
			t.Errorf("Secs(%g) = %q, want %q", -x, got, want)
		}
	}
	if Secs(0) != "0 s" {
		t.Errorf("Secs(0) = %q", Secs(0))
	}
}

// TestLessonProseMinusSign: the MoE lesson's answer says that 64
// micro-batches lose time, a negative gain, with U+2212 and no
// hyphen-minus before a number, in both languages.
func TestLessonProseMinusSign(t *testing.T) {
	hyphen := regexp.MustCompile(`[\s(（]-[0-9]`)
	sign := regexp.MustCompile(`[\s(（]−[0-9]`)
	for _, lang := range []string{"en", "zh"} {
		page := html.UnescapeString(render(t, NewApp(NewState("lesson=moe&ans=0000000000&lang="+lang, lang))))
		if m := hyphen.FindString(page); m != "" {
			t.Errorf("%s: %q writes a negative number with a hyphen-minus", lang, m)
		}
		if !sign.MatchString(page) {
			t.Errorf("%s: no negative number in the MoE lesson's page: the case is not exercised", lang)
		}
	}
}
