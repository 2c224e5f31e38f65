package sched

import (
	"strings"

	"github.com/ccplay/ccplay/core/prim"
)

// AlgorithmInfo is one algorithm's entry in the registry: its identifier,
// its name for people, the collectives it runs (in the lecture's order) and
// the two functions Build and EstimateOf call for it. Each entry lives in
// the algorithm's own file, beside its builder; package cost adds the
// closed form and its source (cost.AlgorithmForm).
type AlgorithmInfo struct {
	// ID is the identifier of the CLI, the API and URLs ("ring").
	ID Algorithm
	// Name is the algorithm's English name for people ("recursive
	// doubling"); the playground's Chinese catalogue may name it in Chinese.
	Name string
	// Collectives are the collectives the algorithm has a schedule for.
	Collectives []prim.Collective

	// build appends the schedule's rounds to b (b.s carries the call, its
	// chunk count and layout; b.groups the node count of a placed
	// algorithm).
	build func(b *builder)
	// slotsPerRank bounds the transfer slots build hands to b.round, per
	// rank (EstimateOf adds AllToAll's P × P offsets).
	slotsPerRank func(e estimateArgs) int64
	// pipelined reports whether the algorithm cuts collective c into
	// pipeline chunks (Options.Chunks); nil means never.
	pipelined func(c prim.Collective) bool
}

// estimateArgs are the numbers an algorithm's slot bound is written in:
// the collective, P, L = ⌈log₂P⌉, the chunk count K (0 when the algorithm
// does not pipeline c) and the GPUs per node g (at least 1).
type estimateArgs struct {
	c          prim.Collective
	p, l, k, g int64
}

// algorithms is the registry: every concrete algorithm, in the order the
// CLI, the API and the playground list them. Applicable keeps this order
// per collective, and auto breaks ties in it, so a new algorithm goes where
// it should rank among equals. Adding an algorithm adds its
// entry here (docs/conventions.md, "Adding an algorithm").
var algorithms = []*AlgorithmInfo{
	&naiveAlgorithm, &ringAlgorithm, &treeAlgorithm, &binomialAlgorithm,
	&recursiveDoublingAlgorithm, &recursiveHalvingAlgorithm, &rabenseifnerAlgorithm,
	&pairwiseAlgorithm, &bruckAlgorithm, &scatterAllgatherAlgorithm, &hierarchicalAlgorithm,
}

// autoName is Auto's name for people.
const autoName = "auto (cheapest)"

// Algorithms lists every concrete algorithm (without Auto) in the
// registry's order.
func Algorithms() []Algorithm {
	out := make([]Algorithm, len(algorithms))
	for i, info := range algorithms {
		out[i] = info.ID
	}
	return out
}

// Choices lists what a face offers for an algorithm field: Auto, then every
// concrete algorithm in the registry's order.
func Choices() []Algorithm { return append([]Algorithm{Auto}, Algorithms()...) }

// Info returns a's registry entry and whether a is a concrete algorithm.
// The entry returned for Auto names it and lists every collective; any
// other unknown a gets an entry holding only its identifier.
func Info(a Algorithm) (AlgorithmInfo, bool) {
	for _, info := range algorithms {
		if info.ID == a {
			return *info, true
		}
	}
	if a == Auto {
		return AlgorithmInfo{ID: Auto, Name: autoName, Collectives: prim.Collectives()}, false
	}
	return AlgorithmInfo{ID: a, Name: string(a)}, false
}

// Name is a's name for people ("recursive doubling"), or its identifier
// when a is unknown.
func (a Algorithm) Name() string {
	info, _ := Info(a)
	return info.Name
}

// joinAlgorithms lists as as text: "naive, ring, …".
func joinAlgorithms(as []Algorithm) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = string(a)
	}
	return strings.Join(parts, ", ")
}

// runs reports whether a's entry lists collective c.
func (info *AlgorithmInfo) runs(c prim.Collective) bool {
	for _, x := range info.Collectives {
		if x == c {
			return true
		}
	}
	return false
}
