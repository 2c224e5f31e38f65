package docs

import (
	"os"
	"strings"
	"testing"
)

// TestMatchRule pins the comparison rule of doc.go on small cases, each
// with the verdict and, for a mismatch, the shown line it departs at.
func TestMatchRule(t *testing.T) {
	cases := []struct {
		name      string
		want, got string
		measured  bool
		ok        bool
		bad       int
	}{
		{"exact", "a\nb", "a\nb", false, true, -1},
		{"trailing spaces ignored", "a \nb", "a\nb  ", false, true, -1},
		{"a changed line", "a\nb", "a\nc", false, false, 1},
		{"a line past the block", "a\nb", "a\nb\nc", false, false, 2},
		{"a missing line", "a\nb\nc", "a\nb", false, false, 2},
		{"elision of none", "a\n...\nb", "a\nb", false, true, -1},
		{"elision of many", "a\n  ...\nd", "a\nb\nc\nd", false, true, -1},
		{"elision at the end", "a\n…", "a\nb\nc", false, true, -1},
		{"elision does not excuse a wrong line", "a\n...\nd", "a\nb\nc", false, false, 2},
		{"ellipsis inside a line", `{"x":[1,…],"n":2}`, `{"x":[1,2,3],"n":2}`, false, true, -1},
		{"ellipsis inside a line keeps the rest", `{"x":[1,…],"n":2}`, `{"x":[1,2,3],"n":3}`, false, false, 0},
		{"numbers compared exactly outside measured blocks", "took 3.1 ms", "took 2.9 ms", false, false, 0},
		{"measured: a time by its place", "took 3.372 ms over 4 ranks", "took 315.1 µs over 4 ranks", true, true, -1},
		{"measured: the words still count", "took 3.372 ms over 4 ranks", "took 315.1 µs over 4 nodes", true, false, 0},
		{"measured: as many numbers", "pids 1 2 3 4", "pids 11 12 13", true, false, 0},
		{"regexp characters are literal", "a.c (x)", "abc (x)", false, false, 0},
	}
	for _, c := range cases {
		ok, bad := matches(strings.Split(c.want, "\n"), strings.Split(c.got, "\n"), c.measured)
		if ok != c.ok || (!ok && bad != c.bad) {
			t.Errorf("%s: matches = %v at %d, want %v at %d", c.name, ok, bad, c.ok, c.bad)
		}
	}
}

// TestReadExamples reads a document with a marked block, an unmarked one,
// a block of another language, two commands in one block and a block
// whose "$ " line is not its first (not an example).
func TestReadExamples(t *testing.T) {
	doc := "text\n\n<!-- doctest: measured -->\n```\n$ ccplay a\nout a\n\n$ ccplay b\n```\n\n```go\n$ not a command\n```\n\n```\n$ ccplay c\n```\n\n```\n# a format\n$ a line of it\n```\n"
	p := t.TempDir() + "/x.md"
	if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	es, err := readExamples(p, "x.md")
	if err != nil {
		t.Fatal(err)
	}
	got := make([]string, len(es))
	for i, e := range es {
		got[i] = e.cmd + "|" + e.mark + "|" + strings.Join(e.want, "/")
	}
	want := []string{"ccplay a|measured|out a/", "ccplay b|measured|", "not a command||", "ccplay c||"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("examples:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
