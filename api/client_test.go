package api

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestClientNativeIgnoresCloudflareHeader: on a native server the client
// is the connection's address, whatever CF-Connecting-IP a client writes:
// two requests of one connection's address with different forged headers
// count as the same client.
func TestClientNativeIgnoresCloudflareHeader(t *testing.T) {
	keys := map[string]bool{}
	for _, forged := range []string{"", "198.51.100.9", "203.0.113.5", "2001:db8::1"} {
		r := httptest.NewRequest(http.MethodGet, "/api/v1/cost", nil)
		r.RemoteAddr = "192.0.2.7:40000"
		if forged != "" {
			r.Header.Set(CloudflareHeader, forged)
		}
		got := clientOf(r)
		if got != "192.0.2.7" {
			t.Errorf("forged %s %q: the client is %q, want the connection's 192.0.2.7", CloudflareHeader, forged, got)
		}
		keys[got] = true
	}
	if len(keys) != 1 {
		t.Errorf("one connection's address counted as %d clients: %v", len(keys), keys)
	}
}

// TestCloudflareClient: on the Worker's path (a request built as the
// bridge builds it, with no remote address) the client is the address
// Cloudflare gives in CF-Connecting-IP; a header that is absent or not
// one IP address leaves the request as it was.
func TestCloudflareClient(t *testing.T) {
	cases := []struct{ header, want string }{
		{"198.51.100.9", "198.51.100.9"},
		{" 203.0.113.5 ", "203.0.113.5"},
		{"2001:db8::1", "2001:db8::/64"},
		{"::ffff:198.51.100.9", "198.51.100.9"},
		{"fe80::1%eth0", "fe80::/64"},
		{"", ""},
		{"unknown", ""},
		{"198.51.100.9, 203.0.113.5", ""},
		{"198.51.100.9:443", ""},
	}
	for _, c := range cases {
		r, err := http.NewRequest(http.MethodGet, "https://ccplay.example/api/v1/cost", nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.header != "" {
			r.Header.Add("cf-connecting-ip", c.header) // as the bridge adds the runtime's lowercase names
		}
		CloudflareClient(r)
		if got := clientOf(r); got != c.want {
			t.Errorf("%s %q: the client is %q, want %q", CloudflareHeader, c.header, got, c.want)
		}
	}
	// Two clients of a Worker count apart; one client's requests together.
	key := func(ip string) string {
		r, _ := http.NewRequest(http.MethodGet, "https://ccplay.example/", nil)
		r.Header.Set(CloudflareHeader, ip)
		CloudflareClient(r)
		return clientOf(r)
	}
	if a, b := key("198.51.100.9"), key("203.0.113.5"); a == b {
		t.Errorf("two Worker clients share the key %q", a)
	}
	if a, b := key("2001:db8::1"), key("2001:db8:0:0::1"); a != b {
		t.Errorf("one Worker client has two keys: %q and %q", a, b)
	}
}

// TestClientIPv6By64: IPv6 clients count by their /64, natively and on
// the Worker's path: a host that takes a new address in its /64 with each
// request stays one client; another /64 is another client; IPv4 counts by
// its address, also when written mapped into IPv6.
func TestClientIPv6By64(t *testing.T) {
	native := func(addr string) string {
		r := httptest.NewRequest(http.MethodGet, "/api/v1/cost", nil)
		r.RemoteAddr = addr
		return clientOf(r)
	}
	same := [][2]string{
		{"[2001:db8:1:2::1]:40000", "[2001:db8:1:2:ffff:ffff:ffff:ffff]:40001"},
		{"[2001:db8:1:2::1]:40000", "[2001:db8:1:2:aaaa::9%eth0]:1"},
		{"192.0.2.7:40000", "[::ffff:192.0.2.7]:40001"},
	}
	for _, p := range same {
		if a, b := native(p[0]), native(p[1]); a != b {
			t.Errorf("%s and %s count apart (%q, %q), want one client", p[0], p[1], a, b)
		}
	}
	apart := [][2]string{
		{"[2001:db8:1:2::1]:40000", "[2001:db8:1:3::1]:40000"},
		{"192.0.2.7:40000", "192.0.2.8:40000"},
	}
	for _, p := range apart {
		if a, b := native(p[0]), native(p[1]); a == b {
			t.Errorf("%s and %s share the key %q, want two clients", p[0], p[1], a)
		}
	}
}
