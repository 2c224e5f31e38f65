package nccltests

import "strings"

// This file reads the lines of the aws-ofi-nccl network plugin ("NCCL INFO
// NET/OFI …"): the libfabric provider it selected, the AWS instance type
// it recognised, and the NCCL variables it sets for NCCL. Forms as the
// plugin prints them (aws/aws-ofi-nccl, src/nccl_ofi_net.cpp and
// src/platform-aws.cpp):
//
//	NET/OFI Selected Provider is efa (found 4 nics)
//	NET/OFI Selected provider is efa, fabric is efa-direct (found 16 nics)
//	NET/OFI Running on p4d.24xlarge platform, Setting NCCL_TOPO_FILE environment variable to …
//	NET/OFI Setting NCCL_PROTO to "simple"
//	NET/OFI Setting NCCL_PROTO='simple' to prevent data corruption (reason: …)

// SourceOFI is the Source of a Setting the aws-ofi-nccl plugin made: it
// exports such a variable only when the user left it unset.
const SourceOFI = "aws-ofi-nccl"

// ofi matches one NET/OFI message (msg without "NET/OFI "). Linear in its
// length.
func (s *scanner) ofi(lineNo int, host, msg string) {
	ev := s.ev
	switch {
	case strings.HasPrefix(strings.ToLower(msg), "selected provider is "):
		f := strings.Fields(msg[len("selected provider is "):])
		if len(f) > 0 {
			s.fact(&ev.Providers, Fact{Line: lineNo, Host: host, Text: strings.TrimRight(f[0], ",")})
		}
	case strings.HasPrefix(msg, "Running on "):
		if p, _, ok := strings.Cut(msg[len("Running on "):], " platform"); ok && p != "" && !strings.ContainsAny(p, " \t") {
			s.fact(&ev.Platforms, Fact{Line: lineNo, Host: host, Text: p})
		}
	case strings.HasPrefix(msg, "Setting NCCL_"):
		s.ofiSetting(lineNo, msg[len("Setting "):])
	}
}

// ofiSetting reads `NCCL_X to "value"`, `NCCL_X to value` or
// `NCCL_X='value' …` as a Setting of Source SourceOFI; other forms
// ("… environment variable to …" is the plugin's own variable) are left.
func (s *scanner) ofiSetting(lineNo int, rest string) {
	var name, val string
	if i := strings.IndexAny(rest, " ="); i < 0 {
		return
	} else if rest[i] == '=' {
		name = rest[:i]
		f := strings.Fields(rest[i+1:])
		if len(f) == 0 {
			return
		}
		val = f[0]
	} else {
		name = rest[:i]
		v, ok := strings.CutPrefix(rest[i:], " to ")
		f := strings.Fields(v)
		if !ok || len(f) != 1 {
			return
		}
		val = f[0]
	}
	val = strings.Trim(val, "\"'")
	if !isEnvName(name) || val == "" {
		return
	}
	s.setting(Setting{Line: lineNo, Name: name, Value: val, Source: SourceOFI})
}
