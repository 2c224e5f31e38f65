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

// Price applies the cost rule (docs/conventions.md) to schedule s with elements of
// elemSize bytes. Rounds run one after another. In a round every rank has
// one send port and one receive port (full duplex); a rank's messages on a
// port are serialised, each costing α + β·bytes on its link. The round lasts
// as long as the busiest port, plus γ·(bytes reduced by the rank that
// reduces most). With one message per port this is α + β·(largest message)
// + γ·(largest reduction). Local copies are free.
// O(transfers + P) time; O(P + rounds) memory.
func Price(s *sched.Schedule, elemSize int, m Model) Cost { return PriceYielding(s, elemSize, m, nil) }

// PriceYielding is Price calling yield (if not nil) before every round: an
// interactive page gives the browser a turn while a large schedule is
// priced. Same result as Price.
func PriceYielding(s *sched.Schedule, elemSize int, m Model, yield func()) Cost {
	p := s.Spec.Ranks
	type port struct{ lat, bw float64 }
	send, recv := make([]port, p), make([]port, p)
	reduced := make([]int64, p)
	seen := make([]int32, p) // round index + 1 at which the rank was last touched
	touched := make([]int32, 0, 64)
	c := Cost{Rounds: make([]RoundCost, len(s.Rounds))}
	e := int64(elemSize)
	link := m.Link
	for i, rd := range s.Rounds {
		if yield != nil {
			yield()
		}
		mark := int32(i + 1)
		touched = touched[:0]
		for _, t := range rd.Transfers {
			src, dst := t.Src, t.Dst
			if src == dst {
				continue
			}
			a, b := m.Alpha, m.Beta
			if link != nil {
				a, b = link(int(src), int(dst))
			}
			bw := b * float64(t.Len*e)
			if seen[src] != mark {
				seen[src] = mark
				touched = append(touched, src)
			}
			if seen[dst] != mark {
				seen[dst] = mark
				touched = append(touched, dst)
			}
			ps, pr := &send[src], &recv[dst]
			ps.lat += a
			ps.bw += bw
			pr.lat += a
			pr.bw += bw
			if rd.Reduce {
				reduced[dst] += t.Len * e
			}
		}
		var rc RoundCost
		best, maxRed := -1.0, int64(0)
		for _, r := range touched {
			ps, pr := &send[r], &recv[r]
			if tt := ps.lat + ps.bw; tt > best {
				best, rc.Latency, rc.Bandwidth, rc.Critical = tt, ps.lat, ps.bw, int(r)
			}
			if tt := pr.lat + pr.bw; tt > best {
				best, rc.Latency, rc.Bandwidth, rc.Critical = tt, pr.lat, pr.bw, int(r)
			}
			maxRed = max(maxRed, reduced[r])
			*ps, *pr, reduced[r] = port{}, port{}, 0
		}
		rc.Compute = m.Gamma * float64(maxRed)
		c.Rounds[i] = rc
		c.Latency += rc.Latency
		c.Bandwidth += rc.Bandwidth
		c.Compute += rc.Compute
	}
	return c
}
