package nccltests

import (
	"strconv"
	"strings"
)

// This file reads NCCL's own lines (NCCL_DEBUG=INFO and WARN) into
// Evidence. A line is "host:pid:tid [dev] NCCL INFO message" (the prefix
// may be shorter or absent when a user trimmed it); each message is
// matched against the forms NCCL prints, in time linear in its length.

// evidenceLine handles a line that is neither a '#' header nor a data row.
func (s *scanner) evidenceLine(lineNo int, trim string) {
	s.endDevices()
	if i := strings.Index(trim, "NCCL INFO "); i >= 0 {
		s.info(lineNo, hostOf(trim[:i]), strings.TrimSpace(trim[i+len("NCCL INFO "):]))
		s.hint(lineNo, trim)
		return
	}
	if i := strings.Index(trim, "NCCL WARN "); i >= 0 {
		s.fact(&s.ev.Warnings, Fact{Line: lineNo, Host: hostOf(trim[:i]), Text: strings.TrimSpace(trim[i+len("NCCL WARN "):])})
		s.hint(lineNo, trim)
		return
	}
	if v, ok := strings.CutPrefix(trim, "NCCL version "); ok { // rank 0 prints it bare
		if f := strings.Fields(v); len(f) > 0 {
			s.version(lineNo, f[0])
		}
		return
	}
	s.commandLine(lineNo, trim)
}

// hostOf returns the host of the first "host:pid:tid" word of a line's
// prefix ("node-a:1000:1001 [0] ", after a timestamp or before a source
// location), "" if there is none.
func hostOf(prefix string) string {
	for _, w := range strings.Fields(prefix) {
		p := strings.Split(w, ":")
		if len(p) == 3 && p[0] != "" && isUint(p[1]) && isUint(p[2]) {
			return p[0]
		}
	}
	return ""
}

// info matches one INFO message.
func (s *scanner) info(lineNo int, host, msg string) {
	ev := s.ev
	switch {
	case strings.HasPrefix(msg, "NCCL version "):
		if f := strings.Fields(msg); len(f) > 2 {
			s.version(lineNo, f[2])
		}
	case strings.HasPrefix(msg, "NET/IB : Using "), strings.HasPrefix(msg, "NET/IB: Using "):
		s.netInit(lineNo, host, "IB", msg)
	case strings.HasPrefix(msg, "NET/Socket : Using "), strings.HasPrefix(msg, "NET/Socket: Using "):
		s.netInit(lineNo, host, "Socket", msg)
	case strings.HasPrefix(msg, "NET/OFI "):
		s.ofi(lineNo, host, msg[len("NET/OFI "):])
	case strings.HasPrefix(msg, "Using network "):
		s.fact(&ev.Networks, Fact{Line: lineNo, Host: host, Text: strings.TrimSpace(strings.TrimPrefix(msg, "Using network "))})
	case strings.Contains(msg, "GPU Direct RDMA Enabled for HCA"), strings.Contains(msg, "GPU Direct RDMA Disabled for HCA"):
		g := GDRFact{Line: lineNo, Host: host, Enabled: strings.Contains(msg, "Enabled")}
		if i := strings.Index(msg, "'"); i >= 0 {
			if j := strings.Index(msg[i+1:], "'"); j >= 0 {
				g.HCA = msg[i+1 : i+1+j]
			}
		}
		s.gdr(g)
	case strings.HasPrefix(msg, "Connected all rings") || strings.HasPrefix(msg, "Connected all trees"):
		if v, ok := afterWord(msg, "GDR"); ok {
			s.gdr(GDRFact{Line: lineNo, Host: host, Enabled: v != "0"})
		}
	case strings.HasPrefix(msg, "Channel ") && strings.Contains(msg, " via "):
		s.link(lineNo, msg)
	case strings.HasPrefix(msg, "Channel "):
		s.ringChannel(lineNo, host, msg)
	case strings.HasPrefix(msg, "Trees "):
		if n := strings.Count(msg, "["); n > 0 {
			s.channel(Channel{Line: lineNo, Host: host, Kind: "tree", Count: n})
		}
	case strings.Contains(msg, " coll channels"):
		s.channelCounts(lineNo, host, msg)
	case strings.HasPrefix(msg, "Pattern "):
		s.graph(lineNo, host, msg)
	case strings.HasPrefix(msg, "NVLS multicast support is"):
		s.nvls(NVLS{Line: lineNo, Host: host, Supported: !strings.Contains(msg, "not available")})
	case strings.HasPrefix(msg, "NVLS comm"):
		s.nvls(NVLS{Line: lineNo, Host: host, Supported: true, Used: true})
	case strings.HasPrefix(strings.ToLower(msg), "collnet"):
		s.fact(&ev.CollNet, Fact{Line: lineNo, Host: host, Text: msg})
	case strings.HasPrefix(msg, "+ "):
		s.topo(lineNo, host, msg)
	case strings.HasPrefix(msg, "NCCL_"):
		s.echoedSetting(lineNo, msg)
	case strings.Contains(msg, "comm 0x") && strings.Contains(msg, " rank "):
		s.comm(lineNo, host, msg)
	}
}

// afterWord returns the field after word in msg ("GDR 1" → "1").
func afterWord(msg, word string) (string, bool) {
	f := strings.Fields(msg)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == word {
			return f[i+1], true
		}
	}
	return "", false
}

// netInit reads the devices of "NET/IB : Using [0]mlx5_0:1/IB/SHARP
// [1]mlx5_1:1/RoCE [RO]; OOB eth0:10.0.0.1<0>" or "NET/Socket : Using
// [0]eth0:10.0.0.1<0> [1]…".
func (s *scanner) netInit(lineNo int, host, transport, msg string) {
	n := NetInit{Line: lineNo, Host: host, Transport: transport, NICs: []NIC{}}
	list, _, _ := strings.Cut(msg, ";") // the OOB interface is not a NIC
	for _, f := range strings.Fields(list) {
		if !strings.HasPrefix(f, "[") {
			continue
		}
		idx, rest, ok := strings.Cut(f[1:], "]")
		k, err := strconv.Atoi(idx)
		if !ok || err != nil || rest == "" || len(n.NICs) >= MaxFacts {
			continue
		}
		nic := NIC{Index: k}
		name, tail, _ := strings.Cut(rest, ":")
		nic.Name = name
		if transport == "Socket" {
			nic.Addr = strings.TrimSuffix(tail, "<0>")
		} else {
			parts := strings.Split(tail, "/")
			nic.Port, _ = strconv.Atoi(parts[0])
			for _, p := range parts[1:] {
				switch p {
				case "IB", "RoCE":
					nic.LinkLayer = p
				case "SHARP":
					nic.Sharp = true
				}
			}
		}
		n.NICs = append(n.NICs, nic)
	}
	if len(s.ev.Nets) < MaxFacts {
		s.ev.Nets = append(s.ev.Nets, n)
	}
}

// link counts a connection line: "Channel 00/0 : 0[0] -> 1[1] via
// P2P/IPC/read", "… [send] via NET/IB/0/GDRDMA", "… via NET/IB/1(0)/GDRDMA".
func (s *scanner) link(lineNo int, msg string) {
	_, via, _ := strings.Cut(msg, " via ")
	via = strings.TrimSpace(via)
	kind, rest, _ := strings.Cut(via, "/")
	transport, nic := via, -1
	gdr := false
	if kind == "NET" {
		parts := strings.Split(rest, "/")
		out := []string{"NET"}
		for i, p := range parts {
			if i > 0 && nic < 0 {
				if k, err := strconv.Atoi(strings.SplitN(p, "(", 2)[0]); err == nil {
					nic = k
					continue
				}
			}
			if p == "GDRDMA" {
				gdr = true
			}
			out = append(out, p)
		}
		transport = strings.Join(out, "/")
	}
	for i := range s.ev.Links {
		l := &s.ev.Links[i]
		if l.Transport == transport {
			l.Count++
			addNIC(l, nic)
			return
		}
	}
	if len(s.ev.Links) < MaxFacts {
		l := Link{Line: lineNo, Kind: kind, Transport: transport, GDR: gdr, Count: 1}
		addNIC(&l, nic)
		s.ev.Links = append(s.ev.Links, l)
	}
}

func addNIC(l *Link, nic int) {
	if nic < 0 || len(l.NICs) >= MaxFacts {
		return
	}
	for _, k := range l.NICs {
		if k == nic {
			return
		}
	}
	l.NICs = append(l.NICs, nic)
}

// ringChannel reads "Channel 03/16 :    0   1   2 …" (16 channels) or the
// older "Channel 03 :    0   1 …" (at least 4).
func (s *scanner) ringChannel(lineNo int, host, msg string) {
	f := strings.Fields(msg)
	if len(f) < 3 || f[2] != ":" {
		return
	}
	idx, total, hasTotal := strings.Cut(f[1], "/")
	i, err := strconv.Atoi(idx)
	if err != nil {
		return
	}
	n := i + 1
	if hasTotal {
		if t, err := strconv.Atoi(total); err == nil && t > 0 {
			n = t
		}
	}
	s.channel(Channel{Line: lineNo, Host: host, Kind: "ring", Count: n})
}

// channelCounts reads "32 coll channels, 32 collnet channels, 16 nvls
// channels, 32 p2p channels, 32 p2p channels per peer".
func (s *scanner) channelCounts(lineNo int, host, msg string) {
	for _, part := range strings.Split(msg, ",") {
		f := strings.Fields(part)
		if len(f) < 3 {
			continue
		}
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 0 {
			continue
		}
		kind := f[1]
		if strings.HasSuffix(part, "per peer") {
			kind = "p2p per peer"
		}
		s.channel(Channel{Line: lineNo, Host: host, Kind: kind, Count: n})
	}
}

// graph reads "Pattern 4, crossNic 0, nChannels 16, bw 40.000000/40.000000,
// type NVL/PIX, sameChannels 1".
func (s *scanner) graph(lineNo int, host, msg string) {
	g := Graph{Line: lineNo, Host: host}
	for _, part := range strings.Split(msg, ",") {
		key, val, _ := strings.Cut(strings.TrimSpace(part), " ")
		val = strings.TrimSpace(val)
		switch key {
		case "Pattern":
			g.Pattern, _ = strconv.Atoi(val)
		case "nChannels":
			g.NChannels, _ = strconv.Atoi(val)
		case "bw":
			a, b, _ := strings.Cut(val, "/")
			g.BwIntra, _ = strconv.ParseFloat(a, 64)
			g.BwInter, _ = strconv.ParseFloat(b, 64)
		case "type":
			g.TypeIntra, g.TypeInter, _ = strings.Cut(val, "/")
		}
	}
	if len(s.ev.Graphs) < MaxFacts {
		s.ev.Graphs = append(s.ev.Graphs, g)
	}
}

// topo reads a topology dump line "+ PCI[24.0] - GPU/1000 (0)".
func (s *scanner) topo(lineNo int, host, msg string) {
	f := strings.Fields(msg)
	if len(f) < 4 || f[2] != "-" {
		return
	}
	kind, bw, ok := strings.Cut(f[1], "[")
	if !ok {
		return
	}
	x, _ := strconv.ParseFloat(strings.TrimSuffix(bw, "]"), 64)
	if len(s.ev.Topo) < MaxFacts {
		s.ev.Topo = append(s.ev.Topo, TopoLink{Line: lineNo, Host: host, Kind: kind, Bw: x, Target: f[3]})
	}
}

// echoedSetting reads "NCCL_ALGO set by environment to Ring." and
// "NCCL_IB_HCA set to mlx5_0,mlx5_1".
func (s *scanner) echoedSetting(lineNo int, msg string) {
	name, rest, ok := strings.Cut(msg, " set ")
	if !ok || strings.ContainsAny(name, " \t") {
		return
	}
	src := "set"
	if by, ok := strings.CutPrefix(rest, "by "); ok {
		src, rest, ok = strings.Cut(by, " to ")
		if !ok {
			return
		}
	} else if r, ok := strings.CutPrefix(rest, "to "); ok {
		rest = r
	} else {
		return
	}
	s.setting(Setting{Line: lineNo, Name: name, Value: strings.TrimSuffix(strings.TrimSpace(rest), "."), Source: src})
}

// comm reads "comm 0x… rank 0 nRanks 16 nNodes 2 localRanks 8 localRank 0
// MNNVL 0" and "ncclCommInitRank comm 0x… rank 0 nranks 16 cudaDev 0 …".
func (s *scanner) comm(lineNo int, host, msg string) {
	c := Comm{Line: lineNo, Host: host, Rank: -1}
	f := strings.Fields(msg)
	for i := 0; i+1 < len(f); i++ {
		n, err := strconv.Atoi(f[i+1])
		if err != nil || n < 0 {
			continue
		}
		switch f[i] {
		case "rank":
			c.Rank = n
		case "nranks", "nRanks":
			c.NRanks = n
		case "nNodes":
			c.NNodes = n
		case "localRanks":
			c.LocalRanks = n
		}
	}
	if c.NRanks > 0 && len(s.ev.Comms) < MaxFacts {
		s.ev.Comms = append(s.ev.Comms, c)
	}
}

func (s *scanner) fact(dst *[]Fact, f Fact) {
	if len(*dst) < MaxFacts {
		*dst = append(*dst, f)
	}
}

func (s *scanner) gdr(g GDRFact) {
	if len(s.ev.GDR) < MaxFacts {
		s.ev.GDR = append(s.ev.GDR, g)
	}
}

func (s *scanner) channel(c Channel) {
	if len(s.ev.Channels) < MaxFacts {
		s.ev.Channels = append(s.ev.Channels, c)
	}
}

func (s *scanner) nvls(n NVLS) {
	if len(s.ev.NVLS) < MaxFacts {
		s.ev.NVLS = append(s.ev.NVLS, n)
	}
}

func (s *scanner) setting(st Setting) {
	if len(s.ev.Settings) < MaxFacts {
		s.ev.Settings = append(s.ev.Settings, st)
	}
}
