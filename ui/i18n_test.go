package ui

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/internal/repopath"
	"github.com/ccplay/ccplay/public/lessons"
)

var verb = regexp.MustCompile(`%(\[\d+\])?[dsvfgq]`)

func TestCatalogsHaveTheSameKeys(t *testing.T) {
	for _, pair := range [][2]string{{"en", "zh"}, {"zh", "en"}} {
		a, b := Catalogs()[pair[0]], Catalogs()[pair[1]]
		var missing []string
		for k := range a {
			if _, ok := b[k]; !ok {
				missing = append(missing, k)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("keys in %s but not in %s: %s", pair[0], pair[1], strings.Join(missing, ", "))
		}
	}
}

func TestCatalogEntriesAgree(t *testing.T) {
	en, zh := Catalogs()["en"], Catalogs()["zh"]
	for k, e := range en {
		z := zh[k]
		if strings.TrimSpace(e) == "" || strings.TrimSpace(z) == "" {
			t.Errorf("%s: empty message", k)
		}
		// Both translations take the same Sprintf arguments.
		ve, vz := verbSet(e), verbSet(z)
		if strings.Join(ve, " ") != strings.Join(vz, " ") {
			t.Errorf("%s: verbs %v (en) vs %v (zh)", k, ve, vz)
		}
	}
}

// TestEveryKeyUsedExists renders every view in both languages and checks no
// message key is shown raw (T returns the key itself when it is missing).
func TestEveryKeyUsedExists(t *testing.T) {
	keyish := regexp.MustCompile(`>([a-z]+\.[a-z0-9_.]+)<`)
	for _, lang := range []string{"en", "zh"} {
		for _, v := range Views {
			s := NewState("view="+v+"&lang="+lang+"&ranks=8", "")
			a := NewApp(s)
			a.Steps.StepBy(1)
			html := render(t, a)
			if strings.Contains(html, "%!") {
				i := strings.Index(html, "%!")
				t.Errorf("%s/%s: a bad Sprintf format: %q", lang, v, html[max(0, i-60):i+20])
			}
			if m := keyish.FindStringSubmatch(html); m != nil {
				t.Errorf("%s/%s shows the raw key %q", lang, v, m[1])
			}
		}
	}
}

func TestDefaultLang(t *testing.T) {
	cases := []struct{ nav, want, reason string }{
		{"zh-CN", "zh", "mainland Chinese"},
		{"zh-TW", "zh", "any Chinese prefers the Chinese course's terms"},
		{"ZH", "zh", "case does not matter"},
		{"en-US", "en", "English"},
		{"fr", "en", "other languages get English"},
		{"", "en", "unknown"},
	}
	for _, tc := range cases {
		if got := DefaultLang(tc.nav); got != tc.want {
			t.Errorf("%s: DefaultLang(%q) = %q", tc.reason, tc.nav, got)
		}
	}
}

// verbSet is the sorted set of Sprintf verbs of a message.
func verbSet(m string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range verb.FindAllString(m, -1) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}

// TestCatalogsCiteNoRepositoryFile: the page's text says what it means
// instead of pointing at a path of the repository (docs/….md, core/…,
// testdata), which a reader of the playground cannot open. Core's messages,
// which the page shows too, are held to the same rule by core/msg's tests.
func TestCatalogsCiteNoRepositoryFile(t *testing.T) {
	path, err := repopath.Matcher("..")
	if err != nil {
		t.Fatal(err)
	}
	for lang, cat := range Catalogs() {
		for k, v := range cat {
			if p := path.FindString(v); p != "" {
				t.Errorf("%s %s cites the repository path %q: %q", lang, k, strings.TrimSpace(p), v)
			}
		}
	}
}

// zhVariants are words the zh page once used beside the glossary's term
// for the same thing (docs/glossary.md): each maps to the term.
var zhVariants = map[string]string{
	"字节账本": "通信量账本", // byte ledger, the view's name
	"归约":   "规约",    // reduce
	"延迟受限": "延迟主导",  // latency-bound (the doctor's regimes too)
	"带宽受限": "带宽主导",  // bandwidth-bound
}

// TestZhTermsFollowTheGlossary: the zh catalogues (the page's and core's)
// and the zh lessons use the glossary's term, never a variant of it, so a
// learner meets one word for one thing.
func TestZhTermsFollowTheGlossary(t *testing.T) {
	texts := map[string]string{}
	for k, v := range Catalogs()["zh"] {
		texts["ui "+k] = v
	}
	for _, id := range msg.IDs(msg.ZH) {
		texts["core "+string(id)] = msg.Format(msg.ZH, id)
	}
	for _, id := range LessonIDs {
		data, err := lessons.Read(id, "zh")
		if err != nil {
			t.Fatal(err)
		}
		texts["lesson "+id] = string(data)
	}
	for where, s := range texts {
		for bad, term := range zhVariants {
			if strings.Contains(s, bad) {
				t.Errorf("%s says %q where the glossary's term is %q", where, bad, term)
			}
		}
	}
}

// TestCatalogsHoldNoMarkdown: the page shows a message as it is written, so
// no message (the page's or core's, in either language) carries Markdown's
// backticks, which would show as such ("`ccplay plan`").
func TestCatalogsHoldNoMarkdown(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		for k, v := range Catalogs()[lang] {
			if strings.Contains(v, "`") {
				t.Errorf("ui %s/%s: a backtick in %q", lang, k, v)
			}
		}
		for _, id := range msg.IDs(lang) {
			if v := msg.Format(lang, id); strings.Contains(v, "`") {
				t.Errorf("core %s/%s: a backtick in %q", lang, id, v)
			}
		}
	}
}
