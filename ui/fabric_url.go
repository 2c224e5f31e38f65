package ui

import (
	"slices"
	"strconv"
	"strings"

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
// of the buttons' is left out of the view and of the URL it writes, and
// kept for URLErr until its button is pressed.
func (c *Fabric) fromURL() {
	if v, ok := c.S.param("fabric.kind"); ok {
		if v == fabric.FatTree || v == fabric.Rail {
			c.kind = v
		} else {
			c.badKind = &v
		}
	}
	if v, ok := c.S.param("fabric.ratio"); ok {
		if r, err := strconv.ParseFloat(v, 64); err == nil && slices.Contains(cost.FabricRatios, r) {
			c.ratio = r
		} else {
			c.badRatio = &v
		}
	}
}

// URLErr names the URL's view fields that match no button, each with the
// values accepted and the one shown instead ("" when there is none).
func (c *Fabric) URLErr() string {
	var out []string
	if c.badKind != nil {
		out = append(out, c.S.Tf("fb.url.kind", *c.badKind, fabric.FatTree+", "+fabric.Rail, c.S.T("fb."+c.kind)))
	}
	if c.badRatio != nil {
		var acc []string
		for _, r := range cost.FabricRatios {
			acc = append(acc, ratioText(r))
		}
		out = append(out, c.S.Tf("fb.url.ratio", *c.badRatio, strings.Join(acc, ", "), ratioText(c.ratio)))
	}
	return strings.Join(out, " ")
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
