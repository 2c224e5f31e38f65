package cost_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// A study encoded and decoded is the study core computed, in every field
// and message, for every collective and applicable algorithm (auto too), on
// nodes and flat, on a fat-tree and a rail fabric: and the decoded study
// encodes to the same bytes again.
func TestEncodeStudyRoundTrips(t *testing.T) {
	n := 0
	for _, c := range prim.Collectives() {
		for _, a := range append(sched.Applicable(c), sched.Auto) {
			for _, g := range []int{0, 4} {
				for _, kind := range []string{fabric.FatTree, fabric.Rail} {
					p := base(c, a, 16)
					p.Size = 1 << 20
					if g > 0 {
						p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = g, 450e9, 1e-6
					}
					nodes := p.Ranks / max(g, 1)
					p.Fabric = fabric.Spec{Kind: kind, Oversubscription: 2, LeafNodes: max(1, nodes/4)}
					st, err := cost.StudyFabric(p, 1<<16)
					if err != nil {
						continue // a question the study refuses (hierarchical flat, …) has nothing to hand over
					}
					b, err := cost.EncodeStudy(st)
					if err != nil {
						t.Fatalf("%s %s g=%d %s: %v", c, a, g, kind, err)
					}
					got, err := cost.DecodeStudy(b)
					if err != nil {
						t.Fatalf("%s %s g=%d %s: decoding %v", c, a, g, kind, err)
					}
					if !reflect.DeepEqual(got, st) {
						t.Errorf("%s %s g=%d %s: decoded study differs:\n got %+v\nwant %+v", c, a, g, kind, got.Result, st.Result)
					}
					again, err := cost.EncodeStudy(got)
					if err != nil || !bytes.Equal(again, b) {
						t.Errorf("%s %s g=%d %s: the decoded study encodes differently (%v)", c, a, g, kind, err)
					}
					n++
				}
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d studies round-tripped", n)
	}
}

// Anything that is not an encoded study is refused: not JSON, a fabric
// answer without its slowdown note or the other way round, an argument
// that names no type or two, a cable that is not [tier, upper, lower,
// utilisation] with whole numbers for the first three.
func TestDecodeStudyRefuses(t *testing.T) {
	for _, b := range []string{``, `[]`, `{"result":{"fabric":{}}}`, `{"result":{},"slowdown_note_msg":{"id":"x"}}`,
		`{"formula_msg":{"id":"a","args":[{}]}}`, `{"formula_msg":{"id":"a","args":[{"s":"x","i":1}]}}`,
		`{"drawing":{"Cables":[[0,1,2]]}}`, `{"drawing":{"Cables":[[0,1.5,2,0.5]]}}`, `{"drawing":{"Cables":[{"Tier":0}]}}`} {
		if _, err := cost.DecodeStudy([]byte(b)); err == nil {
			t.Errorf("%q decodes", b)
		}
	}
}
