package fabric

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

var updateBits = flag.Bool("update", false, "rewrite testdata/bits.txt from the simulator as it is")

// bitsFile holds one line per question of bitsGrid: its name and the hash
// of its answer's bits (bitsOf), recorded on amd64 (Go fuses no
// multiply-add there; on arm64 it may, and the bits may differ).
var bitsFile = filepath.Join("testdata", "bits.txt")

// bitsFabrics are the fabrics of bitsGrid: fat-trees at 1:1, 2:1 and 8:1
// (leaves of 3 nodes, so the last leaf holds fewer nodes than the others at
// every node count below that is not a multiple of 3), a three-tier
// fat-tree, a rail fabric, PCIe nodes with shared NICs, and a torus.
var bitsFabrics = []Spec{
	{Kind: FatTree, LeafNodes: 3},
	{Kind: FatTree, Oversubscription: 2, LeafNodes: 3},
	{Kind: FatTree, Oversubscription: 8, LeafNodes: 3},
	{Kind: FatTree, Tiers: 3, PodLeaves: 2, LeafNodes: 2, Oversubscription: 4},
	{Kind: Rail, Oversubscription: 4, LeafNodes: 2},
	{Kind: FatTree, Oversubscription: 4, LeafNodes: 2, Node: PCIe, NICs: 2},
	{Kind: Torus},
}

// bitsGrid calls f with every question of the grid: each collective with
// each algorithm that runs it, on 10 and 97 ranks of one GPU a node, 28
// ranks on nodes of 4 (7 nodes) and 64 on nodes of 8 (8 nodes), at a count
// P divides and one it does not,
// with γ = 0 and γ = 10⁻¹⁰ s/B (reductions queue at the receiver), a
// rooted collective at its last rank, on each of bitsFabrics, within the
// work cap Evaluate grants (a question that passes it answers its error).
func bitsGrid(t *testing.T, f func(name string, res Result, err error)) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, at := range []struct{ p, g int }{{10, 1}, {28, 4}, {64, 8}, {97, 1}} {
				p := at.p
				if c == prim.SendRecv {
					p = 2
				}
				for _, count := range []int{p * 4096, p*4096 + 7} {
					spec := prim.Spec{Collective: c, Ranks: p, Count: count, Op: prim.Sum}
					if c.Rooted() {
						spec.Root = p - 1
					}
					if c == prim.AllToAll {
						spec.Count = count / p
					}
					s, err := sched.Build(spec, a, sched.Options{GPUsPerNode: at.g})
					if err != nil {
						continue // hierarchical where g does not divide P
					}
					cl := topo.Cluster{Ranks: p, GPUsPerNode: at.g,
						Intra: topo.Link{Alpha: 1e-6, Bandwidth: 450e9}, Inter: topo.Link{Alpha: 5e-6, Bandwidth: 50e9}}
					if cl.GPUsPerNode > p {
						cl.GPUsPerNode = p
					}
					for _, fs := range bitsFabrics {
						if fs.NICs > cl.GPUsPerNode {
							continue
						}
						net := Build(fs, cl)
						for _, gamma := range []float64{0, 1e-10} {
							res, err := Simulate(s, 4, net, gamma, net.WorkCap(c, a, int64(s.Transfers())))
							f(fmt.Sprintf("%s/%s/P=%d/g=%d/n=%d/%s-%d-%g:1-%s-nics%d/γ=%g", c, a, p, cl.GPUsPerNode, spec.Count,
								fs.Kind, fs.Tiers, fs.Oversubscription, fs.Node, fs.NICs, gamma), res, err)
						}
					}
				}
			}
		}
	}
}

// bitsOf is the first 96 bits of the SHA-256 of every bit of an answer: the time's and each
// link's load's float64 bits, the flows, instants and work, or the error.
func bitsOf(res Result, err error) string {
	h := sha256.New()
	if err != nil {
		fmt.Fprintf(h, "error %v", err)
	} else {
		var b [8]byte
		put := func(u uint64) {
			binary.LittleEndian.PutUint64(b[:], u)
			h.Write(b[:])
		}
		put(math.Float64bits(res.Time))
		put(uint64(len(res.Bytes)))
		for _, x := range res.Bytes {
			put(math.Float64bits(x))
		}
		put(uint64(res.Flows))
		put(uint64(res.Events))
		put(uint64(res.Work))
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// The simulator answers every question of bitsGrid bit for bit as it did
// when testdata/bits.txt was recorded (go test -run SimulationBits
// -update ./core/fabric): the same time, link loads, flows, instants and
// work units, or the same error. A change meant to make the simulator
// faster keeps this file as it is.
func TestSimulationBitsUnchanged(t *testing.T) {
	var lines []string
	bitsGrid(t, func(name string, res Result, err error) {
		lines = append(lines, name+" "+bitsOf(res, err))
	})
	if len(lines) < 1000 {
		t.Fatalf("%d questions on the grid", len(lines))
	}
	if *updateBits {
		if err := os.MkdirAll(filepath.Dir(bitsFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bitsFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	fh, err := os.Open(bitsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var want []string
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(lines) {
		t.Fatalf("%d questions on the grid, %d recorded", len(lines), len(want))
	}
	bad := 0
	for i := range lines {
		if lines[i] != want[i] {
			if bad++; bad <= 10 {
				t.Errorf("answer changed:\n got %s\nwant %s", lines[i], want[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d answers changed", bad, len(lines))
	}
}
