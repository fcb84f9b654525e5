// Command iri parses, builds, converts, resolves, compares and checks
// Internationalized Resource Identifiers (RFC 3987).
//
// Usage:
//
//	iri parse [-json] [-lenient] [IRI...]
//	iri build [-json] [component flags]
//	iri uri [-json] [-lenient] [-idna] [IRI...]
//	iri iri [-json] [-lenient] [-unicode-host] [URI...]
//	iri normalize [-json] [-lenient] [-level L] [IRI...]
//	iri equal [-json] [-lenient] [-level L] A B
//	iri resolve [-json] [-lenient] BASE [REF...]
//	iri relativize [-json] [-lenient] [options] BASE [IRI...]
//	iri check [-json] [-lenient] [-advice] [IRI...]
//	iri show [-json] [-lenient] [IRI...]
//	iri file [-json] [-style S] [PATH...]
//	iri path [-json] [-lenient] [-style S] [IRI...]
//	iri expand [-json] [-iri] TEMPLATE [name=value | name=a,b,c]...
//	iri match [-json] [-lenient] TEMPLATE [IRI...]
//	iri web [-json] [-base URL] [URL...]
//	iri validate [-json] [-base URL] [URL...]
//	iri canon [-json] [-preset NAME] [-sort-query] [-drop-param NAME]... [-surt] [URL...]
//	iri version
//	iri help [command]
//
// With no IRI arguments, a command reads one per line from standard input
// and writes its results as it goes: output is flushed whenever the input
// has nothing more ready, so the tool answers each line of a pipe that
// stays open (tail -f), while a large file still goes out in large
// writes. An invalid line is reported with its line number on standard
// error, and processing goes on; so does it after a line longer than 64
// MiB, which is reported and skipped. The commands that turn each input
// into one line (uri, iri, normalize, resolve, relativize, file, path,
// canon) write an empty line for an input they reject, so that output
// lines line up with input lines (paste, join); the others write several
// lines per input (check: only the inputs with problems, after their
// line numbers). With -json, every input gives one JSON object on one
// line of standard output, errors included. With
// -lenient, each input is read as typed or pasted text (iri.ParseUserInput:
// surrounding white space dropped, characters the grammar refuses
// percent-encoded), with a note on standard error of what was repaired.
//
// Flags may come before or after the arguments; "--" ends them, so that
// an IRI reference that starts with "-" can be given.
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
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"golang.org/x/text/width"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/internal/redact"
	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// A command is a subcommand of the tool. The dispatcher parses its flags
// (with -json, and -lenient where it reads IRIs), prints its help and
// owns the output; run does the rest.
type command struct {
	name     string
	synopsis string // after the name
	summary  string // one line for iri help
	details  string // the rest of iri help NAME
	readsIRI bool   // takes -lenient
	// oneLine: each input gives one line of output, and in plain mode a
	// rejected input an empty line, so that output lines line up with
	// input lines (paste, join, a spreadsheet's columns).
	oneLine bool
	// flags defines the command's own flags on a flag set, bound to a
	// new value of its options, and returns the run function that
	// receives that value: withFlags makes it. Nil for a command without
	// flags of its own, which run runs.
	flags func(fs *flag.FlagSet) runFunc
	run   runFunc
}

// A runFunc runs a command on its arguments, its flags parsed, and
// returns the exit status.
type runFunc func(c *context, args []string) int

// withFlags makes the flags field of a command whose options are a value
// of type O: flags binds them on the flag set, run receives them once
// parsed. Each run has its own value, so no two share flags.
func withFlags[O any](flags func(o *O, fs *flag.FlagSet), run func(c *context, args []string, o O) int) func(*flag.FlagSet) runFunc {
	return func(fs *flag.FlagSet) runFunc {
		o := new(O)
		flags(o, fs)
		return func(c *context, args []string) int { return run(c, args, *o) }
	}
}

var commands []command

func init() {
	// Set here rather than in the declaration: help refers to commands.
	commands = []command{
		{name: "parse", synopsis: "[IRI...]", summary: "print the components of each IRI reference",
			details:  "An absent component prints as (absent), an empty one as \"\"; then the decoded\npath segments and query parameters.",
			readsIRI: true, run: runParse},
		{name: "build", synopsis: "[-scheme S] [-userinfo U] [-host H] [-port P] [-path P] [-query Q] [-fragment F] [-segment S]... [-param N=V]...",
			summary: "build an IRI from components",
			details: "Components are given as written (percent-encodings kept); a flag given, even empty,\nmakes its component present. -segment and -param take plain text, escaped here,\nand append to the path and the query.",
			flags:   withFlags(buildFlags, runBuild)},
		{name: "uri", synopsis: "[-idna] [IRI...]", summary: "map each IRI to a URI (RFC 3987, section 3.1)",
			readsIRI: true, oneLine: true, flags: withFlags(func(o *uriOptions, fs *flag.FlagSet) {
				fs.BoolVar(&o.idna, "idna", false, "convert the host names of DNS schemes with IDNA ToASCII")
			}, runURI)},
		{name: "iri", synopsis: "[-unicode-host] [URI...]", summary: "convert each URI to an IRI (RFC 3987, section 3.2)",
			readsIRI: true, oneLine: true, flags: withFlags(func(o *iri.Converter, fs *flag.FlagSet) {
				fs.BoolVar(&o.UnicodeHosts, "unicode-host", false, "show the punycode labels of host names in Unicode")
			}, runIRI)},
		{name: "normalize", synopsis: "[-level L] [-ignore-fragment] [-base BASE] [IRI...]", summary: "print the canonical form of each IRI (section 5.3)",
			details:  "-base resolves each reference against BASE first; -ignore-fragment drops fragments (section 5.1).",
			readsIRI: true, oneLine: true, flags: withFlags(func(o *normalizeOptions, fs *flag.FlagSet) {
				levelFlag(&o.level, fs)
				fs.BoolVar(&o.ignoreFragment, "ignore-fragment", false, "drop the fragment, as comparison for retrieval does")
				fs.StringVar(&o.base, "base", "", "resolve each reference against `BASE` first")
			}, runNormalize)},
		{name: "equal", synopsis: "[-level L] A B", summary: "tell whether A and B are equivalent (section 5.3)",
			details:  "Prints equivalent, different or undetermined.\nExit status: 0 equivalent, 1 different or undetermined, 2 bad input.",
			readsIRI: true, flags: withFlags(levelFlag, runEqual)},
		{name: "resolve", synopsis: "BASE [REF...]", summary: "resolve each reference against BASE (RFC 3986, section 5.2)",
			readsIRI: true, oneLine: true, run: runResolve},
		{name: "relativize", synopsis: "[options] BASE [IRI...]", summary: "print the reference from BASE to each IRI",
			details:  "-style is shortest (the default), jsonld or document; the other flags refine it.",
			readsIRI: true, oneLine: true, flags: withFlags(relativizeFlags, runRelativize)},
		{name: "check", synopsis: "[-advice] [-protect FILE] [IRI or host...]", summary: "report bidi, spoofing, encoding and scheme problems (sections 4, 7.5, 8)",
			details:  "Prints each input once, then one line per problem: severity, code, byte offset,\ncomponent, message. Exit status: 0 no error-severity problem, 1 otherwise or on bad input.",
			readsIRI: true, flags: withFlags(func(o *checkOptions, fs *flag.FlagSet) {
				fs.BoolVar(&o.checker.Advice, "advice", false, "also report what differs from the normal form")
				fs.StringVar(&o.protectFile, "protect", "", "report hosts that look like a name of `FILE` (one a line), as Checker.Protect")
			}, runCheck)},
		{name: "show", synopsis: "[IRI...]", summary: "print the visual order, URI and display form of each IRI (section 4)",
			details: "The display form is quoted so that its embedding characters show.", readsIRI: true, run: runShow},
		{name: "file", synopsis: "[-style S] [PATH...]", summary: "print the file IRI of each absolute file path (RFC 8089)",
			details: "-style is posix or windows; the default is the system's.", oneLine: true, flags: withFlags(styleFlag, runFile)},
		{name: "path", synopsis: "[-style S] [IRI...]", summary: "print the file path of each file IRI (RFC 8089)",
			details: "-style is posix or windows; the default is the system's.", readsIRI: true, oneLine: true, flags: withFlags(styleFlag, runPath)},
		{name: "expand", synopsis: "[-iri] TEMPLATE [name=value | name=a,b,c]...", summary: "expand a URI Template (RFC 6570)",
			details: "A value with commas is a list; name= is the empty string, a name not given is undefined.",
			flags:   withFlags(templateFlags, runExpand)},
		{name: "match", synopsis: "TEMPLATE [IRI...]", summary: "print the variables of each IRI that TEMPLATE expands to",
			details:  "Prints each input, then one line per defined variable: its name and value, a list in [].\nAn input the template cannot expand to is reported on standard error (exit status 1).",
			readsIRI: true, run: runMatch},
		canonCommand,
		webCommand,
		validateCommand,
		{name: "version", summary: "print the version of the tool", run: runVersion},
		{name: "help", synopsis: "[command]", summary: "print this help, or a command's", run: runHelp},
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
		fmt.Fprintf(w, "  %-11s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "With no IRI arguments, a command reads one per line from standard input.")
	fmt.Fprintln(w, "-json prints one JSON object per input, errors included; -lenient reads each")
	fmt.Fprintln(w, "input as typed text. Flags may follow the arguments; -- ends them.")
	fmt.Fprintln(w, "uri, iri, normalize, resolve, relativize, file, path and canon write one line per")
	fmt.Fprintln(w, "input: an empty line for a rejected one, its error on standard error with its line")
	fmt.Fprintln(w, "number, so that output lines line up with input lines. The others write several")
	fmt.Fprintln(w, "lines per input (check: only the inputs with problems); with -json, one each.")
	fmt.Fprintln(w, exitStatuses)
}

// maxLine is the longest line read from standard input; a longer one is
// reported and skipped.
const maxLine = 64 << 20

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	for _, cmd := range commands {
		if cmd.name != name {
			continue
		}
		c := &context{cmd: cmd, stdin: stdin, stdout: stdout, out: bufio.NewWriterSize(stdout, 64<<10), stderr: stderr, maxLine: maxLine}
		defer c.out.Flush()
		fs, run := c.flagSet()
		positional, err := parseFlags(fs, args[1:])
		switch {
		case errors.Is(err, flag.ErrHelp):
			c.usage(c.stderr)
			return 0
		case err != nil:
			fmt.Fprintf(c.stderr, "iri %s: %s\n", cmd.name, quoteControls(err.Error()))
			c.usage(c.stderr)
			return 2
		}
		return run(c, positional)
	}
	fmt.Fprintf(stderr, "iri: unknown command %s\n\n", strconv.QuoteToGraphic(name))
	usage(stderr)
	return 2
}

// parseFlags parses flags wherever they stand among the arguments, up to
// a "--", and returns the other arguments in order.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// quoteControls escapes the characters of s that a terminal would act on
// (controls, bidi controls, bytes that are not UTF-8), as Go quotes them,
// and keeps the rest: the flag package echoes an unknown flag raw.
func quoteControls(s string) string {
	// Most text has nothing to escape: it is returned as it is, after a
	// byte loop over its printable ASCII; the escaping starts where
	// something needs it.
	p := 0
	for p < len(s) && ' ' <= s[p] && s[p] < 0x7F {
		p++
	}
	for p < len(s) && s[p] >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(s[p:])
		if r == utf8.RuneError && size == 1 || !strconv.IsGraphic(r) {
			break
		}
		p += size
		for p < len(s) && ' ' <= s[p] && s[p] < 0x7F {
			p++
		}
	}
	if p == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:p])
	for p < len(s) {
		r, size := utf8.DecodeRuneInString(s[p:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[p])
		case r != ' ' && !strconv.IsGraphic(r):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[p : p+size])
		}
		p += size
	}
	return b.String()
}

// A context is what a command runs with: the flags every command shares,
// its streams, and the exit status so far. The command's own flags are
// its options, which its run function receives.
type context struct {
	cmd    command
	stdin  io.Reader
	stdout io.Writer // what out writes to
	out    *bufio.Writer
	stderr io.Writer
	// progress is shown on a terminal during a long run over standard
	// input; nil when it is not.
	progress *progress
	maxLine  int

	json    bool
	lenient bool
	status  int
	enc     *json.Encoder
	scratch []byte // reused for output lines
}

// flagSet makes the flag set of c's command: -json, -lenient where it
// reads IRIs, and the command's own, bound to the options that the run
// function it returns receives; its errors are written by run.
func (c *context) flagSet() (*flag.FlagSet, runFunc) {
	fs := flag.NewFlagSet(c.cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if c.cmd.name != "help" && c.cmd.name != "version" {
		fs.BoolVar(&c.json, "json", false, "print one JSON object per input")
	}
	if c.cmd.readsIRI {
		fs.BoolVar(&c.lenient, "lenient", false, "read each input as typed text (iri.ParseUserInput)")
	}
	run := c.cmd.run
	if c.cmd.flags != nil {
		run = c.cmd.flags(fs)
	}
	return fs, run
}

// usage writes the command's synopsis, details and flags.
func (c *context) usage(w io.Writer) {
	fmt.Fprintf(w, "usage: iri %s %s\n%s.\n", c.cmd.name, c.cmd.synopsis, upperFirst(c.cmd.summary))
	if c.cmd.details != "" {
		fmt.Fprintln(w, c.cmd.details)
	}
	if c.cmd.oneLine {
		fmt.Fprintln(w, oneLineUsage)
	}
	fs, _ := c.flagSet()
	fs.SetOutput(w)
	fs.PrintDefaults()
}

const oneLineUsage = "One line per input: an empty line for a rejected input (its error goes to standard\n" +
	"error with its line number), so that output lines line up with input lines."

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// An input is one IRI reference to process: an argument (line 0) or a
// line of standard input.
type input struct {
	text string
	line int
	// masked is the span of the original text that redact.Mask replaces
	// in text (a password), when maskedEnd > 0: the offsets of an error
	// on the original text move with it.
	maskedStart, maskedEnd int
}

// redacted returns in with the password of its text (passwordSpan)
// replaced by redact.Mask.
func (in input) redacted() input {
	start, end, ok := passwordSpan(in.text)
	if !ok {
		return in
	}
	return input{in.text[:start] + redact.Mask + in.text[end:], in.line, start, end}
}

// shift maps an offset in the original text to the text shown: after the
// password, moved by the difference of lengths; inside it, to its start.
func (in input) shift(offset int) int {
	switch {
	case in.maskedEnd == 0 || offset <= in.maskedStart:
		return offset
	case offset >= in.maskedEnd:
		return offset + len(redact.Mask) - (in.maskedEnd - in.maskedStart)
	}
	return in.maskedStart
}

// each calls f on each argument or, with none, on each line of standard
// input, and reports the errors f returns; it returns the exit status.
func (c *context) each(args []string, f func(in input) error) int {
	handle := func(in input) {
		if err := f(in); err != nil {
			c.fail(in, err)
		}
	}
	if len(args) > 0 {
		for _, s := range args {
			handle(input{text: s, line: 0})
		}
		return c.status
	}
	if isTerminal(c.stdin) {
		fmt.Fprintf(c.stderr, "iri %s: reading from standard input, one per line (end with Ctrl-D)\n", c.cmd.name)
	}
	c.progress = newProgress(c.cmd.name, c.stdin, c.stdout, c.stderr)
	defer c.progress.clear()
	r := bufio.NewReaderSize(c.stdin, 64<<10)
	var buf []byte
	for line := 1; ; line++ {
		text, tooLong, err := readLine(r, &buf, c.maxLine)
		if text == nil && !tooLong && err == io.EOF {
			break
		}
		if tooLong {
			c.fail(input{text: "", line: line}, fmt.Errorf("line longer than %d bytes, skipped", c.maxLine))
		} else {
			handle(input{text: string(text), line: line})
		}
		c.progress.add(len(text) + 1)
		// Streaming: answer what has arrived before waiting for more.
		if r.Buffered() == 0 {
			c.out.Flush()
		}
		if err != nil {
			if err != io.EOF {
				c.out.Flush()
				c.progress.clear()
				fmt.Fprintln(c.stderr, "iri:", err)
				return 1
			}
			break
		}
	}
	return c.status
}

// readLine reads a line without its "\n" (or "\r\n") into *buf. A line
// longer than max is read to its end and reported as tooLong. At the end
// of the input it returns a nil text and io.EOF.
func readLine(r *bufio.Reader, buf *[]byte, max int) (text []byte, tooLong bool, err error) {
	*buf = (*buf)[:0]
	n := 0 // the bytes of the line so far
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if n > max+2 {
			tooLong = true
			*buf = (*buf)[:0]
		} else {
			*buf = append(*buf, chunk...)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil && err != io.EOF:
			return nil, tooLong, err
		case err == io.EOF && n == 0:
			return nil, false, io.EOF
		}
		line := bytes.TrimSuffix(bytes.TrimSuffix(*buf, []byte("\n")), []byte("\r"))
		if tooLong || len(line) > max {
			return nil, true, err
		}
		return line, false, err
	}
}

// parse reads in as an IRI reference: strictly, or with -lenient as
// typed text, noting on standard error what was repaired.
func (c *context) parse(in input) (iri.IRI, error) {
	if !c.lenient {
		return iri.ParseReference(in.text)
	}
	i, err := iri.ParseUserInput(in.text)
	if err == nil && i.String() != in.text {
		c.out.Flush()
		shown := i.Redacted() // as RFC 3986 reads the userinfo
		if !i.HasUserinfo() {
			shown = redactInput(shown) // as a browser reads it
		}
		fmt.Fprintf(c.stderr, "%sread leniently as %s\n", linePrefix(in.line), strconv.QuoteToGraphic(shown))
	}
	return i, err
}

// eachIRI is each for commands that take IRI references.
func (c *context) eachIRI(args []string, f func(in input, i iri.IRI) error) int {
	return c.each(args, func(in input) error {
		i, err := c.parse(in)
		if err != nil {
			return err
		}
		return f(in, i)
	})
}

func linePrefix(line int) string {
	if line == 0 {
		return ""
	}
	return "line " + strconv.Itoa(line) + ": "
}

// fail reports an error on an input, as JSON on standard output with
// -json, else on standard error with a caret under the offending
// character and, for a command of one line per input, an empty line on
// standard output in its place; it sets the exit status to 1.
func (c *context) fail(in input, err error) {
	c.status = max(c.status, 1)
	if c.json {
		c.writeJSON(errorObject(in, err))
		return
	}
	c.out.Flush() // keep the two streams in order on a terminal
	c.progress.clear()
	fmt.Fprintf(c.stderr, "%s%s\n", linePrefix(in.line), quoteControls(redactMessage(err.Error(), in.text)))
	if p := pointAt(in, err); p != "" {
		fmt.Fprintln(c.stderr, p)
	}
	if c.cmd.oneLine {
		c.out.WriteByte('\n')
	}
}

func (c *context) writeJSON(v any) {
	if c.enc == nil {
		c.enc = json.NewEncoder(c.out)
		c.enc.SetEscapeHTML(false)
	}
	if err := c.enc.Encode(v); err != nil {
		fmt.Fprintf(c.out, "{\"error\":%q}\n", err.Error())
	}
}

// errorJSON is the JSON form of an error on an input: its message, and
// where it points, the offset in the input and the rule of the grammar or
// the standard that failed, when the error says. An input that is not
// UTF-8 comes with InputGo, as convertJSON's does.
type errorJSON struct {
	Input   string `json:"input"`
	Line    int    `json:"line,omitempty"`
	InputGo string `json:"input_go,omitempty"`
	Error   string `json:"error"`
	Offset  *int   `json:"offset,omitempty"`
	Rule    string `json:"rule,omitempty"`
}

func errorObject(in input, err error) errorJSON {
	shown := redactInput(in.text)
	obj := errorJSON{Input: shown, Line: in.line, InputGo: goLiteral(shown), Error: redactMessage(err.Error(), in.text)}
	if _, offset, rule, ok := errorPlace(in, err); ok {
		obj.Offset, obj.Rule = &offset, rule
	}
	return obj
}

// errorPlace returns the text an error on an input points into, the
// offset in it and the rule that failed: for an *iri.ParseError on the
// input itself (not one on a part of it, such as a host IDNA refuses, nor
// on the text -lenient repaired), for a *web.Error and a *canon.Error
// the input as given (their Input has the password redacted). A
// *canon.Error that could not read the input points where its *web.Error
// does, with the URL Standard's name of the error; one whose key does not
// read back gives its own offset and rule ("invalid-result"): the
// *web.Error's offset is in the key.
func errorPlace(in input, err error) (text string, offset int, rule string, ok bool) {
	var pe *iri.ParseError
	var ce *canon.Error
	var we *web.Error
	switch {
	case errors.As(err, &pe):
		if pe.Input != in.text {
			return "", 0, "", false
		}
		return pe.Input, pe.Offset, pe.Rule, true
	case errors.As(err, &ce):
		if ce.Rule != "invalid-result" && errors.As(ce.Err, &we) {
			return in.text, we.Offset, we.Rule, true
		}
		return in.text, ce.Offset, ce.Rule, true
	case errors.As(err, &we):
		return in.text, we.Offset, we.Rule, true
	}
	return "", 0, "", false
}

// pointAt shows the text an error points into with a caret under the
// offending character.
func pointAt(in input, err error) string {
	text, offset, _, ok := errorPlace(in, err)
	if ok && text == in.text {
		offset = in.shift(offset) // the offset is the input's: text may have its password masked
	}
	if !ok || offset > len(text) || len(text) > 200 {
		return ""
	}
	if start, end, ok := passwordSpan(text); ok {
		text = text[:start] + redact.Mask + text[end:]
		if offset >= end {
			offset += len(redact.Mask) - (end - start)
		} else if offset > start {
			offset = start
		}
	}
	shown := strconv.QuoteToGraphic(text)
	prefix := strconv.QuoteToGraphic(text[:offset])
	col := displayColumns(prefix) - 1 // the closing quote
	return "  " + shown + "\n  " + strings.Repeat(" ", col) + "^"
}

// displayColumns counts the columns s takes on a terminal: two for an East
// Asian wide or fullwidth character, none for a combining mark, one for
// the others.
func displayColumns(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

func runHelp(c *context, args []string) int {
	if len(args) == 0 {
		usage(c.out)
		return 0
	}
	for _, cmd := range commands {
		if cmd.name == args[0] {
			(&context{cmd: cmd}).usage(c.out)
			return 0
		}
	}
	fmt.Fprintf(c.stderr, "iri: unknown command %s\n", strconv.QuoteToGraphic(args[0]))
	return 2
}

func runVersion(c *context, args []string) int {
	version := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		version = info.Main.Version
	}
	fmt.Fprintln(c.out, "iri", version)
	return 0
}
