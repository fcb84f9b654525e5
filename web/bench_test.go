package web_test

import (
	"bufio"
	"net/url"
	"os"
	"strings"
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

// hrefsOf makes the relative references a page holds from web URLs, as
// the peers tool's base group does: by turns the path-absolute form, the
// last segment with the query, "../" and the last segment, and the URL.
func hrefsOf(lines []string) []string {
	var out []string
	for k, s := range lines {
		u, err := web.Parse(s)
		if err != nil || !u.IsSpecial() || u.Scheme() == "file" {
			continue
		}
		path := u.Path()
		last := path[strings.LastIndexByte(path, '/')+1:]
		switch k % 4 {
		case 0:
			out = append(out, path+u.Search()+u.Hash())
		case 1:
			out = append(out, last+u.Search())
		case 2:
			out = append(out, "../"+last)
		default:
			out = append(out, s)
		}
	}
	return out
}

// BenchmarkParseRef resolves the references of a page against its URL
// and serializes the result, beside net/url's (*URL).Parse and String.
func BenchmarkParseRef(b *testing.B) {
	const page = "https://www.example.org/dir/sub/index.html?x=1#top"
	hrefs := hrefsOf(webURLs(b))
	base := web.MustParse(page)
	ubase, _ := url.Parse(page)
	b.Run("web", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if u, err := base.Parse(hrefs[i%len(hrefs)]); err == nil {
				sink += len(u.String())
			}
		}
	})
	b.Run("net/url", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if u, err := ubase.Parse(hrefs[i%len(hrefs)]); err == nil {
				sink += len(u.String())
			}
		}
	})
}
