package fabric

import (
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
)

// Every bad field is refused by message ID on the field that is wrong,
// and every ID has its entry in every catalogue.
func TestValidateNamesTheField(t *testing.T) {
	for _, c := range []struct {
		s     Spec
		nodes int
		field string
		id    msg.ID
	}{
		{Spec{Kind: "mesh"}, 4, "fabric", "fabric.kind"},
		{Spec{Kind: FatTree, Oversubscription: 0.5}, 4, "oversubscription", "fabric.oversubscription"},
		{Spec{Kind: FatTree, LeafNodes: -1}, 4, "leaf-nodes", "fabric.leaf-nodes"},
		{Spec{Kind: FatTree, Tiers: 4}, 4, "tiers", "fabric.tiers"},
		{Spec{Kind: FatTree, Tiers: 3, PodLeaves: -2}, 4, "pod-leaves", "fabric.pod-leaves"},
		{Spec{Kind: FatTree, Node: "nvlink"}, 4, "node-switch", "fabric.node"},
		{Spec{Kind: Torus, Dims: [3]int{2, 3}}, 4, "torus-dims", "fabric.dims-product"},
		{Spec{Kind: Torus, Dims: [3]int{0, 4}}, 4, "torus-dims", "fabric.dims-size"},
	} {
		err := c.s.Validate(c.nodes)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != c.field || fe.ID != c.id {
			t.Errorf("%+v: got %v, want %s on %s", c.s, err, c.id, c.field)
			continue
		}
		for _, l := range msg.Languages() {
			if !msg.Has(l, fe.ID) {
				t.Errorf("%s has no %s entry", fe.ID, l)
			}
		}
	}
	for _, s := range []Spec{{}, {Kind: Ideal}, {Kind: FatTree, Oversubscription: 4, LeafNodes: 16}, {Kind: Rail}, {Kind: Torus, Dims: [3]int{2, 2, 2}}, {Kind: Torus}} {
		if err := s.Validate(8); err != nil {
			t.Errorf("%+v on 8 nodes: %v", s, err)
		}
	}
}

// Routes: a torus route takes the torus distance in hops; a rail route
// stays under its rail leaf within one rail and group, and goes over a
// spine otherwise; a fat-tree route climbs only between leaves, and on
// three tiers through the core only between pods.
func TestRoutes(t *testing.T) {
	tor := Build(Spec{Kind: Torus, Dims: [3]int{4, 3, 2}}, cluster(24, 1))
	for a := 0; a < 24; a++ {
		for b := 0; b < 24; b++ {
			if a == b {
				continue
			}
			want := 2
			for d, k := range []int{4, 3, 2} {
				x := (tor.coord(b, d) - tor.coord(a, d) + k) % k
				want += min(x, k-x)
			}
			if got := len(tor.Route(a, b, nil)); got != want {
				t.Fatalf("torus %d→%d: %d links, want %d", a, b, got, want)
			}
		}
	}
	rail := Build(Spec{Kind: Rail, LeafNodes: 2}, cluster(32, 4)) // 8 nodes, groups of 2
	for _, c := range []struct{ a, b, hops int }{{0, 4, 2}, {0, 5, 4}, {0, 8, 4}, {1, 2, 2}} {
		if got := len(rail.Route(c.a, c.b, nil)); got != c.hops {
			t.Errorf("rail %d→%d: %d links, want %d", c.a, c.b, got, c.hops)
		}
	}
	ft := Build(Spec{Kind: FatTree, LeafNodes: 2, Tiers: 3, PodLeaves: 2}, cluster(32, 4)) // leaves of 8 ranks, pods of 16
	for _, c := range []struct{ a, b, hops int }{{0, 7, 2}, {0, 8, 4}, {0, 16, 6}, {0, 1, 2}} {
		if got := len(ft.Route(c.a, c.b, nil)); got != c.hops {
			t.Errorf("fat-tree %d→%d: %d links, want %d", c.a, c.b, got, c.hops)
		}
	}
	// Oversubscription R: a full leaf's downlink capacity over its uplinks'.
	for _, r := range []float64{1, 3, 4} {
		n := Build(Spec{Kind: FatTree, Oversubscription: r, LeafNodes: 2}, cluster(32, 4))
		down := 8 * 50e9
		up := float64(n.U) * n.Links[n.leafUp].Cap
		if !near(down/up, r, 1e-12) {
			t.Errorf("R=%g: leaf downlinks %g B/s over uplinks %g B/s = %g", r, down, up, down/up)
		}
	}
}
