package job

import (
	"strings"
	"testing"
)

func TestNodeLayout(t *testing.T) {
	for hosts, want := range map[string]int{
		"":            1,
		"a":           1,
		"a a a a":     4,
		"a a b b c c": 2,
		"a b c":       1,
	} {
		if g, err := NodeLayout(strings.Fields(hosts)); err != nil || g != want {
			t.Errorf("NodeLayout(%s) = %d, %v; want %d", hosts, g, err, want)
		}
	}
	for hosts, msg := range map[string]string{
		"a a b":       "do not fill hosts of 2",
		"a b a b":     "ranks 0 and 2 are on host a with others between them",
		"a a b c":     "rank 3 is on host c but rank 2 on b",
		"a a b b a a": "ranks 0 and 4 are on host a",
	} {
		_, err := NodeLayout(strings.Fields(hosts))
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("NodeLayout(%s): %v, want an error like %q", hosts, err, msg)
		}
	}
}
