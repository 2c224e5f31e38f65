// Package prim defines the collectives, their reduce operators and their
// reference semantics: what each collective must leave in each rank's buffer.
// Every algorithm in package sched is checked against these definitions.
package prim

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Collective names one of the eight collectives or point-to-point SendRecv.
// The string values are the identifiers used by the CLI, the API and URLs.
type Collective string

// The collectives, with their identifiers (docs/conventions.md).
const (
	SendRecv      Collective = "sendrecv"
	Broadcast     Collective = "broadcast"
	Scatter       Collective = "scatter"
	Gather        Collective = "gather"
	Reduce        Collective = "reduce"
	AllReduce     Collective = "allreduce"
	ReduceScatter Collective = "reducescatter"
	AllGather     Collective = "allgather"
	AllToAll      Collective = "alltoall"
)

// Collectives lists every collective in the lecture's order (the order of
// the registry, see registry.go).
func Collectives() []Collective {
	out := make([]Collective, len(collectives))
	for i, info := range collectives {
		out[i] = info.ID
	}
	return out
}

// nameSeparators drops what ParseCollective ignores in a name (a Replacer
// is safe for concurrent use; built once, not per call).
var nameSeparators = strings.NewReplacer("_", "", "-", "", " ", "")

// ParseCollective returns the collective named s (case-insensitive; "_" and
// "-" are ignored, so "all_reduce" and "all-reduce" name AllReduce), or a
// *fielderr.Error on "collective" listing the accepted names.
func ParseCollective(s string) (Collective, error) {
	k := nameSeparators.Replace(strings.ToLower(strings.TrimSpace(s)))
	for _, info := range collectives {
		if string(info.ID) == k {
			return info.ID, nil
		}
	}
	return "", fielderr.New("collective", "prim.collective.unknown", s, joinCollectives(Collectives()))
}

func joinCollectives(cs []Collective) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = string(c)
	}
	return strings.Join(parts, ", ")
}

// Rooted reports whether the collective has a root rank.
func (c Collective) Rooted() bool { return c.Info().Rooted }

// Reduces reports whether the collective combines values with an operator.
func (c Collective) Reduces() bool { return c.Info().Reduces }

// Blocked reports whether the collective's buffers are made of one block per
// rank (so that per-rank counts make sense): Scatter, Gather, AllGather,
// ReduceScatter. AllToAll has a P×P matrix of blocks instead.
func (c Collective) Blocked() bool { return c.Info().Blocked }

// BusBwFactor is nccl-tests' bus-bandwidth factor for P ranks: busbw =
// algbw × factor (nccl-tests doc/PERFORMANCE.md). AllReduce 2(P−1)/P;
// ReduceScatter, AllGather, AllToAll, Scatter, Gather (P−1)/P; Broadcast,
// Reduce and SendRecv 1.
func (c Collective) BusBwFactor(p int) float64 {
	n := float64(p)
	switch c.Info().BusBw {
	case BusBwTwice:
		return 2 * (n - 1) / n
	case BusBwShare:
		return (n - 1) / n
	}
	return 1
}
