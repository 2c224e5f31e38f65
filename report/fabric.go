package report

import (
	"fmt"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/units"
)

// fabricText writes the switched fabric the schedule was simulated on
// (cost.FabricResult): its shape, the simulation's size, the time beside
// the one without contention, AllToAll's bisection bound and the hottest
// links.
func fabricText(b *strings.Builder, line func(label, format string, args ...any), r cost.Result, f *cost.FabricResult) {
	b.WriteString("fabric (flow-level simulation, docs/contention.md)\n")
	shape := f.Kind
	switch f.Kind {
	case fabric.FatTree, fabric.Rail:
		if f.Tiers == 3 {
			shape += fmt.Sprintf(", 3 tiers (pods of %d leaves)", f.PodLeaves)
		}
		shape += fmt.Sprintf(", %d nodes per leaf, %g:1 oversubscribed (%d uplinks per leaf)", f.LeafNodes, f.Oversubscription, f.UplinksPerLeaf)
	case fabric.Torus:
		d := make([]string, len(f.TorusDims))
		for i, x := range f.TorusDims {
			d[i] = fmt.Sprint(x)
		}
		shape += " " + strings.Join(d, "×")
	}
	line("shape", "%s; %s inside a node; %d links", shape, f.Node, f.LinkCount)
	line("simulated", "%s for %d flows (%d instants); %.3g× the time without contention (%s)", cost.FormatSeconds(r.TimeS), f.Flows, f.Events, f.Slowdown, cost.FormatSeconds(f.IdealTimeS))
	if f.SlowdownNote != "" {
		line("", "%s", f.SlowdownNote)
	}
	if f.BisectionBoundS > 0 {
		line("bisection", "%s: AllToAll's least time through the leaves' uplinks, S·R·(P−L)/(P·B)", cost.FormatSeconds(f.BisectionBoundS))
	}
	for i, l := range f.Links {
		label := ""
		if i == 0 {
			label = "hottest links"
		}
		line(label, "%s → %s: %s%% busy, %s at %s", l.From, l.To, units.FormatShare(l.Utilisation, 1), Bytes(int64(l.Bytes)), gbps(l.Cap))
	}
}

// fabricSpec describes the fabric s (with its defaults filled in,
// fabric.Spec.Normal) in one phrase: its kind and shape (a torus without
// dimensions has none), and the node interior.
func fabricSpec(s fabric.Spec) string {
	shape := s.Kind
	switch s.Kind {
	case fabric.FatTree, fabric.Rail:
		if s.Kind == fabric.FatTree && s.Tiers == 3 {
			shape += fmt.Sprintf(" of 3 tiers (pods of %d leaves)", s.PodLeaves)
		}
		shape += fmt.Sprintf(", %d nodes per leaf, %g:1 oversubscribed", s.LeafNodes, s.Oversubscription)
	case fabric.Torus:
		if s.Dims == [3]int{} {
			break
		}
		d := make([]string, len(s.TorusDims()))
		for i, x := range s.TorusDims() {
			d[i] = fmt.Sprint(x)
		}
		shape += " " + strings.Join(d, "×")
	}
	return shape + ", " + s.Node + " inside a node"
}
