package web

import (
	"os"
	"strings"
	"testing"
)

// corpusLines reads the web URLs of the module's corpus sample.
func corpusLines(b *testing.B) []string {
	data, err := os.ReadFile("../testdata/corpus-web-urls.txt")
	if err != nil {
		b.Skip(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

func benchLines(b *testing.B, f func(string)) {
	lines := corpusLines(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, s := range lines {
			f(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
}

// BenchmarkCanonCorpus: Safe Browsing canonicalization of each line of
// the web-URL corpus; the target is at most three times web.Parse of the
// same lines (BenchmarkCanonCorpus/Parse), in the same run.
func BenchmarkCanonCorpus(b *testing.B) {
	b.Run("SafeBrowsing", func(b *testing.B) {
		benchLines(b, func(s string) { SafeBrowsing.Canonicalize(s) })
	})
	b.Run("Archive", func(b *testing.B) {
		benchLines(b, func(s string) { Archive.Canonicalize(s) })
	})
	b.Run("SURT", func(b *testing.B) {
		benchLines(b, func(s string) { SURT{}.Key(s) })
	})
}
