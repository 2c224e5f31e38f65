package doctor

import "strings"

// System is what a GPU model tells about the machine around it.
type System struct {
	// Key names the system preset: "h100-sxm", "a100-pcie", "l40s-pcie", …
	Key string `json:"key"`
	// NVLS is true for the NVSwitch generations NCCL drives with NVLink
	// SHARP (Hopper and Blackwell SXM boards).
	NVLS bool `json:"nvls"`
	// PCIe is true when the GPUs talk to each other over PCIe (a PCIe card
	// model, or a board sold only as one).
	PCIe bool `json:"pcie"`
	// MinChannels is the fewest channels NCCL opens on a healthy node of
	// this system (rings on an NVSwitch board); 0 where it varies with the
	// PCIe layout.
	MinChannels int `json:"min_channels,omitempty"`
}

// systems maps a GPU model to its System: the first rule whose every word
// is in the upper-cased model wins, so specific rules come first.
var systems = []struct {
	words []string
	sys   System
}{
	{[]string{"GB200"}, System{Key: "gb200", NVLS: true, MinChannels: 16}},
	{[]string{"B200"}, System{Key: "b200", NVLS: true, MinChannels: 16}},
	{[]string{"GB10"}, System{Key: "gb10"}},
	{[]string{"H200"}, System{Key: "h200", NVLS: true, MinChannels: 16}},
	{[]string{"H100", "PCIE"}, System{Key: "h100-pcie", PCIe: true}},
	{[]string{"H100", "NVL"}, System{Key: "h100-nvl", PCIe: true}},
	{[]string{"H100"}, System{Key: "h100-sxm", NVLS: true, MinChannels: 16}},
	{[]string{"H800"}, System{Key: "h800-sxm", NVLS: true, MinChannels: 16}},
	{[]string{"H20"}, System{Key: "h20", NVLS: true, MinChannels: 16}},
	{[]string{"A100", "PCIE"}, System{Key: "a100-pcie", PCIe: true}},
	{[]string{"A100"}, System{Key: "a100-sxm", MinChannels: 16}},
	{[]string{"A800", "PCIE"}, System{Key: "a800-pcie", PCIe: true}},
	{[]string{"A800"}, System{Key: "a800-sxm", MinChannels: 16}},
	{[]string{"RTX 6000", "ADA"}, System{Key: "rtx6000ada-pcie", PCIe: true}},
	{[]string{"RTX A6000"}, System{Key: "rtxa6000-pcie", PCIe: true}},
	{[]string{"L40S"}, System{Key: "l40s-pcie", PCIe: true}},
	{[]string{"L40"}, System{Key: "l40-pcie", PCIe: true}},
	{[]string{"L4"}, System{Key: "l4-pcie", PCIe: true}},
	{[]string{"A10G"}, System{Key: "a10g-pcie", PCIe: true}},
	{[]string{"A40"}, System{Key: "a40-pcie", PCIe: true}},
	{[]string{"V100", "PCIE"}, System{Key: "v100-pcie", PCIe: true}},
	{[]string{"V100"}, System{Key: "v100-sxm"}},
	{[]string{"RTX 4090"}, System{Key: "rtx4090-pcie", PCIe: true}},
	{[]string{"RTX 3090"}, System{Key: "rtx3090-pcie", PCIe: true}},
}

// SystemOf returns the System of a GPU model as nccl-tests prints it
// ("NVIDIA H100 80GB HBM3", "NVIDIA A100-PCIE-40GB", "Tesla V100-PCIE-16GB");
// ok is false for a model no rule knows. O(len(model)·rules).
func SystemOf(model string) (System, bool) {
	m := strings.ToUpper(model)
	for _, r := range systems {
		all := true
		for _, w := range r.words {
			if !strings.Contains(m, w) {
				all = false
				break
			}
		}
		if all {
			return r.sys, true
		}
	}
	return System{}, false
}
