// Package iribeam runs the iri library inside Apache Beam pipelines, so
// that one program canonicalizes, checks or deduplicates the URLs of a
// crawl on one machine (Beam's prism runner) or on a cluster (Dataflow,
// Flink, Spark) by a flag.
//
// Every transform reads a PCollection of Line, the text of an input with
// the file and line number it came from (ReadLines makes them; Lines wraps
// a PCollection of string), or directly a PCollection of string, and
// returns two: what it made of the inputs it accepts, and a dead letter of
// Reject, one for each input it refuses, with the input, its file and line
// and the error. Every input ends up in exactly one of the two: a
// transform neither drops nor duplicates an input, so that the counts of
// the two outputs add up to the count of the inputs.
//
// The transforms and what they make:
//
//	Parse, ParseReference   the inputs that are IRIs (IRI references), as they are (RFC 3987, section 2.2)
//	Check                   a Verdict per IRI: its problems as iri.Checker finds them (bidi, spoofing, encoding, schemes)
//	Hrefs                   the href of each input read as a browser reads a link, against a base (WHATWG URL Standard)
//	Canonicalize            the canonical key of each URL (canon.Canonicalizer: any preset, or options of one's own)
//	SURT                    the SURT key of each URL (canon.SURT), as web archives' CDX indexes sort them
//
// The options of a transform (a Checker, a Canonicalizer, a SURT, a base)
// travel to the workers as JSON, as Beam sends every DoFn: they are plain
// exported fields, so that nothing is lost on the way.
package iribeam

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // ReadLines of local files
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
)

func init() {
	for _, t := range []any{(*Line)(nil), (*Reject)(nil), (*Verdict)(nil), (*Problem)(nil)} {
		beam.RegisterType(reflect.TypeOf(t).Elem())
	}
	register.Function1x1(fromString)
	register.Function1x1(text)
	register.DoFn4x1[context.Context, fileio.ReadableFile, func(Line), func(Reject), error](&readLinesFn{})
	register.DoFn3x0[Line, func(Line), func(Reject)](&parseFn{})
	register.DoFn3x0[Line, func(Verdict), func(Reject)](&checkFn{})
	register.DoFn3x0[Line, func(Line), func(Reject)](&hrefsFn{})
	register.DoFn3x0[Line, func(Line), func(Reject)](&canonFn{})
	register.DoFn3x0[Line, func(Line), func(Reject)](&surtFn{})
	register.Emitter1[Line]()
	register.Emitter1[Reject]()
	register.Emitter1[Verdict]()
}

// A Line is one input: the text of a line of a file, without its line
// ending, with where it came from.
type Line struct {
	// File is the file's name as the runner's file system gives it
	// ("gs://bucket/urls-00001.gz", "/data/urls.txt"); empty for a line
	// that did not come from a file.
	File string `json:"file"`
	// Number is the line's number in File, from 1; 0 when unknown.
	Number int64 `json:"line"`
	// Text is the line, without "\n" or "\r\n".
	Text string `json:"text"`
}

// A Reject is an input that a transform refused, kept rather than
// dropped: a dead letter.
type Reject struct {
	File  string `json:"file"`  // the input's file, as in Line
	Line  int64  `json:"line"`  // the input's line number in File, from 1; 0 when unknown
	Input string `json:"input"` // the input as the transform received it
	Stage string `json:"stage"` // the transform that refused it: "read", "parse", "check", "hrefs", "canonicalize" or "surt"
	Error string `json:"error"` // why, as the library's error says it
}

// reject makes the Reject of l at a stage.
func reject(l Line, stage string, err error) Reject {
	return Reject{File: l.File, Line: l.Number, Input: l.Text, Stage: stage, Error: err.Error()}
}

// MaxLine is the longest line ReadLines passes on, in bytes. A longer one
// becomes a Reject (stage "read") with the first MaxLine bytes as its
// input: a list of URLs holds none, a file that is not one may.
const MaxLine = 1 << 20

// ReadLines reads the text files that match each glob ("/data/urls-*.txt",
// "gs://bucket/crawl/*.gz": any file system registered with Beam;
// ".gz" and ".gzip" files are decompressed) and returns a PCollection of
// Line, each numbered in its file, and a PCollection of Reject for the
// lines longer than MaxLine.
//
// Lines are separated by "\n"; a "\r" before it is not part of the line,
// and a last line without "\n" is a line. A file is read from start to
// end by one worker, since line numbers need what comes before: the
// parallelism of reading is the number of files (split a single large
// file first), and the lines are then reshuffled, so that the work on
// them spreads over all workers. A glob that matches nothing reads
// nothing when it has a wildcard, and fails the pipeline when it has
// none. A file that cannot be read fails its bundle, which the runner
// retries.
func ReadLines(s beam.Scope, globs ...string) (lines, rejects beam.PCollection) {
	s = s.Scope("iribeam.ReadLines")
	patterns := beam.CreateList(s, append([]string{}, globs...))
	files := fileio.ReadMatches(s, fileio.MatchAll(s, patterns))
	lines, rejects = beam.ParDo2(s, &readLinesFn{}, files)
	return beam.Reshuffle(s, lines), rejects
}

// readLinesFn numbers the lines of a file.
type readLinesFn struct{}

func (f *readLinesFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(Line), rejectLine func(Reject)) error {
	rc, err := file.Open(ctx)
	if err != nil {
		return fmt.Errorf("iribeam: open %s: %w", file.Metadata.Path, err)
	}
	defer rc.Close()
	return splitLines(rc, file.Metadata.Path, emit, rejectLine)
}

// splitLines emits the lines of r, numbered from 1, and rejects those
// longer than MaxLine.
func splitLines(r io.Reader, name string, emit func(Line), rejectLine func(Reject)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for n := int64(1); ; n++ {
		buf = buf[:0]
		tooLong := false
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			if !tooLong {
				buf = append(buf, chunk...)
				if len(buf) > MaxLine+2 { // room for "\r\n"
					tooLong = true
					buf = buf[:MaxLine]
				}
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("iribeam: read %s, line %d: %w", name, n, err)
		}
		if err == io.EOF && len(buf) == 0 && !tooLong {
			return nil
		}
		line := bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))
		if tooLong || len(line) > MaxLine {
			rejectLine(Reject{File: name, Line: n, Input: string(buf[:min(len(buf), MaxLine)]), Stage: "read",
				Error: fmt.Sprintf("iribeam: line longer than %d bytes", MaxLine)})
		} else {
			emit(Line{File: name, Number: n, Text: string(line)})
		}
		if err == io.EOF {
			return nil
		}
	}
}

// Lines wraps a PCollection of string as one of Line, with no file and
// line 0: for inputs that come from elsewhere than ReadLines (a database,
// a message queue, another transform).
func Lines(s beam.Scope, col beam.PCollection) beam.PCollection {
	return beam.ParDo(s.Scope("iribeam.Lines"), fromString, col)
}

func fromString(s string) Line { return Line{Text: s} }

// Texts returns the texts of a PCollection of Line as a PCollection of
// string: the keys of Canonicalize or SURT, ready for stats.Count or
// filter.Distinct.
func Texts(s beam.Scope, lines beam.PCollection) beam.PCollection {
	return beam.ParDo(s.Scope("iribeam.Texts"), text, lines)
}

func text(l Line) string { return l.Text }

// asLines returns col as a PCollection of Line: as it is, or wrapped by
// Lines when it holds strings.
func asLines(s beam.Scope, col beam.PCollection) beam.PCollection {
	if col.Type().Type() == reflect.TypeFor[string]() {
		return Lines(s, col)
	}
	return col
}

// Parse returns the inputs that are IRIs (iri.Parse: the grammar of RFC
// 3987, section 2.2, with a scheme), unchanged, and a Reject (stage
// "parse") for each of the others. col holds Line or string.
func Parse(s beam.Scope, col beam.PCollection) (iris, rejects beam.PCollection) {
	s = s.Scope("iribeam.Parse")
	return beam.ParDo2(s, &parseFn{}, asLines(s, col))
}

// ParseReference is Parse for IRI references (iri.ParseReference:
// relative references too).
func ParseReference(s beam.Scope, col beam.PCollection) (refs, rejects beam.PCollection) {
	s = s.Scope("iribeam.ParseReference")
	return beam.ParDo2(s, &parseFn{Reference: true}, asLines(s, col))
}

type parseFn struct {
	Reference bool
}

func (f *parseFn) ProcessElement(l Line, emit func(Line), rejectLine func(Reject)) {
	parse := iri.Parse
	if f.Reference {
		parse = iri.ParseReference
	}
	if _, err := parse(l.Text); err != nil {
		rejectLine(reject(l, "parse", err))
		return
	}
	emit(l)
}

// A Verdict is what Check finds in one IRI.
type Verdict struct {
	File     string    `json:"file"` // the input's file, as in Line
	Line     int64     `json:"line"` // the input's line number, as in Line
	Input    string    `json:"input"`
	Problems []Problem `json:"problems"` // none for an IRI with nothing to report
}

// A Problem is an iri.Problem with its severity as text ("error",
// "warning", "advice"), so that it carries as a Beam row.
type Problem struct {
	Code      string `json:"code"`
	Severity  string `json:"severity"`
	Component string `json:"component"`
	Offset    int    `json:"offset"`
	Message   string `json:"message"`
	Count     int    `json:"count"`
}

// Check returns a Verdict for each input that is an IRI reference: the
// problems checker finds in it (iri.Checker.Check: bidi, spoofing of host
// names, encoding, the rules of common schemes; checker.Protect for host
// names that pass for one's own), none when it finds none; and a Reject
// (stage "check") for each input that is not an IRI reference. A host
// alone ("xn--80ak6aa92e.com") is a relative reference, not a host: write
// it as "http://xn--80ak6aa92e.com/" to check it as one. col holds Line or
// string.
//
// checker travels to the workers with its Protect list, as its names
// (idn.Protected.MarshalText), made again on each worker: a list of many
// names is better read on the workers from a file, with a DoFn of one's
// own that calls Check.
func Check(s beam.Scope, checker iri.Checker, col beam.PCollection) (verdicts, rejects beam.PCollection) {
	s = s.Scope("iribeam.Check")
	return beam.ParDo2(s, &checkFn{Checker: checker}, asLines(s, col))
}

type checkFn struct {
	Checker iri.Checker
}

func (f *checkFn) ProcessElement(l Line, emit func(Verdict), rejectLine func(Reject)) {
	i, err := iri.ParseReference(l.Text)
	if err != nil {
		rejectLine(reject(l, "check", err))
		return
	}
	v := Verdict{File: l.File, Line: l.Number, Input: l.Text}
	for _, p := range f.Checker.Check(i) {
		v.Problems = append(v.Problems, Problem{p.Code, p.Severity.String(), p.Component, p.Offset, p.Message, p.Count})
	}
	emit(v)
}

// Hrefs reads each input as a browser reads the href of a link in a page
// at base (web.URL.Parse, the WHATWG URL Standard's basic URL parser) and
// returns the resulting URLs as Line (the href as the text, the file and
// line kept), and a Reject (stage "hrefs") for each input that is not a
// URL there. The zero web.URL as base reads absolute URLs only. col holds
// Line or string.
func Hrefs(s beam.Scope, base web.URL, col beam.PCollection) (urls, rejects beam.PCollection) {
	s = s.Scope("iribeam.Hrefs")
	return beam.ParDo2(s, &hrefsFn{Base: base.String()}, asLines(s, col))
}

// hrefsFn carries its base as an href, which web.Parse reads back as the
// same URL (the URL Standard's idempotence, which package web's fuzzing
// checks).
type hrefsFn struct {
	Base string
	base web.URL
}

func (f *hrefsFn) Setup() error {
	if f.Base == "" {
		return nil
	}
	var err error
	f.base, err = web.Parse(f.Base)
	return err
}

func (f *hrefsFn) ProcessElement(l Line, emit func(Line), rejectLine func(Reject)) {
	u, err := f.base.Parse(l.Text)
	if err != nil {
		rejectLine(reject(l, "hrefs", err))
		return
	}
	l.Text = u.String()
	emit(l)
}

// Canonicalize returns the canonical key of each input as c makes it
// (canon.Canonicalizer.Canonicalize: a preset such as canon.Dedup or
// canon.Presets["archive"], or options of one's own) as Line (the key as
// the text, the file and line kept), and a Reject (stage "canonicalize")
// for each input that c refuses. col holds Line or string.
func Canonicalize(s beam.Scope, c canon.Canonicalizer, col beam.PCollection) (keys, rejects beam.PCollection) {
	s = s.Scope("iribeam.Canonicalize")
	return beam.ParDo2(s, &canonFn{Canonicalizer: c}, asLines(s, col))
}

type canonFn struct {
	Canonicalizer canon.Canonicalizer
}

func (f *canonFn) ProcessElement(l Line, emit func(Line), rejectLine func(Reject)) {
	key, err := f.Canonicalizer.Canonicalize(l.Text)
	if err != nil {
		rejectLine(reject(l, "canonicalize", err))
		return
	}
	l.Text = key
	emit(l)
}

// SURT returns the SURT key of each input as surt makes it
// (canon.SURT.Key: its zero value makes the Internet Archive's default
// keys) as Line, and a Reject (stage "surt") for each input it refuses.
// col holds Line or string.
func SURT(s beam.Scope, surt canon.SURT, col beam.PCollection) (keys, rejects beam.PCollection) {
	s = s.Scope("iribeam.SURT")
	return beam.ParDo2(s, &surtFn{SURT: surt}, asLines(s, col))
}

type surtFn struct {
	SURT canon.SURT
}

func (f *surtFn) ProcessElement(l Line, emit func(Line), rejectLine func(Reject)) {
	key, err := f.SURT.Key(l.Text)
	if err != nil {
		rejectLine(reject(l, "surt", err))
		return
	}
	l.Text = key
	emit(l)
}
