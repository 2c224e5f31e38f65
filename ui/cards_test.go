package ui

import (
	"html"
	"strings"
	"testing"
)

func TestUnitsConverter(t *testing.T) {
	cases := []struct {
		in, id, want, reason string
	}{
		{"400Gbps", "u-Bps", "50 GB/s", "the lecture's NIC: bits to bytes"},
		{"100MiB", "u-B", "104857600 B", "a binary size, exactly"},
		{"100MiB", "u-dec", "104.9 MB", "and in decimal units"},
		{"14GB", "u-bin", "13 GiB", "decimal to binary"},
	}
	for _, tc := range cases {
		s := NewState("view=units", "en")
		a := NewApp(s)
		a.Units.SetConv(tc.in)
		found := false
		for _, r := range a.Units.ConvRows() {
			if r.ID == tc.id {
				found = true
				if r.Value != tc.want {
					t.Errorf("%s: %s = %q, want %q", tc.reason, tc.id, r.Value, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s row", tc.reason, tc.id)
		}
	}
	a := NewApp(NewState("view=units", "en"))
	a.Units.SetConv("fast")
	if a.Units.ConvErr() == "" {
		t.Error("no message for a text that is neither a rate nor a size")
	}
	mustContain(t, a.Units.WorkedExample(), "311") // 14 GB / 45 GB/s = 0.311 s (lecture 09, §1.1)
	html := render(t, a)
	mustContain(t, html, "18×", "9×")
}

// TestPyramidPerDirection: the pyramid's per-direction column is core's
// presets — NVLink 4 450 GB/s against the lecture's 900 GB/s bidirectional,
// PCIe Gen5 64 GB/s, 400G IB 50 GB/s, Ethernet 12.5–25 GB/s; the memory
// tiers (SRAM, HBM) have no direction and show none (no "per direction: —").
func TestPyramidPerDirection(t *testing.T) {
	got := map[string]string{}
	for _, tier := range NewApp(NewState("view=units", "en")).Units.PyramidTiers() {
		got[tier.Lecture] = tier.PerDir
	}
	for lecture, want := range map[string]string{
		"900 GB/s (bidirectional total)": "450 GB/s", "64 GB/s": "64 GB/s",
		"50 GB/s (400 Gbps)": "50 GB/s", "10–25 GB/s": "12.5 GB/s – 25 GB/s",
	} {
		if got[lecture] != want {
			t.Errorf("tier %q: per direction %q, want %q (all: %v)", lecture, got[lecture], want, got)
		}
	}
	for _, lang := range []string{"en", "zh"} {
		s := NewState("view=units&lang="+lang, lang)
		html := html.UnescapeString(render(t, NewApp(s)))
		i := strings.Index(html, `<div class="pyr">`)
		if i < 0 {
			t.Fatalf("%s: no pyramid", lang)
		}
		pyr := html[i : i+strings.Index(html[i:], "<p ")]
		if dir := s.T("p.perdir"); strings.Count(pyr, dir) != 4 || strings.Contains(pyr, "—") {
			t.Errorf("%s: %q %d times in the pyramid (want the 4 links' tiers), or a dash: %s", lang, dir, strings.Count(pyr, dir), pyr)
		}
	}
}
