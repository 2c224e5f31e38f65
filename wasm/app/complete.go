//go:build js && wasm

package main

import (
	"sync/atomic"
	"syscall/js"

	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"
)

// completer finishes a pending answer (ui.State.Complete: the executed
// schedule's cost) once the browser has painted the quick one, then
// re-renders. At most one completion is queued at a time; Complete is a
// no-op if a newer change has already been completed.
type completer struct {
	env    vugu.EventEnv
	s      *ui.State
	queued atomic.Bool
	frames [2]js.Func
}

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
		go func() {
			c.env.Lock()
			c.queued.Store(false)
			c.s.Complete()
			c.env.UnlockRender()
		}()
		return nil
	})
	return c
}

// afterPaint queues a completion unless one is queued already.
func (c *completer) afterPaint() {
	if c.queued.Swap(true) {
		return
	}
	js.Global().Call("requestAnimationFrame", c.frames[0])
}
