package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

func init() {
	commands["version"] = command{
		summary: "the module version and the source revision this binary was built from (also --version)",
		run:     runVersion,
	}
}

// runVersion implements `ccplay version` and `ccplay --version`.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("version")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, "ccplay version", "Prints the module version, the VCS revision and time, and the Go version of this build.")
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return write(stdout, stderr, "ccplay (no build information)\n")
	}
	return write(stdout, stderr, versionText(info))
}

// versionText is one line: "ccplay VERSION (revision REV, TIME, modified)
// GO": the module's version ("(devel)" for a build from a checkout) and
// the VCS settings Go stamps into a binary built in a checkout.
func versionText(info *debug.BuildInfo) string {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var vcs []string
	if rev := settings["vcs.revision"]; rev != "" {
		vcs = append(vcs, "revision "+rev[:min(12, len(rev))])
	}
	if t := settings["vcs.time"]; t != "" {
		vcs = append(vcs, t)
	}
	if settings["vcs.modified"] == "true" {
		vcs = append(vcs, "modified")
	}
	line := "ccplay " + info.Main.Version
	if len(vcs) > 0 {
		line += " (" + strings.Join(vcs, ", ") + ")"
	}
	return fmt.Sprintf("%s %s\n", line, info.GoVersion)
}
