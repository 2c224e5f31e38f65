//go:build js && wasm && !mainmodule

package main

import (
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"
)

// fabricWorker advances a simulation on a fabric (ui.FabricJob: the
// fabric view's study, the planner's plan on its fabric) in slices:
// a goroutine that waits for the browser's next animation frame (so the
// page paints between two slices and handles input), runs a slice off the
// event lock, then hands the job back under the lock and re-renders, so
// the progress bar moves and a control change is seen before the next
// slice. (A timer between slices lets the browser run input but, in
// Chromium, not always paint: the bar would stand still.) The slice's work adapts
// so that each takes about fabricSlice, measured on the slices that
// simulated (ui.FabricJob.Work). When a newer control change
// replaced the job, the next turn takes the new one; when the view is
// left, the worker stops and the job waits. At most one worker runs.
type fabricWorker struct {
	env     vugu.EventEnv
	root    *ui.App
	running atomic.Bool
	frame   chan struct{}
	onFrame js.Func
}

func newFabricWorker(env vugu.EventEnv, root *ui.App) *fabricWorker {
	w := &fabricWorker{env: env, root: root, frame: make(chan struct{}, 1)}
	w.onFrame = js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case w.frame <- struct{}{}:
		default:
		}
		return nil
	})
	return w
}

// nextFrame waits for the browser's next animation frame.
func (w *fabricWorker) nextFrame() {
	js.Global().Call("requestAnimationFrame", w.onFrame)
	<-w.frame
}

// fabricSlice is the time one slice aims at: well under the 50 ms of a
// long task, with the render that follows it.
const fabricSlice = 8 * time.Millisecond

// afterRender starts the worker if a view waits for a simulation and no
// worker runs. Called after every render.
func (w *fabricWorker) afterRender() {
	if w.root.FabricJob() != nil && !w.running.Swap(true) {
		go w.run()
	}
}

func (w *fabricWorker) run() {
	work := int64(20_000)
	for {
		w.nextFrame()
		w.env.Lock()
		j := w.root.FabricJob()
		if j == nil {
			w.running.Store(false)
			w.env.UnlockOnly()
			return
		}
		w.env.UnlockOnly()
		w0 := j.Work()
		t0 := time.Now()
		var waited time.Duration
		mark := t0
		j.Advance(work, func() { // inside a schedule's build: a frame every fabricSlice
			if time.Since(mark) >= fabricSlice {
				w0 := time.Now()
				w.nextFrame()
				mark = time.Now()
				waited += mark.Sub(w0)
			}
		})
		took := time.Since(t0) - waited
		w.env.Lock()
		w.root.SettleFabric(j)
		w.env.UnlockRender()
		// the next slice's work: the work this one spent scaled to
		// fabricSlice, within 4× of the last; a slice that spent none (it
		// started a simulation: a schedule built, its flows routed) says
		// nothing of the time a unit takes
		if spent := j.Work() - w0; spent > 0 {
			scale := min(max(float64(fabricSlice)/float64(max(took, time.Microsecond))*float64(spent)/float64(work), 0.25), 4)
			work = min(max(int64(float64(work)*scale), 1_000), 10_000_000)
		}
	}
}

// handOver gives s the handoff of the server's page (ui.State.HandOver):
// the text of its element ui.HandoffID, if the page has one.
func handOver(win js.Value, s *ui.State) {
	if el := win.Get("document").Call("getElementById", ui.HandoffID); el.Truthy() {
		s.HandOver(el.Get("textContent").String())
	}
}
