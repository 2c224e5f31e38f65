package transport

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// dialHosts connects a group of len(hosts) ranks over loopback TCP, rank r
// claiming host hosts[r].
func dialHosts(t *testing.T, hosts []string) []Endpoint {
	t.Helper()
	addr, err := FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	eps := make([]Endpoint, len(hosts))
	errs := make([]error, len(hosts))
	var wg sync.WaitGroup
	for r := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eps[r], errs[r] = Rendezvous{Addr: addr, Host: hosts[r]}.Dial(r, len(hosts), Options{Timeout: 30 * time.Second})
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { CloseAll(eps) })
	return eps
}

// Every rank learns every rank's host from the rendezvous, and the bytes
// counted at the sockets, split by whether the peer shares the rank's
// host, are the byte ledger's intra- and inter-node split of the executed
// schedule, rank by rank, for the hierarchical and the flat ring
// AllReduce on 3 hosts × 2 ranks.
func TestLinkBytesMatchTheLedger(t *testing.T) {
	hosts := []string{"a", "a", "b", "b", "c", "c"}
	eps := dialHosts(t, hosts)
	for _, ep := range eps {
		if got := Hosts(ep); fmt.Sprint(got) != fmt.Sprint(hosts) {
			t.Fatalf("rank %d: Hosts = %v, want %v", ep.Rank(), got, hosts)
		}
	}
	before := make([]ClassBytes, len(eps))
	for r, ep := range eps {
		before[r], _ = LinkBytes(ep)
	}
	seq := uint64(1)
	for _, alg := range []sched.Algorithm{sched.Hierarchical, sched.Ring} {
		spec := prim.Spec{Collective: prim.AllReduce, Ranks: 6, Op: prim.Sum, Count: 1001}
		s, err := sched.Build(spec, alg, sched.Options{GPUsPerNode: 2})
		if err != nil {
			t.Fatal(err)
		}
		in := make([][]float64, 6)
		for r := range in {
			in[r] = make([]float64, spec.Count)
		}
		errs := make([]error, len(eps))
		var wg sync.WaitGroup
		for r, ep := range eps {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[r] = Run(ep, s, seq, in[r]) }()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		seq++
		led := sim.NewClusterLedger(s, ElemSize, 2)
		for r, ep := range eps {
			got, ok := LinkBytes(ep)
			if !ok {
				t.Fatalf("rank %d: LinkBytes not counted", r)
			}
			b := led.Ranks[r]
			want := ClassBytes{
				IntraSent: before[r].IntraSent + b.Sent - b.InterSent, IntraReceived: before[r].IntraReceived + b.Received - b.InterReceived,
				InterSent: before[r].InterSent + b.InterSent, InterReceived: before[r].InterReceived + b.InterReceived,
			}
			if got != want {
				t.Errorf("%s rank %d: counted %+v, the ledger says %+v", alg, r, got, want)
			}
			before[r] = got
		}
	}
}
