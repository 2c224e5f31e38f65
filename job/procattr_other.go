//go:build !linux

package job

import "syscall"

// rankProcAttr: only Linux has a parent-death signal; elsewhere a rank
// whose launch was killed with SIGKILL runs until its own timeout.
func rankProcAttr() *syscall.SysProcAttr { return nil }
