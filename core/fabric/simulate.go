package fabric

import (
	"math"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/sched"
)

// Result is a schedule's simulated run on a fabric.
type Result struct {
	Time   float64   // seconds until the last byte has arrived and been reduced
	Bytes  []float64 // bytes carried by each link (Net.Links' order)
	Flows  int       // messages simulated (transfers between two ranks)
	Events int       // instants at which flows started or ended
	Work   int64     // units of work spent (Net.WorkCap bounds what a caller allows)
}

// Simulate runs schedule s (elements of elemSize bytes) on net, γ seconds
// per byte reduced, and stops with a *fielderr.Error on ranks (the run is
// too large) once it has spent more than maxWork units (0: no cap). The
// rule (docs/contention.md):
//
//   - every transfer between two ranks is a flow on net.Route;
//   - a rank pays the start-up of every message it posts, one after
//     another, and its NIC carries earlier messages' bytes meanwhile
//     (lecture 09 §1.3, α per message; §2.2, P − 1 sends pay (P − 1)·α;
//     LogP's per-message overhead and LogGP's transmission overlapping
//     the next message's overhead, Culler et al. 1993, Alexandrov et al.
//     1995). As a fluid relaxation of that: every flow of a step enters
//     its bytes phase after its own α (net.Alpha), all of them together,
//     and flow j of the step is delivered no earlier than its floor, the
//     α of the step's flows 0…j summed plus its bytes at its path's least
//     capacity (Net.PathCap). A later message's bytes may so flow before
//     its own start-up is paid, and a step's first message does not run
//     ahead alone: against starting each message's bytes only after the
//     start-ups before it, most runs agree and some depart either way
//     (naive AllToAll on small mixed intra- and inter-node steps up to
//     37 % faster, pipelined trees up to 7 % slower; docs/contention.md);
//   - a rank accepts the messages it receives one at a time, α(src, dst)
//     each (LogP's receive overhead, Culler et al. 1993), in the order
//     their bytes arrive: a message is delivered no earlier than the end
//     of the earliest free interval of its α on its receiver's clock that
//     ends at or after its floor (accepts.take) — the receiver pays its
//     start-ups while the bytes still arrive, as the sender does;
//   - the links' capacity is shared max-min fairly among the flows in
//     their bytes phase (progressive filling), re-solved whenever a flow
//     starts or ends, over the flows that share links with it (resolve);
//   - each rank runs its rounds in order (graph): it posts a round's
//     messages once its previous sending round's messages have been
//     delivered and everything it receives in earlier rounds has arrived;
//     a received reduction starts once its message is delivered and
//     occupies the receiver γ·bytes, one at a time.
//
// With one flow on each link at a time this is the α-β rule. A step of k
// messages of m bytes with its NIC to itself takes max(k·α + β·m,
// α + k·β·m): the start-ups and the last message's bytes, or one start-up
// and all the bytes at the NIC's rate; so does a fan-in of k messages of
// m bytes onto one rank (naive Gather), the receiver's start-ups in place
// of the sender's. No run is shorter than any rank's α summed over the
// messages it sends, nor over those it receives. A schedule whose ranks
// receive one message a round and run in step (ring, recursive doubling,
// Bruck and pairwise on one GPU a node) runs as without the receive side,
// bit for bit. Events closer than tol of the clock are one instant.
// O(events × flows of the touched component × path length × levels of the
// filling) time, and O(log n + n) per message for a receiver holding n
// disjoint accepted intervals.
func Simulate(s *sched.Schedule, elemSize int, net *Net, gamma float64, maxWork int64) (Result, error) {
	r := Start(s, elemSize, net, gamma, maxWork)
	if _, err := r.Advance(math.MaxInt64); err != nil {
		return Result{}, err
	}
	return r.Result(), nil
}

type engine struct {
	*graph
	net      *Net
	gamma    float64
	pathOff  []int32 // path of flow f: paths[pathOff[f]:pathOff[f+1]]
	paths    []int32
	floor    []float64 // the earliest each flow is delivered by its sender's rule (Floor)
	accepts            // each rank's receive start-ups (take)
	compFree []float64 // when each rank's reducer is next free
	step     []int32   // each rank's next sending step
	stepLeft []int32   // its messages of the step under way still sending
	recvd    []int32   // messages each rank has received (and reduced)
	// fluid state: flow f has rem[f] bytes left at time t0[f] and moves at
	// rate[f]; ver[f] tells its current finish event from stale ones.
	now     float64
	end     float64
	nActive int
	rem     []float64
	t0      []float64
	rate    []float64
	ver     []int32
	pending evQueue
	changed []int32 // flows started or ended at this instant
	// link state: the flows in their bytes phase on each link, and those
	// of them that ended at this instant (gone), taken off in one pass
	// over each link they were on (dirty) before the shares are re-solved
	on        [][]int32
	gone      []bool
	dirty     []int32
	dmark     []int32
	linkBytes []float64
	capLeft   []float64
	count     []int32
	share     []float64 // capLeft ÷ count, for the links an unfrozen flow is on (count > 0)
	// component search and progressive filling
	lmark, fmark []int32
	epoch        int32
	stack, comp  []int32
	touched      []int32
	unfrozen     []int32
	frozen       []int32
	newRate      []float64
	// bookkeeping
	events   int
	work     int64
	maxWork  int64
	arrivals int  // messages arrived (Progress)
	within   bool // in the middle of an instant: events up to limit pending
	limit    float64
}

func newEngine(g *graph, net *Net, gamma float64, maxWork int64) *engine {
	return newEngineYielding(g, net, gamma, maxWork, nil)
}

// routeSlice is how many flows newEngineYielding routes between two calls
// of its yield: ≈ 0.1–0.3 ms natively.
const routeSlice = 1024

// newEngineYielding is newEngine calling yield (if not nil) after every
// routeSlice routes.
func newEngineYielding(g *graph, net *Net, gamma float64, maxWork int64, yield func()) *engine {
	n := len(g.src)
	e := &engine{graph: g, net: net, gamma: gamma, maxWork: maxWork,
		accepts: newAccepts(net.Cluster.Ranks), compFree: make([]float64, net.Cluster.Ranks), step: make([]int32, net.Cluster.Ranks), stepLeft: make([]int32, net.Cluster.Ranks), recvd: make([]int32, net.Cluster.Ranks),
		rem: make([]float64, n), floor: make([]float64, n), gone: make([]bool, n), t0: make([]float64, n), rate: make([]float64, n), ver: make([]int32, n), fmark: make([]int32, n), newRate: make([]float64, n),
		on: make([][]int32, len(net.Links)), linkBytes: make([]float64, len(net.Links)), capLeft: make([]float64, len(net.Links)), share: make([]float64, len(net.Links)),
		count: make([]int32, len(net.Links)), lmark: make([]int32, len(net.Links)), dmark: make([]int32, len(net.Links))}
	e.pathOff = make([]int32, 1, n+1)
	for f := range g.src {
		e.paths = net.Route(int(g.src[f]), int(g.dst[f]), e.paths)
		e.pathOff = append(e.pathOff, int32(len(e.paths)))
		if yield != nil && (f+1)%routeSlice == 0 {
			yield()
		}
	}
	return e
}

func (e *engine) path(f int32) []int32 { return e.paths[e.pathOff[f]:e.pathOff[f+1]] }

// event kinds of the pending queue.
const (
	evStart   = iota // flow enters its bytes phase
	evArrived        // flow's reduction at the receiver is done
	evFinish         // flow's last byte is in, if ver matches
	evFloor          // flow's bytes are in before its acceptance ends: delivered now
)

type event struct {
	t    float64
	kind int8
	ver  int32
	f    int32
}

// evHeap is a binary min-heap of events by time, then flow.
type evHeap []event

func (h evHeap) less(i, j int) bool { return eventLess(&h[i], &h[j]) }

func (h *evHeap) push(x event) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if !a.less(i, p) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

func (h *evHeap) pop() event {
	a := *h
	x := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && a.less(l, m) {
			m = l
		}
		if l+1 < n && a.less(l+1, m) {
			m = l + 1
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return x
}

// tol is the relative width of one instant: events closer than tol·t are
// simultaneous (symmetric flows end together despite rounding).
const tol = 1e-12

// next posts rank r's next sending step if its previous one has left and
// what it receives before has arrived.
func (e *engine) next(r int32) {
	i := e.step[r]
	st := e.steps[r]
	if e.stepLeft[r] > 0 || int(i)+1 >= len(st) || e.recvd[r] < e.need[r][i] {
		return
	}
	e.step[r]++
	e.stepLeft[r] = st[i+1] - st[i]
	t := e.now
	for _, f := range e.sends[r][st[i]:st[i+1]] {
		a := e.net.Alpha(int(e.src[f]), int(e.dst[f]))
		t += a
		e.floor[f] = t + e.bytes[f]/e.net.PathCap(e.path(f))
		e.pending.push(event{t: e.now + a, kind: evStart, f: f})
	}
}

// arrived counts flow f's data in at its receiver.
func (e *engine) arrived(f int32) {
	e.arrivals++
	e.end = max(e.end, e.now)
	d := e.dst[f]
	e.recvd[d]++
	e.next(d)
}

// advance runs the simulation until it ends (done) or has spent stop
// units of work in all, pausing between two events if need be (within
// records that the instant under way goes on at the next call).
func (e *engine) advance(stop int64) (done bool, err error) {
	for e.within || !e.pending.empty() {
		if !e.within {
			if e.work >= stop {
				return false, nil
			}
			if e.maxWork > 0 && e.work > e.maxWork {
				return false, fielderr.New("ranks", "fabric.work", e.maxWork)
			}
			next := e.pending.first().t
			if math.IsInf(next, 0) || math.IsNaN(next) {
				return false, msg.Errorf("fabric.stalled", e.nActive)
			}
			e.limit = next + tol*next
			e.now = max(e.now, next)
			e.events++
			e.changed = e.changed[:0]
			e.within = true
		}
		for !e.pending.empty() && e.pending.first().t <= e.limit {
			if e.work >= stop {
				return false, nil
			}
			ev := e.pending.pop()
			e.work++
			switch {
			case ev.kind == evArrived:
				e.arrived(ev.f)
			case ev.kind == evStart:
				e.begin(ev.f)
			case ev.kind == evFloor:
				e.deliver(ev.f)
			case ev.ver == e.ver[ev.f]:
				e.finish(ev.f)
			}
		}
		e.within = false
		e.takeOff()
		if len(e.changed) > 0 {
			e.resolve()
		}
	}
	if e.nActive > 0 {
		return false, msg.Errorf("fabric.stalled", e.nActive)
	}
	return true, nil
}

// begin puts flow f's bytes on its path.
func (e *engine) begin(f int32) {
	e.rem[f], e.t0[f], e.rate[f] = e.bytes[f], e.now, 0
	for _, l := range e.path(f) {
		e.linkBytes[l] += e.bytes[f]
		e.on[l] = append(e.on[l], f)
	}
	e.nActive++
	e.changed = append(e.changed, f)
}

// finish marks flow f, whose last byte is in, gone from its path (takeOff
// removes it at the end of the instant).
func (e *engine) finish(f int32) {
	e.rem[f] = 0
	e.ver[f]++
	e.gone[f] = true
	for _, l := range e.path(f) {
		if e.dmark[l] != int32(e.events) {
			e.dmark[l] = int32(e.events)
			e.dirty = append(e.dirty, l)
		}
	}
	e.work += int64(len(e.path(f)))
	e.nActive--
	e.changed = append(e.changed, f)
	e.end = max(e.end, e.now)
	t, w := e.take(e.dst[f], e.floor[f], e.net.Alpha(int(e.src[f]), int(e.dst[f])))
	e.work += w
	if e.now < t*(1-tol) {
		e.pending.push(event{t: t, kind: evFloor, f: f})
		return
	}
	e.deliver(f)
}

// deliver hands flow f, whose bytes are in, to its receiver and lets its
// sender go on.
func (e *engine) deliver(f int32) {
	e.end = max(e.end, e.now)
	if d := e.dst[f]; e.reduce[f] && e.gamma > 0 {
		t := max(e.now, e.compFree[d]) + e.gamma*e.bytes[f]
		e.compFree[d] = t
		e.pending.push(event{t: t, kind: evArrived, f: f})
	} else {
		e.arrived(f)
	}
	s := e.src[f]
	e.stepLeft[s]--
	e.next(s)
}

// takeOff removes the flows gone at this instant from the links they were
// on: one pass over each such link, however many of its flows ended
// together (naive AllToAll ends thousands of flows per link at once).
func (e *engine) takeOff() {
	for _, l := range e.dirty {
		kept := e.on[l][:0]
		for _, f := range e.on[l] {
			if !e.gone[f] {
				kept = append(kept, f)
			}
		}
		e.work += int64(len(e.on[l]))
		e.on[l] = kept
	}
	e.dirty = e.dirty[:0]
}

// resolve re-shares the links among the flows whose rates the flows of
// e.changed may have changed: the connected component (flows linked by
// shared links) around their paths. Max-min fairness decomposes over
// components, so the other flows keep their rates.
func (e *engine) resolve() {
	e.epoch++
	e.stack, e.comp, e.touched = e.stack[:0], e.comp[:0], e.touched[:0]
	for _, f := range e.changed {
		for _, l := range e.path(f) {
			if e.lmark[l] != e.epoch {
				e.lmark[l] = e.epoch
				e.stack = append(e.stack, l)
			}
		}
	}
	for len(e.stack) > 0 {
		l := e.stack[len(e.stack)-1]
		e.stack = e.stack[:len(e.stack)-1]
		e.capLeft[l], e.count[l] = e.net.Links[l].Cap, int32(len(e.on[l]))
		e.touched = append(e.touched, l)
		for _, f := range e.on[l] {
			if e.fmark[f] == e.epoch {
				continue
			}
			e.fmark[f] = e.epoch
			e.comp = append(e.comp, f)
			for _, m := range e.path(f) {
				if e.lmark[m] != e.epoch {
					e.lmark[m] = e.epoch
					e.stack = append(e.stack, m)
				}
			}
		}
		e.work += int64(len(e.on[l]) + 1)
	}
	e.solve()
	for _, f := range e.comp {
		r := e.newRate[f]
		if r == e.rate[f] {
			continue
		}
		e.rem[f] -= e.rate[f] * (e.now - e.t0[f])
		e.t0[f], e.rate[f] = e.now, r
		e.ver[f]++
		e.pending.push(event{t: e.now + e.rem[f]/r, kind: evFinish, ver: e.ver[f], f: f})
	}
}

// solve sets newRate to the max-min fair share of every flow of e.comp
// on the links e.touched by progressive filling: raise all rates together
// until a link is full, freeze the flows through it at that rate, repeat
// with the rest.
func (e *engine) solve() {
	unfrozen := append(e.unfrozen[:0], e.comp...)
	frozen := e.frozen[:0]
	for len(unfrozen) > 0 {
		m := math.Inf(1)
		for _, l := range e.touched {
			if e.count[l] > 0 {
				e.share[l] = e.capLeft[l] / float64(e.count[l])
				m = min(m, e.share[l])
			}
		}
		lim := m + tol*m
		kept := unfrozen[:0]
		frozen = frozen[:0]
		for _, f := range unfrozen {
			sat := false
			for _, l := range e.path(f) {
				if e.share[l] <= lim {
					sat = true
					break
				}
			}
			if sat {
				e.newRate[f] = m
				frozen = append(frozen, f)
			} else {
				kept = append(kept, f)
			}
		}
		for _, f := range frozen {
			for _, l := range e.path(f) {
				e.capLeft[l] = max(e.capLeft[l]-m, 0)
				e.count[l]--
			}
		}
		e.work += int64(len(e.touched) + 4*len(unfrozen))
		unfrozen = kept
	}
	e.unfrozen, e.frozen = unfrozen, frozen
}
