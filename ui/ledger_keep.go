package ui

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/topo"
)

// ledgerKey is what a schedule's bytes depend on: the question without
// its cost model (bandwidths, latencies, efficiency, γ, a slow rank or
// link, NCCL's model, the fabric), with the algorithm and chunk count
// Evaluate chose (which the model decides for auto and for a pipelined
// algorithm), and the page's language for the reason shown when there is
// no ledger. Every other field of cost.Params stays in the key, so a field
// added to it is taken as one the bytes depend on.
type ledgerKey struct {
	p         cost.Params
	algorithm string
	chunks    int
	lang      string
}

// ledgerKeyOf is the ledgerKey of the current question.
func (s *State) ledgerKeyOf() ledgerKey {
	p := s.P
	p.Algorithm, p.Chunks = "", 0
	p.Bandwidth, p.Efficiency, p.Latency, p.Gamma = 0, 0, 0, 0
	p.IntraBandwidth, p.IntraLatency = 0, 0
	p.Slow, p.CostModel, p.NCCL, p.Fabric = topo.Slow{}, "", cost.NCCLOptions{}, fabric.Spec{}
	return ledgerKey{p: p, algorithm: s.R.Algorithm, chunks: s.R.Chunks, lang: s.Lang}
}

// keptLedger is the last ledger the view showed, with its key: a change
// of the model alone (the bandwidth, the latency) shows it again instead
// of deriving the same bytes anew. Kept across questions by the memo;
// cleared with it on a recovered panic.
type keptLedger struct {
	key ledgerKey
	d   LedgerData
	ok  bool
}

// keepLedger returns the kept ledger when key matches, else computes it
// with f and keeps it — unless it was computed from a stand-in (the memo's
// unsettled: a schedule left to the page's completion).
func (s *State) keepLedger(f func() LedgerData) LedgerData {
	k := s.ledgerKeyOf()
	if s.memo.kept.ok && s.memo.kept.key == k {
		return s.memo.kept.d
	}
	d := f()
	if !s.memo.unsettled {
		s.memo.kept = keptLedger{key: k, d: d, ok: true}
	}
	return d
}
