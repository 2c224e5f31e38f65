package ui

import (
	"net/url"
	"strings"
)

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
		k, err1 := url.QueryUnescape(k)
		v, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil {
			continue
		}
		if _, dup := out[k]; !dup {
			out[k] = v
		}
	}
	return out
}

// escape is url.QueryEscape that leaves '/' readable ("50GB/s").
func escape(v string) string {
	return strings.ReplaceAll(url.QueryEscape(v), "%2F", "/")
}
