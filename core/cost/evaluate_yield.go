package cost

import "github.com/ccplay/ccplay/core/sched"

// EvaluateYielding is Evaluate calling yield between the rounds of every
// schedule it builds and prices (a tree's, or an upper-bound closed form's
// on a topology): the same Result, computed in slices an interactive page
// can interleave with painting and input (its yield decides when to give
// way; core keeps no clock). yield must not change p. Same cost as
// Evaluate plus one call per round.
func EvaluateYielding(p Params, yield func()) (Result, error) {
	r, _, err := evaluateWith(p, &evaluation{schedules: true, yield: yield})
	return r, err
}

// EvaluateBuilt is EvaluateYielding also returning the schedule it built
// and priced for p, the one ScheduleOf(p) builds (nil when it built none:
// an exact closed form, or above ScheduleLimit): a page that shows that
// schedule's ledger as well builds it once. yield may be nil.
func EvaluateBuilt(p Params, yield func()) (Result, *sched.Schedule, error) {
	e := &evaluation{schedules: true, yield: yield}
	r, _, err := evaluateWith(p, e)
	if err != nil {
		return r, nil, err
	}
	return r, e.built, nil
}
