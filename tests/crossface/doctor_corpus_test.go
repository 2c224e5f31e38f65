package crossface

import (
	"math"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/doctor"
	"github.com/ccplay/ccplay/core/units"
)

// corpusLogs are the repository's nccl-tests logs (paths from the module
// root): the doctor's, the parser's and NCCL model's corpora.
func corpusLogs(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	for _, g := range []string{"core/doctor/testdata/*.txt", "core/nccltests/testdata/*.txt", "core/nccltests/testdata/*.json", "core/cost/testdata/nccl/*.txt"} {
		m, err := filepath.Glob(filepath.Join(root, g))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			if !strings.HasSuffix(f, ".golden.json") {
				rel, _ := filepath.Rel(root, f)
				out = append(out, rel)
			}
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d corpus logs found", len(out))
	}
	return out
}

// fields is s with its runs of spaces made one (a table's line compared
// cell by cell).
func fields(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestDoctorCorpusRegimes asks about every corpus log with nothing but the
// log, through `ccplay doctor` (text and --json), POST /api/v1/doctor and
// the playground's view: the JSON is the same byte for byte, every regime
// the rows fall in has its line in the CLI's table and the view's with
// its range, points and departing sizes, and the sizes a regime says
// depart are exactly its rows outside its stated range (doctor.Range);
// where a regime departs, its sentence names the row furthest from the
// prediction and by how much, and the CLI and the view both show it.
func TestDoctorCorpusRegimes(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	judged := 0
	for _, file := range corpusLogs(t, root) {
		args, body, data := doctorAsked(t, root, file, doctor.Options{})
		js := cli(t, "", args...)
		text := cli(t, "", args[:len(args)-1]...)
		if js.code != text.code || (js.code != 0 && js.code != 2) {
			t.Errorf("%s: exit status %d (--json) and %d (text): %s", file, js.code, text.code, text.stderr)
			continue
		}
		if api := apiDo(http.MethodPost, "/api/v1/doctor", strings.NewReader(string(body))); api.status != http.StatusOK || api.body != js.stdout {
			t.Errorf("%s: %s answers %d, not %s's bytes", file, faceAPIdoc, api.status, faceCLIdoc)
		}
		if pj, _ := doctorAnswer(data, doctor.Options{}); pj != js.stdout {
			t.Errorf("%s: %s is not byte for byte what %s prints", file, faceUIdoc, faceCLIdoc)
		}
		v, _ := doctor.Judge(data, doctor.Options{})
		if v == nil {
			t.Errorf("%s: no verdict", file)
			continue
		}
		shown, note := doctorRegimes(data)
		inRows := map[string][]int64{}   // the sizes of each regime's rows outside its range
		worst := map[string]doctor.Row{} // each regime's row furthest from the prediction, outside its range
		seen := map[string]bool{}
		for _, r := range v.Rows {
			seen[r.Regime] = true
			lo, hi := doctor.Range(r.Regime)
			if r.Fraction >= lo && r.Fraction <= hi {
				continue
			}
			if !slices.Contains(inRows[r.Regime], r.SizeBytes) {
				inRows[r.Regime] = append(inRows[r.Regime], r.SizeBytes)
			}
			if w, ok := worst[r.Regime]; !ok || math.Abs(math.Log(r.Fraction)) > math.Abs(math.Log(w.Fraction)) {
				worst[r.Regime] = r
			}
		}
		if len(v.Regimes) != len(seen) || len(shown) != len(v.Regimes) {
			t.Errorf("%s: rows in %d regimes, the verdict sums up %d, the view shows %d", file, len(seen), len(v.Regimes), len(shown))
			continue
		}
		if len(v.Rows) > 0 {
			judged++
		}
		lines := map[string]bool{}
		for _, l := range strings.Split(text.stdout, "\n") {
			lines[fields(l)] = true
		}
		for i, g := range v.Regimes {
			slices.Sort(inRows[g.Name])
			if !slices.Equal(g.Departs, inRows[g.Name]) {
				t.Errorf("%s: %s departs at %v, its rows outside %.0f–%.0f %% at %v", file, g.Name, g.Departs, 100*g.Floor, 100*g.Ceiling, inRows[g.Name])
			}
			if !(g.Floor > 0 && g.Floor < 1 && g.Ceiling > 1) {
				t.Errorf("%s: %s has no stated range (%g–%g)", file, g.Name, g.Floor, g.Ceiling)
			}
			if row := fields(strings.Join(shown[i], " ")); !lines[row] {
				t.Errorf("%s: the view's %s line %q is not in the CLI's table", file, g.Name, row)
			}
			if (g.Departure != nil) != (len(g.Departs) > 0) {
				t.Errorf("%s: %s departs at %d sizes, departure %v", file, g.Name, len(g.Departs), g.Departure)
				continue
			}
			if g.Departure == nil {
				continue
			}
			far := worst[g.Name]
			if !strings.Contains(g.Departure.Msg, "furthest at "+units.FormatBytes(float64(far.SizeBytes), true)+" with "+strconv.FormatFloat(100*far.Fraction, 'f', 0, 64)+" %") {
				t.Errorf("%s: %s's departure %q does not name its furthest row (line %d, %s at %.0f %%)", file, g.Name, g.Departure.Msg, far.Line, units.FormatBytes(float64(far.SizeBytes), true), 100*far.Fraction)
			}
			if !strings.Contains(text.stdout, g.Departure.Msg) || !strings.Contains(note, g.Departure.Msg) {
				t.Errorf("%s: %s's departure %q is missing from the CLI's text or the view's note %q", file, g.Name, g.Departure.Msg, note)
			}
		}
	}
	if judged < 10 {
		t.Errorf("only %d corpus logs have measured rows", judged)
	}
}
