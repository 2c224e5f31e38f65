package question

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/nccltests"
)

// NCCLTestsFlag is one of nccl-tests' command-line flags (its README,
// "Arguments", and src/common.cu): the one-letter and long names, the
// table question's field it sets, or "" when it changes how a real run
// is measured but not what a model predicts (iterations, warm-up,
// checking, CUDA graphs…): such a flag is accepted and noted.
type NCCLTestsFlag struct {
	Short, Long string
	Field       string
	About       msg.ID
}

// NCCLTestsFlags are nccl-tests' flags in its README's order. The CLI's
// `ccplay table` registers them from this list, and NCCLTestsCommand reads
// a pasted command line with it.
var NCCLTestsFlags = []NCCLTestsFlag{
	{"t", "nthreads", "nthreads", "nccltests.flag.nthreads"},
	{"g", "ngpus", "ngpus", "nccltests.flag.ngpus"},
	{"b", "minbytes", "minbytes", "nccltests.flag.minbytes"},
	{"e", "maxbytes", "maxbytes", "nccltests.flag.maxbytes"},
	{"i", "stepbytes", "stepbytes", "nccltests.flag.stepbytes"},
	{"f", "stepfactor", "stepfactor", "nccltests.flag.stepfactor"},
	{"o", "op", "redop", "nccltests.flag.op"},
	{"d", "datatype", "dtype", "nccltests.flag.datatype"},
	{"r", "root", "root", "nccltests.flag.root"},
	{"n", "iters", "", "nccltests.flag.iters"},
	{"w", "warmup_iters", "", "nccltests.flag.warmup"},
	{"m", "agg_iters", "", "nccltests.flag.agg"},
	{"a", "average", "", "nccltests.flag.average"},
	{"p", "parallel_init", "", "nccltests.flag.parallel"},
	{"c", "check", "", "nccltests.flag.check"},
	{"z", "blocking", "", "nccltests.flag.blocking"},
	{"G", "cudagraph", "", "nccltests.flag.cudagraph"},
	{"C", "report_cputime", "", "nccltests.flag.cputime"},
	{"N", "run_cycles", "", "nccltests.flag.cycles"},
	{"R", "local_register", "", "nccltests.flag.register"},
	{"T", "timeout", "", "nccltests.flag.timeout"},
	{"u", "", "", "nccltests.flag.other"},
	{"J", "", "", "nccltests.flag.other"},
	{"F", "output_file", "", "nccltests.flag.output"},
}

// NCCLTestsFlagNamed returns the flag whose one-letter or long name is
// name (without dashes).
func NCCLTestsFlagNamed(name string) (NCCLTestsFlag, bool) {
	for _, f := range NCCLTestsFlags {
		if name == f.Short || (f.Long != "" && name == f.Long) {
			return f, true
		}
	}
	return NCCLTestsFlag{}, false
}

// Unmodelled is a flag given that has no effect on a prediction, with its
// value, for the note a face prints.
type Unmodelled struct {
	Flag  NCCLTestsFlag
	Value string
}

// NCCLTestsCommand reads a pasted nccl-tests command line — "mpirun -np 2
// ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 8", with or without a
// launcher — into the table question's fields: the binary names the
// collective, its flags set the sweep, the data type, the op, the root and
// the GPUs per process (-g × -t), and a launcher's process count (-np,
// -n, --ntasks, -N) multiplies the ranks; NCCL_X=value words and the
// launcher's other options are skipped. Flags without effect on a
// prediction come back in unmodelled. Errors name the word at fault.
func NCCLTestsCommand(words []string) (fields map[string]string, unmodelled []Unmodelled, err error) {
	fields = map[string]string{}
	at := -1
	for i, w := range words {
		if _, c := nccltests.ProgramCollective(strings.Trim(w, "'\"")); c != "" {
			at = i
			fields["collective"] = string(c)
			break
		}
	}
	if at < 0 {
		return nil, nil, fielderr.New("command", "question.ncclcmd.noprogram")
	}
	procs := 1
	for i := 0; i+1 < at; i++ {
		switch words[i] {
		case "-np", "-n", "--np", "--ntasks", "-N":
			n, err := strconv.Atoi(words[i+1])
			if err != nil || n < 1 {
				return nil, nil, fielderr.New("command", "question.ncclcmd.procs", words[i], words[i+1])
			}
			procs = n
		}
	}
	for i := at + 1; i < len(words); i++ {
		w := words[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if !strings.HasPrefix(w, "-") {
			return nil, nil, fielderr.New("command", "question.ncclcmd.word", w)
		}
		f, ok := NCCLTestsFlagNamed(name)
		if !ok {
			return nil, nil, fielderr.New("command", "question.ncclcmd.flag", w)
		}
		if !hasValue {
			if i+1 >= len(words) {
				return nil, nil, fielderr.New("command", "question.ncclcmd.value", w)
			}
			i++
			value = words[i]
		}
		if f.Field == "" {
			unmodelled = append(unmodelled, Unmodelled{f, value})
			continue
		}
		fields[f.Field] = value
	}
	if procs > 1 {
		fields["nprocs"] = strconv.Itoa(procs)
	}
	return fields, unmodelled, nil
}
