package lecture

import "github.com/ccplay/ccplay/core/fielderr"

// The times of SideStreamProgram, in seconds: the forward kernel F, each
// collective's run after its barrier, when the host issues each op (a few
// µs apart, as launches are), and the host's pause on one GPU before it
// issues the side stream's work (a Python garbage collection, a slow data
// loader).
const (
	ForwardS    = 40e-6
	CollectiveS = 20e-6
	LaunchS     = 1e-6
	PauseS      = 60e-6
)

// MaxStreamGPUs bounds SideStreamProgram's GPUs.
const MaxStreamGPUs = 16

// SideStreamProgram is thinking problem 2 on gpus GPUs, as each host
// issues it:
//
//	y = forward(x)                      # main: F
//	dist.all_reduce(y)                  # main: A
//	with torch.cuda.stream(side):
//	    side.wait_stream(main)          # with fix: record e on main, wait e on side
//	    dist.all_reduce(grad)           # side: B
//
// On GPU pause (−1: none) the host pauses PauseS before the side stream's
// work. Without the fix, B starts on a GPU as soon as it is issued; the
// GPUs that issue it before F ends enter B first, a GPU that issues it
// later enters A first, and each waits at a barrier the others never
// reach. Errors are *fielderr.Error (fields gpus, pause).
func SideStreamProgram(gpus, pause int, fix bool) (StreamProgram, error) {
	if gpus < 2 || gpus > MaxStreamGPUs {
		return StreamProgram{}, fielderr.New("gpus", "lecture.streams.gpus", gpus, MaxStreamGPUs)
	}
	if pause < -1 || pause >= gpus {
		return StreamProgram{}, fielderr.New("pause", "lecture.streams.pause", pause, gpus-1)
	}
	var p StreamProgram
	for g := range gpus {
		h := 2 * LaunchS // the side stream's work is issued after F and A
		if g == pause {
			h += PauseS
		}
		var ops [2][]Op
		ops[Main] = []Op{{Kind: Compute, Name: "F", Dur: ForwardS}, {Kind: Collective, Name: "A", Dur: CollectiveS, Issue: LaunchS}}
		if fix {
			ops[Main] = append(ops[Main], Op{Kind: Record, Name: "record", Event: "e", Issue: h})
			ops[Side] = []Op{{Kind: Wait, Name: "wait", Event: "e", Issue: h}}
		}
		ops[Side] = append(ops[Side], Op{Kind: Collective, Name: "B", Dur: CollectiveS, Issue: h + LaunchS})
		p.Ops = append(p.Ops, ops)
	}
	return p, nil
}
