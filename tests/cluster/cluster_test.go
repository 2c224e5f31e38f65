package cluster

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/job"
)

// The emulated cluster of these tests: 4 hosts × 2 ranks, one NIC per
// rank shaped to 500 Mbit/s each way.
var testSpec = Spec{Hosts: 4, Rails: 2, Rate: "500mbit"}

// rankEnv is the torchrun-style environment of rank r of p, g per host.
func rankEnv(r, p, g int, port string) []string {
	return []string{"RANK=" + strconv.Itoa(r), "WORLD_SIZE=" + strconv.Itoa(p), "LOCAL_RANK=" + strconv.Itoa(r%g),
		"MASTER_ADDR=" + Addr(0, 0), "MASTER_PORT=" + port}
}

// torchrunJob is ccplay with args on every rank of c (Rails ranks per
// host), each started with torchrun-style variables by ip netns exec in
// its host's namespace.
func torchrunJob(t *testing.T, c *Cluster, args ...string) []*exec.Cmd {
	tok := token(t)
	p, g := c.Hosts*c.Rails, c.Rails
	var cmds []*exec.Cmd
	for r := range p {
		cmd := c.Command(r/g, ccplay, args...)
		cmd.Env = append(append(os.Environ(), tok), rankEnv(r, p, g, "29500")...)
		cmds = append(cmds, cmd)
	}
	return cmds
}

// ifaces is --iface for c's ranks: local rank l on rail l.
func ifaces(c *Cluster) string {
	var names []string
	for r := range c.Rails {
		names = append(names, Iface(r))
	}
	return strings.Join(names, ",")
}

// A job across 4 namespaces started with torchrun-style variables: the
// ranks find each other through the rendezvous on host 0, see 4 hosts of
// 2, run hierarchical AllReduce on those nodes, and count at their
// sockets the intra- and inter-node bytes the ledger predicts.
func TestClusterTorchrunStyle(t *testing.T) {
	needNamespaces(t)
	c := newCluster(t, testSpec)
	var all string
	for _, out := range runAll(t, 3*time.Minute, torchrunJob(t, c, "rank", "--iface", ifaces(c),
		"--collective", "allreduce", "--algorithm", "hierarchical", "--count", "65536")...) {
		all += out
	}
	checkAllReduce(t, lines(t, all), 8, 2, 65536, sched.Hierarchical)
}

// The same job under Open MPI's mpirun, run in host 0's namespace, whose
// rsh launcher starts its daemon on each host through ip netns exec.
func TestClusterMpirun(t *testing.T) {
	needNamespaces(t)
	bin := mpirun(t)
	c := newCluster(t, testSpec)
	dir := t.TempDir()
	agent := filepath.Join(dir, "netns-agent")
	// Open MPI calls the agent as ssh: host, then the remote command. The
	// emulated hosts share one file system and one hostname, so each
	// host's daemon gets a session directory of its own: in a shared one
	// the daemons race to create the same job directory and one of them
	// fails to start ("mkdir … File exists"), leaving mpirun waiting.
	script := "#!/bin/sh\nwhile [ \"${1#-}\" != \"$1\" ]; do shift; done\nh=$1; shift\n" +
		"d=" + dir + "/session-$h; mkdir -p \"$d\"\n" +
		"exec ip netns exec \"$h\" env OMPI_MCA_orte_tmpdir_base=\"$d\" sh -c \"$*\"\n"
	if err := os.WriteFile(agent, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var hosts []string
	for h := range c.Hosts {
		hosts = append(hosts, fmt.Sprintf("%s:%d", c.Host(h), c.Rails))
	}
	tok := token(t)
	args := append(mpirunArgs(), "--mca", "plm_rsh_agent", agent, "--mca", "plm_rsh_no_tree_spawn", "1",
		"--mca", "oob_tcp_if_include", "198.18.0.0/16", "--host", strings.Join(hosts, ","), "-np", strconv.Itoa(c.Hosts*c.Rails),
		"-x", strings.SplitN(tok, "=", 2)[0], ccplay, "rank", "--master-addr", Addr(0, 0), "--iface", ifaces(c),
		"--collective", "allreduce", "--algorithm", "hierarchical", "--count", "4096")
	cmd := c.Command(0, bin, args...)
	cmd.Env = append(os.Environ(), tok)
	out := runAll(t, 3*time.Minute, cmd)
	checkAllReduce(t, lines(t, out[0]), 8, 2, 4096, sched.Hierarchical)
}

// ccplay bench --transport job on the cluster fits each link class from
// its ping-pong — the inter-node link near the shaped rate, the intra-node
// one faster — predicts every measured row, and, the inter-host links
// being the bottleneck, predicts hierarchical faster than the flat ring.
// How close the measured times come to the predicted ones, and by how
// much hierarchical measurably wins, is a benchmark (go tool task
// cluster:bench, reported in docs/real-runs.md), not a test: on a shared
// 2-core machine a timed bound fails at random. (The bytes each rank sends
// within and across hosts are measured and checked exactly against the
// ledger by the job tests above.) The fit's bound holds with a wide
// margin: the shaping caps the link, and a loaded CPU only slows it.
func TestClusterBench(t *testing.T) {
	needNamespaces(t)
	c := newCluster(t, testSpec)
	outs := runAll(t, 5*time.Minute, torchrunJob(t, c, "bench", "--transport", "job", "--iface", ifaces(c),
		"--algorithm", "ring,hierarchical", "-b", "256K", "-e", "4M", "-f", "4", "-n", "3", "-w", "1", "--json")...)
	var rep job.ClusterBench
	if err := json.Unmarshal([]byte(outs[0]), &rep); err != nil {
		t.Fatalf("rank 0 printed %q: %v", outs[0], err)
	}
	for r, out := range outs[1:] {
		if out != "" {
			t.Errorf("rank %d printed %q; only rank 0 reports", r+1, out)
		}
	}
	if rep.Hosts != 4 || rep.RanksPerHost != 2 || rep.Link == nil || rep.IntraLink == nil {
		t.Fatalf("%d hosts × %d, fits %v %v (%s %s); want 4 × 2 and both fits", rep.Hosts, rep.RanksPerHost, rep.Link, rep.IntraLink, rep.LinkError, rep.IntraLinkError)
	}
	const shaped = 500e6 / 8
	if bw := rep.Link.BwBps; bw < 0.5*shaped || bw > 1.25*shaped {
		t.Errorf("inter-node link fitted at %.1f MB/s, the NICs are shaped to %.1f MB/s", bw/1e6, shaped/1e6)
	}
	if rep.IntraLink.BwBps <= rep.Link.BwBps {
		t.Errorf("intra-node link %.1f MB/s is not faster than the shaped inter-node one, %.1f MB/s", rep.IntraLink.BwBps/1e6, rep.Link.BwBps/1e6)
	}
	if len(rep.Series) != 2 || rep.Series[0].Algorithm != "ring" || rep.Series[1].Algorithm != "hierarchical" {
		t.Fatalf("series %+v, want ring then hierarchical", rep.Series)
	}
	for _, s := range rep.Series {
		if len(s.Rows) != 3 {
			t.Fatalf("%s: %d rows, want 3", s.Algorithm, len(s.Rows))
		}
		for _, r := range s.Rows {
			if r.TimeS <= 0 || r.ModelS <= 0 {
				t.Errorf("%s %d B: measured %g s, predicted %g s", s.Algorithm, r.SizeBytes, r.TimeS, r.ModelS)
			}
		}
	}
	for i := range rep.Series[0].Rows {
		ring, hier := rep.Series[0].Rows[i], rep.Series[1].Rows[i]
		if ring.ModelS <= hier.ModelS {
			t.Errorf("%d B: the model prices hierarchical at %g s, not below the flat ring's %g s, on shaped inter-host links", ring.SizeBytes, hier.ModelS, ring.ModelS)
		}
	}
}
