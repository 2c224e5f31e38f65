package fabric

import "github.com/ccplay/ccplay/core/sched"

// Workload is the input of Simulate written out as plain data, so that
// another simulator can run the same thing (tests/simgrid runs it in
// SimGrid): the platform — hosts (ranks) and one-way links with their
// capacity and latency — and every flow with its route, plus the order
// in which each rank posts its flows.
//
// Latency sits on the first link of every route (a GPU's port into its
// node or its NIC), so a route's latency is the flow's own α: every flow
// of a step is sent when the step is posted and its bytes start after its
// own α, as in Simulate. A flow whose bytes are in before its Floor is
// delivered at its Floor, and no earlier than its receiver has accepted
// it: each receiver takes its messages one at a time, each for its
// route's latency (its α), in the earliest free interval on its clock
// that ends at or after the message's Floor (Simulate's receive side).
type Workload struct {
	Hosts int        `json:"hosts"`
	Links []WorkLink `json:"links"`
	Flows []WorkFlow `json:"flows"`
	// Steps[r][i] lists the flows rank r posts together in its i-th
	// sending round, once it has received Need[r][i] messages and its
	// flows of step i−1 have left.
	Steps [][][]int32 `json:"steps"`
	Need  [][]int32   `json:"need"`
}

// WorkLink is one one-way link: capacity in bytes per second, latency in
// seconds.
type WorkLink struct {
	Cap float64 `json:"cap"`
	Lat float64 `json:"lat"`
}

// WorkFlow is one message: Bytes from Src to Dst over the links Path.
type WorkFlow struct {
	Src   int32   `json:"src"`
	Dst   int32   `json:"dst"`
	Bytes float64 `json:"bytes"`
	Path  []int32 `json:"path"`
	// Floor is the earliest the message is delivered, in seconds after its
	// step: the start-ups of the step's messages up to its own, summed,
	// and its bytes at its path's least capacity.
	Floor float64 `json:"floor"`
}

// Export writes schedule s (elements of elemSize bytes) on net as a
// Workload. O(transfers × path length).
func Export(s *sched.Schedule, elemSize int, net *Net) Workload {
	g := buildGraph(s, elemSize)
	w := Workload{Hosts: net.Cluster.Ranks, Links: make([]WorkLink, len(net.Links)), Need: g.need}
	for i, l := range net.Links {
		w.Links[i].Cap = l.Cap
	}
	for r := 0; r < net.Cluster.Ranks; r++ {
		w.Links[net.portUp+r].Lat = net.Cluster.Intra.Alpha
	}
	for k := net.nicUp; k < net.nicDn; k++ {
		w.Links[k].Lat = net.Cluster.Inter.Alpha
	}
	for f := range g.src {
		w.Flows = append(w.Flows, WorkFlow{Src: g.src[f], Dst: g.dst[f], Bytes: g.bytes[f], Path: net.Route(int(g.src[f]), int(g.dst[f]), nil)})
	}
	w.Steps = make([][][]int32, len(g.steps))
	for r, st := range g.steps {
		w.Steps[r] = [][]int32{}
		if w.Need[r] == nil {
			w.Need[r] = []int32{}
		}
		for i := 0; i+1 < len(st); i++ {
			var paid float64
			fs := g.sends[r][st[i]:st[i+1]]
			for _, f := range fs {
				paid += net.Alpha(int(g.src[f]), int(g.dst[f]))
				w.Flows[f].Floor = paid + g.bytes[f]/net.PathCap(w.Flows[f].Path)
			}
			w.Steps[r] = append(w.Steps[r], fs)
		}
	}
	return w
}
