// Tests for ParseSize, ParseNCCLSize, the Size constants and Size.String.

package units_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/units"
	"github.com/google/go-cmp/cmp"
)

func TestSizeConstants(t *testing.T) {
	got := []units.Size{units.KB, units.MB, units.GB, units.TB, units.PB,
		units.KiB, units.MiB, units.GiB, units.TiB, units.PiB}
	want := []units.Size{1000, 1000000, 1000000000, 1000000000000, 1000000000000000,
		1024, 1048576, 1073741824, 1099511627776, 1125899906842624}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("constants (-want +got):\n%s", diff)
	}
}

func TestParseSize(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   units.Size
	}{
		{"plain byte count", "1048576", 1048576},
		{"zero", "0", 0},
		{"zero with unit", "0GiB", 0},
		{"explicit bytes", "512B", 512},
		{"explicit plus sign", "+5KB", 5000},
		{"largest int64", "9223372036854775807", math.MaxInt64},
		{"largest int64 with B", "9223372036854775807 B", math.MaxInt64},
		{"KB", "1KB", 1000},
		{"kB (SI lower-case k)", "1kB", 1000},
		{"MB", "100MB", 100_000_000},
		{"mB prefix letter is case-insensitive", "100mB", 100_000_000},
		{"GB", "14GB", 14_000_000_000},
		{"gB", "14gB", 14_000_000_000},
		{"TB", "2TB", 2_000_000_000_000},
		{"PB", "1PB", 1_000_000_000_000_000},
		{"KiB", "1KiB", 1024},
		{"kiB", "1kiB", 1024},
		{"MiB", "100MiB", 104857600},
		{"GiB", "8GiB", 8589934592},
		{"giB", "8giB", 8589934592},
		{"TiB", "1TiB", 1 << 40},
		{"PiB", "1PiB", 1 << 50},
		{"space before unit", "100 MiB", 104857600},
		{"several spaces and tab", "100 \t MiB", 104857600},
		{"surrounding spaces", "  100MiB  ", 104857600},
		{"decimal with binary unit", "1.5KiB", 1536},
		{"decimal with decimal unit", "1.5GB", 1_500_000_000},
		{"leading point", ".5KiB", 512},
		{"trailing point", "5.MB", 5_000_000},
		{"exponent", "2e3", 2000},
		{"exponent with unit", "1e2 MiB", 104857600},
		{"upper-case exponent", "1E3B", 1000},
		{"negative exponent that stays whole", "1500e-3KB", 1500},
		{"many decimals still whole", "0.0009765625KiB", 1},
		{"leading zeros", "007B", 7},
		{"trailing zeros after point", "2.000GB", 2_000_000_000},
		{"largest int64 as PiB, exactly", "8191.999999999999999111821580299874767661094665527343750PiB", math.MaxInt64},
		{"negative zero is zero", "-0", 0},
		{"huge exponent on zero", "0e999999999999", 0},
	}
	for _, c := range cases {
		got, err := units.ParseSize(c.in)
		if err != nil {
			t.Errorf("%s: ParseSize(%q): %v", c.reason, c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: ParseSize(%q) = %d, want %d", c.reason, c.in, got, c.want)
		}
	}
}

// sizeAccepted is the list of units every size unit error must show.
const sizeAccepted = "B, KB, MB, GB, TB, PB, KiB, MiB, GiB, TiB, PiB"

func TestParseSizeErrors(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   []string
	}{
		{"empty", "", []string{"empty", "100MiB"}},
		{"only spaces", "  ", []string{"empty"}},
		{"unit without number", "GB", []string{"expected a number"}},
		{"lower-case b is bits", "8b", []string{`"b"`, "bits: sizes are in bytes, use B", sizeAccepted}},
		{"Kb is bits", "8Kb", []string{`"Kb"`, "bits", sizeAccepted}},
		{"kb is bits", "8kb", []string{`"kb"`, "bits"}},
		{"Mb is bits", "8Mb", []string{`"Mb"`, "bits"}},
		{"Gb is bits", "8Gb", []string{`"Gb"`, "bits"}},
		{"gb is bits", "8gb", []string{`"gb"`, "bits"}},
		{"Tb is bits", "8Tb", []string{`"Tb"`, "bits"}},
		{"Gib is bits", "8Gib", []string{`"Gib"`, "bits"}},
		{"bare K", "8K", []string{`ambiguous unit "K"`, "KB", "KiB"}},
		{"bare k", "8k", []string{`ambiguous unit "k"`, "KB", "KiB"}},
		{"bare M", "8M", []string{`"M"`, "MB", "MiB"}},
		{"bare G", "8G", []string{`"G"`, "GB (10^9 bytes)", "GiB (2^30 bytes)"}},
		{"bare T", "8T", []string{`"T"`, "TB", "TiB"}},
		{"bare P", "8P", []string{`"P"`, "PB", "PiB"}},
		{"upper-case I is not accepted", "8KIB", []string{`unknown unit "KIB"`, sizeAccepted}},
		{"all lower case is not accepted", "8kib", []string{`"kib"`, sizeAccepted}},
		{"B is case-sensitive after the number too", "8 bytes", []string{`"bytes"`, sizeAccepted}},
		{"exabytes are not supported", "1EB", []string{`unknown unit "EB"`, sizeAccepted}},
		{"bandwidth unit", "8GB/s", []string{`"GB/s"`, "bandwidth", sizeAccepted}},
		{"bit-rate unit", "8Gbps", []string{`"Gbps"`, "bandwidth"}},
		{"fraction of a byte", "1.3B", []string{"not a whole number of bytes"}},
		{"fraction of a byte with prefix", "1.0001KiB", []string{"not a whole number of bytes"}},
		{"tiny", "1e-30PiB", []string{"not a whole number of bytes"}},
		{"huge negative exponent", "1e-99999999999GB", []string{"not a whole number of bytes"}},
		{"negative", "-1", []string{"negative"}},
		{"negative with unit", "-5GiB", []string{"negative"}},
		{"one past int64", "9223372036854775808", []string{"too large", "9223372036854775807"}},
		{"8 EiB overflows", "8192PiB", []string{"too large"}},
		{"huge exponent", "1e999999999999GB", []string{"too large"}},
		{"huge mantissa", "99999999999999999999999999999999999999999999B", []string{"too large"}},
		{"more digits than any whole size needs", "1." + strings.Repeat("0", 70) + "1KiB", []string{"not a whole number of bytes"}},
		{"many digits and too large", strings.Repeat("9", 70) + "e-40PiB", []string{"too large"}},
		{"many digits, below a byte", "0." + strings.Repeat("9", 100000) + "B", []string{"not a whole number of bytes"}},
		{"NaN", "NaN", []string{"not a finite number"}},
		{"Inf", "Inf B", []string{"not a finite number"}},
		{"space inside unit", "8 G B", []string{`unknown unit "G B"`}},
		{"digit grouping", "1 000", []string{`unknown unit "000"`}},
		{"hex", "0x10", []string{`unknown unit "x10"`}},
		{"lone point", ".", []string{"expected a number"}},
		{"dangling exponent", "1e", []string{`unknown unit "e"`}},
	}
	for _, c := range cases {
		got, err := units.ParseSize(c.in)
		if err == nil {
			t.Errorf("%s: ParseSize(%q) = %d, want an error", c.reason, c.in, got)
			continue
		}
		t.Run(c.reason, func(t *testing.T) { checkError(t, err, "size", c.in, c.want) })
	}
}

func TestParseNCCLSize(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   units.Size
	}{
		{"plain bytes", "8", 8},
		{"plain bytes, large", "1048576", 1048576},
		{"bare K is binary", "1K", 1024},
		{"bare k is binary", "1k", 1024},
		{"bare M is binary", "128M", 128 << 20},
		{"bare m is binary", "128m", 128 << 20},
		{"bare G is binary", "8G", 8589934592},
		{"bare g is binary", "8g", 8589934592},
		{"bare T is binary", "1T", 1 << 40},
		{"bare t is binary", "1t", 1 << 40},
		{"decimal with bare suffix", "1.5G", 3 << 29},
		{"space before suffix", "8 G", 8589934592},
		{"ParseSize units still decimal", "8GB", 8_000_000_000},
		{"ParseSize binary units", "8GiB", 8589934592},
		{"B", "64B", 64},
	}
	for _, c := range cases {
		got, err := units.ParseNCCLSize(c.in)
		if err != nil {
			t.Errorf("%s: ParseNCCLSize(%q): %v", c.reason, c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: ParseNCCLSize(%q) = %d, want %d", c.reason, c.in, got, c.want)
		}
	}
}

func TestParseNCCLSizeErrors(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   []string
	}{
		{"bits still refused", "8Gb", []string{"bits"}},
		{"bare P is not an nccl-tests suffix", "1P", []string{`ambiguous unit "P"`, "PiB"}},
		{"unknown unit lists bare suffixes too", "8X", []string{`unknown unit "X"`, sizeAccepted, "K, M, G, T"}},
		{"fraction of a byte", "1.5", []string{"not a whole number of bytes"}},
		{"negative", "-8G", []string{"negative"}},
		{"overflow", "8388608T", []string{"too large"}},
		{"empty", "", []string{"empty"}},
	}
	for _, c := range cases {
		got, err := units.ParseNCCLSize(c.in)
		if err == nil {
			t.Errorf("%s: ParseNCCLSize(%q) = %d, want an error", c.reason, c.in, got)
			continue
		}
		t.Run(c.reason, func(t *testing.T) { checkError(t, err, "size", c.in, c.want) })
	}
}

func TestSizeString(t *testing.T) {
	cases := []struct {
		reason string
		in     units.Size
		want   string
	}{
		{"zero", 0, "0B"},
		{"one byte", 1, "1B"},
		{"below 1 KiB stays in bytes", 512, "512B"},
		{"exact KB", 1000, "1KB"},
		{"exact KiB", 1024, "1KiB"},
		{"binary fraction beats byte count", 1536, "1.5KiB"},
		{"binary wins a tie with decimal and bytes", 1280, "1.25KiB"},
		{"decimal fraction", 1500, "1.5KB"},
		{"bytes beat a longer decimal", 1001, "1001B"},
		{"bytes beat a longer binary", 1025, "1025B"},
		{"100 MiB", 100 * units.MiB, "100MiB"},
		{"100 MB is not 97656.25KiB", 100 * units.MB, "100MB"},
		{"8 GiB", 8 * units.GiB, "8GiB"},
		{"14 GB", 14 * units.GB, "14GB"},
		{"binary tie 125KiB vs 128KB", 128000, "125KiB"},
		{"1000 KiB", 1024000, "1000KiB"},
		{"larger binary unit", 3*units.GiB + units.GiB/2, "3.5GiB"},
		{"PiB", 3 * units.PiB, "3PiB"},
		{"above PiB stays in PiB", 4096 * units.PiB, "4096PiB"},
		{"above PB stays in PB", 1000 * units.PB, "1000PB"},
		{"odd byte count", units.GiB + 1, "1073741825B"},
		{"largest", math.MaxInt64, "9223372036854775807B"},
		{"negative", -1536, "-1.5KiB"},
		{"most negative", math.MinInt64, "-9223372036854775808B"},
	}
	for _, c := range cases {
		if diff := cmp.Diff(c.want, c.in.String()); diff != "" {
			t.Errorf("%s: Size(%d).String() (-want +got):\n%s", c.reason, int64(c.in), diff)
		}
	}
}

func TestSizeStringRoundTrip(t *testing.T) {
	var sizes []units.Size
	for shift := range 63 {
		p := units.Size(1) << shift
		sizes = append(sizes, p-1, p, p+1, 3*p/2, p+p/3)
	}
	for p := units.Size(1); p <= 1e18; p *= 10 {
		sizes = append(sizes, p, p-1, p+1, 7*p, 15*p/10)
	}
	sizes = append(sizes, math.MaxInt64, math.MaxInt64-1)
	for _, s := range sizes {
		if s < 0 {
			continue
		}
		text := s.String()
		got, err := units.ParseSize(text)
		if err != nil || got != s {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", text, got, err, s)
		}
	}
}
