package iri

import (
	"bufio"
	"net/url"
	"os"
	"testing"
	"unicode/utf8"
)

// The corpora of ../shared/corpus/, sampled into testdata/.
var corpora = []string{"web-urls", "iri-dbpedia", "rdf-dbpedia-mixed"}

func loadCorpus(tb testing.TB, name string) (lines []string, bytes int) {
	tb.Helper()
	f, err := os.Open("testdata/corpus-" + name + ".txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		bytes += len(sc.Text())
	}
	return lines, bytes
}

// benchEach runs f on one identifier per iteration, cycling through the
// corpus, so that ns/op is the time per identifier.
func benchEach(b *testing.B, lines []string, bytes int, f func(string)) {
	b.ReportAllocs()
	b.SetBytes(int64(bytes / len(lines)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f(lines[i%len(lines)])
	}
}

var benchSink int

// BenchmarkParse compares Parse with net/url.Parse on the same identifiers,
// and with a floor: classifying every character as an IRI character (ASCII
// table, UTF-8 decoding, ucschar and iprivate ranges), the least any
// validating parser does.
func BenchmarkParse(b *testing.B) {
	for _, name := range corpora {
		lines, bytes := loadCorpus(b, name)
		b.Run(name+"/iri.Parse", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) {
				i, _ := Parse(s)
				benchSink += i.pathEnd
			})
		})
		b.Run(name+"/url.Parse", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) {
				u, _ := url.Parse(s)
				if u != nil {
					benchSink += len(u.Path)
				}
			})
		})
		b.Run(name+"/floor", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) { benchSink += classifyFloor(s) })
		})
	}
}

// classifyFloor classifies every character of s and counts those that may
// appear somewhere in an IRI.
func classifyFloor(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiClass[c] != 0 || c == '%' || c == '#' || c == '[' || c == ']' {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if isUcschar(r) || isIprivate(r) {
			n++
		}
		i += size
	}
	return n
}
