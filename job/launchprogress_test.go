package job

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/field"
)

// A launch's progress counts rank 0's result lines: call 1 at the start,
// the next after each result, nothing after the last or for other lines.
func TestCallProgress(t *testing.T) {
	cfg, err := ReadLaunch(field.Map(map[string]string{"np": "2", "repeat": "10"}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	on := callProgress(cfg, func(done, total int, what string) { got = append(got, fmt.Sprintf("%d/%d %s", done, total, what)) })
	for _, l := range []Line{{Event: "result"}, {Event: "result"}, {Event: "result"}, {Event: "done"}} {
		on(l)
	}
	want := []string{
		"0/3 allreduce/ring, count 4, 5 warm-up + 10 timed calls",
		"1/3 allgather/ring, count 1, 5 warm-up + 10 timed calls",
		"2/3 reducescatter/ring, count 1, 5 warm-up + 10 timed calls",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("progress %q, want %q", got, want)
	}
	if callProgress(cfg, nil) != nil {
		t.Error("no progress to tell, yet a line handler")
	}
}
