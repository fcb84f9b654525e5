package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/fileiri"
	"github.com/iri-go/iri/idn"
)

// parseJSON is what parse prints with -json; an absent component is null.
type parseJSON struct {
	Input    string      `json:"input"`
	Line     int         `json:"line,omitempty"` // of standard input
	Kind     string      `json:"kind"`
	Scheme   *string     `json:"scheme"`
	Userinfo *string     `json:"userinfo"`
	Host     *string     `json:"host"`
	Port     *string     `json:"port"`
	Path     string      `json:"path"`
	Query    *string     `json:"query"`
	Fragment *string     `json:"fragment"`
	Segments []string    `json:"segments"`
	Params   [][2]string `json:"params"`
}

func runParse(c *context, args []string) int {
	return c.eachIRI(args, func(in input, i iri.IRI) error {
		kind := "relative reference"
		if i.IsAbsolute() {
			kind = "IRI"
		}
		fields := [...]struct {
			name    string
			present bool
			value   string
		}{
			{"scheme", i.IsAbsolute(), i.Scheme()},
			{"userinfo", i.HasUserinfo(), i.Userinfo()},
			{"host", i.HasAuthority(), i.Host()},
			{"port", i.HasPort(), i.Port()},
			{"path", true, i.Path()},
			{"query", i.HasQuery(), i.Query()},
			{"fragment", i.HasFragment(), i.Fragment()},
		}
		if c.json {
			obj := parseJSON{Input: in.text, Line: in.line, Kind: kind, Path: i.Path(), Segments: []string{}, Params: [][2]string{}}
			for k, p := range []**string{&obj.Scheme, &obj.Userinfo, &obj.Host, &obj.Port, nil, &obj.Query, &obj.Fragment} {
				if p != nil && fields[k].present {
					v := fields[k].value // a copy: fields stays on the stack
					*p = &v
				}
			}
			for s := range i.PathSegments() {
				obj.Segments = append(obj.Segments, s)
			}
			for n, v := range i.QueryParams() {
				obj.Params = append(obj.Params, [2]string{n, v})
			}
			c.writeJSON(obj)
			return nil
		}
		// Text that is printable ASCII without "%" needs no quoting, nor do
		// its components and the values decoded from them.
		quote := appendQuoted
		if plainASCII(i.String()) {
			quote = appendInQuotes
		}
		// One buffer for the whole record, written at once.
		q := append(c.scratch[:0], i.String()...)
		q = append(q, "\n  kind      "...)
		q = append(q, kind...)
		q = append(q, '\n')
		for _, f := range fields {
			q = append(q, "  "...)
			q = append(q, f.name...)
			q = append(q, "          "[len(f.name):]...)
			if f.present {
				q = quote(q, f.value)
			} else {
				q = append(q, "(absent)"...)
			}
			q = append(q, '\n')
		}
		if i.Path() != "" {
			q = append(q, "  segments "...)
			for s := range i.PathSegments() {
				q = quote(append(q, ' '), s)
			}
			q = append(q, '\n')
		}
		if i.Query() != "" {
			q = append(q, "  params   "...)
			for n, v := range i.QueryParams() {
				q = quote(append(q, ' '), n)
				q = quote(append(q, '='), v)
			}
			q = append(q, '\n')
		}
		c.out.Write(q)
		c.scratch = q
		return nil
	})
}

// convertJSON is what the commands that turn each input into one IRI
// print with -json.
//
// JSON strings hold Unicode text: encoding/json writes a byte that is not
// part of UTF-8 as U+FFFD, which would name another file ("file:///a%FFb"
// has the path "/a\xffb"). When the input or output is not UTF-8, a second
// field carries it losslessly as a Go string literal (strconv.Quote).
type convertJSON struct {
	Input    string `json:"input"`
	Line     int    `json:"line,omitempty"` // of standard input
	Output   string `json:"output"`
	InputGo  string `json:"input_go,omitempty"`
	OutputGo string `json:"output_go,omitempty"`
}

// goLiteral returns s as a Go string literal when it is not UTF-8, and ""
// when it is (encoding/json carries it as it is).
func goLiteral(s string) string {
	if utf8.ValidString(s) {
		return ""
	}
	return strconv.Quote(s)
}

// convertEach prints what f makes of each input.
func convertEach(c *context, args []string, f func(iri.IRI) (iri.IRI, error)) int {
	return c.eachIRI(args, func(in input, i iri.IRI) error {
		o, err := f(i)
		if err != nil {
			return err
		}
		c.writeOutput(in, o.String())
		return nil
	})
}

// writeOutput prints the one result of an input: a line, or
// {"input": ..., "output": ...}.
func (c *context) writeOutput(in input, output string) {
	if c.json {
		c.writeJSON(convertJSON{in.text, in.line, output, goLiteral(in.text), goLiteral(output)})
		return
	}
	c.out.WriteString(output)
	c.out.WriteByte('\n')
}

// uriOptions are the flags of uri.
type uriOptions struct {
	idna bool
}

func runURI(c *context, args []string, o uriOptions) int {
	return convertEach(c, args, func(i iri.IRI) (iri.IRI, error) {
		if o.idna {
			return i.ToURIWithIDNA()
		}
		return i.ToURI(), nil
	})
}

// runIRI converts with the flags of iri, which are those of a Converter.
func runIRI(c *context, args []string, conv iri.Converter) int {
	return convertEach(c, args, func(i iri.IRI) (iri.IRI, error) { return conv.ToIRI(i), nil })
}

// levelFlag adds the -level flag of the comparison commands, bound to l,
// which it sets to the default.
func levelFlag(l *iri.Level, fs *flag.FlagSet) {
	*l = iri.SchemeBased
	fs.Func("level", "`level` of the comparison ladder: simple, syntax, scheme or protocol (default scheme)", func(s string) error {
		for level := iri.SimpleString; level <= iri.ProtocolBased; level++ {
			if strings.EqualFold(s, level.String()) {
				*l = level
				return nil
			}
		}
		return fmt.Errorf("unknown comparison level %q", s)
	})
}

// normalizeOptions are the flags of normalize.
type normalizeOptions struct {
	level          iri.Level
	ignoreFragment bool
	base           string
}

func runNormalize(c *context, args []string, o normalizeOptions) int {
	comparer := &iri.Comparer{Level: o.level, IgnoreFragment: o.ignoreFragment}
	if o.base != "" {
		base, ok := c.baseArg([]string{o.base})
		if !ok {
			return 2
		}
		comparer.Base = base
	}
	return convertEach(c, args, func(i iri.IRI) (iri.IRI, error) { return comparer.Normalize(i), nil })
}

type equalJSON struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Level  string `json:"level"`
	Result string `json:"result"`
}

func runEqual(c *context, args []string, level iri.Level) int {
	if len(args) != 2 {
		fmt.Fprintf(c.stderr, "iri equal: want two IRI references, got %d\n", len(args))
		c.usage(c.stderr)
		return 2
	}
	var refs [2]iri.IRI
	for k, s := range args {
		i, err := c.parse(input{text: s, line: 0})
		if err != nil {
			c.fail(input{text: s, line: 0}, err)
			return 2
		}
		refs[k] = i
	}
	comparer := &iri.Comparer{Level: level}
	result := comparer.Compare(refs[0], refs[1])
	if c.json {
		c.writeJSON(equalJSON{refs[0].String(), refs[1].String(), level.String(), result.String()})
	} else {
		fmt.Fprintln(c.out, result)
	}
	if result == iri.Equivalent {
		return 0
	}
	return 1
}

// usageError reports a usage error: on standard error with the usage, and
// with -json also as a JSON object on standard output, so that a consumer
// of the JSON stream sees it.
func (c *context) usageError(msg string) {
	if c.json {
		c.writeJSON(struct {
			Error string `json:"error"`
			Usage bool   `json:"usage"`
		}{msg, true})
	}
	fmt.Fprintf(c.stderr, "iri %s: %s\n", c.cmd.name, quoteControls(msg))
	c.usage(c.stderr)
}

// baseArg parses the BASE argument of resolve and relativize, which must
// be an absolute IRI.
func (c *context) baseArg(args []string) (iri.IRI, bool) {
	if len(args) == 0 {
		c.usageError("want a BASE IRI")
		return iri.IRI{}, false
	}
	base, err := c.parse(input{text: args[0], line: 0})
	if err == nil && !base.IsAbsolute() {
		err = fmt.Errorf("base %s is not absolute (RFC 3986, section 5.2.1)", strconv.QuoteToGraphic(args[0]))
	}
	if err != nil {
		c.usageError(err.Error())
		return iri.IRI{}, false
	}
	return base, true
}

func runResolve(c *context, args []string) int {
	base, ok := c.baseArg(args)
	if !ok {
		return 2
	}
	return convertEach(c, args[1:], func(ref iri.IRI) (iri.IRI, error) { return base.Resolve(ref), nil })
}

// relativizeFlags adds the options of relativize, bound to o.
func relativizeFlags(o *iri.RelativizeOptions, fs *flag.FlagSet) {
	fs.Func("style", "`style` to start from: shortest, jsonld or document", func(s string) error {
		styles := map[string]iri.RelativizeOptions{
			"shortest": iri.RelativizeOptions{}, "jsonld": iri.RelativizeJSONLD, "document": iri.RelativizeDocument,
		}
		style, ok := styles[s]
		if !ok {
			return fmt.Errorf("unknown style %s", strconv.QuoteToGraphic(s))
		}
		*o = style
		return nil
	})
	fs.BoolVar(&o.SameAuthority, "same-authority", false, "relative only on the base's scheme and authority (no //host references)")
	fs.BoolVar(&o.ParentSteps, "parents", false, "prefer ../ steps to an absolute path")
	fs.IntVar(&o.MaxParents, "max-parents", 0, "at most `n` ../ steps (0: no limit, -1: none)")
	fs.BoolVar(&o.NonEmpty, "non-empty", false, "never the empty reference")
	fs.BoolVar(&o.NoDotEnd, "no-dot-end", false, "./ and ../ rather than . and ..")
	fs.BoolVar(&o.SameDocument, "same-document", false, "relative only within the base's document")
}

func runRelativize(c *context, args []string, o iri.RelativizeOptions) int {
	base, ok := c.baseArg(args)
	if !ok {
		return 2
	}
	return convertEach(c, args[1:], func(target iri.IRI) (iri.IRI, error) {
		r, ok := base.RelativizeWith(target, o)
		if !ok {
			return iri.IRI{}, fmt.Errorf("no reference from %s resolves to %s", base, target)
		}
		return r, nil
	})
}

type problemJSON struct {
	Code      string `json:"code"`
	Severity  string `json:"severity"`
	Component string `json:"component"`
	Offset    int    `json:"offset"`
	Message   string `json:"message"`
	Count     int    `json:"count"` // occurrences in the component
}

type checkJSON struct {
	Input    string        `json:"input"`
	Line     int           `json:"line,omitempty"`
	Problems []problemJSON `json:"problems"`
}

// checkOptions are the flags of check.
type checkOptions struct {
	checker     iri.Checker // Advice set by its flag
	protectFile string
}

func runCheck(c *context, args []string, o checkOptions) int {
	if o.protectFile != "" {
		names, err := readNames(o.protectFile)
		if err != nil {
			c.usageError(err.Error())
			return 2
		}
		o.checker.Protect = idn.NewProtected(names)
	}
	errorFound := false
	status := c.eachIRI(args, func(in input, i iri.IRI) error {
		if host, ok := bareHost(i); ok {
			// A host alone ("xn--80ak6aa92e.com") is checked as the host
			// of an http IRI, its offsets those of the input.
			i = iri.MustParse("http://" + host + "/")
			problems := o.checker.Check(i)
			for k := range problems {
				problems[k].Offset = max(problems[k].Offset-len("http://"), 0)
			}
			return c.writeProblems(in, host, problems, &errorFound)
		}
		return c.writeProblems(in, i.String(), o.checker.Check(i), &errorFound)
	})
	if errorFound {
		return max(status, 1)
	}
	return status
}

// bareHost reports whether a reference is a host name alone: a path of
// one segment with a dot, letters, digits, hyphens and characters beyond
// ASCII, no scheme, query or fragment.
func bareHost(i iri.IRI) (string, bool) {
	if i.Scheme() != "" || i.HasAuthority() || i.HasQuery() || i.HasFragment() {
		return "", false
	}
	p := i.Path()
	if !strings.Contains(p, ".") || strings.HasPrefix(p, ".") {
		return "", false
	}
	for _, r := range p {
		if r < 0x80 && !('a' <= r|0x20 && r|0x20 <= 'z' || '0' <= r && r <= '9' || r == '-' || r == '.') {
			return "", false
		}
	}
	if _, err := iri.Parse("http://" + p + "/"); err != nil {
		return "", false
	}
	return p, true
}

// readNames reads a file of host names, one a line; blank lines and lines
// starting with "#" are skipped.
func readNames(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var names []string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			names = append(names, line)
		}
	}
	return names, nil
}

// writeProblems prints the problems of one input, shown as checked.
func (c *context) writeProblems(in input, shown string, problems []iri.Problem, errorFound *bool) error {
	{
		for _, p := range problems {
			*errorFound = *errorFound || p.Severity == iri.SeverityError
		}
		if c.json {
			obj := checkJSON{Input: in.text, Line: in.line, Problems: []problemJSON{}}
			for _, p := range problems {
				obj.Problems = append(obj.Problems, problemJSON{p.Code, p.Severity.String(), p.Component, p.Offset, p.Message, p.Count})
			}
			c.writeJSON(obj)
			return nil
		}
		if len(problems) == 0 {
			return nil
		}
		// The input once, then its problems.
		c.out.WriteString(linePrefix(in.line))
		c.out.WriteString(quoteControls(shown))
		c.out.WriteByte('\n')
		for _, p := range problems {
			c.out.WriteString("  ")
			c.out.WriteString(quoteControls(p.String()))
			c.out.WriteByte('\n')
		}
		return nil
	}
}

type showJSON struct {
	Input   string   `json:"input"`
	Line    int      `json:"line,omitempty"` // of standard input
	Visual  string   `json:"visual"`
	URI     string   `json:"uri"`
	Display string   `json:"display"`
	Host    string   `json:"host"`
	Refused []string `json:"refused"`
}

func runShow(c *context, args []string) int {
	return c.eachIRI(args, func(in input, i iri.IRI) error {
		visual, uri, display := i.VisualOrder(), i.ToURI().String(), i.DisplayEncoded(nil)
		host, refused := idn.DisplayHost(i.Host())
		if c.json {
			if refused == nil {
				refused = []string{}
			}
			c.writeJSON(showJSON{in.text, in.line, visual, uri, display, host, refused})
			return nil
		}
		// One buffer for the record, written at once.
		q := append(append(c.scratch[:0], "logical  "...), i.String()...)
		q = append(append(q, "\nvisual   "...), visual...)
		q = append(append(q, "\nuri      "...), uri...)
		q = appendQuoted(append(q, "\ndisplay  "...), display)
		q = append(append(append(q, "\nhost     "...), host...), '\n')
		for _, why := range refused {
			q = append(append(append(q, "  shown in punycode: "...), quoteControls(why)...), '\n')
		}
		c.out.Write(q)
		c.scratch = q
		return nil
	})
}

// buildOptions are the flags of build: components as written, each with
// whether it was given, and plain-text segments and parameters.
type buildOptions struct {
	c        iri.Components
	segments []string
	params   [][2]string
}

func buildFlags(b *buildOptions, fs *flag.FlagSet) {
	component := func(name, usage string, value *string, present *bool) {
		fs.Func(name, usage, func(s string) error {
			*value = s
			if present != nil {
				*present = true
			}
			return nil
		})
	}
	component("scheme", "the `scheme`", &b.c.Scheme, nil)
	component("userinfo", "the `userinfo`, as written", &b.c.Userinfo, &b.c.HasUserinfo)
	component("host", "the `host`, as written; gives an authority", &b.c.Host, &b.c.HasAuthority)
	component("port", "the `port`", &b.c.Port, &b.c.HasPort)
	component("path", "the `path`, as written", &b.c.Path, nil)
	component("query", "the `query`, as written", &b.c.Query, &b.c.HasQuery)
	component("fragment", "the `fragment`, as written", &b.c.Fragment, &b.c.HasFragment)
	fs.Func("segment", "a path `segment` as plain text, escaped and appended (repeatable)", func(s string) error {
		b.segments = append(b.segments, s)
		return nil
	})
	fs.Func("param", "a query parameter `name=value` as plain text, escaped and appended (repeatable)", func(s string) error {
		name, value, _ := strings.Cut(s, "=")
		b.params = append(b.params, [2]string{name, value})
		return nil
	})
}

func runBuild(c *context, args []string, b buildOptions) int {
	if len(args) > 0 {
		fmt.Fprintf(c.stderr, "iri build: unexpected argument %s\n", strconv.QuoteToGraphic(args[0]))
		c.usage(c.stderr)
		return 2
	}
	if b.c == (iri.Components{}) && len(b.segments) == 0 && len(b.params) == 0 {
		c.usageError("no component given: say what to build with the flags")
		return 2
	}
	b.c.HasAuthority = b.c.HasAuthority || b.c.HasUserinfo || b.c.HasPort
	in := input{text: "", line: 0}
	i, err := iri.Build(b.c)
	if err == nil {
		i, err = i.JoinPath(b.segments...)
	}
	if err == nil && len(b.params) > 0 {
		params := func(yield func(string, string) bool) {
			for n, v := range i.QueryParams() {
				if !yield(n, v) {
					return
				}
			}
			for _, p := range b.params {
				if !yield(p[0], p[1]) {
					return
				}
			}
		}
		i = i.WithQueryParams(params)
	}
	if err != nil {
		var pe *iri.ParseError
		if errors.As(err, &pe) {
			in.text = pe.Input // the component refused
		}
		c.fail(in, err)
		return c.status
	}
	if c.json {
		c.writeJSON(struct {
			Output string `json:"output"`
		}{i.String()})
	} else {
		fmt.Fprintln(c.out, i)
	}
	return 0
}

// needsQuoting holds the ASCII bytes strconv.Quote writes escaped.
var needsQuoting = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = c < ' ' || c > '~' || c == '"' || c == '\\'
	}
	return t
}()

// plainASCII reports whether s is printable ASCII with no byte that
// strconv.Quote escapes and no "%" that could decode to one.
func plainASCII(s string) bool {
	for k := 0; k < len(s); k++ {
		if c := s[k]; c >= utf8.RuneSelf || needsQuoting[c] || c == '%' {
			return false
		}
	}
	return true
}

// appendInQuotes appends s between double quotes, for text that needs no
// escape.
func appendInQuotes(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendQuoted appends s quoted as strconv.QuoteToGraphic quotes it: the
// runs that need no escape (most of a component, most of a display
// between its embedding characters) are copied whole, and only the
// characters that do are escaped, one by one, as strconv escapes them.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0 // s[start:k] needs no escape
	for k := 0; k < len(s); {
		c := s[k]
		if c < utf8.RuneSelf && !needsQuoting[c] {
			k++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[k:])
		if c >= utf8.RuneSelf && (r != utf8.RuneError || size > 1) && strconv.IsGraphic(r) {
			k += size
			continue
		}
		b = append(b, s[start:k]...)
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, '\\', 'x', lowerHex[c>>4], lowerHex[c&0xF]) // a byte that is not UTF-8
		case r == '"':
			b = append(b, '\\', '"')
		default:
			q := strconv.QuoteRuneToGraphic(r) // '\n', '\u202a', ...
			b = append(b, q[1:len(q)-1]...)
		}
		k += size
		start = k
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const lowerHex = "0123456789abcdef"

// styleFlag adds the -style flag of file and path, bound to style, which
// it sets to the default.
func styleFlag(style *fileiri.Style, fs *flag.FlagSet) {
	*style = fileiri.Native
	fs.Func("style", "path `style`: posix or windows (default the system's)", func(s string) error {
		switch s {
		case "posix":
			*style = fileiri.POSIX
		case "windows":
			*style = fileiri.Windows
		default:
			return fmt.Errorf("unknown style %s", strconv.QuoteToGraphic(s))
		}
		return nil
	})
}

func runFile(c *context, args []string, style fileiri.Style) int {
	return c.each(args, func(in input) error {
		i, err := style.FromPath(in.text)
		if err != nil {
			return err
		}
		c.writeOutput(in, i.String())
		return nil
	})
}

func runPath(c *context, args []string, style fileiri.Style) int {
	return c.eachIRI(args, func(in input, i iri.IRI) error {
		path, err := style.Path(i)
		if err != nil {
			return err
		}
		if !c.json {
			path = quoteControls(path) // a decoded path may hold controls
		}
		c.writeOutput(in, path)
		return nil
	})
}
