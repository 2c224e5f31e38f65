package cost

// Terms is a closed form evaluated: the time split into its α, β and γ
// terms, the number of communication steps, and the analytic byte ledger
// summary (which equals sim.NewLedger of the executed schedule).
type Terms struct {
	Steps     int     // rounds that carry a message: the α coefficient
	Latency   float64 // seconds
	Bandwidth float64 // seconds
	Compute   float64 // seconds
	MaxSent   int64   // bytes sent by the busiest rank over the whole call
	Total     int64   // bytes on the wire, all ranks
	Exact     bool    // equals the executed schedule's cost under the cost rule
}

// Time is the sum of the three terms.
func (t Terms) Time() float64 { return t.Latency + t.Bandwidth + t.Compute }

// add appends rounds rounds, each costing α·msgs + β·bytes + γ·reduced, where
// msgs and bytes are those of the busiest port.
func (t *Terms) add(rounds int64, msgs int64, bytes, reduced float64, m model) {
	if rounds <= 0 {
		return
	}
	t.Steps += int(rounds)
	r := float64(rounds)
	t.Latency += r * float64(msgs) * m.alpha
	t.Bandwidth += r * bytes * m.beta
	t.Compute += r * reduced * m.gamma
}

// model is the α-β-γ triple the closed forms use. byMask, when set, gives
// the recursive-doubling family per-round links on a two-class cluster (see
// maskLinks); at(mask) is then the model of the round that pairs ranks
// mask apart.
type model struct {
	alpha, beta, gamma float64
	byMask             *maskLinks
}

// maskLinks are the two link classes of a cluster of nodes of g ranks, g a
// power of two dividing P: a round pairing v with v xor mask (or v − mask
// in an aligned binomial gather) stays inside the nodes when mask < g and
// crosses them otherwise.
type maskLinks struct {
	g            int64
	intra, inter model
}

// at is the model of the round whose partners are mask apart. O(1).
func (m model) at(mask int64) model {
	if m.byMask == nil {
		return m
	}
	if mask < m.byMask.g {
		return m.byMask.intra
	}
	return m.byMask.inter
}

// shape is the integer geometry of one call: P ranks, n elements of e bytes,
// the root, and the pipeline chunk count k.
type shape struct {
	p, root int64
	n, e    int64
	k       int64
}

// bytes converts an element count to bytes.
func (s shape) bytes(elems int64) float64 { return float64(elems * s.e) }

// nearEqual describes sched.Split(n, parts): rem parts of q+1, the rest q.
type nearEqual struct{ q, rem, parts int64 }

func split(n, parts int64) nearEqual { return nearEqual{q: n / parts, rem: n % parts, parts: parts} }

// size of part i.
func (ne nearEqual) size(i int64) int64 {
	if i < ne.rem {
		return ne.q + 1
	}
	return ne.q
}

// largest part.
func (ne nearEqual) largest() int64 {
	if ne.rem > 0 {
		return ne.q + 1
	}
	return ne.q
}

// nonEmpty counts the parts with at least one element.
func (ne nearEqual) nonEmpty() int64 {
	if ne.q > 0 {
		return ne.parts
	}
	return ne.rem
}
