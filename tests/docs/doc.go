// Package docs checks that the documentation's command-line examples are
// true of the tree: every fenced block of README.md and docs/*.md whose
// first line starts with "$ " is run against the CLI built from these
// sources, and the output the block shows is compared with what the
// command prints (stdout and stderr together, from the repository's root).
//
// The comparison rule, which the documents follow:
//   - A line that is only "..." or "…" stands for any number of lines,
//     none included; a "…" inside a line stands for any run of characters.
//     Elsewhere lines are compared exactly, trailing spaces ignored, from
//     the first line to the last.
//   - A block preceded by the comment <!-- doctest: measured --> shows a
//     real run (wall times, process IDs, ports, memory available): there
//     every duration (a number with ns, µs, ms or s) and every other number
//     is compared by its place only, so the text around them is checked.
//   - A block preceded by <!-- doctest: skip REASON --> is not run; the
//     reason says what a test cannot have. Every other "$ " command must
//     run ccplay, or be "curl -s 'http://127.0.0.1:8080/PATH'", which the
//     API handler `ccplay serve` runs answers in-process.
//   - A block preceded by <!-- doctest: holds HOST:PORT --> runs while the
//     address is taken (by the test, unless another program holds it).
//
// Beyond the examples, every mention of a ccplay command in the
// documentation's code (code spans, usage lines, launcher command lines)
// must name a command `ccplay help` lists and only flags its help lists
// (TestDocumentedFlags), every API or chart address written with a query
// must answer 200 from the API handler (TestDocumentedURLs), and README.md must ask for the Go version of
// go.mod's go line (TestReadmeGoVersion).
package docs
