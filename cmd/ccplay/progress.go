package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/ccplay/ccplay/job"
)

// progressLine shows a long run's progress on one line of w, rewritten in
// place ("\r"), at most every 100 ms, and wipes it when done. It writes
// only when w is a terminal, so a redirected stderr, and stdout with its
// --json or table output, never carry it.
type progressLine struct {
	mu    sync.Mutex
	w     io.Writer
	last  time.Time
	width int
}

// newProgress returns a progress line on w, or nil when w is not a terminal.
func newProgress(w io.Writer) *progressLine {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return &progressLine{w: w}
}

// report is a job.Progress: step done of total is starting.
func (p *progressLine) report(done, total int, what string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if now := time.Now(); now.Sub(p.last) >= 100*time.Millisecond || done == 0 {
		p.last = now
		line := fmt.Sprintf("[%d/%d] %s", done+1, total, what)
		pad := max(0, p.width-len(line))
		p.width = len(line)
		fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	}
}

// done wipes the line.
func (p *progressLine) done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.width > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		p.width = 0
	}
}

// progressFunc is p.report as a job.Progress, nil when p is nil.
func (p *progressLine) progressFunc() job.Progress {
	if p == nil {
		return nil
	}
	return p.report
}
