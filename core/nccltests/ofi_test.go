package nccltests

import (
	"reflect"
	"testing"
)

// The aws-ofi-nccl plugin's lines in the forms its versions print
// (aws/aws-ofi-nccl#715 for 1.11, the log paragraph of aws/aws-ofi-nccl
// PR 850 for later ones): the provider, the platform and the NCCL
// variables it sets, each with its line; its own variables
// (NCCL_TOPO_FILE "environment variable") and non-NCCL options are not
// NCCL settings.
func TestOFILines(t *testing.T) {
	log := "node-a:1:2 [0] NCCL INFO NET/OFI Running on p4d.24xlarge platform, Setting NCCL_TOPO_FILE environment variable to /usr/local/share/aws-ofi-nccl/xml/p4d-24xl-topo.xml\n" +
		"node-a:1:2 [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)\n" +
		"node-a:1:2 [0] NCCL INFO NET/OFI Setting FI_OPT_EFA_SENDRECV_IN_ORDER_ALIGNED_128_BYTES not supported.\n" +
		"node-a:1:2 [0] NCCL INFO NET/OFI Setting NCCL_PROTO to \"simple\"\n" +
		"NCCL INFO NET/OFI Selected provider is efa, fabric is efa-direct (found 16 nics)\n" +
		"NCCL INFO NET/OFI Setting NCCL_PROTO='simple' to prevent data corruption (reason: byte delivery ordering not supported)\n" +
		"NCCL INFO NET/OFI Setting NCCL_NVLS_CHUNKSIZE to 512KiB\n" +
		"NCCL INFO NET/OFI Selected provider is tcp, fabric is 172.31.64.0/20 (found 1 nics)\n"
	ev, _ := Read([]byte(log))
	if want := []Fact{{Line: 1, Host: "node-a", Text: "p4d.24xlarge"}}; !reflect.DeepEqual(ev.Platforms, want) {
		t.Errorf("platforms %+v", ev.Platforms)
	}
	if want := []Fact{{Line: 2, Host: "node-a", Text: "efa"}, {Line: 5, Text: "efa"}, {Line: 8, Text: "tcp"}}; !reflect.DeepEqual(ev.Providers, want) {
		t.Errorf("providers %+v", ev.Providers)
	}
	want := []Setting{{Line: 4, Name: "NCCL_PROTO", Value: "simple", Source: SourceOFI}, {Line: 6, Name: "NCCL_PROTO", Value: "simple", Source: SourceOFI},
		{Line: 7, Name: "NCCL_NVLS_CHUNKSIZE", Value: "512KiB", Source: SourceOFI}}
	if !reflect.DeepEqual(ev.Settings, want) {
		t.Errorf("settings %+v", ev.Settings)
	}
}
