package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ccplay/ccplay/job"
)

// progressLine shows a long run's progress on one line of w — the step,
// what it is and how long it has run — rewritten in place ("\r") when a
// step starts (at most every 100 ms) and every second, and wipes it when
// done. It writes only when w is a terminal, so a redirected stderr, and
// stdout with its --json or table output, never carry it.
type progressLine struct {
	mu          sync.Mutex
	w           io.Writer
	last, since time.Time // last drawn; current step started
	text        string    // the current step, without its time
	width       int
	stop        chan struct{}
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
	p := &progressLine{w: w, stop: make(chan struct{})}
	go p.tick()
	return p
}

// tick redraws the line every second until done.
func (p *progressLine) tick() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			if p.text != "" {
				p.draw()
			}
			p.mu.Unlock()
		}
	}
}

// report is a job.Progress: step done of total is starting.
func (p *progressLine) report(done, total int, what string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.text, p.since = fmt.Sprintf("[%d/%d] %s", done+1, total, what), time.Now()
	if time.Since(p.last) >= 100*time.Millisecond || done == 0 {
		p.draw()
	}
}

// draw writes the current step and its time over the previous line.
func (p *progressLine) draw() {
	p.last = time.Now()
	line := fmt.Sprintf("%s … %s", p.text, time.Since(p.since).Truncate(time.Second))
	n := utf8.RuneCountInString(line)
	pad := max(0, p.width-n)
	p.width = n
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
}

// done stops the line and wipes it.
func (p *progressLine) done() {
	if p == nil {
		return
	}
	close(p.stop)
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
