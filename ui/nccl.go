package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
)

// Nccl is the nccl-tests view: the table nccl-tests would print for a size
// sweep (cost.Table), as copyable text, CSV and JSON.
type Nccl struct {
	S     *State
	sweep map[string]string // sweep field → text (absent = default)
}

// SweepFields are the sweep's inputs, with nccl-tests' long flag names.
var SweepFields = []string{"minbytes", "maxbytes", "stepfactor"}

// newNccl is the view with the sweep the URL gives (by nccl-tests' names).
func newNccl(s *State) *Nccl {
	c := &Nccl{S: s, sweep: map[string]string{}}
	for _, f := range SweepFields {
		if v, ok := s.param(f); ok {
			c.sweep[f] = v
		}
	}
	return c
}

// addQuery writes the sweep fields that differ from their defaults.
func (c *Nccl) addQuery(add func(k, v string)) {
	for _, f := range SweepFields {
		if v, ok := c.sweep[f]; ok && v != question.SweepDefaults[f] {
			add(f, v)
		}
	}
}

// SweepText is the text of sweep field f.
func (c *Nccl) SweepText(f string) string {
	if v, ok := c.sweep[f]; ok {
		return v
	}
	return question.SweepDefaults[f]
}

// SetSweep sets a sweep field; the table is re-asked with question.TableQuery.
func (c *Nccl) SetSweep(f, v string) {
	defer c.S.guard()
	c.sweep[f] = v
}

// SweepList lists the sweep fields (for the template).
func (c *Nccl) SweepList() []string { return SweepFields }

// ncclData is the table of the current question and sweep.
type ncclData struct {
	Rows       []cost.Row
	Field, Err string
}

// Not inlined: its cached closure would be copied into every caller
// (≈ 3–7 KB of wasm each).
//
//go:noinline
func (c *Nccl) nccl() ncclData {
	s := c.S
	key := "nccl|" + c.SweepText("minbytes") + "|" + c.SweepText("maxbytes") + "|" + c.SweepText("stepfactor")
	return s.cached(key, func() any {
		fields := map[string]string{}
		for _, f := range ControlFields {
			if v, ok := s.lookup(f); ok {
				fields[f] = v
			}
		}
		// The question is the last valid one (the text may be mid-edit).
		fields["ranks"] = strconv.Itoa(s.P.Ranks)
		fields["collective"], fields["algorithm"] = string(s.P.Collective), string(s.P.Algorithm)
		for _, f := range SweepFields {
			fields[f] = c.SweepText(f)
		}
		fields["chunks"] = "0"
		p, dt, w, err := question.TableQuery(field.Map(fields))
		if err == nil {
			p.Bandwidth, p.Latency, p.Efficiency, p.Gamma, p.Root, p.ElemSize = s.P.Bandwidth, s.P.Latency, s.P.Efficiency, s.P.Gamma, s.P.Root, s.P.ElemSize
			var rows []cost.Row
			if rows, err = cost.Table(p, dt, w); err == nil {
				return ncclData{Rows: rows}
			}
		}
		var fe *fielderr.Error
		if errors.As(err, &fe) {
			return ncclData{Field: fe.Field, Err: s.ErrMsg(fe)}
		}
		return ncclData{Err: s.ErrMsg(err)}
	}).(ncclData)
}

// SweepErr is the inline message of sweep field f.
func (c *Nccl) SweepErr(f string) string {
	s := c.S
	if d := c.nccl(); d.Field == f {
		return s.T("err.prefix") + d.Err
	}
	return ""
}

// NCCLErr is an error of the table not tied to a sweep field.
func (c *Nccl) NCCLErr() string {
	d := c.nccl()
	for _, f := range SweepFields {
		if d.Field == f {
			return ""
		}
	}
	return d.Err
}

// NCCLRows are the table's rows, formatted as nccl-tests prints them.
func (c *Nccl) NCCLRows() [][]string {
	var out [][]string
	for _, r := range c.nccl().Rows {
		out = append(out, ncclCells(r))
	}
	return out
}

// NCCLHead is the table's header.
func (c *Nccl) NCCLHead() []string {
	return []string{"size (B)", "count", "type", "redop", "root", "time (us)", "algbw (GB/s)", "busbw (GB/s)", "algorithm"}
}

func ncclCells(r cost.Row) []string {
	return []string{strconv.FormatInt(r.SizeBytes, 10), strconv.FormatInt(r.Count, 10), r.Type, r.Redop, strconv.Itoa(r.Root),
		strconv.FormatFloat(r.TimeUs, 'f', 2, 64), strconv.FormatFloat(r.AlgBwGBs, 'f', 2, 64), strconv.FormatFloat(r.BusBwGBs, 'f', 2, 64), r.Algorithm}
}

// NCCLText is the table as aligned text, nccl-tests style, for copying.
func (c *Nccl) NCCLText() string {
	s := c.S
	rows := [][]string{c.NCCLHead()}
	rows = append(rows, c.NCCLRows()...)
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, cell := range r {
			width[i] = max(width[i], len(cell))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# ccplay expected nccl-tests: %s %s, P = %d\n", s.P.Collective, s.R.Algorithm, s.P.Ranks)
	for i, r := range rows {
		if i == 0 {
			b.WriteString("#")
		} else {
			b.WriteString(" ")
		}
		for j, cell := range r {
			fmt.Fprintf(&b, " %*s", width[j], cell)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// NCCLCSV is the table as CSV.
func (c *Nccl) NCCLCSV() string {
	var b strings.Builder
	b.WriteString("size_bytes,count,type,redop,root,time_us,algbw_GBps,busbw_GBps,algorithm\n")
	for _, r := range c.NCCLRows() {
		b.WriteString(strings.Join(r, ","))
		b.WriteString("\n")
	}
	return b.String()
}

// NCCLJSON is the table as cost.Row JSON.
func (c *Nccl) NCCLJSON() string {
	out, _ := json.MarshalIndent(c.nccl().Rows, "", " ")
	return string(out)
}

// SweepClass is the CSS class of sweep field f.
func (c *Nccl) SweepClass(f string) string {
	if c.nccl().Field == f {
		return "field bad"
	}
	return "field"
}
