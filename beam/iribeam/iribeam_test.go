package iribeam

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
)

// The tests run their pipelines on Beam's prism runner, in the process:
// the DoFns travel as JSON and the elements through their coders, as on a
// cluster. Their logs below warnings are left out.
func TestMain(m *testing.M) {
	beamlog.LogLevel = "warn"
	ptest.Main(m)
}

func init() {
	register.Function1x1(verdictCodes)
	register.Function1x1(rejectPlace)
}

// inputs are the lines of a small file, with what each transform makes
// of them below: the library's answers, as `iri canon`, `iri web` and
// `iri check` print them.
var inputs = []string{
	"HTTP://WWW.Example.com:80/a/./b/../c?utm_source=x&b=2&a=1#frag",
	"http://example.com/%7Euser/index.html",
	"not a url",
	"http://[::1",
	"https://bücher.example/",
	"/relative/path",
	"http://аррӏе.com/",
	"http://a/b c",
}

func inputLines() []any {
	var lines []any
	for k, s := range inputs {
		lines = append(lines, Line{File: "in.txt", Number: int64(k + 1), Text: s})
	}
	return lines
}

// at returns the Line of input n (from 1) with another text.
func at(n int64, text string) Line {
	return Line{File: "in.txt", Number: n, Text: text}
}

// rejectPlace is where a Reject was and at which stage, for comparisons
// that leave the library's messages out.
func rejectPlace(r Reject) string {
	return r.Stage + " " + r.File + ":" + strconv.FormatInt(r.Line, 10) + " " + r.Input
}

func place(stage string, n int64) string {
	return stage + " in.txt:" + strconv.FormatInt(n, 10) + " " + inputs[n-1]
}

func verdictCodes(v Verdict) string {
	var codes []string
	for _, p := range v.Problems {
		codes = append(codes, p.Severity+" "+p.Code)
	}
	return v.Input + ": " + strings.Join(codes, ", ")
}

func TestTransforms(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	lines := beam.Create(s, inputLines()...)

	expect := func(name string, got beam.PCollection, want ...any) {
		t.Helper()
		passert.Equals(s.Scope(name), got, want...)
	}
	places := func(rejects beam.PCollection) beam.PCollection { return beam.ParDo(s, rejectPlace, rejects) }

	dedup, rejects := Canonicalize(s, canon.Dedup, lines)
	expect("dedup", dedup,
		at(1, "http://example.com/a/c?a=1&b=2"), at(2, "http://example.com/~user"),
		at(5, "https://xn--bcher-kva.example/"), at(7, "http://xn--80ak6aa92e.com/"), at(8, "http://a/b%20c"))
	expect("dedup rejects", places(rejects), place("canonicalize", 3), place("canonicalize", 4), place("canonicalize", 6))

	// Options of one's own, beyond the presets, reach the workers.
	own := canon.Semantic
	own.DropParams = []string{"utm_source"}
	own.SortQuery = canon.QuerySortByName
	semantic, _ := Canonicalize(s, own, lines)
	expect("own options", Texts(s, semantic),
		"http://www.example.com/a/c?a=1&b=2", "http://example.com/~user/index.html",
		"https://xn--bcher-kva.example/", "http://xn--80ak6aa92e.com/", "http://a/b%20c")

	surt, rejects := SURT(s, canon.SURT{}, lines)
	expect("surt", surt,
		at(1, "com,example)/a/c?a=1&b=2&utm_source=x"), at(2, "com,example)/~user/index.html"),
		at(5, "example,xn--bcher-kva)/"), at(7, "com,xn--80ak6aa92e)/"), at(8, "a)/b%20c"))
	expect("surt rejects", places(rejects), place("surt", 3), place("surt", 4), place("surt", 6))

	surtScheme, _ := SURT(s, canon.SURT{WithScheme: true, TrailingComma: true, Canonicalizer: &canon.SafeBrowsing}, beam.Create(s, inputs[1]))
	expect("surt options", Texts(s, surtScheme), "http://(com,example,)/~user/index.html")

	base, err := web.Parse("http://example.org/dir/page.html")
	if err != nil {
		t.Fatal(err)
	}
	hrefs, rejects := Hrefs(s, base, lines)
	expect("hrefs", hrefs,
		at(1, "http://www.example.com/a/c?utm_source=x&b=2&a=1#frag"), at(2, "http://example.com/%7Euser/index.html"),
		at(3, "http://example.org/dir/not%20a%20url"), at(5, "https://xn--bcher-kva.example/"),
		at(6, "http://example.org/relative/path"), at(7, "http://xn--80ak6aa92e.com/"), at(8, "http://a/b%20c"))
	expect("hrefs rejects", places(rejects), place("hrefs", 4))
	absolute, rejects := Hrefs(s, web.URL{}, lines)
	passert.Count(s, absolute, "absolute hrefs", 5)
	expect("absolute hrefs rejects", places(rejects), place("hrefs", 3), place("hrefs", 4), place("hrefs", 6))

	iris, rejects := Parse(s, lines)
	expect("parse", iris, inputLines()[0], inputLines()[1], inputLines()[4], inputLines()[6])
	expect("parse rejects", places(rejects), place("parse", 3), place("parse", 4), place("parse", 6), place("parse", 8))
	refs, rejects := ParseReference(s, lines)
	expect("parse reference", Texts(s, refs), inputs[0], inputs[1], inputs[4], inputs[5], inputs[6])
	expect("parse reference rejects", places(rejects), place("parse", 3), place("parse", 4), place("parse", 8))

	verdicts, rejects := Check(s, iri.Checker{}, lines)
	expect("check", beam.ParDo(s, verdictCodes, verdicts),
		inputs[0]+": ", inputs[1]+": ", inputs[4]+": ", inputs[5]+": ",
		inputs[6]+": error idn-whole-script-confusable, error idn-ascii-lookalike, error idn-protected")
	expect("check rejects", places(rejects), place("check", 3), place("check", 4), place("check", 8))

	// The Protect list travels with the Checker.
	protected, _ := Check(s, iri.Checker{Protect: idn.NewProtected([]string{"bucher.example"})}, beam.Create(s, inputs[4]))
	expect("protect", beam.ParDo(s, verdictCodes, protected), inputs[4]+": error idn-protected")

	// A PCollection of string is read as lines without a file.
	fromStrings, rejects := Parse(s, beam.Create(s, "http://a/", "a b"))
	expect("strings", fromStrings, Line{Text: "http://a/"})
	expect("strings rejects", places(rejects), "parse :0 a b")

	ptest.RunAndValidate(t, p)
}

// TestCheckVerdicts compares whole verdicts, messages and offsets
// included, with the library called on each input.
func TestCheckVerdicts(t *testing.T) {
	checker := iri.Checker{Advice: true}
	var want []any
	for k, s := range inputs {
		i, err := iri.ParseReference(s)
		if err != nil {
			continue
		}
		v := Verdict{File: "in.txt", Line: int64(k + 1), Input: s}
		for _, p := range checker.Check(i) {
			v.Problems = append(v.Problems, Problem{p.Code, p.Severity.String(), p.Component, p.Offset, p.Message, p.Count})
		}
		want = append(want, v)
	}
	if len(want) != 5 {
		t.Fatalf("%d inputs are IRI references, want 5", len(want))
	}
	p, s := beam.NewPipelineWithRoot()
	verdicts, _ := Check(s, checker, beam.Create(s, inputLines()...))
	passert.Equals(s, verdicts, want...)
	ptest.RunAndValidate(t, p)
}

func TestSplitLines(t *testing.T) {
	long := strings.Repeat("x", MaxLine+1)
	tests := []struct {
		in          string
		want        []Line
		wantRejects []Reject
	}{
		{"", nil, nil},
		{"\n", []Line{{"f", 1, ""}}, nil},
		{"a", []Line{{"f", 1, "a"}}, nil},
		{"a\nb\r\n\nc\r", []Line{{"f", 1, "a"}, {"f", 2, "b"}, {"f", 3, ""}, {"f", 4, "c"}}, nil}, // as cmd/iri reads lines
		{"a\r\r\n", []Line{{"f", 1, "a\r"}}, nil},
		{long[:MaxLine] + "\r\nb", []Line{{"f", 1, long[:MaxLine]}, {"f", 2, "b"}}, nil},
		{"a\n" + long + "\nb\n", []Line{{"f", 1, "a"}, {"f", 3, "b"}},
			[]Reject{{"f", 2, long[:MaxLine], "read", "iribeam: line longer than 1048576 bytes"}}},
		{long + long, nil, []Reject{{"f", 1, long[:MaxLine], "read", "iribeam: line longer than 1048576 bytes"}}},
	}
	for _, tt := range tests {
		var got []Line
		var rejects []Reject
		if err := splitLines(strings.NewReader(tt.in), "f", func(l Line) { got = append(got, l) },
			func(r Reject) { rejects = append(rejects, r) }); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(rejects, tt.wantRejects) {
			t.Errorf("splitLines(%.20q) = %.200v, %.200v; want %.200v, %.200v", tt.in, got, rejects, tt.want, tt.wantRejects)
		}
	}
}

func TestReadLines(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(plain, []byte("http://a/\n\nhttp://b/\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	zipped := filepath.Join(dir, "b.txt.gz")
	f, err := os.Create(zipped)
	if err != nil {
		t.Fatal(err)
	}
	w := gzip.NewWriter(f)
	w.Write([]byte("http://c/\n" + strings.Repeat("y", MaxLine+1) + "\nhttp://d/"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	p, s := beam.NewPipelineWithRoot()
	lines, rejects := ReadLines(s, filepath.Join(dir, "*.txt"), filepath.Join(dir, "*.gz"), filepath.Join(dir, "none-*"))
	passert.Equals(s, lines, Line{plain, 1, "http://a/"}, Line{plain, 2, ""}, Line{plain, 3, "http://b/"},
		Line{zipped, 1, "http://c/"}, Line{zipped, 3, "http://d/"})
	passert.Equals(s, beam.ParDo(s, rejectPlace, rejects), "read "+zipped+":2 "+strings.Repeat("y", MaxLine))
	ptest.RunAndValidate(t, p)
}

// TestFnsTravel checks that the options of each DoFn come back whole from
// JSON, the form in which Beam sends a DoFn to its workers: a field that
// did not would be lost on a cluster.
func TestFnsTravel(t *testing.T) {
	own := canon.Dedup
	own.DropParams = append(slices.Clip(own.DropParams), "sid")
	own.DropParamPrefixes = []string{"x_"}
	fns := []any{
		&parseFn{Reference: true},
		&checkFn{Checker: iri.Checker{Advice: true, Protect: idn.NewProtected([]string{"example.com", "bücher.de"})}},
		&hrefsFn{Base: "http://example.org/a/b?c#d"},
		&canonFn{Canonicalizer: own},
		&surtFn{SURT: canon.SURT{WithScheme: true, TrailingComma: true, KeepWWW: true, Canonicalizer: &own}},
	}
	for _, c := range canon.Presets {
		fns = append(fns, &canonFn{Canonicalizer: c})
	}
	for _, fn := range fns {
		data, err := json.Marshal(fn)
		if err != nil {
			t.Fatal(err)
		}
		back := reflect.New(reflect.TypeOf(fn).Elem()).Interface()
		if err := json.Unmarshal(data, back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, fn) {
			t.Errorf("%T from JSON = %+v, want %+v", fn, back, fn)
		}
	}
}

// TestNoGlobs: ReadLines of no glob reads nothing, and the pipeline runs.
func TestNoGlobs(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	lines, rejects := ReadLines(s)
	passert.Empty(s, lines)
	passert.Empty(s, rejects)
	ptest.RunAndValidate(t, p)
}
