package job

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/transport"
)

// rankProc is a rank process started by a test.
type rankProc struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	lines  int
	stderr bytes.Buffer
	done   chan struct{}
	err    error
}

// startRanks starts np rank processes of one job token, rank r reading
// fields(r) (np is added), rank 0 listening on a free port itself;
// t.Cleanup kills any still running, by PID.
func startRanks(t *testing.T, np int, fields func(r int) map[string]string) []*rankProc {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	tok, err := transport.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]*rankProc, np)
	for r := range np {
		f := fields(r)
		f["np"] = strconv.Itoa(np)
		cfg, err := ReadLaunch(field.Map(f))
		if err != nil {
			t.Fatal(err)
		}
		p := &rankProc{cmd: exec.Command(exe, RankArgs(r, addr, cfg)...), done: make(chan struct{})}
		p.cmd.Stderr = &p.stderr
		p.cmd.Env = append(os.Environ(), TokenEnv+"="+tok.String())
		out, err := p.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ps[r] = p
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				p.mu.Lock()
				p.lines++
				p.mu.Unlock()
			}
			p.err = p.cmd.Wait()
			close(p.done)
		}()
	}
	t.Cleanup(func() {
		for _, p := range ps {
			select {
			case <-p.done:
			default:
				p.cmd.Process.Kill()
				<-p.done
			}
		}
	})
	return ps
}

// waitExit waits for every rank but skip to exit, at most d, and returns
// how long the last one took.
func waitExit(t *testing.T, ps []*rankProc, skip int, d time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	deadline := time.After(d)
	for r, p := range ps {
		if r == skip {
			continue
		}
		select {
		case <-p.done:
		case <-deadline:
			t.Fatalf("rank %d still running %v later", r, d)
		}
	}
	return time.Since(start)
}

// A rank killed mid-run (SIGKILL by PID, no goodbye) makes every other rank
// exit non-zero, naming it, far sooner than the 20 s receive timeout.
func TestRankKilledMidRun(t *testing.T) {
	// A rank reports a call once its repetitions are done: a program of
	// many calls, so rank 2 is killed after its first report with most of
	// the program still to run (about a million calls).
	program := strings.TrimSuffix(strings.Repeat("allreduce,", 500), ",")
	ps := startRanks(t, 4, func(int) map[string]string {
		return map[string]string{"collective": program, "repeat": "2000", "count": "256", "timeout": "20s"}
	})
	deadline := time.Now().Add(time.Minute)
	for {
		ps[2].mu.Lock()
		n := ps[2].lines
		ps[2].mu.Unlock()
		if n >= 1 { // rank 2 has finished the first call's repetitions
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("rank 2 printed %d results in a minute; stderr %q", n, ps[2].stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := ps[2].cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	took := waitExit(t, ps, 2, 10*time.Second)
	t.Logf("the other ranks exited %v after the kill", took)
	for r, p := range ps {
		if r == 2 {
			continue
		}
		if p.err == nil {
			t.Errorf("rank %d exited 0 after rank 2 was killed", r)
		}
		if msg := p.stderr.String(); !strings.Contains(msg, "rank 2") || strings.Count(msg, "\n") != 1 {
			t.Errorf("rank %d: stderr %q does not name rank 2 in one line", r, msg)
		}
	}
}

// Ranks that call the same collectives in a different order are told so:
// the errors name the ranks and both calls, and every rank exits non-zero.
func TestRankMismatchedOrder(t *testing.T) {
	ps := startRanks(t, 4, func(r int) map[string]string {
		if r == 3 {
			return map[string]string{"collective": "allgather,allreduce", "timeout": "20s"}
		}
		return map[string]string{"collective": "allreduce,allgather", "timeout": "20s"}
	})
	waitExit(t, ps, -1, 15*time.Second)
	var all string
	for r, p := range ps {
		if p.err == nil {
			t.Errorf("rank %d exited 0", r)
		}
		all += p.stderr.String()
	}
	for _, want := range []string{"mismatched collectives", "rank 3", "call #1 allgather/ring", "call #1 allreduce/ring"} {
		if !strings.Contains(all, want) {
			t.Errorf("stderr lacks %q:\n%s", want, all)
		}
	}
}
