package question

import (
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// TestNCCLFields: a system sets the layout and links the question does not
// give (dgx-h100: 8 GPUs per node, NVLink 4 at 450 GB/s, 8 × 400 Gb/s NICs
// = 50 GB/s per GPU); explicit fields win; the knobs reach cost.Params and
// need the NCCL model.
func TestNCCLFields(t *testing.T) {
	p, err := CostParams(field.Map(map[string]string{"ranks": "16", "system": "dgx-h100", "model": "nccl", "nccl-algo": "^NVLS", "nccl-channels": "8", "nccl-collnet": "1"}))
	if err != nil {
		t.Fatal(err)
	}
	if p.GPUsPerNode != 8 || p.IntraBandwidth != 450e9 || p.Bandwidth != 50e9 || p.NCCL.System.Name != "dgx-h100" ||
		p.NCCL.Algo != "^NVLS" || p.NCCL.MinChannels != 8 || p.NCCL.MaxChannels != 8 || !p.NCCL.CollNet {
		t.Errorf("dgx-h100: %+v", p)
	}
	p, err = CostParams(field.Map(map[string]string{"ranks": "4", "system": "dgx-h100", "bandwidth": "25GB/s"}))
	if err != nil || p.GPUsPerNode != 4 || p.Bandwidth != 25e9 {
		t.Errorf("4 ranks of dgx-h100 with 25 GB/s: %+v, %v", p, err)
	}
	for _, tc := range []struct {
		q     map[string]string
		field string
	}{
		{map[string]string{"system": "dgx-9000"}, "system"},
		{map[string]string{"nccl-algo": "ring"}, "model"},
		{map[string]string{"model": "nccl", "nccl-channels": "0"}, "nccl-channels"},
		{map[string]string{"ranks": "12", "system": "dgx-h100"}, "ranks"},
	} {
		_, err := CostParams(field.Map(tc.q))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%v: %v, want an error on %s", tc.q, err, tc.field)
		}
	}
	// The NCCL model takes the system's layout: 8 ranks of dgx-h200 are one node.
	p, err = CostParams(field.Map(map[string]string{"system": "dgx-h200", "model": "nccl", "size": "1GiB"}))
	if err != nil {
		t.Fatal(err)
	}
	r, err := cost.NCCL(p)
	if err != nil || r.Nodes != 1 || r.Winner != "NVLS/Simple" {
		t.Errorf("dgx-h200 8 ranks: %+v %v", r, err)
	}
}
