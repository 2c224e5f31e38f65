package api

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// readQuery parses the request's query strictly: a malformed query, a
// parameter that is not in accepted, or one given twice is a
// *fielderr.Error (the answer is the same whichever order the parameters
// come in). Every route also accepts lang, the language of its error
// answers (see speak). It returns a field.Lookup over the values.
// O(len(query)).
func readQuery(r *http.Request, accepted []string) (field.Lookup, error) {
	v, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, fielderr.New("query", "api.query.malformed", err)
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if k == "" {
			return nil, fielderr.New("query", "api.query.no_name", v[k][0])
		}
		if !slices.Contains(accepted, k) && k != "lang" {
			return nil, fielderr.New(k, "api.query.unknown", strings.Join(accepted, ", "))
		}
		if len(v[k]) > 1 {
			return nil, fielderr.New(k, "api.query.repeated", len(v[k]))
		}
	}
	return func(name string) (string, bool) {
		if vals, ok := v[name]; ok {
			return vals[0], true
		}
		return "", false
	}, nil
}

// fields returns the union of the lists without the names in drop, in order.
func fields(lists [][]string, drop ...string) []string {
	var out []string
	for _, l := range lists {
		for _, f := range l {
			if !slices.Contains(drop, f) && !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// override returns a Lookup that answers the names in fixed itself and
// passes the others to get.
func override(get field.Lookup, fixed map[string]string) field.Lookup {
	return func(name string) (string, bool) {
		if v, ok := fixed[name]; ok {
			return v, true
		}
		return get(name)
	}
}
