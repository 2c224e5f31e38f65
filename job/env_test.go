package job

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// Each launcher's variables give the placement; flags override them; the
// precedence is torchrun, Open MPI, MPICH, Slurm; the rendezvous comes
// from --addr, --master-addr/--master-port, MASTER_ADDR/MASTER_PORT or the
// first host of a Slurm node list.
func TestReadPlacement(t *testing.T) {
	torch := map[string]string{"RANK": "3", "WORLD_SIZE": "8", "LOCAL_RANK": "1", "MASTER_ADDR": "10.0.0.1", "MASTER_PORT": "1234"}
	ompi := map[string]string{"OMPI_COMM_WORLD_RANK": "5", "OMPI_COMM_WORLD_SIZE": "8", "OMPI_COMM_WORLD_LOCAL_RANK": "1", "PMIX_RANK": "5"}
	slurm := map[string]string{"SLURM_PROCID": "13", "SLURM_NTASKS": "16", "SLURM_LOCALID": "5",
		"SLURM_JOB_NODELIST": "gpu[07-08,10],login1", "SLURM_JOB_ID": "123456"}
	mpich := map[string]string{"PMI_RANK": "2", "PMI_SIZE": "4", "MPI_LOCALRANKID": "0", "MASTER_ADDR": "h0"}
	join := func(ms ...map[string]string) map[string]string {
		out := map[string]string{}
		for _, m := range ms {
			for k, v := range m {
				out[k] = v
			}
		}
		return out
	}
	cases := []struct {
		why        string
		flags, env map[string]string
		want       Placement
	}{
		{"torchrun", nil, torch, Placement{Rank: 3, Ranks: 8, LocalRank: 1, Addr: "10.0.0.1:1234", Source: "torchrun"}},
		{"Open MPI, rendezvous from the flags", map[string]string{"master-addr": "node01", "master-port": "29600"}, ompi,
			Placement{Rank: 5, Ranks: 8, LocalRank: 1, Addr: "node01:29600", Source: "Open MPI"}},
		{"MPICH, default port", nil, mpich, Placement{Rank: 2, Ranks: 4, LocalRank: 0, Addr: "h0:29500", Source: "MPICH"}},
		{"Slurm: first node of the node list, port from the job id", nil, slurm,
			Placement{Rank: 13, Ranks: 16, LocalRank: 5, Addr: "gpu07:" + "32956", Source: "Slurm"}},
		{"Slurm step node list before the job's", nil, join(slurm, map[string]string{"SLURM_STEP_NODELIST": "gpu[10-11]"}),
			Placement{Rank: 13, Ranks: 16, LocalRank: 5, Addr: "gpu10:32956", Source: "Slurm"}},
		{"Open MPI inside a Slurm allocation: Open MPI's rank, not the daemon's SLURM_PROCID", map[string]string{"master-addr": "gpu07"},
			join(slurm, ompi), Placement{Rank: 5, Ranks: 8, LocalRank: 1, Addr: "gpu07:32956", Source: "Open MPI"}},
		{"torchrun before Open MPI when they agree", nil, join(ompi, torch, map[string]string{"RANK": "5"}),
			Placement{Rank: 5, Ranks: 8, LocalRank: 1, Addr: "10.0.0.1:1234", Source: "torchrun"}},
		{"flags override the environment", map[string]string{"rank": "0", "np": "2", "addr": "127.0.0.1:5000"}, torch,
			Placement{Rank: 0, Ranks: 2, LocalRank: 1, Addr: "127.0.0.1:5000", Source: "flags"}},
		{"flags inside an salloc shell (SLURM_NTASKS without SLURM_PROCID)", map[string]string{"rank": "1", "np": "4", "addr": "127.0.0.1:5000"},
			map[string]string{"SLURM_NTASKS": "8", "SLURM_JOB_NODELIST": "n1"}, Placement{Rank: 1, Ranks: 4, LocalRank: -1, Addr: "127.0.0.1:5000", Source: "flags"}},
		{"--rank with the launcher's size", map[string]string{"rank": "7"}, torch,
			Placement{Rank: 7, Ranks: 8, LocalRank: 1, Addr: "10.0.0.1:1234", Source: "flags"}},
		{"--master-port over MASTER_PORT, MASTER_ADDR kept", map[string]string{"master-port": "4000"}, torch,
			Placement{Rank: 3, Ranks: 8, LocalRank: 1, Addr: "10.0.0.1:4000", Source: "torchrun"}},
		{"--iface list", map[string]string{"iface": "eth0, eth1"}, torch,
			Placement{Rank: 3, Ranks: 8, LocalRank: 1, Addr: "10.0.0.1:1234", Source: "torchrun", Ifaces: []string{"eth0", "eth1"}}},
		{"IPv6 rendezvous", nil, join(torch, map[string]string{"MASTER_ADDR": "fd00::1"}),
			Placement{Rank: 3, Ranks: 8, LocalRank: 1, Addr: "[fd00::1]:1234", Source: "torchrun"}},
	}
	for _, c := range cases {
		got, err := ReadPlacement(field.Map(c.flags), field.Map(c.env))
		if err != nil {
			t.Errorf("%s: %v", c.why, err)
			continue
		}
		if got.Iface() != c.want.Iface() || strings.Join(got.Ifaces, ",") != strings.Join(c.want.Ifaces, ",") {
			t.Errorf("%s: ifaces %q, want %q", c.why, got.Ifaces, c.want.Ifaces)
		}
		got.Ifaces, c.want.Ifaces = nil, nil
		if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.why, got, c.want)
		}
	}
}

// Missing, partial, conflicting and malformed values are one-line errors
// naming the flag or the variable.
func TestReadPlacementErrors(t *testing.T) {
	cases := []struct {
		why        string
		flags, env map[string]string
		field, msg string
	}{
		{"nothing at all", nil, nil, "rank", "not started by a launcher: give --rank, --np and --master-addr"},
		{"rank without its size", nil, map[string]string{"RANK": "1", "MASTER_ADDR": "h"}, "WORLD_SIZE", "not set (RANK is)"},
		{"size without the rank", nil, map[string]string{"OMPI_COMM_WORLD_SIZE": "4"}, "OMPI_COMM_WORLD_RANK", "not set (OMPI_COMM_WORLD_SIZE is)"},
		{"an salloc shell: SLURM_NTASKS without SLURM_PROCID", nil, map[string]string{"SLURM_NTASKS": "4", "SLURM_JOB_NODELIST": "n1"},
			"SLURM_PROCID", "start the ranks with srun"},
		{"bad number", nil, map[string]string{"RANK": "one", "WORLD_SIZE": "4", "MASTER_ADDR": "h"}, "RANK", `want an integer from 0 to 3, got "one"`},
		{"rank outside the size", nil, map[string]string{"SLURM_PROCID": "4", "SLURM_NTASKS": "4", "SLURM_JOB_NODELIST": "n1"}, "SLURM_PROCID", "from 0 to 3"},
		{"zero size", nil, map[string]string{"PMI_RANK": "0", "PMI_SIZE": "0", "MASTER_ADDR": "h"}, "PMI_SIZE", "want an integer from 1"},
		{"bad local rank", nil, map[string]string{"RANK": "0", "WORLD_SIZE": "2", "LOCAL_RANK": "-1", "MASTER_ADDR": "h"}, "LOCAL_RANK", "want an integer"},
		{"stale torchrun variables under mpirun", nil, map[string]string{"RANK": "0", "WORLD_SIZE": "8", "OMPI_COMM_WORLD_RANK": "3", "OMPI_COMM_WORLD_SIZE": "8"},
			"RANK", `is "0" but OMPI_COMM_WORLD_RANK is "3"`},
		{"sizes disagree", nil, map[string]string{"RANK": "3", "WORLD_SIZE": "4", "PMI_RANK": "3", "PMI_SIZE": "8"}, "WORLD_SIZE", `is "4" but PMI_SIZE is "8"`},
		{"PMIx disagrees with Open MPI", nil, map[string]string{"OMPI_COMM_WORLD_RANK": "1", "OMPI_COMM_WORLD_SIZE": "2", "PMIX_RANK": "0"},
			"PMIX_RANK", `is "0" but OMPI_COMM_WORLD_RANK is "1"`},
		{"no rendezvous host under mpirun", nil, map[string]string{"OMPI_COMM_WORLD_RANK": "1", "OMPI_COMM_WORLD_SIZE": "2"},
			"master-addr", "no rendezvous host: give --master-addr HOST"},
		{"bad Slurm node list", nil, map[string]string{"SLURM_PROCID": "0", "SLURM_NTASKS": "2", "SLURM_JOB_NODELIST": "n[3-1]"},
			"SLURM_JOB_NODELIST", "runs backwards"},
		{"bad MASTER_PORT", nil, map[string]string{"RANK": "0", "WORLD_SIZE": "2", "MASTER_ADDR": "h", "MASTER_PORT": "70000"}, "MASTER_PORT", "from 1 to 65535"},
		{"bad --master-port", map[string]string{"master-port": "x"}, map[string]string{"RANK": "0", "WORLD_SIZE": "2", "MASTER_ADDR": "h"}, "master-port", "from 1 to 65535"},
		{"bad SLURM_JOB_ID", nil, map[string]string{"SLURM_PROCID": "0", "SLURM_NTASKS": "2", "SLURM_JOB_NODELIST": "n1", "SLURM_JOB_ID": "abc"}, "SLURM_JOB_ID", "want an integer"},
		{"--rank alone", map[string]string{"rank": "1"}, nil, "np", "required (ccplay rank is started by ccplay launch)"},
		{"--np alone", map[string]string{"np": "2"}, nil, "rank", "required (ccplay rank is started by ccplay launch)"},
		{"--rank outside the launcher's size", map[string]string{"rank": "8"}, map[string]string{"RANK": "0", "WORLD_SIZE": "8", "MASTER_ADDR": "h"}, "rank", "from 0 to 7"},
		{"bad --addr", map[string]string{"rank": "0", "np": "2", "addr": "localhost"}, nil, "addr", "want HOST:PORT"},
		{"bad --iface", map[string]string{"iface": "eth0,"}, map[string]string{"RANK": "0", "WORLD_SIZE": "2", "MASTER_ADDR": "h"}, "iface", "want interface names"},
		{"empty MASTER_ADDR", nil, map[string]string{"RANK": "0", "WORLD_SIZE": "2", "MASTER_ADDR": " "}, "MASTER_ADDR", "want a host name"},
	}
	for _, c := range cases {
		_, err := ReadPlacement(field.Map(c.flags), field.Map(c.env))
		var fe *fielderr.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want a *fielderr.Error on %s", c.why, err, c.field)
			continue
		}
		if fe.Field != c.field || !strings.Contains(fe.Msg, c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q, want field %s and a one-line message containing %q", c.why, err, c.field, c.msg)
		}
	}
}

// Slurm's hostlist syntax expands as scontrol show hostnames does.
func TestExpandHostlist(t *testing.T) {
	cases := map[string]string{
		"node[01-04,07],gpu5":  "node01 node02 node03 node04 node07 gpu5",
		"n1":                   "n1",
		"r[1-2]n[08-10]":       "r1n08 r1n09 r1n10 r2n08 r2n09 r2n10",
		"a[9-11]-ib":           "a9-ib a10-ib a11-ib",
		" x[0-1] ":             "x0 x1",
		"gpu[007],cpu[1,3-4]z": "gpu007 cpu1z cpu3z cpu4z",
	}
	for expr, want := range cases {
		got, err := ExpandHostlist(expr)
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("ExpandHostlist(%q) = %q, %v; want %q", expr, got, err, want)
		}
		first, err := FirstHost(expr)
		if err != nil || first != strings.Fields(want)[0] {
			t.Errorf("FirstHost(%q) = %q, %v", expr, first, err)
		}
	}
	for expr, msg := range map[string]string{
		"":                "empty",
		"n[1-2":           "not closed",
		"n1-2]":           "without '['",
		"n[[1]]":          "nested",
		"n[a-b]":          "not a number",
		"n[3-1]":          "runs backwards",
		"n[1-]":           "not a range",
		"a,,b":            "empty host name",
		"n[0-99999999]":   "more than 65536 hosts",
		"a[0-999]b[0-99]": "more than 65536 hosts",
	} {
		if _, err := ExpandHostlist(expr); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("ExpandHostlist(%q): %v, want an error containing %q", expr, err, msg)
		}
	}
}
