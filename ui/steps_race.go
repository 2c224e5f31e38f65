package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// RaceRow is one algorithm on the race's clock: how many of its rounds are
// done by the time shown, its running α and β totals, when it finishes,
// and a bar of its progress.
type RaceRow struct {
	Name, Rounds, Alpha, Beta, Finish, Bar string
}

// raceSched is one contestant's priced schedule.
type raceSched struct {
	name string
	s    *sched.Schedule
	c    sim.Cost
}

// race prices ring and tree AllReduce of the question (the tree as the
// view shows it: unpipelined unless switched) with sim.Price. Nil unless
// the question is an AllReduce by ring or tree that the view animates.
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
		for _, alg := range []sched.Algorithm{sched.Ring, sched.Tree} {
			k := 0
			if alg == sched.Tree && !c.piped {
				k = 1
			}
			d := scheduleData(s, alg, k)
			if d.Sched == nil {
				return []raceSched(nil)
			}
			out = append(out, raceSched{string(alg), d.Sched, sim.Price(d.Sched, s.P.ElemSize, s.P.Model())})
		}
		return out
	}).([]raceSched)
}

// Race is ring and tree on one clock: the clock stands where the shown
// algorithm's round ends, and each row says how far the other got by then.
func (c *Steps) Race() []RaceRow {
	s := c.S
	rs := c.race()
	if rs == nil {
		return nil
	}
	clock := 0.0
	for _, r := range rs {
		if r.name == s.R.Algorithm {
			for _, rc := range r.c.Rounds[:min(c.pos(), len(r.c.Rounds))] {
				clock += rc.Total()
			}
		}
	}
	var out []RaceRow
	for _, r := range rs {
		var t, al, be float64
		n := 0
		for _, rc := range r.c.Rounds {
			if t+rc.Total() > clock*(1+1e-9) {
				break
			}
			t, al, be, n = t+rc.Total(), al+rc.Latency, be+rc.Bandwidth, n+1
		}
		pct := 100.0
		if r.c.Total() > 0 {
			pct = min(100, 100*clock/r.c.Total())
		}
		out = append(out, RaceRow{Name: s.T("alg." + r.name), Rounds: s.Tf("a.race.rounds", n, len(r.c.Rounds)),
			Alpha: Secs(al), Beta: Secs(be), Finish: Secs(r.c.Total()), Bar: "width:" + strconv.FormatFloat(pct, 'f', 1, 64) + "%"})
	}
	return out
}

// RaceClock is the race's clock: the time at the end of the round shown.
func (c *Steps) RaceClock() string {
	s := c.S
	for _, r := range c.race() {
		if r.name == s.R.Algorithm {
			t := 0.0
			for _, rc := range r.c.Rounds[:min(c.pos(), len(r.c.Rounds))] {
				t += rc.Total()
			}
			return s.Tf("a.race.clock", Secs(t))
		}
	}
	return ""
}
