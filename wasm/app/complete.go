//go:build js && wasm

package main

import (
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/lecture"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"
)

// completer finishes a pending answer (the executed schedule's cost: a
// tree's, or an upper-bound closed form's on a cluster, and the schedule
// and ledger the render left to it: ui.State.LedgerDeferred; the lessons'
// contention runs: ui.State.ContentionWanted) once the
// browser has painted the quick one, then re-renders. The work runs in a goroutine
// without the event lock and gives the browser a turn every
// completeSlice (cost.EvaluateBuilt calls yield between rounds, and
// the builders within large ones; every call reads the clock, so a slice
// overruns completeSlice by at most one stretch between two calls; a
// sleep returns to the event loop), so no task blocks input or painting
// for long; a newer question abandons the work in progress. At most one
// completion is queued at a time.
type completer struct {
	env    vugu.EventEnv
	s      *ui.State
	queued atomic.Bool
	frames [2]js.Func
	latest atomic.Int64 // the question's Edits() at the last render
}

// completeSlice is the longest stretch of work between two turns of the
// browser: well under the 50 ms of a long task.
const completeSlice = 8 * time.Millisecond

// stale is the panic that abandons a completion for a newer question.
type stale struct{}

func newCompleter(env vugu.EventEnv, s *ui.State) *completer {
	c := &completer{env: env, s: s}
	raf := js.Global().Get("requestAnimationFrame")
	// Two animation frames: the first runs before the browser paints the
	// render just made, the second after it.
	c.frames[0] = js.FuncOf(func(js.Value, []js.Value) any {
		raf.Invoke(c.frames[1])
		return nil
	})
	c.frames[1] = js.FuncOf(func(js.Value, []js.Value) any {
		go c.run()
		return nil
	})
	return c
}

// run completes the pending question, if it still is.
func (c *completer) run() {
	c.env.Lock()
	c.queued.Store(false)
	p, edits, pending := c.s.PendingQuestion()
	lp, deferred := c.s.LedgerDeferred()
	wanted := c.s.ContentionWanted()
	c.env.UnlockOnly()
	if !pending && !deferred && len(wanted) == 0 {
		return
	}
	var r cost.Result
	var err error
	var built ui.BuiltLedger
	var runs []lecture.ContentionRun
	done := c.sliced(int64(edits), func(yield func()) {
		var sc *sched.Schedule // the schedule the answer priced, for the ledger of the same question
		if pending {
			r, sc, err = cost.EvaluateBuilt(p, yield)
		}
		if deferred {
			if !pending || lp != p {
				sc = nil
			}
			built = c.s.BuildLedger(lp, sc, yield)
		}
		for _, q := range wanted {
			runs = append(runs, ui.SimulateContention(q, yield))
		}
	})
	if !done {
		return // a newer question came: its own completion follows
	}
	c.env.Lock()
	c.s.KeepContention(runs)
	if deferred {
		c.s.SetLedger(built)
	}
	if pending {
		c.s.CompleteWith(edits, r, err)
	}
	c.env.UnlockRender()
}

// sliced runs work, whose yield gives the browser a turn every
// completeSlice; done is false when a newer question than edits made the
// work stale (it is abandoned at the next yield).
func (c *completer) sliced(edits int64, work func(yield func())) (done bool) {
	defer func() {
		if x := recover(); x != nil {
			if _, ok := x.(stale); !ok {
				panic(x)
			}
			done = false
		}
	}()
	last := time.Now()
	work(func() {
		if time.Since(last) < completeSlice {
			return
		}
		time.Sleep(time.Millisecond) // the browser's turn: input, paint
		if c.latest.Load() != edits {
			panic(stale{})
		}
		last = time.Now()
	})
	return true
}

// afterPaint queues a completion unless one is queued already; edits is
// the question's Edits() of the render just made.
func (c *completer) afterPaint(edits int) {
	c.latest.Store(int64(edits))
	if c.queued.Swap(true) {
		return
	}
	js.Global().Call("requestAnimationFrame", c.frames[0])
}

// rendered records the question's Edits() after every render, so a
// completion in progress sees a newer question.
func (c *completer) rendered(edits int) { c.latest.Store(int64(edits)) }
