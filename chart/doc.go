// Package chart draws the playground's and the API's charts as SVG, in pure
// Go (no syscall/js), so that the same code renders natively, in the
// Cloudflare Worker and in the browser.
//
// It has two layers. The models (Line, Bars, Ring) describe a chart in data
// units: axes with their scales and ticks, series of points, markers, bars,
// nodes and arrows, plus a Title and a Desc for screen readers. Each model's
// View method lays it out in pixels and returns a plain view-model (paths,
// tick positions, legend entries) that a Vugu component can render as it
// likes; the view-model's WriteSVG writes a standalone SVG document.
//
// Output is deterministic: the same model gives the same bytes on every
// platform (coordinates are rounded to 0.01 px and printed with strconv).
// The package knows nothing about collectives; package figure builds these
// models from the core's results.
package chart
