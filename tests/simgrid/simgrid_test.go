// Package simgrid compares core/fabric's flow-level simulation with
// SimGrid's (Debian's python3-simgrid 3.32): the same platform, routes and
// flows, posted in the same order, with SimGrid's CM02 max-min sharing
// configured to state the same assumptions (run.py). Every case must agree
// within ±5 %. Where python3 cannot import simgrid the test skips, except
// under CI=true, where it fails.
package simgrid

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/ccplay/ccplay/internal/testskip"
)

// simCase is one comparison: a collective's schedule on a fabric.
type simCase struct {
	name  string
	c     prim.Collective
	a     sched.Algorithm
	ranks int
	g     int
	count int // elements (4 B) per rank's vector, or per block for AllToAll and Gather
	spec  fabric.Spec
}

// Cases lists the comparisons docs/contention.md reports.
var cases = []simCase{
	{"ring AllReduce, fat-tree 1:1", prim.AllReduce, sched.Ring, 64, 8, 1 << 22, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 2}},
	{"ring AllReduce, fat-tree 4:1", prim.AllReduce, sched.Ring, 64, 8, 1 << 22, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 2, Oversubscription: 4}},
	{"tree AllReduce, fat-tree 4:1", prim.AllReduce, sched.Tree, 32, 1, 1 << 22, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 8, Oversubscription: 4}},
	{"pairwise AllToAll, fat-tree 1:1", prim.AllToAll, sched.Pairwise, 64, 8, 1 << 16, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 2}},
	{"pairwise AllToAll, fat-tree 4:1", prim.AllToAll, sched.Pairwise, 64, 8, 1 << 16, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 2, Oversubscription: 4}},
	{"naive AllToAll, fat-tree 4:1", prim.AllToAll, sched.Naive, 16, 1, 1 << 18, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 4, Oversubscription: 4}},
	{"naive AllToAll 16 KiB, fat-tree 1:1", prim.AllToAll, sched.Naive, 64, 8, 1 << 12, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 2}},
	{"hierarchical AllReduce, fat-tree 4:1", prim.AllReduce, sched.Hierarchical, 128, 8, 1 << 22, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 4, Oversubscription: 4}},
	{"ring AllReduce, rail 2:1", prim.AllReduce, sched.Ring, 64, 8, 1 << 22, fabric.Spec{Kind: fabric.Rail, LeafNodes: 4, Oversubscription: 2}},
	{"pairwise AllToAll, rail 1:1", prim.AllToAll, sched.Pairwise, 64, 8, 1 << 16, fabric.Spec{Kind: fabric.Rail, LeafNodes: 4}},
	{"recursive doubling AllReduce, fat-tree 4:1", prim.AllReduce, sched.RecursiveDoubling, 256, 8, 1 << 20, fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 8}},
	{"naive Gather 1 KiB blocks, fat-tree 1:1", prim.Gather, sched.Naive, 64, 1, 1 << 8, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 16}},
	{"naive Gather 1 MiB blocks, fat-tree 1:1", prim.Gather, sched.Naive, 64, 1, 1 << 18, fabric.Spec{Kind: fabric.FatTree, LeafNodes: 16}},
	{"binomial Broadcast, torus 4×4", prim.Broadcast, sched.Binomial, 16, 1, 1 << 22, fabric.Spec{Kind: fabric.Torus, Dims: [3]int{4, 4}}},
}

// python is Debian's python3 when it can import simgrid, or "".
func python(t *testing.T) string {
	for _, p := range []string{"/usr/bin/python3", "python3"} {
		path, err := exec.LookPath(p)
		if err != nil {
			continue
		}
		if exec.Command(path, "-c", "import simgrid").Run() == nil {
			return path
		}
	}
	return ""
}

func TestAgainstSimGrid(t *testing.T) {
	py := python(t)
	if py == "" {
		testskip.Skip(t, "SimGrid comparison (tests/simgrid)", "python3 cannot import simgrid (apt-get install python3-simgrid)")
	}
	dir := t.TempDir()
	t.Logf("| case | hosts | flows | ccplay | SimGrid | ratio |")
	t.Logf("|---|---|---|---|---|---|")
	for _, c := range cases {
		s, err := sched.Build(prim.Spec{Collective: c.c, Ranks: c.ranks, Count: c.count, Op: prim.Sum}, c.a, sched.Options{GPUsPerNode: c.g})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		cl := topo.Cluster{Ranks: c.ranks, GPUsPerNode: c.g,
			Intra: topo.Link{Alpha: 1e-6, Bandwidth: 450e9}, Inter: topo.Link{Alpha: 5e-6, Bandwidth: 50e9}}
		if err := c.spec.Validate(cl.Nodes()); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		net := fabric.Build(c.spec, cl)
		ours, err := fabric.Simulate(s, 4, net, 0, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		w := fabric.Export(s, 4, net)
		file := filepath.Join(dir, "case.json")
		b, err := json.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		theirs := runSimGrid(t, py, file)
		ratio := ours.Time / theirs
		t.Logf("| %s | %d | %d | %.6g ms | %.6g ms | %.4f |", c.name, c.ranks, ours.Flows, 1e3*ours.Time, 1e3*theirs, ratio)
		if math.Abs(ratio-1) > 0.05 {
			t.Errorf("%s: ccplay %g s, SimGrid %g s (ratio %.4f, want within ±5 %%)", c.name, ours.Time, theirs, ratio)
		}
	}
}

// runSimGrid runs run.py on the workload file and returns SimGrid's time.
// The process is stopped if it outlives a generous deadline.
func runSimGrid(t *testing.T, py, file string) float64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "run.py", file)
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("run.py: %v\n%s", err, msg)
	}
	var r struct {
		Time float64 `json:"time_s"`
	}
	if err := json.Unmarshal(out, &r); err != nil || !(r.Time > 0) {
		t.Fatalf("run.py answered %q: %v", out, err)
	}
	return r.Time
}
