package job

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/transport"
)

// What Launch passes a rank process in its environment rather than on
// its command line: a command line is visible to every local user (ps,
// /proc/PID/cmdline), a process's environment only to its owner.
const (
	// TokenEnv holds the job's transport.Token as 32 hexadecimal digits:
	// a rank proves it in every hello, so a process that was not given it
	// can neither join the job nor read its data. Required.
	TokenEnv = "CCPLAY_JOB_TOKEN"
	// ListenerFDEnv, for rank 0 only, is the file descriptor of the
	// rendezvous socket Launch bound before it started any rank.
	ListenerFDEnv = "CCPLAY_RENDEZVOUS_FD"
	// LauncherPIDEnv is the PID of the launch: a rank whose parent is no
	// longer that process (the launch died before the rank could ask to
	// die with it) exits at once.
	LauncherPIDEnv = "CCPLAY_LAUNCHER_PID"
)

// RankRendezvous reads what rank's environment (getenv) holds for it:
// the launcher it must still be a child of (LauncherPIDEnv, checked when
// set), the job token (TokenEnv, required) and, for rank 0, the inherited
// rendezvous socket (ListenerFDEnv; without it rank 0 listens on addr).
func RankRendezvous(rank int, addr string, getenv func(string) string) (transport.Rendezvous, error) {
	rv := transport.Rendezvous{Addr: addr}
	if s := getenv(LauncherPIDEnv); s != "" {
		pid, err := strconv.Atoi(s)
		if err != nil {
			return rv, fmt.Errorf("%s: want the launcher's PID, got %q", LauncherPIDEnv, s)
		}
		if ppid := os.Getppid(); ppid != pid {
			return rv, fmt.Errorf("the launch (pid %d) has already exited (this rank's parent is now pid %d); the rank stops", pid, ppid)
		}
	}
	s := getenv(TokenEnv)
	if s == "" {
		return rv, fmt.Errorf("%s is not set: ccplay %s is started by ccplay launch, which passes the job's token in the environment", TokenEnv, RankCommand)
	}
	tok, err := transport.ParseToken(s)
	if err != nil {
		return rv, fmt.Errorf("%s: %v", TokenEnv, err)
	}
	rv.Token = tok
	if s := getenv(ListenerFDEnv); s != "" {
		if rank != 0 {
			return rv, fmt.Errorf("%s is set for rank %d; only rank 0 serves the rendezvous", ListenerFDEnv, rank)
		}
		fd, err := strconv.Atoi(s)
		if err != nil || fd < 3 {
			return rv, fmt.Errorf("%s: want an inherited file descriptor (3 or more), got %q", ListenerFDEnv, s)
		}
		f := os.NewFile(uintptr(fd), "rendezvous")
		ln, err := net.FileListener(f)
		f.Close()
		if err != nil {
			return rv, fmt.Errorf("%s: file descriptor %d is not the rendezvous socket: %v", ListenerFDEnv, fd, err)
		}
		rv.Listener = ln
	}
	return rv, nil
}

// rankEnv is the environment of rank r of a launch: this process's, plus
// the job's token, the launcher's PID (replacing any it inherited) and, for rank 0, the rendezvous
// socket as its first inherited file (descriptor 3).
func rankEnv(r int, tok transport.Token) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, TokenEnv+"=") && !strings.HasPrefix(kv, ListenerFDEnv+"=") && !strings.HasPrefix(kv, LauncherPIDEnv+"=") {
			env = append(env, kv)
		}
	}
	env = append(env, TokenEnv+"="+tok.String(), LauncherPIDEnv+"="+strconv.Itoa(os.Getpid()))
	if r == 0 {
		env = append(env, ListenerFDEnv+"=3")
	}
	return env
}
