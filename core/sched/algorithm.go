// Package sched turns (collective, algorithm) pairs into schedules: rounds of
// transfers between ranks over element ranges, each a copy or a reduction.
// A schedule is data, not code: package sim executes it on real buffers,
// derives the byte ledger from it and prices it under the α-β-γ cost rule.
package sched

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// Algorithm is an algorithm identifier as used by the CLI, the API and URLs.
type Algorithm string

// The algorithm identifiers (docs/conventions.md lists them with their
// sources).
const (
	Naive             Algorithm = "naive"
	Ring              Algorithm = "ring"
	Tree              Algorithm = "tree"
	Binomial          Algorithm = "binomial"
	RecursiveDoubling Algorithm = "recursive_doubling"
	RecursiveHalving  Algorithm = "recursive_halving"
	Rabenseifner      Algorithm = "rabenseifner"
	Bruck             Algorithm = "bruck"
	Pairwise          Algorithm = "pairwise"
	ScatterAllgather  Algorithm = "scatter_allgather"
	Hierarchical      Algorithm = "hierarchical"
	Auto              Algorithm = "auto"
)

// DefaultFor is the algorithm a face uses for c when none is named and the
// question needs a concrete one (a real run, a fit, a measured series): ring
// where c has a ring schedule, else c's first applicable algorithm. It is
// the one default-algorithm rule of the CLI, the API and the playground.
func DefaultFor(c prim.Collective) Algorithm {
	as := Applicable(c)
	for _, a := range as {
		if a == Ring {
			return Ring
		}
	}
	if len(as) == 0 {
		return ""
	}
	return as[0]
}

// Applicable returns the algorithms that can run collective c (without
// Auto), in the registry's order, which is the order alternatives are
// listed in.
func Applicable(c prim.Collective) []Algorithm {
	var out []Algorithm
	for _, info := range algorithms {
		if info.runs(c) {
			out = append(out, info.ID)
		}
	}
	return out
}

// ParseAlgorithm returns the algorithm named s (case-insensitive, "-" = "_").
// It does not check applicability; see Check.
func ParseAlgorithm(s string) (Algorithm, error) {
	k := Algorithm(strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "-", "_"))
	for _, a := range append(Algorithms(), Auto) {
		if a == k {
			return a, nil
		}
	}
	return "", fielderr.New("algorithm", "sched.algorithm.unknown", s, joinAlgorithms(append(Algorithms(), Auto)))
}

// Check reports whether algorithm a can run collective c, with an error that
// names the algorithms that do apply. Auto always applies.
func Check(c prim.Collective, a Algorithm) error {
	if a == Auto {
		return nil
	}
	if info, ok := Info(a); ok && info.runs(c) {
		return nil
	}
	as := Applicable(c)
	names := make([]string, 0, len(as)+1)
	for _, x := range as {
		names = append(names, string(x))
	}
	names = append(names, string(Auto))
	return fielderr.New("algorithm", "sched.algorithm.not_for", a, c, c, strings.Join(names, ", "))
}
