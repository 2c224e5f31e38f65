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
		{"2001:db8::1", "2001:db8::1"},
		{"::ffff:198.51.100.9", "198.51.100.9"},
		{"fe80::1%eth0", "fe80::1"},
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
