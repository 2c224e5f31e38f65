// Package figure builds ccplay's charts from the core's results: time
// against ranks (the lecture's Experiment 3), time against message size
// with the sizes where the cheapest algorithm changes (crossovers), bytes per
// rank from a schedule's ledger, and one round of a schedule drawn on a
// circle. It returns chart models (package chart) that the HTTP API renders
// as SVG and the playground renders in the page; it computes nothing that
// packages cost, sched and sim do not already define.
//
// Every function is pure: the same arguments give the same chart. Bad
// arguments give a *fielderr.Error naming the API's query field.
package figure
