package ui

import (
	"github.com/ccplay/ccplay/core/topo"
	"strconv"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// Units is the units-and-pyramid view: a bit/byte, decimal/binary converter
// (units.ParseSize, units.ParseBandwidth) and the lecture's bandwidth pyramid
// with per-direction and bidirectional figures labelled.
type Units struct {
	S    *State
	conv string // the converter's text
}

// newUnits is the view with the lecture's 400 Gbps in the converter.
func newUnits(s *State) *Units { return &Units{S: s, conv: "400Gbps"} }

// Conv is the converter's text.
func (c *Units) Conv() string { return c.conv }

// SetConv sets the converter's text.
func (c *Units) SetConv(v string) {
	defer c.S.guard()
	c.conv = v
}

// ConvRows converts the converter's text: as a rate (bits or bytes per
// second) and/or as a size (decimal and binary), as the core parses them.
func (c *Units) ConvRows() []KV {
	s := c.S
	var out []KV
	if b, err := units.ParseBandwidth(c.conv); err == nil {
		out = append(out,
			KV{ID: "u-Bps", Label: s.T("u.bytes"), Value: Rate(b.BytesPerSecond())},
			KV{ID: "u-Gbps", Label: s.T("u.bits"), Value: b.Gbps()},
			KV{ID: "u-GiBps", Label: s.T("u.binrate"), Value: strconv.FormatFloat(b.BytesPerSecond()/(1<<30), 'g', 4, 64) + " GiB/s"})
	}
	if z, err := units.ParseSize(c.conv); err == nil {
		out = append(out,
			KV{ID: "u-B", Label: s.T("u.exact"), Value: strconv.FormatInt(int64(z), 10) + " B"},
			KV{ID: "u-dec", Label: s.T("u.dec"), Value: units.FormatBytes(float64(z), false)},
			KV{ID: "u-bin", Label: s.T("u.bin"), Value: units.FormatBytes(float64(z), true)},
			KV{ID: "u-bit", Label: s.T("u.sizebits"), Value: strconv.FormatFloat(float64(z)*8, 'g', 6, 64) + " b"})
	}
	return out
}

// ConvErr is the converter's message when the text is neither a rate nor a
// size (the core's two messages, in the page's language: see ErrMsg).
func (c *Units) ConvErr() string {
	s := c.S
	_, e1 := units.ParseBandwidth(c.conv)
	_, e2 := units.ParseSize(c.conv)
	if e1 == nil || e2 == nil {
		return ""
	}
	return s.T("err.prefix") + s.ErrMsg(e1) + " · " + s.ErrMsg(e2)
}

// Tier is one level of the bandwidth pyramid.
type Tier struct {
	Name, Lecture, PerDir, Style string
}

// PyramidTiers are the lecture's H100 tiers (lecture 09, §1.2), widest at
// the bottom; NVLink's figure is the bidirectional total, labelled so.
func (c *Units) PyramidTiers() []Tier {
	s := c.S
	// Per-direction figures are core/topo's presets (with their sources);
	// memory tiers have no direction, so none is shown ("").
	dir := map[string]float64{}
	for _, p := range topo.Pyramid() {
		dir[p.Name] = p.Bandwidth
	}
	rate := func(name string) string { return units.Bandwidth(dir[name]).String() }
	rows := []struct{ key, lecture, perdir string }{
		{"p.sram", "~30 TB/s", ""},
		{"p.hbm", "~3.35 TB/s", ""},
		{"p.nvlink", "900 GB/s " + s.T("p.bidir"), rate("nvlink4")},
		{"p.pcie", "64 GB/s", rate("pcie5")},
		{"p.ib", "50 GB/s (400 Gbps)", rate("ib400")},
		{"p.eth", "10–25 GB/s", rate("eth100") + " – " + rate("eth200")},
	}
	var out []Tier
	for i, r := range rows {
		w := 30 + 70*float64(i)/float64(len(rows)-1)
		out = append(out, Tier{Name: s.T(r.key), Lecture: r.lecture, PerDir: r.perdir, Style: "width:" + strconv.FormatFloat(w, 'f', 0, 64) + "%"})
	}
	return out
}

// PyramidRatio states the lecture's 18× and the per-direction 9×, and what
// the difference does to a ring AllReduce of the current M on 8 ranks
// (cost.Evaluate on 450 GB/s and on 50 GB/s per direction).
func (c *Units) PyramidRatio() []string {
	s := c.S
	nv, ok1 := s.evalLecture(prim.AllReduce, sched.Ring, 8, s.P.Size, 450e9)
	ib, ok2 := s.evalLecture(prim.AllReduce, sched.Ring, 8, s.P.Size, 50e9)
	out := []string{s.T("p.ratio")}
	if ok1 && ok2 && nv.TimeS > 0 {
		out = append(out, s.Tf("p.effect", BytesShort(nv.SizeBytes), Secs(nv.TimeS), Secs(ib.TimeS), strconv.FormatFloat(ib.TimeS/nv.TimeS, 'f', 1, 64)))
	}
	return out
}

// WorkedExample is §1.1's 14 GB over 400 Gbps at 90 % efficiency ≈ 0.31 s,
// priced by the core as one point-to-point message with α = 0.
func (c *Units) WorkedExample() string {
	s := c.S
	q, err := lectureParams()
	if err != nil {
		return ""
	}
	q.Collective, q.Algorithm, q.Ranks, q.Root, q.Chunks = prim.SendRecv, sched.Naive, 2, 0, 0
	q.Size, q.Bandwidth, q.Efficiency, q.Latency, q.Gamma, q.ElemSize = 14e9, 50e9, 0.9, 0, 0, 1
	r, err := evaluate(q)
	if err != nil {
		return ""
	}
	return s.Tf("u.worked", Secs(r.TimeS))
}
