package job

import (
	"os/exec"
	"syscall"
)

// isKilled reports a process ended by SIGKILL: on a machine short of
// memory, the kernel's OOM killer ends processes that way.
func isKilled(ee *exec.ExitError) bool {
	ws, ok := ee.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}
