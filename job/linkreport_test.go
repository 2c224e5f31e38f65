package job

import (
	"fmt"
	"strings"
	"testing"
)

// A launch's text says how many bytes the ranks' sockets carried, by link
// class, and they are the byte ledger's for every warm-up, timed and
// barrier call (all on one host here, so all intra-node).
func TestLaunchReportsBytesByLinkClass(t *testing.T) {
	res := launch(t, map[string]string{"np": "3", "collective": "allreduce,allgather", "repeat": "2", "warmup": "1", "count": "10"})
	if res.Failed() {
		t.Fatalf("launch failed: %s", res.Text())
	}
	intra, inter, err := ledgerSplit(res.Config, 3)
	if err != nil {
		t.Fatal(err)
	}
	var sent int64
	for r := range res.Procs {
		s, _ := res.summary(r)
		if s.LinkBytes == nil || s.Hosts != 1 || s.RanksPerHost != 3 {
			t.Fatalf("rank %d: link bytes %v on %d hosts × %d", r, s.LinkBytes, s.Hosts, s.RanksPerHost)
		}
		sent += s.LinkBytes.IntraSent + s.LinkBytes.InterSent
	}
	if sent != intra || inter != 0 {
		t.Errorf("sockets sent %d B, the ledger %d B intra- and %d B inter-node", sent, intra, inter)
	}
	want := fmt.Sprintf("bytes sent, counted at the sockets: %s intra-node, 0 B inter-node on 1 host(s) × 3 ranks (the byte ledger: %s and 0 B)", bytesText(intra), bytesText(intra))
	if !strings.Contains(res.Text(), want) {
		t.Errorf("the text lacks %q:\n%s", want, res.Text())
	}
}
