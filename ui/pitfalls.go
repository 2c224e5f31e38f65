package ui

import (
	"strconv"

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

// Quiz is one predict-then-reveal card.
type Quiz struct {
	ID, Question, Answer, Reason string
}

// Quizzes are the cards; every answer is computed by the core from the
// card's own numbers (the lecture's), not typed in.
func (c *Pitfalls) Quizzes() []Quiz {
	s := c.S
	return s.cached("quiz", func() any {
		var out []Quiz
		if b, err := units.ParseBandwidth("400Gbps"); err == nil {
			out = append(out, Quiz{"q-gbps", s.T("q1.q"), Rate(b.BytesPerSecond()), s.T("q1.r")})
		}
		if r, ok := s.evalLecture(prim.AllReduce, sched.Ring, 8, 100<<20, 50e9); ok {
			out = append(out, Quiz{"q-ring", s.T("q2.q"), BytesShort(r.BytesSentPerRank), s.T("q2.r")})
		}
		if r, ok := s.evalLecture(prim.AllReduce, sched.Ring, 64, 4096, 50e9); ok {
			share := strconv.FormatFloat(100*r.LatencyTermS/r.TimeS, 'f', 1, 64)
			out = append(out, Quiz{"q-small", s.T("q3.q"), s.Tf("q3.a", Secs(r.LatencyTermS), Secs(r.BandwidthTermS), share), s.T("q3.r")})
		}
		ar := prim.Spec{Collective: prim.AllReduce, Ranks: 8, Op: prim.Sum, Count: 1 << 20}
		ag := prim.Spec{Collective: prim.AllGather, Ranks: 8, Op: prim.Sum, Count: 1 << 20}
		out = append(out, Quiz{"q-outlen", s.T("q4.q"), s.Tf("q4.a", ar.OutLen(0), ag.OutLen(0)), s.T("q4.r")})
		nv, ok1 := s.evalLecture(prim.AllReduce, sched.Ring, 8, 64<<20, 450e9)
		pc, ok2 := s.evalLecture(prim.AllReduce, sched.Ring, 8, 64<<20, 32e9)
		if ok1 && ok2 {
			out = append(out, Quiz{"q-pcie", s.T("q5.q"), s.Tf("q5.a", Secs(nv.TimeS), Secs(pc.TimeS), strconv.FormatFloat(pc.TimeS/nv.TimeS, 'f', 1, 64)), s.T("q5.r")})
		}
		rg, ok1 := s.evalLecture(prim.AllReduce, sched.Ring, 2048, 100<<20, 50e9)
		tr, ok2 := s.evalLecture(prim.AllReduce, sched.Tree, 2048, 100<<20, 50e9)
		if ok1 && ok2 {
			out = append(out, Quiz{"q-steps", s.T("q6.q"), s.Tf("q6.a", rg.Steps, 2*sched.Log2Ceil(2048)), s.Tf("q6.r", tr.Steps)})
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

// YourGuess repeats the learner's guess beside the answer.
func (c *Pitfalls) YourGuess(id string) string {
	if g := c.guess[id]; g != "" {
		return c.S.Tf("q.yours", g)
	}
	return c.S.T("q.noguess")
}
