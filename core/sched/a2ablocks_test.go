package sched_test

import (
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestAllToAllEqualCountsTwoWays: every AllToAll algorithm builds the same
// schedule — layout, rounds, offsets — from equal counts (block offsets as
// products, no matrix) as from a SendCounts matrix holding that count
// everywhere (offsets from tabulated prefix sums), and both verify.
func TestAllToAllEqualCountsTwoWays(t *testing.T) {
	for _, a := range sched.Applicable(prim.AllToAll) {
		for _, p := range []int{1, 2, 3, 5, 8, 13, 32} {
			for _, n := range []int{0, 1, 3, 64} {
				even := prim.Spec{Collective: prim.AllToAll, Ranks: p, Count: n}
				matrix := even
				matrix.SendCounts = make([][]int, p)
				for i := range matrix.SendCounts {
					matrix.SendCounts[i] = make([]int, p)
					for j := range matrix.SendCounts[i] {
						matrix.SendCounts[i][j] = n
					}
				}
				x, err := sched.Build(even, a, sched.Options{})
				if err != nil {
					t.Fatalf("%s P=%d n=%d: %v", a, p, n, err)
				}
				y, err := sched.Build(matrix, a, sched.Options{})
				if err != nil {
					t.Fatalf("%s P=%d n=%d, matrix: %v", a, p, n, err)
				}
				if err := x.Verify(); err != nil {
					t.Fatalf("%s P=%d n=%d: Verify: %v", a, p, n, err)
				}
				if !reflect.DeepEqual(x.Rounds, y.Rounds) || !reflect.DeepEqual(x.In, y.In) || !reflect.DeepEqual(x.Out, y.Out) || !reflect.DeepEqual(x.WorkLen, y.WorkLen) {
					t.Errorf("%s P=%d n=%d: equal counts and an equal matrix build different schedules", a, p, n)
				}
			}
		}
	}
}
