// Package lecture reproduces the lecture's Experiments 1, 3 and 4 (§7) with
// the core's own schedules and cost model, as data; the CLI prints them in
// the lecture's layout and the tests hold them to the lecture's printed numbers.
// HotExpertAllToAll adds the uneven case of Experiment 4 that the lecture
// describes in words: a popular expert's rank receiving more tokens.
// RunStreams steps thinking problem 2 (§9.3, SideStreamProgram): a
// collective on a side stream without wait_stream, to the hang.
package lecture

import (
	"fmt"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// Snapshot is every rank's buffer after one round of Experiment 1.
type Snapshot struct {
	Phase   string // "reduce-scatter" or "allgather"
	Step    int    // 1-based within the phase
	Buffers [][]float64
}

// Experiment1 is the lecture's ring AllReduce simulation: P ranks, rank i
// holding n copies of i+1; it returns the initial buffers, one snapshot per
// round (2(P−1) in all) and the final buffers, all executed by the ring
// schedule of package sched. Any n ≥ 0 works, divisible by P or not.
func Experiment1(p, n int) (initial [][]float64, steps []Snapshot, final [][]float64, err error) {
	sp := prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: prim.Sum}
	s, err := sched.Build(sp, sched.Ring, sched.Options{})
	if err != nil {
		return nil, nil, nil, err
	}
	initial = make([][]float64, p)
	for i := range initial {
		initial[i] = make([]float64, n)
		for j := range initial[i] {
			initial[i][j] = float64(i + 1)
		}
	}
	run, err := sim.NewRun(s, initial)
	if err != nil {
		return nil, nil, nil, err
	}
	step := 0
	for !run.Done() {
		phase := s.Rounds[run.Round()].Phase
		if len(steps) > 0 && steps[len(steps)-1].Phase != phase {
			step = 0
		}
		run.Step()
		step++
		snap := Snapshot{Phase: phase, Step: step, Buffers: make([][]float64, p)}
		for r := range snap.Buffers {
			snap.Buffers[r] = append([]float64(nil), run.Work(r)...)
		}
		steps = append(steps, snap)
	}
	return initial, steps, run.Outputs(), nil
}

// Exp3Row is one line of Experiment 3's table: AllReduce times in seconds.
type Exp3Row struct {
	Ranks             int
	Naive, Ring, Tree float64
}

// Experiment3Ranks are the communicator sizes of the lecture's table.
var Experiment3Ranks = []int{4, 8, 16, 64, 256, 1024}

// Experiment3 prices AllReduce of 100 MiB (the lecture's "100 MB" is
// 100·1024·1024 bytes) over 50 GB/s (10⁹ B/s) links with α = 5 µs for the
// naive master, ring and the lecture's tree model.
func Experiment3() ([]Exp3Row, error) {
	var rows []Exp3Row
	for _, p := range Experiment3Ranks {
		row := Exp3Row{Ranks: p}
		for _, a := range []struct {
			alg sched.Algorithm
			dst *float64
		}{{sched.Naive, &row.Naive}, {sched.Ring, &row.Ring}, {sched.Tree, &row.Tree}} {
			r, err := cost.Evaluate(cost.Params{Collective: prim.AllReduce, Algorithm: a.alg, Ranks: p,
				Size: 100 << 20, ElemSize: 4, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6})
			if err != nil {
				return nil, err
			}
			*a.dst = r.TimeS
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// Experiment4 is the MoE AllToAll of the lecture: GPU i holds one token for
// each expert j, "Token_G{i}->E{j}"; after the pairwise AllToAll GPU j holds
// the tokens of every GPU for its expert. Tokens travel as int64 ids
// (i·P + j) through the real schedule and are named again on arrival.
func Experiment4(p int) (before, after [][]string, err error) {
	sp := prim.Spec{Collective: prim.AllToAll, Ranks: p, Count: 1}
	s, err := sched.Build(sp, sched.Pairwise, sched.Options{})
	if err != nil {
		return nil, nil, err
	}
	in := make([][]int64, p)
	before = make([][]string, p)
	for i := range in {
		for j := 0; j < p; j++ {
			in[i] = append(in[i], int64(i*p+j))
			before[i] = append(before[i], token(p, int64(i*p+j)))
		}
	}
	out, err := sim.Execute(s, in)
	if err != nil {
		return nil, nil, err
	}
	after = make([][]string, p)
	for j, buf := range out {
		for _, id := range buf {
			after[j] = append(after[j], token(p, id))
		}
	}
	return before, after, nil
}

func token(p int, id int64) string {
	return fmt.Sprintf("Token_G%d->E%d", id/int64(p), id%int64(p))
}
