package fabric

import "github.com/ccplay/ccplay/core/sched"

// graph is a schedule as messages and the order each rank goes through
// its rounds. Every transfer between two ranks is a flow, in schedule
// order; local copies take no time and are left out.
//
// A rank runs its rounds in order, without waiting for the others (no
// global barrier): it posts the messages of a round together once its
// messages of its previous sending round have all been delivered (one
// send port) and every message it receives in earlier rounds has arrived
// (the data it sends is there). So a pipelined tree or ring overlaps its
// rounds across ranks, and a rank that finishes a round early starts the
// next.
type graph struct {
	src, dst []int32
	bytes    []float64
	reduce   []bool
	// Rank r's sending step i is sends[r][steps[r][i]:steps[r][i+1]],
	// posted once the rank has received need[r][i] messages.
	sends [][]int32
	steps [][]int32
	need  [][]int32
}

// buildGraph derives the graph of s with elements of elemSize bytes.
// O(transfers + P).
func buildGraph(s *sched.Schedule, elemSize int) *graph {
	p := s.Spec.Ranks
	n := 0
	for _, rd := range s.Rounds {
		for _, t := range rd.Transfers {
			if t.Src != t.Dst {
				n++
			}
		}
	}
	g := &graph{src: make([]int32, 0, n), dst: make([]int32, 0, n), bytes: make([]float64, 0, n), reduce: make([]bool, 0, n),
		sends: make([][]int32, p), steps: make([][]int32, p), need: make([][]int32, p)}
	received := make([]int32, p)
	seen := make([]int32, p)
	for k, rd := range s.Rounds {
		first := len(g.src)
		for _, t := range rd.Transfers {
			r := t.Src
			if r == t.Dst {
				continue
			}
			f := int32(len(g.src))
			g.src, g.dst = append(g.src, r), append(g.dst, t.Dst)
			g.bytes = append(g.bytes, float64(t.Len*int64(elemSize)))
			g.reduce = append(g.reduce, rd.Reduce)
			if seen[r] != int32(k+1) {
				seen[r] = int32(k + 1)
				g.steps[r] = append(g.steps[r], int32(len(g.sends[r])))
				g.need[r] = append(g.need[r], received[r])
			}
			g.sends[r] = append(g.sends[r], f)
		}
		for _, d := range g.dst[first:] {
			received[d]++
		}
	}
	for r := range g.steps {
		g.steps[r] = append(g.steps[r], int32(len(g.sends[r])))
	}
	return g
}
