// Package ui is the playground's view layer: Vugu components (the *.vugu
// files and their generated *_gen.go code) and the plain-Go view model
// behind them, which holds the text of every control, asks the core for
// every number shown (question.ReadCost, cost.Evaluate, cost.Table,
// cost.ScheduleOf, sim.NewLedger, sim.NewRun, figure's charts) and never
// computes a cost itself.
//
// The parts:
//
//   - State (state.go) is the question and what the views share: the
//     controls' text (links.go: presets and the URL's rules), the last
//     valid cost.Params and cost.Result, the inline error, the language and
//     the selected view, the memo of answers (memo.go), the schedule and
//     ledger of the question (schedule.go), variants of the question
//     (variants.go) and the messages in the page's language (i18n*.go,
//     errmsg.go and coremsg.go for core's messages, plan_i18n.go).
//   - App (app.go, app.vugu) is the page: header, controls, tabs, and one
//     instance of every view for the page's lifetime; App.Query is the URL.
//   - One component per view, each in <view>.vugu and <view>.go, owning its
//     own state: Timing, Abacus (the inputs and operator), Ledger (the
//     page), Steps (the animation), Charts with its Measure panel (the
//     loaded measurements and fit), Nccl (the sweep), NcclModel, Derive,
//     Units (the converter's text), Pitfalls (guesses and reveals), Plan
//     (the planner's fields and plan), Doctor ("check my log"), Lessons (the
//     guided lessons), and Controls, which edits State.
//   - Shared helpers: format.go (numbers and units as shown), query.go (URL
//     escaping), views.go (the views' names), safe.go and asciihtml.go (a
//     panicking build is reported, InnerHTML stays ASCII), vgel.go (the
//     element helpers the generated code calls).
//   - ssr.go: RenderPage, the page of a URL as HTML, for the server's first
//     paint (internal/site); the wasm's first render takes that DOM over.
//   - modules.go: the two WebAssembly modules. Built with the tag
//     mainmodule (the main module), the App's Doctor, Plan and Fabric are
//     placeholders (tools_main.go); every other build, native ones
//     included, has them (tools.go). App.Module is the module a page needs.
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
