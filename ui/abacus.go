package ui

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/prim"
)

// Abacus is the "abacus" view of the lecture's §3: every rank's buffer
// before and after the chosen collective on 4 ranks, with the lecture's
// example values by default and every value editable. The after row is
// prim.Reference, the collective's definition.
type Abacus struct {
	S  *State
	in map[prim.Collective]*[AbacusRanks]string // each collective's inputs, once edited or shown
	op prim.Op                                  // the reduce operator ("" = sum)
}

// Intro says what the abacus shows and, where the collective's control is
// above it (the abacus tab, or embedded with &controls=1), to pick the
// collective there; an embed without controls and a lesson (whose own
// controls are labelled) have no such control to point at.
func (c *Abacus) Intro() string {
	s := c.S
	if s.View == "abacus" && (!s.Embed || s.EmbedControls) {
		sep := " "
		if s.Lang == "zh" {
			sep = "" // Chinese sentences follow 。 without a space
		}
		return s.T("ab.intro") + sep + s.T("ab.pick")
	}
	return s.T("ab.intro")
}

// AbacusRanks is the abacus's rank count: the lecture's 4.
const AbacusRanks = 4

// abacusDefaults are the lecture's §3.1–§3.8 examples, per
// collective, as the text of each rank's buffer ("" = not significant).
// AllGather's A, B, C, D are written 1, 2, 3, 4; AllToAll's block i→j 10i+j.
var abacusDefaults = map[prim.Collective][AbacusRanks]string{
	prim.SendRecv:      {"1", "2", "3", "4"},
	prim.Broadcast:     {"99", "", "", ""},
	prim.Scatter:       {"10, 20, 30, 40", "", "", ""},
	prim.Gather:        {"1", "2", "3", "4"},
	prim.Reduce:        {"10", "20", "30", "40"},
	prim.AllReduce:     {"1", "2", "3", "4"},
	prim.ReduceScatter: {"1, 1, 1, 1", "2, 2, 2, 2", "3, 3, 3, 3", "4, 4, 4, 4"},
	prim.AllGather:     {"1", "2", "3", "4"},
	prim.AllToAll:      {"0, 1, 2, 3", "10, 11, 12, 13", "20, 21, 22, 23", "30, 31, 32, 33"},
}

// inputs are the current collective's inputs (the lecture's example until
// edited).
func (c *Abacus) inputs() *[AbacusRanks]string {
	if c.in == nil {
		c.in = map[prim.Collective]*[AbacusRanks]string{}
	}
	coll := c.S.P.Collective
	if c.in[coll] == nil {
		d := abacusDefaults[coll]
		c.in[coll] = &d
	}
	return c.in[coll]
}

// AbacusOp is the reduce operator (sum by default).
func (c *Abacus) AbacusOp() prim.Op {
	if c.op == "" {
		return prim.Sum
	}
	return c.op
}

// SetAbacusOp sets the reduce operator from its name (sum, prod, max, min).
func (c *Abacus) SetAbacusOp(v string) {
	defer c.S.guard()
	if op, err := prim.ParseOp(v); err == nil {
		c.op = op
	}
}

// OpOptions lists the reduce operators.
func (c *Abacus) OpOptions() []Option {
	var out []Option
	for _, op := range prim.Ops() {
		out = append(out, Option{Value: string(op), Label: c.S.T("op." + string(op)), Selected: op == c.AbacusOp()})
	}
	return out
}

// SetAbacus sets rank r's buffer text.
func (c *Abacus) SetAbacus(r int, v string) {
	defer c.S.guard()
	if r >= 0 && r < AbacusRanks {
		c.inputs()[r] = v
	}
}

// ResetAbacus restores the lecture's example for the collective (and sum).
func (c *Abacus) ResetAbacus() {
	defer c.S.guard()
	c.op = ""
	*c.inputs() = abacusDefaults[c.S.P.Collective]
}

// AbacusRow is one rank: its input text, its inline error, and its output.
type AbacusRow struct {
	Rank, In, Err, Out string
	Significant        bool
}

// parseInts reads "1, 2, 3" (commas or spaces) as int64s.
func parseInts(t string) ([]int64, error) {
	f := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == '，' })
	out := make([]int64, 0, len(f))
	for _, x := range f {
		v, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// abacusSpec is the call on 4 ranks whose per-rank input lengths match the
// text of the root (or rank 0): Count is that length, divided by P for the
// collectives whose input holds P blocks.
func (c *Abacus) abacusSpec(in *[AbacusRanks]string) prim.Spec {
	coll, p := c.S.P.Collective, c.S.P
	root := 0
	if coll.Rooted() && p.Root < AbacusRanks {
		root = p.Root
	}
	v, _ := parseInts(in[root])
	n := len(v)
	switch coll {
	case prim.Scatter, prim.ReduceScatter, prim.AllToAll:
		n /= AbacusRanks
	}
	return prim.Spec{Collective: coll, Ranks: AbacusRanks, Root: root, Op: c.AbacusOp(), Count: max(n, 1)}
}

// AbacusRows runs prim.Reference on the inputs; a rank whose text is not
// numbers, or whose length the call does not accept, gets an inline error
// that says what is accepted, and the after column stays empty until fixed.
func (c *Abacus) AbacusRows() []AbacusRow {
	s, in := c.S, c.inputs()
	sp := c.abacusSpec(in)
	rows := make([]AbacusRow, AbacusRanks)
	inputs := make([][]int64, AbacusRanks)
	ok := true
	for r := range rows {
		rows[r] = AbacusRow{Rank: strconv.Itoa(r), In: in[r]}
		want := sp.InLen(r)
		rows[r].Significant = want != prim.Undefined
		v, err := parseInts(in[r])
		switch {
		case err != nil:
			rows[r].Err, ok = s.T("ab.notnum"), false
		case want != prim.Undefined && len(v) != want:
			rows[r].Err, ok = s.Tf("ab.len", want, len(v)), false
		case want != prim.Undefined:
			inputs[r] = v
		}
	}
	if !ok {
		return rows
	}
	out, err := prim.Reference(sp, inputs)
	if err != nil {
		rows[0].Err = s.ErrMsg(err)
		return rows
	}
	for r := range rows {
		if out[r] == nil {
			rows[r].Out = s.T("ab.undef")
			continue
		}
		rows[r].Out = "[" + joinInts(out[r]) + "]"
	}
	return rows
}

func joinInts(v []int64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(parts, ", ")
}

// AbacusTitle names the collective and what it does, in the lecture's words.
func (c *Abacus) AbacusTitle() string {
	s := c.S
	return s.CollName(string(s.P.Collective)) + " · " + s.T("ab.what."+string(s.P.Collective))
}

// AbacusInClass is the CSS class of a rank's input.
func (r AbacusRow) InClass() string {
	if r.Err != "" {
		return "bad"
	}
	if !r.Significant {
		return "unused"
	}
	return ""
}
