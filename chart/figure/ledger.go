package figure

import (
	"fmt"
	"strconv"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/units"
)

// LedgerBars charts the bytes each rank sends and receives over the whole
// schedule s (elements of elemSize bytes), from sim.NewLedger: the
// executed schedule's byte ledger, not a formula. O(transfers + P).
func LedgerBars(s *sched.Schedule, elemSize int) chart.Bars {
	l := sim.NewLedger(s, elemSize)
	p := s.Spec.Ranks
	c := chart.Bars{ID: "ledger-bars", XLabel: "rank"}
	sent := chart.BarSeries{Name: "sent"}
	recv := chart.BarSeries{Name: "received"}
	top, lo := int64(0), int64(-1)
	for r, b := range l.Ranks {
		c.Categories = append(c.Categories, strconv.Itoa(r))
		sent.Values = append(sent.Values, float64(b.Sent))
		recv.Values = append(recv.Values, float64(b.Received))
		sent.Labels = append(sent.Labels, bytesExact(b.Sent))
		recv.Labels = append(recv.Labels, bytesExact(b.Received))
		top = max(top, b.Sent, b.Received)
		if lo < 0 || b.Sent < lo {
			lo = b.Sent
		}
	}
	c.Series = []chart.BarSeries{sent, recv}
	ymax := max(float64(top), 8) // at least 8 B, so ticks step in whole bytes
	unit := binaryUnit(ymax)
	ticks := chart.LinearTicks(0, ymax, unit, BytesLabel)
	if n := len(ticks); n > 0 && ticks[n-1].Value < ymax {
		ymax = ticks[n-1].Value + (ticks[1%n].Value - ticks[0].Value)
		ticks = chart.LinearTicks(0, ymax, unit, BytesLabel)
	}
	c.Y = chart.Axis{Label: "bytes over the whole call", Scale: chart.Linear, Min: 0, Max: ymax, Ticks: ticks}
	name := s.Spec.Collective.Name()
	size := describeCall(s, elemSize)
	c.Title = fmt.Sprintf("Bytes per rank: %s %s, P = %d, %s", s.Algorithm, name, p, size)
	busy := l.Ranks[l.Busiest]
	spread := "every rank sends the same"
	if lo != busy.Sent {
		spread = fmt.Sprintf("the least any rank sends is %s", bytesExact(lo))
	}
	c.Desc = fmt.Sprintf("Bytes each of the %d ranks sends and receives in %s %s of %s, from the executed schedule's ledger "+
		"(%d rounds, %d with messages). The busiest rank, %d, sends %s and receives %s; %s. In total %s cross the links.",
		p, s.Algorithm, name, size, len(s.Rounds), l.Steps, l.Busiest, bytesExact(busy.Sent), bytesExact(busy.Received),
		spread, bytesExact(l.TotalBytes))
	return c
}

// binaryUnit is the largest of 1, 1024, 1024², … that is ≤ v (for axis
// steps in whole KiB, MiB, …).
func binaryUnit(v float64) float64 {
	u := 1.0
	for u*1024 <= v {
		u *= 1024
	}
	return u
}

// bytesExact writes a byte count for people, with the exact count when the
// rounded one hides it: "12.5 MiB (13107200 B)".
func bytesExact(b int64) string {
	s := units.FormatBytes(float64(b), true)
	if b >= 1024 {
		s += " (" + strconv.FormatInt(b, 10) + " B)"
	}
	return s
}

// describeCall names the size of s's call as the API's size field means it.
func describeCall(s *sched.Schedule, elemSize int) string {
	n := 0
	for r := 0; r < s.Spec.Ranks; r++ {
		n = max(n, s.Spec.InLen(r), s.Spec.OutLen(r))
	}
	return "S = " + units.FormatBytes(float64(int64(n)*int64(elemSize)), true)
}
