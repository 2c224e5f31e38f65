// Package budget is the work one question may cost when its answer is for
// someone else — the HTTP API, on a machine it shares: about one second of
// CPU and 256 MiB. Every face estimates a question's work in O(1) from its
// inputs (sched.EstimateOf for a schedule, cost.Work for closed forms)
// and refuses one over budget before it allocates or loops, with an *Error
// naming the field that makes it large. The CLI answers its own user on
// their own machine and keeps the core's wider caps (sched.MaxTransfers,
// cost.MaxRows). docs/limits.md lists the budgets and what they admit.
package budget

import (
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
)

// The budgets of one request, calibrated on a 2-core machine (about 4 ns
// per unit of closed-form work, 0.2 µs and 100 bytes per transfer slot).
const (
	// Slots caps the transfer slots of one schedule built for a run
	// (sched.Estimate.Slots): at most about 0.3 s and 100 MiB of schedule.
	Slots = 1 << 20
	// Bytes caps the memory of one run: work buffers, inputs, outputs and
	// the reference answer (RunBytes).
	Bytes = 256 << 20
	// Work caps the closed-form work of one table, chart or crossover
	// search (cost.Work per point, summed): 2^26 units, about 0.3 s.
	Work = 1 << 26
	// Flows caps the transfers of a schedule simulated on a switched
	// fabric (cost.TransferBound with Params.Fabric): about 0.3 s and
	// 100 MiB of flows, paths and schedule.
	Flows = 1 << 19
	// RouteLinks caps the links of those transfers' routes together (a
	// long torus route is hundreds of links): 16 MiB of routes.
	RouteLinks = 1 << 22
	// FabricWork caps the work of that simulation in its own units
	// (cost.FabricWork: the schedule's setup and the simulation's work
	// cap): 2^28, at most about 1 s of CPU at the 2.2–4.4 ns a unit
	// measured on the 2-core machine, the simulation stopping at its cap.
	FabricWork = 1 << 28
)

// Error is a question over a budget. It wraps the *fielderr.Error naming
// the field, so every face that reports field errors reports it too; the
// HTTP API answers it with 413 instead of 400.
type Error struct{ fe *fielderr.Error }

func (e *Error) Error() string { return e.fe.Error() }

// Unwrap returns the field error.
func (e *Error) Unwrap() error { return e.fe }

// New returns an *Error on field with the message id and its args
// (fielderr.New).
func New(field string, id msg.ID, args ...any) error {
	return &Error{fe: fielderr.New(field, id, args...)}
}
