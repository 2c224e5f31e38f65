package transport

import (
	"net"
	"testing"
)

func TestLoopbackPair(t *testing.T) {
	tcp := func(ip string) net.Addr { return &net.TCPAddr{IP: net.ParseIP(ip), Port: 1} }
	cases := []struct {
		why           string
		local, remote net.Addr
		want          bool
	}{
		{"both ends on 127.0.0.1", tcp("127.0.0.1"), tcp("127.0.0.1"), true},
		{"all of 127/8 is loopback", tcp("127.0.0.1"), tcp("127.3.2.1"), true},
		{"IPv6 loopback", tcp("::1"), tcp("::1"), true},
		{"remote host on the LAN", tcp("10.0.0.1"), tcp("10.0.0.2"), false},
		{"one end off loopback", tcp("127.0.0.1"), tcp("192.168.1.5"), false},
		{"not a TCP address", &net.UnixAddr{Name: "/tmp/x", Net: "unix"}, tcp("127.0.0.1"), false},
	}
	for _, c := range cases {
		if got := loopbackPair(c.local, c.remote); got != c.want {
			t.Errorf("%s: loopbackPair = %v, want %v", c.why, got, c.want)
		}
	}
}
