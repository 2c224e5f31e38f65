package assets

import (
	"bytes"
	"compress/gzip"

	"github.com/andybalholm/brotli"
)

// encodings are the Content-Encodings of the pre-compressed copies, in the
// order of preference: brotli, then gzip.
var encodings = []struct {
	name, suffix string
	compress     func([]byte) []byte
}{
	{"br", ".br", func(b []byte) []byte {
		var out bytes.Buffer
		w := brotli.NewWriterOptions(&out, brotli.WriterOptions{Quality: 11, LGWin: 22})
		w.Write(b)
		w.Close()
		return out.Bytes()
	}},
	{"gzip", ".gz", func(b []byte) []byte {
		var out bytes.Buffer
		w, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
		w.Write(b)
		w.Close()
		return out.Bytes()
	}},
}
