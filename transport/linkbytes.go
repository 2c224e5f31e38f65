package transport

// Hosts is every rank's host as the rendezvous exchanged them
// (Rendezvous.Host), by rank; nil for an endpoint that has none (Chan).
// Ranks with the same host form a node.
func Hosts(ep Endpoint) []string {
	if e, ok := ep.(*tcpEndpoint); ok {
		return append([]string(nil), e.hosts...)
	}
	return nil
}

// PeerBytes is the payload bytes of the data frames ep has sent to and
// received from each peer since it was connected, by rank, counted at
// the socket when the frame has been written or read (headers and
// control frames left out); nil for an endpoint that does not count them
// (Chan).
func PeerBytes(ep Endpoint) (sent, received []int64) {
	e, ok := ep.(*tcpEndpoint)
	if !ok {
		return nil, nil
	}
	sent, received = make([]int64, e.ranks), make([]int64, e.ranks)
	for q, p := range e.peers {
		if p != nil {
			sent[q], received[q] = p.sent.Load(), p.received.Load()
		}
	}
	return sent, received
}

// LinkBytes splits PeerBytes by link class: the bytes exchanged with
// ranks on this rank's host (intra-node) and with the others
// (inter-node). ok is false when ep knows no hosts or counts no bytes.
func LinkBytes(ep Endpoint) (b ClassBytes, ok bool) {
	hosts := Hosts(ep)
	sent, recv := PeerBytes(ep)
	if hosts == nil || sent == nil {
		return b, false
	}
	me := hosts[ep.Rank()]
	for q := range sent {
		if hosts[q] == me {
			b.IntraSent += sent[q]
			b.IntraReceived += recv[q]
		} else {
			b.InterSent += sent[q]
			b.InterReceived += recv[q]
		}
	}
	return b, true
}

// ClassBytes is one rank's payload bytes by link class.
type ClassBytes struct {
	IntraSent     int64 `json:"intra_sent"`
	IntraReceived int64 `json:"intra_received"`
	InterSent     int64 `json:"inter_sent"`
	InterReceived int64 `json:"inter_received"`
}
