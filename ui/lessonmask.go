package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/vugu/vugu"
)

// Masker hides a pending question's answers: every quantity in a text whose
// kind is the question's (a time, a byte count, a rate, a percentage, a
// ratio, a step count) and whose value is within MaskTolerance of the
// question's answer (its right option's value) is replaced by "?". The lessons pass everything
// above an unanswered question through it — the live view (its text, its
// charts' labels, its tooltips), the prose, the earlier feedback — so that
// no view shows the answer before the student commits, however the view
// formats it ("3.74 ms", "3.740 ms", "0.00374 s").
type Masker struct {
	Kind   string    // a quantity kind: time, bytes, rate, pct, ratio, count
	Values []float64 // in base units (s, B, B/s, %, ×, steps)
	Tol    float64   // the relative tolerance (0: MaskTolerance)
	// Others are a choice question's wrong options (base units): a value
	// within ChoiceTolerance of an answer and nearer to it than to every
	// other option is hidden too, since it would pick the option.
	Others []float64
}

// ChoiceTolerance is how far a shown quantity may be from a choice
// question's right option and still give it away: 8.9 × when ×2, ×9 and
// ×18 are offered.
const ChoiceTolerance = 0.015

// MaskTolerance is how close a shown quantity must be to an answer to be
// hidden: four significant figures, as the views print, differ from the
// answer's own rounding by less.
const MaskTolerance = 0.006

// metricKinds maps a lesson question's metric to the kind of quantity it
// asks for.
var metricKinds = map[string]string{
	"time": "time", "steps": "count", "sent": "bytes", "state": "bytes", "rate": "rate", "pct": "pct",
	"busbw": "ratio", "speedup": "ratio", "inter": "ratio", "slow": "ratio", "hot": "ratio",
	"stall": "time", "stuck": "count", "gain": "time", "contention": "ratio",
}

// MaskerFor is the masker of a question with metric and answer a (nil when
// there is nothing to hide).
func MaskerFor(metric string, a Answer) *Masker {
	k, ok := metricKinds[metric]
	if !ok || a.Err != nil || len(a.Values) == 0 {
		return nil
	}
	return &Masker{Kind: k, Values: a.Values[:1]}
}

// MaskerOf is the masker of question b with answer a: MaskerFor, hiding
// too whatever a typed answer within the question's tolerance would be
// right with (a β term of 3.67 ms when 3.74 ms ± 5 % is asked).
func MaskerOf(b Block, a Answer) *Masker {
	m := MaskerFor(b.Metric, a)
	if m != nil {
		m.Tol = max(MaskTolerance, b.Tol)
		if b.Tol == 0 {
			m.Others = a.Values[1:]
		}
	}
	return m
}

// quantityUnits are the units a quantity may carry, longer before their
// prefixes ("steps" before "s", "GB/s" before "GB").
var quantityUnits = []string{"steps", "step", "rounds", "round", "GB/s", "MB/s", "KB/s", "TB/s", "B/s", "Gbps", "Tbps", "Mbps", "Gb/s",
	"KiB", "MiB", "GiB", "TiB", "KB", "MB", "GB", "TB", "B", "ns", "µs", "us", "ms", "s", "%", "×", "倍", "步", "轮"}

// match is one quantity in a text: s[start:end] is all of it, pre a
// leading "×", "共" or "of" (with its space), num the number, space the
// space before the unit and unit the unit ("" when there is none).
type match struct {
	start, end            int
	pre, num, space, unit string
}

// quantities finds every number in s with what surrounds it: a leading ×,
// 共 or "of ", and an optional space and unit after it. A number inside a
// word ("fp16", "B200") is skipped. O(len(s)).
func quantities(s string) []match {
	var out []match
	for i := 0; i < len(s); {
		c := s[i]
		if c < '0' || c > '9' || i > 0 && isNumWord(s[i-1]) {
			i++
			continue
		}
		m := match{start: i}
		for _, p := range []string{"× ", "×", "共 ", "共", "of "} {
			if strings.HasSuffix(s[:i], p) {
				m.pre, m.start = p, i-len(p)
				break
			}
		}
		j := digits(s, i)
		if j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
			j = digits(s, j+1)
		}
		if j+1 < len(s) && s[j] == 'e' {
			k := j + 1
			if s[k] == '+' || s[k] == '-' {
				k++
			}
			if k < len(s) && s[k] >= '0' && s[k] <= '9' {
				j = digits(s, k)
			}
		}
		m.num, m.end = s[i:j], j
		k := j
		if k < len(s) && s[k] == ' ' {
			k++
		}
		for _, u := range quantityUnits {
			if strings.HasPrefix(s[k:], u) {
				m.space, m.unit, m.end = s[j:k], u, k+len(u)
				break
			}
		}
		if m.unit != "" && m.end < len(s) && isNumWord(s[m.end]) && s[m.end] != '.' {
			m.space, m.unit, m.end = "", "", j // "5 steady", "3 MiBs": not a unit
		}
		out = append(out, m)
		i = j
	}
	return out
}

// digits is the end of the run of digits in s from i.
func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// units by kind: the factor to the base unit.
var unitKinds = map[string]struct {
	kind string
	f    float64
}{
	"B/s": {"rate", 1}, "KB/s": {"rate", 1e3}, "MB/s": {"rate", 1e6}, "GB/s": {"rate", 1e9}, "TB/s": {"rate", 1e12},
	"Mbps": {"rate", 1e6 / 8}, "Gbps": {"rate", 1e9 / 8}, "Gb/s": {"rate", 1e9 / 8}, "Tbps": {"rate", 1e12 / 8},
	"B": {"bytes", 1}, "KiB": {"bytes", 1 << 10}, "MiB": {"bytes", 1 << 20}, "GiB": {"bytes", 1 << 30}, "TiB": {"bytes", 1 << 40},
	"KB": {"bytes", 1e3}, "MB": {"bytes", 1e6}, "GB": {"bytes", 1e9}, "TB": {"bytes", 1e12},
	"ns": {"time", 1e-9}, "µs": {"time", 1e-6}, "us": {"time", 1e-6}, "ms": {"time", 1e-3}, "s": {"time", 1},
	"%": {"pct", 1}, "×": {"ratio", 1}, "倍": {"ratio", 1},
	"步": {"count", 1}, "轮": {"count", 1}, "step": {"count", 1}, "steps": {"count", 1}, "round": {"count", 1}, "rounds": {"count", 1},
}

// hides reports whether value v of kind k is one of the answers.
func (m *Masker) hides(k string, v float64) bool {
	if k != m.Kind {
		return false
	}
	for _, a := range m.Values {
		if k == "count" {
			if v == math.Round(a) {
				return true
			}
			continue
		}
		d := math.Abs(v-a) / math.Max(math.Abs(a), 1e-300)
		if d <= max(m.Tol, MaskTolerance) || len(m.Others) > 0 && d <= ChoiceTolerance && m.nearest(v, d) {
			return true
		}
	}
	return false
}

// nearest reports whether v, at relative distance d from an answer, is
// farther from every wrong option.
func (m *Masker) nearest(v, d float64) bool {
	for _, o := range m.Others {
		if math.Abs(v-o)/math.Max(math.Abs(o), 1e-300) <= d {
			return false
		}
	}
	return true
}

// Text is s with the answers replaced by "?" (a count keeps its unit:
// "共 ? 步"). A nil masker leaves s as it is.
func (m *Masker) Text(s string) string {
	if m == nil || s == "" {
		return s
	}
	ms := quantities(s)
	if ms == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, x := range ms {
		v, err := strconv.ParseFloat(x.num, 64)
		if err != nil {
			continue
		}
		k, f := "", 1.0
		switch u, ok := unitKinds[x.unit]; {
		case ok:
			k, f = u.kind, u.f
		case strings.HasPrefix(x.pre, "×"):
			k = "ratio"
		case x.pre != "":
			k = "count" // 共 3, of 3
		default:
			continue
		}
		if !m.hides(k, v*f) {
			continue
		}
		b.WriteString(s[last:x.start])
		if k == "count" {
			b.WriteString(x.pre + "?" + x.space + x.unit)
		} else {
			b.WriteString("?")
		}
		last = x.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// isNumWord reports whether c continues an ASCII word or number.
func isNumWord(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.'
}

// HTML is Text applied to the text of an HTML or SVG fragment, between its
// tags (attribute values are left alone, except that a <title> is text).
func (m *Masker) HTML(h string) string {
	if m == nil || h == "" {
		return h
	}
	var b strings.Builder
	for h != "" {
		i := strings.IndexByte(h, '<')
		if i < 0 {
			b.WriteString(m.Text(h))
			break
		}
		b.WriteString(m.Text(h[:i]))
		j := strings.IndexByte(h[i:], '>')
		if j < 0 {
			b.WriteString(h[i:])
			break
		}
		b.WriteString(h[i : i+j+1])
		h = h[i+j+1:]
	}
	return b.String()
}

// masker is the open lesson's pending question's Masker: the first
// question not answered, which the revealed blocks end with (nil when
// every question is answered).
func (c *Lessons) masker() *Masker {
	l := c.cur()
	if l == nil {
		return nil
	}
	q := 0
	for i, b := range l.Blocks {
		if b.Kind != BlockQuestion {
			continue
		}
		if q == len(c.ans) {
			return MaskerOf(b, c.answer(i, b))
		}
		q++
	}
	return nil
}

// maskedView is a view as a lesson shows it while a question is pending:
// built as itself, then its text, its tooltips and its inline SVG passed
// through the masker; a component it nests is masked the same way.
type maskedView struct {
	inner vugu.Builder
	l     *Lessons
}

// masked is the stable wrapper of view component v (one per component, so
// the build environment sees the same component on every render).
func (c *Lessons) masked(v vugu.Builder) vugu.Builder {
	if v == nil {
		return nil
	}
	if c.wrappers == nil {
		c.wrappers = map[vugu.Builder]*maskedView{}
	}
	w, ok := c.wrappers[v]
	if !ok {
		w = &maskedView{inner: v, l: c}
		c.wrappers[v] = w
	}
	return w
}

// Build builds the view and masks what it shows.
func (w *maskedView) Build(in *vugu.BuildIn) *vugu.BuildOut {
	out := w.inner.Build(in)
	m := w.l.masker()
	if m == nil || out == nil {
		return out
	}
	for i, comp := range out.Components {
		out.Components[i] = w.l.masked(comp)
	}
	for _, n := range out.Out {
		w.maskNode(n, m)
	}
	return out
}

// maskNode masks n and everything under it.
func (w *maskedView) maskNode(n *vugu.VGNode, m *Masker) {
	for ; n != nil; n = n.NextSibling {
		if b, ok := n.Component.(vugu.Builder); ok {
			n.Component = w.l.masked(b)
		}
		switch {
		case n.InnerHTML != nil:
			h := m.HTML(*n.InnerHTML)
			n.InnerHTML = &h
		case n.Type == vugu.TextNode:
			n.Data = m.Text(n.Data)
		}
		for i, a := range n.Attr {
			if a.Key == "title" || a.Key == "aria-label" {
				n.Attr[i].Val = m.Text(a.Val)
			}
		}
		w.maskNode(n.FirstChild, m)
	}
}
