package cluster

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/job"
	"github.com/ccplay/ccplay/transport"
)

// checkAllReduce checks the lines of a job of p ranks on hosts of g that
// ran one AllReduce of count elements with algorithm alg: every rank
// reported exactly once, its result verified and equal to the sum of the
// inputs (rank r gives r+1), its hosts as p/g × g, and its bytes by link
// class, counted at its sockets, equal to the byte ledger's intra- and
// inter-node split of the schedule on nodes of g.
func checkAllReduce(t *testing.T, ls []job.Line, p, g, count int, alg sched.Algorithm) {
	t.Helper()
	s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: p, Op: prim.Sum, Count: count}, alg, sched.Options{GPUsPerNode: g})
	if err != nil {
		t.Fatal(err)
	}
	led := sim.NewClusterLedger(s, transport.ElemSize, g)
	results, dones := make([]int, p), make([]int, p)
	for _, l := range ls {
		if l.Rank < 0 || l.Rank >= p {
			t.Fatalf("a line of rank %d in a job of %d", l.Rank, p)
		}
		switch l.Event {
		case "result":
			results[l.Rank]++
			if !l.Verified || l.OutputLen != count || l.Algorithm != string(alg) {
				t.Errorf("rank %d: verified %v, %d elements of %s, want verified, %d of %s", l.Rank, l.Verified, l.OutputLen, l.Algorithm, count, alg)
			}
			for k, v := range l.Output {
				if v != float64(p*(p+1)/2) {
					t.Fatalf("rank %d: element %d is %v, want %d", l.Rank, k, v, p*(p+1)/2)
				}
			}
		case "done":
			dones[l.Rank]++
			if l.Hosts != p/g || l.RanksPerHost != g {
				t.Errorf("rank %d: sees %d hosts × %d ranks, want %d × %d", l.Rank, l.Hosts, l.RanksPerHost, p/g, g)
			}
			b := led.Ranks[l.Rank]
			want := transport.ClassBytes{IntraSent: b.Sent - b.InterSent, IntraReceived: b.Received - b.InterReceived,
				InterSent: b.InterSent, InterReceived: b.InterReceived}
			if l.LinkBytes == nil || *l.LinkBytes != want {
				t.Errorf("rank %d: bytes counted at the sockets %+v, the ledger's split %+v", l.Rank, l.LinkBytes, want)
			}
		}
	}
	for r := range p {
		if results[r] != 1 || dones[r] != 1 {
			t.Errorf("rank %d: %d result and %d done lines, want 1 and 1", r, results[r], dones[r])
		}
	}
}
