package doctor

import "github.com/ccplay/ccplay/core/nccltests"

// inferLayout counts ranks per host from the "# Rank" lines, or, without
// them, takes nNodes and localRanks from NCCL's "comm … nNodes 2
// localRanks 8" line. A list whose ranks are not 0 … P−1 in order was
// elided by the poster: it gives the ranks (the last one + 1), not the
// layout. O(devices + comms).
func inferLayout(inf *Inference, ev *nccltests.Evidence, devs []nccltests.Device, cut bool) {
	if len(devs) == 0 {
		for _, c := range ev.Comms {
			if c.NNodes > 0 && c.LocalRanks > 0 {
				inf.Nodes = known(c.NNodes, c.Line)
				inf.GPUsPerNode = known(c.LocalRanks, c.Line)
				return
			}
		}
		return
	}
	at := map[string]int{}
	for _, d := range devs {
		i, ok := at[d.Host]
		if !ok {
			i = len(inf.Hosts)
			at[d.Host] = i
			inf.Hosts = append(inf.Hosts, HostRanks{Host: d.Host, Line: d.Line})
		}
		inf.Hosts[i].Ranks++
	}
	last := devs[len(devs)-1].Line
	if cut {
		return // more ranks may have run on hosts the log does not reach
	}
	for i, d := range devs {
		if d.Rank != i {
			inf.Elided = true
		}
	}
	if inf.Elided {
		if r := devs[len(devs)-1].Rank; r >= len(devs)-1 {
			inf.Ranks = known(r+1, last)
		}
		return
	}
	inf.Ranks = known(len(devs), last)
	inf.Nodes = known(len(inf.Hosts), last)
	for _, h := range inf.Hosts[1:] {
		if h.Ranks != inf.Hosts[0].Ranks {
			inf.Unequal = true
			return
		}
	}
	inf.GPUsPerNode = known(inf.Hosts[0].Ranks, last)
}
