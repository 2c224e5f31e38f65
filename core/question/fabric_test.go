package question_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/question"
)

// The fabric fields reach cost.Params.Fabric; without them the question
// is on the ideal fabric and its answer (inputs included) is the one
// given with fabric=ideal except for that input.
func TestFabricFields(t *testing.T) {
	for _, c := range []struct {
		in   map[string]string
		want fabric.Spec
	}{
		{map[string]string{}, fabric.Spec{Kind: fabric.Ideal}},
		{map[string]string{"fabric": "fat-tree", "oversubscription": "4", "leaf-nodes": "2", "tiers": "3", "pod-leaves": "2", "node-switch": "PCIe"},
			fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 2, Tiers: 3, PodLeaves: 2, Node: fabric.PCIe}},
		{map[string]string{"fabric": "Torus", "torus-dims": "2x4", "ranks": "8"}, fabric.Spec{Kind: fabric.Torus, Dims: [3]int{2, 4}}},
		{map[string]string{"fabric": "rail", "leaf-nodes": "4", "ranks": "16", "gpus-per-node": "4"}, fabric.Spec{Kind: fabric.Rail, LeafNodes: 4}},
	} {
		p, err := question.CostParams(field.Map(c.in))
		if err != nil || p.Fabric != c.want {
			t.Errorf("%v: got %+v, %v; want %+v", c.in, p.Fabric, err, c.want)
		}
	}
	plain, err := question.AnswerCost(field.Map(map[string]string{"ranks": "16"}))
	if err != nil {
		t.Fatal(err)
	}
	ideal, err := question.AnswerCost(field.Map(map[string]string{"ranks": "16", "fabric": "ideal"}))
	if err != nil {
		t.Fatal(err)
	}
	delete(ideal.Inputs, "fabric")
	a, _ := json.Marshal(plain)
	b, _ := json.Marshal(ideal)
	if string(a) != string(b) {
		t.Errorf("fabric=ideal changes the answer:\n%s\n%s", a, b)
	}
}

// Every refused fabric field is named with its message ID, all at once.
func TestFabricFieldsRefused(t *testing.T) {
	_, err := question.CostParams(field.Map(map[string]string{
		"fabric": "torus", "oversubscription": "4", "torus-dims": "3x3x3x3", "tiers": "2"}))
	var l fielderr.List
	if !errors.As(err, &l) {
		t.Fatalf("want a list of refused fields, got %v", err)
	}
	want := map[string]msg.ID{"oversubscription": "fabric.unused", "torus-dims": "fabric.dims-count", "tiers": "fabric.unused"}
	got := map[string]msg.ID{}
	for _, fe := range l {
		got[fe.Field] = fe.ID
	}
	for k, id := range want {
		if got[k] != id {
			t.Errorf("%s: got %q, want %q (all: %v)", k, got[k], id, err)
		}
	}
	for _, c := range []struct {
		in    map[string]string
		field string
		id    msg.ID
	}{
		{map[string]string{"fabric": "mesh"}, "fabric", "field.choice"},
		{map[string]string{"fabric": "fat-tree", "oversubscription": "0.5"}, "oversubscription", "field.float.range"},
		{map[string]string{"fabric": "torus", "torus-dims": "3x3"}, "torus-dims", "fabric.dims-product"},
		{map[string]string{"fabric": "fat-tree", "slow-rank": "1", "slow-factor": "2"}, "fabric", "fabric.slow"},
		{map[string]string{"oversubscription": "2"}, "oversubscription", "fabric.unused"},
	} {
		_, err := question.CostParams(field.Map(c.in))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != c.field || fe.ID != c.id {
			t.Errorf("%v: got %v, want %s on %s", c.in, err, c.id, c.field)
		}
	}
}
