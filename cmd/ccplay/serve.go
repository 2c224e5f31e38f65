package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/internal/assets"
)

func init() {
	commands["serve"] = command{
		summary: "serve the playground (public/) and the HTTP API on one port",
		run:     runServe,
	}
}

const (
	serveSynopsis = "ccplay serve [flags]"
	serveAbout    = "Serves the HTTP API (its endpoints are listed below) and the\n" +
		"static playground (--public, when the directory exists; otherwise / lists the endpoints) on one\n" +
		"port, the same handler the Cloudflare Worker runs. The playground's / is the page of\n" +
		"its URL rendered on the server; its assets have content-hashed names (immutable caching, brotli or\n" +
		"gzip). It listens on 127.0.0.1 unless\n" +
		"--addr says otherwise (port 0 picks a free port), prints its URL, and on SIGINT or SIGTERM stops\n" +
		"accepting, lets requests in flight finish (up to 10 s) and exits 0. A port in use is exit 1.\n" +
		"It answers only requests whose Host names the address it bound (localhost, 127.0.0.1, [::1], the\n" +
		"--addr host; any IP address when it binds every interface) or a name given with --allow-host;\n" +
		"others get 421, so a page on another name that resolves to this address cannot use it."
	serveDefaultAddr   = "127.0.0.1:8080"
	serveDefaultPublic = "public"
	// shutdownGrace bounds how long requests in flight may take after a signal.
	shutdownGrace = 10 * time.Second
)

// runServe implements `ccplay serve`.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("serve")
	f.text("addr", "host:port to listen on; port 0 picks a free port", serveDefaultAddr)
	f.text("public", "directory of the static site served at / (skipped when the default is missing)", serveDefaultPublic)
	var allow hostList
	const allowHelp = "a further Host name to answer, such as the public name of a deployment (repeatable)"
	f.fs.Var(&allow, "allow-host", allowHelp)
	f.flags = append(f.flags, flagDoc{names: []string{"allow-host"}, arg: "NAME", help: allowHelp})
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, serveSynopsis, serveAbout+"\n\n"+endpointList())
	}
	addr := serveDefaultAddr
	if v, ok := f.given["addr"]; ok {
		addr = v
	}
	if err := checkAddr(addr); err != nil {
		return fail(stderr, "--addr: %v", err)
	}
	dir := serveDefaultPublic
	if v, ok := f.given["public"]; ok {
		dir = v
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := ensurePlaygroundBuilt(ctx, dir, stderr); err != nil {
		return fail(stderr, "playground: %v", err)
	}
	static, err := publicDir(dir, f.isGiven("public"))
	if err != nil {
		return fail(stderr, "--public: %v", err)
	}
	return serve(ctx, addr, allowedHosts(addr, allow), static, stdout, stderr)
}

// checkAddr accepts host:port with a numeric port (host may be empty: all
// interfaces).
func checkAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("want host:port such as 127.0.0.1:8080, got %q", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("want a port from 0 to 65535, got %q", port)
	}
	return nil
}

// publicDir returns the static site, or nil when the default directory
// does not exist (the handler then shows its index). A directory the user
// named must exist.
func publicDir(dir string, given bool) (fs.FS, error) {
	st, err := os.Stat(dir)
	switch {
	case err == nil && st.IsDir():
		return os.DirFS(dir), nil
	case err == nil:
		return nil, fmt.Errorf("%s is not a directory", dir)
	case !given && errors.Is(err, fs.ErrNotExist):
		return nil, nil
	}
	return nil, fmt.Errorf("cannot use %s: %v", dir, err)
}

// serve listens on addr and serves the API (and static, if non-nil) to the
// hosts allowed until ctx is done, then shuts down gracefully. It returns
// the exit status.
func serve(ctx context.Context, addr string, allowed hosts, static fs.FS, stdout, stderr io.Writer) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		reason := err.Error()
		var op *net.OpError
		if errors.As(err, &op) && op.Err != nil {
			reason = op.Err.Error()
		}
		if errors.Is(err, syscall.EADDRINUSE) {
			reason = "the port is already in use (another server is running there?); choose another with --addr"
		}
		fmt.Fprintf(stderr, "ccplay: serve: cannot listen on %s: %s\n", addr, oneLine(reason))
		return exitInternal
	}
	logger := log.New(stderr, "ccplay: serve: ", 0)
	handler, err := assets.Playground(static, api.New(api.Config{Static: static, Log: logger}))
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "ccplay: serve: the playground's site: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	srv := &http.Server{
		Handler:           guardHosts(allowed, handler),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          logger,
	}
	site := "no public/ directory: / lists the endpoints"
	if static != nil {
		site = "static site at /"
	}
	fmt.Fprintf(stdout, "ccplay: serving http://%s/ (API at /api/v1, charts at /embed, %s); Ctrl-C stops\n", ln.Addr(), site)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintf(stderr, "ccplay: serve: %s\n", oneLine(err.Error()))
		return exitInternal
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
		fmt.Fprintf(stderr, "ccplay: serve: requests still running after %v were cut off: %s\n", shutdownGrace, oneLine(err.Error()))
		return exitInternal
	}
	fmt.Fprintln(stdout, "ccplay: serve: stopped")
	return exitOK
}

// endpointList lists the API's endpoints as the handler routes them
// (api.List), one line each: method, path, what it answers.
func endpointList() string {
	var b strings.Builder
	b.WriteString("Endpoints:")
	for _, e := range api.List() {
		fmt.Fprintf(&b, "\n  %-4s %-30s %s", e.Method, e.Path, e.Summary)
	}
	return b.String()
}
