package docs

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// example is one "$ " command of a document with the output it shows.
type example struct {
	file string // document, relative to the repository's root
	line int    // line of the "$ " command
	cmd  string // the command after "$ "
	want []string
	mark string // the doctest comment before the block: "", "measured", "skip …", "holds …"
}

// where names the example for a failure message.
func (e example) where() string { return fmt.Sprintf("%s:%d: $ %s", e.file, e.line, e.cmd) }

const markPrefix = "<!-- doctest:"

// readExamples returns the examples of one Markdown file: the fenced blocks
// whose first line starts with "$ ", split at each "$ " line.
func readExamples(path, name string) ([]example, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var (
		out      []example
		inFence  bool
		isCLI    bool // the block's first line is a "$ " command
		started  bool // the block has a line
		mark     string
		lastText string // the last non-blank line outside a fence
		n        int
	)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		n++
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			if inFence {
				inFence = false
				lastText = ""
				continue
			}
			inFence, isCLI, started, mark = true, false, false, ""
			if strings.HasPrefix(lastText, markPrefix) {
				mark = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(lastText, markPrefix), "-->"))
			}
			continue
		}
		if !inFence {
			if trimmed != "" {
				lastText = trimmed
			}
			continue
		}
		first := !started
		started = true
		if cmd, ok := strings.CutPrefix(line, "$ "); ok && (first || isCLI) {
			isCLI = true
			out = append(out, example{file: name, line: n, cmd: cmd, mark: mark})
			continue
		}
		if isCLI {
			e := &out[len(out)-1]
			e.want = append(e.want, line)
		}
	}
	return out, sc.Err()
}
