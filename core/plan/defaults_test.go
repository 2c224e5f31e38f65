package plan

import (
	"github.com/ccplay/ccplay/core/msg"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccplay/ccplay/core/field"
)

// TestDefaultsAreWhatParseReads: a question that spells out every default
// is the question that gives none, every default is a field, and Help
// states it. The choices a face offers for a field all parse.
func TestDefaultsAreWhatParseReads(t *testing.T) {
	given := map[string]string{}
	for f, v := range defaults {
		given[f] = v
		for _, lang := range msg.Languages() {
			if h := Help(f).In(lang); !strings.Contains(h, v) {
				t.Errorf("%s: Help in %s %q does not state the default %q", f, lang, h, v)
			}
		}
	}
	bare, err := Parse(field.Map(nil))
	if err != nil {
		t.Fatal(err)
	}
	spelt, err := Parse(field.Map(given))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(bare, spelt); diff != "" {
		t.Errorf("defaults spelt out (-none given +all given):\n%s", diff)
	}
	for _, f := range append(append([]string{}, Fields...), "fabric") {
		for _, v := range Choices(f) {
			// On 2 × 2 GPUs, where every choice has a meaning.
			if _, err := Parse(field.Map(map[string]string{"dp": "2", "tp": "2", f: v})); err != nil {
				t.Errorf("%s = %s, a listed choice: %v", f, v, err)
			}
		}
	}
}
