package iri

import (
	"errors"
	"iter"
	"strings"

	"github.com/iri-go/iri/internal/pct"
)

// Components are the parts of an IRI reference, as written: the
// percent-encodings are kept, and the delimiters ("//", "@", ":", "?",
// "#") left out. A component that is absent is told from an empty one by
// its Has field; the scheme is present when it is not empty, as the
// grammar allows no empty scheme.
type Components struct {
	Scheme, Userinfo, Host, Port, Path, Query, Fragment       string // as written: percent-encodings kept
	HasAuthority, HasUserinfo, HasPort, HasQuery, HasFragment bool
}

// Components returns the parts of i. It does not allocate: the strings
// share i's text. Build(i.Components()) == i.
func (i IRI) Components() Components {
	return Components{
		Scheme:       i.Scheme(),
		Userinfo:     i.Userinfo(),
		Host:         i.Host(),
		Port:         i.Port(),
		Path:         i.Path(),
		Query:        i.Query(),
		Fragment:     i.Fragment(),
		HasAuthority: i.HasAuthority(),
		HasUserinfo:  i.HasUserinfo(),
		HasPort:      i.HasPort(),
		HasQuery:     i.HasQuery(),
		HasFragment:  i.HasFragment(),
	}
}

// ErrAbsent is the Err of the *ParseError of Build, or of a With method,
// for a component that has a value while its Has field, or the authority
// it belongs to, says it is absent.
var ErrAbsent = errors.New("given, but marked absent")

// refused reports a component that Build or a With method refuses, as a
// *ParseError on the component as given: err, the failure to match its
// rule, or ErrAbsent (reported at offset 0 with the component's rule).
func refused(component, value string, err error) *ParseError {
	pe, ok := err.(*ParseError)
	if !ok {
		pe = newParseError(value, 0, componentRule(component))
		pe.Err = err
	}
	pe.component = component
	return pe
}

// componentRule names the rule of RFC 3987, section 2.2, of a component
// that may be marked absent.
func componentRule(component string) string {
	switch component {
	case "userinfo":
		return "iuserinfo"
	case "host":
		return "ihost"
	case "query":
		return "iquery"
	case "fragment":
		return "ifragment"
	}
	return component // "port"
}

// Build returns the IRI reference made of c's components (RFC 3986,
// section 5.3), after checking each against the rule it must match where
// it stands, and the whole against the rules that tie them: a host, a
// userinfo or a port needs an authority; after an authority the path is
// empty or starts with "/"; without one it does not start with "//";
// without a scheme its first segment has no ":". Nothing is repaired:
// what does not fit is a *ParseError on the component (see ParseError),
// so that the IRI returned always reads back as c, and
// Build(i.Components()) == i.
//
// Build does not escape: give it components as written, with
// EscapePathSegment and the other escapers applied to plain text.
func Build(c Components) (IRI, error) {
	if err := c.check(); err != nil {
		return IRI{}, err
	}
	return c.build(), nil
}

// check validates c as Build describes.
func (c *Components) check() error {
	fail := func(component, value string, err error) error {
		return refused(component, value, err)
	}
	if c.Scheme != "" {
		// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
		end := 0
		if isAlpha(c.Scheme[0]) {
			end = 1
			for end < len(c.Scheme) && pct.Classes[c.Scheme[end]]&pct.ClassScheme != 0 {
				end++
			}
		}
		if end < len(c.Scheme) {
			return fail("scheme", c.Scheme, newParseError(c.Scheme, end, "scheme"))
		}
	}
	switch {
	case !c.HasUserinfo && c.Userinfo != "", c.HasUserinfo && !c.HasAuthority:
		return fail("userinfo", c.Userinfo, ErrAbsent)
	case !c.HasPort && c.Port != "", c.HasPort && !c.HasAuthority:
		return fail("port", c.Port, ErrAbsent)
	case !c.HasAuthority && c.Host != "":
		return fail("host", c.Host, ErrAbsent)
	case !c.HasQuery && c.Query != "":
		return fail("query", c.Query, ErrAbsent)
	case !c.HasFragment && c.Fragment != "":
		return fail("fragment", c.Fragment, ErrAbsent)
	}
	if c.HasUserinfo {
		// iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
		if err := checkSpan(c.Userinfo, pct.ClassUserinfo, false, "iuserinfo"); err != nil {
			return fail("userinfo", c.Userinfo, err)
		}
	}
	if c.HasAuthority {
		if err := checkHost(c.Host); err != nil {
			return fail("host", c.Host, err)
		}
	}
	if c.HasPort {
		// port = *DIGIT
		for k := 0; k < len(c.Port); k++ {
			if !isDigit(c.Port[k]) {
				return fail("port", c.Port, newParseError(c.Port, k, "port"))
			}
		}
	}
	if err := checkPath(c.Path, c.Scheme != "", c.HasAuthority); err != nil {
		return fail("path", c.Path, err)
	}
	if c.HasQuery {
		// iquery = *( ipchar / iprivate / "/" / "?" )
		if err := checkSpan(c.Query, pct.ClassQuery, true, "iquery"); err != nil {
			return fail("query", c.Query, err)
		}
	}
	if c.HasFragment {
		// ifragment = *( ipchar / "/" / "?" )
		if err := checkSpan(c.Fragment, pct.ClassQuery, false, "ifragment"); err != nil {
			return fail("fragment", c.Fragment, err)
		}
	}
	return nil
}

// checkSpan checks that all of s belongs to the rule whose ASCII
// characters are class, as scan reads it.
func checkSpan(s string, class uint8, private bool, rule string) *ParseError {
	if end, inPct := scan(s, 0, class, private); end < len(s) || inPct {
		return componentError(s, end, inPct, rule)
	}
	return nil
}

// checkHost checks a host: ihost = IP-literal / IPv4address / ireg-name.
func checkHost(host string) *ParseError {
	if host != "" && host[0] == '[' {
		end, err := parseIPLiteral(host, 0)
		if err != nil {
			return err
		}
		if end < len(host) {
			return newParseError(host, end, "IP-literal")
		}
		return nil
	}
	return checkSpan(host, pct.ClassRegName, false, "ireg-name")
}

// checkPath checks a path against the rule it must match where it stands
// (RFC 3987, section 2.2; RFC 3986, sections 3.3 and 4.2).
func checkPath(path string, hasScheme, hasAuthority bool) *ParseError {
	rule := "ipath-abempty"
	switch {
	case hasAuthority:
		if path != "" && path[0] != '/' {
			return newParseError(path, 0, rule)
		}
	case strings.HasPrefix(path, "//"):
		return newParseError(path, 1, "ipath-absolute")
	case strings.HasPrefix(path, "/"):
		rule = "ipath-absolute"
	case hasScheme:
		rule = "ipath-rootless"
	default:
		rule = "ipath-noscheme"
		if colon := firstSegmentColon(path); colon >= 0 {
			return newParseError(path, colon, rule)
		}
	}
	return checkSpan(path, pct.ClassPath, false, rule)
}

// build recomposes checked components (RFC 3986, section 5.3).
func (c *Components) build() IRI {
	n := len(c.Scheme) + 1 + 2 + len(c.Userinfo) + 1 + len(c.Host) + 1 + len(c.Port) +
		len(c.Path) + 1 + len(c.Query) + 1 + len(c.Fragment)
	b := make([]byte, 0, n)
	var o offsets
	if c.Scheme != "" {
		b = append(b, c.Scheme...)
		b = append(b, ':')
		o.schemeEnd = len(b)
	}
	if c.HasAuthority {
		b = append(b, "//"...)
		if c.HasUserinfo {
			b = append(b, c.Userinfo...)
			b = append(b, '@')
		}
		o.hostStart = len(b)
		b = append(b, c.Host...)
		o.hostEnd = len(b)
		if c.HasPort {
			b = append(b, ':')
			b = append(b, c.Port...)
		}
	} else {
		o.hostStart, o.hostEnd = len(b), len(b)
	}
	o.pathStart = len(b)
	b = append(b, c.Path...)
	o.pathEnd = len(b)
	if c.HasQuery {
		b = append(b, '?')
		b = append(b, c.Query...)
	}
	o.queryEnd = len(b)
	if c.HasFragment {
		b = append(b, '#')
		b = append(b, c.Fragment...)
	}
	return o.iri(bytesToString(b))
}

// PathSegments returns the segments of the path, decoded (every "%HH" to
// its octet): the path is split on "/" after its leading "/", so "/a/b/"
// has the segments "a", "b" and "", and an empty path none. Only a
// segment that needs decoding allocates.
func (i IRI) PathSegments() iter.Seq[string] {
	return func(yield func(string) bool) {
		path := i.Path()
		if path == "" {
			return
		}
		path = strings.TrimPrefix(path, "/")
		for {
			segment, rest, more := strings.Cut(path, "/")
			segment, _ = Unescape(segment) // a parsed IRI has only valid escapes
			if !yield(segment) || !more {
				return
			}
			path = rest
		}
	}
}

// ErrDotSegment is the error of JoinPath for a segment "." or "..", which
// resolution and normalization read as a step in the hierarchy whether
// written as is or percent-encoded (RFC 3986, sections 5.2.4 and 6.2.2.3).
var ErrDotSegment = errors.New(`iri: a segment "." or ".." cannot be data in a path`)

// JoinPath returns i with segments appended to its path, each escaped
// with EscapePathSegment: a segment is data, "a/b" stays one segment
// ("a%2Fb") and "%" is encoded, so that nothing is dropped or read as a
// delimiter. The first new segment takes the place of an empty last
// segment ("/a/" and "b" give "/a/b"); after an empty path with an
// authority the path starts with "/". Where a first segment with a ":"
// would read as a scheme, "./" is put in front. A segment "." or ".." is
// refused with ErrDotSegment: it would be navigation, not data.
//
// Unlike url.JoinPath, it does not clean the path: its dot segments stay
// as they are, and those given are refused.
func (i IRI) JoinPath(segments ...string) (IRI, error) {
	if len(segments) == 0 {
		return i, nil
	}
	var b strings.Builder
	path := i.Path()
	b.WriteString(path)
	for k, segment := range segments {
		if segment == "." || segment == ".." {
			return IRI{}, ErrDotSegment
		}
		if !(k == 0 && (path == "" && !i.HasAuthority() || strings.HasSuffix(path, "/"))) {
			b.WriteByte('/')
		}
		b.WriteString(EscapePathSegment(segment))
	}
	c := i.Components()
	c.Path = b.String()
	if c.Scheme == "" && !c.HasAuthority && checkPath(c.Path, false, false) != nil {
		c.Path = "./" + c.Path // a ":" in the first segment
	}
	return c.build(), nil
}

// WithScheme returns i with its scheme replaced by scheme, or removed
// when scheme is "", checked as Build checks.
func (i IRI) WithScheme(scheme string) (IRI, error) {
	c := i.Components()
	c.Scheme = scheme
	return Build(c)
}

// WithAuthority returns i with its authority replaced by authority, as
// written after the "//" ("user@host:port"), checked as Build checks.
func (i IRI) WithAuthority(authority string) (IRI, error) {
	a, err := parse("//"+authority, modeReference)
	if err != nil || a.pathStart() != len(a.s) {
		// Report the part of authority that does not fit.
		return IRI{}, refused("authority", authority, shiftError(authority, err, a))
	}
	c := i.Components()
	ac := a.Components()
	c.HasAuthority = true
	c.Userinfo, c.HasUserinfo = ac.Userinfo, ac.HasUserinfo
	c.Host = ac.Host
	c.Port, c.HasPort = ac.Port, ac.HasPort
	return Build(c)
}

// shiftError turns the failure to read "//"+authority into a *ParseError
// on authority itself.
func shiftError(authority string, err *ParseError, a IRI) *ParseError {
	if err == nil { // the authority ended early, at a "/", "?" or "#"
		return newParseError(authority, a.pathStart()-2, "iauthority")
	}
	e := *err
	e.Input, e.Offset = authority, max(0, e.Offset-2)
	return &e
}

// WithoutAuthority returns i without its authority, checked as Build
// checks: a path that starts with "//" cannot stand without one.
func (i IRI) WithoutAuthority() (IRI, error) {
	c := i.Components()
	c.HasAuthority, c.HasUserinfo, c.HasPort = false, false, false
	c.Userinfo, c.Host, c.Port = "", "", ""
	return Build(c)
}

// WithPath returns i with its path replaced by path, as written, checked
// as Build checks.
func (i IRI) WithPath(path string) (IRI, error) {
	c := i.Components()
	c.Path = path
	return Build(c)
}

// WithQuery returns i with its query replaced by query, as written
// (present, even when empty), checked as Build checks. WithQueryParams
// builds one from pairs.
func (i IRI) WithQuery(query string) (IRI, error) {
	c := i.Components()
	c.Query, c.HasQuery = query, true
	return Build(c)
}

// WithoutQuery returns i without its query.
func (i IRI) WithoutQuery() IRI {
	if !i.HasQuery() {
		return i
	}
	c := i.Components()
	c.Query, c.HasQuery = "", false
	return c.build()
}

// WithFragment returns i with its fragment replaced by fragment, as
// written (present, even when empty), checked as Build checks.
func (i IRI) WithFragment(fragment string) (IRI, error) {
	c := i.Components()
	c.Fragment, c.HasFragment = fragment, true
	return Build(c)
}

// WithoutFragment returns i without its fragment, sharing its text.
func (i IRI) WithoutFragment() IRI {
	o := i.offsets()
	return o.iri(i.s[:o.queryEnd])
}
