package fabric

import (
	"math"
	"strconv"

	"github.com/ccplay/ccplay/core/topo"
)

// Link is one direction of one cable: From → To, Cap bytes per second.
type Link struct {
	From string  `json:"from"`
	To   string  `json:"to"`
	Cap  float64 `json:"capacity_Bps"`
}

// Net is a fabric built for a cluster: its links and a fixed route between
// every pair of ranks. Link ids are indexes into Links.
//
// Every rank r has a port into its node's interior (up: GPU → switch,
// down: switch → GPU) of the intra-node bandwidth and a NIC (up: NIC →
// its first switch, down: back) of the network bandwidth, or a share of
// one where Spec.NICs is fewer than the node's GPUs. A route between two
// ranks of one node stays inside the node; any other starts with the
// source's NIC up and ends with the destination's NIC down.
type Net struct {
	Spec    Spec // normalised
	Cluster topo.Cluster
	Links   []Link
	// U is the uplinks of a leaf (fat-tree, rail); 0 for a torus.
	U int

	g, nodes         int
	nics             int // NICs per node (Spec.NICs, or g)
	portUp, portDown int // first link id of each per-rank block
	nicUp, nicDn     int // first link id of each per-NIC block (node × nics)
	pcieUp, pcieDn   int // per node × PCIe switch
	leafUp, leafDn   int // per leaf × U
	podUp, podDn     int // per pod × U (three tiers)
	torus            int // per node × dimension × direction
	pcieSw           int // PCIe switches per node
}

// Build lays out spec's fabric over cluster c (Validate both first). O(P +
// links).
func Build(spec Spec, c topo.Cluster) *Net {
	n := &Net{Spec: spec.Normal(c.Nodes()), Cluster: c, g: c.GPUsPerNode, nodes: c.Nodes()}
	s := n.Spec
	p := c.Ranks
	b := c.Inter.Bandwidth
	add := func(from, to string, cap float64) { n.Links = append(n.Links, Link{From: from, To: to, Cap: cap}) }
	rank := func(kind string, r int) string { return kind + strconv.Itoa(r) }
	node := func(r int) int { return r / n.g }

	n.portUp = len(n.Links)
	for r := 0; r < p; r++ {
		add(rank("gpu", r), n.interior(node(r), r%n.g), c.Intra.Bandwidth)
	}
	n.portDown = len(n.Links)
	for r := 0; r < p; r++ {
		add(n.interior(node(r), r%n.g), rank("gpu", r), c.Intra.Bandwidth)
	}
	if s.Node == PCIe {
		n.pcieSw = (n.g + 1) / 2
		n.pcieUp = len(n.Links)
		for k := 0; k < n.nodes*n.pcieSw; k++ {
			add(n.interior(k/n.pcieSw, 2*(k%n.pcieSw)), "host"+strconv.Itoa(k/n.pcieSw), c.Intra.Bandwidth)
		}
		n.pcieDn = len(n.Links)
		for k := 0; k < n.nodes*n.pcieSw; k++ {
			add("host"+strconv.Itoa(k/n.pcieSw), n.interior(k/n.pcieSw, 2*(k%n.pcieSw)), c.Intra.Bandwidth)
		}
	}
	n.nics = n.g
	if s.NICs > 0 && s.NICs < n.g {
		n.nics = s.NICs
	}
	nic := b * float64(n.g) / float64(n.nics) // the GPUs of a NIC share it
	n.nicUp = len(n.Links)
	for k := 0; k < n.nodes*n.nics; k++ {
		add(n.nicName(k), n.edge(n.firstRank(k)), nic)
	}
	n.nicDn = len(n.Links)
	for k := 0; k < n.nodes*n.nics; k++ {
		add(n.edge(n.firstRank(k)), n.nicName(k), nic)
	}
	switch s.Kind {
	case FatTree, Rail:
		ports := s.LeafNodes * n.nics
		if s.Kind == Rail {
			ports = s.LeafNodes
		}
		n.U = int(math.Ceil(float64(ports)/s.Oversubscription - 1e-9))
		up := float64(ports) * b / (s.Oversubscription * float64(n.U))
		leaves := n.leaves()
		n.leafUp = len(n.Links)
		for k := 0; k < leaves*n.U; k++ {
			add(n.leafName(k/n.U), n.spineName(k/n.U, k%n.U), up)
		}
		n.leafDn = len(n.Links)
		for k := 0; k < leaves*n.U; k++ {
			add(n.spineName(k/n.U, k%n.U), n.leafName(k/n.U), up)
		}
		if s.Kind == FatTree && s.Tiers == 3 {
			pods := (leaves + s.PodLeaves - 1) / s.PodLeaves
			n.podUp = len(n.Links)
			for k := 0; k < pods*n.U; k++ {
				add(n.spineName(k/n.U*s.PodLeaves, k%n.U), "core"+strconv.Itoa(k%n.U), float64(s.PodLeaves)*up)
			}
			n.podDn = len(n.Links)
			for k := 0; k < pods*n.U; k++ {
				add("core"+strconv.Itoa(k%n.U), n.spineName(k/n.U*s.PodLeaves, k%n.U), float64(s.PodLeaves)*up)
			}
		}
	case Torus:
		n.torus = len(n.Links)
		for v := 0; v < n.nodes; v++ {
			for d := range s.TorusDims() {
				for _, dir := range []int{1, -1} {
					add(rank("router", v), rank("router", n.step(v, d, dir)), float64(n.g)*b)
				}
			}
		}
	}
	return n
}

// nicOf is the NIC rank r sends and receives through: node·nics + the
// GPU's share of the node's NICs (GPU l uses NIC l·nics/g).
func (n *Net) nicOf(r int) int { return r/n.g*n.nics + r%n.g*n.nics/n.g }

// firstRank is the first rank using NIC k.
func (n *Net) firstRank(k int) int {
	v, j := k/n.nics, k%n.nics
	return v*n.g + (j*n.g+n.nics-1)/n.nics
}

// nicName names NIC k: by its rank where every GPU has its own.
func (n *Net) nicName(k int) string {
	if n.nics == n.g {
		return "nic" + strconv.Itoa(k)
	}
	return "nic" + strconv.Itoa(k/n.nics) + "." + strconv.Itoa(k%n.nics)
}

// interior names the switch GPU local of node v is attached to inside the
// node.
func (n *Net) interior(v, local int) string {
	if n.Spec.Node == PCIe {
		return "pcie" + strconv.Itoa(v) + "." + strconv.Itoa(local/2)
	}
	return "nvswitch" + strconv.Itoa(v)
}

// edge names the first switch of rank r's NIC: its leaf, rail leaf or router.
func (n *Net) edge(r int) string {
	switch n.Spec.Kind {
	case FatTree, Rail:
		return n.leafName(n.leafOf(r))
	case Torus:
		return "router" + strconv.Itoa(r/n.g)
	}
	return "switch"
}

// leaves is the number of leaf switches.
func (n *Net) leaves() int {
	groups := (n.nodes + n.Spec.LeafNodes - 1) / n.Spec.LeafNodes
	if n.Spec.Kind == Rail {
		return groups * n.nics
	}
	return groups
}

// leafOf is the leaf of rank r's NIC: its node's leaf on a fat-tree; on a
// rail fabric, the rail of its NIC's place in the node, in its node's group.
func (n *Net) leafOf(r int) int {
	grp := r / n.g / n.Spec.LeafNodes
	if n.Spec.Kind == Rail {
		return grp*n.nics + n.nicOf(r)%n.nics
	}
	return grp
}

// port is rank r's NIC's port on its leaf: its place among the leaf's
// NICs in rank order.
func (n *Net) port(r int) int {
	if n.Spec.Kind == Rail {
		return r / n.g % n.Spec.LeafNodes
	}
	return n.nicOf(r) % (n.Spec.LeafNodes * n.nics)
}

func (n *Net) leafName(l int) string {
	if n.Spec.Kind == Rail {
		return "rail" + strconv.Itoa(l/n.nics) + "." + strconv.Itoa(l%n.nics)
	}
	return "leaf" + strconv.Itoa(l)
}

// spineName names spine u above leaf l: one plane of spines on two tiers,
// one set per pod on three.
func (n *Net) spineName(l, u int) string {
	if n.Spec.Kind == FatTree && n.Spec.Tiers == 3 {
		return "spine" + strconv.Itoa(l/n.Spec.PodLeaves) + "." + strconv.Itoa(u)
	}
	return "spine" + strconv.Itoa(u)
}

// coords and step: node v's torus coordinates, x fastest.
func (n *Net) coord(v, d int) int {
	for i := 0; i < d; i++ {
		v /= n.Spec.Dims[i]
	}
	return v % n.Spec.Dims[d]
}

// step is the node one hop from v along dimension d in direction dir (±1).
func (n *Net) step(v, d, dir int) int {
	stride := 1
	for i := 0; i < d; i++ {
		stride *= n.Spec.Dims[i]
	}
	k := n.Spec.Dims[d]
	c := n.coord(v, d)
	return v + ((c+dir+k)%k-c)*stride
}

// torusLink is the link leaving node v along dimension d in direction dir.
func (n *Net) torusLink(v, d, dir int) int32 {
	k := (v*len(n.Spec.TorusDims())+d)*2 + n.torus
	if dir < 0 {
		k++
	}
	return int32(k)
}

// Alpha is the start-up latency of a message src → dst: the intra-node α
// inside a node, the network's across nodes. O(1).
func (n *Net) Alpha(src, dst int) float64 {
	if src/n.g == dst/n.g {
		return n.Cluster.Intra.Alpha
	}
	return n.Cluster.Inter.Alpha
}

// PathCap is the least capacity of the links of path. O(len(path)).
func (n *Net) PathCap(path []int32) float64 {
	c := math.Inf(1)
	for _, l := range path {
		c = min(c, n.Links[l].Cap)
	}
	return c
}

// Route appends the links of the path src → dst (src ≠ dst) to buf and
// returns it. O(hops).
func (n *Net) Route(src, dst int, buf []int32) []int32 {
	vs, vd := src/n.g, dst/n.g
	if vs == vd {
		buf = append(buf, int32(n.portUp+src))
		if n.Spec.Node == PCIe && src%n.g/2 != dst%n.g/2 {
			buf = append(buf, int32(n.pcieUp+vs*n.pcieSw+src%n.g/2), int32(n.pcieDn+vd*n.pcieSw+dst%n.g/2))
		}
		return append(buf, int32(n.portDown+dst))
	}
	buf = append(buf, int32(n.nicUp+n.nicOf(src)))
	switch n.Spec.Kind {
	case FatTree, Rail:
		ls, ld := n.leafOf(src), n.leafOf(dst)
		if ls != ld {
			u := n.port(dst) % n.U
			buf = append(buf, int32(n.leafUp+ls*n.U+u))
			if n.Spec.Kind == FatTree && n.Spec.Tiers == 3 {
				if ps, pd := ls/n.Spec.PodLeaves, ld/n.Spec.PodLeaves; ps != pd {
					buf = append(buf, int32(n.podUp+ps*n.U+u), int32(n.podDn+pd*n.U+u))
				}
			}
			buf = append(buf, int32(n.leafDn+ld*n.U+u))
		}
	case Torus:
		v := vs
		for d, k := range n.Spec.TorusDims() {
			delta := (n.coord(vd, d) - n.coord(v, d) + k) % k
			dir := 1
			if delta > k-delta {
				dir, delta = -1, k-delta
			}
			for ; delta > 0; delta-- {
				buf = append(buf, n.torusLink(v, d, dir))
				v = n.step(v, d, dir)
			}
		}
	}
	return append(buf, int32(n.nicDn+n.nicOf(dst)))
}

// MaxHops bounds the links of any route. O(1).
func (n *Net) MaxHops() int { return n.Spec.MaxHops() }

// MaxHops bounds the links of any route on the fabric s describes
// (normalised, Spec.Normal): two NIC links and four above the leaves, or
// two and the torus distance. O(1).
func (s Spec) MaxHops() int {
	h := 6
	if s.Kind == Torus {
		h = 2
		for _, k := range s.TorusDims() {
			h += k / 2
		}
	}
	return max(h, 4)
}
