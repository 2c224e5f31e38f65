package prim

import "github.com/ccplay/ccplay/core/fielderr"

// CheckInputs verifies that inputs has one buffer per rank of the length the
// Spec implies; a nil buffer is accepted only where the input is not
// significant. It returns a *fielderr.Error on field "inputs".
func CheckInputs[T Elem](s Spec, inputs [][]T) error {
	if len(inputs) != s.Ranks {
		return fielderr.New("inputs", "prim.inputs.len", s.Ranks, len(inputs))
	}
	for r, in := range inputs {
		want := s.InLen(r)
		if want == Undefined {
			if in != nil && len(in) != 0 {
				return fielderr.New("inputs", "prim.inputs.not_significant", r, r, s.Collective, s.Root)
			}
			continue
		}
		if in == nil && want > 0 {
			return fielderr.New("inputs", "prim.inputs.null", r, r, want)
		}
		if len(in) != want {
			return fielderr.New("inputs", "prim.inputs.count", r, r, want, s.Collective, len(in))
		}
	}
	return nil
}

// Reference computes what the collective must leave in every rank's receive
// buffer, straight from the definition (no algorithm, no communication).
// outputs[r] is nil where MPI leaves the buffer undefined. Reductions fold
// ranks in order 0, 1, …, P−1. Runs in O(P·S) time; inputs are not modified.
func Reference[T Elem](s Spec, inputs [][]T) ([][]T, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := CheckInputs(s, inputs); err != nil {
		return nil, err
	}
	p := s.Ranks
	out := make([][]T, p)
	switch s.Collective {
	case SendRecv:
		for r := range out {
			out[r] = clone(inputs[(r-1+p)%p])
		}
	case Broadcast:
		for r := range out {
			out[r] = clone(inputs[s.Root])
		}
	case Scatter:
		off := Offsets(s.Blocks())
		for r := range out {
			out[r] = clone(inputs[s.Root][off[r]:off[r+1]])
		}
	case Gather:
		out[s.Root] = concat(inputs)
	case AllGather:
		all := concat(inputs)
		for r := range out {
			out[r] = clone(all)
		}
	case Reduce:
		out[s.Root] = fold(s.Op, inputs, 0, s.Count)
	case AllReduce:
		all := fold(s.Op, inputs, 0, s.Count)
		for r := range out {
			out[r] = clone(all)
		}
	case ReduceScatter:
		off := Offsets(s.Blocks())
		for r := range out {
			out[r] = fold(s.Op, inputs, off[r], off[r+1])
		}
	case AllToAll:
		m := s.Matrix()
		for j := range out {
			out[j] = make([]T, 0, s.OutLen(j))
		}
		for i, row := range m {
			off := Offsets(row)
			for j := range row {
				out[j] = append(out[j], inputs[i][off[j]:off[j+1]]...)
			}
		}
	}
	return out, nil
}

// fold reduces elements [lo, hi) of every rank's buffer in rank order.
func fold[T Elem](op Op, inputs [][]T, lo, hi int) []T {
	acc := clone(inputs[0][lo:hi])
	for _, in := range inputs[1:] {
		Combine(op, acc, in[lo:hi])
	}
	return acc
}

func clone[T Elem](b []T) []T { return append(make([]T, 0, len(b)), b...) }

func concat[T Elem](bs [][]T) []T {
	var out []T
	for _, b := range bs {
		out = append(out, b...)
	}
	if out == nil {
		out = []T{}
	}
	return out
}
