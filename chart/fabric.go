package chart

import (
	"bytes"
	"math"
	"strconv"
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

// SVG draws the fabric 640 px wide.
func (f Fabric) SVG() []byte {
	const width, top, rowGap, boxH = 640, 60, 90, 22
	var b bytes.Buffer
	s := &svgWriter{w: &b}
	height := top + 2*rowGap + boxH + 40
	s.open(f.ID, width, height, f.Title, f.Desc)
	s.text(width/2, 22, "middle", "15", "600", "#111111", f.Title)
	if f.Caption != "" {
		s.text(width/2, 42, "middle", "12", "", "#333333", f.Caption)
	}
	x := func(row, i int) float64 {
		n := len(f.Rows[row])
		return 20 + (float64(i)+0.5)*float64(width-40)/float64(max(n, 1))
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
		bw := math.Min(56, float64(width-40)/float64(max(n, 1))-4)
		for i, name := range names {
			cx := x(row, i)
			s.print(`<rect x="`, num(cx-bw/2), `" y="`, num(y(row)), `" width="`, num(bw), `" height="`, strconv.Itoa(boxH),
				`" rx="3" fill="#e8f1f8" stroke="#0072B2" stroke-width="1"/>`, "\n")
			if n <= maxBoxes/2 {
				s.text(cx, y(row)+15, "middle", "10", "", "#111111", name)
			}
		}
	}
	if f.Legend != "" {
		s.text(20, float64(height-12), "start", "11", "", "#333333", f.Legend)
		for i := 0; i <= 10; i++ {
			s.print(`<rect x="`, num(float64(width-240+i*20)), `" y="`, strconv.Itoa(height-24), `" width="20" height="12" fill="`, heat(float64(i)/10), `"/>`, "\n")
		}
	}
	s.close()
	return b.Bytes()
}
