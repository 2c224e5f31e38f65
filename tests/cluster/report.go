package cluster

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// ReportDir is what a report command (cluster:bench, cluster:contention)
// needs before it builds a cluster: a temporary directory named after it
// (the caller removes it), the ccplay binary — bin when given, else one
// built into that directory — and no namespaces left by an earlier run
// whose process has gone (named on stderr when there were some).
func ReportDir(name, bin string) (dir, ccplay string, err error) {
	dir, err = os.MkdirTemp("", "ccplay-cluster-"+name+"-")
	if err != nil {
		return "", "", err
	}
	ccplay = bin
	if ccplay == "" {
		ccplay = filepath.Join(dir, "ccplay")
		if out, err := exec.Command("go", "build", "-o", ccplay, "github.com/ccplay/ccplay/cmd/ccplay").CombinedOutput(); err != nil {
			os.RemoveAll(dir)
			return "", "", fmt.Errorf("building ccplay: %v: %s", err, out)
		}
	}
	if gone, err := RemoveStale(); err != nil || len(gone) > 0 {
		fmt.Fprintf(os.Stderr, "removed the namespaces of an earlier run: %v %v\n", gone, err)
	}
	return dir, ccplay, nil
}
