package doctor

import (
	"github.com/ccplay/ccplay/core/fielderr"
	"strings"

	"github.com/ccplay/ccplay/core/nccltests"
)

// SocketTransport finds inter-node traffic on sockets: the network NCCL
// chose is Socket, a connection goes "via NET/Socket", or the command line
// sets NCCL_IB_DISABLE=1. One Cause, at the first line that shows it.
func SocketTransport(ev *nccltests.Evidence, inf Inference) []Cause {
	if inf.Transport.Known && inf.Transport.Value == "Socket" {
		return []Cause{cause(KindSocket, inf.Transport.Line, fielderr.Errorf(KindSocket, "NCCL moves inter-node data over TCP sockets (NET/Socket), not InfiniBand or RoCE: expect a fraction of the NICs' bandwidth"))}
	}
	for _, l := range ev.Links {
		if strings.HasPrefix(l.Transport, "NET/Socket") {
			return []Cause{cause(KindSocket, l.Line, fielderr.Errorf(KindSocket, "NCCL moves inter-node data over TCP sockets (NET/Socket), not InfiniBand or RoCE: expect a fraction of the NICs' bandwidth"))}
		}
	}
	return nil
}

// GDROff finds GPU Direct RDMA off on an RDMA network: a "GPU Direct RDMA
// Disabled for HCA" line, "GDR 0" after the rings connect, a NET/IB
// connection without GDRDMA, or NCCL_NET_GDR_LEVEL set to LOC (0). Sockets
// never use GDR, so a Socket transport gives no GDROff cause.
func GDROff(ev *nccltests.Evidence, inf Inference) []Cause {
	if inf.Transport.Known && inf.Transport.Value == "Socket" {
		return nil
	}
	for _, g := range ev.GDR {
		if !g.Enabled {
			if g.HCA != "" {
				return []Cause{cause(KindGDROff, g.Line, fielderr.Errorf(KindGDROff, "GPU Direct RDMA is disabled for NIC %s: data is staged through host memory", g.HCA))}
			}
			return []Cause{cause(KindGDROff, g.Line, fielderr.Errorf(KindGDROff, "GPU Direct RDMA is off (GDR 0): data is staged through host memory"))}
		}
	}
	for _, l := range ev.Links {
		if l.Kind == "NET" && strings.HasPrefix(l.Transport, "NET/IB") && !l.GDR {
			return []Cause{cause(KindGDROff, l.Line, fielderr.Errorf(KindGDROff, "connections over %s do not use GPU Direct RDMA (no GDRDMA): data is staged through host memory", l.Transport))}
		}
	}
	if s := ev.Setting("NCCL_NET_GDR_LEVEL"); s != nil && (s.Value == "LOC" || s.Value == "0") {
		return []Cause{cause(KindGDROff, s.Line, fielderr.Errorf(KindGDROff, "%s=%s turns GPU Direct RDMA off", s.Name, s.Value))}
	}
	return nil
}
