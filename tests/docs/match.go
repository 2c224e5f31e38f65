package docs

import (
	"regexp"
	"strings"
)

var (
	durationRE = regexp.MustCompile(`\d+(\.\d+)? ?(ns|µs|ms|s)\b`)
	numberRE   = regexp.MustCompile(`\d+(\.\d+)?`)
)

// byShape replaces every duration and every other number of a line by a
// placeholder: the comparison of a measured block.
func byShape(s string) string {
	return numberRE.ReplaceAllString(durationRE.ReplaceAllString(s, "⟨t⟩"), "⟨n⟩")
}

// isElision reports whether a shown line stands for any number of lines.
func isElision(s string) bool {
	t := strings.TrimSpace(s)
	return t == "..." || t == "…"
}

// linePattern compiles a shown line: "…" inside it matches any text.
func linePattern(s string) *regexp.Regexp {
	parts := strings.Split(s, "…")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// matches reports whether got is what want shows, under the package's
// comparison rule; when it is not, bad is the first shown line (index
// into want) that could not be matched, or len(want) when got has lines
// past the end of what is shown.
func matches(want, got []string, measured bool) (ok bool, bad int) {
	norm := func(s string) string {
		s = strings.TrimRight(s, " \t")
		if measured {
			s = byShape(s)
		}
		return s
	}
	pats := make([]*regexp.Regexp, len(want))
	for i, w := range want {
		if !isElision(w) {
			pats[i] = linePattern(norm(w))
		}
	}
	gs := make([]string, len(got))
	for i, g := range got {
		gs[i] = norm(g)
	}
	// reach[i][j]: want[i:] matches got[j:]; computed from the end.
	reach := make([][]bool, len(want)+1)
	for i := range reach {
		reach[i] = make([]bool, len(gs)+1)
	}
	reach[len(want)][len(gs)] = true
	for i := len(want) - 1; i >= 0; i-- {
		for j := len(gs); j >= 0; j-- {
			if pats[i] == nil {
				reach[i][j] = reach[i+1][j] || (j < len(gs) && reach[i][j+1])
			} else {
				reach[i][j] = j < len(gs) && pats[i].MatchString(gs[j]) && reach[i+1][j+1]
			}
		}
	}
	if reach[0][0] {
		return true, -1
	}
	// The furthest shown line a prefix of got can reach: where it departs.
	bad = 0
	var walk func(i, j int)
	seen := map[[2]int]bool{}
	walk = func(i, j int) {
		if seen[[2]int{i, j}] || i > len(want) {
			return
		}
		seen[[2]int{i, j}] = true
		if i > bad {
			bad = i
		}
		if i == len(want) {
			return
		}
		if pats[i] == nil {
			walk(i+1, j)
			if j < len(gs) {
				walk(i, j+1)
			}
			return
		}
		if j < len(gs) && pats[i].MatchString(gs[j]) {
			walk(i+1, j+1)
		}
	}
	walk(0, 0)
	return false, bad
}
