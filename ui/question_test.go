package ui

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Every bad field is marked from one question: the three of the CLI's
// example at once, each with its own message, and the last valid answer
// kept.
func TestEveryBadFieldMarkedAtOnce(t *testing.T) {
	s := NewState("", "en")
	before := s.R.TimeS
	s.SetField("ranks", "0")
	s.SetField("size", "-1")
	s.SetField("bandwidth", "x")
	var got []string
	for _, e := range s.errs {
		got = append(got, e.field)
		if s.ErrFor(e.field) == "" {
			t.Errorf("%s has no inline message", e.field)
		}
	}
	if diff := cmp.Diff([]string{"ranks", "size", "bandwidth"}, got); diff != "" {
		t.Errorf("fields marked (-want +got):\n%s", diff)
	}
	if s.R.TimeS != before || !s.Invalid() {
		t.Errorf("the last valid answer changed (%g → %g) or the state is not invalid", before, s.R.TimeS)
	}
	s.SetField("ranks", "16")
	s.SetField("size", "1MiB")
	s.SetField("bandwidth", "25GB/s")
	if s.Invalid() || s.P.Ranks != 16 || s.P.Size != 1<<20 || s.P.Bandwidth != 25e9 {
		t.Errorf("fixed fields: invalid %v, %+v", s.Invalid(), s.P)
	}
}

// An algorithm the learner never chose follows the collective: AllReduce
// → SendRecv → AllReduce lands on ring again; one the learner chose and
// the new collective cannot run gives way to the collective's default,
// with the one-line note, and is not restored behind the learner's back.
func TestCollectiveKeepsOnlyChosenAlgorithm(t *testing.T) {
	s := NewState("lang=en", "en")
	for _, step := range []struct{ collective, algorithm string }{{"sendrecv", "naive"}, {"allreduce", "ring"}} {
		s.SetField("collective", step.collective)
		if string(s.P.Algorithm) != step.algorithm || s.Text("algorithm") != step.algorithm {
			t.Errorf("→ %s: algorithm %s (shown %q), want %s", step.collective, s.P.Algorithm, s.Text("algorithm"), step.algorithm)
		}
	}
	s.SetField("algorithm", "tree")
	s.SetField("collective", "alltoall")
	if string(s.P.Algorithm) != "naive" || s.Adjusted() == "" {
		t.Errorf("tree → alltoall: %s, note %q", s.P.Algorithm, s.Adjusted())
	}
	s.SetField("collective", "allreduce")
	if string(s.P.Algorithm) != "ring" {
		t.Errorf("back to allreduce: %s, want the default ring", s.P.Algorithm)
	}
	s.SetField("algorithm", "tree")
	s.SetField("collective", "broadcast")
	if string(s.P.Algorithm) != "tree" || s.Adjusted() != "" {
		t.Errorf("tree runs broadcast too and is kept: %s, note %q", s.P.Algorithm, s.Adjusted())
	}
}

// A system's values show in the fields the learner left, with where they
// came from; a value the learner types wins and loses the note.
func TestSystemValuesShowTheirSource(t *testing.T) {
	s := NewState("system=dgx-h200&lang=en", "en")
	c := &Controls{S: s}
	if s.Text("bandwidth") != "50 GB/s" && s.Text("bandwidth") != "50GB/s" {
		t.Errorf("bandwidth shown %q, want dgx-h200's 50 GB/s per GPU", s.Text("bandwidth"))
	}
	if got := c.AllowedFor("bandwidth"); got[:len("system dgx-h200")] != "system dgx-h200" {
		t.Errorf("bandwidth hint %q does not name the system", got)
	}
	if h := s.Headline(); !strings.HasSuffix(h, "(system dgx-h200)") {
		t.Errorf("headline %q does not say the bandwidth is the system's", h)
	}
	if s.From("ranks") != "" {
		t.Errorf("ranks is the default, not the system's: %q", s.From("ranks"))
	}
	s.SetField("bandwidth", "25GB/s")
	if s.P.Bandwidth != 25e9 || s.From("bandwidth") != "" {
		t.Errorf("typed bandwidth: %g, note %q", s.P.Bandwidth, s.From("bandwidth"))
	}
}

// A link whose question is refused still shows, in the fields it leaves
// out, the values of the last valid question (the defaults), not blanks.
func TestRefusedLinkShowsDefaultsInOtherFields(t *testing.T) {
	s := NewState("ranks=0&size=-1&bandwidth=x", "en")
	if !s.Invalid() || s.Text("algorithm") != "ring" || s.Text("collective") != "allreduce" {
		t.Errorf("invalid %v, algorithm %q, collective %q", s.Invalid(), s.Text("algorithm"), s.Text("collective"))
	}
}
