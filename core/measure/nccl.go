package measure

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
)

// ParseNCCLTests reads nccl-tests output (nccltests.Parse: any text layout
// or the -J JSON) and turns each table into a Series of points with an
// unknown algorithm. The collective comes from opt, else the log, else
// busbw/algbw (nccltests.Table.InferCollective); the ranks from opt, else
// the device lines. Rows of size 0 or without a usable time are skipped and
// counted. The element type is the first usable row's (size 1 if nccl-tests
// names a type cost.DTypes lacks). O(len(data)).
func ParseNCCLTests(data []byte, opt Options) (*Set, error) {
	log, err := nccltests.Parse(data)
	if err != nil {
		return nil, err
	}
	set := &Set{Format: FormatNCCLText, Tool: ToolNCCLTests}
	if log.Format == "json" {
		set.Format = FormatNCCLJSON
	}
	if opt.Ranks != 0 && (opt.Ranks < 2 || opt.Ranks > prim.MaxRanks) {
		return nil, fielderr.New("np", "measure.np.range", prim.MaxRanks, opt.Ranks)
	}
	for i, t := range log.Tables {
		s, err := tableSeries(t, opt)
		if err != nil {
			if len(log.Tables) > 1 {
				if fe, ok := err.(*fielderr.Error); ok {
					return nil, fielderr.New(fe.Field, "measure.table", i+1, fe)
				}
			}
			return nil, err
		}
		set.Series = append(set.Series, s)
	}
	return set, nil
}

// tableSeries is one nccl-tests table as a Series.
func tableSeries(t nccltests.Table, opt Options) (Series, error) {
	s := Series{Variant: "out-of-place", RanksFrom: "log", Points: []Point{}}
	if opt.InPlace {
		s.Variant = "in-place"
	}
	if opt.Ranks > 0 {
		t.Ranks, s.RanksFrom = opt.Ranks, "option"
	}
	s.Ranks = t.Ranks
	switch {
	case opt.Collective != "":
		s.Collective, s.CollectiveFrom = opt.Collective, "option"
	case t.Collective != "":
		s.Collective, s.CollectiveFrom = t.Collective, "log"
	default:
		c, err := t.InferCollective()
		if err != nil {
			return s, err
		}
		s.Collective, s.CollectiveFrom = c, "busbw/algbw"
	}
	if s.Ranks < 2 {
		return s, fielderr.New("np", "measure.np.none")
	}
	for _, r := range t.Rows {
		v := r.OutOfPlace
		if opt.InPlace {
			v = r.InPlace
		}
		if v == nil || !v.Valid() || r.SizeBytes <= 0 {
			s.Skipped++
			continue
		}
		if s.Type == "" {
			s.Type = r.Type
			if dt, err := cost.ParseDType(r.Type); err == nil {
				s.ElemSize = dt.Size
			}
		}
		bus := v.BusBwGBs * 1e9
		if !(bus >= 0) {
			bus = 0
		}
		s.Points = append(s.Points, Point{Collective: s.Collective, Ranks: s.Ranks, SizeBytes: r.SizeBytes,
			TimeS: v.TimeUs * 1e-6, BusBwBps: bus, Line: r.Line})
	}
	if s.ElemSize == 0 {
		s.ElemSize = 1 // unknown type: sizes in bytes still price correctly
	}
	return s, nil
}
