package fabric

// AllToAllBisection is the least time an AllToAll of S bytes per rank (S/P
// to every rank) can take on net's fat-tree or rail leaves: all the bytes
// leaving a full leaf for other leaves cross its uplinks. A leaf of L
// ranks sends L·S·(P−L)/P bytes upward through uplinks of total
// capacity L·B/R (B the NIC bandwidth, R the oversubscription), so
//
//	T ≥ S·R·(P − L) / (P·B),
//
// scaled by L ÷ ports where the first leaf is not full (its uplinks are
// sized for all its ports). L is the ranks under the first leaf: LeafNodes·g
// on a fat-tree, LeafNodes on a rail fabric (a rail leaf holds one NIC of
// each node of its group). 0 for other kinds or a single leaf. O(1).
func (n *Net) AllToAllBisection(size float64) float64 {
	p := float64(n.Cluster.Ranks)
	var l, ports float64 // ranks under leaf 0, and its downlinks
	switch n.Spec.Kind {
	case FatTree:
		l, ports = float64(min(n.Spec.LeafNodes, n.nodes)*n.g), float64(n.Spec.LeafNodes*n.g)
	case Rail:
		l, ports = float64(min(n.Spec.LeafNodes, n.nodes)), float64(n.Spec.LeafNodes)
	default:
		return 0
	}
	if l >= p {
		return 0
	}
	return l * size * (p - l) / p * n.Spec.Oversubscription / (ports * n.Cluster.Inter.Bandwidth)
}
