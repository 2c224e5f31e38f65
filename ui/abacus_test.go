package ui

import (
	"strings"
	"testing"
)

func TestAbacusLectureExamples(t *testing.T) {
	cases := []struct {
		coll   string
		out    [AbacusRanks]string
		reason string
	}{
		{"broadcast", [4]string{"[99]", "[99]", "[99]", "[99]"}, "rank0 [99] → all [99]"},
		{"scatter", [4]string{"[10]", "[20]", "[30]", "[40]"}, "rank0 [10,20,30,40] → one each"},
		{"gather", [4]string{"[1, 2, 3, 4]", "undefined (MPI leaves it as it was)", "undefined (MPI leaves it as it was)", "undefined (MPI leaves it as it was)"}, "only the root receives"},
		{"reduce", [4]string{"[100]", "undefined (MPI leaves it as it was)", "undefined (MPI leaves it as it was)", "undefined (MPI leaves it as it was)"}, "10+20+30+40 on the root"},
		{"allreduce", [4]string{"[10]", "[10]", "[10]", "[10]"}, "1+2+3+4 everywhere"},
		{"reducescatter", [4]string{"[10]", "[10]", "[10]", "[10]"}, "each keeps its summed block"},
		{"allgather", [4]string{"[1, 2, 3, 4]", "[1, 2, 3, 4]", "[1, 2, 3, 4]", "[1, 2, 3, 4]"}, "everyone gets every block"},
		{"alltoall", [4]string{"[0, 10, 20, 30]", "[1, 11, 21, 31]", "[2, 12, 22, 32]", "[3, 13, 23, 33]"}, "a transpose"},
	}
	for _, tc := range cases {
		alg := "naive"
		s := NewState("view=abacus&algorithm="+alg+"&collective="+tc.coll, "en")
		a := NewApp(s)
		if s.Err != "" {
			t.Fatalf("%s: %s", tc.coll, s.Err)
		}
		rows := a.Abacus.AbacusRows()
		for r, row := range rows {
			if row.Err != "" || row.Out != tc.out[r] {
				t.Errorf("%s (%s): rank %d out %q err %q, want %q", tc.coll, tc.reason, r, row.Out, row.Err, tc.out[r])
			}
		}
	}
}

func TestAbacusEditsAndErrors(t *testing.T) {
	s := NewState("view=abacus", "en")
	a := NewApp(s)
	a.Abacus.SetAbacusOp("max")
	a.Abacus.SetAbacus(2, "7, 8")
	rows := a.Abacus.AbacusRows()
	if rows[2].Err != "this call wants 1 numbers here, got 2" {
		t.Fatalf("length error %q", rows[2].Err)
	}
	for r := range rows {
		a.Abacus.SetAbacus(r, "5, "+string(rune('1'+r)))
	}
	rows = a.Abacus.AbacusRows()
	if rows[0].Out != "[5, 4]" {
		t.Fatalf("max over [5,1],[5,2],[5,3],[5,4] = %q, want [5, 4]", rows[0].Out)
	}
	a.Abacus.SetAbacus(1, "x")
	if a.Abacus.AbacusRows()[1].Err == "" {
		t.Error("no error for a non-number")
	}
	html := render(t, a)
	mustContain(t, html, `id="ab-in-1"`, "want whole numbers")
	a.Abacus.ResetAbacus()
	if a.Abacus.AbacusRows()[0].Out != "[10]" {
		t.Error("reset does not bring back the lecture's example")
	}
}

// TestAbacusPointsAtItsControl: the abacus says to pick the collective
// above it only where that control is above it — its tab, or embedded
// with &controls=1 — never in an embed without controls or in a lesson.
func TestAbacusPointsAtItsControl(t *testing.T) {
	for _, tc := range []struct {
		q, lang string
		pick    bool
	}{
		{"view=abacus&lang=en", "en", true},
		{"view=abacus&lang=zh", "zh", true},
		{"embed=abacus&controls=1&lang=zh", "zh", true},
		{"embed=abacus&lang=zh", "zh", false},
		{"embed=abacus&lang=en", "en", false},
		{"lesson=primitives&ans=00&lang=zh", "zh", false},
	} {
		s := NewState(tc.q, tc.lang)
		a := NewApp(s)
		got := a.Abacus.Intro()
		if strings.Contains(got, s.T("ab.pick")) != tc.pick || !strings.HasPrefix(got, s.T("ab.intro")) {
			t.Errorf("%s: %q, want the pick hint %v", tc.q, got, tc.pick)
		}
	}
}
