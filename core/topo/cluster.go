// Package topo describes where ranks sit and what links join them: a cluster
// of nodes × GPUs per node with two link classes (intra-node and
// inter-node), the lecture's bandwidth pyramid as presets with their
// sources, and slowdowns (one straggling rank or one slow link). It turns a
// cluster into the per-pair α and β that sim.Model.Link expects. Pure: no
// I/O, no globals that change.
package topo

import (
	"github.com/ccplay/ccplay/core/fielderr"
)

// Link is one link class: start-up latency α and bandwidth per direction.
type Link struct {
	Alpha     float64 // seconds per message
	Bandwidth float64 // bytes per second per direction (> 0)
}

// Beta is the link's seconds per byte, 1 / Bandwidth.
func (l Link) Beta() float64 { return 1 / l.Bandwidth }

// Class is the kind of link a transfer uses.
type Class int

// The link classes. A transfer between two ranks of the same node is Intra,
// any other Inter.
const (
	Intra Class = iota
	Inter
)

// String names the class as the CLI and the JSON show it.
func (c Class) String() string {
	if c == Intra {
		return "intra-node"
	}
	return "inter-node"
}

// Slow slows one rank (a straggler) or one link down by Factor: every
// message the slowed rank sends or receives, or every message over the slow
// link in either direction, takes Factor times as long per byte (β·Factor;
// α is unchanged). The zero value slows nothing.
type Slow struct {
	Factor float64 // 0 = nothing slowed; otherwise ≥ 1
	IsLink bool    // a slow link A–B rather than a slow rank
	Rank   int     // the straggler, when !IsLink
	A, B   int     // the slow link's two ends, when IsLink
}

// Active reports whether anything is slowed.
func (s Slow) Active() bool { return s.Factor != 0 }

// Touches reports whether the message src→dst is slowed.
func (s Slow) Touches(src, dst int) bool {
	switch {
	case !s.Active():
		return false
	case s.IsLink:
		return src == s.A && dst == s.B || src == s.B && dst == s.A
	}
	return src == s.Rank || dst == s.Rank
}

// Cluster is Ranks ranks placed in order on nodes of GPUsPerNode GPUs each:
// rank r sits on node r / GPUsPerNode. A flat network is GPUsPerNode = 1
// (every link is Inter).
//
// Invariant (Validate): GPUsPerNode ≥ 1 divides Ranks; both links have a
// positive bandwidth; Slow names ranks inside the cluster.
type Cluster struct {
	Ranks       int
	GPUsPerNode int
	Intra       Link
	Inter       Link
	Slow        Slow
}

// Nodes is k = Ranks / GPUsPerNode.
func (c Cluster) Nodes() int { return c.Ranks / c.GPUsPerNode }

// Node is the node rank r sits on.
func (c Cluster) Node(r int) int { return r / c.GPUsPerNode }

// ClassOf is the class of the link src→dst. O(1).
func (c Cluster) ClassOf(src, dst int) Class {
	if c.Node(src) == c.Node(dst) {
		return Intra
	}
	return Inter
}

// Link is the α and β of the message src→dst, slowdown included: the
// function sim.Model.Link expects. O(1).
func (c Cluster) Link(src, dst int) (alpha, beta float64) {
	l := c.Inter
	if c.ClassOf(src, dst) == Intra {
		l = c.Intra
	}
	beta = l.Beta()
	if c.Slow.Touches(src, dst) {
		beta *= c.Slow.Factor
	}
	return l.Alpha, beta
}

// Validate checks the cluster and names the first bad field with the
// CLI's flag names.
func (c Cluster) Validate() error {
	switch {
	case c.Ranks < 1:
		return fielderr.New("ranks", "topo.ranks.min", c.Ranks)
	case c.GPUsPerNode < 1:
		return fielderr.New("gpus-per-node", "topo.gpus_per_node.min", c.GPUsPerNode)
	case c.Ranks%c.GPUsPerNode != 0:
		return fielderr.New("gpus-per-node", "topo.gpus_per_node.divisor", c.Ranks, c.GPUsPerNode)
	case !(c.Intra.Bandwidth > 0) || c.Intra.Bandwidth > 1e18:
		return fielderr.New("intra-bandwidth", "topo.bandwidth.range", c.Intra.Bandwidth)
	case !(c.Intra.Alpha >= 0) || c.Intra.Alpha > 1e6:
		return fielderr.New("intra-latency", "topo.latency.range", c.Intra.Alpha)
	case !(c.Inter.Bandwidth > 0) || c.Inter.Bandwidth > 1e18:
		return fielderr.New("bandwidth", "topo.bandwidth.range", c.Inter.Bandwidth)
	case !(c.Inter.Alpha >= 0) || c.Inter.Alpha > 1e6:
		return fielderr.New("latency", "topo.latency.range", c.Inter.Alpha)
	}
	return c.Slow.validate(c.Ranks)
}

func (s Slow) validate(ranks int) error {
	if !s.Active() {
		return nil
	}
	if !(s.Factor >= 1) || s.Factor > 1e6 {
		return fielderr.New("slow-factor", "topo.slow_factor.range", s.Factor)
	}
	if s.IsLink {
		if s.A < 0 || s.A >= ranks || s.B < 0 || s.B >= ranks || s.A == s.B {
			return fielderr.New("slow-link", "topo.slow_link.range", ranks-1, s.A, s.B)
		}
		return nil
	}
	if s.Rank < 0 || s.Rank >= ranks {
		return fielderr.New("slow-rank", "topo.slow_rank.range", ranks-1, s.Rank)
	}
	return nil
}
