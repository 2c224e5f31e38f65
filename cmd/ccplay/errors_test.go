package main

import (
	"testing"
)

// TestCostFlagErrors: a bad value of every field, and every way flags go
// wrong, is status 2 and one stderr line "ccplay: --field: …".
func TestCostFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		want   []string
		reason string
	}{
		{[]string{"--collective", "bcast"}, []string{"ccplay: --collective: ", `"bcast"`, "allreduce"}, "an unknown collective"},
		{[]string{"--algorithm", "fastest"}, []string{"ccplay: --algorithm: ", `"fastest"`, "ring"}, "an unknown algorithm"},
		{[]string{"--algorithm", "pairwise"}, []string{"ccplay: --algorithm: pairwise has no allreduce algorithm; for allreduce use one of: naive, ring, tree, binomial", "auto"}, "an algorithm that does not apply names those that do"},
		{[]string{"--collective", "alltoall", "--algorithm", "tree"}, []string{"ccplay: --algorithm: ", "naive, pairwise"}, "tree has no alltoall"},
		{[]string{"--ranks", "0"}, []string{`ccplay: --ranks: want an integer from 1 to 1048576, got "0"`}, "zero ranks"},
		{[]string{"--ranks", "2097152"}, []string{"ccplay: --ranks: ", "1048576"}, "more than 2^20 ranks"},
		{[]string{"--ranks", "eight"}, []string{"ccplay: --ranks: ", `"eight"`}, "ranks not a number"},
		{[]string{"--size", "12 parsecs"}, []string{"ccplay: --size: "}, "an unknown size unit"},
		{[]string{"--size", "-1MiB"}, []string{"ccplay: --size: "}, "a negative size"},
		{[]string{"--size", "6"}, []string{"ccplay: --size: 6 bytes is not a whole number of 4-byte elements"}, "a size that is not whole floats"},
		{[]string{"--bandwidth", "50GBps"}, []string{"ccplay: --bandwidth: ", "ambiguous"}, "GBps is ambiguous"},
		{[]string{"--bandwidth", "0Gbps"}, []string{"ccplay: --bandwidth: "}, "zero bandwidth"},
		{[]string{"--latency", "5"}, []string{"ccplay: --latency: ", "unit"}, "a latency without its unit"},
		{[]string{"--latency", "-5us"}, []string{"ccplay: --latency: "}, "a negative latency"},
		{[]string{"--gamma", "-1"}, []string{"ccplay: --gamma: want seconds per byte reduced"}, "a negative γ"},
		{[]string{"--gamma", "fast"}, []string{"ccplay: --gamma: ", `"fast"`}, "γ not a number"},
		{[]string{"--efficiency", "2"}, []string{"ccplay: --efficiency: ", "(0, 1]"}, "efficiency above 1"},
		{[]string{"--efficiency", "0%"}, []string{"ccplay: --efficiency: "}, "zero efficiency"},
		{[]string{"--collective", "broadcast", "--root", "8"}, []string{`ccplay: --root: want an integer from 0 to 7, got "8"`}, "root outside the ranks"},
		{[]string{"--root", "3"}, []string{"ccplay: --root: allreduce has no root"}, "a root for a collective without one"},
		{[]string{"--dtype", "float128"}, []string{"ccplay: --dtype: ", `"float128"`, "bfloat16"}, "an unknown dtype"},
		{[]string{"--chunks", "-1"}, []string{"ccplay: --chunks: "}, "negative chunks"},
		{[]string{"--algorithm", "ring", "--chunks", "4"}, []string{"ccplay: --chunks: ring allreduce does not pipeline"}, "chunks where nothing pipelines"},
		{[]string{"--bogus", "1"}, []string{"ccplay: --bogus: unknown flag for ccplay cost; accepted: --collective, --algorithm, --ranks, --size, --bandwidth, --latency, --gamma, --efficiency, --root, --dtype, --chunks, --preset, --gpus-per-node, --intra-bandwidth, --intra-latency, --intra-preset, --slow-rank, --slow-factor, --slow-link, --model, --system, --nccl-algo, --nccl-proto, --nccl-channels, --nccl-collnet, --nccl-buffsize, --fabric, --oversubscription, --leaf-nodes, --tiers, --pod-leaves, --torus-dims, --node-switch, --json"}, "an unknown flag lists the accepted ones"},
		{[]string{"--ranks"}, []string{"ccplay: --ranks: missing value, e.g. --ranks 8"}, "a flag without its value"},
		{[]string{"--json=maybe"}, []string{`ccplay: --json: want true or false, got "maybe"`}, "a boolean that is not"},
		{[]string{"---ranks", "8"}, []string{`ccplay: bad flag syntax "---ranks"`}, "three dashes"},
		{[]string{"8"}, []string{`ccplay: cost: unexpected argument "8"`}, "a positional argument"},
		{[]string{"--json", "--ranks", "0"}, []string{"ccplay: --ranks: "}, "errors win over --json"},
	} {
		code, out, errOut := cli(t, "", append([]string{"cost"}, c.args...)...)
		wantUsageError(t, c.reason, code, out, errOut, c.want...)
	}
}

// TestTableFlagErrors: the sweep's own fields, and the cost fields through
// table.
func TestTableFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		want   []string
		reason string
	}{
		{[]string{"-b", "x"}, []string{"ccplay: --minbytes: "}, "-b is --minbytes"},
		{[]string{"--maxbytes", "8Q"}, []string{"ccplay: --maxbytes: "}, "an unknown suffix"},
		{[]string{"-b", "1M", "-e", "1K"}, []string{"ccplay: --maxbytes: want a size ≥ minbytes"}, "an empty sweep"},
		{[]string{"-f", "1"}, []string{`ccplay: --stepfactor: want an integer from 2 to 1048576, got "1"`}, "a factor that never grows"},
		{[]string{"-i", "-1"}, []string{"ccplay: --stepbytes: "}, "a negative step"},
		{[]string{"-f", "2", "-i", "1K"}, []string{"ccplay: --stepbytes: give either stepfactor or stepbytes, not both"}, "both step kinds"},
		{[]string{"-b", "0", "-f", "2"}, []string{"ccplay: --minbytes: "}, "a multiplicative sweep from 0"},
		{[]string{"-b", "1", "-e", "8G", "-i", "1"}, []string{"ccplay: --maxbytes: the sweep has more than"}, "too many rows"},
		{[]string{"--size", "1M"}, []string{"ccplay: --size: unknown flag for ccplay table"}, "table sweeps sizes; --size is not its flag"},
		{[]string{"--ranks", "0"}, []string{`ccplay: --ranks: want an integer from 1 to 1048576, got "0"`}, "a cost field through table"},
		{[]string{"--collective", "gather", "--algorithm", "ring"}, []string{"ccplay: --algorithm: ", "naive, binomial"}, "algorithm not applicable"},
		{[]string{"-e"}, []string{"ccplay: -e: missing value, e.g. -e 8G"}, "a short flag without its value"},
	} {
		code, out, errOut := cli(t, "", append([]string{"table"}, c.args...)...)
		wantUsageError(t, c.reason, code, out, errOut, c.want...)
	}
}
