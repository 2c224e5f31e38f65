package ui

import "strings"

// parseQuery reads a URL query ("?a=b&c=d" or "a=b&c=d"); malformed pairs are
// skipped (the fields they would set keep their defaults). The first value
// of a repeated key wins.
func parseQuery(q string) map[string]string {
	q = strings.TrimPrefix(q, "?")
	out := map[string]string{}
	for _, kv := range strings.Split(q, "&") {
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		k, ok1 := unescape(k)
		v, ok2 := unescape(v)
		if !ok1 || !ok2 {
			continue
		}
		if _, dup := out[k]; !dup {
			out[k] = v
		}
	}
	return out
}

// unescape decodes one query component as url.QueryUnescape does ('+' is a
// space, %XX a byte); ok is false for a malformed % escape. Written here
// rather than imported: net/url costs the wasm ≈ 27 KB gzipped. O(len(s)).
func unescape(s string) (string, bool) {
	if !strings.ContainsAny(s, "%+") {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+':
			b = append(b, ' ')
		case '%':
			if i+2 >= len(s) {
				return "", false
			}
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if !ok1 || !ok2 {
				return "", false
			}
			b = append(b, hi<<4|lo)
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b), true
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// escape is url.QueryEscape that leaves '/' readable ("50GB/s"): letters,
// digits and -_.~/ stay, a space becomes '+', every other byte %XX.
func escape(v string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-_.~/", c) >= 0:
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
