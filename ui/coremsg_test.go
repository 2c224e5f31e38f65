package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
)

// TestCoreTextsInPageLanguage runs NCCL's model over every collective on
// flat networks and on clusters with PCIe-class and NVLink-class intra
// links, one to four nodes: every sentence core returns for the page (an
// assumption, why a cell is off) is a message whose English is the text the
// JSON carries and whose Chinese has no English word; the zh NCCL view
// shows the Chinese and none of the English.
func TestCoreTextsInPageLanguage(t *testing.T) {
	seen := map[string]msg.Message{}
	for _, c := range prim.Collectives() {
		for _, g := range []int{0, 2, 8} {
			for _, intra := range []float64{32e9, 450e9} {
				for _, nodes := range []int{1, 2, 4} {
					p := cost.Params{Collective: c, Algorithm: "auto", Ranks: max(g, 1) * nodes, Size: 1 << 20, ElemSize: 4,
						Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6, GPUsPerNode: g, IntraBandwidth: intra, CostModel: cost.ModelNCCL}
					if p.Ranks < 2 {
						continue
					}
					r, err := cost.NCCL(p)
					if err != nil {
						continue // the model refuses some setups (e.g. SendRecv); those show no text
					}
					if len(r.Assumptions) != len(r.AssumptionMsgs) {
						t.Fatalf("%s: %d assumptions, %d messages", c, len(r.Assumptions), len(r.AssumptionMsgs))
					}
					for i, a := range r.AssumptionMsgs {
						if a.String() != r.Assumptions[i] {
							t.Errorf("assumption %q is not its message %s in English", r.Assumptions[i], a.ID)
						}
						seen[r.Assumptions[i]] = a
					}
					for _, cell := range r.Cells {
						if cell.Reason != cell.ReasonMsg.String() && cell.Reason != "" {
							t.Errorf("reason %q is not its message %s in English", cell.Reason, cell.ReasonMsg.ID)
						}
						if cell.Reason != "" {
							seen[cell.Reason] = cell.ReasonMsg
						}
					}
				}
			}
		}
	}
	if len(seen) < 8 { // five assumptions and at least the two kinds of reasons
		t.Fatalf("only %d sentences seen; the sweep does not reach the model's texts: %v", len(seen), seen)
	}
	for en, m := range seen {
		if !msg.Has(msg.EN, m.ID) || !msg.Has(msg.ZH, m.ID) {
			t.Errorf("%s (%q) is missing from a catalogue", m.ID, en)
		}
		if w := EnglishWords(m.In(msg.ZH)); len(w) > 0 {
			t.Errorf("%s in Chinese %q keeps the English words %v (English: %q)", m.ID, m.In(msg.ZH), w, en)
		}
	}
	st := NewState("model=nccl&ranks=16&gpus-per-node=8&intra-preset=pcie5&collective=allgather&size=1MiB", "zh")
	if st.Err != "" || st.R.NCCL == nil {
		t.Fatalf("state: %q, NCCL result %v", st.Err, st.R.NCCL)
	}
	page := html.UnescapeString(render(t, &NcclModel{S: st}))
	mustContain(t, page, st.R.NCCL.AssumptionMsgs[0].In(msg.ZH),
		msg.New("cost.nccl.off.no_algo", "Tree", prim.AllGather).In(msg.ZH), msg.New("cost.nccl.off.ll128").In(msg.ZH))
	for en := range seen {
		if strings.Contains(page, en) {
			t.Errorf("the zh page shows core's English %q", en)
		}
	}
}

// TestTimingFormulaAndSource: the timing view writes the closed form with
// the message size M (as its label does, core's S relabelled: words keep
// their S) and its source in the page's language: in zh, the lecture's
// section in Chinese and the papers' titles as published; the English is
// the text the JSON carries.
func TestTimingFormulaAndSource(t *testing.T) {
	for _, q := range []string{"collective=allreduce&algorithm=ring&ranks=8", "collective=allreduce&algorithm=hierarchical&ranks=16&gpus-per-node=8"} {
		for _, lang := range []string{"zh", "en"} {
			a := NewApp(NewState(q+"&lang="+lang, lang))
			f := a.S.Formula()
			if !strings.Contains(f, "M") || strings.Contains(f, "·S") || strings.Contains(f, "S/") || strings.Contains(f, "(S") {
				t.Errorf("%s %s: the formula %q writes S", q, lang, f)
			}
			if lang == "en" && a.S.Source() != a.S.R.Source {
				t.Errorf("%s: the English source %q is not the JSON's %q", q, a.S.Source(), a.S.R.Source)
			}
			page := html.UnescapeString(render(t, a))
			mustContain(t, page, a.S.Source())
		}
	}
	a := NewApp(NewState("collective=allreduce&algorithm=ring&ranks=8&lang=zh", "zh"))
	if src := a.S.Source(); !strings.Contains(src, "第 09 讲 §4.4") || strings.Contains(src, "lecture") || !strings.Contains(src, "Patarasuk") {
		t.Errorf("zh source %q", src)
	}
	if got := sizeAsM("GPUs ⌈S/g⌉ ReduceScatter S"); got != "GPUs ⌈M/g⌉ ReduceScatter M" {
		t.Errorf("sizeAsM: %q", got)
	}
}

// TestMachineNotesInPageLanguage: NCCL's machine notes (a system preset,
// the preset with fewer GPUs per node, CollNet asked of a network without
// it, no system over NVLink-class and PCIe-class links) are messages whose
// English is the JSON's text; the zh NCCL view shows each in Chinese, the
// preset's label and source as a citation, and none of the English.
func TestMachineNotesInPageLanguage(t *testing.T) {
	ids := map[msg.ID]bool{}
	for _, q := range []string{"system=dgx-h100&ranks=16", "system=dgx-h100&ranks=16&gpus-per-node=4", "system=pcie-l40s&ranks=8&nccl-collnet=1",
		"ranks=16&gpus-per-node=8&intra-preset=nvlink4&preset=ib400", "ranks=16&gpus-per-node=8&intra-preset=pcie5&preset=ib400"} {
		st := NewState("model=nccl&size=1MiB&lang=zh&"+q, "zh")
		if st.Err != "" || st.R.NCCL == nil {
			t.Fatalf("%s: %q", q, st.Err)
		}
		n := st.R.NCCL
		if len(n.Machine) == 0 || len(n.Machine) != len(n.MachineMsgs) {
			t.Fatalf("%s: %d machine notes, %d messages", q, len(n.Machine), len(n.MachineMsgs))
		}
		page := html.UnescapeString(render(t, &NcclModel{S: st}))
		for i, m := range n.MachineMsgs {
			ids[m.ID] = true
			if m.String() != n.Machine[i] {
				t.Errorf("%s: machine note %q is not its message %s in English", q, n.Machine[i], m.ID)
			}
			zh := m.In(msg.ZH)
			if m.ID == "cost.nccl.machine.source" {
				mustContain(t, page, "<cite>"+zh+"</cite>")
			} else {
				mustContain(t, page, zh)
				if w := EnglishWords(zh); len(w) > 0 {
					t.Errorf("%s: %s in Chinese %q keeps the English words %v", q, m.ID, zh, w)
				}
			}
			if strings.Contains(page, n.Machine[i]) {
				t.Errorf("%s: the zh page shows core's English %q", q, n.Machine[i])
			}
		}
	}
	for _, id := range []msg.ID{"cost.nccl.machine.rates", "cost.nccl.machine.source", "cost.nccl.machine.gpus", "cost.nccl.machine.collnet",
		"cost.nccl.machine.nvlink", "cost.nccl.machine.pcie"} {
		if !ids[id] {
			t.Errorf("no question reached %s", id)
		}
	}
}
