package ui

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
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

// What a student types wrong gets its message in Chinese on the zh page
// (built from the same arguments: the bad text is quoted as typed) and
// core's English, word for word as the CLI prints it, on the en page.
func TestFieldErrorsInPageLanguage(t *testing.T) {
	cases := []struct {
		query, field, zhHas string
	}{
		{"size=abc", "size", `大小 "abc"：`},
		{"size=-5", "size", `大小 "-5"：`},
		{"ranks=0", "ranks", `"0"`},
		{"bandwidth=5", "bandwidth", `带宽 "5"：`},
		{"latency=abc", "latency", `时长 "abc"：`},
		{"algorithm=foo", "algorithm", `"foo"`},
		{"collective=bar", "collective", `"bar"`},
		{"efficiency=2", "efficiency", `效率 "2"：`},
		{"root=9&collective=broadcast&ranks=8", "root", `"9"`},
		{"dtype=int3", "dtype", `"int3"`},
		{"gamma=x", "gamma", `"x"`},
	}
	english := regexp.MustCompile(`\b(want|got|accepted|expected|missing|unknown|must)\b`)
	for _, c := range cases {
		_, err := question.CostParams(field.Map(parseQuery(c.query)))
		fe, ok := err.(*fielderr.Error)
		if !ok || fe.Field != c.field {
			t.Fatalf("%s: core says %v, want an error on %s", c.query, err, c.field)
		}
		en := NewState(c.query+"&lang=en", "en")
		if got := en.ErrText(c.field); !strings.HasSuffix(got, fe.Msg) {
			t.Errorf("%s (en): %q does not end with core's message %q", c.query, got, fe.Msg)
		}
		zh := NewState(c.query+"&lang=zh", "zh")
		got := zh.ErrText(c.field)
		if !strings.Contains(got, c.zhHas) || strings.Contains(got, fe.Msg) || english.MatchString(got) {
			t.Errorf("%s (zh): %q; want %q in it and no English (core: %q)", c.query, got, c.zhHas, fe.Msg)
		}
		zh.SetLang("en") // the message follows the page's language
		if got := zh.ErrText(c.field); !strings.HasSuffix(got, fe.Msg) {
			t.Errorf("%s: after switching to en: %q", c.query, got)
		}
	}
}

// The other places a core error shows: the unit converter, the planner,
// the nccl-tests sweep.
func TestOtherErrorsInPageLanguage(t *testing.T) {
	english := regexp.MustCompile(`\b(want|got|accepted|expected|missing|unknown|must)\b`)
	zh := NewState("lang=zh", "zh")
	zhApp := NewApp(zh)
	zhApp.Units.conv = "abc"
	if got := zhApp.Units.ConvErr(); !strings.Contains(got, `带宽 "abc"：`) || !strings.Contains(got, `大小 "abc"：`) || english.MatchString(got) {
		t.Errorf("converter: %q", got)
	}
	pl := NewState("view=plan&lang=zh", "zh")
	plApp := NewApp(pl)
	plApp.Plan.SetPlanField("tp", "3")
	if got := plApp.Plan.PlanErrFor("tp"); got == "" || english.MatchString(got) {
		t.Errorf("planner, tp = 3: %q", got)
	}
	nc := NewState("view=nccl&minbytes=abc&lang=zh", "zh")
	ncApp := NewApp(nc)
	if got := ncApp.Nccl.SweepErr("minbytes"); got == "" || english.MatchString(got) {
		t.Errorf("nccl-tests sweep, minbytes = abc: %q", got)
	}
}
