package main

import (
	"bytes"
	"encoding/json"
)

// marshalJSON encodes v as one JSON value followed by a newline: indented
// by two spaces when indent is set, else on one line (JSON Lines). Unlike
// json.Marshal it leaves <, > and & as they are, since the output goes to
// a terminal or a pipe, not into HTML.
func marshalJSON(v any, indent bool) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return b.String(), nil
}
