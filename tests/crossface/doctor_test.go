package crossface

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/doctor"
)

const (
	faceCLIdoc  = "CLI (ccplay doctor --json)"
	faceAPIdoc  = "API (POST /api/v1/doctor)"
	faceCoredoc = "core (doctor.Judge)"
	faceUIdoc   = "playground (the check-my-log view's JSON)"
)

// doctorQuestions are logs (paths from the module root) with the options
// of `ccplay doctor`; status is the CLI's exit status (2: a line of the log
// cannot be read, what could be is still judged).
var doctorQuestions = []struct {
	name, file string
	o          doctor.Options
	status     int
}{
	{"doctor: two A3 Mega nodes as a DGX H100 (below)", "core/nccltests/testdata/all_reduce_perf_16x_h100.txt", doctor.Options{}, 0},
	{"doctor: two A3 Mega nodes, --system a3-mega (normal)", "core/nccltests/testdata/all_reduce_perf_16x_h100.txt", doctor.Options{System: "a3-mega"}, 0},
	{"doctor: one DGX H100 node (normal)", "core/cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt", doctor.Options{}, 0},
	{"doctor: a V100 run over sockets (cannot judge, causes)", "core/doctor/testdata/broadcast_v100_pcie_2node_socket.txt", doctor.Options{}, 0},
	{"doctor: a log cut mid-row", "core/doctor/testdata/h100_pcie_2x_info.txt", doctor.Options{System: "dgx-h100", Ranks: 2, Collective: "allreduce"}, 2},
	{"doctor: two A3 Mega nodes, NCCL_ALGO=Ring set outside the log", "core/nccltests/testdata/all_reduce_perf_16x_h100.txt", doctor.Options{System: "a3-mega", NCCLAlgo: "Ring"}, 0},
	{"doctor: one DGX H100 node, Tree and LL128 forced outside the log (above)", "core/cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt", doctor.Options{NCCLAlgo: "Tree", NCCLProto: "LL128"}, 0},
	{"doctor: one DGX H100 node, NCCL_BUFFSIZE=64KiB set outside the log (above)", "core/cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt", doctor.Options{NCCLBuffSize: "64KiB"}, 0},
}

// TestDoctor asks each log through `ccplay doctor --json`, POST
// /api/v1/doctor, doctor.Judge and the playground's "check my log" view:
// the four answers must be the same JSON, class, fraction and causes
// included (the view's export byte for byte the CLI's), and the verdict
// the view shows is the CLI's.
func TestDoctor(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range doctorQuestions {
		args, body, data := doctorAsked(t, root, q.file, q.o)
		r := cli(t, "", args...)
		if r.code != q.status {
			t.Errorf("%s: CLI exit status %d, want %d: %s", q.name, r.code, q.status, r.stderr)
			continue
		}
		req := httptest.NewRequest(http.MethodPost, "/api/v1/doctor", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		apiHandler.ServeHTTP(w, req)
		v, jerr := doctor.Judge(data, q.o)
		core, _ := json.Marshal(doctor.AnswerOf(v, jerr))
		var c, a, k any
		var ca, aa doctor.Answer
		if json.Unmarshal([]byte(r.stdout), &c) != nil || json.Unmarshal([]byte(r.stdout), &ca) != nil {
			t.Errorf("%s: %s: not JSON: %s", q.name, faceCLIdoc, r.stdout)
			continue
		}
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &a) != nil || json.Unmarshal(w.Body.Bytes(), &aa) != nil {
			t.Errorf("%s: %s: status %d: %s", q.name, faceAPIdoc, w.Code, w.Body.String())
			continue
		}
		json.Unmarshal(core, &k) //nolint:errcheck // just marshalled
		pj, shown := doctorAnswer(data, q.o)
		var u any
		var ua doctor.Answer
		if json.Unmarshal([]byte(pj), &u) != nil || json.Unmarshal([]byte(pj), &ua) != nil || ua.Verdict == nil {
			t.Errorf("%s: %s: not a verdict: %q (%s)", q.name, faceUIdoc, pj, shown)
			continue
		}
		agree(t, q.name, "class", say(faceCLIdoc, ca.Verdict.Class), say(faceAPIdoc, aa.Verdict.Class), say(faceCoredoc, v.Class), say(faceUIdoc, ua.Verdict.Class))
		agreeFloat(t, q.name, "bandwidth-bound fraction", say(faceCLIdoc, ca.Verdict.Fraction), say(faceAPIdoc, aa.Verdict.Fraction), say(faceCoredoc, v.Fraction), say(faceUIdoc, ua.Verdict.Fraction))
		agree(t, q.name, "causes", say(faceCLIdoc, len(ca.Verdict.Causes)), say(faceAPIdoc, len(aa.Verdict.Causes)), say(faceCoredoc, len(v.Causes)), say(faceUIdoc, len(ua.Verdict.Causes)))
		agree(t, q.name, "verdict line", say(faceCLIdoc, ca.Verdict.Summary.Msg), say(faceUIdoc+", as shown", shown))
		if !reflect.DeepEqual(c, a) || !reflect.DeepEqual(c, k) || !reflect.DeepEqual(c, u) {
			t.Errorf("%s: the JSON answers of %s, %s, %s and %s differ", q.name, faceCLIdoc, faceAPIdoc, faceCoredoc, faceUIdoc)
		}
		if pj != r.stdout {
			t.Errorf("%s: %s is not byte for byte what %s prints", q.name, faceUIdoc, faceCLIdoc)
		}
	}
}

// doctorAsked is the doctor question about the log at file (a path from
// the module root) with options o, as the CLI's arguments (--json), as
// POST /api/v1/doctor's body, and the log itself.
func doctorAsked(t *testing.T, root, file string, o doctor.Options) (args []string, body, data []byte) {
	t.Helper()
	path := filepath.Join(root, file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	args = []string{"doctor", path, "--json"}
	if o.System != "" {
		args = append(args, "--system", o.System)
	}
	if o.Ranks != 0 {
		args = append(args, "--ranks", strconv.Itoa(o.Ranks))
	}
	if o.Collective != "" {
		args = append(args, "--collective", o.Collective)
	}
	if o.NCCLAlgo != "" {
		args = append(args, "--nccl-algo", o.NCCLAlgo)
	}
	if o.NCCLProto != "" {
		args = append(args, "--nccl-proto", o.NCCLProto)
	}
	if o.NCCLBuffSize != "" {
		args = append(args, "--nccl-buffsize", o.NCCLBuffSize)
	}
	body, _ = json.Marshal(map[string]any{"log": string(data), "system": o.System, "ranks": o.Ranks, "collective": o.Collective,
		"nccl-algo": o.NCCLAlgo, "nccl-proto": o.NCCLProto, "nccl-buffsize": o.NCCLBuffSize})
	return args, body, data
}

// TestDoctorForced checks that an algorithm, protocol or buffer forced
// outside the log (--nccl-algo, --nccl-proto and --nccl-buffsize, the
// API's keys, the view's fields)
// changes the question in every face alike: each face's verdict names
// the forced setting and its expected busbw is the forced model's, not
// the free one's, and the fraction differs from the same log judged with
// nothing forced.
func TestDoctorForced(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, q := range doctorQuestions {
		if q.o.NCCLAlgo == "" && q.o.NCCLProto == "" && q.o.NCCLBuffSize == "" {
			continue
		}
		n++
		free := q.o
		free.NCCLAlgo, free.NCCLProto, free.NCCLBuffSize = "", "", ""
		args, body, data := doctorAsked(t, root, q.file, q.o)
		fargs, _, _ := doctorAsked(t, root, q.file, free)
		var forcedCLI, freeCLI, forcedAPI doctor.Answer
		if r := cli(t, "", args...); json.Unmarshal([]byte(r.stdout), &forcedCLI) != nil || forcedCLI.Verdict == nil {
			t.Fatalf("%s: %s: %s %s", q.name, faceCLIdoc, r.stdout, r.stderr)
		}
		if r := cli(t, "", fargs...); json.Unmarshal([]byte(r.stdout), &freeCLI) != nil || freeCLI.Verdict == nil {
			t.Fatalf("%s, nothing forced: %s: %s %s", q.name, faceCLIdoc, r.stdout, r.stderr)
		}
		if r := apiDo(http.MethodPost, "/api/v1/doctor", strings.NewReader(string(body))); json.Unmarshal([]byte(r.body), &forcedAPI) != nil || forcedAPI.Verdict == nil {
			t.Fatalf("%s: %s: %d %s", q.name, faceAPIdoc, r.status, r.body)
		}
		pj, shown := doctorAnswer(data, q.o)
		var forcedUI doctor.Answer
		if json.Unmarshal([]byte(pj), &forcedUI) != nil || forcedUI.Verdict == nil {
			t.Fatalf("%s: %s: %q (%s)", q.name, faceUIdoc, pj, shown)
		}
		want := map[string]string{}
		if q.o.NCCLAlgo != "" {
			want["NCCL_ALGO"] = q.o.NCCLAlgo
		}
		if q.o.NCCLProto != "" {
			want["NCCL_PROTO"] = q.o.NCCLProto
		}
		if q.o.NCCLBuffSize != "" {
			want["NCCL_BUFFSIZE"] = q.o.NCCLBuffSize
		}
		for _, f := range []struct {
			face string
			a    doctor.Answer
		}{{faceCLIdoc, forcedCLI}, {faceAPIdoc, forcedAPI}, {faceUIdoc, forcedUI}} {
			b := f.a.Verdict.Basis
			if b == nil {
				t.Errorf("%s: %s: no basis", q.name, f.face)
				continue
			}
			got := map[string]string{}
			for _, k := range b.Forced {
				if k.Line != 0 {
					t.Errorf("%s: %s: %s=%s given outside the log is placed on line %d", q.name, f.face, k.Name, k.Value, k.Line)
				}
				got[k.Name] = k.Value
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s judges against %v, want %v", q.name, f.face, got, want)
			}
			for _, r := range f.a.Verdict.Rows {
				if (q.o.NCCLAlgo != "" && r.Expected.Algorithm != q.o.NCCLAlgo) || (q.o.NCCLProto != "" && r.Expected.Protocol != q.o.NCCLProto) {
					t.Errorf("%s: %s: line %d is expected of %s/%s", q.name, f.face, r.Line, r.Expected.Algorithm, r.Expected.Protocol)
					break
				}
			}
			if f.a.Verdict.Fraction == freeCLI.Verdict.Fraction {
				t.Errorf("%s: %s: the fraction %.4f is the one with nothing forced", q.name, f.face, f.a.Verdict.Fraction)
			}
		}
	}
	if n == 0 {
		t.Fatal("no doctor question forces an algorithm or protocol")
	}
}
