package job

import "syscall"

// rankProcAttr makes a rank process die with its launch, even when the
// launch is killed with SIGKILL and cannot stop it: the kernel sends the
// rank SIGKILL when the thread that started it exits (PR_SET_PDEATHSIG,
// set in the child between fork and exec). The Go runtime ends a thread
// only when a goroutine locked to it exits, which Launch never does. A
// launch that dies before the child has set it is caught by the rank
// itself (LauncherPIDEnv).
func rankProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
