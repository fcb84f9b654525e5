package main

import (
	"flag"
	"fmt"
	"net/netip"
	"strings"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/internal/redact"
	"github.com/iri-go/iri/web"
)

// webOptions are the flags of iri web and iri validate.
type webOptions struct {
	base string
}

// webFlags adds the -base flag of iri web and iri validate.
func webFlags(o *webOptions, fs *flag.FlagSet) {
	fs.StringVar(&o.base, "base", "", "resolve each input against `URL`, as a document's links are")
}

// parseBase returns the -base URL of the run (the zero URL for none) and
// its text; on a bad one it reports it and returns false.
func (o webOptions) parseBase(c *context) (web.URL, string, bool) {
	if o.base == "" {
		return web.URL{}, "", true
	}
	base, err := web.Parse(o.base)
	if err != nil {
		fmt.Fprintln(c.stderr, "iri "+c.cmd.name+": -base:", quoteControls(err.Error()))
		return web.URL{}, "", false
	}
	return base, o.base, true
}

var webCommand = command{
	name:     "web",
	synopsis: "[-base URL] [URL...]",
	summary:  "read each URL as a browser does (the WHATWG URL Standard)",
	details: "Prints the href, then the components; for an input that is also an IRI reference, where\n" +
		"RFC 3986 reads it differently (another host or path is what matters: a browser fetches\n" +
		"another resource than an RFC reader would). Exit status 1 when a URL fails to parse.",
	flags: withFlags(webFlags, runWeb),
}

// webJSON is what iri web prints with -json; Differs names the components
// RFC 3986 reads differently, RFC holds its reading (null when the input
// is not an IRI reference). An input that is not UTF-8 comes with InputGo,
// as convertJSON's does; the href and its components are ASCII.
type webJSON struct {
	Input    string   `json:"input"`
	Line     int      `json:"line,omitempty"`
	InputGo  string   `json:"input_go,omitempty"`
	Href     string   `json:"href"`
	Scheme   string   `json:"scheme"`
	Username string   `json:"username"`
	Password string   `json:"password"`
	Host     string   `json:"host"`
	Port     string   `json:"port"`
	Path     string   `json:"path"`
	Query    *string  `json:"query"`
	Fragment *string  `json:"fragment"`
	Origin   string   `json:"origin"`
	RFC      *string  `json:"rfc"`
	Differs  []string `json:"differs"`
}

func runWeb(c *context, args []string, o webOptions) int {
	base, baseText, ok := o.parseBase(c)
	if !ok {
		return 2
	}
	var rfcBase iri.IRI
	if baseText != "" {
		rfcBase, _ = iri.Parse(baseText)
	}
	return c.each(args, func(in input) error {
		u, err := base.Parse(in.text)
		if err != nil {
			return err
		}
		// No password is printed, as the browser reads it (web.Parse's
		// own reading), nor as RFC 3986 reads it.
		href, password := u.String(), u.Password()
		if password != "" {
			href, password = u.WithPassword(redact.Mask).String(), redact.Mask
		}
		rfc, hasRFC := rfcReading(in.text, rfcBase)
		var differs []string
		if hasRFC {
			differs = differences(u, rfc)
		}
		if c.json {
			shown := redactInput(in.text)
			out := webJSON{Input: shown, Line: in.line, InputGo: goLiteral(shown), Href: href, Scheme: u.Scheme(), Username: u.Username(),
				Password: password, Host: u.Hostname(), Port: u.Port(), Path: u.Path(), Origin: u.Origin(), Differs: differs}
			if u.HasQuery() {
				q := u.Query()
				out.Query = &q
			}
			if u.HasFragment() {
				f := u.Fragment()
				out.Fragment = &f
			}
			if hasRFC {
				s := rfc.Redacted()
				out.RFC = &s
			}
			if out.Differs == nil {
				out.Differs = []string{}
			}
			c.writeJSON(out)
			return nil
		}
		// One buffer for the record, written at once; the href and its
		// components are ASCII, quoted only where they hold controls.
		q := append(c.scratch[:0], quoteControls(href)...)
		q = append(append(q, "\n  scheme "...), u.Scheme()...)
		q = append(append(q, "  host "...), orDash(u.Hostname())...)
		q = append(append(q, "  port "...), orDash(u.Port())...)
		q = append(append(q, "  path "...), orDash(u.Path())...)
		q = append(append(q, "  query "...), orNone(u.Query(), u.HasQuery())...)
		q = append(append(q, "  fragment "...), orNone(u.Fragment(), u.HasFragment())...)
		q = append(q, '\n')
		if len(differs) > 0 {
			verb := " differs\n"
			if len(differs) > 1 {
				verb = " differ\n"
			}
			q = append(append(q, "  RFC 3986 reads "...), quoteControls(rfc.Redacted())...)
			q = append(append(append(q, ": the "...), strings.Join(differs, " and ")...), verb...)
		}
		c.out.Write(q)
		c.scratch = q
		return nil
	})
}

// rfcReading returns the input as RFC 3986 reads it, resolved against
// base when there is one, if it is an IRI reference at all.
func rfcReading(text string, base iri.IRI) (iri.IRI, bool) {
	ref, err := iri.ParseReference(text)
	if err != nil {
		return iri.IRI{}, false
	}
	if base.String() != "" {
		return base.Resolve(ref), true
	}
	return ref, ref.IsAbsolute()
}

// differences names the components that name another resource in the two
// readings: the host (compared as URIs, case-insensitively) and the path.
func differences(u web.URL, rfc iri.IRI) []string {
	var d []string // none: nil, no allocation
	r := rfc.ToURI()
	if a, ok := u.Addr(); ok && strings.HasPrefix(r.Host(), "[") {
		if b, err := netip.ParseAddr(strings.Trim(r.Host(), "[]")); err == nil && a == b {
			r = u.URI() // the same address, written two ways
		}
	}
	if !strings.EqualFold(r.Host(), u.Hostname()) {
		d = append(d, "host")
	}
	wantPath := u.Path()
	if r.Path() != wantPath && !(r.Path() == "" && wantPath == "/") {
		d = append(d, "path")
	}
	return d
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return quoteControls(s)
}

// orNone returns "-" for a component that is absent, else the component
// quoted where it holds controls.
func orNone(s string, present bool) string {
	if !present {
		return "-"
	}
	return quoteControls(s)
}
