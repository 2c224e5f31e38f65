package crossface

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/api"
)

// ccplayBin is the CLI built once by TestMain.
var ccplayBin string

// apiHandler is the HTTP API, served in-process.
var apiHandler = api.New(api.Config{})

// TestMain builds the CLI once from the module's own sources into a
// temporary directory, runs the tests and removes the binary.
func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "crossface:", err)
		return 1
	}
	dir, err := os.MkdirTemp("", "crossface-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "crossface:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	ccplayBin = filepath.Join(dir, "ccplay")
	build := exec.Command("go", "build", "-o", ccplayBin, "./cmd/ccplay")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "crossface: building the CLI: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// moduleRoot is the directory of the go.mod this package belongs to.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside a Go module")
	}
	return filepath.Dir(mod), nil
}

// queryArgs turns a URL query with the CLI's flag names into flags, in the
// query's own order: "ranks=8&size=1MiB" → --ranks 8 --size 1MiB.
func queryArgs(t *testing.T, query string) []string {
	t.Helper()
	var args []string
	for _, kv := range strings.Split(query, "&") {
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		k, err1 := url.QueryUnescape(k)
		v, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad query %q", query)
		}
		args = append(args, "--"+k, v)
	}
	return args
}

// cliResult is one run of the CLI.
type cliResult struct {
	stdout, stderr string
	code           int
}

// cli runs the built CLI with args and stdin.
func cli(t *testing.T, stdin string, args ...string) cliResult {
	t.Helper()
	cmd := exec.Command(ccplayBin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("ccplay %s: %v", strings.Join(args, " "), err)
		}
		code = ee.ExitCode()
	}
	return cliResult{out.String(), errb.String(), code}
}

// cliJSON runs the CLI, requires status 0 and decodes its stdout into v.
func cliJSON(t *testing.T, v any, stdin string, args ...string) bool {
	t.Helper()
	r := cli(t, stdin, args...)
	if r.code != 0 {
		t.Errorf("CLI: ccplay %s: exit status %d: %s", strings.Join(args, " "), r.code, r.stderr)
		return false
	}
	if err := json.Unmarshal([]byte(r.stdout), v); err != nil {
		t.Errorf("CLI: ccplay %s: output is not JSON: %v\n%s", strings.Join(args, " "), err, r.stdout)
		return false
	}
	return true
}

// cliField reads the field of a refusal on the CLI's stderr,
// "ccplay: --field: message", as the field name and the message.
func cliField(stderr string) (field, msg string) {
	line, _, _ := strings.Cut(strings.TrimSpace(stderr), "\n")
	rest, ok := strings.CutPrefix(line, "ccplay: --")
	if !ok {
		return "", line
	}
	field, msg, _ = strings.Cut(rest, ": ")
	return field, msg
}

// apiAnswer is one response of the API.
type apiAnswer struct {
	status int
	body   string
}

// apiDo sends one request to the API handler; a body goes as
// application/json, the only type the API accepts for a POST.
func apiDo(method, target string, body io.Reader) apiAnswer {
	req := httptest.NewRequest(method, target, body)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	apiHandler.ServeHTTP(w, req)
	return apiAnswer{w.Code, w.Body.String()}
}

// apiJSON GETs target, requires 200 and decodes the body into v.
func apiJSON(t *testing.T, v any, target string) bool {
	t.Helper()
	a := apiDo(http.MethodGet, target, nil)
	return decodeAnswer(t, v, "GET "+target, a)
}

func decodeAnswer(t *testing.T, v any, what string, a apiAnswer) bool {
	t.Helper()
	if a.status != http.StatusOK {
		t.Errorf("API: %s: status %d: %s", what, a.status, a.body)
		return false
	}
	if err := json.Unmarshal([]byte(a.body), v); err != nil {
		t.Errorf("API: %s: body is not JSON: %v\n%s", what, err, a.body)
		return false
	}
	return true
}

// apiError decodes a refusal: its status, field and message.
func apiError(a apiAnswer) (status int, field, msg string) {
	var e struct {
		Error string `json:"error"`
		Field string `json:"field"`
	}
	json.Unmarshal([]byte(a.body), &e) //nolint:errcheck // a non-JSON body leaves the fields empty, which the caller reports
	return a.status, e.Field, e.Error
}

// withoutKeys drops the keys of a query (to ask an endpoint that sets them
// itself).
func withoutKeys(query string, keys ...string) string {
	var out []string
	for _, kv := range strings.Split(query, "&") {
		k, _, _ := strings.Cut(kv, "=")
		drop := kv == ""
		for _, d := range keys {
			drop = drop || k == d
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return strings.Join(out, "&")
}

// queryValue is the value of key in query ("" if absent).
func queryValue(query, key string) string {
	v, _ := url.ParseQuery(query)
	return v.Get(key)
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
