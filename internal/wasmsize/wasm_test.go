package main

import (
	"bytes"
	"strings"
	"testing"
)

// vec is a WebAssembly vector: LEB128 length, then the bytes.
func vec(b ...byte) []byte {
	var out []byte
	n := len(b)
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n != 0 {
			out = append(out, c|0x80)
			continue
		}
		out = append(out, c)
		break
	}
	return append(out, b...)
}

func section(id byte, body []byte) []byte { return append([]byte{id}, vec(body...)...) }

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// tiny is a module with one imported function, one imported memory, two
// defined functions whose bodies are 3 and 200 bytes (the second one's
// length needs two LEB128 bytes), a data section and names for all three
// functions.
func tiny() []byte {
	imports := cat([]byte{2}, // two imports
		vec([]byte("go")...), vec([]byte("debug")...), []byte{0, 0}, // function, type 0
		vec([]byte("go")...), vec([]byte("mem")...), []byte{2, 1, 1, 2}) // memory, limits min 1 max 2
	body2 := append([]byte{0}, bytes.Repeat([]byte{1}, 199)...)
	code := cat([]byte{2}, vec(0, 0x41, 0x0b), vec(body2...))
	fn := func(i byte, s string) []byte { return cat([]byte{i}, vec([]byte(s)...)) }
	names := cat([]byte{3}, fn(0, "go.debug"), fn(1, "runtime.mallocgc"), fn(2, "github.com_ccplay_ccplay_ui.__App_.Build"))
	name := cat(vec([]byte("name")...), []byte{1}, vec(names...))
	return cat([]byte("\x00asm\x01\x00\x00\x00"), section(2, imports), section(10, code),
		section(11, []byte{1, 2, 3, 4, 5}), section(0, name))
}

func TestParse(t *testing.T) {
	m, err := parse(tiny())
	if err != nil {
		t.Fatal(err)
	}
	if m.imports != 1 {
		t.Errorf("%d imported functions, want 1 (the memory import is not one)", m.imports)
	}
	if len(m.code.bodies) != 2 || len(m.code.bodies[0]) != 3 || len(m.code.bodies[1]) != 200 {
		t.Fatalf("bodies %d, want lengths 3 and 200", len(m.code.bodies))
	}
	if len(m.data) != 5 || m.names[2] != "github.com_ccplay_ccplay_ui.__App_.Build" {
		t.Errorf("data %d bytes, names %v", len(m.data), m.names)
	}
	g := m.byPackage()
	if len(g) != 2 || g[0].pkg != "github.com/ccplay/ccplay/ui" || g[0].raw != 200 || g[1].pkg != "runtime" || g[1].raw != 3 {
		t.Errorf("groups %+v; want ui (200 B) then runtime (3 B), the import not counted", g)
	}
}

func TestParseRefusesDamage(t *testing.T) {
	good := tiny()
	for _, tc := range []struct {
		b    []byte
		want string
	}{
		{[]byte("\x7fELF\x02\x01\x01\x00"), "not a WebAssembly"},
		{good[:len(good)-3], "truncated"},
		{cat(good[:8], []byte{10, 5, 1, 0xff, 0xff, 0xff, 0xff}), "section 10"},
	} {
		if _, err := parse(tc.b); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parse: %v, want an error containing %q", err, tc.want)
		}
	}
}

func TestPkgOf(t *testing.T) {
	for in, want := range map[string]string{
		"runtime.mallocgc":                                    "runtime",
		"internal_runtime_maps.__Map_.getWithKey":             "internal/runtime/maps",
		"github.com_vugu_vugu_domrender.__JSRenderer_.Render": "github.com/vugu/vugu/domrender",
		"type_.eq.sync.Mutex":                                 "type",
		"":                                                    "(unnamed)",
	} {
		if got := pkgOf(in); got != want {
			t.Errorf("pkgOf(%q) = %q, want %q", in, got, want)
		}
	}
}
