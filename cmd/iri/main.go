// Command iri parses and inspects Internationalized Resource Identifiers
// (RFC 3987).
//
// Usage:
//
//	iri parse [IRI...]
//	iri uri [-idna] [IRI...]
//	iri iri [-unicode-host] [URI...]
//	iri normalize [-level L] [IRI...]
//	iri equal [-level L] A B
//	iri check [IRI...]
//	iri show IRI...
//
// parse prints the components of each IRI reference, telling an absent
// component from an empty one, or the reason it is not one. uri maps each
// IRI to a URI (RFC 3987, section 3.1), with -idna converting host names
// with IDNA's ToASCII. iri converts each URI to an IRI (section 3.2), with
// -unicode-host showing punycode host labels in Unicode. normalize prints
// the canonical form of each IRI at a level of the comparison ladder
// (section 5.3): simple, syntax, scheme (the default) or protocol. equal
// tells whether two IRIs are equivalent at a level: its exit status is 0
// when they are, 1 when they are not or it cannot be determined, 2 when an
// input is not an IRI reference. check prints one line per problem it
// finds (RFC 3987, sections 4.2, 6.1, 7.5 and 8), and exits with status 1
// when a problem is an error. show prints the visual order of an IRI (for
// terminals without bidi support), its URI, and the text to display it
// with, quoted so that the embedding characters show.
//
// With no arguments a command reads one reference per line from standard
// input and writes one result per line, so that it can run over millions
// of lines in a pipeline; an invalid line is reported on standard error
// with its line number, and processing goes on.
//
// Exit status: 0 when every input is valid, 1 when any is not, 2 on a usage
// error.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

type command struct {
	name, args, summary string
	run                 func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = []command{
	{"parse", "[IRI...]", "print the components of each IRI reference", runParse},
	{"uri", "[-idna] [IRI...]", "map each IRI to a URI (RFC 3987, section 3.1)", runURI},
	{"iri", "[-unicode-host] [URI...]", "convert each URI to an IRI (RFC 3987, section 3.2)", runIRI},
	{"normalize", "[-level L] [IRI...]", "print the canonical form of each IRI at a level (section 5.3)", runNormalize},
	{"equal", "[-level L] A B", "tell whether A and B are equivalent at a level (section 5.3)", runEqual},
	{"check", "[IRI...]", "report bidi, spoofing and encoding problems (sections 4.2, 7.5, 8)", runCheck},
	{"show", "IRI...", "print the visual order and display form of each IRI (section 4)", runShow},
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: iri <command> [arguments]")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %-25s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "With no IRI arguments, a command reads one per line from standard input.")
	fmt.Fprintln(w, "Exit status: 0 all inputs valid, 1 some input invalid, 2 usage error.")
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "iri: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

// eachInput calls f on each argument or, with none, on each line of stdin,
// with its line number (0 for arguments). It returns 1 if f failed on any
// input.
func eachInput(args []string, stdin io.Reader, f func(s string, line int) error, stderr io.Writer) int {
	status := 0
	report := func(err error, line int) {
		if line > 0 {
			fmt.Fprintf(stderr, "line %d: ", line)
		}
		fmt.Fprintln(stderr, err)
		status = 1
	}
	if len(args) > 0 {
		for _, s := range args {
			if err := f(s, 0); err != nil {
				report(err, 0)
			}
		}
		return status
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for line := 1; sc.Scan(); line++ {
		if err := f(sc.Text(), line); err != nil {
			report(err, line)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(stderr, "iri:", err)
		return 1
	}
	return status
}

// newFlags returns the flag set of a command, which prints its usage and
// description on -h.
func newFlags(name, args, description string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: iri %s %s\n%s\n", name, args, description)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses a command's flags; it returns false with the exit
// status when the command must stop there.
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("parse", "[IRI...]", "Prints the components of each IRI reference; (absent) marks a missing one.", stderr)
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	return eachInput(fs.Args(), stdin, func(s string, _ int) error {
		i, err := iri.ParseReference(s)
		if err != nil {
			return fmt.Errorf("%w\n%s", err, pointAt(err))
		}
		kind := "relative reference"
		if i.IsAbsolute() {
			kind = "IRI"
		}
		fmt.Fprintf(out, "%s\n", s)
		fmt.Fprintf(out, "  %-9s %s\n", "kind", kind)
		field := func(name string, present bool, value string) {
			v := "(absent)"
			if present {
				v = strconv.QuoteToGraphic(value)
			}
			fmt.Fprintf(out, "  %-9s %s\n", name, v)
		}
		field("scheme", i.IsAbsolute(), i.Scheme())
		field("userinfo", i.HasUserinfo(), i.Userinfo())
		field("host", i.HasAuthority(), i.Host())
		field("port", i.HasPort(), i.Port())
		field("path", true, i.Path())
		field("query", i.HasQuery(), i.Query())
		field("fragment", i.HasFragment(), i.Fragment())
		return nil
	}, errFlusher{out, stderr})
}

func runURI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("uri", "[-idna] [IRI...]", "Maps each IRI reference to a URI reference (RFC 3987, section 3.1).", stderr)
	idna := fs.Bool("idna", false, "convert the host names of DNS schemes with IDNA ToASCII")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	return convertEach(fs.Args(), stdin, stdout, stderr, func(i iri.IRI) (iri.IRI, error) {
		if *idna {
			return i.ToURIWithIDNA()
		}
		return i.ToURI(), nil
	})
}

func runIRI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("iri", "[-unicode-host] [URI...]", "Converts each URI reference to an IRI reference (RFC 3987, section 3.2).", stderr)
	unicodeHost := fs.Bool("unicode-host", false, "show the punycode labels of host names in Unicode")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	c := iri.Converter{UnicodeHosts: *unicodeHost}
	return convertEach(fs.Args(), stdin, stdout, stderr, func(i iri.IRI) (iri.IRI, error) {
		return c.ToIRI(i), nil
	})
}

// levelFlag adds the -level flag of the comparison commands.
func levelFlag(fs *flag.FlagSet) *iri.Level {
	level := iri.SchemeBased
	fs.Func("level", "`level` of the comparison ladder: simple, syntax, scheme or protocol (default scheme)", func(s string) error {
		l, err := iri.ParseLevel(s)
		level = l
		return err
	})
	return &level
}

func runNormalize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("normalize", "[-level L] [IRI...]", "Prints the canonical form of each IRI reference at a level of the comparison ladder.", stderr)
	level := levelFlag(fs)
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	return convertEach(fs.Args(), stdin, stdout, stderr, func(i iri.IRI) (iri.IRI, error) {
		return i.Normalize(*level), nil
	})
}

func runEqual(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("equal", "[-level L] A B", "Tells whether two IRI references are equivalent at a level of the comparison ladder.\n"+
		"Exit status: 0 equivalent, 1 different or undetermined, 2 bad input.", stderr)
	level := levelFlag(fs)
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	var refs [2]iri.IRI
	for k, s := range fs.Args() {
		i, err := iri.ParseReference(s)
		if err != nil {
			fmt.Fprintf(stderr, "%v\n%s\n", err, pointAt(err))
			return 2
		}
		refs[k] = i
	}
	c := iri.Comparer{Level: *level}
	result := c.Compare(refs[0], refs[1])
	fmt.Fprintln(stdout, result)
	if result == iri.Equivalent {
		return 0
	}
	return 1
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", "[IRI...]", "Reports the problems of each IRI reference, one per line.\n"+
		"Exit status: 0 no error-severity problem, 1 otherwise or on bad input.", stderr)
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	errorFound := false
	status := eachInput(fs.Args(), stdin, func(s string, line int) error {
		i, err := iri.ParseReference(s)
		if err != nil {
			return err
		}
		for _, p := range i.Check() {
			if line > 0 {
				fmt.Fprintf(out, "line %d: ", line)
			}
			fmt.Fprintf(out, "%s: %v\n", s, p)
			errorFound = errorFound || p.Severity == iri.Error
		}
		return nil
	}, errFlusher{out, stderr})
	if errorFound {
		return 1
	}
	return status
}

func runShow(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("show", "IRI...", "Prints the logical and visual order of each IRI reference, its URI,\n"+
		"and the text to display it with (in a left-to-right embedding, quoted).", stderr)
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	return eachInput(fs.Args(), stdin, func(s string, _ int) error {
		i, err := iri.ParseReference(s)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "logical  %s\n", i)
		fmt.Fprintf(out, "visual   %s\n", i.VisualOrder())
		fmt.Fprintf(out, "uri      %s\n", i.ToURI())
		fmt.Fprintf(out, "display  %s\n", strconv.QuoteToGraphic(i.DisplayEncoded(nil)))
		return nil
	}, errFlusher{out, stderr})
}

// convertEach parses each input as an IRI reference and prints what f
// makes of it, one line per input.
func convertEach(args []string, stdin io.Reader, stdout, stderr io.Writer, f func(iri.IRI) (iri.IRI, error)) int {
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	return eachInput(args, stdin, func(s string, _ int) error {
		i, err := iri.ParseReference(s)
		if err != nil {
			return err
		}
		if i, err = f(i); err != nil {
			return err
		}
		out.WriteString(i.String())
		return out.WriteByte('\n')
	}, errFlusher{out, stderr})
}

// errFlusher flushes standard output before each error line, so that the
// two streams interleave in order on a terminal.
type errFlusher struct {
	out *bufio.Writer
	err io.Writer
}

func (w errFlusher) Write(p []byte) (int, error) {
	w.out.Flush()
	return w.err.Write(p)
}

// pointAt shows the input of a *ParseError with a caret under the offending
// character.
func pointAt(err error) string {
	var pe *iri.ParseError
	if !errors.As(err, &pe) {
		return ""
	}
	shown := strconv.QuoteToGraphic(pe.Input)
	prefix := strconv.QuoteToGraphic(pe.Input[:pe.Offset])
	col := utf8.RuneCountInString(prefix) - 1 // the closing quote
	return "  " + shown + "\n  " + strings.Repeat(" ", col) + "^"
}
