// Package doctor reads what an nccl-tests log says about the system it ran
// on and names, from that evidence only, why its bandwidth may fall short.
//
// The pipeline is three pure steps, each linear in the log:
//
//	ev, err := nccltests.Read(log)  // the evidence, every fact with its line
//	inf := Infer(ev)                // system key, GPUs per node, nodes, NICs, transport
//	causes := Causes(ev, inf)       // Socket instead of IB, GDR off, few channels, …
//
// Diagnose does the three at once. Every inferred value and every Cause
// carries the 1-based line of the log that shows it; a Cause's sentence is
// kept as Format and Args (Msg == fmt.Sprintf(Format, Args...)) so that a
// front end can say it in another language, as core/fielderr does.
//
// # The verdict
//
// Setting the measured rows against what the system should reach is left to
// a verdict built on the NCCL model. It takes a *Diagnosis and an
// ExpectedBusBw:
//
//	type ExpectedBusBw func(c prim.Collective, ranks int, sizeBytes int64) (busBwGBs float64, ok bool)
//	func Verdict(d *Diagnosis, expect ExpectedBusBw) …
//
// and compares, for each Point of Measured(table) (size, busbw, the row's
// line), the measured busbw with expect(collective, ranks, size), where
// collective and ranks come from Diagnosis.Collective and the table's
// Ranks, and the system behind expect is chosen from Inference.System (or
// given by the user). The causes do not depend on the verdict: a verdict
// that finds a gap cites them, and says so plainly when there are none.
package doctor
