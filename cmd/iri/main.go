// Command iri parses, converts, compares and checks Internationalized
// Resource Identifiers (RFC 3987).
//
// Usage:
//
//	iri parse [-json] [IRI...]
//	iri uri [-json] [-idna] [IRI...]
//	iri iri [-json] [-unicode-host] [URI...]
//	iri normalize [-json] [-level L] [IRI...]
//	iri equal [-json] [-level L] A B
//	iri check [-json] [IRI...]
//	iri show [-json] [IRI...]
//	iri help [command]
//
// parse prints the components of each IRI reference, telling an absent
// component from an empty one. uri maps IRIs to URIs (RFC 3987, section
// 3.1), with -idna converting host names with IDNA's ToASCII. iri converts
// URIs to IRIs (section 3.2), with -unicode-host showing punycode host
// labels in Unicode. normalize prints the canonical form of each IRI at a
// level of the comparison ladder (section 5.3): simple, syntax, scheme (the
// default) or protocol. equal tells whether two IRIs are equivalent at a
// level. check reports the problems of each IRI (sections 4.2, 6.1, 7.5
// and 8), one per line. show prints the visual order of each IRI (for
// terminals without bidi support), its URI, and the text to display it
// with.
//
// With no IRI arguments, a command reads one reference per line from
// standard input and writes its results as it goes, so that it can run
// over millions of lines in a pipeline. An invalid line is reported with
// its line number on standard error, and processing goes on. With -json,
// every input gives one JSON object on one line of standard output,
// errors included.
//
// Exit status:
//
//	0  every input is valid (check: and has no error-severity problem;
//	   equal: the IRIs are equivalent)
//	1  some input is invalid (check: or has an error-severity problem;
//	   equal: the IRIs are different, or equivalence cannot be determined)
//	2  usage error (equal: or an input is not an IRI reference)
package main

import (
	"bufio"
	"encoding/json"
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

// A command is a subcommand of the tool.
type command struct {
	name    string
	args    string // the synopsis after the name
	summary string // one line for iri help
	details string // the rest of iri help NAME
	run     func(c *context, args []string) int
}

var commands []command

func init() {
	// Set here rather than in the declaration: runHelp refers to commands.
	commands = []command{
		{"parse", "[-json] [IRI...]", "print the components of each IRI reference",
			"An absent component prints as (absent), an empty one as \"\".", runParse},
		{"uri", "[-json] [-idna] [IRI...]", "map each IRI to a URI (RFC 3987, section 3.1)",
			"-idna converts the host names of DNS schemes with IDNA ToASCII.", runURI},
		{"iri", "[-json] [-unicode-host] [URI...]", "convert each URI to an IRI (RFC 3987, section 3.2)",
			"-unicode-host shows the punycode labels of host names in Unicode.", runIRI},
		{"normalize", "[-json] [-level L] [IRI...]", "print the canonical form of each IRI (section 5.3)",
			"-level is simple, syntax, scheme (the default) or protocol.", runNormalize},
		{"equal", "[-json] [-level L] A B", "tell whether A and B are equivalent (section 5.3)",
			"Prints equivalent, different or undetermined.\nExit status: 0 equivalent, 1 different or undetermined, 2 bad input.", runEqual},
		{"check", "[-json] [IRI...]", "report bidi, spoofing and encoding problems (sections 4, 7.5, 8)",
			"Prints one line per problem: severity, code, byte offset, component, message.\n" +
				"Exit status: 0 no error-severity problem, 1 otherwise or on bad input.", runCheck},
		{"show", "[-json] [IRI...]", "print the visual order, URI and display form of each IRI (section 4)",
			"The display form is quoted so that its embedding characters show.", runShow},
		{"help", "[command]", "print this help, or a command's", "", runHelp},
	}
}

const exitStatuses = `Exit status:
  0  every input valid (check: no error-severity problem; equal: equivalent)
  1  some input invalid (check: or an error-severity problem; equal: different or undetermined)
  2  usage error (equal: or an input that is not an IRI reference)`

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: iri <command> [arguments]")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %-33s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "With no IRI arguments, a command reads one per line from standard input.")
	fmt.Fprintln(w, "-json prints one JSON object per input, errors included.")
	fmt.Fprintln(w, exitStatuses)
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name := args[0]
	if name == "-h" || name == "-help" || name == "--help" {
		name = "help"
	}
	for _, cmd := range commands {
		if cmd.name == name {
			c := &context{cmd: cmd, stdin: stdin, out: bufio.NewWriter(stdout), stderr: stderr}
			defer c.out.Flush()
			return cmd.run(c, args[1:])
		}
	}
	fmt.Fprintf(stderr, "iri: unknown command %q\n\n", name)
	usage(stderr)
	return 2
}

func runHelp(c *context, args []string) int {
	if len(args) == 0 {
		usage(c.out)
		return 0
	}
	for _, cmd := range commands {
		if cmd.name == args[0] && cmd.name != "help" {
			// The command's own -h, written to standard output.
			help := &context{cmd: cmd, stdin: c.stdin, out: c.out, stderr: c.out}
			cmd.run(help, []string{"-h"})
			return 0
		}
	}
	fmt.Fprintf(c.stderr, "iri: unknown command %q\n", args[0])
	return 2
}

// A context is what a command runs with.
type context struct {
	cmd    command
	stdin  io.Reader
	out    *bufio.Writer
	stderr io.Writer
	json   bool
	fs     *flag.FlagSet
}

// flags returns the command's flag set, with -json; its usage tells the
// synopsis and details.
func (c *context) flags() *flag.FlagSet {
	fs := flag.NewFlagSet(c.cmd.name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: iri %s %s\n%s.\n", c.cmd.name, c.cmd.args, upperFirst(c.cmd.summary))
		if c.cmd.details != "" {
			fmt.Fprintln(w, c.cmd.details)
		}
		fs.PrintDefaults()
	}
	if c.cmd.name != "help" {
		fs.BoolVar(&c.json, "json", false, "print one JSON object per input")
	}
	c.fs = fs
	return fs
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// parseFlags parses the command's flags; it returns false with the exit
// status when the command must stop there.
func (c *context) parseFlags(args []string) (int, bool) {
	if err := c.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

// eachInput calls f on each argument or, with none, on each line of
// standard input, with its line number (0 for an argument). f returns the
// text to print or the value to print as JSON, or an error, which is
// reported with the line number. eachInput returns 1 if f failed on any input.
func (c *context) eachInput(f func(s string, line int) (text string, value any, err error)) int {
	status := 0
	handle := func(s string, line int) {
		text, value, err := f(s, line)
		switch {
		case err != nil && c.json:
			c.writeJSON(errorObject(s, line, err))
		case err != nil:
			c.out.Flush() // keep the two streams in order on a terminal
			if line > 0 {
				fmt.Fprintf(c.stderr, "line %d: ", line)
			}
			fmt.Fprintln(c.stderr, err)
			if p := pointAt(err); p != "" {
				fmt.Fprintln(c.stderr, p)
			}
		case c.json:
			c.writeJSON(value)
		default:
			c.out.WriteString(text)
		}
		if err != nil {
			status = 1
		}
	}
	if args := c.fs.Args(); len(args) > 0 {
		for _, s := range args {
			handle(s, 0)
		}
		return status
	}
	sc := bufio.NewScanner(c.stdin)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for line := 1; sc.Scan(); line++ {
		handle(sc.Text(), line)
	}
	if err := sc.Err(); err != nil {
		c.out.Flush()
		fmt.Fprintln(c.stderr, "iri:", err)
		return 1
	}
	return status
}

// eachIRI is eachInput for commands that take IRI references: it parses
// each input as ParseReference does before calling f.
func (c *context) eachIRI(f func(s string, line int, i iri.IRI) (text string, value any, err error)) int {
	return c.eachInput(func(s string, line int) (string, any, error) {
		i, err := iri.ParseReference(s)
		if err != nil {
			return "", nil, err
		}
		return f(s, line, i)
	})
}

func (c *context) writeJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	c.out.Write(b)
	c.out.WriteByte('\n')
}

// errorObject is the JSON form of an error on an input.
func errorObject(input string, line int, err error) map[string]any {
	obj := map[string]any{"input": input, "error": err.Error()}
	if line > 0 {
		obj["line"] = line
	}
	var pe *iri.ParseError
	if errors.As(err, &pe) {
		obj["offset"] = pe.Offset
		obj["rule"] = pe.Rule
	}
	return obj
}

// pointAt shows the input of a *ParseError with a caret under the offending
// character.
func pointAt(err error) string {
	var pe *iri.ParseError
	if !errors.As(err, &pe) || pe.Offset > len(pe.Input) {
		return ""
	}
	shown := strconv.QuoteToGraphic(pe.Input)
	prefix := strconv.QuoteToGraphic(pe.Input[:pe.Offset])
	col := utf8.RuneCountInString(prefix) - 1 // the closing quote
	return "  " + shown + "\n  " + strings.Repeat(" ", col) + "^"
}
