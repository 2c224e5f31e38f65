package transport

import (
	"fmt"
	"net"
	"os"
)

// HostKey identifies the network host this process runs on: its host
// name and, on Linux, its network namespace (so that ranks in separate
// namespaces of one machine, as in an emulated cluster, are separate
// hosts, while every rank of a real machine shares one). Ranks with the
// same key form a node.
func HostKey() string {
	h, err := os.Hostname()
	if err != nil {
		h = "?"
	}
	if ns, err := os.Readlink("/proc/self/ns/net"); err == nil {
		h += "/" + ns
	}
	return h
}

// listenNear opens the listener a rank accepts mesh connections on: on an
// ephemeral port of iface's first address when iface is given, else of
// the local address of c, the rank's connection to the rendezvous — the
// interface whose route reaches rank 0 (127.0.0.1 when the rendezvous is
// on loopback).
func listenNear(c net.Conn, iface string) (net.Listener, error) {
	ip := c.LocalAddr().(*net.TCPAddr).IP
	if iface != "" {
		var err error
		if ip, err = ifaceIP(iface, ip.To4() != nil); err != nil {
			return nil, err
		}
	}
	return net.Listen("tcp", net.JoinHostPort(ip.String(), "0"))
}

// ifaceIP is the first address of interface name, preferring IPv4 when
// v4 (the rendezvous is reached over IPv4) and link-local addresses last.
func ifaceIP(name string, v4 bool) (net.IP, error) {
	ifi, err := net.InterfaceByName(name)
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", name, err)
	}
	addrs, err := ifi.Addrs()
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", name, err)
	}
	var best net.IP
	score := -1
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		s := 0
		if (n.IP.To4() != nil) == v4 {
			s += 2
		}
		if !n.IP.IsLinkLocalUnicast() {
			s++
		}
		if s > score {
			best, score = n.IP, s
		}
	}
	if best == nil {
		return nil, fmt.Errorf("interface %q has no IP address", name)
	}
	return best, nil
}
