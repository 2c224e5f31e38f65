package sched

// Split cuts n elements into k near-equal parts: the first n mod k parts have
// ⌈n/k⌉ elements, the others ⌊n/k⌋. It returns the k+1 offsets (part i is
// [off[i], off[i+1])). O(k). k must be ≥ 1.
func Split(n, k int) []int {
	off := make([]int, k+1)
	q, rem := n/k, n%k
	for i := 0; i < k; i++ {
		off[i+1] = off[i] + q
		if i < rem {
			off[i+1]++
		}
	}
	return off
}

// Log2Ceil returns ⌈log₂ p⌉ for p ≥ 1 (0 for p = 1).
func Log2Ceil(p int) int {
	l := 0
	for 1<<l < p {
		l++
	}
	return l
}

// Log2Floor returns ⌊log₂ p⌋ for p ≥ 1.
func Log2Floor(p int) int {
	l := 0
	for 1<<(l+1) <= p {
		l++
	}
	return l
}
