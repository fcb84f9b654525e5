package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/iri-go/iri"
)

// corpusInput returns the lines of the three corpus samples of the
// library's testdata, as one input.
func corpusInput(b testing.TB) []byte {
	var all []byte
	for _, name := range []string{"web-urls", "iri-dbpedia", "rdf-dbpedia-mixed"} {
		data, err := os.ReadFile("../../testdata/corpus-" + name + ".txt")
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, data...)
	}
	return all
}

// plainLoop is the least a line filter does: read lines, parse, map,
// write through a buffer.
func plainLoop(in io.Reader, out io.Writer, f func(iri.IRI) string) {
	sc := bufio.NewScanner(in)
	w := bufio.NewWriter(out)
	for sc.Scan() {
		i, err := iri.ParseReference(sc.Text())
		if err != nil {
			continue
		}
		w.WriteString(f(i))
		w.WriteByte('\n')
	}
	w.Flush()
}

// BenchmarkTool runs iri uri and iri parse over the corpus samples beside
// the plain loop that parses, maps to a URI and writes each line.
func BenchmarkTool(b *testing.B) {
	data := corpusInput(b)
	lines := bytes.Count(data, []byte("\n"))
	perLine := func(b *testing.B, f func()) {
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			f()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
	}
	b.Run("plain loop uri", func(b *testing.B) {
		perLine(b, func() {
			plainLoop(bytes.NewReader(data), io.Discard, func(i iri.IRI) string { return i.ToURI().String() })
		})
	})
	b.Run("iri uri", func(b *testing.B) {
		perLine(b, func() { run([]string{"uri"}, bytes.NewReader(data), io.Discard, io.Discard) })
	})
	b.Run("iri parse", func(b *testing.B) {
		perLine(b, func() { run([]string{"parse"}, bytes.NewReader(data), io.Discard, io.Discard) })
	})
}
