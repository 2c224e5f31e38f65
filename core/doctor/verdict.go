package doctor

import (
	"errors"
	"math"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/units"
)

// Row is one measured point beside the model: the log's busbw (Point),
// what the model expects at that size, their ratio, and the size's
// regime.
type Row struct {
	Point
	Expected Expected `json:"expected"`
	Fraction float64  `json:"fraction"` // measured ÷ expected busbw
	Regime   string   `json:"regime"`
	Departs  bool     `json:"departs"`
}

// Peak is the highest busbw the log measured against the model's peak
// (its bandwidth term alone at PeakSize) on the same hardware.
type Peak struct {
	Line      int     `json:"line"`
	SizeBytes int64   `json:"size_bytes"`
	BusBwGBs  float64 `json:"busbw_GBps"`
	ModelGBs  float64 `json:"model_GBps"`
	Algorithm string  `json:"algorithm"`
	Protocol  string  `json:"protocol,omitempty"`
	Fraction  float64 `json:"fraction"`
	Text      Text    `json:"text"`
}

// Verdict is doctor's answer about one log: the one-line Summary first,
// then the rows beside the model, per regime, the peak, and the causes the
// log shows. Every sentence is a Text (a message ID and its arguments).
type Verdict struct {
	Class string `json:"class"`
	// Summary is the one-line verdict; Fraction the mean fraction of
	// expected over the bandwidth-bound points (0 when not judged).
	Summary  Text    `json:"summary"`
	Fraction float64 `json:"fraction"`
	// Elsewhere follows the Summary: one sentence per regime that does not
	// decide the class and whose rows reach, on average, a fraction of
	// expected outside the regime's Range on the other side of the class
	// (a run normal at 1 GiB and at half the model in the middle is not
	// normal for a user of 64 MiB). Empty when there is none.
	Elsewhere []Text `json:"elsewhere"`
	// Basis is the question asked of the model; nil when there is none
	// (no preset for the GPU, no ranks, …: Summary says why).
	Basis   *Basis   `json:"basis"`
	Rows    []Row    `json:"rows"`
	Regimes []Regime `json:"regimes"`
	Peak    *Peak    `json:"peak"`
	// Causes are the likely reasons the log shows (Causes), whatever the
	// class; Gap says "nothing in the log explains the gap" when the class
	// is below or far below and there are none.
	Causes []Cause `json:"causes"`
	Gap    *Text   `json:"gap"`
	// Notes are what the verdict rests on: the model's known error and
	// how the verdict uses it, other tables left unjudged.
	Notes []Note `json:"notes"`
	// Inference is what the log says about the system; Cut where a log
	// stops early; Problems the lines that could not be read.
	Inference Inference      `json:"inference"`
	Cut       *nccltests.Cut `json:"cut"`
	Problems  []Text         `json:"problems"`
	// ProblemsMore counts the problems beyond the MaxShownProblems listed.
	ProblemsMore int `json:"problems_more,omitempty"`
	// Headline is the log's structural problem when it has one (not text,
	// no table, cut off mid-row …): what a person must know first.
	Headline *Text `json:"headline,omitempty"`
	// Table is the index of the judged table in the log, TableLine its
	// first row's line; More holds the verdicts of the log's further
	// tables, one per table (set on the first verdict only).
	Table     int        `json:"table"`
	TableLine int        `json:"table_line,omitempty"`
	More      []*Verdict `json:"more,omitempty"`

	refused *fielderr.Error
}

// MaxPoints caps the measured points a verdict sets against the model
// (cost.MaxRows, two per row for out-of-place and in-place): a few
// milliseconds of the model, whatever the log.
const MaxPoints = 2 * cost.MaxRows

// Judge diagnoses an nccl-tests log and sets its rows against the model.
// Bad options return a nil *Verdict and a *fielderr.Error naming the
// option. Otherwise the *Verdict is never nil, and the error is the log's
// first problem (nccltests.Read: a line it could not read, a cut, no
// table; or a row faster than the hardware can be), with what could be
// read still judged. Linear in the log and in its rows.
func Judge(data []byte, o Options) (*Verdict, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	d, err := Diagnose(data)
	v := VerdictOf(d, o)
	if err == nil && v.refused != nil {
		err = v.refused
	}
	return v, err
}

// MaxShownProblems caps the problem lines a verdict lists; ProblemsMore
// counts the rest.
const MaxShownProblems = 10

// VerdictOf judges every table of a diagnosis that has measured points,
// one verdict per table: the first such table's verdict, with the others'
// in its More (o must have passed Check). The log's structural problem —
// not text, no table, cut off — is the Headline. O(rows).
func VerdictOf(d *Diagnosis, o Options) *Verdict {
	var tables []int
	for i := range d.Evidence.Log.Tables {
		if len(finite(Measured(d.Evidence.Log.Tables[i]))) > 0 {
			tables = append(tables, i)
		}
	}
	if len(tables) == 0 {
		v := newVerdict(d, d.Inference)
		v.cannot(say("doctor.cannot.norows"))
		return v.capProblems()
	}
	v := tableVerdict(d, o, tables[0])
	for _, i := range tables[1:] {
		m := tableVerdict(d, o, i)
		v.Problems = append(v.Problems, m.Problems...)
		if v.refused == nil {
			v.refused = m.refused
		}
		m.Problems, m.Headline, m.ProblemsMore = []Text{}, nil, 0
		v.More = append(v.More, m)
	}
	return v.capProblems()
}

// capProblems keeps the first MaxShownProblems problems and counts the
// rest in ProblemsMore.
func (v *Verdict) capProblems() *Verdict {
	if len(v.Problems) > MaxShownProblems {
		v.ProblemsMore += len(v.Problems) - MaxShownProblems
		v.Problems = v.Problems[:MaxShownProblems]
	}
	return v
}

// newVerdict is an empty verdict on the log of d: its causes, the
// inference inf, its cut and problems, and its headline.
func newVerdict(d *Diagnosis, inf Inference) *Verdict {
	ev := d.Evidence
	v := &Verdict{Rows: []Row{}, Regimes: []Regime{}, Causes: d.Causes, Notes: []Note{}, Inference: inf, Cut: ev.Cut, Problems: []Text{}}
	for _, p := range ev.Problems {
		v.Problems = append(v.Problems, textOf(p))
	}
	v.ProblemsMore = ev.ProblemCount - len(ev.Problems)
	v.Headline = headline(ev)
	return v
}

// headline is the log's structural problem, nil when it has none: a
// binary file, no table, or where the log stops early.
func headline(ev *nccltests.Evidence) *Text {
	if len(ev.Problems) > 0 {
		switch p := ev.Problems[0]; p.ID {
		case "nccltests.binary", "nccltests.table.none", "nccltests.table.headless", "nccltests.input.big", "nccltests.json.bad", "nccltests.json.noresults":
			t := textOf(p)
			return &t
		}
	}
	if c := ev.Cut; c != nil {
		t := say(msg.ID("doctor.cut."+c.Where), c.Line)
		return &t
	}
	return nil
}

// tableVerdict sets table k of d against the model, with the layout its
// own "# Rank" lines show (a log of several runs has one list per run).
func tableVerdict(d *Diagnosis, o Options, k int) *Verdict {
	inf := inferTable(d, k)
	v := newVerdict(d, inf)
	table := &d.Evidence.Log.Tables[k]
	points := finite(Measured(*table))
	v.Table, v.TableLine = k, table.Rows[0].Line
	dk := *d
	dk.Inference = inf
	b, why := basisOf(&dk, table, o)
	if why != nil {
		v.cannot(*why)
		return v
	}
	v.Basis = b
	v.Notes = append(v.Notes, modelNote(b))
	if len(points) > MaxPoints {
		v.Notes = append(v.Notes, note(points[MaxPoints].Line, say("doctor.points.max", MaxPoints)))
		points = points[:MaxPoints]
	}
	_, top, _ := b.peak()
	points = v.refuseAbsurd(b, points, top)
	for _, p := range points {
		e, err := b.expect(p.SizeBytes)
		if err != nil || !(e.BusBwGBs > 0) {
			continue // a size the model refuses (e.g. 0 bytes) is left out
		}
		// The ratio of times is the ratio of busbw (nccl-tests divides the
		// same size by the time and scales by the same factor) without the
		// rounding of a busbw printed as 0.00.
		r := Row{Point: p, Expected: e, Fraction: (e.AlphaUs + e.BetaUs) / p.TimeUs, Regime: regimeOf(e.BetaShare())}
		r.Departs = departs(r.Regime, r.Fraction)
		v.Rows = append(v.Rows, r)
	}
	v.Regimes = regimes(v.Rows)
	v.Peak = peakOf(b, v.Rows)
	v.summarize()
	if n := forcedNote(b); n != nil {
		v.Notes = append(v.Notes, *n)
	}
	return v
}

// AbsurdFactor is how many times the model's peak busbw a row may reach
// before it is refused as misprinted: no run beats the hardware's
// physical peak, and the model's peak is within a few tens of percent of
// it, so 10 × is far beyond any measurement error.
const AbsurdFactor = 10

// refuseAbsurd drops the points whose busbw — from their size and time,
// not the printed figure — exceeds AbsurdFactor × the model's peak top:
// each becomes a problem naming its line, and the first the verdict's
// error. When most points are that fast the rows are not misprinted but
// the system is not the log's (a wrong preset given): all are kept, and
// the verdict says the run beats the model. O(points).
func (v *Verdict) refuseAbsurd(b *Basis, points []Point, top float64) []Point {
	if !(top > 0) {
		return points
	}
	var keep []Point
	var bad []Point
	for _, p := range points {
		_, bus := cost.Bandwidths(b.Collective, b.Ranks, p.SizeBytes, p.TimeUs*1e-6)
		if bus/1e9 > AbsurdFactor*top {
			bad = append(bad, p)
		} else {
			keep = append(keep, p)
		}
	}
	if len(bad) == 0 || 2*len(bad) > len(points) {
		return points
	}
	for _, p := range bad {
		err := fielderr.New("nccl-tests", "doctor.row.absurd", p.Line, p.TimeUs, float64(AbsurdFactor), top)
		v.Problems = append(v.Problems, textOf(err))
		if v.refused == nil {
			v.refused = err
		}
	}
	return keep
}

// cannot sets the verdict to "cannot judge" for the given reason.
func (v *Verdict) cannot(why Text) {
	v.Class, v.Summary = ClassCannotJudge, why
}

// summarize writes the class, the summary line and the gap sentence from
// the deciding regime (Regime.Decides).
func (v *Verdict) summarize() {
	var g *Regime
	for i := range v.Regimes {
		if v.Regimes[i].Decides {
			g = &v.Regimes[i]
		}
	}
	if g == nil {
		if len(v.Rows) == 0 {
			v.cannot(say("doctor.cannot.noanswer"))
			return
		}
		last := v.Rows[0]
		for _, r := range v.Rows {
			if r.SizeBytes > last.SizeBytes {
				last = r
			}
		}
		v.cannot(say("doctor.cannot.nobandwidth",
			units.FormatBytes(float64(last.SizeBytes), true), 100*last.Expected.BetaShare(), 100*BandwidthShare))
		return
	}
	v.Fraction = g.Fraction
	v.Class = classOf(g.Name, g.Fraction)
	pct, hw := 100*g.Fraction, v.Basis.Hardware
	if g.Name == RegimeBandwidth {
		switch v.Class {
		case ClassNormal:
			v.Summary = say("doctor.summary.normal", pct, hw)
		case ClassBelow:
			v.Summary = say("doctor.summary.below", pct, hw)
		case ClassFarBelow:
			v.Summary = say("doctor.summary.farbelow", pct, hw)
		default:
			v.Summary = say("doctor.summary.above", pct, hw, v.Basis.System)
		}
	} else {
		name := regimeName(g.Name)
		switch v.Class {
		case ClassNormal:
			v.Summary = say("doctor.summary.other.normal", name, pct, hw)
		case ClassBelow:
			v.Summary = say("doctor.summary.other.below", name, pct, hw)
		case ClassFarBelow:
			v.Summary = say("doctor.summary.other.farbelow", name, pct, hw)
		default:
			v.Summary = say("doctor.summary.other.above", name, pct, hw, v.Basis.System)
		}
	}
	if (v.Class == ClassBelow || v.Class == ClassFarBelow) && len(v.Causes) == 0 {
		g := say("doctor.gap")
		v.Gap = &g
	}
	v.Elsewhere = elsewhere(v.Class, v.Regimes)
}

// elsewhere is a sentence for each regime that does not decide the class
// and whose mean fraction of expected is outside its Range on the other
// side of what the class says (below under a normal or above class, above
// under a normal or below one: a regime below with the class below adds
// nothing the summary does not say), in the order of the regimes; empty
// when there is none.
func elsewhere(class string, gs []Regime) []Text {
	out := []Text{}
	for _, g := range gs {
		if g.Decides || !departs(g.Name, g.Fraction) {
			continue
		}
		id := msg.ID("doctor.elsewhere.below")
		if g.Fraction > g.Ceiling {
			if class == ClassAbove {
				continue
			}
			id = "doctor.elsewhere.above"
		} else if class == ClassBelow || class == ClassFarBelow {
			continue
		}
		span := units.FormatBytes(float64(g.MinBytes), true)
		if g.MaxBytes != g.MinBytes {
			span += " – " + units.FormatBytes(float64(g.MaxBytes), true)
		}
		out = append(out, say(id, regimeName(g.Name), span, 100*g.Fraction, 100*g.Floor, 100*g.Ceiling))
	}
	return out
}

// modelNote states what the expectation predicts, the model's known error
// and how the verdict uses it. With NCCL_ALGO or NCCL_PROTO forced the
// prediction is of the tuner's choice among what the setting leaves
// enabled, and the note names the setting; NCCL_BUFFSIZE alone leaves the
// choice to the tuner.
func modelNote(b *Basis) Note {
	if b.Model == cost.ModelNCCL {
		lf, lc := Range(RegimeLatency)
		mf, mc := Range(RegimeMiddle)
		bf, bc := Range(RegimeBandwidth)
		if set := choiceKnobs(b.Forced); set != "" {
			return note(0, say("doctor.note.nccl.forced", cost.NCCLVersion, set, 100*lf, 100*lc, 100*mf, 100*mc, 100*bf, 100*bc))
		}
		return note(0, say("doctor.note.nccl", cost.NCCLVersion, 100*lf, 100*lc, 100*mf, 100*mc, 100*bf, 100*bc))
	}
	return note(0, say("doctor.note.alphabeta", b.Collective, b.System))
}

// peakOf is the highest measured busbw against the model's peak.
func peakOf(b *Basis, rows []Row) *Peak {
	if len(rows) == 0 {
		return nil
	}
	best := rows[0]
	for _, r := range rows[1:] {
		if r.BusBwGBs > best.BusBwGBs {
			best = r
		}
	}
	e, model, err := b.peak()
	if err != nil || !(model > 0) {
		return nil
	}
	p := &Peak{Line: best.Line, SizeBytes: best.SizeBytes, BusBwGBs: best.BusBwGBs, ModelGBs: model, Algorithm: e.Algorithm, Protocol: e.Protocol, Fraction: best.BusBwGBs / model}
	p.Text = say("doctor.peak",
		p.BusBwGBs, units.FormatBytes(float64(p.SizeBytes), true), p.Line, 100*p.Fraction, model, b.Hardware)
	return p
}

// finite keeps the points whose busbw is a finite number ≥ 0 (a log may
// print "nan" or "inf"; JSON carries neither).
func finite(pts []Point) []Point {
	out := pts[:0:0]
	for _, p := range pts {
		if !math.IsNaN(p.BusBwGBs) && !math.IsInf(p.BusBwGBs, 0) && p.BusBwGBs >= 0 {
			out = append(out, p)
		}
	}
	return out
}

// Answer is what `ccplay doctor --json` prints and POST /api/v1/doctor
// answers: the verdict and, when a line of the log could not be read (or
// it has no table), that first problem, naming the line — what could be
// read is still judged.
type Answer struct {
	Verdict *Verdict `json:"verdict"`
	Error   *Problem `json:"error,omitempty"`
}

// Problem is a log's first problem in the API's error shape (field "log").
type Problem struct {
	Error string `json:"error"`
	Field string `json:"field"`
}

// AnswerOf pairs a verdict with Judge's error about the log.
func AnswerOf(v *Verdict, logErr error) Answer {
	a := Answer{Verdict: v}
	if logErr != nil {
		msg := logErr.Error()
		var fe *fielderr.Error
		if errors.As(logErr, &fe) {
			msg = fe.Msg
		}
		a.Error = &Problem{Error: msg, Field: "log"}
	}
	return a
}

// Reaches reports whether the verdict passes an acceptance gate of
// fraction f: something was judged and the bandwidth-bound rows reach at
// least f of expected (`ccplay doctor --fail-below`). A verdict that could
// judge nothing never passes, so a gate fails closed. O(1).
func (v *Verdict) Reaches(f float64) bool {
	return v.Class != ClassCannotJudge && v.Fraction >= f
}
