package plan

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/field"
)

// mustParse parses fields (a map of CLI-style names) or fails the test.
func mustParse(t *testing.T, fields map[string]string) Input {
	t.Helper()
	in, err := Parse(field.Map(fields))
	if err != nil {
		t.Fatalf("Parse(%v): %v", fields, err)
	}
	return in
}

// mustPlan parses and plans.
func mustPlan(t *testing.T, fields map[string]string) Result {
	t.Helper()
	r, err := Plan(mustParse(t, fields))
	if err != nil {
		t.Fatalf("Plan(%v): %v", fields, err)
	}
	return r
}

// rows returns the rows of a strategy, optionally of one collective.
func rowsOf(r Result, strategy, collective string) []Row {
	var out []Row
	for _, x := range r.Rows {
		if x.Strategy == strategy && (collective == "" || string(x.Collective) == collective) {
			out = append(out, x)
		}
	}
	return out
}

func near(a, b, rel float64) bool {
	return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b))
}
