package figure

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// Step draws step `round` (1-based, counted as Schedule.Steps counts them:
// rounds of local copies only, such as Bruck's packing, are not steps) of
// schedule s: the ranks on a circle, one arrow per pair of ranks that
// exchange bytes in that round (transfers between the same pair are added
// up; local copies are not messages), labelled with the bytes. Ranks that
// neither send nor receive are grey. A round outside 1..Steps() is a
// *fielderr.Error on "round". O(P + transfers).
func Step(s *sched.Schedule, round, elemSize int) (chart.Ring, error) {
	steps := s.StepRounds()
	n := len(steps)
	if n == 0 {
		return chart.Ring{}, fielderr.New("round", "figure.round.none")
	}
	if round < 1 || round > n {
		return chart.Ring{}, fielderr.New("round", "figure.round.range", n, round)
	}
	rd := s.Rounds[steps[round-1]]
	p := s.Spec.Ranks
	type pair struct{ src, dst int }
	bytes := map[pair]int64{}
	var order []pair
	active := make([]bool, p)
	var largest int64
	for _, t := range rd.Transfers {
		if t.Src == t.Dst {
			continue
		}
		k := pair{int(t.Src), int(t.Dst)}
		if _, ok := bytes[k]; !ok {
			order = append(order, k)
		}
		bytes[k] += t.Len * int64(elemSize)
		active[k.src], active[k.dst] = true, true
		largest = max(largest, bytes[k])
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].src != order[j].src {
			return order[i].src < order[j].src
		}
		return order[i].dst < order[j].dst
	})
	c := chart.Ring{ID: "ring-step", Active: active}
	for r := 0; r < p; r++ {
		c.Nodes = append(c.Nodes, strconv.Itoa(r))
	}
	var msgs []string
	for _, k := range order {
		label := units.FormatBytes(float64(bytes[k]), true)
		c.Arrows = append(c.Arrows, chart.Arrow{From: k.src, To: k.dst, Label: label})
		msgs = append(msgs, fmt.Sprintf("%d→%d %s", k.src, k.dst, label))
	}
	name := s.Spec.Collective.Name()
	kind := "copy"
	if rd.Reduce {
		kind = "reduce"
	}
	c.Title = fmt.Sprintf("Round %d of %d: %s %s, P = %d", round, n, s.Algorithm, name, p)
	plural := "s"
	if len(order) == 1 {
		plural = ""
	}
	c.Caption = fmt.Sprintf("%s · %d message%s · largest %s · %s", rd.Phase, len(order), plural, units.FormatBytes(float64(largest), true), kind)
	list := strings.Join(msgs, ", ")
	if len(msgs) > 24 {
		list = strings.Join(msgs[:24], ", ") + fmt.Sprintf(" and %d more", len(msgs)-24)
	}
	if len(msgs) == 0 {
		list = "no messages (local copies only)"
	}
	c.Desc = fmt.Sprintf("Round %d of %d (phase %s) of %s %s on %d ranks (%s), drawn as ranks on a circle with an arrow "+
		"for each message; receivers %s what arrives. Messages: %s.", round, n, rd.Phase, s.Algorithm, name, p,
		describeCall(s, elemSize), map[bool]string{true: "reduce", false: "store"}[rd.Reduce], list)
	return c, nil
}
