package fabric

import "sort"

// LinkUse is one link's load over a simulated run.
type LinkUse struct {
	Link
	Bytes float64 `json:"bytes"`
	// Utilisation is Bytes ÷ (capacity × run time): the fraction of the
	// run the link was busy at full rate.
	Utilisation float64 `json:"utilisation"`
}

// Hottest lists the k links of net with the highest utilisation in r,
// hottest first (ties in link order), links that carried nothing left
// out. O(links·log links).
func (n *Net) Hottest(r Result, k int) []LinkUse {
	var out []LinkUse
	for i, l := range n.Links {
		if r.Bytes[i] > 0 {
			u := 0.0
			if r.Time > 0 {
				u = r.Bytes[i] / (l.Cap * r.Time)
			}
			out = append(out, LinkUse{Link: l, Bytes: r.Bytes[i], Utilisation: u})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Utilisation > out[j].Utilisation })
	if len(out) > k {
		out = out[:k]
	}
	return out
}
