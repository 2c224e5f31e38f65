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

// TestCallElements: vugugen's element and text literals appended to a
// parent become vgEl / vgText calls with the same tag, text and attributes;
// a root element, a namespaced attribute and a component node stay.
func TestCallElements(t *testing.T) {
	in := "\t\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"\", Data: \"th\", Attr: []vugu.VGAttribute(nil)}\n\t\tvgparent.AppendChild(vgn)\n" +
		"\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"\", Data: \"div\", Attr: []vugu.VGAttribute{{Namespace: \"\", Key: \"class\", Val: \"a \\\"b\\\"\"}, vugu.VGAttribute{Namespace: \"\", Key: \"id\", Val: \"x\"}}}\n\tvgparent.AppendChild(vgn)\n" +
		"\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(1), Data: \" \"}\n\tvgparent.AppendChild(vgn)\n"
	want := "\t\tvgn = vgEl(vgparent, \"th\")\n" +
		"\tvgn = vgEl(vgparent, \"div\", \"class\", \"a \\\"b\\\"\", \"id\", \"x\")\n" +
		"\tvgn = vgText(vgparent, \" \")\n"
	if got := string(callElements([]byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, keep := range []string{
		"\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"\", Data: \"section\", Attr: []vugu.VGAttribute(nil)}\n\tvgout.Out = append(vgout.Out, vgn) // root for output\n",
		"\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"\", Data: \"svg\", Attr: []vugu.VGAttribute{{Namespace: \"xlink\", Key: \"href\", Val: \"#a\"}}}\n\tvgparent.AppendChild(vgn)\n",
		"\tvgn = &vugu.VGNode{Component: vgcomp}\n\tvgparent.AppendChild(vgn)\n",
	} {
		if got := string(callElements([]byte(keep))); got != keep {
			t.Errorf("rewrote\n%s\ninto\n%s", keep, got)
		}
	}
}

// TestDropLog: the blank use and import of log go unless the file calls it.
func TestDropLog(t *testing.T) {
	in := "import \"fmt\"\nimport \"log\"\n\nfunc f() {}\n\nvar _ fmt.Stringer\nvar _ log.Logger\n"
	if got, want := string(dropLog([]byte(in))), "import \"fmt\"\n\nfunc f() {}\n\nvar _ fmt.Stringer\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	used := in + "func g() { log.Print(1) }\n"
	if got := string(dropLog([]byte(used))); got != used {
		t.Errorf("a file that logs lost its import: %q", got)
	}
}
