package cost

// SeqProgress is the share done, in [0, 1], of jobs run one after another,
// job k weighing weight[k] (their sum total): the first done have ended and
// job done (if any is left) is cur ∈ [0, 1] of its way. With no weight at
// all it is 0. O(done).
func SeqProgress(weight []float64, total float64, done int, cur float64) float64 {
	if total == 0 {
		return 0
	}
	var d float64
	for _, w := range weight[:done] {
		d += w
	}
	if done < len(weight) {
		d += weight[done] * cur
	}
	return min(d/total, 1)
}
