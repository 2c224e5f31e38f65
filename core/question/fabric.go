package question

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
)

// FabricFields are the switched-fabric fields of a cost question
// (fabric.Spec): fabric (ideal, fat-tree, rail, torus; ideal when not
// given), oversubscription R and leaf-nodes (fat-tree and rail), tiers
// and pod-leaves (fat-tree), torus-dims ("8x8" or "4x4x8", torus) and
// node-switch (nvswitch or pcie). A field given for a fabric it does not
// apply to is refused.
var FabricFields = []string{"fabric", "oversubscription", "leaf-nodes", "tiers", "pod-leaves", "torus-dims", "node-switch"}

// fabricUse lists the fabrics each field after "fabric" applies to.
var fabricUse = map[string][]string{
	"oversubscription": {fabric.FatTree, fabric.Rail},
	"leaf-nodes":       {fabric.FatTree, fabric.Rail},
	"tiers":            {fabric.FatTree},
	"pod-leaves":       {fabric.FatTree},
	"torus-dims":       {fabric.Torus},
	"node-switch":      {fabric.FatTree, fabric.Rail, fabric.Torus},
}

// ReadFabric reads the fabric fields alone, for a question that is not a
// cost question (the planner's): the fabric with only the given fields
// set (ideal when none is), and every refused field at once.
func ReadFabric(get field.Lookup) (fabric.Spec, error) {
	f := field.NewForm(get, nil)
	var p cost.Params
	readFabric(f, &p)
	return p.Fabric, f.Err()
}

// FabricApplies reports whether the fabric field name applies to the
// fabric kind (fabric itself applies to every kind): a face may leave out
// the fields that do not.
func FabricApplies(name, kind string) bool {
	return name == "fabric" || contains(fabricUse[name], kind)
}

// readFabric reads the fabric fields into p.Fabric; only given fields are
// recorded, so a question without them reads as it always has.
func readFabric(f *field.Form, p *cost.Params) {
	kind := fabric.Ideal
	if f.Given("fabric") {
		kind = f.Choice("fabric", fabric.Kinds()...)
		if f.Bad("fabric") {
			return
		}
	}
	p.Fabric.Kind = kind
	for _, name := range FabricFields[1:] {
		if !f.Given(name) {
			continue
		}
		if !contains(fabricUse[name], kind) {
			f.Fail(fielderr.New(name, "fabric.unused", strings.Join(fabricUse[name], ", ")))
			continue
		}
		s := &p.Fabric
		switch name {
		case "oversubscription":
			s.Oversubscription = f.Float(name, 1, fabric.MaxOversubscription, msg.New("fabric.ratio.unit"))
		case "leaf-nodes":
			s.LeafNodes = f.Int(name, 1, 1<<16)
		case "tiers":
			s.Tiers = f.Int(name, 2, 3)
		case "pod-leaves":
			s.PodLeaves = f.Int(name, 1, 1<<16)
		case "torus-dims":
			s.Dims = readDims(f)
		case "node-switch":
			s.Node = f.Choice(name, fabric.NVSwitch, fabric.PCIe)
		}
	}
}

// readDims reads torus-dims: 2 or 3 sizes joined by x.
func readDims(f *field.Form) [3]int {
	var d [3]int
	text, _ := f.Raw("torus-dims")
	parts := strings.Split(strings.ToLower(text), "x")
	if len(parts) != 2 && len(parts) != 3 {
		f.Fail(fielderr.New("torus-dims", "fabric.dims-count", len(parts)))
		return d
	}
	for i, s := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || v < 1 || v > 1<<16 {
			f.Fail(fielderr.New("torus-dims", "fabric.dims-size", s))
			return [3]int{}
		}
		d[i] = v
	}
	f.Set("torus-dims", text, field.Given)
	return d
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
