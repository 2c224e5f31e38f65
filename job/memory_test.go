package job

import (
	"bufio"
	"errors"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

func readLaunch(t *testing.T, fields map[string]string) Config {
	t.Helper()
	cfg, err := ReadLaunch(field.Map(fields))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// RankBytes follows the buffers a rank allocates: more ranks or elements
// cost more, repetitions and warm-up calls cost nothing, and the 64-rank
// AllReduce plus AllToAll of 262144 elements needs terabytes in all.
func TestRankBytes(t *testing.T) {
	bytes := func(f map[string]string) int64 {
		b, err := RankBytes(readLaunch(t, f))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	small := bytes(map[string]string{"np": "2", "collective": "allreduce", "count": "1024"})
	if small < rankBase || small > rankBase+1<<20 {
		t.Errorf("a small AllReduce: %d bytes", small)
	}
	base := map[string]string{"np": "4", "collective": "allreduce", "count": "1048576"}
	b := bytes(base)
	for _, more := range []map[string]string{
		{"np": "8", "collective": "allreduce", "count": "1048576"},
		{"np": "4", "collective": "allreduce", "count": "2097152"},
		{"np": "4", "collective": "allreduce,allgather", "count": "1048576"},
	} {
		if m := bytes(more); m <= b {
			t.Errorf("%v: %d bytes, not more than %v's %d", more, m, base, b)
		}
	}
	if r := bytes(map[string]string{"np": "4", "collective": "allreduce", "count": "1048576", "repeat": "1000", "warmup": "100"}); r != b {
		t.Errorf("repetitions changed the estimate: %d, want %d", r, b)
	}
	cfg := readLaunch(t, map[string]string{"np": "64", "collective": "allreduce,alltoall", "count": "262144", "repeat": "3"})
	per, _ := RankBytes(cfg)
	// Every rank builds every rank's AllToAll send buffer (64 × 64 ×
	// 262144 doubles = 8 GiB) and as much of expected outputs.
	if per < 16<<30 || per*64 < 1<<40 {
		t.Errorf("the 64-rank run: %d bytes per rank", per)
	}
}

// Fits refuses, on --count, a launch whose ranks need more than is
// available, naming the flags and both amounts; it refuses nothing when
// the memory available is unknown.
func TestMemoryFits(t *testing.T) {
	cfg := readLaunch(t, map[string]string{"np": "64", "collective": "allreduce,alltoall", "count": "262144", "repeat": "3"})
	m := Memory{PerRank: 20 << 30, Total: 64 * 20 << 30, Available: 16 << 30}
	err := m.Fits(cfg)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "count" {
		t.Fatalf("got %v, want an error on count", err)
	}
	want := "-np 64 ranks running --collective allreduce,alltoall with --count 262144 need about 1.25 TiB of memory (20 GiB per rank process), more than the 16 GiB available; lower -np or --count, or run fewer collectives"
	if fe.Msg != want {
		t.Errorf("message\n%q, want\n%q", fe.Msg, want)
	}
	for _, ok := range []Memory{{PerRank: 1 << 30, Total: 4 << 30, Available: 4 << 30}, {PerRank: 1 << 40, Total: 1 << 46}} {
		if err := ok.Fits(cfg); err != nil {
			t.Errorf("%+v: %v", ok, err)
		}
	}
}

// MemAvailable is read from /proc/meminfo's line, in kB.
func TestParseMemAvailable(t *testing.T) {
	const meminfo = "MemTotal:       24683652 kB\nMemFree:         1000000 kB\nMemAvailable:   22938352 kB\nBuffers: 1 kB\n"
	if got := parseMemAvailable(bufio.NewScanner(strings.NewReader(meminfo))); got != 22938352<<10 {
		t.Errorf("got %d", got)
	}
	for _, bad := range []string{"", "MemFree: 1 kB\n", "MemAvailable: x kB\n", "MemAvailable: 5 MB\n"} {
		if got := parseMemAvailable(bufio.NewScanner(strings.NewReader(bad))); got != 0 {
			t.Errorf("%q: got %d, want 0 (unknown)", bad, got)
		}
	}
}

// A launch that does not fit is refused before any rank process starts:
// the result has no process and the error names --count.
func TestLaunchRefusedForMemory(t *testing.T) {
	for _, f := range []map[string]string{
		{"np": "4", "collective": "allreduce", "count": "1048576"},
		{"np": "2", "collective": "alltoall", "count": "65536", "repeat": "5"},
	} {
		cfg := readLaunch(t, f)
		per, _ := RankBytes(cfg)
		res := launchWith(t, LaunchOptions{MemAvailable: per*int64(cfg.Ranks) - 1}, cfg)
		var fe *fielderr.Error
		if len(res.Procs) != 0 || !errors.As(res.StartErr, &fe) || fe.Field != "count" {
			t.Errorf("%v: %d processes started, error %v; want none and a refusal on count", f, len(res.Procs), res.StartErr)
		}
		if res = launchWith(t, LaunchOptions{MemAvailable: per * int64(cfg.Ranks)}, cfg); res.Failed() {
			t.Errorf("%v with just enough memory: %s", f, failures(res))
		}
	}
}
