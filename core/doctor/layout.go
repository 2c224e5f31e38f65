package doctor

import "github.com/ccplay/ccplay/core/nccltests"

// inferLayout counts ranks per host from the "# Rank" lines, or, without
// them, takes nNodes and localRanks from NCCL's "comm … nNodes 2
// localRanks 8" line. O(devices + comms).
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
	inf.Nodes = known(len(inf.Hosts), last)
	for _, h := range inf.Hosts[1:] {
		if h.Ranks != inf.Hosts[0].Ranks {
			inf.Unequal = true
			return
		}
	}
	inf.GPUsPerNode = known(inf.Hosts[0].Ranks, last)
}
