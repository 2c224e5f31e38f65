package cluster

import (
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/transport"
)

// The two-leaf cluster of these tests: 4 hosts × 1 rank, hosts 0–1 on
// leaf 0 and 2–3 on leaf 1, NICs at 500 Mbit/s and the uplink at 500
// Mbit/s per direction: (2 × 500) ÷ 500 = 2:1 oversubscribed.
var leavesSpec = Spec{Hosts: 4, Rails: 1, Leaves: 2, Rate: "500mbit", Uplink: "500mbit"}

// The bytes an uplink's qdisc counts beyond the ledger's payload: every
// frame's headers (14 B Ethernet + 20 B IP + 32 B TCP with timestamps =
// 66 B per segment of at most MTU − 52 = 8948 B of payload, 0.74 %), the
// ACKs of the opposite direction's data (66 B per two segments at most,
// 0.37 % of it), and per connection its set-up, token proof, rendezvous
// messages, message framing and tear-down (a few KiB across the whole
// job). The bound allows 2 % of the payload plus 64 KiB.
const (
	framingShare = 0.02
	framingFixed = 64 << 10
)

// A small AllToAll and a ring AllReduce on the two-leaf cluster each
// complete with verified results, and the bytes each direction of the
// shaped uplink carried — counted by its token bucket — are the ledger's
// inter-leaf bytes of that schedule (leaves as the nodes) plus at most
// the framing above: the traffic between the leaves goes through the
// one shaped link, and only it. Removing the cluster leaves none of its
// namespaces (the bridges and the uplink live in the switch's).
func TestClusterTwoLeaves(t *testing.T) {
	needNamespaces(t)
	c := newCluster(t, leavesSpec)
	const count = 1 << 17 // elements of 8 B: an AllToAll block, or the AllReduce vector, of 1 MiB
	for _, k := range []struct {
		coll prim.Collective
		alg  sched.Algorithm
	}{{prim.AllToAll, sched.Naive}, {prim.AllReduce, sched.Ring}} {
		before := uplinkBytes(t, c)
		var all string
		for _, out := range runAll(t, 5*time.Minute, leafJob(t, c, "rank", "--iface", Iface(0),
			"--collective", string(k.coll), "--algorithm", string(k.alg), "--count", strconv.Itoa(count))...) {
			all += out
		}
		after := uplinkBytes(t, c)
		p := c.Hosts
		results := make([]int, p)
		for _, l := range lines(t, all) {
			if l.Event == "result" {
				results[l.Rank]++
				if !l.Verified || l.Algorithm != string(k.alg) {
					t.Errorf("%s: rank %d: verified %v with %s, want verified with %s", k.coll, l.Rank, l.Verified, l.Algorithm, k.alg)
				}
			}
		}
		for r, n := range results {
			if n != 1 {
				t.Errorf("%s: rank %d printed %d results, want 1", k.coll, r, n)
			}
		}
		s, err := sched.Build(prim.Spec{Collective: k.coll, Ranks: p, Op: prim.Sum, Count: count}, k.alg, sched.Options{})
		if err != nil {
			t.Fatal(err)
		}
		led := sim.NewClusterLedger(s, transport.ElemSize, p/2)
		for leaf := range 2 {
			var want int64
			for r := leaf * p / 2; r < (leaf+1)*p/2; r++ {
				want += led.Ranks[r].InterSent
			}
			got := after[leaf] - before[leaf]
			if want == 0 || got < want || float64(got) > float64(want)*(1+framingShare)+framingFixed {
				t.Errorf("%s %s: the uplink carried %d B out of leaf %d; the ledger's inter-leaf bytes are %d, so want %d to %.0f",
					k.coll, k.alg, got, leaf, want, want, float64(want)*(1+framingShare)+framingFixed)
			}
			t.Logf("%s %s: leaf %d → leaf %d: ledger %d B, uplink %d B (+%.2f %%)", k.coll, k.alg, leaf, 1-leaf, want, got, 100*float64(got-want)/float64(want))
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if left := namespacesOf(t, os.Getpid()); len(left) > 0 {
		t.Errorf("removing the two-leaf cluster left namespaces %q", left)
	}
}

// uplinkBytes is what the uplink has carried out of each leaf so far.
func uplinkBytes(t *testing.T, c *Cluster) [2]int64 {
	t.Helper()
	var b [2]int64
	for k := range b {
		n, err := c.UplinkBytes(0, k)
		if err != nil {
			t.Fatal(err)
		}
		b[k] = n
	}
	return b
}

// leafJob is ccplay with args on one rank per host of c, started with
// torchrun-style variables by ip netns exec in its host's namespace.
func leafJob(t *testing.T, c *Cluster, args ...string) []*exec.Cmd {
	tok := token(t)
	var cmds []*exec.Cmd
	for r := range c.Hosts {
		cmd := c.Command(r, ccplay, args...)
		cmd.Env = append(append(os.Environ(), tok), rankEnv(r, c.Hosts, 1, "29500")...)
		cmds = append(cmds, cmd)
	}
	return cmds
}
