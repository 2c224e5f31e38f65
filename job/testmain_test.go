package job

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/transport"
)

// TestMain lets the tests run their own binary as a rank process (Launch
// starts os.Executable()): with CCPLAY_JOB_TEST_RANK=1 it is rankMain on
// its arguments instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("CCPLAY_JOB_TEST_RANK") == "1" {
		os.Exit(rankMain(os.Args[1:]))
	}
	os.Setenv("CCPLAY_JOB_TEST_RANK", "1")
	os.Exit(m.Run())
}

// rankMain is a rank process for the tests: args are RankArgs (RankCommand,
// then --name value pairs), read by ReadRank, joined through
// RankRendezvous and run by RunRank; an error
// is one line on stderr and status 1, as from ccplay rank.
func rankMain(args []string) int {
	if len(args) == 0 || args[0] != RankCommand || len(args)%2 != 1 {
		fmt.Fprintf(os.Stderr, "ccplay: want %s and --name value pairs, got %q\n", RankCommand, args)
		return 2
	}
	fields := map[string]string{}
	for i := 1; i < len(args); i += 2 {
		fields[strings.TrimPrefix(args[i], "--")] = args[i+1]
	}
	rank, addr, cfg, err := ReadRank(field.Map(fields))
	if err == nil {
		var rv transport.Rendezvous
		if rv, err = RankRendezvous(rank, addr, os.Getenv); err == nil {
			err = RunRank(rank, rv, cfg, os.Stdout)
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "ccplay: %s: %s\n", RankCommand, strings.ReplaceAll(err.Error(), "\n", " "))
		return 1
	}
	return 0
}
