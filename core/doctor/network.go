package doctor

import (
	"strings"

	"github.com/ccplay/ccplay/core/nccltests"
)

// inferNetwork reads the transport, NICs per node and EFA. The "Using
// network" line names the plugin NCCL chose; "NET/IB : Using" lists the
// NICs (RoCE when any says so); NET lines of the connections and
// NCCL_IB_DISABLE=1 stand in when those are missing. The aws-ofi-nccl
// plugin's "efa" provider or AWS platform line shows EFA (the same plugin
// also drives other fabrics, so its name alone does not). O(facts).
func inferNetwork(inf *Inference, ev *nccltests.Evidence) {
	for _, n := range ev.Networks {
		inf.Transport = known(transportOf(n.Text), n.Line)
		break
	}
	best := -1
	for i, n := range ev.Nets {
		if best < 0 || len(n.NICs) > len(ev.Nets[best].NICs) {
			best = i
		}
	}
	if best >= 0 {
		n := ev.Nets[best]
		if n.Transport == "IB" && len(n.NICs) > 0 {
			inf.NICsPerNode = known(len(n.NICs), n.Line)
			t := "IB"
			for _, nic := range n.NICs {
				if nic.LinkLayer == "RoCE" {
					t = "RoCE"
				}
			}
			if !inf.Transport.Known || inf.Transport.Value == "IB" {
				inf.Transport = known(t, n.Line)
			}
		}
		if !inf.Transport.Known {
			inf.Transport = known(n.Transport, n.Line)
		}
	}
	if !inf.Transport.Known {
		for _, l := range ev.Links {
			if l.Kind == "NET" {
				name, _, _ := strings.Cut(strings.TrimPrefix(l.Transport, "NET/"), "/")
				inf.Transport = known(transportOf(name), l.Line)
				break
			}
		}
	}
	if s := ev.Setting("NCCL_IB_DISABLE"); s != nil && s.Value == "1" && !inf.Transport.Known {
		inf.Transport = known("Socket", s.Line)
	}
	if s := ev.Setting("NCCL_NET"); s != nil && strings.EqualFold(strings.TrimSpace(s.Value), "Socket") && !inf.Transport.Known {
		inf.Transport = known("Socket", s.Line)
	}
	for _, p := range ev.Providers {
		if strings.EqualFold(p.Text, "efa") {
			inf.EFA = known(true, p.Line)
			break
		}
	}
	if len(ev.Platforms) > 0 && (!inf.EFA.Known || ev.Platforms[0].Line < inf.EFA.Line) {
		inf.EFA = known(true, ev.Platforms[0].Line)
	}
	if s := ev.Setting("NCCL_IB_HCA"); s != nil && !inf.NICsPerNode.Known {
		if n := len(hcaNames(s.Value)); n > 0 {
			inf.NICsPerNode = known(n, s.Line)
		}
	}
}

// transportOf names a network plugin's transport: "IB", "IBext_v8" → IB;
// "Socket" → Socket; others (AWS Libfabric, …) keep their name.
func transportOf(plugin string) string {
	switch {
	case plugin == "IB" || strings.HasPrefix(plugin, "IBext"):
		return "IB"
	case plugin == "Socket":
		return "Socket"
	}
	return plugin
}

// hcaNames splits an NCCL_IB_HCA value ("=mlx5_0:1,mlx5_1", "^mlx5_2")
// into the NICs it selects; an exclusion list ('^') selects none we can
// count.
func hcaNames(v string) []string {
	v = strings.TrimPrefix(v, "=")
	if v == "" || strings.HasPrefix(v, "^") {
		return nil
	}
	var out []string
	for _, n := range strings.Split(v, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}
