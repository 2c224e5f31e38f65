package fabric

import "strconv"

// Drawing is a fat-tree or rail fabric as three rows of boxes — spines,
// leaves, nodes — and the cables between them, each with the larger
// utilisation of its two directions over a simulated run (for a node, of
// all its NICs' links), so that a page can draw it and colour it. Nil for
// a torus.
type Drawing struct {
	Spines, Leaves, Nodes []string
	Cables                []Cable
	// Hottest is the one-way link with the highest utilisation.
	Hottest LinkUse
}

// Cable joins box Upper (a spine, or a leaf) to box Lower (a leaf, or a
// node) in the rows below; Tier is 0 between spines and leaves, 1 between
// leaves and nodes.
type Cable struct {
	Tier         int
	Upper, Lower int
	Utilisation  float64
}

// Draw lays out n with the loads of r. Three tiers draw their spines in
// one row, pod by pod. O(links).
func (n *Net) Draw(r Result) *Drawing {
	if n.Spec.Kind != FatTree && n.Spec.Kind != Rail {
		return nil
	}
	d := &Drawing{}
	if h := n.Hottest(r, 1); len(h) > 0 {
		d.Hottest = h[0]
	}
	util := func(l int) float64 {
		if r.Time <= 0 {
			return 0
		}
		return r.Bytes[l] / (n.Links[l].Cap * r.Time)
	}
	leaves := n.leaves()
	for l := 0; l < leaves; l++ {
		d.Leaves = append(d.Leaves, n.leafName(l))
	}
	for v := 0; v < n.nodes; v++ {
		d.Nodes = append(d.Nodes, "node"+strconv.Itoa(v))
	}
	spines := map[string]int{}
	if leaves > 1 {
		for l := 0; l < leaves; l++ {
			for u := 0; u < n.U; u++ {
				name := n.spineName(l, u)
				i, ok := spines[name]
				if !ok {
					i = len(d.Spines)
					spines[name] = i
					d.Spines = append(d.Spines, name)
				}
				k := l*n.U + u
				d.Cables = append(d.Cables, Cable{Tier: 0, Upper: i, Lower: l, Utilisation: max(util(n.leafUp+k), util(n.leafDn+k))})
			}
		}
	}
	type pair struct{ leaf, node int }
	at := map[pair]int{}
	for k := 0; k < n.nodes*n.nics; k++ {
		r := n.firstRank(k)
		p := pair{n.leafOf(r), r / n.g}
		u := max(util(n.nicUp+k), util(n.nicDn+k))
		if i, ok := at[p]; ok {
			d.Cables[i].Utilisation = max(d.Cables[i].Utilisation, u)
			continue
		}
		at[p] = len(d.Cables)
		d.Cables = append(d.Cables, Cable{Tier: 1, Upper: p.leaf, Lower: p.node, Utilisation: u})
	}
	return d
}
