// Package repopath recognises a path of this repository in text written for
// a reader of the playground, the CLI or the API. Such a reader has no
// checkout, so "see docs/x.md" points at nothing they can open; the
// catalogue tests use Matcher to keep every message self-contained.
package repopath

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

// Matcher returns a pattern that matches a repository path in text: a
// top-level directory of the module at root followed by "/" ("docs/",
// "core/cost/"), a top-level file by name ("go.mod"), "testdata", or any
// file name ending .md or .go. A name that follows a letter, digit, '.',
// '-' or '/' is not matched, so an HTTP route (GET /api/v1/plan) or a word
// such as "cores/" is not taken for a path. Entries whose names begin with
// '.' are left out. root must hold go.mod.
func Matcher(root string) (*regexp.Regexp, error) {
	if _, err := os.Stat(root + "/go.mod"); err != nil {
		return nil, fmt.Errorf("repopath: %s is not the module root: %w", root, err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("repopath: %w", err)
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") {
			continue
		}
		q := regexp.QuoteMeta(n)
		if e.IsDir() {
			q += "/"
		} else {
			q += `\b`
		}
		names = append(names, q)
	}
	sort.Strings(names)
	return regexp.MustCompile(`(?:^|[^\w./-])(?:` + strings.Join(names, "|") + `)|\btestdata\b|\w\.(?:md|go)\b`), nil
}
