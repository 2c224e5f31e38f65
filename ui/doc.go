// Package ui is the playground's view layer: Vugu components (the *.vugu files
// and their generated *_gen.go code) and the plain-Go view model behind them
// (State and its helpers), which holds the text of every control, asks the
// core for every number shown (request.CostParams, cost.Evaluate, cost.Table,
// cost.ScheduleOf, sim.NewLedger, sim.NewRun, figure's charts) and never computes
// a cost itself.
//
// Nothing here imports syscall/js: the components render natively with Vugu's
// staticrender, which is how the tests drive them.
//
// go generate runs vugugen, then internal/wstrim, which drops the text nodes
// vugugen makes of the line breaks between tags (smaller wasm and DOM).
package ui

//go:generate go tool vugugen -skip-go-mod -skip-main .
//go:generate go run ../internal/wstrim .
//go:generate go fmt .
