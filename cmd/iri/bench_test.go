package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/fileiri"
	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
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

// plainLines calls f on each line of in, with a buffered writer on out.
func plainLines(in io.Reader, out io.Writer, f func(line string, w *bufio.Writer)) {
	sc := bufio.NewScanner(in)
	w := bufio.NewWriter(out)
	for sc.Scan() {
		f(sc.Text(), w)
	}
	w.Flush()
}

// writeLines writes each string on a line of its own.
func writeLines(w *bufio.Writer, s ...string) {
	for _, x := range s {
		w.WriteString(x)
		w.WriteByte('\n')
	}
}

// A toolCase is a command of the tool on an input, beside its plain loop:
// a Go loop that makes the library calls the command makes on each line
// and writes the same fields, unformatted (no quoting, no alignment).
type toolCase struct {
	args  []string
	input []byte
	plain func(line string, w *bufio.Writer)
}

// toolCases are the commands that read lines, each on the corpus samples
// (file IRIs and paths made from them for path and file).
func toolCases(tb testing.TB) []toolCase {
	data := corpusInput(tb)
	const baseText = "http://dbpedia.org/resource/"
	base := iri.MustParse(baseText)
	var paths, fileIRIs []byte
	for line := range strings.Lines(string(data)) {
		if i, err := iri.Parse(strings.TrimSuffix(line, "\n")); err == nil && strings.HasPrefix(i.Path(), "/") {
			paths = append(append(paths, i.Path()...), '\n')
			fileIRIs = append(append(fileIRIs, "file://"+i.Path()...), '\n')
		}
	}
	withIRI := func(f func(i iri.IRI, w *bufio.Writer)) func(string, *bufio.Writer) {
		return func(s string, w *bufio.Writer) {
			if i, err := iri.ParseReference(s); err == nil {
				f(i, w)
			}
		}
	}
	semantic := canon.Presets["semantic"]
	return []toolCase{
		{[]string{"parse"}, data, withIRI(func(i iri.IRI, w *bufio.Writer) {
			kind := "relative reference"
			if i.IsAbsolute() {
				kind = "IRI"
			}
			writeLines(w, i.String(), kind, i.Scheme(), i.Userinfo(), i.Host(), i.Port(), i.Path(), i.Query(), i.Fragment())
			for s := range i.PathSegments() {
				writeLines(w, s)
			}
			for n, v := range i.QueryParams() {
				writeLines(w, n, v)
			}
		})},
		{[]string{"uri"}, data, withIRI(func(i iri.IRI, w *bufio.Writer) { writeLines(w, i.ToURI().String()) })},
		{[]string{"iri"}, data, withIRI(func(i iri.IRI, w *bufio.Writer) { writeLines(w, iri.Converter{}.ToIRI(i).String()) })},
		{[]string{"normalize"}, data, withIRI(func(i iri.IRI, w *bufio.Writer) {
			writeLines(w, (&iri.Comparer{Level: iri.SchemeBased}).Normalize(i).String())
		})},
		{[]string{"resolve", baseText}, data, withIRI(func(i iri.IRI, w *bufio.Writer) { writeLines(w, base.Resolve(i).String()) })},
		{[]string{"relativize", baseText}, data, withIRI(func(i iri.IRI, w *bufio.Writer) {
			if r, ok := base.RelativizeWith(i, iri.RelativizeOptions{}); ok {
				writeLines(w, r.String())
			}
		})},
		{[]string{"check"}, data, withIRI(func(i iri.IRI, w *bufio.Writer) {
			if problems := i.Check(); len(problems) > 0 {
				writeLines(w, i.String())
				for _, p := range problems {
					writeLines(w, p.String())
				}
			}
		})},
		{[]string{"show"}, data, withIRI(func(i iri.IRI, w *bufio.Writer) {
			host, refused := idn.DisplayHost(i.Host())
			writeLines(w, i.String(), i.VisualOrder(), i.ToURI().String(), i.DisplayEncoded(nil), host)
			writeLines(w, refused...)
		})},
		{[]string{"path", "-style", "posix"}, fileIRIs, withIRI(func(i iri.IRI, w *bufio.Writer) {
			if p, err := fileiri.POSIX.Path(i); err == nil {
				writeLines(w, p)
			}
		})},
		{[]string{"file", "-style", "posix"}, paths, func(s string, w *bufio.Writer) {
			if i, err := fileiri.POSIX.FromPath(s); err == nil {
				writeLines(w, i.String())
			}
		}},
		{[]string{"web"}, data, func(s string, w *bufio.Writer) {
			u, err := web.Parse(s)
			if err != nil {
				return
			}
			writeLines(w, u.String(), u.Scheme(), u.Hostname(), u.Port(), u.Path(), u.Query(), u.Fragment(), u.Origin())
			if ref, err := iri.ParseReference(s); err == nil && ref.IsAbsolute() {
				writeLines(w, ref.ToURI().String())
			}
		}},
		{[]string{"validate"}, data, func(s string, w *bufio.Writer) {
			errs, err := web.Validate(s)
			for _, e := range errs {
				writeLines(w, e.String())
			}
			if err != nil {
				writeLines(w, err.Error())
			}
		}},
		{[]string{"canon"}, data, func(s string, w *bufio.Writer) {
			if key, err := semantic.Canonicalize(s); err == nil {
				writeLines(w, key)
			}
		}},
	}
}

// BenchmarkTool runs each command of toolCases over its input beside its
// plain loop.
func BenchmarkTool(b *testing.B) {
	for _, tc := range toolCases(b) {
		lines := bytes.Count(tc.input, []byte("\n"))
		perLine := func(b *testing.B, f func()) {
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				f()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
		}
		b.Run("plain loop "+tc.args[0], func(b *testing.B) {
			perLine(b, func() { plainLines(bytes.NewReader(tc.input), io.Discard, tc.plain) })
		})
		b.Run("iri "+tc.args[0], func(b *testing.B) {
			perLine(b, func() { run(tc.args, bytes.NewReader(tc.input), io.Discard, io.Discard) })
		})
	}
}
