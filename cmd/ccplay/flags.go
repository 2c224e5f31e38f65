package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// flagSet is a flag.FlagSet whose string flags are named exactly like the
// the question fields (--ranks is the field "ranks"). Values are not
// parsed here: the flags a user actually gave are collected as text and
// handed to package request as a Lookup, so defaults, parsing and error
// messages are the same as in the HTTP API and the playground.
type flagSet struct {
	fs    *flag.FlagSet
	cmd   string
	given map[string]string // field → text; only flags given, each at most once
	flags []flagDoc         // in registration order, for usage
	field map[string]string // flag name (including aliases) → field name
	value map[string]*fieldValue
}

// flagDoc describes one flag for the usage text.
type flagDoc struct {
	names []string // "ranks", or "minbytes" with alias "b"
	arg   string   // "VALUE", or "" for a boolean flag
	help  string
	def   string
}

// fieldValue is the flag.Value of a request field: Set records the text.
type fieldValue struct {
	field string
	given map[string]string
}

func (v *fieldValue) String() string {
	if v == nil || v.given == nil {
		return ""
	}
	return v.given[v.field]
}

// errRepeated is Set's error for a flag given twice (or with an alias):
// like the API, which refuses a repeated parameter, the CLI takes no
// silent "last one wins".
var errRepeated = errors.New("given more than once")

func (v *fieldValue) Set(s string) error {
	if _, ok := v.given[v.field]; ok {
		return errRepeated
	}
	v.given[v.field] = s
	return nil
}

// fieldHelp documents the cost fields of package request.
var fieldHelp = map[string]string{
	"collective": "sendrecv, broadcast, scatter, gather, reduce, allreduce, reducescatter, allgather or alltoall",
	"algorithm":  algorithmHelp(),
	"ranks":      "P, the number of ranks (1 to 1048576)",
	"size":       "S in bytes as nccl-tests counts it: 100MiB, 100MB, 4096 (KB… = 10³ⁿ, KiB… = 2¹⁰ⁿ)",
	"bandwidth":  "per direction: 400Gbps, 400Gb/s (bits) or 50GB/s, 25GiB/s (bytes)",
	"latency":    "α per message: 5us, 2µs, 0.5ms",
	"gamma":      "γ, seconds per byte reduced, e.g. 2e-12",
	"efficiency": "fraction of the bandwidth achieved: 0.9 or 90%",
	"root":       "root rank of broadcast, scatter, gather and reduce",
	"dtype":      "element type (nccl-tests names): float, half, bfloat16, double, int8, uint8, int32, uint32, int64, uint64",
	"chunks":     "pipeline chunks of tree and ring broadcast/reduce (0 = the count that minimises time)",
	"preset":     "network link preset, setting --bandwidth and --latency unless given: " + strings.Join(topo.PresetNames(), ", "),
	"gpus-per-node": "g: ranks sit in order on nodes of g GPUs (ranks must be a multiple); inside a node the intra link, " +
		"across nodes the network (--bandwidth, --latency); 0 = one flat network",
	"intra-bandwidth": "per direction inside a node (with --gpus-per-node), e.g. 450GB/s (NVLink 4)",
	"intra-latency":   "α per message inside a node (with --gpus-per-node)",
	"intra-preset":    "intra-node link preset, setting --intra-bandwidth and --intra-latency unless given: " + strings.Join(topo.PresetNames(), ", "),
	"slow-rank":       "a straggler: every message this rank sends or receives takes --slow-factor times as long per byte",
	"slow-factor":     "how many times slower (≥ 1) the --slow-rank or --slow-link is, e.g. 4",
	"slow-link":       "a slow link between two ranks, A-B (both directions), e.g. 3-4; with --slow-factor",
	"fabric": "the switched network the schedule is simulated on: ideal (no contention, the α-β-γ answer; default), fat-tree, rail (NIC k of every node on rail leaf k) " +
		"or torus; every GPU has its own NIC of --bandwidth",
	"oversubscription": "fat-tree or rail: a leaf's downlink capacity ÷ its uplink capacity, ≥ 1 (default 1, non-blocking)",
	"leaf-nodes":       "fat-tree or rail: nodes under one leaf (default 16)",
	"tiers":            "fat-tree: 2 (leaves and spines, default) or 3 (leaves in pods under a core)",
	"pod-leaves":       "three-tier fat-tree: leaves per pod (default 8)",
	"torus-dims":       "torus: the node grid, 2-D or 3-D, e.g. 8x16 or 4x4x8 (the product is the node count; default the squarest 2-D grid)",
	"node-switch":      "inside a node: nvswitch (every GPU its own port on one crossbar, default) or pcie (GPU pairs under PCIe switches below a host bridge)",
	"model": "alpha-beta (the α-β-γ cost rule) or nccl (NCCL " + cost.NCCLVersion + "'s tuning model: Tree, Ring, CollNet, NVLS, NVLSTree, PAT × LL/LL128/Simple, " +
		"printed as NCCL_DEBUG_SUBSYS=TUNING does)",
	"system": "whole-system preset setting --gpus-per-node, the intra link and the network unless given, and the hardware of --model nccl: " +
		strings.Join(topo.SystemNames(), ", "),
	"nccl-algo":     "NCCL_ALGO for --model nccl, in NCCL's syntax: Ring, Tree,Ring, ^NVLS, allreduce:Tree;allgather:Ring",
	"nccl-proto":    "NCCL_PROTO for --model nccl: LL, LL128, Simple, ^LL128",
	"nccl-channels": "NCCL_MIN_NCHANNELS = NCCL_MAX_NCHANNELS for --model nccl (1 to 64)",
	"nccl-collnet":  "NCCL_COLLNET_ENABLE for --model nccl: 1 runs CollNet and NVLS across nodes on a network that reduces (SHARP)",
	"nccl-buffsize": "NCCL_BUFFSIZE for --model nccl, e.g. 8MiB (default 4MiB): the Simple protocol's buffer; a chunk is an eighth of it, which the predicted time uses",
}

// algorithmHelp lists every algorithm some collective has, in the order of
// sched.Applicable, then auto.
func algorithmHelp() string {
	var names []string
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			if !contains(names, string(a)) {
				names = append(names, string(a))
			}
		}
	}
	return strings.Join(names, ", ") + " or auto (the cheapest applicable); not every collective has every algorithm"
}

// newFlagSet returns an empty flag set for subcommand cmd. Package flag's
// own output is discarded: ccplay prints its own one-line errors.
func newFlagSet(cmd string) *flagSet {
	fs := flag.NewFlagSet("ccplay "+cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{fs: fs, cmd: cmd, given: map[string]string{}, field: map[string]string{}, value: map[string]*fieldValue{}}
}

// text registers --name (and the given one-letter aliases) as request field
// name, with default def shown in the usage.
func (f *flagSet) text(name, help, def string, aliases ...string) {
	v := &fieldValue{field: name, given: f.given}
	f.value[name] = v
	for _, n := range append([]string{name}, aliases...) {
		f.fs.Var(v, n, help)
		f.field[n] = name
	}
	f.flags = append(f.flags, flagDoc{names: append([]string{name}, aliases...), arg: "VALUE", help: help, def: def})
}

// alias registers more names for the field name registered before (e.g.
// nccl-tests' -d and --datatype for --dtype).
func (f *flagSet) alias(name string, aliases ...string) {
	v := f.value[name]
	for _, n := range aliases {
		if _, taken := f.field[n]; taken || n == name {
			continue
		}
		f.fs.Var(v, n, "")
		f.field[n] = name
		for i := range f.flags {
			if f.flags[i].names[0] == name {
				f.flags[i].names = append(f.flags[i].names, n)
			}
		}
	}
}

// costFields registers every field of question.CostFields except skip.
func (f *flagSet) costFields(skip ...string) {
	for _, name := range question.CostFields {
		if !contains(skip, name) {
			f.text(name, fieldHelp[name], question.Default(name))
		}
	}
}

// fabricFields registers the switched fabric's flags
// (question.FabricFields), each without a default of its own.
func (f *flagSet) fabricFields() {
	for _, name := range question.FabricFields {
		f.text(name, fieldHelp[name], "")
	}
}

// boolean registers a boolean flag such as --json.
func (f *flagSet) boolean(name, help string) *bool {
	f.flags = append(f.flags, flagDoc{names: []string{name}, help: help})
	return f.fs.Bool(name, false, help)
}

// lookup is the Lookup of the flags actually given.
func (f *flagSet) lookup() field.Lookup { return field.Map(f.given) }

// isGiven reports whether the user gave the field's flag (or an alias).
func (f *flagSet) isGiven(field string) bool {
	_, ok := f.given[field]
	return ok
}

// parse parses args. Positional arguments are refused (every input is a
// flag). -h and --help return flag.ErrHelp; other errors are one-line
// messages naming the flag.
func (f *flagSet) parse(args []string) error {
	if err := f.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return flag.ErrHelp
		}
		return errors.New(f.describe(err))
	}
	if rest := f.fs.Args(); len(rest) > 0 {
		return fmt.Errorf("%s: unexpected argument %q; every input is a flag (see ccplay %s -h)", f.cmd, rest[0], f.cmd)
	}
	return nil
}

// describe rewrites an error of package flag as "--name: what is wrong".
func (f *flagSet) describe(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		if len(f.flags) == 0 {
			return fmt.Sprintf("%s: unknown flag; ccplay %s takes no flags (only -h)", dashed(name), f.cmd)
		}
		return fmt.Sprintf("%s: unknown flag for ccplay %s; accepted: %s", dashed(name), f.cmd, f.accepted())
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		example := "VALUE"
		for _, d := range f.flags {
			if d.names[0] == f.field[name] && d.def != "" {
				example = d.def
			}
		}
		return fmt.Sprintf("%s: missing value, e.g. %s %s", dashed(name), dashed(name), example)
	}
	if strings.HasSuffix(msg, ": "+errRepeated.Error()) { // package flag formats it with %v
		// invalid value "9" for flag -ranks: given more than once
		if _, after, ok := strings.Cut(msg, " for flag -"); ok {
			name, _, _ := strings.Cut(after, ":")
			return fmt.Sprintf("%s: given more than once; give it once", dashed(f.field[name]))
		}
	}
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		// invalid value "x" for flag -allow-host: want a host name …
		if _, after, ok := strings.Cut(rest, " for flag -"); ok {
			name, why, _ := strings.Cut(after, ": ")
			return fmt.Sprintf("%s: %s", dashed(name), why)
		}
	}
	if rest, ok := strings.CutPrefix(msg, "invalid boolean value "); ok {
		// invalid boolean value "x" for -json: parse error
		if q, after, ok := strings.Cut(rest, " for -"); ok {
			name, _, _ := strings.Cut(after, ":")
			return fmt.Sprintf("%s: want true or false, got %s", dashed(name), q)
		}
	}
	if name, ok := strings.CutPrefix(msg, "invalid boolean flag "); ok {
		name, _, _ = strings.Cut(name, ":")
		return fmt.Sprintf("%s: want true or false", dashed(name))
	}
	if s, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
		return fmt.Sprintf("bad flag syntax %q; write --name value or --name=value", s)
	}
	return oneLine(msg)
}

// accepted lists the flags of the set, e.g. "--collective, --algorithm, …".
func (f *flagSet) accepted() string {
	var names []string
	for _, d := range f.flags {
		for _, n := range d.names {
			names = append(names, dashed(n))
		}
	}
	return strings.Join(names, ", ")
}

// usage writes the subcommand's synopsis, its description and its flags
// (flagList), so the flags a help text lists are the ones parse accepts.
func (f *flagSet) usage(w io.Writer, synopsis, about string) {
	text := fmt.Sprintf("Usage: %s\n\n%s\n", synopsis, about)
	if len(f.flags) > 0 {
		text += "\nFlags:\n" + f.flagList()
	}
	io.WriteString(w, text)
}

// flagList lists the set's flags, every name of each with its value's
// placeholder, its help and its default, in registration order.
func (f *flagSet) flagList() string {
	var b strings.Builder
	for _, d := range f.flags {
		var names []string
		for _, n := range d.names {
			names = append(names, dashed(n))
		}
		head := strings.Join(names, ", ")
		if d.arg != "" {
			head += " " + d.arg
		}
		fmt.Fprintf(&b, "  %s\n      %s", head, d.help)
		if d.def != "" {
			fmt.Fprintf(&b, " (default %s)", d.def)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// dashed writes a flag name as the user would type it: -b, --ranks.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// fieldFlag names a request field as a flag ("--ranks") if the set has it.
func (f *flagSet) fieldFlag(field string) string {
	if _, ok := f.field[field]; ok {
		return dashed(field)
	}
	return field
}

// fail writes "ccplay: msg" as one line and returns exitUsage.
func fail(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "ccplay: %s\n", oneLine(fmt.Sprintf(format, args...)))
	return exitUsage
}

// report writes err: "ccplay: --field: message", one line per refused
// field, for a *fielderr.Error or a fielderr.List (status 2); "ccplay:
// internal error: …" otherwise (status 1).
func (f *flagSet) report(stderr io.Writer, err error) int {
	var list fielderr.List
	if errors.As(err, &list) {
		for _, fe := range list {
			fail(stderr, "%s: %s", f.fieldFlag(fe.Field), fe.Msg)
		}
		return exitUsage
	}
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fail(stderr, "%s: %s", f.fieldFlag(fe.Field), fe.Msg)
	}
	fmt.Fprintf(stderr, "ccplay: %s: internal error: %s\n", f.cmd, oneLine(err.Error()))
	return exitInternal
}

// parseFailed handles the error of parse: the usage for -h (status 0),
// else one line (status 2).
func (f *flagSet) parseFailed(err error, stdout, stderr io.Writer, synopsis, about string) int {
	if errors.Is(err, flag.ErrHelp) {
		f.usage(stdout, synopsis, about)
		return exitOK
	}
	return fail(stderr, "%s", err.Error())
}

// intFlag parses the text of an integer flag in [lo, hi] (def if not given).
func (f *flagSet) intFlag(name string, def, lo, hi int) (int, error) {
	return field.Int(field.Map(f.given), name, def, lo, hi)
}

// oneLine folds any line breaks so an error is always a single line.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
