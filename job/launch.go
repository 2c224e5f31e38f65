package job

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/transport"
)

// Proc is one rank process of a launch and what it reported.
type Proc struct {
	Rank, PID int
	Lines     []Line // its stdout's JSON lines, in order
	// Failure says why the process failed: its exit status and the last
	// line of its stderr; "" if it exited 0 after its "done" line.
	Failure string
	// Stopped: the launch was stopped by a signal and stopped this rank
	// (forwarded the signal, then killed it if it still ran).
	Stopped bool

	cmd     *exec.Cmd
	stderr  tailBuffer
	done    chan struct{}
	killed  atomic.Bool // by Launch, after the grace
	stopped atomic.Bool // by Launch, forwarding a signal
	onLine  func(Line)  // called with each line as it is read (rank 0's progress)
}

// Result is a finished launch.
type Result struct {
	Config   Config // what was launched
	Addr     string
	Procs    []*Proc // by rank; fewer than the ranks if StartErr
	StartErr error   // no rank, or not every rank, could be started (the others were killed)
	// Signal is the signal that stopped the launch (forwarded to every
	// rank still running), nil if none came.
	Signal os.Signal
	Memory Memory // the estimate the launch was checked against
	Wall   time.Duration
}

// Failed reports whether the launch failed: a process that could not be
// started or that failed, or a signal that stopped it.
func (res Result) Failed() bool {
	for _, p := range res.Procs {
		if p.Failure != "" {
			return true
		}
	}
	return res.StartErr != nil || res.Signal != nil
}

// LaunchOptions is how Launch starts and stops the rank processes.
type LaunchOptions struct {
	// Exe is the executable run as RankCommand (this one, normally).
	Exe string
	// Listener is the rendezvous socket, bound by the caller before any
	// rank starts (ListenRendezvous): Launch passes it to rank 0 and
	// closes its own copy, so the other ranks can only reach rank 0.
	Listener *net.TCPListener
	// Stop delivers the signals to stop the launch on (SIGINT, SIGTERM);
	// nil: none.
	Stop <-chan os.Signal
	// MemAvailable is the memory the ranks may use together, in bytes;
	// 0: MemAvailable of /proc/meminfo (unknown elsewhere: no limit).
	MemAvailable int64
	// Progress, when set, is told each call as rank 0 starts it: at the
	// start, then after each of rank 0's result lines.
	Progress Progress
}

// StopGrace is how long a rank has to exit after Launch forwarded it a
// signal before Launch kills it: a rank takes the default action of
// SIGINT and SIGTERM (exit at once), so this only catches a stuck one.
const StopGrace = 500 * time.Millisecond

// ListenRendezvous binds the rendezvous socket on 127.0.0.1:port (port 0:
// a free one) for LaunchOptions.Listener. A taken port is refused on field
// "port", before any rank exists.
func ListenRendezvous(port int) (*net.TCPListener, error) {
	ln, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: port})
	if err != nil {
		var se *os.SyscallError
		if errors.As(err, &se) {
			err = se.Err
		}
		return nil, fielderr.On("port", fmt.Errorf("cannot serve the rendezvous on 127.0.0.1:%d: %v; name a free port, or leave --port out for one", port, err))
	}
	return ln, nil
}

// Launch starts cfg.Ranks processes — l.Exe with RankArgs(r, addr, cfg),
// rank 0 serving the rendezvous on l.Listener (addr is its address) —
// and waits for all of them. Before it starts any, it refuses (StartErr,
// a *fielderr.Error, no process started) a launch whose ranks would need
// more memory than is available (EstimateMemory, Memory.Fits). Every
// rank gets the job's random token and the launcher's PID in its
// environment (rankEnv) and, on Linux, dies with the launch even if the
// launch is killed (rankProcAttr).
//
// Once one rank has failed, the others get 2·cfg.Timeout + 5 s to exit on
// their own (every wait of a rank is bounded by cfg.Timeout); then they
// are killed by PID. A signal on l.Stop is forwarded to every rank still
// running, which is killed StopGrace later if it has not exited; the
// Result records the signal and which ranks were stopped. So Launch
// always returns and leaves no process behind.
func Launch(l LaunchOptions, cfg Config) Result {
	defer l.Listener.Close()
	res := Result{Config: cfg, Addr: l.Listener.Addr().String()}
	start := time.Now()
	if res.StartErr = res.checkMemory(l.MemAvailable); res.StartErr != nil {
		return res
	}
	tok, err := transport.NewToken()
	if err != nil {
		res.StartErr = err
		return res
	}
	lnFile, err := l.Listener.File()
	if err != nil {
		res.StartErr = fmt.Errorf("passing the rendezvous socket to rank 0: %v", err)
		return res
	}
	exited := make(chan *Proc, cfg.Ranks)
	for r := range cfg.Ranks {
		p := &Proc{Rank: r, cmd: exec.Command(l.Exe, RankArgs(r, res.Addr, cfg)...), done: make(chan struct{})}
		if r == 0 {
			p.onLine = callProgress(cfg, l.Progress)
		}
		p.cmd.Stderr = &p.stderr
		p.cmd.Env = rankEnv(r, tok)
		p.cmd.SysProcAttr = rankProcAttr()
		if r == 0 {
			p.cmd.ExtraFiles = []*os.File{lnFile}
		}
		out, err := p.cmd.StdoutPipe()
		if err == nil {
			err = p.cmd.Start()
		}
		if r == 0 {
			lnFile.Close() // rank 0 has its own copy now
			l.Listener.Close()
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
	res.wait(exited, cfg.Timeout, l.Stop)
	res.Wall = time.Since(start)
	return res
}

// checkMemory sets res.Memory and refuses a launch that does not fit in
// available bytes (0: this machine's MemAvailable).
func (res *Result) checkMemory(available int64) error {
	m, err := EstimateMemory(res.Config)
	if err != nil {
		return err
	}
	if available > 0 {
		m.Available = available
	}
	res.Memory = m
	return m.Fits(res.Config)
}

// wait waits for every started rank: after the first failure it kills
// what still runs 2·timeout + 5 s later; on a signal from stop it
// forwards it to every running rank and kills what still runs
// StopGrace later.
func (res *Result) wait(exited <-chan *Proc, timeout time.Duration, stop <-chan os.Signal) {
	var deadline, stopped <-chan time.Time // armed by the first failure, the first signal
	never := make(chan time.Time)
	for remaining := len(res.Procs); remaining > 0; {
		select {
		case p := <-exited:
			remaining--
			if p.Failure != "" && deadline == nil {
				deadline = time.After(2*timeout + 5*time.Second)
			}
		case sig := <-stop:
			if res.Signal == nil {
				res.Signal = sig
				res.running(func(q *Proc) { q.stopped.Store(true); q.cmd.Process.Signal(sig) })
				stopped = time.After(StopGrace)
			}
		case <-deadline:
			deadline = never
			res.running(func(q *Proc) { q.killed.Store(true); q.cmd.Process.Kill() })
		case <-stopped:
			stopped = never
			res.running(func(q *Proc) { q.killed.Store(true); q.cmd.Process.Kill() })
		}
	}
	for _, p := range res.Procs {
		p.Stopped = p.stopped.Load()
	}
}

// running calls f on every rank process that has not exited.
func (res *Result) running(f func(*Proc)) {
	for _, q := range res.Procs {
		select {
		case <-q.done:
		default:
			f(q)
		}
	}
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
			if p.onLine != nil {
				p.onLine(l)
			}
		}
	}
	err := p.cmd.Wait()
	msg := strings.TrimSpace(p.stderr.last())
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		p.Failure = ee.ProcessState.String()
		switch {
		case p.stopped.Load() && p.killed.Load():
			p.Failure = "still running " + StopGrace.String() + " after the forwarded signal; killed by launch (" + p.Failure + ")"
		case p.stopped.Load():
			p.Failure = "stopped by launch (" + p.Failure + ")"
		case p.killed.Load():
			p.Failure = "still running after the grace; killed by launch (" + p.Failure + ")"
		case isKilled(ee):
			p.Failure += " (by SIGKILL, not by launch: the kernel's OOM killer does this when memory runs out — see dmesg; lower -np or --count)"
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
