package ui

import (
	"errors"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/doctor"
	"github.com/ccplay/ccplay/internal/slowlog"
	"github.com/ccplay/ccplay/report"
)

// exampleSources are the originals of public/examples/.
var exampleSources = map[string]string{
	"all_reduce_1x8_dgx-h100.txt": "../core/cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt",
	"rtx4090_4x_pcie_docker.txt":  "../core/doctor/testdata/rtx4090_4x_pcie_docker.txt",
}

// doctorPage is the "check my log" view of a new page in lang.
func doctorPage(lang string) (*State, *App) {
	s := NewState("view=doctor&lang="+lang, lang)
	return s, NewApp(s)
}

// badLog is the RTX 4090 example with line 20 cut short: a line that
// cannot be read, the rest still judged.
func badLog(t *testing.T) string {
	t.Helper()
	lines := strings.Split(readFile(t, exampleSources["rtx4090_4x_pcie_docker.txt"]), "\n")
	lines[19] = strings.Join(strings.Fields(lines[19])[:8], "  ")
	return strings.Join(lines, "\n")
}

// visible is the page's text as a reader sees it (tags dropped, entities
// decoded), one line per element.
func visible(page string) string {
	tag := regexp.MustCompile(`<[^>]*>`)
	return html.UnescapeString(tag.ReplaceAllString(page, "\n"))
}

// The examples under public/examples/ are byte-for-byte copies of the
// repository's test logs, and each gets the verdict its README states.
func TestDoctorExamples(t *testing.T) {
	want := map[string]string{"dgx-h100": doctor.ClassNormal, "rtx4090": doctor.ClassFarBelow}
	for _, e := range DoctorExamples {
		copied := readFile(t, "../public/examples/"+e.File)
		if src := readFile(t, exampleSources[e.File]); copied != src {
			t.Errorf("public/examples/%s differs from %s", e.File, exampleSources[e.File])
		}
		_, a := doctorPage("en")
		a.Doctor.TryExample(e.ID)
		v, err := doctor.Judge([]byte(copied), doctor.Options{System: e.System})
		if err != nil || a.Doctor.Verdict() != v.Summary.Msg || v.Class != want[e.ID] {
			t.Errorf("example %s: %q (%v), want %s: %q", e.ID, a.Doctor.Verdict(), err, want[e.ID], v.Summary.Msg)
		}
		if a.Doctor.Option("system") != e.System {
			t.Errorf("example %s sets --system %q, want %q", e.ID, a.Doctor.Option("system"), e.System)
		}
	}
}

// A log in, the verdict out: on the en page every line `ccplay doctor`
// prints outside its tables is on the page word for word — the verdict,
// what the question rests on with its lines, the peak, the cause with its
// line — and the table has a row per measured point, the departing ones
// marked.
func TestDoctorShowsWhatTheCLIPrints(t *testing.T) {
	_, a := doctorPage("en")
	data := readFile(t, exampleSources["rtx4090_4x_pcie_docker.txt"])
	a.Doctor.SetOption("system", "pcie-l40s")
	a.Doctor.SetPaste(data)
	a.Doctor.CheckPaste()
	v, _ := doctor.Judge([]byte(data), doctor.Options{System: "pcie-l40s"})
	var cli strings.Builder
	if err := report.Doctor(&cli, v); err != nil {
		t.Fatal(err)
	}
	page := visible(render(t, a))
	table := regexp.MustCompile(`^\s*(\d+\s|regime\s+range|line\s+size|(latency-bound|middle|bandwidth-bound)\s+\d+–\d+ %\s|$)`)
	checked := 0
	for _, line := range strings.Split(cli.String(), "\n") {
		if table.MatchString(line) {
			continue
		}
		checked++
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "asked of the model") {
			line = strings.TrimSuffix(line, " "+v.Basis.Command) // the command is on its own line
		}
		if !strings.Contains(page, line) {
			t.Errorf("the page lacks the CLI's line %q", line)
		}
	}
	if checked != 13 {
		t.Errorf("%d of the CLI's lines checked, want 13 (verdict, question, 5 notes, 3 regimes' departures, peak, causes' heading and one cause)", checked)
	}
	if got := a.Doctor.Verdict(); got != v.Summary.Msg || !strings.HasSuffix(got, "far below expectation") {
		t.Errorf("verdict %q, want %q", got, v.Summary.Msg)
	}
	if c := a.Doctor.Causes(); len(c) != 1 || !strings.HasPrefix(c[0].Value, "line 4: the GPUs (NVIDIA GeForce RTX 4090) are PCIe cards") {
		t.Errorf("causes %v", c)
	}
	rows := a.Doctor.Rows()
	if len(rows) != len(v.Rows) || len(rows) != 58 {
		t.Fatalf("%d rows, want %d", len(rows), len(v.Rows))
	}
	for i, r := range rows {
		if departs := r.Class == "departs"; departs != v.Rows[i].Departs || departs != strings.HasSuffix(r.Cells[5], "!") {
			t.Errorf("row %d (%v): class %q, fraction %q; departs %v", i, r.Cells, r.Class, r.Cells[5], v.Rows[i].Departs)
		}
	}
	if got := strings.Join(rows[len(rows)-1].Cells, "|"); got != "40|2 GiB|in|2.58|18.00|14 %!|bandwidth-bound|Ring/Simple" {
		t.Errorf("last row %q", got)
	}
	if a.Doctor.CLI() != "ccplay doctor - --system pcie-l40s" {
		t.Errorf("CLI %q", a.Doctor.CLI())
	}
}

// A run normal where the bandwidth-bound rows decide but twice as slow in
// the middle: the page shows core's sentence for the middle rows under the
// verdict, as the CLI prints it, in the page's language.
func TestDoctorElsewhere(t *testing.T) {
	data := readFile(t, "../core/cost/testdata/nccl/all_reduce_2x8_aws-p5.txt")
	o := doctor.Options{System: "aws-p5"}
	healthy, _ := doctor.Judge([]byte(data), o)
	var lo, hi int64
	for _, g := range healthy.Regimes {
		if g.Name == doctor.RegimeMiddle {
			lo, hi = g.MinBytes, g.MaxBytes
		}
	}
	slow, err := slowlog.Slow(data, lo, hi, 2)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := doctor.Judge([]byte(slow), o)
	if v.Class != doctor.ClassNormal || len(v.Elsewhere) != 1 {
		t.Fatalf("class %s, elsewhere %v: want normal and one sentence", v.Class, v.Elsewhere)
	}
	s, a := doctorPage("en")
	a.Doctor.SetOption("system", "aws-p5")
	a.Doctor.SetPaste(slow)
	a.Doctor.CheckPaste()
	if got := a.Doctor.Elsewhere(); len(got) != 1 || got[0] != v.Elsewhere[0].Msg {
		t.Fatalf("en: %q, want %q", got, v.Elsewhere[0].Msg)
	}
	mustContain(t, render(t, a), `class="d-elsewhere"`, html.EscapeString(v.Elsewhere[0].Msg))
	s.SetLang("zh")
	zh := v.Elsewhere[0].In("zh")
	if got := a.Doctor.Elsewhere(); len(got) != 1 || got[0] != humanBytes(zh) || !strings.Contains(zh, "中间区间") {
		t.Errorf("zh: %q, want %q", got, zh)
	}
}

// Switching the page's language says the same verdict in the other
// language, from the same arguments; switching back restores core's
// English word for word.
func TestDoctorFollowsTheLanguage(t *testing.T) {
	s, a := doctorPage("en")
	a.Doctor.TryExample("rtx4090")
	en := a.Doctor.Verdict()
	s.SetLang("zh")
	zhVerdict := a.Doctor.Verdict()
	if zhVerdict == en || !strings.Contains(zhVerdict, "11 %") || !strings.Contains(zhVerdict, "（按 ws-rtx4090-4x 的 PCIe Gen4 计）") || !strings.HasSuffix(zhVerdict, "远低于预期") {
		t.Errorf("zh verdict %q (en %q)", zhVerdict, en)
	}
	if c := a.Doctor.Causes(); len(c) != 1 || !strings.HasPrefix(c[0].Value, "第 4 行：这些 GPU（NVIDIA GeForce RTX 4090）是 PCIe 卡") {
		t.Errorf("zh causes %v", c)
	}
	page := visible(render(t, a))
	mustContain(t, page, zhVerdict, "第 40 行", "带宽主导", "非原地", "向模型提出的问题（ws-rtx4090-4x · 每节点 4 × RTX 4090 24GB · PCIe Gen4，无 P2P")
	s.SetLang("en")
	if got := a.Doctor.Verdict(); got != en {
		t.Errorf("back in en: %q, want %q", got, en)
	}
}

// A log with a line that cannot be read: the page names the line and what
// is wrong with it, and still judges what could be read (in both
// languages), as the CLI does.
func TestDoctorBadLog(t *testing.T) {
	s, a := doctorPage("en")
	a.Doctor.SetOption("system", "pcie-l40s")
	a.Doctor.CheckLog("bad.txt", badLog(t))
	want := "line 20: 8 values, but the header has 9 columns"
	if got := a.Doctor.LogErr(); !strings.Contains(got, want) || !strings.Contains(got, "What could be read is judged below") {
		t.Errorf("log error %q", got)
	}
	if !a.Doctor.Judged() || !strings.HasSuffix(a.Doctor.Verdict(), "far below expectation") || len(a.Doctor.Rows()) != 56 {
		t.Errorf("what could be read is not judged: %q, %d rows", a.Doctor.Verdict(), len(a.Doctor.Rows()))
	}
	if p := a.Doctor.Problems(); len(p) != 1 || p[0] != "problem: "+want {
		t.Errorf("problems %q", p)
	}
	mustContain(t, render(t, a), `id="d-log-err"`, `id="d-verdict"`)
	s.SetLang("zh")
	if got := a.Doctor.LogErr(); !strings.Contains(got, "第 20 行：有 8 个值，但表头有 9 列") {
		t.Errorf("zh log error %q", got)
	}
}

// A bad option is refused under its field (core's message), with no
// verdict until it is fixed; an option the log's word would give changes
// nothing, another changes the verdict as doctor.Judge does.
func TestDoctorOptions(t *testing.T) {
	_, a := doctorPage("en")
	a.Doctor.TryExample("dgx-h100")
	normal := a.Doctor.Verdict()
	a.Doctor.SetOption("ranks", "1")
	if got := a.Doctor.OptionErr("ranks"); !strings.Contains(got, "2 to 1048576") || a.Doctor.Judged() || a.Doctor.OptionClass("ranks") != "field bad" {
		t.Errorf("ranks = 1: error %q, judged %v", got, a.Doctor.Judged())
	}
	a.Doctor.SetOption("ranks", " 8 ")
	if a.Doctor.OptionErr("ranks") != "" || a.Doctor.Verdict() != normal {
		t.Errorf("ranks = 8 (the log's): %q, %q", a.Doctor.OptionErr("ranks"), a.Doctor.Verdict())
	}
	a.Doctor.SetOption("collective", "nosuch")
	if a.Doctor.OptionErr("collective") == "" || a.Doctor.OptionErr("ranks") != "" {
		t.Errorf("collective nosuch: %q", a.Doctor.OptionErr("collective"))
	}
	a.Doctor.SetOption("collective", "")
	a.Doctor.SetOption("system", "a3-mega")
	v, _ := doctor.Judge([]byte(readFile(t, exampleSources["all_reduce_1x8_dgx-h100.txt"])), doctor.Options{System: "a3-mega", Ranks: 8})
	if a.Doctor.Verdict() != v.Summary.Msg {
		t.Errorf("--system a3-mega: %q, want %q", a.Doctor.Verdict(), v.Summary.Msg)
	}
	if a.Doctor.CLI() != "ccplay doctor all_reduce_1x8_dgx-h100.txt --system a3-mega --ranks 8" {
		t.Errorf("CLI %q", a.Doctor.CLI())
	}
}

// An example fetched while another log is chosen is dropped; a failed
// fetch and a file above the limit are reported and keep the verdict.
func TestDoctorLoading(t *testing.T) {
	_, a := doctorPage("en")
	var pending []func([]byte, error)
	a.Doctor.Load = func(file string, done func([]byte, error)) { pending = append(pending, done) }
	a.Doctor.TryExample("dgx-h100")
	if !a.Doctor.Fetching() || a.Doctor.Checked() {
		t.Fatal("the example is not on its way")
	}
	a.Doctor.TryExample("rtx4090")
	pending[0]([]byte(readFile(t, exampleSources["all_reduce_1x8_dgx-h100.txt"])), nil)
	if a.Doctor.Checked() {
		t.Error("the superseded example was judged")
	}
	pending[1]([]byte(readFile(t, exampleSources["rtx4090_4x_pcie_docker.txt"])), nil)
	verdict := a.Doctor.Verdict()
	if a.Doctor.Fetching() || !strings.HasSuffix(verdict, "far below expectation") {
		t.Errorf("after the example arrived: %q", verdict)
	}
	a.Doctor.TryExample("dgx-h100")
	pending[2](nil, errors.New("HTTP 404"))
	if got := a.Doctor.LoadErr(); got != "the example all_reduce_1x8_dgx-h100.txt could not be fetched: HTTP 404" || a.Doctor.Verdict() != verdict {
		t.Errorf("failed fetch: %q; verdict %q", got, a.Doctor.Verdict())
	}
	a.Doctor.CheckLogFile("huge.log", MaxDoctorBytes+1, "")
	if got := a.Doctor.LoadErr(); !strings.Contains(got, "huge.log is 67108865 bytes") || a.Doctor.Verdict() != verdict {
		t.Errorf("huge file: %q", got)
	}
}

// identifiers are the words the zh page may show in Latin letters: names
// of programs, flags, columns, presets, GPUs, links, algorithms and units.
var identifiers = map[string]bool{}

func init() {
	for _, w := range strings.Fields("ccplay doctor json api nccl debug info tests busbw algbw count rank ranks gpu system collective " +
		"nvidia geforce rtx dgx h pcie gen nvlink l s x j ring tree ll simple allreduce gb gib mib kib b g algo proto buffsize") {
		identifiers[w] = true
	}
}

// On the zh page the verdict, what it rests on (the algorithm forced
// outside the log included), the regimes, rows, causes and a problem show
// no English but identifiers: no word of core's English sentences and no
// English word outside a name.
func TestDoctorChinesePage(t *testing.T) {
	s, a := doctorPage("zh")
	a.Doctor.SetOption("system", "pcie-l40s")
	a.Doctor.SetOption("nccl-algo", "Ring")
	a.Doctor.CheckLog("bad.txt", badLog(t))
	v, _ := doctor.Judge([]byte(badLog(t)), doctor.Options{System: "pcie-l40s", NCCLAlgo: "Ring"})
	if v.Basis == nil || len(v.Basis.Forced) != 1 {
		t.Fatalf("NCCL_ALGO=Ring chosen in the view is not what the verdict rests on: %+v", v.Basis)
	}
	page := render(t, a.Doctor)
	for _, code := range []string{a.Doctor.Command(), a.Doctor.CLI(), "bad.txt"} {
		page = strings.ReplaceAll(page, html.EscapeString(code), "")
	}
	page = regexp.MustCompile(`(?s)<select.*?</select>`).ReplaceAllString(page, "") // the presets' names
	text := visible(page)
	for _, msg := range []string{v.Summary.Msg, v.Peak.Text.Msg, v.Causes[0].Msg, v.Notes[0].Msg, v.Problems[0].Msg} {
		if strings.Contains(text, msg) {
			t.Errorf("the zh page shows core's English %q", msg)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		for _, w := range regexp.MustCompile(`[A-Za-z]+`).FindAllString(line, -1) {
			if !identifiers[strings.ToLower(w)] {
				t.Errorf("English %q on the zh page: %q", w, strings.TrimSpace(line))
			}
		}
	}
	if s.Lang != "zh" || !strings.Contains(text, a.Doctor.Verdict()) {
		t.Fatalf("the verdict %q is not on the page", a.Doctor.Verdict())
	}
	shown := false
	for _, n := range v.Basis.From {
		if n.ID == "doctor.basis.forced.given" {
			shown = strings.Contains(text, n.In("zh"))
		}
	}
	if !shown {
		t.Error("the zh page does not say the expectation uses NCCL_ALGO=Ring as given")
	}
}

// The JSON the view exports is `ccplay doctor --json`'s answer.
func TestDoctorJSON(t *testing.T) {
	s, a := doctorPage("zh")
	a.Doctor.CheckLog("bad.txt", badLog(t))
	var name, got string
	s.Download = func(n, _, d string) { name, got = n, d }
	a.Doctor.ExportJSON()
	v, err := doctor.Judge([]byte(badLog(t)), doctor.Options{})
	if name != "ccplay-doctor.json" || !strings.Contains(got, `"class": "`+v.Class+`"`) || !strings.Contains(got, `"field": "log"`) || !strings.Contains(got, err.Error()[len("nccl-tests: "):]) {
		t.Errorf("export %s:\n%s", name, got)
	}
}
