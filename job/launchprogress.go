package job

import "fmt"

// callProgress tells progress (nil: nothing to tell, and nil is
// returned) that rank 0 starts the first of cfg's calls, and returns
// what, given each of rank 0's lines, tells it the next call after each
// result line.
func callProgress(cfg Config, progress Progress) func(Line) {
	if progress == nil || len(cfg.Calls) == 0 {
		return nil
	}
	describe := func(i int) string {
		c := cfg.Calls[i]
		what := fmt.Sprintf("%s/%s, count %d", c.Spec.Collective, c.Algorithm, c.Spec.Count)
		if cfg.Repeat > 1 {
			what += fmt.Sprintf(", %d warm-up + %d timed calls", cfg.Warmup, cfg.Repeat)
		}
		return what
	}
	progress(0, len(cfg.Calls), describe(0))
	done := 0
	return func(l Line) {
		if l.Event != "result" {
			return
		}
		if done++; done < len(cfg.Calls) {
			progress(done, len(cfg.Calls), describe(done))
		}
	}
}
