package job

import (
	"fmt"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Experiment2 is the lecture's Experiment 2: the three collectives, in
// order; the program of a launch that names none.
var Experiment2 = []prim.Collective{prim.AllReduce, prim.AllGather, prim.ReduceScatter}

// MaxRanks caps the ranks of a launch or a benchmark: every rank of a
// launch is an OS process and the TCP mesh has P(P−1)/2 connections.
const MaxRanks = 64

// MaxCount caps the elements per rank and call: 2^25 doubles = 256 MiB,
// the largest size of the Open MPI comparison. Every rank also builds all
// ranks' inputs and reference outputs to verify its result, so a rank's
// memory grows with P·count, and with P²·count for AllToAll, AllGather
// and ReduceScatter: Launch checks it against the memory available
// (RankBytes).
const MaxCount = 1 << 25

// Call is one collective call of the program every rank runs: the same
// list on every rank, so call i has sequence number i+1 everywhere.
type Call struct {
	Spec      prim.Spec
	Algorithm sched.Algorithm
	Input     string // how rank r's send buffer is filled, for people
}

// Program lists the calls for np ranks: collectives in the given order,
// each with algorithm alg (empty: sched.DefaultFor the collective), count
// elements (0: the lecture's sizes: a 4-element AllReduce vector,
// 1-element blocks for the rest). Auto and an algorithm a collective lacks
// are refused on field "algorithm". O(len(colls)).
func Program(np int, colls []prim.Collective, alg sched.Algorithm, count int) ([]Call, error) {
	var calls []Call
	for _, c := range colls {
		a := alg
		if a == "" {
			a = sched.DefaultFor(c)
		}
		if a == sched.Auto {
			return nil, fielderr.On("algorithm", fmt.Errorf("auto picks by the cost model; name a concrete algorithm for real runs: %s", joinAlgs(sched.Applicable(c))))
		}
		if sched.Check(c, a) != nil {
			return nil, fielderr.On("algorithm", fmt.Errorf("%s has no %s schedule; for %s use one of: %s", a, c, c, joinAlgs(sched.Applicable(c))))
		}
		n := count
		if n == 0 {
			n = 1
			if c == prim.AllReduce {
				n = 4
			}
		}
		sp := prim.Spec{Collective: c, Ranks: np, Op: prim.Sum, Count: n}
		calls = append(calls, Call{Spec: sp, Algorithm: a, Input: inputText(c, n)})
	}
	return calls, nil
}

func joinAlgs(as []sched.Algorithm) string {
	s := make([]string, len(as))
	for i, a := range as {
		s[i] = string(a)
	}
	return strings.Join(s, ", ")
}

// inputText describes inputValue for people.
func inputText(c prim.Collective, n int) string {
	switch c {
	case prim.AllReduce:
		return fmt.Sprintf("ones(%d)×(rank+1)", n)
	case prim.AllGather:
		return "rank×100"
	case prim.ReduceScatter:
		return "(rank+1)×10"
	}
	return "rank×100 + index"
}

// inputValue is element k of rank r's send buffer: the lecture's
// Experiment 2 inputs for its three collectives, rank×100 + k otherwise.
func inputValue(c prim.Collective, r, k int) float64 {
	switch c {
	case prim.AllReduce:
		return float64(r + 1)
	case prim.AllGather:
		return float64(r * 100)
	case prim.ReduceScatter:
		return float64((r + 1) * 10)
	}
	return float64(r*100 + k)
}

// inputs are every rank's send buffers for the call (nil where the
// collective takes none). O(P·count).
func (c Call) inputs() [][]float64 {
	in := make([][]float64, c.Spec.Ranks)
	for r := range in {
		n := c.Spec.InLen(r)
		if n == prim.Undefined {
			continue
		}
		in[r] = make([]float64, n)
		for k := range in[r] {
			in[r][k] = inputValue(c.Spec.Collective, r, k)
		}
	}
	return in
}
