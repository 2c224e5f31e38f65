package ui

import "github.com/vugu/vugu"

// vgEl appends a new element named tag to parent, with the attributes given
// as key, value pairs, and returns it. The generated Build methods call it
// for every element of the templates (internal/wstrim rewrites vugugen's
// composite literal and AppendChild into this call): one call per element is
// far less WebAssembly than the literal it replaces.
func vgEl(parent *vugu.VGNode, tag string, kv ...string) *vugu.VGNode {
	n := &vugu.VGNode{Type: vugu.ElementNode, Data: tag}
	if len(kv) > 0 {
		n.Attr = make([]vugu.VGAttribute, len(kv)/2)
		for i := range n.Attr {
			n.Attr[i] = vugu.VGAttribute{Key: kv[2*i], Val: kv[2*i+1]}
		}
	}
	parent.AppendChild(n)
	return n
}

// vgText appends a text node to parent and returns it (see vgEl).
func vgText(parent *vugu.VGNode, text string) *vugu.VGNode {
	n := &vugu.VGNode{Type: vugu.TextNode, Data: text}
	parent.AppendChild(n)
	return n
}
