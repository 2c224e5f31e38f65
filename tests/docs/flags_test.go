package docs

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	// mentionRE finds "ccplay COMMAND rest" in a code span or a line of a
	// fenced block.
	mentionRE = regexp.MustCompile(`(?:^|[\s$(|;])ccplay ([a-z]+)((?: [^#]*)?)`)
	// flagRE finds the flags of a mention's rest: -x, -np, --gpus-per-node.
	flagRE   = regexp.MustCompile(`(?:^|[\s\[|,])--?([A-Za-z][A-Za-z0-9_-]*)`)
	codeRE   = regexp.MustCompile("`([^`\n]+)`")
	helpLine = regexp.MustCompile(`^\s+(-[^ ,]+(?:, -[^ ,]+)*)`)
)

// accepted returns the commands `ccplay help` lists and, for each, the
// flag names (without dashes) its help lists.
func accepted(t *testing.T) map[string]map[string]bool {
	t.Helper()
	ccplay := filepath.Join(bin, "ccplay")
	out, _ := exec.Command(ccplay, "help").CombinedOutput()
	cmds := map[string]map[string]bool{}
	inCommands := false
	for _, l := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(l, "Commands:"):
			inCommands = true
		case inCommands && strings.HasPrefix(l, "  "):
			cmds[strings.Fields(l)[0]] = nil
		case inCommands:
			inCommands = false
		}
	}
	if len(cmds) < 10 {
		t.Fatalf("ccplay help lists %d commands:\n%s", len(cmds), out)
	}
	for c := range cmds {
		help, _ := exec.Command(ccplay, "help", c).CombinedOutput()
		flags := map[string]bool{"h": true, "help": true}
		for _, l := range strings.Split(string(help), "\n") {
			if m := helpLine.FindStringSubmatch(l); m != nil {
				for _, f := range strings.Split(m[1], ", ") {
					flags[strings.TrimLeft(f, "-")] = true
				}
			}
		}
		cmds[c] = flags
	}
	return cmds
}

// TestDocumentedFlags checks every mention of a ccplay command in the
// documentation's code (code spans and fenced blocks: examples, usage
// lines, launcher command lines): the command exists and each flag after
// it is one its help lists. A bare "--" ends the flags (what follows is
// an nccl-tests command line), and "--nccl-*" names a family.
func TestDocumentedFlags(t *testing.T) {
	cmds := accepted(t)
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range append([]string{filepath.Join(root, "README.md")}, docs...) {
		name, _ := filepath.Rel(root, p)
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inFence := false
		for i, line := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				inFence = !inFence
				continue
			}
			var code []string
			// In a block, a line that is not a command may be output
			// ("# ccplay expected …"): only its known commands count.
			strict := !inFence || strings.HasPrefix(line, "$ ")
			if inFence {
				code = []string{line}
			} else {
				for _, m := range codeRE.FindAllStringSubmatch(line, -1) {
					code = append(code, m[1])
				}
			}
			for _, c := range code {
				for _, m := range mentionRE.FindAllStringSubmatch(c, -1) {
					cmd, rest := m[1], m[2]
					flags, ok := cmds[cmd]
					if !ok {
						if strict && cmd != "help" {
							t.Errorf("%s:%d: %q names no ccplay command", name, i+1, strings.TrimSpace(m[0]))
						}
						continue
					}
					if before, _, cut := strings.Cut(rest+" ", " -- "); cut {
						rest = before
					}
					for _, f := range flagRE.FindAllStringSubmatch(rest, -1) {
						if strings.HasSuffix(f[1], "-") {
							continue // a family such as --nccl-*
						}
						checked++
						if !flags[f[1]] {
							t.Errorf("%s:%d: ccplay %s has no flag %q (in %q)", name, i+1, cmd, f[1], strings.TrimSpace(m[0]))
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("checked %d documented flags, want at least 100 (is the pattern still finding them?)", checked)
	}
	t.Logf("%d documented flags checked", checked)
}
