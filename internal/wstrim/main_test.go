package main

import (
	"strings"
	"testing"
)

// TestNodePattern: line-break whitespace nodes go; a lone space between
// tags (which renders) and text with content stay.
func TestNodePattern(t *testing.T) {
	cases := []struct {
		data string
		gone bool
		why  string
	}{
		{`\n  `, true, "indentation after a line break"},
		{`\n\t\t`, true, "tab indentation"},
		{`  \n`, true, "trailing spaces then a break"},
		{` `, false, "a single space between inline tags renders"},
		{`\n a`, false, "text with content"},
		{``, false, "empty"},
	}
	for _, tc := range cases {
		src := "\t\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(1), Data: \"" + tc.data + "\"}\n\t\tvgparent.AppendChild(vgn)\n"
		other := "\t\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"\", Data: \"p\"}\n\t\tvgparent.AppendChild(vgn)\n"
		out := string(node.ReplaceAll([]byte(other+src+other), nil))
		if gone := !strings.Contains(out, "VGNodeType(1)"); gone != tc.gone {
			t.Errorf("%q (%s): removed %v, want %v", tc.data, tc.why, gone, tc.gone)
		}
		if strings.Count(out, "VGNodeType(3)") != 2 {
			t.Errorf("%q: an element node was removed", tc.data)
		}
	}
}
