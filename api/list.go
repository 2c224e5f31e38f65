package api

// List is every endpoint the handler answers, in the order GET IndexPath
// lists them: the route table the router reads, then one route per chart.
// Faces that describe the API (the CLI's `serve -h`) read it too.
func List() []Endpoint {
	h := &handler{}
	rts := h.routeTable()
	for _, c := range charts {
		rts = append(rts, chartRoute(c))
	}
	out := make([]Endpoint, 0, len(rts))
	for _, rt := range rts {
		out = append(out, Endpoint{Method: rt.method, Path: rt.path, Summary: rt.summary,
			Params: rt.params, Body: rt.body, MaxBody: rt.maxBody, Examples: rt.examples})
	}
	return out
}
