package job

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// Memory is what a launch needs in memory by RankBytes' rule, and what
// the machine has available.
type Memory struct {
	PerRank   int64 // bytes, the peak of one rank process (RankBytes)
	Total     int64 // bytes, PerRank × the ranks: they all run at once
	Available int64 // bytes, MemAvailable; 0 when unknown
}

// rankBase is what a rank process holds besides its buffers: the Go
// runtime, the binary's data, the schedules and the connections.
const rankBase = 32 << 20

// gcHeadroom (in quarters) is how far a rank's memory grows past what
// it holds live: garbage the concurrent collector has not yet freed while
// the next buffers are allocated (runCalls collects between calls).
// Measured: a rank's peak RSS was 0.67–1.08 of the estimate without it
// (docs/real-runs.md), so 5/4 keeps the estimate above every one.
const gcHeadroom = 5

// RankBytes is the peak memory of one rank process running cfg, as
// runCalls allocates it, on the rank that needs most. Before the first
// call, a rank prepares every call in turn; preparing call c, it holds:
//
//   - the send buffers of every rank (Call.inputs): Σ_q InLen(q);
//   - every rank's expected output (prim.Reference): Σ_q OutLen(q), plus
//     up to 2 × max_q OutLen(q) of the reference's own temporaries;
//   - its work buffer (WorkLen);
//
// and what it kept of every call prepared before: its own send buffer,
// expected output and work buffer (InLen + OutLen + WorkLen). While the calls run,
// it holds every call's kept part plus, for the largest call, payloads
// that arrive before their receive is posted, in power-of-two buffers: at
// most 2 × WorkLen. Elements are 8 bytes; the peak of the two phases is
// multiplied by gcHeadroom/4, and rankBase is added. Repeat and warm-up
// change nothing: every repetition reuses the call's buffers.
// O(calls × (P + the schedule's size)).
func RankBytes(cfg Config) (int64, error) {
	type call struct {
		s            *sched.Schedule
		all, largest int64 // every rank's buffers; the largest output
	}
	calls := make([]call, len(cfg.Calls))
	for i, c := range cfg.Calls {
		s, err := sched.Build(c.Spec, c.Algorithm, sched.Options{})
		if err != nil {
			return 0, err
		}
		calls[i].s = s
		for q := range cfg.Ranks {
			calls[i].all += elems(c.Spec.InLen(q)) + elems(c.Spec.OutLen(q))
			calls[i].largest = max(calls[i].largest, elems(c.Spec.OutLen(q)))
		}
	}
	peak := int64(0)
	for r := range cfg.Ranks {
		kept, prep, wire := int64(0), int64(0), int64(0)
		for i, c := range cfg.Calls {
			work := int64(calls[i].s.WorkLen[r])
			prep = max(prep, kept+calls[i].all+2*calls[i].largest+work)
			k := elems(c.Spec.InLen(r)) + elems(c.Spec.OutLen(r)) + work
			kept += k
			wire = max(wire, 2*work)
		}
		peak = max(peak, prep, kept+wire)
	}
	return rankBase + gcHeadroom*8*peak/4, nil
}

// elems is a buffer length, 0 for prim.Undefined.
func elems(n int) int64 { return int64(max(n, 0)) }

// EstimateMemory is cfg's Memory on this machine (MemAvailable from
// /proc/meminfo; unknown elsewhere).
func EstimateMemory(cfg Config) (Memory, error) {
	per, err := RankBytes(cfg)
	if err != nil {
		return Memory{}, err
	}
	return Memory{PerRank: per, Total: per * int64(cfg.Ranks), Available: memAvailable()}, nil
}

// Fits refuses, on field "count", a launch whose ranks together would need
// more memory than is available: all of them run at once, so Total must
// not exceed Available. An unknown Available refuses nothing. The message
// names the flags that set the size and both amounts.
func (m Memory) Fits(cfg Config) error {
	if m.Available <= 0 || m.Total <= m.Available {
		return nil
	}
	count := "default"
	if v, ok := cfg.Fields["count"]; ok {
		count = v
	}
	var colls []string
	for _, c := range cfg.Calls {
		colls = append(colls, string(c.Spec.Collective))
	}
	return fielderr.On("count", fmt.Errorf("-np %d ranks running --collective %s with --count %s need about %s of memory (%s per rank process), more than the %s available; lower -np or --count, or run fewer collectives",
		cfg.Ranks, strings.Join(colls, ","), count,
		units.FormatBytes(float64(m.Total), true), units.FormatBytes(float64(m.PerRank), true), units.FormatBytes(float64(m.Available), true)))
}

// memAvailable is MemAvailable of /proc/meminfo in bytes, 0 if unknown.
func memAvailable() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	return parseMemAvailable(bufio.NewScanner(f))
}

// parseMemAvailable finds "MemAvailable: N kB" among sc's lines.
func parseMemAvailable(sc *bufio.Scanner) int64 {
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "MemAvailable:" && f[2] == "kB" {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil && kb > 0 {
				return kb << 10
			}
		}
	}
	return 0
}
