package msg

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/internal/repopath"
)

// verbs is what format does with its arguments: the verb letter applied to
// each argument index (explicit indexes %[n]d honoured, as fmt counts
// them), or an error for a format fmt would misread.
func verbs(format string) (map[int]rune, error) {
	out := map[int]rune{}
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.ContainsRune("+-# 0", rune(format[i])) {
			i++
		}
		// An index goes right before the verb, after any width and
		// precision: "%[2]d", "%.1[4]f" (fmt reads "%[4].1f" as a bad index).
		for i < len(format) && (format[i] >= '0' && format[i] <= '9' || format[i] == '.') {
			i++
		}
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				return nil, fmt.Errorf("unclosed index in %q", format)
			}
			var n int
			if _, err := fmt.Sscanf(format[i+1:i+end], "%d", &n); err != nil || n < 1 {
				return nil, fmt.Errorf("bad index in %q", format)
			}
			arg = n - 1
			i += end + 1
		}
		if i >= len(format) {
			return nil, fmt.Errorf("%q ends inside a verb", format)
		}
		v := rune(format[i])
		switch {
		case v == '%':
			continue
		case v == '*':
			return nil, fmt.Errorf("%q takes a width argument", format)
		case !strings.ContainsRune("vdsqgfexXtc", v):
			return nil, fmt.Errorf("%q has the unknown verb %%%c", format, v)
		}
		if w, ok := out[arg]; ok && w != v {
			return nil, fmt.Errorf("%q applies %%%c and %%%c to argument %d", format, w, v, arg+1)
		}
		out[arg] = v
		arg++
	}
	for i := range len(out) {
		if _, ok := out[i]; !ok {
			return nil, fmt.Errorf("%q skips argument %d", format, i+1)
		}
	}
	return out, nil
}

// zeroArgs are zero values of the types format's verbs take.
func zeroArgs(v map[int]rune) []any {
	args := make([]any, len(v))
	for i, c := range v {
		switch c {
		case 'd', 'x', 'X', 'c':
			args[i] = 0
		case 'g', 'f', 'e':
			args[i] = 0.0
		case 't':
			args[i] = false
		default:
			args[i] = ""
		}
	}
	return args
}

// Every language has the same IDs, and each entry takes the same
// arguments as its English twin, with the same verbs.
func TestCataloguesAgree(t *testing.T) {
	if len(en) == 0 || !reflect.DeepEqual(IDs(EN), IDs(ZH)) {
		for _, id := range IDs(EN) {
			if !Has(ZH, id) {
				t.Errorf("%s: no zh entry", id)
			}
		}
		for _, id := range IDs(ZH) {
			if !Has(EN, id) {
				t.Errorf("%s: no en entry", id)
			}
		}
	}
	for _, id := range IDs(EN) {
		want, err := verbs(en[id])
		if err != nil {
			t.Errorf("%s (en): %v", id, err)
			continue
		}
		for _, lang := range Languages()[1:] {
			f, ok := catalogue(lang)[id]
			if !ok {
				continue
			}
			got, err := verbs(f)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s (%s): verbs %v (%v), English has %v", id, lang, got, err, want)
			}
		}
	}
}

// An ID is dotted lowercase words; an entry is one line, names no CLI
// flag or command, and renders with zero values of its arguments' types
// without a malformed verb.
func TestEntriesWellFormed(t *testing.T) {
	idForm := regexp.MustCompile(`^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$`)
	flag := regexp.MustCompile(` --[a-z]`)
	for _, lang := range Languages() {
		for _, id := range IDs(lang) {
			f := Format(lang, id)
			if !idForm.MatchString(string(id)) {
				t.Errorf("ID %q is not dotted lowercase words", id)
			}
			if strings.Contains(f, "\n") || f == "" {
				t.Errorf("%s (%s): %q is not one line of text", id, lang, f)
			}
			if lang == EN && (flag.MatchString(f) || strings.Contains(f, "ccplay ")) {
				t.Errorf("%s: %q names a CLI flag or command", id, f)
			}
			v, err := verbs(f)
			if err != nil {
				continue // TestCataloguesAgree reports it
			}
			if s := New(id, zeroArgs(v)...).In(lang); strings.Contains(s, "%!") {
				t.Errorf("%s (%s) renders %q", id, lang, s)
			}
		}
	}
}

// No entry cites a path of the repository (docs/….md, core/…, testdata):
// its readers use the CLI, the API or the playground and have no checkout
// to open it in, so each message says what it means itself.
func TestEntriesCiteNoRepositoryPath(t *testing.T) {
	path, err := repopath.Matcher("../..")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, lang := range Languages() {
		for _, id := range IDs(lang) {
			n++
			if p := path.FindString(Format(lang, id)); p != "" {
				t.Errorf("%s (%s) cites the repository path %q: %q", id, lang, strings.TrimSpace(p), Format(lang, id))
			}
		}
	}
	if n < 2*len(en) {
		t.Errorf("checked %d entries, fewer than both languages hold", n)
	}
}

// idUse finds the literal IDs the source passes to the functions that take
// one: fielderr.New, msg.New, msg.Errorf, budget.New and units'
// because/newError.
var idUse = regexp.MustCompile(`(?:fielderr\.New\([^,()]+(?:\([^()]*\))?,|msg\.New\(|msg\.Errorf\(|budget\.New\([^,()]+,|because\(|newError\([^,()]+,[^,()]+,)\s*"([^"]+)"`)

// Every ID the repository's Go code names is in every catalogue.
func TestUsedIDsExist(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no module root at %s: %v", root, err)
	}
	used := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range idUse.FindAllSubmatch(src, -1) {
			used++
			for _, lang := range Languages() {
				if !Has(lang, ID(m[1])) {
					rel, _ := filepath.Rel(root, path)
					t.Errorf("%s uses %q, which the %s catalogue lacks", rel, m[1], lang)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if used < 100 {
		t.Errorf("found %d uses of a message ID; the scan misses the call sites", used)
	}
}
