// Command ccplay is the native command line of the collective-communication
// playground. Its commands:
//
//	cost        price one collective under the α-β-γ model (or NCCL's tuning model)
//	table       the nccl-tests table the model expects for a size sweep
//	run         execute a collective's real schedule on per-rank buffers (JSON on stdin)
//	experiment  the lecture's Experiments 1–4 (§7), printed as the lecture prints them
//	plan        the parallelism planner: every collective of a training step, priced
//	serve       the playground and the HTTP API (package api) on one port
//	launch      real collectives in P OS processes over TCP on 127.0.0.1
//	rank        one rank process, started by launch or by a cluster's launcher (mpirun, srun, torchrun-style variables)
//	bench       measure a real transport over an nccl-tests sweep and fit α and β
//	fit         fit α and β to nccl-tests output or to ccplay bench --json
//	doctor      judge an nccl-tests log against what NCCL's model expects of its system
//	version     the module version and source revision of the build (also --version)
//
// Each command reads its flags, asks the question layer (core/question) or,
// for real runs, package job for the answer, and formats it; every number comes from the same code the HTTP API and the
// browser playground use. docs/cli.md describes the commands for users.
//
// Exit status: 0 on success, 2 for bad input or usage (one line on stderr
// naming the flag or JSON field and what is accepted), 1 for an internal
// error. ccplay never prints a panic or a stack trace for bad input.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Exit statuses.
const (
	exitOK       = 0
	exitInternal = 1 // a bug or an I/O failure, not the user's input
	exitUsage    = 2 // bad input: a flag, a JSON field or an unknown command
)

// command is one subcommand. run receives the arguments after the
// subcommand's name and returns the exit status; it must write at most one
// line to stderr per error and never panic on bad input.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is the registry of subcommands. Each subcommand's file adds
// itself in an init function, so a new subcommand (e.g. serve.go) needs no
// change to this file. It is written only during package initialisation.
var commands = map[string]command{}

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// run dispatches args[0] to its subcommand and returns the exit status.
// No arguments, "help", "-h" and "--help" print the usage (status 0);
// "help CMD" prints CMD's own usage.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stdout)
		return exitOK
	}
	name := args[0]
	switch name {
	case "--version", "-version":
		return runVersion(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && name == "help" {
			if c, ok := commands[args[1]]; ok {
				return c.run([]string{"-h"}, stdin, stdout, stderr)
			}
			return unknownCommand(stderr, args[1])
		}
		usage(stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		return unknownCommand(stderr, name)
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// commandNames lists the registered subcommands, sorted.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func unknownCommand(stderr io.Writer, name string) int {
	fmt.Fprintf(stderr, "ccplay: unknown command %q; commands: %s\n", name, strings.Join(commandNames(), ", "))
	return exitUsage
}

// usage writes the top-level help: one line per subcommand, sorted.
func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("ccplay — collective communication playground: α-β-γ costs, nccl-tests tables,\n")
	b.WriteString("real schedules on real buffers, and the lecture's experiments.\n\n")
	b.WriteString("Usage: ccplay <command> [flags]\n\nCommands:\n")
	names := commandNames()
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, n, commands[n].summary)
	}
	b.WriteString("\nRun 'ccplay help <command>' or 'ccplay <command> -h' for its flags.\n")
	b.WriteString("Bad input exits with status 2 and one line on stderr naming the flag or field.\n")
	io.WriteString(w, b.String())
}
