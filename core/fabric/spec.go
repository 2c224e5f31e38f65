// Package fabric describes the switched network between GPUs as data — an
// ideal crossbar (no contention), a two- or three-tier fat-tree with an
// oversubscription ratio, a rail-optimised fabric, a 2-D or 3-D torus, and
// inside each node an NVSwitch or a PCIe tree — and prices a schedule on
// it with a flow-level simulation: every transfer is a flow on its path,
// links are shared max-min fairly (progressive filling), and a rank's
// round starts when the data it sends has arrived. Simulate runs it at
// once; Run advances the same simulation in slices of work, for a page
// that paints a progress bar between them. docs/contention.md states the
// model and compares it with SimGrid. Pure: no I/O.
package fabric

import (
	"strconv"

	"github.com/ccplay/ccplay/core/fielderr"
)

// The fabric kinds of Spec.Kind.
const (
	Ideal   = "ideal"    // every message has its link to itself: the α-β rule
	FatTree = "fat-tree" // leaves of LeafNodes nodes under spines (and pods)
	Rail    = "rail"     // NIC k of every node on rail leaf k, leaves under spines
	Torus   = "torus"    // nodes on a 2-D or 3-D torus, dimension-order routes
)

// The node interiors of Spec.Node.
const (
	NVSwitch = "nvswitch" // every GPU has its own port on one crossbar
	PCIe     = "pcie"     // GPUs in pairs under PCIe switches below a host bridge
)

// Kinds lists the accepted fabric kinds.
func Kinds() []string { return []string{Ideal, FatTree, Rail, Torus} }

// Defaults of the zero fields of Spec.
const (
	DefaultLeafNodes = 16
	DefaultPodLeaves = 8
)

// Spec is a fabric. The zero value is Ideal. Every GPU has its own NIC of
// the network bandwidth (DGX style) unless NICs says fewer, and its own
// port into the node's interior of the intra-node bandwidth.
//
//   - FatTree: nodes in order on leaves of LeafNodes nodes. A leaf has one
//     downlink per NIC and U = ⌈LeafNodes·g / R⌉ uplinks, one to each of U
//     spines, each of capacity LeafNodes·g·B / (R·U): downlink capacity ÷
//     uplink capacity = R (Oversubscription). Three tiers group leaves into
//     pods of PodLeaves; spine u of a pod reaches spine u of every other
//     pod through a non-blocking core (one link up and one down of the
//     pod's uplink capacity for u).
//   - Rail: nodes in groups of LeafNodes; rail leaf k of a group holds NIC
//     k of each of its nodes; leaves sit under spines with R as above.
//   - Torus: node n is a router at coordinates of Dims (product = nodes),
//     its GPUs' NICs on it; each torus link carries g·B per direction.
//
// Routes are fixed: D-mod-k between leaves (a flow to the NIC on port d of
// its leaf, ports numbered in rank order, leaves its own leaf by uplink d
// mod U and enters the destination leaf from the same spine: Zahavi, "D-Mod-K Routing Providing Non-Blocking
// Traffic for Shift Permutations on Real Life Fat Trees", 2010), and
// dimension order on a torus (x, then y, then z, the shorter way round,
// ties in the positive direction).
type Spec struct {
	Kind             string
	Oversubscription float64 // R ≥ 1; 0 means 1
	LeafNodes        int     // nodes per leaf (or rail group); 0 means DefaultLeafNodes
	Tiers            int     // fat-tree: 2 or 3; 0 means 2
	PodLeaves        int     // three tiers: leaves per pod; 0 means DefaultPodLeaves
	Dims             [3]int  // torus: 2 or 3 sizes (Dims[2] = 0 for 2-D) whose product is the node count; all 0 picks a near-square 2-D torus
	Node             string  // NVSwitch (default, "") or PCIe
	// NICs is the NICs of a node when fewer than its GPUs share them
	// (a system preset's); 0 gives every GPU its own. GPU l of g uses NIC
	// l·NICs/g, and each NIC carries g/NICs GPUs' network bandwidth.
	NICs int
}

// Active reports whether s is a switched fabric to simulate (not Ideal).
func (s Spec) Active() bool { return s.Kind != "" && s.Kind != Ideal }

// Normal is s with every default filled in for nodes nodes.
func (s Spec) Normal(nodes int) Spec {
	if s.Kind == "" {
		s.Kind = Ideal
	}
	if s.Oversubscription == 0 {
		s.Oversubscription = 1
	}
	if s.LeafNodes == 0 {
		s.LeafNodes = DefaultLeafNodes
	}
	if s.Tiers == 0 {
		s.Tiers = 2
	}
	if s.PodLeaves == 0 {
		s.PodLeaves = DefaultPodLeaves
	}
	if s.Node == "" {
		s.Node = NVSwitch
	}
	if s.Kind == Torus && s.Dims == [3]int{} {
		s.Dims = squareDims(nodes)
	}
	return s
}

// squareDims is the 2-D torus a × b = n with a ≤ b and a as large as
// possible.
func squareDims(n int) [3]int {
	a := 1
	for i := 1; i*i <= n; i++ {
		if n%i == 0 {
			a = i
		}
	}
	return [3]int{a, n / a}
}

// TorusDims is the torus's dimensions, 2 or 3 of them.
func (s Spec) TorusDims() []int {
	if s.Dims[2] == 0 {
		return s.Dims[:2:2]
	}
	return s.Dims[:]
}

// MaxOversubscription bounds R.
const MaxOversubscription = 1024

// Validate checks s (with Normal's defaults) for a cluster of nodes nodes
// and names the first bad field.
func (s Spec) Validate(nodes int) error {
	n := s.Normal(nodes)
	switch {
	case n.Kind != Ideal && n.Kind != FatTree && n.Kind != Rail && n.Kind != Torus:
		return fielderr.New("fabric", "fabric.kind", s.Kind, "ideal, fat-tree, rail, torus")
	case !(n.Oversubscription >= 1 && n.Oversubscription <= MaxOversubscription):
		return fielderr.New("oversubscription", "fabric.oversubscription", float64(MaxOversubscription), s.Oversubscription)
	case n.LeafNodes < 1 || n.LeafNodes > 1<<16:
		return fielderr.New("leaf-nodes", "fabric.leaf-nodes", 1<<16, s.LeafNodes)
	case n.Tiers != 2 && n.Tiers != 3:
		return fielderr.New("tiers", "fabric.tiers", s.Tiers)
	case n.PodLeaves < 1 || n.PodLeaves > 1<<16:
		return fielderr.New("pod-leaves", "fabric.pod-leaves", 1<<16, s.PodLeaves)
	case n.NICs < 0:
		return fielderr.New("system", "fabric.nics", n.NICs)
	case n.Node != NVSwitch && n.Node != PCIe:
		return fielderr.New("node-switch", "fabric.node", s.Node, "nvswitch, pcie")
	}
	if n.Kind == Torus {
		return checkDims(n.TorusDims(), nodes)
	}
	return nil
}

func checkDims(d []int, nodes int) error {
	prod := 1
	for _, x := range d {
		if x < 1 || x > 1<<16 {
			return fielderr.New("torus-dims", "fabric.dims-size", strconv.Itoa(x))
		}
		prod *= x
	}
	if prod != nodes {
		return fielderr.New("torus-dims", "fabric.dims-product", prod, nodes)
	}
	return nil
}
