package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ccplay/ccplay/core/doctor"
	"github.com/ccplay/ccplay/core/units"
)

// Doctor writes a verdict as `ccplay doctor` prints it: the one-line
// verdict first, then a line for each other regime outside its range; what it rests on (the question asked of the model, where
// each part of it came from, the model's known error); the regimes and the
// peak; one line per measured size beside the model (out-of-place and
// in-place where both are measured, '!' marking a row that departs); the
// causes the log shows, each with its line, or that nothing in it explains
// a gap; and the lines that could not be read (at most
// doctor.MaxShownProblems, then a count of the rest). The log's structural
// problem (cut off, not a log) comes before everything; a log of several
// tables gets one verdict per table, each under a heading with its first
// row's line. Every sentence is the verdict's Text in English. It returns
// the first write error.
func Doctor(w io.Writer, v *doctor.Verdict) error {
	var b strings.Builder
	if v.Headline != nil {
		b.WriteString(v.Headline.Msg + "\n\n")
	}
	if len(v.More) > 0 {
		fmt.Fprintf(&b, "table 1 of %d (from line %d):\n", 1+len(v.More), v.TableLine)
	}
	verdict(&b, v)
	for i, m := range v.More {
		fmt.Fprintf(&b, "\ntable %d of %d (from line %d):\n", i+2, 1+len(v.More), m.TableLine)
		verdict(&b, m)
	}
	if len(v.Problems) > 0 {
		b.WriteString("\n")
	}
	for _, p := range v.Problems {
		b.WriteString("problem: " + p.Msg + "\n")
	}
	if v.ProblemsMore > 0 {
		fmt.Fprintf(&b, "… and %d more problem lines\n", v.ProblemsMore)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// verdict writes one table's verdict.
func verdict(b *strings.Builder, v *doctor.Verdict) {
	b.WriteString(v.Summary.Msg + "\n")
	for _, e := range v.Elsewhere {
		b.WriteString(e.Msg + "\n")
	}
	if s := v.Basis; s != nil {
		fmt.Fprintf(b, "\nasked of the model (%s): %s\n", s.Label, s.Command)
		for _, n := range s.From {
			b.WriteString("  " + lined(n) + "\n")
		}
	}
	for _, n := range v.Notes {
		b.WriteString("  " + lined(n) + "\n")
	}
	if len(v.Regimes) > 0 {
		b.WriteString("\nregime            range       sizes                 points  of expected  departs\n")
		for _, g := range v.Regimes {
			fmt.Fprintf(b, "%-16s  %-10s  %-20s  %6d  %10.0f %%  %s\n", g.Name, fmt.Sprintf("%.0f–%.0f %%", 100*g.Floor, 100*g.Ceiling),
				units.FormatBytes(float64(g.MinBytes), true)+" – "+units.FormatBytes(float64(g.MaxBytes), true),
				g.Points, 100*g.Fraction, sizes(g.Departs))
		}
		for _, g := range v.Regimes {
			if g.Departure != nil {
				b.WriteString("  " + g.Departure.Msg + "\n")
			}
		}
	}
	if v.Peak != nil {
		b.WriteString(v.Peak.Text.Msg + "\n")
	}
	if len(v.Rows) > 0 {
		b.WriteString("\n line        size  place   busbw  expected  of exp.  regime           model's choice\n")
		for _, r := range v.Rows {
			place, mark := "out", " "
			if r.InPlace {
				place = "in"
			}
			if r.Departs {
				mark = "!"
			}
			choice := r.Expected.Algorithm
			if r.Expected.Protocol != "" {
				choice += "/" + r.Expected.Protocol
			}
			fmt.Fprintf(b, "%5d  %10s  %-5s %7.2f  %8.2f  %5.0f %%%s %-16s %s\n", r.Line,
				units.FormatBytes(float64(r.SizeBytes), true), place, r.BusBwGBs, r.Expected.BusBwGBs, 100*r.Fraction, mark, r.Regime, choice)
		}
	}
	if len(v.Causes) > 0 {
		b.WriteString("\ncauses the log shows:\n")
		for _, c := range v.Causes {
			fmt.Fprintf(b, "  line %d: %s\n", c.Line, c.Msg)
		}
	}
	if v.Gap != nil {
		b.WriteString("\n" + v.Gap.Msg + "\n")
	}
}

// lined is a note with its line, when it has one.
func lined(n doctor.Note) string {
	if n.Line > 0 {
		return fmt.Sprintf("line %d: %s", n.Line, n.Msg)
	}
	return n.Msg
}

// sizes lists sizes for people ("none" when there are none).
func sizes(s []int64) string {
	if len(s) == 0 {
		return "none"
	}
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = units.FormatBytes(float64(x), true)
	}
	return strings.Join(out, ", ")
}
