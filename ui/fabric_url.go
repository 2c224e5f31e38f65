package ui

import (
	"slices"
	"strconv"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
)

// FabricViewParams are the URL parameters of the fabric view's own
// buttons: its fabric (fat-tree or rail) and oversubscription (one of
// cost.FabricRatios). The URL carries them when they differ from the
// view's defaults, so the view's choices survive a reload and a module
// switch; the main module keeps them as they came.
var FabricViewParams = []string{"fabric.kind", "fabric.ratio"}

// fromURL sets the view's buttons from the URL; a value that is not one
// of the buttons' is left out of the view and of the URL it writes.
func (c *Fabric) fromURL() {
	if v, _ := c.S.param("fabric.kind"); v == fabric.FatTree || v == fabric.Rail {
		c.kind = v
	}
	if v, _ := c.S.param("fabric.ratio"); v != "" {
		if r, err := strconv.ParseFloat(v, 64); err == nil && slices.Contains(cost.FabricRatios, r) {
			c.ratio = r
		}
	}
}

// addQuery writes the view's buttons that differ from the defaults.
func (c *Fabric) addQuery(add func(k, v string)) {
	d := newFabric(c.S)
	if c.kind != d.kind {
		add("fabric.kind", c.kind)
	}
	if c.ratio != d.ratio {
		add("fabric.ratio", ratioText(c.ratio))
	}
}
