package doctor

import (
	"strings"

	"github.com/ccplay/ccplay/core/nccltests"
)

// SocketTransport finds inter-node traffic on sockets: the network NCCL
// chose is Socket, a connection goes "via NET/Socket", or the command line
// sets NCCL_IB_DISABLE=1. One Cause, at the first line that shows it.
func SocketTransport(ev *nccltests.Evidence, inf Inference) []Cause {
	if inf.Transport.Known && inf.Transport.Value == "Socket" {
		return []Cause{cause(KindSocket, inf.Transport.Line, say("doctor.cause.socket"))}
	}
	for _, l := range ev.Links {
		if strings.HasPrefix(l.Transport, "NET/Socket") {
			return []Cause{cause(KindSocket, l.Line, say("doctor.cause.socket"))}
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
				return []Cause{cause(KindGDROff, g.Line, say("doctor.cause.gdr.nic", g.HCA))}
			}
			return []Cause{cause(KindGDROff, g.Line, say("doctor.cause.gdr.off"))}
		}
	}
	for _, l := range ev.Links {
		if l.Kind == "NET" && strings.HasPrefix(l.Transport, "NET/IB") && !l.GDR {
			return []Cause{cause(KindGDROff, l.Line, say("doctor.cause.gdr.links", l.Transport))}
		}
	}
	if s := ev.Setting("NCCL_NET_GDR_LEVEL"); s != nil && (s.Value == "LOC" || s.Value == "0") {
		return []Cause{cause(KindGDROff, s.Line, say("doctor.cause.gdr.level", s.Name, s.Value))}
	}
	return nil
}
