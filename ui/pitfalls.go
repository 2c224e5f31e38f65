package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// Pitfalls is the predict-then-reveal view: §8.1's pitfalls and the
// self-check list as questions; the learner types a guess, then sees the
// core's answer and the reason.
type Pitfalls struct {
	S        *State
	guess    map[string]string // card id → the learner's guess
	revealed map[string]bool   // card id → answer shown
}

// newPitfalls is the view with no guess and every answer hidden.
func newPitfalls(s *State) *Pitfalls {
	return &Pitfalls{S: s, guess: map[string]string{}, revealed: map[string]bool{}}
}

// Quiz is one predict-then-reveal card. Judge reads a guess: ok whether
// it is right, read whether it could be read at all.
type Quiz struct {
	ID, Question, Answer, Reason string
	Judge                        func(guess string) (ok, read bool)
}

// Quizzes are the cards; every answer is computed by the core from the
// card's own numbers (the lecture's), not typed in.
func (c *Pitfalls) Quizzes() []Quiz {
	s := c.S
	return s.cached("quiz", func() any {
		var out []Quiz
		if b, err := units.ParseBandwidth("400Gbps"); err == nil {
			want := b.BytesPerSecond()
			out = append(out, Quiz{"q-gbps", s.T("q1.q"), Rate(want), s.T("q1.r"), func(g string) (bool, bool) {
				v, ok := guessRate(g)
				return ok && v >= 0.8*want && v <= 1.05*want, ok // 45 GB/s after protocol overhead is right too
			}})
		}
		if r, ok := s.evalLecture(prim.AllReduce, sched.Ring, 8, 100<<20, 50e9); ok {
			want := float64(r.BytesSentPerRank)
			out = append(out, Quiz{"q-ring", s.T("q2.q"), BytesShort(r.BytesSentPerRank), s.T("q2.r"), func(g string) (bool, bool) {
				v, err := units.ParseSize(strings.TrimSpace(g))
				return err == nil && near(float64(v), want, 0.05), err == nil
			}})
		}
		if r, ok := s.evalLecture(prim.AllReduce, sched.Ring, 64, 4096, 50e9); ok {
			share := strconv.FormatFloat(100*r.LatencyTermS/r.TimeS, 'f', 1, 64)
			out = append(out, Quiz{"q-small", s.T("q3.q"), s.Tf("q3.a", Secs(r.LatencyTermS), Secs(r.BandwidthTermS), share), s.T("q3.r"), func(g string) (bool, bool) {
				g = strings.ToLower(g)
				lat := strings.ContainsAny(g, "α") || strings.Contains(g, "alpha") || strings.Contains(g, "latency") || strings.Contains(g, "延迟")
				bw := strings.ContainsAny(g, "β") || strings.Contains(g, "beta") || strings.Contains(g, "bandwidth") || strings.Contains(g, "带宽")
				return lat && !bw, lat != bw
			}})
		}
		ar := prim.Spec{Collective: prim.AllReduce, Ranks: 8, Op: prim.Sum, Count: 1 << 20}
		ag := prim.Spec{Collective: prim.AllGather, Ranks: 8, Op: prim.Sum, Count: 1 << 20}
		out = append(out, Quiz{"q-outlen", s.T("q4.q"), s.Tf("q4.a", ar.OutLen(0), ag.OutLen(0)), s.T("q4.r"), func(g string) (bool, bool) {
			xs := guessNumbers(g)
			return len(xs) >= 2 && near(xs[0], float64(ar.OutLen(0)), 0.05) && near(xs[1], float64(ag.OutLen(0)), 0.05), len(xs) >= 2
		}})
		nv, ok1 := s.evalLecture(prim.AllReduce, sched.Ring, 8, 64<<20, 450e9)
		pc, ok2 := s.evalLecture(prim.AllReduce, sched.Ring, 8, 64<<20, 32e9)
		if ok1 && ok2 {
			ratio := pc.TimeS / nv.TimeS
			out = append(out, Quiz{"q-pcie", s.T("q5.q"), s.Tf("q5.a", Secs(nv.TimeS), Secs(pc.TimeS), strconv.FormatFloat(ratio, 'f', 1, 64)), s.T("q5.r"), func(g string) (bool, bool) {
				xs := guessNumbers(g)
				return len(xs) >= 1 && near(xs[len(xs)-1], ratio, 0.25), len(xs) >= 1
			}})
		}
		rg, ok1 := s.evalLecture(prim.AllReduce, sched.Ring, 2048, 100<<20, 50e9)
		tr, ok2 := s.evalLecture(prim.AllReduce, sched.Tree, 2048, 100<<20, 50e9)
		if ok1 && ok2 {
			ring, tree := float64(rg.Steps), float64(2*sched.Log2Ceil(2048))
			out = append(out, Quiz{"q-steps", s.T("q6.q"), s.Tf("q6.a", rg.Steps, 2*sched.Log2Ceil(2048)), s.Tf("q6.r", tr.Steps), func(g string) (bool, bool) {
				xs := guessNumbers(g)
				return len(xs) >= 2 && math.Abs(xs[0]-ring) <= 2 && math.Abs(xs[1]-tree) <= 1, len(xs) >= 2
			}})
		}
		return out
	}).([]Quiz)
}

// SetGuess records the learner's guess for card id.
func (c *Pitfalls) SetGuess(id, v string) {
	defer c.S.guard()
	c.guess[id] = v
}

// Guess is the learner's guess for card id.
func (c *Pitfalls) Guess(id string) string { return c.guess[id] }

// Revealed reports whether card id's answer is shown.
func (c *Pitfalls) Revealed(id string) bool { return c.revealed[id] }

// Reveal shows (or hides) the answer of card id.
func (c *Pitfalls) Reveal(id string) {
	defer c.S.guard()
	c.revealed[id] = !c.revealed[id]
}

// RevealLabel is the reveal button's text for card id.
func (c *Pitfalls) RevealLabel(id string) string {
	if c.revealed[id] {
		return c.S.T("q.hide")
	}
	return c.S.T("q.reveal")
}

// Verdict says whether the guess was right ("" without a guess): right,
// wrong (the reason below says why), or unreadable (then compare by hand).
func (c *Pitfalls) Verdict(id string) string {
	g := strings.TrimSpace(c.guess[id])
	if g == "" {
		return ""
	}
	for _, q := range c.Quizzes() {
		if q.ID != id || q.Judge == nil {
			continue
		}
		switch ok, read := q.Judge(g); {
		case !read:
			return c.S.T("q.unread")
		case ok:
			return c.S.T("q.right")
		default:
			return c.S.T("q.wrong")
		}
	}
	return ""
}

// VerdictClass is the verdict's CSS class: "ok" when right, "no" when
// wrong.
func (c *Pitfalls) VerdictClass(id string) string {
	switch c.Verdict(id) {
	case c.S.T("q.right"):
		return "verdict ok"
	case c.S.T("q.wrong"):
		return "verdict no"
	}
	return "verdict"
}

// near reports whether x is within a fraction tol of want.
func near(x, want, tol float64) bool { return math.Abs(x-want) <= tol*math.Abs(want) }

// guessNumbers are the numbers of a guess, in order, a k, M or G suffix
// (or K, Ki…) multiplying by 10³ⁿ or 2¹⁰ⁿ as units.ParseSize reads sizes:
// "1M, 8M", "1048576 and 8388608", "4094 / 22".
func guessNumbers(g string) []float64 {
	var out []float64
	for _, f := range strings.FieldsFunc(g, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r == '.' || r == 'e' || r == 'k' || r == 'K' || r == 'M' || r == 'G' || r == 'i')
	}) {
		f = strings.TrimLeft(f, "ekKMGi")
		if f == "" {
			continue
		}
		mult := 1.0
		for _, suf := range []struct {
			s string
			m float64
		}{{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"k", 1e3}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}} {
			if strings.HasSuffix(f, suf.s) {
				f, mult = strings.TrimSuffix(f, suf.s), suf.m
				break
			}
		}
		if v, err := strconv.ParseFloat(f, 64); err == nil {
			out = append(out, v*mult)
		}
	}
	return out
}

// guessRate reads a bandwidth guess: a rate with its unit, or a bare
// number taken as GB/s (the question asks for GB/s).
func guessRate(g string) (float64, bool) {
	g = strings.TrimSpace(g)
	if b, err := units.ParseBandwidth(g); err == nil {
		return b.BytesPerSecond(), true
	}
	if v, err := strconv.ParseFloat(g, 64); err == nil {
		return v * 1e9, true
	}
	return 0, false
}

// YourGuess repeats the learner's guess beside the answer.
func (c *Pitfalls) YourGuess(id string) string {
	if g := c.guess[id]; g != "" {
		return c.S.Tf("q.yours", g)
	}
	return c.S.T("q.noguess")
}
