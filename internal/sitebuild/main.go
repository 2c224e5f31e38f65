// Command sitebuild writes the playground as a static site for a host with
// no server of its own (`go tool task playground:static`):
//
//	go run ./internal/sitebuild [-public public] [-o build/site] [-shell FILE]
//
// It builds public/app.wasm and public/tools.wasm if needed
// (wasmbuild.Ensure) and writes into the output directory: the assets
// under content-hashed names (the two modules with their .gz and .br
// copies, wasm_exec.js, boot.js, style.css), a page
// pre-rendered by the Go components for each view's default state
// (<view>.html, and index.html: the page with no query) and for each
// lesson (lesson-<id>.html), a service worker (sw.js, named after the
// build's content hashes: sw.go) that the pages register for repeat
// visits, a _headers file (Cloudflare and Netlify syntax: the hashed
// files immutable, the pages and sw.js no-cache), and every other file of
// public/ as it is. Each page fetches the .gz copy of the module it
// needs (the tools module for the log doctor, the planner, the fabric view
// and the lessons showing one of them; site.StaticPage) and inflates it in
// the browser, as any static host can serve it. With -shell it also
// writes the shell a server fills per request (the Worker's).
package main

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/ccplay/ccplay/internal/assets"
	"github.com/ccplay/ccplay/internal/site"
	"github.com/ccplay/ccplay/internal/wasmbuild"
	"github.com/ccplay/ccplay/ui"
)

func main() {
	public := flag.String("public", "public", "the playground's sources (index.html is the shell)")
	out := flag.String("o", "build/site", "the directory to write")
	shellOut := flag.String("shell", "", "also write the server's shell (hashed names filled, page slots left) to this file")
	flag.Parse()
	if err := build(*public, *out, *shellOut); err != nil {
		fmt.Fprintln(os.Stderr, "sitebuild:", err)
		os.Exit(1)
	}
}

// page is one pre-rendered page: its file and the query it shows.
type page struct{ file, query string }

// pages lists the pre-rendered pages: every view's default state, then
// every lesson.
func pages() []page {
	queries := []string{""}
	for _, v := range ui.Views {
		queries = append(queries, "view="+v)
	}
	for _, id := range lessons {
		queries = append(queries, "lesson="+id)
	}
	var out []page
	for _, q := range queries {
		out = append(out, page{site.StaticFile(q), q})
	}
	return out
}

func build(public, out, shellOut string) error {
	if err := wasmbuild.Ensure(context.Background(), public, os.Stderr); err != nil {
		return err
	}
	if err := stampBuild(public); err != nil {
		return err
	}
	src := os.DirFS(public)
	files, names, err := assets.Load(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := copyOthers(src, out); err != nil {
		return err
	}
	var headers strings.Builder
	headers.WriteString("# Written by internal/sitebuild: content-hashed files never change; pages and the service worker are revalidated.\n")
	var hashed []string
	for _, a := range files {
		if err := write(out, a.Name, a.Raw); err != nil {
			return err
		}
		hashed = append(hashed, a.Name)
		fmt.Fprintf(&headers, "/%s\n  Cache-Control: %s\n", a.Name, assets.Immutable)
	}
	if err := write(out, "sw.js", []byte(serviceWorker(version(hashed)))); err != nil {
		return err
	}
	headers.WriteString("/sw.js\n  Cache-Control: no-cache\n")
	main, tools := files[names["app.wasm"]], files[names["tools.wasm"]]
	for _, wasm := range []*assets.Asset{main, tools} {
		for enc, suffix := range map[string]string{"gzip": ".gz", "br": ".br"} {
			if err := write(out, wasm.Name+suffix, wasm.Encoded[enc]); err != nil {
				return err
			}
			fmt.Fprintf(&headers, "/%s%s\n  Cache-Control: %s\n", wasm.Name, suffix, assets.Immutable)
		}
	}
	index, err := fs.ReadFile(src, "index.html")
	if err != nil {
		return err
	}
	gzBoot := func(a *assets.Asset) site.Boot {
		return site.Boot{Wasm: a.Name + ".gz", Inflate: "gzip", Bytes: len(a.Raw), Wire: len(a.Encoded["gzip"])}
	}
	static, err := site.NewShell(string(index), names, gzBoot(main), gzBoot(tools))
	if err != nil {
		return err
	}
	for _, p := range pages() {
		html, err := site.StaticPage(static, p.query)
		if err != nil {
			return fmt.Errorf("%s: %v", p.file, err)
		}
		if err := write(out, p.file, html); err != nil {
			return err
		}
		path := "/" + p.file
		if p.file == "index.html" {
			path = "/"
		}
		fmt.Fprintf(&headers, "%s\n  Cache-Control: no-cache\n", path)
	}
	if err := write(out, "_headers", []byte(headers.String())); err != nil {
		return err
	}
	if shellOut != "" {
		server, err := site.NewShell(string(index), names, assets.ServerBoot(main), assets.ServerBoot(tools))
		if err != nil {
			return err
		}
		return os.WriteFile(shellOut, []byte(server.Template()), 0o644)
	}
	return nil
}

// copyOthers copies every file of public/ that is not written under a
// hashed name or as a page: index.html, the Sources, their compressed
// copies, dot files and Go sources (the packages that embed the lessons and
// examples into native builds) stay out.
func copyOthers(src fs.FS, out string) error {
	skip := map[string]bool{"index.html": true}
	for _, s := range assets.Sources {
		skip[s], skip[s+".gz"], skip[s+".br"] = true, true, true
	}
	return fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || skip[p] || strings.HasPrefix(filepath.Base(p), ".") || path.Ext(p) == ".go" {
			return err
		}
		b, err := fs.ReadFile(src, p)
		if err != nil {
			return err
		}
		return write(out, p, b)
	})
}

// write writes b to out/name, making its directory.
func write(out, name string, b []byte) error {
	full := filepath.Join(out, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	return os.WriteFile(full, b, 0o644)
}

// stampBuild sets ui.Build to the version of the sources beside public
// (wasmbuild.SourceID), which this command, run from them (go run), is
// built from as the modules are: its pages hand their simulations'
// answers to those modules.
func stampBuild(public string) error {
	abs, err := filepath.Abs(public)
	if err != nil {
		return err
	}
	ui.Build, err = wasmbuild.SourceID(filepath.Dir(abs))
	return err
}
