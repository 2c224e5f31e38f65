package nccltests

import (
	"strconv"
	"strings"
)

// This file reads what a log shows about the PCIe fabric besides NCCL's
// topology dump: lines that mention PCIe Access Control Services (ACS) or
// the IOMMU — NCCL's troubleshooting guide names both as what makes GPU
// peer-to-peer traffic detour through the CPU's root complex — and the
// "LnkSta:" lines of `lspci -vv`, which give a device's negotiated PCIe
// speed and width.

// maxHintText bounds the text a Hint keeps of its line.
const maxHintText = 200

// hint records a line that mentions ACS (as a word) or the IOMMU, and a
// "LnkSta:" line as a PCIeLink. Linear in the line's length.
func (s *scanner) hint(lineNo int, trim string) {
	if i := strings.Index(trim, "LnkSta:"); i >= 0 {
		s.lnkSta(lineNo, trim[i+len("LnkSta:"):])
		return
	}
	if !mentionsACS(trim) && !strings.Contains(strings.ToUpper(trim), "IOMMU") {
		return
	}
	text := trim
	if len(text) > maxHintText {
		text = text[:maxHintText]
	}
	s.fact(&s.ev.Hints, Fact{Line: lineNo, Text: text})
}

// mentionsACS reports whether "ACS" starts a word ("ACS", "ACSCtl:" as
// lspci prints it), not inside one ("PLACS").
func mentionsACS(s string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], "ACS")
		if j < 0 {
			return false
		}
		j += i
		if j == 0 || !isLetter(s[j-1]) {
			return true
		}
		i = j + 3
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// lnkSta reads " Speed 8GT/s (downgraded), Width x8 (downgraded)".
func (s *scanner) lnkSta(lineNo int, rest string) {
	l := PCIeLink{Line: lineNo}
	for _, part := range strings.Split(rest, ",") {
		f := strings.Fields(part)
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "Speed":
			l.GTs, _ = strconv.ParseFloat(strings.TrimSuffix(f[1], "GT/s"), 64)
		case "Width":
			l.Width, _ = strconv.Atoi(strings.TrimPrefix(f[1], "x"))
		default:
			continue
		}
		if strings.Contains(part, "downgraded") {
			l.Downgraded = true
		}
	}
	if (l.GTs > 0 || l.Width > 0) && len(s.ev.PCIe) < MaxFacts {
		s.ev.PCIe = append(s.ev.PCIe, l)
	}
}
