package web_test

import (
	"bufio"
	"net/url"
	"os"
	"testing"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/web"
)

// webURLs returns the lines of the root package's sample of real web URLs
// (../shared/corpus/web-urls.txt, sampled into ../testdata).
func webURLs(tb testing.TB) []string {
	tb.Helper()
	f, err := os.Open("../testdata/corpus-web-urls.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

var sink int

// BenchmarkParse compares web.Parse with iri.Parse and net/url's Parse on
// the same lines, one line per iteration. Only the ratios of one run mean
// anything on a shared machine.
func BenchmarkParse(b *testing.B) {
	lines := webURLs(b)
	run := func(name string, f func(string)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				f(lines[i%len(lines)])
			}
		})
	}
	run("web.Parse", func(s string) {
		u, _ := web.Parse(s)
		sink += len(u.Path())
	})
	// The same lines after a space, which the full parser reads (and
	// trims), not the fast path.
	spaced := make([]string, len(lines))
	for k, s := range lines {
		spaced[k] = " " + s
	}
	b.Run("web.Parse/full", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			u, _ := web.Parse(spaced[i%len(spaced)])
			sink += len(u.Path())
		}
	})
	run("web.Validate", func(s string) {
		errs, _ := web.Validate(s)
		sink += len(errs)
	})
	run("iri.Parse", func(s string) {
		u, _ := iri.Parse(s)
		sink += len(u.Path())
	})
	run("url.Parse", func(s string) {
		if u, err := url.Parse(s); err == nil {
			sink += len(u.Path)
		}
	})
}
