package repopath

import "testing"

func TestMatcher(t *testing.T) {
	re, err := Matcher("../..")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		text string
		path bool
	}{
		{"(see docs/nccl-model.md)", true},
		{"docs/", true},
		{"defined in core/cost/nccl_const.go", true},
		{"the corpus in testdata", true},
		{"read README.md first", true},
		{"pinned by go.mod", true},
		{"（见 docs/nccl-model.md）", true},
		{"the fields of GET /api/v1/plan", false},
		{"8 cores/node", false},
		{"per-core/s", false},
		{"e.g. one node", false},
		{"NCCL's own estimate", false},
		{"a Go program", false},
	}
	for _, c := range cases {
		if got := re.MatchString(c.text); got != c.path {
			t.Errorf("%q: matched %v, want %v", c.text, got, c.path)
		}
	}
	if _, err := Matcher("."); err == nil {
		t.Error("Matcher accepted a directory without go.mod")
	}
}
