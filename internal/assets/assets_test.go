package assets

import "testing"

// TestNegotiate: brotli where accepted, else gzip, else the file as it is;
// q=0 refuses a coding; names are case-insensitive.
func TestNegotiate(t *testing.T) {
	a := &Asset{Encoded: map[string][]byte{"br": {1}, "gzip": {2}}}
	for accept, want := range map[string]string{
		"gzip, deflate, br, zstd": "br",
		"gzip":                    "gzip",
		"":                        "",
		"identity":                "",
		"br;q=0, gzip":            "gzip",
		"br; q=0":                 "",
		"BR":                      "br",
		"gzip;q=0.5, br;q=0.1":    "br",
	} {
		if got := Negotiate(accept, a); got != want {
			t.Errorf("Accept-Encoding %q: %q, want %q", accept, got, want)
		}
	}
	if got := Negotiate("br", &Asset{Encoded: map[string][]byte{"gzip": {2}}}); got != "" {
		t.Errorf("no brotli copy, br accepted: %q, want the file as it is", got)
	}
}

// TestHashed: the hash goes before the extension and follows the content.
func TestHashed(t *testing.T) {
	a, b := Hashed("boot.js", []byte("x")), Hashed("boot.js", []byte("y"))
	if a == b || len(a) != len("boot..js")+10 || a[:5] != "boot." || a[len(a)-3:] != ".js" {
		t.Errorf("Hashed: %q and %q", a, b)
	}
}
