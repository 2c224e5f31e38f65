package chart

import (
	"io"
	"math"
	"strconv"
	"strings"
)

// Palette is the series colours, in order: the Okabe–Ito colour-blind-safe
// palette. Series also differ by dash pattern (Dashes), so charts stay
// readable in greyscale.
var Palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}

// Dashes are the series' stroke-dasharray values, in order ("" = solid).
var Dashes = []string{"", "6 3", "2 3", "8 3 2 3", "4 4", "1 2", "10 4", "3 6"}

// Font is the font-family of every text element.
const Font = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

// colour and dash pick series i's style, cycling through the lists.
func colour(i int) string { return Palette[i%len(Palette)] }
func dash(i int) string   { return Dashes[i%len(Dashes)] }

// num formats a pixel coordinate rounded to 0.01 px, without trailing zeros.
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "0"
	}
	r := math.Round(v*100) / 100
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// esc escapes text for XML character data and attribute values as
// encoding/xml's EscapeText does (byte for byte), without linking that
// package into the WebAssembly: & < > " ' and tab, newline and carriage
// return as character references, a character outside XML's range
// (another control character, invalid UTF-8) as U+FFFD.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&#34;")
		case r == '\'':
			b.WriteString("&#39;")
		case r == '\t':
			b.WriteString("&#x9;")
		case r == '\n':
			b.WriteString("&#xA;")
		case r == '\r':
			b.WriteString("&#xD;")
		case r < 0x20 || r >= 0xD800 && r < 0xE000 || r == 0xFFFE || r == 0xFFFF:
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// svgWriter accumulates an SVG document; the first write error sticks.
type svgWriter struct {
	w   io.Writer
	err error
}

func (s *svgWriter) print(parts ...string) {
	for _, p := range parts {
		if s.err != nil {
			return
		}
		_, s.err = io.WriteString(s.w, p)
	}
}

// open writes the root element with its accessible name and description:
// role="img" and aria-labelledby pointing at <title> and <desc>, which
// screen readers announce for an <img src=…svg> as for inline SVG.
func (s *svgWriter) open(id string, width, height int, title, desc string) {
	w, h := strconv.Itoa(width), strconv.Itoa(height)
	s.print(`<svg xmlns="http://www.w3.org/2000/svg" width="`, w, `" height="`, h,
		`" viewBox="0 0 `, w, " ", h, `" role="img" aria-labelledby="`, id, `-title `, id, `-desc">`, "\n",
		`<title id="`, id, `-title">`, esc(title), "</title>\n",
		`<desc id="`, id, `-desc">`, esc(desc), "</desc>\n",
		`<rect width="100%" height="100%" fill="#ffffff"/>`, "\n")
}

func (s *svgWriter) close() { s.print("</svg>\n") }

// text writes one text element; anchor is start, middle or end.
func (s *svgWriter) text(x, y float64, anchor, size, weight, fill, content string) {
	s.print(`<text x="`, num(x), `" y="`, num(y), `" text-anchor="`, anchor, `" font-family="`, Font,
		`" font-size="`, size, `"`)
	if weight != "" {
		s.print(` font-weight="`, weight, `"`)
	}
	s.print(` fill="`, fill, `">`, esc(content), "</text>\n")
}

// line writes one straight line.
func (s *svgWriter) line(x1, y1, x2, y2 float64, stroke, width, dashes string) {
	s.print(`<line x1="`, num(x1), `" y1="`, num(y1), `" x2="`, num(x2), `" y2="`, num(y2),
		`" stroke="`, stroke, `" stroke-width="`, width, `"`)
	if dashes != "" {
		s.print(` stroke-dasharray="`, dashes, `"`)
	}
	s.print("/>\n")
}

// square writes a square of half-side h centred on c (a measured point).
func (s *svgWriter) square(c Pt, h float64) {
	s.print(`<rect x="`, num(c.X-h), `" y="`, num(c.Y-h), `" width="`, num(2*h), `" height="`, num(2*h), `"/>`, "\n")
}
