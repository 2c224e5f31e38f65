package main

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// hostList is the value of the repeatable --allow-host flag.
type hostList []string

func (l *hostList) String() string { return strings.Join(*l, ",") }

// Set adds one host name: no port, scheme, path or spaces.
func (l *hostList) Set(s string) error {
	_, _, err := net.SplitHostPort(s)
	if name := hostName(s); name == "" || err == nil || strings.ContainsAny(s, "/ @?#") {
		return fmt.Errorf("want a host name such as ccplay.example.org (no scheme, port or path), got %q", s)
	}
	*l = append(*l, hostName(s))
	return nil
}

// hosts is the set of Host names `ccplay serve` answers: the names of the
// address it bound (localhost and the loopback addresses, the --addr host)
// and the --allow-host names. A page on another name that resolves to the
// server's address (DNS rebinding) sends its own name as Host, so it is
// refused; an IP address as Host cannot be such a page's, so when the
// server binds every interface (an empty --addr host, 0.0.0.0 or ::) any
// IP address is a name of an address it bound.
type hosts struct {
	names []string // in the order the refusal lists them
	anyIP bool
}

// allowedHosts is the hosts of a server bound to addr (host:port) with the
// extra names.
func allowedHosts(addr string, extra []string) hosts {
	h := hosts{names: []string{"localhost", "127.0.0.1", "::1"}}
	host, _, _ := net.SplitHostPort(addr)
	if ip, err := netip.ParseAddr(host); host == "" || (err == nil && ip.IsUnspecified()) {
		h.anyIP = true
	} else if name := hostName(host); !h.has(name) {
		h.names = append(h.names, name)
	}
	for _, n := range extra {
		if !h.has(n) {
			h.names = append(h.names, n)
		}
	}
	return h
}

func (h hosts) has(name string) bool {
	for _, n := range h.names {
		if n == name {
			return true
		}
	}
	return false
}

// allows reports whether the Host header value host (a name or address,
// with or without a port) is one the server answers.
func (h hosts) allows(host string) bool {
	name := hostName(host)
	if _, err := netip.ParseAddr(name); err == nil && h.anyIP {
		return true
	}
	return name != "" && h.has(name)
}

// hostName is a Host value without its port and IPv6 brackets, in lower
// case, without a trailing dot.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.ToLower(strings.TrimSuffix(host, "."))
}

// guardHosts answers 421 Misdirected Request, with one line saying how to
// allow it, to a request whose Host is not one h allows, and passes the
// others to next.
func guardHosts(h hosts, next http.Handler) http.Handler {
	shown := make([]string, len(h.names))
	for i, n := range h.names {
		if strings.Contains(n, ":") {
			n = "[" + n + "]"
		}
		shown[i] = n
	}
	if h.anyIP {
		shown = append(shown, "any IP address")
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h.allows(r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		name := hostName(r.Host)
		if name == "" {
			name = "NAME"
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusMisdirectedRequest)
		fmt.Fprintf(w, "ccplay serve answers only the hosts %s; to answer %q as well, start it with --allow-host %s\n",
			strings.Join(shown, ", "), r.Host, name)
	})
}
