package transport

import (
	"errors"
	"net"
	"sync"

	"github.com/ccplay/ccplay/core/sched"
)

// RunGroup runs schedule s as call seq on every endpoint of eps (eps[r] is
// rank r) at once, one goroutine per rank, and returns every rank's output.
// A rank that fails aborts its endpoint, so the others fail promptly too;
// the error returned is the first rank's own error (not a consequence such
// as "rank 2 aborted"), joined with nothing else. It does not close eps.
func RunGroup[T Elem](eps []Endpoint, s *sched.Schedule, seq uint64, inputs [][]T) ([][]T, error) {
	out := make([][]T, len(eps))
	errs := make([]error, len(eps))
	var wg sync.WaitGroup
	for r, ep := range eps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := Run(ep, s, seq, inputs[r])
			if err != nil {
				ep.Abort(err)
			}
			out[r], errs[r] = res, err
		}()
	}
	wg.Wait()
	return out, rootCause(errs)
}

// rootCause picks, among the ranks' errors, one that is not merely a peer's
// failure reported second-hand; nil if every rank succeeded.
func rootCause(errs []error) error {
	var first error
	for _, err := range errs {
		if err == nil {
			continue
		}
		var pe *PeerError
		if !errors.As(err, &pe) {
			return err
		}
		if first == nil {
			first = err
		}
	}
	return first
}

// FreeAddr returns a 127.0.0.1 address with a port that was free a moment
// ago, for a launcher to hand to rank 0 (as MASTER_PORT). Another process
// may take it in between; DialTCP then fails with a clear error.
func FreeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// LocalTCP connects a group of p ranks in this process over TCP on
// 127.0.0.1 (each rank dialled on its own goroutine, as separate processes
// would), for benchmarks and tests of the TCP path without processes.
func LocalTCP(p int, o Options) ([]Endpoint, error) {
	addr, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	eps := make([]Endpoint, p)
	errs := make([]error, p)
	var wg sync.WaitGroup
	for r := range p {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eps[r], errs[r] = DialTCP(r, p, addr, o)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		for _, ep := range eps {
			if ep != nil {
				ep.Abort(err)
			}
		}
		return nil, err
	}
	return eps, nil
}

// CloseAll closes every endpoint of a group at once (a TCP Close waits for
// the peers' goodbyes, so closing them one after another would wait in
// turn) and returns the errors joined.
func CloseAll(eps []Endpoint) error {
	errs := make([]error, len(eps))
	var wg sync.WaitGroup
	for r, ep := range eps {
		wg.Add(1)
		go func() { defer wg.Done(); errs[r] = ep.Close() }()
	}
	wg.Wait()
	return errors.Join(errs...)
}
