package ui

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/doctor"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/topo"
)

// The verdict as `ccplay doctor` prints it (report.Doctor), part by part
// and in the page's language: every sentence is core's Text, a message ID
// rendered from core/msg's catalogue of the page's language, and the frame around
// them (headings, columns, "line N:") comes from the catalogs.

// MaxDoctorRows caps the rows the table shows (the DOM stays small); the
// JSON export has every row.
const MaxDoctorRows = 512

// say is a Text of the verdict in the page's language: its message ID
// rendered from core/msg's catalogue.
func (c *Doctor) say(t doctor.Text) string { return humanBytes(t.In(c.S.Lang)) }

// lined prefixes a sentence with the log's line that shows it ("line 7:
// …"; none for line 0, not from the log).
func (c *Doctor) lined(line int, text string) string {
	if line > 0 {
		return c.S.Tf("d.line", line, text)
	}
	return text
}

// Judged reports whether there is a verdict to show (a log was judged and
// the options were valid).
func (c *Doctor) Judged() bool { return c.v != nil }

// Verdict is the one-line verdict.
func (c *Doctor) Verdict() string {
	if c.v == nil {
		return ""
	}
	return c.say(c.v.Summary)
}

// Elsewhere is a sentence for each regime that does not decide the
// verdict and whose rows are, on average, outside their range.
func (c *Doctor) Elsewhere() []string {
	if c.v == nil {
		return nil
	}
	out := make([]string, len(c.v.Elsewhere))
	for i, t := range c.v.Elsewhere {
		out[i] = c.say(t)
	}
	return out
}

// VerdictClass is the CSS class of the verdict: its class ("normal",
// "below", "far-below", "above", "cannot-judge").
func (c *Doctor) VerdictClass() string {
	if c.v == nil {
		return "d-verdict"
	}
	return "d-verdict d-" + c.v.Class
}

// Source says what was judged: the file (or pasted text) and its lines.
func (c *Doctor) Source() string {
	name := c.name
	if name == "" {
		name = c.S.T("d.pasted")
	}
	n := bytes.Count(c.log, []byte("\n"))
	if len(c.log) > 0 && c.log[len(c.log)-1] != '\n' {
		n++
	}
	return c.S.Tf("d.source", name, n)
}

// LogErr is the log's first problem (a line that cannot be read, a cut,
// no table), naming the line, with what could still be read judged below
// ("" when there is none).
func (c *Doctor) LogErr() string {
	if c.v == nil || c.err == nil {
		return ""
	}
	return c.S.Tf("d.logerr", humanBytes(msg.Render(c.err, c.S.Lang)))
}

// Asked is the heading of the question asked of the model ("" when the
// verdict has none): the system's label.
func (c *Doctor) Asked() string {
	if c.v == nil || c.v.Basis == nil {
		return ""
	}
	return c.S.Tf("d.asked", c.presetLabel(c.v.Basis.System, c.v.Basis.Label))
}

// presetLabel names system preset name: by core's label (English, as the
// CLI prints it) on the en page, by its fields in the page's language
// otherwise.
func (c *Doctor) presetLabel(name, label string) string {
	sys, err := topo.LookupSystem("system", name)
	if c.S.Lang == "en" || err != nil {
		return label
	}
	return name + " · " + c.S.systemLabel(sys)
}

// Command is the `ccplay table` command asking the model the same
// question.
func (c *Doctor) Command() string {
	if c.v == nil || c.v.Basis == nil {
		return ""
	}
	return c.v.Basis.Command
}

// Basis is what the verdict rests on: where each part of the question came
// from, then the notes (the model's known error band, tables left out),
// each with its line.
func (c *Doctor) Basis() []string {
	if c.v == nil {
		return nil
	}
	var out []string
	for i, m := range c.v.More {
		out = append(out, c.S.Tf("d.more.table", i+2, m.TableLine, c.say(m.Summary)))
	}
	if b := c.v.Basis; b != nil {
		for _, n := range b.From {
			out = append(out, c.lined(n.Line, c.say(n.Text)))
		}
	}
	for _, n := range c.v.Notes {
		out = append(out, c.lined(n.Line, c.say(n.Text)))
	}
	return out
}

// DoctorRegime is one row of the regimes table: its cells as shown, in
// RegimeHead's order.
type DoctorRegime struct {
	ID    string
	Cells []string
}

// RegimeHead is the regimes table's header.
func (c *Doctor) RegimeHead() []string {
	return c.head("d.h.regime", "d.h.range", "d.h.sizes", "d.h.points", "d.h.ofexp", "d.h.departs")
}

// head is a table's header: the messages of keys.
func (c *Doctor) head(keys ...string) []string {
	for i, k := range keys {
		keys[i] = c.S.T(k)
	}
	return keys
}

// Regimes sums the rows up per regime (latency-bound, middle,
// bandwidth-bound): the range a healthy run reaches, sizes, points, mean
// fraction of expected, the sizes that depart.
func (c *Doctor) Regimes() []DoctorRegime {
	s := c.S
	if c.v == nil {
		return nil
	}
	out := make([]DoctorRegime, len(c.v.Regimes))
	for i, g := range c.v.Regimes {
		departs := s.T("d.none")
		if len(g.Departs) > 0 {
			sz := make([]string, len(g.Departs))
			for k, b := range g.Departs {
				sz[k] = BytesShort(b)
			}
			departs = strings.Join(sz, s.T("d.sep"))
		}
		out[i] = DoctorRegime{ID: "d-g-" + g.Name, Cells: []string{s.T("d.regime." + g.Name), pctRange(g.Floor, g.Ceiling),
			BytesShort(g.MinBytes) + " – " + BytesShort(g.MaxBytes), strconv.Itoa(g.Points), pct(g.Fraction), departs}}
	}
	return out
}

// Peak is the highest measured busbw against the model's peak ("" when
// there is none).
func (c *Doctor) Peak() string {
	if c.v == nil || c.v.Peak == nil {
		return ""
	}
	return c.say(c.v.Peak.Text)
}

// DoctorRow is one measured point beside the model: its cells as shown,
// in RowHead's order, the fraction of expected followed by "!" (as the CLI
// marks it) and Class "departs" when the row departs from the model.
type DoctorRow struct {
	ID, Class string
	Cells     []string
}

// RowHead is the rows table's header.
func (c *Doctor) RowHead() []string {
	return c.head("d.h.line", "d.h.size", "d.h.place", "d.h.busbw", "d.h.expected", "d.h.frac", "d.h.regime", "d.h.choice")
}

// Rows are the measured points beside the model, at most MaxDoctorRows.
func (c *Doctor) Rows() []DoctorRow {
	s := c.S
	if c.v == nil {
		return nil
	}
	rows := c.v.Rows[:min(len(c.v.Rows), MaxDoctorRows)]
	out := make([]DoctorRow, len(rows))
	for i, r := range rows {
		place := s.T("d.place.out")
		if r.InPlace {
			place = s.T("d.place.in")
		}
		choice := r.Expected.Algorithm
		if r.Expected.Protocol != "" {
			choice += "/" + r.Expected.Protocol
		}
		frac, class := pct(r.Fraction), ""
		if r.Departs {
			frac, class = frac+"!", "departs"
		}
		out[i] = DoctorRow{ID: "d-r-" + strconv.Itoa(i), Class: class, Cells: []string{strconv.Itoa(r.Line), BytesShort(r.SizeBytes), place,
			strconv.FormatFloat(r.BusBwGBs, 'f', 2, 64), strconv.FormatFloat(r.Expected.BusBwGBs, 'f', 2, 64), frac, s.T("d.regime." + r.Regime), choice}}
	}
	return out
}

// RowsMore says how many rows the table leaves out ("" if none).
func (c *Doctor) RowsMore() string {
	if c.v == nil || len(c.v.Rows) <= MaxDoctorRows {
		return ""
	}
	return c.S.Tf("d.more", MaxDoctorRows, len(c.v.Rows))
}

// Causes are the likely reasons the log shows, each with its line.
func (c *Doctor) Causes() []KV {
	if c.v == nil {
		return nil
	}
	out := make([]KV, len(c.v.Causes))
	for i, k := range c.v.Causes {
		out[i] = KV{ID: "d-cause-" + strconv.Itoa(i), Value: c.lined(k.Line, c.say(k.Text))}
	}
	return out
}

// Gap says that nothing in the log explains a gap ("" unless the verdict
// is below or far below without causes).
func (c *Doctor) Gap() string {
	if c.v == nil || c.v.Gap == nil {
		return ""
	}
	return c.say(*c.v.Gap)
}

// Cut is the log's structural problem — where it stops early, or that it
// is not a log — ("" when it has none).
func (c *Doctor) Cut() string {
	if c.v != nil && c.v.Headline != nil {
		return c.say(*c.v.Headline)
	}
	if c.v == nil || c.v.Cut == nil {
		return ""
	}
	return c.S.Tf("d.cut", c.S.T("d.cut."+c.v.Cut.Where), c.v.Cut.Line)
}

// Problems are the lines that could not be read.
func (c *Doctor) Problems() []string {
	if c.v == nil {
		return nil
	}
	out := make([]string, len(c.v.Problems))
	for i, p := range c.v.Problems {
		out[i] = c.S.Tf("d.problem", c.say(p))
	}
	if n := c.v.ProblemsMore; n > 0 {
		out = append(out, c.S.Tf("d.problems.more", n))
	}
	return out
}

// CLI is the `ccplay doctor` command that prints the same verdict (the
// log's file name, or - for pasted text read from stdin).
func (c *Doctor) CLI() string {
	file := c.name
	if file == "" {
		file = "-"
	}
	cmd := "ccplay doctor " + file
	for _, f := range doctor.OptionFields {
		if v := c.opts[f]; v != "" {
			cmd += " --" + f + " " + v
		}
	}
	return cmd
}

// AnswerJSON is the verdict as `ccplay doctor --json` prints it and POST
// /api/v1/doctor answers (doctor.AnswerOf): the same JSON, byte for byte.
func (c *Doctor) AnswerJSON() string {
	if c.v == nil {
		return ""
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doctor.AnswerOf(c.v, c.err)); err != nil {
		return ""
	}
	return b.String()
}

// ExportJSON downloads AnswerJSON.
func (c *Doctor) ExportJSON() {
	c.S.Export("ccplay-doctor.json", "application/json", c.AnswerJSON)
}

// pct is a fraction as a whole percentage ("97 %").
func pct(f float64) string { return strconv.FormatFloat(100*f, 'f', 0, 64) + " %" }

// pctRange is a range of fractions as whole percentages, the unit once
// ("80–120 %"), as the CLI writes a regime's range.
func pctRange(lo, hi float64) string {
	return strconv.FormatFloat(100*lo, 'f', 0, 64) + "–" + pct(hi)
}

// DepartsNote explains the table's "!": the range of each regime the rows
// reach, then where each regime departs and by how much ("" without rows).
func (c *Doctor) DepartsNote() string {
	s := c.S
	if c.v == nil || len(c.v.Rows) == 0 {
		return ""
	}
	ranges := make([]string, len(c.v.Regimes))
	var departures []string
	for i, g := range c.v.Regimes {
		ranges[i] = s.T("d.regime."+g.Name) + " " + pctRange(g.Floor, g.Ceiling)
		if g.Departure != nil {
			departures = append(departures, c.say(*g.Departure))
		}
	}
	note := s.Tf("d.departs", strings.Join(ranges, s.T("d.sep")))
	if len(departures) > 0 {
		note += " " + strings.Join(departures, s.T("d.sep")) + "."
	}
	return note
}
