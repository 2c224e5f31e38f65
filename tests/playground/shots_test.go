//go:build shots

package playground

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// TestShots writes screenshots of every view in both languages at 1280×800
// and 390×844, and of each view and the ring lesson embedded in a course
// page's 720-px column (desktop) and 360-px column (phone), into
// $CCPLAY_SHOTS (default /tmp/shots). Opt-in: go test -tags shots -run Shots.
// CCPLAY_SHOT_VIEWS limits the views (comma-separated). The step-through
// view is also shot on each per-algorithm layout (steps-<layout>-…).
func TestShots(t *testing.T) {
	stepLayouts := map[string]string{
		"tree":         "algorithm=tree&ranks=8",
		"star":         "algorithm=naive&ranks=8",
		"binomial":     "collective=broadcast&algorithm=binomial&ranks=8",
		"hierarchical": "algorithm=hierarchical&ranks=16&gpus-per-node=4",
		"chords":       "algorithm=recursive_doubling&ranks=16",
	}
	dir := shotsDir(t)
	views := ui.Views
	if v := os.Getenv("CCPLAY_SHOT_VIEWS"); v != "" {
		views = strings.Split(v, ",")
	}
	base := server(t)
	extra := map[string]string{"steps": "&ranks=8", "ledger": "&ranks=8",
		"ncclmodel": "&model=nccl&ranks=16&gpus-per-node=8&intra-preset=nvlink4&preset=ib400"}
	// Views on a cluster and with a straggler (the topology controls).
	clusterShots := map[string]string{
		"timing-cluster": "view=timing&algorithm=hierarchical&ranks=128&gpus-per-node=8&intra-preset=nvlink4&preset=ib400",
		"timing-slow":    "view=timing&ranks=16&gpus-per-node=8&slow-rank=3&slow-factor=4",
		"ledger-cluster": "view=ledger&ranks=16&gpus-per-node=8",
		"plan-fabric":    "view=plan&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.algorithm=ring&plan.fabric=fat-tree&plan.oversubscription=4&plan.leaf-nodes=2",
	}
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		p := browser(t, size[0], size[1])
		for _, lang := range []string{"zh", "en"} {
			for _, v := range views {
				p.open(fmt.Sprintf("%s/?lang=%s&view=%s%s", base, lang, v, extra[v]))
				if v == "steps" {
					p.click("a-step")
					p.click("a-step")
				}
				png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("%s-%s-%dx%d.png", v, lang, size[0], size[1]))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for name, q := range clusterShots {
				p.open(fmt.Sprintf("%s/?lang=%s&%s", base, lang, q))
				if name == "plan-fabric" { // simulated in slices after the first render
					p.waitJS("the plan on its fabric", `!!document.querySelector("dl#pl-fabric") && !document.getElementById("pl-progress")`)
				}
				png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%s-%dx%d.png", name, lang, size[0], size[1])), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// The step-through view's per-algorithm layouts.
			for name, q := range stepLayouts {
				p.open(fmt.Sprintf("%s/?lang=%s&view=steps&%s", base, lang, q))
				p.click("a-step")
				png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(dir, fmt.Sprintf("steps-%s-%s-%dx%d.png", name, lang, size[0], size[1]))
				if err := os.WriteFile(file, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		p.noConsoleErrors()
	}
	// Embedded in a course page: a 720-px column on a desktop and a 360-px
	// one on a phone; the embedded lesson too (embed=lesson&lesson=ring).
	embeds := append(append([]string{}, views...), "lesson")
	extra["lesson"] = "&lesson=ring"
	for _, e := range [][3]int64{{1000, 900, 720}, {390, 844, 360}} {
		p := browser(t, e[0], e[1])
		for _, lang := range []string{"zh", "en"} {
			for _, v := range embeds {
				src := fmt.Sprintf("/?embed=%s&lang=%s%s", v, lang, extra[v])
				p.do("navigate", chromedp.Navigate(fmt.Sprintf("%s/course.html?width=%d&src=%s", base, e[2], urlEscape(src))))
				p.waitJS("resize message", `window.resizes.length > 0`)
				png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("embed-%s-%s-%d.png", v, lang, e[2]))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		p.noConsoleErrors()
	}
}

// shotsDir is the folder the screenshots go to: $CCPLAY_SHOTS, or
// /tmp/shots when it is unset; it exists once shotsDir returns.
func shotsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("CCPLAY_SHOTS")
	if dir == "" {
		dir = "/tmp/shots"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
