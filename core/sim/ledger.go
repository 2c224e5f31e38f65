package sim

import "github.com/ccplay/ccplay/core/sched"

// Bytes counts one rank's traffic. Reduced counts the bytes the rank folds
// into its buffer (received in a reducing round). InterSent and
// InterReceived are the part of Sent and Received that crosses nodes; they
// are counted only by NewClusterLedger (0 otherwise), and the intra-node
// part is Sent − InterSent, Received − InterReceived.
type Bytes struct {
	Sent          int64 `json:"sent"`
	Received      int64 `json:"received"`
	Reduced       int64 `json:"reduced"`
	InterSent     int64 `json:"inter_sent,omitempty"`
	InterReceived int64 `json:"inter_received,omitempty"`
}

func (b *Bytes) add(o Bytes) {
	b.Sent += o.Sent
	b.Received += o.Received
	b.Reduced += o.Reduced
	b.InterSent += o.InterSent
	b.InterReceived += o.InterReceived
}

// RoundSummary aggregates one round over all ranks.
type RoundSummary struct {
	Phase     string `json:"phase"`
	Messages  int    `json:"messages"` // transfers between different ranks
	Bytes     int64  `json:"bytes"`    // total bytes on the wire
	MaxSent   int64  `json:"max_sent"` // most bytes any rank sends
	MaxRecv   int64  `json:"max_recv"` // most bytes any rank receives
	MaxReduce int64  `json:"max_reduced"`
}

// PhaseBytes is the per-rank traffic of one phase (consecutive rounds with
// the same Phase label).
type PhaseBytes struct {
	Phase  string  `json:"phase"`
	Rounds int     `json:"rounds"`
	Ranks  []Bytes `json:"ranks"`
}

// Ledger is the byte ledger of an executed schedule: who sends how many
// bytes, in which round. Local copies (Src == Dst) are not traffic and are
// not counted.
//
// Invariants: Σ_r Ranks[r].Sent == Σ_r Ranks[r].Received == Σ_t Rounds[t].Bytes
// == TotalBytes; Ranks[r] == Σ_phases Phases[i].Ranks[r]; Busiest has the
// largest Sent (lowest rank on ties).
type Ledger struct {
	ElemSize   int            `json:"elem_size"`
	Ranks      []Bytes        `json:"ranks"`
	Phases     []PhaseBytes   `json:"phases"`
	Rounds     []RoundSummary `json:"rounds"`
	TotalBytes int64          `json:"total_bytes"`
	Busiest    int            `json:"busiest_rank"`
	Steps      int            `json:"steps"` // rounds that carry at least one message
	// GPUsPerNode and InterBytes are set by NewClusterLedger: the ranks per
	// node it split by, and the bytes on inter-node links, all ranks.
	GPUsPerNode int   `json:"gpus_per_node,omitempty"`
	InterBytes  int64 `json:"inter_bytes,omitempty"`
}

// NewLedger derives the ledger of s for elements of elemSize bytes.
// O(transfers + P·(rounds + phases)) time, O(P·phases + rounds) memory.
func NewLedger(s *sched.Schedule, elemSize int) *Ledger {
	return newLedger(s, elemSize, 0, nil)
}

// NewClusterLedger is NewLedger on ranks placed in order on nodes of
// gpusPerNode ranks (rank r on node r / gpusPerNode): it also splits every
// rank's bytes into intra- and inter-node ones (Bytes.InterSent,
// InterReceived) and totals the inter-node bytes. gpusPerNode < 1 is
// treated as 1 (every rank its own node). Same complexity as NewLedger.
func NewClusterLedger(s *sched.Schedule, elemSize, gpusPerNode int) *Ledger {
	return newLedger(s, elemSize, max(gpusPerNode, 1), nil)
}

// LedgerFor is the ledger every face shows for a schedule whose ranks sit
// gpusPerNode to a node: NewClusterLedger when gpusPerNode > 0 (the ranks
// are placed on nodes), else NewLedger (one flat network, no inter-node
// split). It is the one cluster-or-flat decision of the CLI, the API and
// the playground.
func LedgerFor(s *sched.Schedule, elemSize, gpusPerNode int) *Ledger {
	return LedgerForYielding(s, elemSize, gpusPerNode, nil)
}

// LedgerForYielding is LedgerFor calling yield (if not nil) before every
// round and after every YieldTransfers transfers of a round (a naive
// AllToAll's one round holds P² of them): an interactive page gives the
// browser a turn while the ledger of a large schedule is derived. Same
// result as LedgerFor.
func LedgerForYielding(s *sched.Schedule, elemSize, gpusPerNode int, yield func()) *Ledger {
	return newLedger(s, elemSize, max(gpusPerNode, 0), yield)
}

// YieldTransfers is how many transfers of one round LedgerForYielding
// handles between two calls of yield: well under a millisecond natively.
const YieldTransfers = 1 << 14

// newLedger is the ledger of s, with the inter-node split on nodes of g
// ranks when g > 0, calling yield (if not nil) before every round.
func newLedger(s *sched.Schedule, elemSize, g int, yield func()) *Ledger {
	p := s.Spec.Ranks
	e := int64(elemSize)
	l := &Ledger{ElemSize: elemSize, Ranks: make([]Bytes, p), Rounds: make([]RoundSummary, len(s.Rounds)), GPUsPerNode: g}
	type port struct{ sent, recv, red int64 }
	cur := make([]port, p)   // this round's traffic per rank, for the round's maxima
	seen := make([]int32, p) // round index + 1 at which the rank was last touched
	touched := make([]int32, 0, 64)
	for i, rd := range s.Rounds {
		if yield != nil {
			yield()
		}
		mark := int32(i + 1)
		if len(l.Phases) == 0 || l.Phases[len(l.Phases)-1].Phase != rd.Phase {
			l.Phases = append(l.Phases, PhaseBytes{Phase: rd.Phase, Ranks: make([]Bytes, p)})
		}
		ph := &l.Phases[len(l.Phases)-1]
		ph.Rounds++
		sum := RoundSummary{Phase: rd.Phase}
		touched = touched[:0]
		for j, t := range rd.Transfers {
			if yield != nil && j > 0 && j%YieldTransfers == 0 {
				yield()
			}
			if t.Src == t.Dst {
				continue
			}
			b := t.Len * e
			sum.Messages++
			sum.Bytes += b
			if seen[t.Src] != mark {
				seen[t.Src] = mark
				touched = append(touched, t.Src)
			}
			if seen[t.Dst] != mark {
				seen[t.Dst] = mark
				touched = append(touched, t.Dst)
			}
			src, dst := &ph.Ranks[t.Src], &ph.Ranks[t.Dst]
			src.Sent += b
			dst.Received += b
			cur[t.Src].sent += b
			cur[t.Dst].recv += b
			if g > 0 && int(t.Src)/g != int(t.Dst)/g {
				src.InterSent += b
				dst.InterReceived += b
				l.InterBytes += b
			}
			if rd.Reduce {
				dst.Reduced += b
				cur[t.Dst].red += b
			}
		}
		for _, r := range touched {
			c := cur[r]
			sum.MaxSent = max(sum.MaxSent, c.sent)
			sum.MaxRecv = max(sum.MaxRecv, c.recv)
			sum.MaxReduce = max(sum.MaxReduce, c.red)
			cur[r] = port{}
		}
		if sum.Messages > 0 {
			l.Steps++
		}
		l.Rounds[i] = sum
		l.TotalBytes += sum.Bytes
	}
	for _, ph := range l.Phases {
		for r := range l.Ranks {
			l.Ranks[r].add(ph.Ranks[r])
		}
	}
	for r := range l.Ranks {
		if l.Ranks[r].Sent > l.Ranks[l.Busiest].Sent {
			l.Busiest = r
		}
	}
	return l
}

// RoundRanks returns every rank's traffic in round t of s: the per-rank,
// per-round view of the ledger, computed on demand so that the ledger itself
// stays O(P) per phase. O(P + transfers in the round).
func RoundRanks(s *sched.Schedule, t, elemSize int) []Bytes {
	out := make([]Bytes, s.Spec.Ranks)
	rd := s.Rounds[t]
	e := int64(elemSize)
	for _, x := range rd.Transfers {
		if x.Src == x.Dst {
			continue
		}
		out[x.Src].Sent += x.Len * e
		out[x.Dst].Received += x.Len * e
		if rd.Reduce {
			out[x.Dst].Reduced += x.Len * e
		}
	}
	return out
}
