package ui

import (
	"errors"
	"regexp"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/ccplay/ccplay/core/units"
)

// Core's errors, as core builds them, show on the zh page in Chinese with
// no English word left (identifiers and units aside), and on the en page as
// the English the CLI prints after the field.
func TestCoreMessagesInPageLanguage(t *testing.T) {
	_, badSize := units.ParseSize("8Gb")
	_, badRate := units.ParseBandwidth("-5 Gbps")
	_, badAlg := sched.ParseAlgorithm("fastest")
	_, badColl := prim.ParseCollective("allshuffle")
	_, badSystem := topo.LookupSystem("system", "dgx-z")
	_, badDType := cost.ParseDType("int3")
	flat := cost.Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: 8, Size: 1 << 20, ElemSize: 4,
		Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
	noBandwidth := flat
	noBandwidth.Bandwidth = 0
	uneven := flat
	uneven.Size = 1<<20 + 1
	cases := []struct {
		name string
		err  error
	}{
		{"ranks 0", prim.Spec{Collective: prim.AllReduce, Ranks: 0, Op: prim.Sum}.Validate()},
		{"root of an allreduce", prim.Spec{Collective: prim.AllReduce, Ranks: 4, Root: 2, Op: prim.Sum}.Validate()},
		{"size in bits", fielderr.On("size", badSize)},
		{"negative rate", fielderr.On("bandwidth", badRate)},
		{"unknown algorithm", badAlg},
		{"unknown collective", badColl},
		{"unknown system", badSystem},
		{"unknown data type", badDType},
		{"no bandwidth", noBandwidth.Validate()},
		{"uneven size", uneven.Validate()},
		{"ring for alltoall", sched.Check(prim.AllToAll, sched.Ring)},
	}
	en, zh := &State{Lang: "en"}, &State{Lang: "zh"}
	quoted := regexp.MustCompile(`"[^"]*"`) // what was typed, as typed
	for _, c := range cases {
		var fe *fielderr.Error
		if !errors.As(c.err, &fe) || fe.ID == "" {
			t.Errorf("%s: %v is not a field error by message ID", c.name, c.err)
			continue
		}
		if got := en.ErrMsg(c.err); got != humanBytes(fe.Msg) || c.err.Error() != fe.Field+": "+fe.Msg {
			t.Errorf("%s (en): %q, core says %q", c.name, got, c.err)
		}
		got := zh.ErrMsg(c.err)
		if w := EnglishWords(quoted.ReplaceAllString(got, `""`)); len(w) > 0 || got == fe.Msg {
			t.Errorf("%s (zh): %q keeps the English words %v", c.name, got, w)
		}
	}
}
