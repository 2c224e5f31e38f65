package job

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Proc is one rank process of a launch and what it reported.
type Proc struct {
	Rank, PID int
	Lines     []Line // its stdout's JSON lines, in order
	// Failure says why the process failed: its exit status and the last
	// line of its stderr; "" if it exited 0 after its "done" line.
	Failure string

	cmd    *exec.Cmd
	stderr tailBuffer
	done   chan struct{}
	killed atomic.Bool // by Launch, after the grace
}

// Result is a finished launch.
type Result struct {
	Config   Config // what was launched
	Addr     string
	Procs    []*Proc // by rank; fewer than the ranks if StartErr
	StartErr error   // a rank process could not be started (the others were killed)
	Wall     time.Duration
}

// Failed reports whether the launch failed: a process that could not be
// started or that failed.
func (res Result) Failed() bool {
	for _, p := range res.Procs {
		if p.Failure != "" {
			return true
		}
	}
	return res.StartErr != nil
}

// Launch starts cfg.Ranks processes — exe with RankArgs(r, addr, cfg),
// rank 0 serving the rendezvous on addr (127.0.0.1:PORT) — and waits for
// all of them. Once one has failed, the others get 2·cfg.Timeout + 5 s
// to exit on their own (every wait of a rank is bounded by cfg.Timeout);
// then they are killed by PID, so Launch always returns and leaves no
// process behind.
func Launch(exe, addr string, cfg Config) Result {
	grace := 2*cfg.Timeout + 5*time.Second
	res := Result{Config: cfg, Addr: addr}
	start := time.Now()
	exited := make(chan *Proc, cfg.Ranks)
	for r := range cfg.Ranks {
		p := &Proc{Rank: r, cmd: exec.Command(exe, RankArgs(r, addr, cfg)...), done: make(chan struct{})}
		p.cmd.Stderr = &p.stderr
		out, err := p.cmd.StdoutPipe()
		if err == nil {
			err = p.cmd.Start()
		}
		if err != nil {
			res.StartErr = fmt.Errorf("starting rank %d: %v", r, err)
			for _, q := range res.Procs {
				q.cmd.Process.Kill()
			}
			for _, q := range res.Procs {
				<-q.done
			}
			return res
		}
		p.PID = p.cmd.Process.Pid
		res.Procs = append(res.Procs, p)
		go func() { p.collect(out); exited <- p }()
	}
	var deadline <-chan time.Time // armed by the first failure
	for remaining := len(res.Procs); remaining > 0; {
		select {
		case p := <-exited:
			remaining--
			if p.Failure != "" && deadline == nil {
				deadline = time.After(grace)
			}
		case <-deadline:
			deadline = make(chan time.Time) // never fires again
			for _, q := range res.Procs {
				select {
				case <-q.done:
				default:
					q.killed.Store(true)
					q.cmd.Process.Kill()
				}
			}
		}
	}
	res.Wall = time.Since(start)
	return res
}

// collect reads the process's JSON lines, waits for it and records why it
// failed, if it did.
func (p *Proc) collect(out io.Reader) {
	defer close(p.done)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<16), 1<<30)
	for sc.Scan() {
		var l Line
		if json.Unmarshal(sc.Bytes(), &l) == nil {
			p.Lines = append(p.Lines, l)
		}
	}
	err := p.cmd.Wait()
	msg := strings.TrimSpace(p.stderr.last())
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		p.Failure = ee.ProcessState.String()
		if p.killed.Load() {
			p.Failure = "still running after the grace; killed by launch (" + p.Failure + ")"
		}
		if msg != "" {
			p.Failure += ": " + strings.TrimPrefix(msg, "ccplay: ")
		}
	case err != nil:
		p.Failure = err.Error()
	case len(p.Lines) == 0 || p.Lines[len(p.Lines)-1].Event != "done":
		p.Failure = "exited without reporting its results"
	}
}

// tailBuffer keeps the last 64 KiB written to it.
type tailBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if t.b.Len() > 64<<10 {
		t.b.Next(t.b.Len() - 64<<10)
	}
	return len(p), nil
}

// last is the last non-empty line written.
func (t *tailBuffer) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(t.b.String()), "\n")
	return lines[len(lines)-1]
}
