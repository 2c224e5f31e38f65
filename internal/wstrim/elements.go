package main

import (
	"regexp"
	"strings"
)

// goString matches one double-quoted Go string literal.
const goString = `"(?:[^"\\\n]|\\.)*"`

// element matches the two statements vugugen writes for each element (or
// text node) appended to a parent, e.g.
//
//	vgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: "", Data: "p", Attr: []vugu.VGAttribute{{Namespace: "", Key: "class", Val: "x"}}}
//	vgparent.AppendChild(vgn)
//
// Group 1 is the indentation, 2 the node type, 3 the tag (or text), 4 the
// attributes' literal, if any.
var element = regexp.MustCompile(`(?m)^([ \t]*)vgn = &vugu\.VGNode\{Type: vugu\.VGNodeType\(([13])\), (?:Namespace: "", )?Data: (` + goString + `)(?:, Attr: (\[\]vugu\.VGAttribute\(nil\)|\[\]vugu\.VGAttribute\{.*\}))?\}\n[ \t]*vgparent\.AppendChild\(vgn\)\n`)

// attr matches one attribute with no namespace in an attributes' literal.
var attr = regexp.MustCompile(`\{Namespace: "", Key: (` + goString + `), Val: (` + goString + `)\}`)

// attrsShell is what is left of an attributes' literal once every attr
// match is removed, when each attribute had no namespace.
var attrsShell = regexp.MustCompile(`^\[\]vugu\.VGAttribute\{(?:, vugu\.VGAttribute)*\}$`)

// callElements rewrites each element or text node appended to a parent into
// one call of the package's vgEl(parent, tag, key, value, …) or
// vgText(parent, text) helper. Why: vugugen's composite literal of a VGNode
// (and of each attribute) plus the inlined AppendChild come to about 300
// bytes of wasm per element; the playground's templates have ≈ 500 of them.
// An element whose attributes carry a namespace is left as vugugen wrote it.
func callElements(src []byte) []byte {
	return element.ReplaceAllFunc(src, func(m []byte) []byte {
		g := element.FindSubmatch(m)
		indent, typ, data, lit := string(g[1]), string(g[2]), string(g[3]), string(g[4])
		if typ == "1" {
			if lit != "" {
				return m
			}
			return []byte(indent + "vgn = vgText(vgparent, " + data + ")\n")
		}
		args := []string{"vgparent", data}
		if lit != "" && lit != "[]vugu.VGAttribute(nil)" {
			pairs := attr.FindAllStringSubmatch(lit, -1)
			rest := attr.ReplaceAllString(lit, "")
			if !attrsShell.MatchString(rest) {
				return m // a namespace or a form this rewrite does not know
			}
			for _, p := range pairs {
				args = append(args, p[1], p[2])
			}
		}
		return []byte(indent + "vgn = vgEl(" + strings.Join(args, ", ") + ")\n")
	})
}
