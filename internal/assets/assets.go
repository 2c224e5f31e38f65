// Package assets holds the files the playground's pages reference (public/:
// app.wasm, tools.wasm, wasm_exec.js, boot.js, style.css) under content-hashed names and
// serves them with immutable caching, sending a pre-compressed brotli or
// gzip copy where the client accepts one. `ccplay serve` uses it and
// internal/sitebuild writes the same files for a static host. Native only
// (it compresses with brotli).
package assets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"path"
	"strings"

	"github.com/ccplay/ccplay/internal/wasmbuild"
)

// Sources are the files of public/ that the shell references; each is
// served under a name carrying a hash of its content.
var Sources = []string{"app.wasm", "tools.wasm", "wasm_exec.js", "boot.js", "style.css"}

// Asset is one file under its content-hashed name.
type Asset struct {
	Name string // e.g. "boot.3f2a1b9c0d.js"
	Type string // Content-Type
	Raw  []byte
	// Encoded holds pre-compressed copies by Content-Encoding ("br",
	// "gzip"); a file with none is sent as it is.
	Encoded map[string][]byte
}

// Hashed is name with the first 10 hex digits of content's SHA-256 before
// its extension: "boot.js" → "boot.3f2a1b9c0d.js".
func Hashed(name string, content []byte) string {
	sum := sha256.Sum256(content)
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:5]) + ext
}

// contentTypes are the Content-Types of the sources, by extension.
var contentTypes = map[string]string{
	".wasm": "application/wasm",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
}

// Load reads the Sources from fsys (public/) into assets by hashed name,
// and returns the hashed name of each source. A source's pre-compressed
// copy (name+".br", name+".gz", written by wasmbuild.EnsureCompressed) is
// used when it is at least as new as the source; otherwise the copy is made
// here with the same encoders (quickly for the small text files). O(total size).
func Load(fsys fs.FS) (map[string]*Asset, map[string]string, error) {
	assets := map[string]*Asset{}
	names := map[string]string{}
	for _, src := range Sources {
		raw, err := fs.ReadFile(fsys, src)
		if err != nil {
			return nil, nil, err
		}
		st, err := fs.Stat(fsys, src)
		if err != nil {
			return nil, nil, err
		}
		a := &Asset{Name: Hashed(src, raw), Type: contentTypes[path.Ext(src)], Raw: raw, Encoded: map[string][]byte{}}
		for _, e := range wasmbuild.Encodings {
			if c, err := fs.Stat(fsys, src+e.Suffix); err == nil && !c.ModTime().Before(st.ModTime()) {
				if b, err := fs.ReadFile(fsys, src+e.Suffix); err == nil {
					a.Encoded[e.Name] = b
					continue
				}
			}
			var z bytes.Buffer
			w := e.Writer(&z)
			w.Write(raw)
			w.Close()
			a.Encoded[e.Name] = z.Bytes()
		}
		assets[a.Name] = a
		names[src] = a.Name
	}
	return assets, names, nil
}
