package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// RaceRow is one contestant on the race's clock: its name (the tree's
// variant named), how many of its steps are done by the time shown, its
// running α and β totals, when it finishes, and a bar of its progress.
type RaceRow struct {
	Name, Rounds, Alpha, Beta, Finish, Bar string
}

// raceSched is one contestant: its name, the end time of each of its
// steps (Schedule.StepRounds, priced by sim.Price and summed in order),
// the α and β spent by the end of each step, and whether it is the
// schedule the view steps through.
type raceSched struct {
	name            string
	ends, al, be    []float64
	shown           bool
	chunks, unpiped int // the tree's chunks; unpiped = 1 for the unpipelined tree
}

// finish is the contestant's finish time: the end of its last step.
func (r raceSched) finish() float64 {
	if len(r.ends) == 0 {
		return 0
	}
	return r.ends[len(r.ends)-1]
}

// priced is schedule sc's steps on the clock.
func priced(sc *sched.Schedule, s *State) (ends, al, be []float64) {
	c := sim.Price(sc, s.P.ElemSize, s.P.Model())
	t, a, b := 0.0, 0.0, 0.0
	for _, i := range sc.StepRounds() {
		rc := c.Rounds[i]
		t, a, b = t+rc.Total(), a+rc.Latency, b+rc.Bandwidth
		ends, al, be = append(ends, t), append(al, a), append(be, b)
	}
	return ends, al, be
}

// race prices the contestants with sim.Price: ring AllReduce, the tree as
// the question's cost prices it (its default chunks: the timing view's
// executed tree), and the unpipelined tree too when the view steps
// through it. Nil unless the question is an AllReduce by ring or tree
// that the view animates.
//
//go:noinline
func (c *Steps) race() []raceSched {
	s := c.S
	a := sched.Algorithm(s.R.Algorithm)
	if s.P.Collective != prim.AllReduce || (a != sched.Ring && a != sched.Tree) || c.AnimReason() != "" {
		return nil
	}
	key := "race-" + strconv.FormatBool(c.piped)
	return s.cached(key, func() any {
		var out []raceSched
		add := func(alg sched.Algorithm, k int, shown bool) bool {
			d := scheduleData(s, alg, k)
			if d.Sched == nil {
				return false
			}
			r := raceSched{name: string(alg), shown: shown, chunks: d.Sched.Chunks}
			if k == 1 {
				r.unpiped = 1
			}
			r.ends, r.al, r.be = priced(d.Sched, s)
			out = append(out, r)
			return true
		}
		unpiped := a == sched.Tree && !c.piped
		if !add(sched.Ring, 0, a == sched.Ring) || !add(sched.Tree, 0, a == sched.Tree && c.piped) {
			return []raceSched(nil)
		}
		if unpiped && !add(sched.Tree, 1, true) {
			return []raceSched(nil)
		}
		return out
	}).([]raceSched)
}

// raceClock is the time at the end of the step shown, on the shown
// contestant's clock.
func (c *Steps) raceClock(rs []raceSched) float64 {
	for _, r := range rs {
		if r.shown && c.pos() > 0 {
			return r.ends[min(c.pos(), len(r.ends))-1]
		}
	}
	return 0
}

// Race is ring and tree on one clock: the clock stands where the shown
// schedule's step ends; each row says how many of its steps are done by
// then (all of them, and a full bar, once the clock passes its finish),
// and every row finishes at its own time.
func (c *Steps) Race() []RaceRow {
	s := c.S
	rs := c.race()
	if rs == nil {
		return nil
	}
	clock := c.raceClock(rs)
	var out []RaceRow
	for _, r := range rs {
		n := 0
		for n < len(r.ends) && r.ends[n] <= clock*(1+1e-9) {
			n++
		}
		if r.shown {
			n = min(c.pos(), len(r.ends))
		}
		pct := 100.0
		if f := r.finish(); f > 0 && n < len(r.ends) {
			pct = min(100*clock/f, 99.9)
		}
		al, be := 0.0, 0.0
		if n > 0 {
			al, be = r.al[n-1], r.be[n-1]
		}
		out = append(out, RaceRow{Name: c.raceName(r), Rounds: s.Tf("a.race.rounds", n, len(r.ends)),
			Alpha: Secs(al), Beta: Secs(be), Finish: Secs(r.finish()), Bar: "width:" + strconv.FormatFloat(pct, 'f', 1, 64) + "%"})
	}
	return out
}

// raceName names a contestant: ring, or the tree with its variant (pipelined
// in k chunks, or unpipelined).
func (c *Steps) raceName(r raceSched) string {
	s := c.S
	name := s.AlgName(r.name)
	switch {
	case r.name != string(sched.Tree):
	case r.unpiped == 1:
		name += " · " + s.T("a.race.unpiped")
	default:
		name += " · " + s.Tf("a.race.piped", max(r.chunks, 1))
	}
	return name
}

// RaceClock is the race's clock: the time at the end of the step shown.
func (c *Steps) RaceClock() string {
	rs := c.race()
	if rs == nil {
		return ""
	}
	return c.S.Tf("a.race.clock", Secs(c.raceClock(rs)))
}
