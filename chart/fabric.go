package chart

import (
	"bytes"
	"math"
	"strconv"
	"strings"
)

// Fabric is a switched fabric drawn as three rows of boxes — spines on
// top, leaves, nodes at the bottom — joined by cables coloured by their
// utilisation (0 to 1: grey through amber to red), the hottest cable
// thickest. The numbers come from the caller (core/fabric.Net.Draw).
type Fabric struct {
	ID, Title, Desc, Caption string
	Rows                     [3][]string // spines, leaves, nodes
	Cables                   []FabricCable
	Legend                   string // e.g. "utilisation: 0 % … 100 %"
}

// FabricCable joins box Upper of row Tier to box Lower of row Tier+1.
type FabricCable struct {
	Tier, Upper, Lower int
	Utilisation        float64
}

// maxBoxes is the most boxes drawn in a row; beyond it the row shows
// evenly spaced ticks without labels.
const maxBoxes = 32

// heat is the colour of a utilisation u in [0, 1].
func heat(u float64) string {
	u = math.Max(0, math.Min(1, u))
	// grey (#bbbbbb) → amber (#E69F00) → vermillion (#D55E00)
	type rgb struct{ r, g, b float64 }
	a, m, z := rgb{0xbb, 0xbb, 0xbb}, rgb{0xE6, 0x9F, 0x00}, rgb{0xD5, 0x5E, 0x00}
	lerp := func(p, q rgb, t float64) rgb { return rgb{p.r + (q.r-p.r)*t, p.g + (q.g-p.g)*t, p.b + (q.b-p.b)*t} }
	c := lerp(a, m, u*2)
	if u > 0.5 {
		c = lerp(m, z, (u-0.5)*2)
	}
	hex := func(v float64) string {
		s := strconv.FormatInt(int64(math.Round(v)), 16)
		if len(s) < 2 {
			s = "0" + s
		}
		return s
	}
	return "#" + hex(c.r) + hex(c.g) + hex(c.b)
}

// SVG draws the fabric 640 px wide, its title and caption above it.
func (f Fabric) SVG() []byte { return f.draw(false) }

// NarrowWidth is the width of the narrow drawing (NarrowSVG), and
// NarrowFont its smallest font size: fitted to a 300-px card (a 360-px
// phone's) its text stays above 11 px.
const (
	NarrowWidth = 320
	NarrowFont  = 12
)

// NarrowSVG draws the fabric NarrowWidth px wide for a phone, every text
// NarrowFont px: without the title and caption (the page shows them as
// text, which wraps), each row headed by its first and last boxes' names
// ("leaf0 … leaf3"), a box labelled with its name's number ("3") where the
// row's numbers fit their boxes, the legend's colour scale under its text.
func (f Fabric) NarrowSVG() []byte { return f.draw(true) }

// draw lays the fabric out wide (SVG) or narrow (NarrowSVG).
func (f Fabric) draw(narrow bool) []byte {
	width, pad, top, rowGap, font := 640, 20, 60, 90, 10
	height := top + 2*rowGap + 22 + 40
	if narrow {
		width, pad, top, rowGap, font = NarrowWidth, 10, 26, 84, NarrowFont
		height = top + 2*rowGap + 22 + 56
	}
	const boxH = 22
	size := strconv.Itoa(font)
	room := float64(width - 2*pad)
	var b bytes.Buffer
	s := &svgWriter{w: &b}
	s.open(f.ID, width, height, f.Title, f.Desc)
	if !narrow {
		s.text(float64(width/2), 22, "middle", "15", "600", "#111111", f.Title)
		if f.Caption != "" {
			s.text(float64(width/2), 42, "middle", "12", "", "#333333", f.Caption)
		}
	}
	x := func(row, i int) float64 {
		return float64(pad) + (float64(i)+0.5)*room/float64(max(len(f.Rows[row]), 1))
	}
	y := func(row int) float64 { return float64(top + row*rowGap) }
	hot := -1
	for i, c := range f.Cables {
		if hot < 0 || c.Utilisation > f.Cables[hot].Utilisation {
			hot = i
		}
	}
	for i, c := range f.Cables {
		w := "1.5"
		if i == hot {
			w = "4"
		}
		s.line(x(c.Tier, c.Upper), y(c.Tier)+boxH, x(c.Tier+1, c.Lower), y(c.Tier+1), heat(c.Utilisation), w, "")
	}
	for row, names := range f.Rows {
		n := len(names)
		slot := room / float64(max(n, 1))
		bw := math.Min(56, math.Max(slot-4, slot*0.6)) // a gap between boxes, however many
		labels := n <= maxBoxes/2
		if narrow && n > 0 {
			head := names[0]
			if n > 1 {
				head += " … " + names[n-1]
			}
			s.print(`<text x="`, strconv.Itoa(pad), `" y="`, num(y(row)-6), `" text-anchor="start" font-family="`, Font, `" font-size="`, size,
				`" fill="#333333" stroke="#ffffff" stroke-width="3" paint-order="stroke">`, esc(head), "</text>\n")
			labels = textWidth(strings.TrimLeft(names[n-1], "abcdefghijklmnopqrstuvwxyz"), float64(font))+4 <= bw
		}
		for i, name := range names {
			cx := x(row, i)
			s.print(`<rect x="`, num(cx-bw/2), `" y="`, num(y(row)), `" width="`, num(bw), `" height="`, strconv.Itoa(boxH),
				`" rx="3" fill="#e8f1f8" stroke="#0072B2" stroke-width="1"/>`, "\n")
			if labels {
				if narrow {
					name = strings.TrimLeft(name, "abcdefghijklmnopqrstuvwxyz")
				}
				s.text(cx, y(row)+11+float64(font)/2-1, "middle", size, "", "#111111", name)
			}
		}
	}
	if f.Legend != "" { // wide: the text at the left, the scale at the right; narrow: the scale under the text
		lx, step, ty, lsize := float64(width-240), 20.0, height-12, "11"
		if narrow {
			lx, step, ty, lsize = float64(pad), room/11, height-32, size
		}
		s.text(float64(pad), float64(ty), "start", lsize, "", "#333333", f.Legend)
		for i := 0; i <= 10; i++ {
			s.print(`<rect x="`, num(lx+float64(i)*step), `" y="`, strconv.Itoa(height-24), `" width="`, num(step), `" height="12" fill="`, heat(float64(i)/10), `"/>`, "\n")
		}
	}
	s.close()
	return b.Bytes()
}
