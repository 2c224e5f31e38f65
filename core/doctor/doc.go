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
// a Text, a message ID of core/msg with its arguments, which a front end
// renders in its own language.
//
// # The verdict
//
// Judge (or VerdictOf on a Diagnosis) sets every table's measured points
// (Measured) against the model, one Verdict per table (the first, with the
// others in its More):
//
//	v, err := Judge(log, Options{System: "a3-mega"})
//
// The question (Basis) is the system preset (--system, or the one the GPU
// model implies — on EFA, as the aws-ofi-nccl plugin's lines show it, the
// AWS instance built around that GPU), the ranks and nodes × GPUs per node
// the "# Rank" lines show, and the collective the log names — or, for a
// pasted table, the busbw ÷ algbw factor of its rows — each with its line;
// its Command is the `ccplay table` command that asks the same. Each
// point's expectation is cost.NCCL's winning entry (cost.Quick's α-β
// answer for the collectives NCCL's tuner lacks), split into α and β; the
// share of β sets the point's regime (regime.go), and only the
// bandwidth-bound points are judged, against the model's known error band.
// The causes do not depend on the verdict: a verdict that finds a gap
// cites them, and says so plainly when there are none. docs/doctor.md
// describes it for users.
package doctor
