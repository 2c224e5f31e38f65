package wasmbuild

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// htmlEntitySource replaces the standard library's html/entity.go in the
// playground's modules (Overlay): its table of the 2,231 named character
// references (≈ 20 KB of each module gzipped) is built by a function that
// package html's initialisation keeps, whether or not anything decodes
// HTML. Vugu imports package html for html.EscapeString, which needs no
// table; nothing in either module calls html.UnescapeString (the only
// caller in this repository, ui.EnglishWords, is a test helper the
// modules do not link), so the modules behave the same without it. With
// this source, html.UnescapeString would leave named references as they
// are (numeric ones still decode): do not call it in the playground.
const htmlEntitySource = `package html

import "sync"

const longestEntityWithoutSemicolon = 6

var entityMaps = sync.OnceValues(func() (map[string]rune, map[string][2]rune) {
	return map[string]rune{}, map[string][2]rune{}
})
`

// Overlay writes, in dir, a go build -overlay file that swaps goroot's
// html/entity.go for htmlEntitySource, and returns its path.
func Overlay(dir, goroot string) (string, error) {
	src := filepath.Join(dir, "html_entity.go")
	if err := os.WriteFile(src, []byte(htmlEntitySource), 0o644); err != nil {
		return "", err
	}
	spec, err := json.Marshal(map[string]map[string]string{
		"Replace": {filepath.Join(goroot, "src", "html", "entity.go"): src},
	})
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "overlay.json")
	return path, os.WriteFile(path, spec, 0o644)
}
