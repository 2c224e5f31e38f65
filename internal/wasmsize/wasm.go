package main

import (
	"errors"
	"fmt"
	"strings"
)

// module is what wasmsize needs of a WebAssembly binary: the function
// bodies of the code section, the data section, the count of imported
// functions (which come first in the function index space) and the
// function names of the "name" custom section by function index.
type module struct {
	imports int
	code    struct {
		all    []byte
		bodies [][]byte
	}
	data  []byte
	names map[int]string
}

var errShort = errors.New("truncated")

// reader reads the binary format's LEB128 integers and byte vectors
// (WebAssembly core spec §5.2); a read past the end sets err.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) u32() int {
	var v uint64
	for shift := 0; shift < 35; shift += 7 {
		if r.i >= len(r.b) {
			r.err = errShort
			return 0
		}
		c := r.b[r.i]
		r.i++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return int(v)
		}
	}
	r.err = errors.New("LEB128 integer too long")
	return 0
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || r.i+n > len(r.b) {
		r.err = errShort
		return nil
	}
	s := r.b[r.i : r.i+n]
	r.i += n
	return s
}

func (r *reader) skip(n int) { r.bytes(n) }

// parse reads the sections wasmsize uses (§5.5): imports (to count
// imported functions), code, data and the "name" section's function names.
func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	m := &module{names: map[int]string{}}
	r := &reader{b: b, i: 8}
	for r.i < len(b) && r.err == nil {
		id := r.bytes(1)
		n := r.u32()
		sec := &reader{b: r.bytes(n)}
		if r.err != nil {
			break
		}
		switch {
		case len(id) == 0:
		case id[0] == 2:
			m.imports = countFuncImports(sec)
		case id[0] == 10:
			m.code.all = sec.b
			for k, cnt := 0, sec.u32(); k < cnt && sec.err == nil; k++ {
				m.code.bodies = append(m.code.bodies, sec.bytes(sec.u32()))
			}
		case id[0] == 11:
			m.data = sec.b
		case id[0] == 0:
			if name := string(sec.bytes(sec.u32())); name == "name" {
				readNames(sec, m.names)
			}
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %d: %w", id[0], sec.err)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	return m, nil
}

// countFuncImports counts the imports of kind function (§5.5.5).
func countFuncImports(r *reader) int {
	funcs := 0
	for k, cnt := 0, r.u32(); k < cnt && r.err == nil; k++ {
		r.skip(r.u32()) // module
		r.skip(r.u32()) // name
		kind := r.bytes(1)
		if len(kind) == 0 {
			return funcs
		}
		switch kind[0] {
		case 0: // function: type index
			r.u32()
			funcs++
		case 1: // table: reftype, limits
			r.skip(1)
			limits(r)
		case 2: // memory: limits
			limits(r)
		case 3: // global: valtype, mutability
			r.skip(2)
		}
	}
	return funcs
}

func limits(r *reader) {
	flag := r.bytes(1)
	r.u32()
	if len(flag) == 1 && flag[0]&1 != 0 {
		r.u32()
	}
}

// readNames reads subsection 1 (function names) of the name section.
func readNames(r *reader, names map[int]string) {
	for r.i < len(r.b) && r.err == nil {
		id := r.bytes(1)
		sub := &reader{b: r.bytes(r.u32())}
		if len(id) == 1 && id[0] == 1 {
			for k, cnt := 0, sub.u32(); k < cnt && sub.err == nil; k++ {
				idx := sub.u32()
				names[idx] = string(sub.bytes(sub.u32()))
			}
		}
	}
}

// pkgOf is the package part of a Go function's name as the wasm linker
// writes it: "github.com_ccplay_ccplay_ui.__App_.Build" → the path up to
// the first dot after the last path element, "runtime.mallocgc" →
// "runtime". (The linker turns "/" into "_" in names.)
func pkgOf(name string) string {
	if name == "" {
		return "(unnamed)"
	}
	rest := name
	prefix := ""
	if strings.HasPrefix(name, "github.com") || strings.HasPrefix(name, "golang.org") {
		prefix, rest = name[:len("github.com")], name[len("github.com"):]
	}
	if i := strings.IndexByte(rest, '.'); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSuffix(strings.ReplaceAll(prefix+rest, "_", "/"), "/")
}
