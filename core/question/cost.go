package question

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Cost is a cost question read from its fields: the parameters core
// prices and every input with its value and source.
type Cost struct {
	Params cost.Params
	Inputs field.Inputs
}

// ReadCost reads a cost question. Sizes accept B, KB…PB and KiB…PiB;
// bandwidths bits (Gbps, Gb/s) or bytes (GB/s, GiB/s) per second, per
// direction; latency a duration with its unit; gamma seconds per byte
// reduced (a plain number such as 2e-12); efficiency a fraction or
// percent. Every field is read; the error, when any field is refused, is a
// fielderr.List naming each (checks that join several fields run once the
// fields they join are accepted).
func ReadCost(get field.Lookup) (Cost, error) {
	f := field.NewForm(get, costDefaults)
	p := readCost(f)
	return Cost{Params: p, Inputs: f.In}, f.Err()
}

// CostParams is ReadCost's parameters, for callers that need no inputs.
func CostParams(get field.Lookup) (cost.Params, error) {
	q, err := ReadCost(get)
	return q.Params, err
}

// readCost reads the cost fields of f into parameters.
func readCost(f *field.Form) cost.Params {
	var p cost.Params
	p.Collective = read(f, "collective", prim.ParseCollective)
	p.Algorithm = readAlgorithm(f, p.Collective)
	p.Ranks = f.Int("ranks", 1, prim.MaxRanks)
	p.Size = f.Size("size")
	l := f.Link("preset", "bandwidth", "latency")
	p.Bandwidth, p.Latency = l.Bandwidth, l.Alpha
	p.Gamma = f.Float("gamma", 0, 1, msg.New("question.gamma.unit"))
	p.Efficiency = f.Fraction("efficiency")
	if f.OK("ranks") {
		p.Root = f.Int("root", 0, p.Ranks-1)
	}
	p.ElemSize = read(f, "dtype", cost.ParseDType).Size
	p.Chunks = f.Int("chunks", 0, 1<<40)
	if p.Root != 0 && f.OK("collective") && !p.Collective.Rooted() {
		f.Fail(fielderr.New("root", "question.root.unrooted", string(p.Collective), p.Root))
	}
	readTopology(f, &p)
	p.CostModel = f.Choice("model", cost.ModelAlphaBeta, cost.ModelNCCL)
	readNCCL(f, &p)
	readFabric(f, &p)
	if len(f.Errs) == 0 {
		f.Fail(p.Validate())
	}
	return p
}

// readAlgorithm reads the algorithm: the one named, checked against the
// collective, or the collective's default (sched.DefaultFor).
func readAlgorithm(f *field.Form, c prim.Collective) sched.Algorithm {
	if !f.Given("algorithm") {
		if !f.OK("collective") {
			return ""
		}
		a := sched.DefaultFor(c)
		f.Set("algorithm", string(a), field.Default)
		return a
	}
	a := read(f, "algorithm", sched.ParseAlgorithm)
	if f.OK("collective", "algorithm") {
		if err := sched.Check(c, a); err != nil {
			f.Fail(err)
		}
	}
	return a
}

// read reads name with a parser of text into a value, recording it with
// its source (given or default).
func read[T any](f *field.Form, name string, parse func(string) (T, error)) T {
	var v T
	s := f.Text(name)
	if f.Bad(name) {
		return v
	}
	v, err := parse(s)
	if err != nil {
		f.Fail(fielderr.On(name, err))
		return v
	}
	f.Set(name, canonical(v), f.From(name))
	return v
}

// canonical is the value an input records for a parsed name: its ID.
func canonical(v any) any {
	switch x := v.(type) {
	case prim.Collective:
		return string(x)
	case sched.Algorithm:
		return string(x)
	case cost.DType:
		return x.Name
	}
	return v
}
