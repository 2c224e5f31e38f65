// Command load measures ccplay's HTTP API under load, natively (`ccplay
// serve`) and on the Worker runtime (`wrangler dev`), for docs/performance.md:
// requests per second and latency percentiles at a fixed concurrency for a
// fixed time, errors, CPU per request, and how fast an enormous schedule
// (P = 10⁶) is refused. All traffic goes to 127.0.0.1; every loop is
// bounded in time; it stops the servers it started (by their process id).
//
//	go run ./scripts/load [-target both|native|worker] [-c 64] [-d 10s]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/tests/wrangler"
)

func main() {
	target := flag.String("target", "both", "native, worker or both")
	conc := flag.Int("c", 64, "concurrent connections")
	dur := flag.Duration("d", 10*time.Second, "duration of each load run")
	paths := flag.String("paths", "/api/v1/cost,/embed/time-vs-size.svg", "comma-separated GET paths to load")
	flag.Parse()
	if err := run(*target, *conc, *dur, strings.Split(*paths, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

func run(target string, conc int, dur time.Duration, paths []string) error {
	root, err := wrangler.Root(".")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "ccplay-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	fmt.Printf("# ccplay load: %d connections, %v per path, on %s\n\n", conc, dur, machine())
	inProcessRefusal()
	if target == "both" || target == "native" {
		if err := native(root, tmp, conc, dur, paths); err != nil {
			return err
		}
	}
	if target == "both" || target == "worker" {
		if err := worker(root, tmp, conc, dur, paths); err != nil {
			return err
		}
	}
	return nil
}

// machine describes the CPU for the report.
func machine() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	model := "unknown CPU"
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "model name") {
			model = strings.TrimSpace(strings.SplitN(l, ":", 2)[1])
			break
		}
	}
	return fmt.Sprintf("%s, %d cores visible", model, strings.Count(string(b), "processor\t:"))
}

// inProcessRefusal times the handler alone refusing P = 10⁶ (no network).
func inProcessRefusal() {
	h := api.New(api.Config{})
	var times []time.Duration
	for i := 0; i < 1000; i++ {
		req := httptest.NewRequest(http.MethodGet, "/api/v1/schedule?ranks=1000000&size=1GiB", nil)
		w := httptest.NewRecorder()
		t0 := time.Now()
		h.ServeHTTP(w, req)
		times = append(times, time.Since(t0))
		if w.Code != http.StatusBadRequest {
			fmt.Printf("unexpected status %d for P = 10⁶\n", w.Code)
			return
		}
	}
	fmt.Printf("handler alone refuses a P = 10⁶ schedule in p50 %v, p99 %v (1000 requests, 400 each)\n\n",
		pct(times, 50), pct(times, 99))
}

func native(root, tmp string, conc int, dur time.Duration, paths []string) error {
	bin := filepath.Join(tmp, "ccplay")
	build := exec.Command("go", "build", "-o", bin, "./cmd/ccplay")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	port, err := wrangler.FreePort()
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:"+strconv.Itoa(port))
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	if err := waitHealthy(base, 30*time.Second); err != nil {
		return err
	}
	cpu := func() time.Duration { d, _ := wrangler.ProcessCPU(cmd.Process.Pid); return d }
	fmt.Println("## native: ccplay serve")
	return report(base, conc, dur, paths, cpu, nil)
}

func worker(root, tmp string, conc int, dur time.Duration, paths []string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	config, err := wrangler.Build(ctx, root, tmp)
	if err != nil {
		return err
	}
	port, err := wrangler.FreePort()
	if err != nil {
		return err
	}
	dev, err := wrangler.Start(root, config, port)
	if err != nil {
		return err
	}
	defer dev.Stop()
	if err := dev.Ready(120 * time.Second); err != nil {
		return err
	}
	all := func() time.Duration { a, _, _ := dev.GroupCPU(); return a }
	workerd := func() time.Duration { _, w, _ := dev.GroupCPU(); return w }
	fmt.Println("## worker: wrangler dev (workerd, one Go instance per isolate)")
	err = report(dev.URL, conc, dur, paths, all, workerd)
	if os.Getenv("LOAD_WRANGLER_LOG") != "" {
		os.WriteFile(os.Getenv("LOAD_WRANGLER_LOG"), []byte(dev.Log()), 0o644)
	}
	return err
}

func waitHealthy(base string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not healthy after %v: %v", base, timeout, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// report runs the sequential CPU probe, the load for each path and the
// refusal probe against base. cpu (and runtimeCPU, if not nil) read the
// server's CPU time.
func report(base string, conc int, dur time.Duration, paths []string, cpu, runtimeCPU func() time.Duration) error {
	client := &http.Client{Timeout: 120 * time.Second, Transport: &http.Transport{
		MaxIdleConns: conc, MaxIdleConnsPerHost: conc, MaxConnsPerHost: conc, IdleConnTimeout: time.Minute}}
	// Warm up: a few sequential requests per path, so that the figures are
	// steady-state ones (JIT tiers, caches) for both targets.
	for _, p := range paths {
		for i := 0; i < 10; i++ {
			resp, err := client.Get(base + p)
			if err != nil {
				return err
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	fmt.Println("| path | requests/s | p50 | p99 | max | errors | server CPU per request |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, p := range paths {
		c0 := cpu()
		var r0 time.Duration
		if runtimeCPU != nil {
			r0 = runtimeCPU()
		}
		lat, errs, total, elapsed := load(client, base+p, conc, dur)
		perReq := "n/a"
		if n := len(lat); n > 0 {
			perReq = fmt.Sprintf("%.2f ms", float64(cpu()-c0)/float64(n)/1e6)
			if runtimeCPU != nil {
				perReq += fmt.Sprintf(" (workerd %.2f ms)", float64(runtimeCPU()-r0)/float64(n)/1e6)
			}
		}
		fmt.Printf("| %s | %.0f | %v | %v | %v | %d of %d | %s |\n", p, float64(len(lat))/elapsed.Seconds(),
			pct(lat, 50), pct(lat, 99), pct(lat, 100), errs, total, perReq)
	}
	var refuse []time.Duration
	for i := 0; i < 200; i++ {
		t0 := time.Now()
		resp, err := client.Get(base + "/api/v1/schedule?ranks=1000000&size=1GiB")
		if err != nil {
			return err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			return fmt.Errorf("P = 10⁶: status %d, want 400", resp.StatusCode)
		}
		refuse = append(refuse, time.Since(t0))
	}
	fmt.Printf("\nP = 10⁶ schedule over HTTP (one connection, 200 requests): refused with 400 in p50 %v, p99 %v\n\n",
		pct(refuse, 50), pct(refuse, 99))
	return nil
}

// load sends GETs to url from conc goroutines (one keep-alive connection
// each) for dur and returns the latencies of the 200 answers, the number of
// errors (transport errors and other statuses), all requests and the time.
func load(client *http.Client, url string, conc int, dur time.Duration) ([]time.Duration, int, int, time.Duration) {
	var mu sync.Mutex
	var lat []time.Duration
	errs, total := 0, 0
	kinds := map[string]int{}
	stop := time.Now().Add(dur)
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad, n := 0, 0
			note := func(kind string) {
				mu.Lock()
				kinds[kind]++
				mu.Unlock()
			}
			for time.Now().Before(stop) {
				t0 := time.Now()
				resp, err := client.Get(url)
				n++
				if err != nil {
					bad++
					note(err.Error())
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					bad++
					note(resp.Status)
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			errs += bad
			total += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	for k, n := range kinds {
		fmt.Fprintf(os.Stderr, "load: %s: %d × %s\n", url, n, k)
	}
	return lat, errs, total, elapsed
}

// pct is the p-th percentile (nearest rank) of d, rounded for display.
func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (p*len(s) + 99) / 100
	if i < 1 {
		i = 1
	}
	v := s[i-1]
	switch {
	case v >= 10*time.Millisecond:
		return v.Round(time.Millisecond)
	case v >= 10*time.Microsecond:
		return v.Round(time.Microsecond)
	}
	return v
}
