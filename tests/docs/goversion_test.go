package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestReadmeGoVersion checks that the Go version README.md asks for is the
// go line of go.mod, the least toolchain that builds the module.
func TestReadmeGoVersion(t *testing.T) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goLine := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if goLine == nil {
		t.Fatal("go.mod has no go line")
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`On a machine with Go (\d+\.\d+(?:\.\d+)?)`).FindSubmatch(readme)
	if m == nil {
		t.Fatal(`README.md does not say "On a machine with Go X"`)
	}
	if string(m[1]) != string(goLine[1]) {
		t.Errorf("README.md asks for Go %s, go.mod's go line is %s", m[1], goLine[1])
	}
}
