package cost_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/topo"
)

// TestNCCLSystemEnv: a3-mega runs NCCL as Google's profile sets it (Ring
// and Tree, Simple, 8 MiB buffers: 1 MiB chunks) and says so; a knob given
// wins over the profile; NCCL_BUFFSIZE outside 64 KiB–1 GiB is refused on
// its field.
func TestNCCLSystemEnv(t *testing.T) {
	mega := system(t, "a3-mega")
	r := ncclRun(t, ncclParams(prim.AllReduce, 16, 1<<30), cost.NCCLOptions{System: mega})
	if r.Winner != "Tree/Simple" || r.Predicted.ChunkBytes != 1<<20 {
		t.Errorf("a3-mega at 1 GiB: %s with %d B chunks, want Tree/Simple with 1 MiB", r.Winner, r.Predicted.ChunkBytes)
	}
	said := false
	for _, a := range r.Assumptions {
		said = said || strings.Contains(a, "NCCL_ALGO=Ring,Tree NCCL_PROTO=Simple NCCL_BUFFSIZE=8388608")
	}
	if !said {
		t.Errorf("a3-mega does not name its NCCL settings: %q", r.Assumptions)
	}
	own := ncclRun(t, ncclParams(prim.AllReduce, 16, 1<<30), cost.NCCLOptions{System: mega, Algo: "NVLSTree", Proto: "Simple", BuffSize: 4 << 20})
	if own.Winner != "NVLSTree/Simple" {
		t.Errorf("NCCL_ALGO=NVLSTree on a3-mega runs %s", own.Winner)
	}
	tree := ncclRun(t, ncclParams(prim.AllReduce, 16, 1<<30), cost.NCCLOptions{System: mega, BuffSize: 4 << 20})
	if tree.Predicted.ChunkBytes != 512<<10 {
		t.Errorf("NCCL_BUFFSIZE=4 MiB: %d B chunks, want 512 KiB", tree.Predicted.ChunkBytes)
	}
	for _, b := range []int64{-1, 32 << 10, 2 << 30} {
		_, err := cost.NCCLWith(ncclParams(prim.AllReduce, 16, 1<<20), cost.NCCLOptions{System: mega, BuffSize: b})
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != "nccl-buffsize" {
			t.Errorf("NCCL_BUFFSIZE=%d: %v, want refused on nccl-buffsize", b, err)
		}
	}
}

// TestNCCLTreeSimpleFill: Tree/Simple pays its tree's depth once, as
// store and forward of one chunk per hop. With one chunk per channel the
// time grows with the chunk (the traversal); once the chunks pipeline, the
// next chunk costs only the bandwidth term, so doubling the size from 16
// channels × 1 chunk to 16 × 2 adds far less than the first doubling did
// (the A3 Mega sweep measures 977.6 → 1059.9 µs there, against 571.9 →
// 977.6 before it).
func TestNCCLTreeSimpleFill(t *testing.T) {
	mega := system(t, "a3-mega")
	at := func(size int64) float64 {
		return ncclRun(t, ncclParams(prim.AllReduce, 16, size), cost.NCCLOptions{System: mega}).Predicted.TimeS * 1e6
	}
	t8, t16, t32 := at(8<<20), at(16<<20), at(32<<20)
	if first, second := t16-t8, t32-t16; !(second < first/3) {
		t.Errorf("8 → 16 MiB adds %.1f µs, 16 → 32 MiB %.1f: the pipeline does not fill at one chunk per channel", first, second)
	}
	ll := ncclRun(t, ncclParams(prim.AllReduce, 16, 16<<20), cost.NCCLOptions{System: mega, Proto: "LL128"}).Predicted
	if ll.FillUs != 0 {
		t.Errorf("Tree/LL128 forwards lines, not chunks: fill %.1f µs", ll.FillUs)
	}
}

// TestNCCLPluginSimple: on aws-p4de and aws-p4d NCCL runs only Simple, as
// aws-ofi-nccl sets it there, and the answer names that one setting; the
// same question on dgx-a100's node with NCCL's defaults lets LL and LL128
// win at 64 KiB, and --nccl-proto LL128 on the P4 preset does the same.
func TestNCCLPluginSimple(t *testing.T) {
	q := ncclParams(prim.AllReduce, 16, 64<<10)
	for _, name := range []string{"aws-p4de", "aws-p4d"} {
		p4 := system(t, name)
		r := ncclRun(t, q, cost.NCCLOptions{System: p4})
		if r.Protocol != "Simple" {
			t.Errorf("%s at 64 KiB: %s, want a Simple winner", name, r.Winner)
		}
		said := 0
		for _, a := range r.Assumptions {
			if strings.Contains(a, name+" ") && strings.HasSuffix(a, ": NCCL_PROTO=Simple") {
				said++
			}
		}
		if said != 1 {
			t.Errorf("%s: assumptions %q, want one naming NCCL_PROTO=Simple alone", name, r.Assumptions)
		}
		free := p4
		free.NCCL = topo.NCCLEnv{}
		if d := ncclRun(t, q, cost.NCCLOptions{System: free}); d.Protocol == "Simple" {
			t.Errorf("%s's node with NCCL's defaults at 64 KiB: %s, want LL or LL128", name, d.Winner)
		}
		if g := ncclRun(t, q, cost.NCCLOptions{System: p4, Proto: "LL128"}); g.Protocol != "LL128" {
			t.Errorf("--nccl-proto LL128 on %s: %s", name, g.Winner)
		}
	}
}
