package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

func TestNCCLTableIsCoreTable(t *testing.T) {
	s := NewState("view=nccl&ranks=16&maxbytes=1M", "en")
	a := NewApp(s)
	p, dt, w, err := question.TableQuery(field.Map(map[string]string{"ranks": "16", "maxbytes": "1M"}))
	if err != nil {
		t.Fatal(err)
	}
	want, err := cost.Table(p, dt, w)
	if err != nil {
		t.Fatal(err)
	}
	got := a.Nccl.NCCLRows()
	if len(got) != len(want) || len(want) != 18 {
		t.Fatalf("%d rows, core %d (8 B to 1 MiB by 2 = 18)", len(got), len(want))
	}
	for i, r := range want {
		if strings.Join(got[i], " ") != strings.Join(ncclCells(r), " ") {
			t.Errorf("row %d: %v, core %v", i, got[i], ncclCells(r))
		}
	}
	page := render(t, a)
	mustContain(t, page, `id="n-table"`, got[17][5])
	if n := strings.Count(a.Nccl.NCCLCSV(), "\n"); n != 19 {
		t.Errorf("CSV lines %d", n)
	}
	if !strings.Contains(a.Query(), "maxbytes=1M") {
		t.Errorf("sweep not in the URL: %s", a.Query())
	}
}

func TestNCCLBadSweep(t *testing.T) {
	s := NewState("view=nccl", "en")
	a := NewApp(s)
	a.Nccl.SetSweep("stepfactor", "1")
	_, _, _, cliErr := question.TableQuery(field.Map(map[string]string{"stepfactor": "1"}))
	msg := a.Nccl.SweepErr("stepfactor")
	if cliErr == nil || msg == "" || !strings.Contains(cliErr.Error(), strings.TrimPrefix(msg, T("en", "err.prefix"))) {
		t.Fatalf("inline %q, CLI %v", msg, cliErr)
	}
	page := render(t, a)
	mustContain(t, page, html.EscapeString(msg))
}
