package question_test

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
)

// FuzzNCCLTestsCommand: any pasted command line is either refused naming
// the command field or read into fields that ReadTable answers or refuses
// by field — never a panic, never an error without a field.
func FuzzNCCLTestsCommand(f *testing.F) {
	f.Add("mpirun -np 2 ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 8")
	f.Add("all_gather_perf -d all -o all -n 20 -w 5 --stepfactor=4")
	f.Add("srun -N 4 alltoall_perf -b 1 -e 1 -g 0")
	f.Add("NCCL_ALGO=Ring broadcast_perf -r 3 -t 2 -g 2 -e 64")
	f.Add("./x -b")
	f.Fuzz(func(t *testing.T, line string) {
		fields, _, err := question.NCCLTestsCommand(strings.Fields(line))
		if err != nil {
			if !fielderr.All(err).Has("command") {
				t.Fatalf("%q: error %v names no command field", line, err)
			}
			return
		}
		if fields["maxbytes"] == "" {
			fields["maxbytes"] = "1K" // keep the sweep small
		}
		_, err = question.ReadTable(field.Map(fields))
		for _, fe := range fielderr.All(err) {
			if fe.Field == "" || fe.Msg == "" {
				t.Fatalf("%q: ReadTable error without a field or message: %v", line, err)
			}
		}
	})
}
