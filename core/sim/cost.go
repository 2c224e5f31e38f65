package sim

import "github.com/ccplay/ccplay/core/sched"

// Model holds the α-β-γ parameters of the cost rule.
type Model struct {
	Alpha float64 // seconds per message (start-up latency)
	Beta  float64 // seconds per byte on the wire (1 / bandwidth)
	Gamma float64 // seconds per byte reduced
	// Link, when set, overrides α and β per (src, dst) pair: topologies with
	// several link classes, slow links and stragglers.
	Link func(src, dst int) (alpha, beta float64)
}

// RoundCost is the time of one round split into its terms.
type RoundCost struct {
	Latency   float64 `json:"latency_s"`
	Bandwidth float64 `json:"bandwidth_s"`
	Compute   float64 `json:"compute_s"`
	Critical  int     `json:"critical_rank"` // the rank whose port decides the round
}

// Total is the round's time.
func (c RoundCost) Total() float64 { return c.Latency + c.Bandwidth + c.Compute }

// Cost is the α-β-γ price of a whole schedule.
type Cost struct {
	Latency   float64     `json:"latency_term_s"`
	Bandwidth float64     `json:"bandwidth_term_s"`
	Compute   float64     `json:"compute_term_s"`
	Rounds    []RoundCost `json:"rounds"`
}

// Total is the schedule's time: the sum of its rounds.
func (c Cost) Total() float64 { return c.Latency + c.Bandwidth + c.Compute }

// Price applies the cost rule of DESIGN.md to schedule s with elements of
// elemSize bytes. Rounds run one after another. In a round every rank has
// one send port and one receive port (full duplex); a rank's messages on a
// port are serialised, each costing α + β·bytes on its link. The round lasts
// as long as the busiest port, plus γ·(bytes reduced by the rank that
// reduces most). With one message per port this is α + β·(largest message)
// + γ·(largest reduction). Local copies are free.
// O(transfers + P) time; O(P + rounds) memory.
func Price(s *sched.Schedule, elemSize int, m Model) Cost {
	p := s.Spec.Ranks
	type port struct{ lat, bw float64 }
	send, recv := make([]port, p), make([]port, p)
	reduced := make([]int64, p)
	seen := make([]int32, p) // round index + 1 at which the rank was last touched
	touched := make([]int32, 0, 64)
	c := Cost{Rounds: make([]RoundCost, len(s.Rounds))}
	e := int64(elemSize)
	for i, rd := range s.Rounds {
		mark := int32(i + 1)
		touched = touched[:0]
		for _, t := range rd.Transfers {
			if t.Src == t.Dst {
				continue
			}
			a, b := m.Alpha, m.Beta
			if m.Link != nil {
				a, b = m.Link(int(t.Src), int(t.Dst))
			}
			bytes := float64(t.Len * e)
			if seen[t.Src] != mark {
				seen[t.Src] = mark
				touched = append(touched, t.Src)
			}
			if seen[t.Dst] != mark {
				seen[t.Dst] = mark
				touched = append(touched, t.Dst)
			}
			ps, pr := &send[t.Src], &recv[t.Dst]
			ps.lat += a
			ps.bw += b * bytes
			pr.lat += a
			pr.bw += b * bytes
			if rd.Reduce {
				reduced[t.Dst] += t.Len * e
			}
		}
		var rc RoundCost
		best, maxRed := -1.0, int64(0)
		for _, r := range touched {
			for _, pt := range [2]port{send[r], recv[r]} {
				if tt := pt.lat + pt.bw; tt > best {
					best, rc.Latency, rc.Bandwidth, rc.Critical = tt, pt.lat, pt.bw, int(r)
				}
			}
			maxRed = max(maxRed, reduced[r])
			send[r], recv[r], reduced[r] = port{}, port{}, 0
		}
		rc.Compute = m.Gamma * float64(maxRed)
		c.Rounds[i] = rc
		c.Latency += rc.Latency
		c.Bandwidth += rc.Bandwidth
		c.Compute += rc.Compute
	}
	return c
}
