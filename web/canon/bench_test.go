package canon

import (
	"os"
	"strings"
	"testing"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/web"
)

// corpusLines returns the lines of the root package's sample of real web
// URLs (../shared/corpus/web-urls.txt, sampled into the root's testdata).
func corpusLines(tb testing.TB) []string {
	tb.Helper()
	data, err := os.ReadFile("../../testdata/corpus-web-urls.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

var sink int

// BenchmarkCanonCorpus canonicalizes each line of the web-URL corpus
// sample, beside web.Parse and iri.Parse with Normalize of the same lines
// in the same run: only the ratios mean anything on a shared machine. The
// issue's target is Safe Browsing at most three times web.Parse. One
// iteration is the whole sample; ns/url is per line.
//
//	go test -run '^$' -bench CanonCorpus -count 6 ./web/canon/
func BenchmarkCanonCorpus(b *testing.B) {
	lines := corpusLines(b)
	run := func(name string, f func(string)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range lines {
					f(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
		})
	}
	run("web.Parse", func(s string) {
		u, _ := web.Parse(s)
		sink += len(u.String())
	})
	run("iri.Parse+Normalize", func(s string) {
		u, _ := iri.Parse(s)
		sink += len(u.Normalize(iri.SchemeBased).String())
	})
	for _, c := range []struct {
		name string
		c    Canonicalizer
	}{{"SafeBrowsing", SafeBrowsing}, {"Semantic", Semantic}, {"Dedup", Dedup}, {"Archive", Archive}} {
		run(c.name, func(s string) {
			k, _ := c.c.Canonicalize(s)
			sink += len(k)
		})
	}
	run("SURT", func(s string) {
		k, _ := SURT{}.Key(s)
		sink += len(k)
	})
}
