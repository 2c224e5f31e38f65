package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vugu/vugu"
)

// asciiInnerHTML rewrites, in place, every InnerHTML of a build's output so
// that each non-ASCII character is a numeric character reference ("点" →
// "&#x70b9;"). Vugu v0.4.0's DOM renderer sends an InnerHTML that does not
// fit in the rest of its instruction buffer in byte-sized chunks, and the
// browser decodes each chunk as UTF-8 on its own, so a character cut at a
// chunk boundary turns into U+FFFD ("实测点" showed as "实测���" on the zh
// page). ASCII-only HTML cannot be cut inside a character, and the
// browser's HTML parser turns the references back into the same text.
// Idempotent; O(bytes of InnerHTML), allocating only for strings that have
// non-ASCII characters.
func asciiInnerHTML(br *vugu.BuildResults) {
	if br == nil || br.Out == nil {
		return
	}
	seen := map[*vugu.BuildOut]bool{}
	var walkOut func(o *vugu.BuildOut)
	var walk func(n *vugu.VGNode)
	walk = func(n *vugu.VGNode) {
		for ; n != nil; n = n.NextSibling {
			if n.InnerHTML != nil {
				if a, changed := asciiHTML(*n.InnerHTML); changed {
					n.InnerHTML = &a
				}
			}
			if n.Component != nil {
				walkOut(br.ResultFor(n.Component))
			}
			walk(n.FirstChild)
		}
	}
	walkOut = func(o *vugu.BuildOut) {
		if o == nil || seen[o] {
			return
		}
		seen[o] = true
		for _, n := range o.Out {
			walk(n)
		}
	}
	walkOut(br.Out)
}

// asciiHTML returns s with every non-ASCII character written as a
// hexadecimal character reference, and whether anything changed. An invalid
// UTF-8 byte becomes U+FFFD's reference, as a browser would decode it.
func asciiHTML(s string) (string, bool) {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s, false
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		if r < utf8.RuneSelf {
			b.WriteByte(byte(r))
			continue
		}
		b.WriteString("&#x")
		b.WriteString(strconv.FormatInt(int64(r), 16))
		b.WriteByte(';')
	}
	return b.String(), true
}
