package cost

// EvaluateYielding is Evaluate calling yield between the rounds of every
// schedule it builds and prices (a tree's, or an upper-bound closed form's
// on a topology): the same Result, computed in slices an interactive page
// can interleave with painting and input (its yield decides when to give
// way; core keeps no clock). yield must not change p. Same cost as
// Evaluate plus one call per round.
func EvaluateYielding(p Params, yield func()) (Result, error) {
	r, _, err := evaluateWith(p, true, yield)
	return r, err
}
