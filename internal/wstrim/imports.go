package main

import (
	"bytes"
	"regexp"
)

// logImport and logUse are the import of package log that vugugen writes
// into every generated file and the blank declaration that keeps it used.
var (
	logImport = regexp.MustCompile(`(?m)^import "log"\n`)
	logUse    = regexp.MustCompile(`(?m)^var _ log\.Logger\n`)
)

// dropLog removes vugugen's unused import of package log when nothing else
// in the file names it. Why: importing log runs its init, which keeps its
// standard logger and formatting in the binary (≈ 6 KB of gzipped wasm)
// although nothing in the page logs.
func dropLog(src []byte) []byte {
	out := logUse.ReplaceAll(logImport.ReplaceAll(src, nil), nil)
	if bytes.Contains(out, []byte("log.")) {
		return src
	}
	return out
}
