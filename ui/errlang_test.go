package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
)

// coreFormats is every literal format core still builds an English
// message from: the format argument of fielderr.Errorf (second), read from
// core's sources, with where each is used.
func coreFormats(t *testing.T) map[string]string {
	t.Helper()
	formats := map[string]string{}
	err := filepath.WalkDir("../core", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			arg := -1
			switch fn := call.Fun.(type) {
			case *ast.Ident: // inside the defining package
				if fn.Name == "Errorf" {
					arg = 1
				}
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "fielderr" && fn.Sel.Name == "Errorf" {
					arg = 1
				}
			}
			if arg < 0 || len(call.Args) <= arg {
				return true
			}
			if lit, ok := call.Args[arg].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
				}
				formats[s] = fset.Position(lit.Pos()).String()
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return formats
}

var verbRE = regexp.MustCompile(`%(\[(\d+)\])?[-+# 0]*\d*(\.\d+)?([a-zA-Z%])`)

// verbsOf maps each argument index (1-based) of a format to its verb
// letter; it reports false when an index is used with two letters.
func verbsOf(format string) (map[int]byte, bool) {
	out, next := map[int]byte{}, 1
	for _, m := range verbRE.FindAllStringSubmatch(format, -1) {
		if m[4] == "%" {
			continue
		}
		i := next
		if m[2] != "" {
			i, _ = strconv.Atoi(m[2])
		}
		if l, ok := out[i]; ok && l != m[4][0] {
			return nil, false
		}
		out[i], next = m[4][0], i+1
	}
	return out, true
}

// Every format core builds a message from has a zh translation taking the
// same arguments with the same verbs, and the catalog has nothing else: a
// new or reworded message in core fails here until it is translated.
func TestCoreErrorsTranslated(t *testing.T) {
	formats := coreFormats(t)
	var missing []string
	for f, where := range formats {
		zh, ok := coreErrZH[f]
		if !ok {
			missing = append(missing, where+": "+strconv.Quote(f))
			continue
		}
		en, ok1 := verbsOf(f)
		z, ok2 := verbsOf(zh)
		if !ok1 || !ok2 || len(en) != len(z) {
			t.Errorf("%s: %q and its translation %q take different arguments", where, f, zh)
			continue
		}
		for i, l := range en {
			if z[i] != l {
				t.Errorf("%s: argument %d is %%%c in %q but %%%c in %q", where, i, l, f, z[i], zh)
			}
		}
		if strings.Count(f, "%%") != strings.Count(zh, "%%") {
			t.Errorf("%s: %q and %q differ in literal %% signs", where, f, zh)
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no zh translation for %s", m)
	}
	for f := range coreErrZH {
		if _, ok := formats[f]; !ok {
			t.Errorf("coreErrZH translates %q, which core no longer uses", f)
		}
	}
}

// What a student types wrong gets its message in Chinese on the zh page
// (built from the same arguments: the bad text is quoted as typed) and
// core's English, word for word as the CLI prints it, on the en page.
func TestFieldErrorsInPageLanguage(t *testing.T) {
	cases := []struct {
		query, field, zhHas string
	}{
		{"size=abc", "size", `大小 "abc"：`},
		{"size=-5", "size", `大小 "-5"：`},
		{"ranks=0", "ranks", `"0"`},
		{"bandwidth=5", "bandwidth", `带宽 "5"：`},
		{"latency=abc", "latency", `时长 "abc"：`},
		{"algorithm=foo", "algorithm", `"foo"`},
		{"collective=bar", "collective", `"bar"`},
		{"efficiency=2", "efficiency", `效率 "2"：`},
		{"root=9&collective=broadcast&ranks=8", "root", `"9"`},
		{"dtype=int3", "dtype", `"int3"`},
		{"gamma=x", "gamma", `"x"`},
	}
	english := regexp.MustCompile(`\b(want|got|accepted|expected|missing|unknown|must)\b`)
	for _, c := range cases {
		_, err := question.CostParams(field.Map(parseQuery(c.query)))
		fe, ok := err.(*fielderr.Error)
		if !ok || fe.Field != c.field {
			t.Fatalf("%s: core says %v, want an error on %s", c.query, err, c.field)
		}
		en := NewState(c.query+"&lang=en", "en")
		if got := en.ErrText(c.field); !strings.HasSuffix(got, fe.Msg) {
			t.Errorf("%s (en): %q does not end with core's message %q", c.query, got, fe.Msg)
		}
		zh := NewState(c.query+"&lang=zh", "zh")
		got := zh.ErrText(c.field)
		if !strings.Contains(got, c.zhHas) || strings.Contains(got, fe.Msg) || english.MatchString(got) {
			t.Errorf("%s (zh): %q; want %q in it and no English (core: %q)", c.query, got, c.zhHas, fe.Msg)
		}
		zh.SetLang("en") // the message follows the page's language
		if got := zh.ErrText(c.field); !strings.HasSuffix(got, fe.Msg) {
			t.Errorf("%s: after switching to en: %q", c.query, got)
		}
	}
}

// The other places a core error shows: the unit converter, the planner,
// the nccl-tests sweep.
func TestOtherErrorsInPageLanguage(t *testing.T) {
	english := regexp.MustCompile(`\b(want|got|accepted|expected|missing|unknown|must)\b`)
	zh := NewState("lang=zh", "zh")
	zhApp := NewApp(zh)
	zhApp.Units.conv = "abc"
	if got := zhApp.Units.ConvErr(); !strings.Contains(got, `带宽 "abc"：`) || !strings.Contains(got, `大小 "abc"：`) || english.MatchString(got) {
		t.Errorf("converter: %q", got)
	}
	pl := NewState("view=plan&lang=zh", "zh")
	plApp := NewApp(pl)
	plApp.Plan.SetPlanField("tp", "3")
	if got := plApp.Plan.PlanErrFor("tp"); got == "" || english.MatchString(got) {
		t.Errorf("planner, tp = 3: %q", got)
	}
	nc := NewState("view=nccl&minbytes=abc&lang=zh", "zh")
	ncApp := NewApp(nc)
	if got := ncApp.Nccl.SweepErr("minbytes"); got == "" || english.MatchString(got) {
		t.Errorf("nccl-tests sweep, minbytes = abc: %q", got)
	}
}
