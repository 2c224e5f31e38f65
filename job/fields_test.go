package job

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/field"
)

// spin: auto polls as transport.SpinFor says (100 µs with a core per
// rank, else 1 ms yielding); a duration is taken as given, yielding when
// there are more ranks than cores; 0 is off.
func TestReadSpin(t *testing.T) {
	const cpus = 2
	cases := []struct {
		reason string
		in     string // "-": not given
		np     int
		spin   time.Duration
		yield  bool
	}{
		{"auto, a core per rank", "auto", cpus, 100 * time.Microsecond, false},
		{"not given is auto", "-", 1, 100 * time.Microsecond, false},
		{"auto, more ranks than cores", "auto", cpus + 1, time.Millisecond, true},
		{"off", "0", cpus + 1, 0, false},
		{"off, with a unit", "0us", 1, 0, false},
		{"given, a core per rank", "50us", 1, 50 * time.Microsecond, false},
		{"given, more ranks than cores", "50us", cpus + 1, 50 * time.Microsecond, true},
		{"the longest", "10ms", 1, 10 * time.Millisecond, false},
	}
	for _, c := range cases {
		fields := map[string]string{}
		if c.in != "-" {
			fields["spin"] = c.in
		}
		if spin, yield, err := readSpin(field.Map(fields), c.np, cpus); err != nil || spin != c.spin || yield != c.yield {
			t.Errorf("%s: readSpin(%q, %d) = %v, %v, %v; want %v, %v", c.reason, c.in, c.np, spin, yield, err, c.spin, c.yield)
		}
	}
	for _, bad := range []string{"-1us", "1s", "100", "auto2"} {
		if _, _, err := readSpin(field.Map(map[string]string{"spin": bad}), 1, cpus); err == nil {
			t.Errorf("readSpin(%q) accepted", bad)
		}
	}
}

// The program's default algorithm is sched.DefaultFor's (ring where it
// applies, else the first applicable: naive for AllToAll), a launch and its ranks read the same Config from the fields
// Launch forwards, and a rank process needs its rank, np and addr.
func TestReadLaunchAndRank(t *testing.T) {
	fields := map[string]string{"np": "3", "collective": "allreduce,broadcast,alltoall", "count": "5", "repeat": "2", "timeout": "3s"}
	cfg, err := ReadLaunch(field.Map(fields))
	if err != nil {
		t.Fatal(err)
	}
	var algs []string
	for _, c := range cfg.Calls {
		algs = append(algs, string(c.Algorithm))
	}
	if got := strings.Join(algs, ","); got != "ring,ring,naive" {
		t.Errorf("default algorithms %s, want ring,ring,naive", got)
	}
	args := RankArgs(2, "127.0.0.1:9", cfg)
	got := map[string]string{}
	for i := 1; i < len(args); i += 2 {
		got[strings.TrimPrefix(args[i], "--")] = args[i+1]
	}
	rank, addr, rcfg, err := ReadRank(field.Map(got))
	if err != nil || args[0] != RankCommand || rank != 2 || addr != "127.0.0.1:9" {
		t.Fatalf("ReadRank(%q) = %d, %q, %v", args, rank, addr, err)
	}
	rcfg.Fields, cfg.Fields = nil, nil
	if !reflect.DeepEqual(rcfg, cfg) {
		t.Errorf("the rank reads %+v, the launch %+v", rcfg, cfg)
	}
	delete(got, "addr")
	if _, _, _, err := ReadRank(field.Map(got)); err == nil || !strings.Contains(err.Error(), "addr: required") {
		t.Errorf("ReadRank without addr: %v", err)
	}
}

// timeout: the check matches its message, "from 1ms to 1h": both ends
// are accepted, anything outside (however close) is refused naming the
// field.
func TestReadTimeout(t *testing.T) {
	cases := []struct {
		in   string // "-": not given
		want time.Duration
		ok   bool
	}{
		{"-", 30 * time.Second, true},
		{"1ms", time.Millisecond, true},
		{"1h", time.Hour, true},
		{"1m30s", 90 * time.Second, true},
		{"500ms", 500 * time.Millisecond, true},
		{"1ns", 0, false},
		{"999us", 0, false},
		{"0.5ms", 0, false},
		{"0s", 0, false},
		{"-1s", 0, false},
		{"1h0m0.001s", 0, false},
		{"2h", 0, false},
		{"5", 0, false},
	}
	for _, c := range cases {
		fields := map[string]string{}
		if c.in != "-" {
			fields["timeout"] = c.in
		}
		d, err := readTimeout(field.Map(fields))
		switch {
		case c.ok && (err != nil || d != c.want):
			t.Errorf("timeout %q: %v, %v; want %v", c.in, d, err, c.want)
		case !c.ok && (err == nil || !strings.HasPrefix(err.Error(), "timeout: want a duration from 1ms to 1h")):
			t.Errorf("timeout %q: %v, %v; want refused naming the field", c.in, d, err)
		}
	}
}
