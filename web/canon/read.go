package canon

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/redact"
	"github.com/iri-go/iri/internal/urlstd"
	"github.com/iri-go/iri/web"
)

// read reads input into p as c.Reading says, and returns the URL the
// browser reads under the browser's readings.
func (c *Canonicalizer) read(input string, p *parts) (web.URL, error) {
	if c.Reading == ReadRFC3986 {
		return web.URL{}, c.readRFC3986(input, p)
	}
	u, err := c.parse(input)
	if err != nil {
		return web.URL{}, err
	}
	return u, c.readURL(input, u, p)
}

// readURL reads u, the browser's reading of input, into p as c.Reading
// says.
func (c *Canonicalizer) readURL(input string, u web.URL, p *parts) error {
	if c.Reading == ReadSafeBrowsing {
		return sbRead(input, u, !c.RemoveUserinfo, !c.RemovePort, p)
	}
	splitURL(u, p)
	return nil
}

// parse reads input as a browser does, with web.Parse (or Base.Parse),
// with the default scheme of a text without one, and with the octets that
// are not UTF-8 kept unless c.ReplaceInvalidUTF8.
func (c *Canonicalizer) parse(input string) (web.URL, error) {
	u, err := c.parseText(input)
	if err == nil && !c.ReplaceInvalidUTF8 && !utf8.ValidString(input) {
		u = c.keepOctets(input, u)
	}
	if err != nil {
		err = redactWebError(err, input)
		shown := redact.Web(input, false)
		if we := (*web.Error)(nil); errors.As(err, &we) {
			shown = we.Input
		}
		return web.URL{}, &Error{Input: shown, Rule: "invalid-url", Err: err}
	}
	return u, nil
}

// parseText reads input as a browser does, against Base if there is one,
// and with the default scheme of a text without one.
func (c *Canonicalizer) parseText(input string) (web.URL, error) {
	if c.Base != nil {
		return c.Base.Parse(input)
	}
	u, err := web.Parse(input)
	scheme := c.DefaultScheme
	if scheme == "" && c.Reading == ReadSafeBrowsing {
		scheme = "http"
	}
	if scheme != "" && errors.Is(err, web.ErrMissingScheme) {
		return parseSchemeless(input, scheme, err)
	}
	return u, err
}

// parseSchemeless reads input, which has no scheme, as scheme "://" and
// the input, or scheme ":" and the input when it starts with "//"; an
// input that starts with one "/" or "\" is a path and keeps err. An
// error's offset is the input's.
func parseSchemeless(input, scheme string, err error) (web.URL, error) {
	// Decided on the text the parser reads: trimmed, without its tabs
	// and newlines ("/\t/h" is "//h").
	tt := urlstd.TrimControlAndSpace(input)
	t := urlstd.RemoveTabAndNewline(tt)
	sep := "://"
	switch {
	case strings.HasPrefix(t, "//"):
		sep = ":"
	case t == "" || t[0] == '/' || t[0] == '\\':
		return web.URL{}, err
	}
	prefix := scheme + sep
	u, err := web.Parse(prefix + tt)
	var pe *web.Error
	if errors.As(err, &pe) {
		e := *pe
		e.Input = input
		e.Offset = max(e.Offset-len(prefix), 0) + strings.Index(input, tt)
		return web.URL{}, &e
	}
	return u, err
}

// keepOctets returns the browser's reading of input with the octets that
// are not UTF-8 percent-encoded as they are, where web.Parse reads
// U+FFFD, when that reading has u's scheme, host and port: the key keeps
// them apart, and names the host the browser fetches.
func (c *Canonicalizer) keepOctets(input string, u web.URL) web.URL {
	v, err := c.parseText(encodeInvalidUTF8(input))
	if err != nil || v.Scheme() != u.Scheme() || v.HasHost() != u.HasHost() || v.Host() != u.Host() {
		return u
	}
	return v
}

// encodeInvalidUTF8 returns s with each octet that is not part of UTF-8
// percent-encoded.
func encodeInvalidUTF8(s string) string {
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = pct.AppendByte(b, s[i])
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

// redactWebError returns err with the password of a *web.Error's input
// hidden as redact.Refused hides it: the text is input, which the browser
// refuses (the error's own Input may be of another text: with the default
// scheme before it, or resolved).
func redactWebError(err error, input string) error {
	var pe *web.Error
	if !errors.As(err, &pe) {
		return err
	}
	e := *pe
	e.Input = redact.Refused(input, pe.Input)
	return &e
}

// readRFC3986 reads input into p by RFC 3986, against c.Base or with
// c.DefaultScheme when it has no scheme.
func (c *Canonicalizer) readRFC3986(input string, p *parts) error {
	if err := readRFC3986(input, p); err != nil || !p.noScheme {
		return err
	}
	if c.Base != nil {
		var base parts
		if err := readRFC3986(c.Base.String(), &base); err != nil {
			return err
		}
		*p = resolveRFC3986(&base, p)
		return nil
	}
	t := p.href // trimmed, its tabs and line breaks removed, as read
	if c.DefaultScheme == "" || t == "" || t[0] == '/' && !strings.HasPrefix(t, "//") || t[0] == '?' || t[0] == '#' || t[0] == '.' {
		return nil
	}
	sep := "://"
	if strings.HasPrefix(t, "//") {
		sep = ":"
	}
	if err := readRFC3986(c.DefaultScheme+sep+t, p); err != nil {
		return newError(input, 0, "invalid-url")
	}
	return nil
}

// readRFC3986 splits input, its leading and trailing spaces and controls
// and its tabs and line breaks taken away, as RFC 3986, Appendix B, does,
// and checks the authority:
// userinfo (unreserved, pct-encoded, sub-delims, ":", and text beyond
// ASCII as in an IRI), host (an IP-literal, or reg-name's characters and
// text beyond ASCII) and port (digits). A "\" in the authority, which a
// browser reads as "/", and a second "@" are errors. A text without a
// scheme is a relative reference; a text whose scheme is followed by
// digits alone ("example.com:80") reads as that scheme, as RFC 3986 says.
func readRFC3986(input string, dst *parts) error {
	s := urlstd.TrimControlAndSpace(input)
	lead := strings.Index(input, s)
	// Line breaks and tabs inserted in a printed URI (RFC 3986,
	// Appendix C), which every reader removes.
	s = urlstd.RemoveTabAndNewline(s)
	p := parts{href: s}
	rest := s
	if i := schemeLength(s); i > 0 {
		p.Scheme, rest = s[:i], s[i+1:]
	} else {
		p.noScheme = true
	}
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest, p.Fragment, p.HasFragment = rest[:i], rest[i+1:], true
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest, p.Query, p.HasQuery = rest[:i], rest[i+1:], true
	}
	if strings.HasPrefix(rest, "//") {
		p.HasAuthority = true
		auth := rest[2:]
		rest = ""
		if i := strings.IndexByte(auth, '/'); i >= 0 {
			auth, rest = auth[:i], auth[i:]
		}
		at := lead + len(s) - len(auth) - len(rest) - len(p.Query) - len(p.Fragment)
		if p.HasQuery {
			at--
		}
		if p.HasFragment {
			at--
		}
		if err := splitAuthority(&p, auth, input, at); err != nil {
			return err
		}
	}
	p.Path = rest
	*dst = p
	return nil
}

// schemeLength returns the length of the scheme that s starts with, an
// ASCII letter then letters, digits, "+", "-" and "." before a ":" (RFC
// 3986, section 3.1), or 0.
func schemeLength(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':' && i > 0:
			return i
		default:
			return 0
		}
	}
	return 0
}

// splitAuthority sets the userinfo, host and port of p from auth, which
// starts at offset off of input.
func splitAuthority(p *parts, auth, input string, off int) error {
	fail := func(i int, rule string) error {
		return &Error{Input: redact.Web(input, false), Offset: off + i, Rule: rule}
	}
	if i := strings.IndexByte(auth, '\\'); i >= 0 {
		return fail(i, "invalid-authority") // a browser reads "/"
	}
	hostStart := 0
	if i := strings.IndexByte(auth, '@'); i >= 0 {
		if j := strings.IndexByte(auth[i+1:], '@'); j >= 0 {
			return fail(i+1+j, "invalid-userinfo") // a browser takes the last "@", RFC 3986 allows none in the userinfo
		}
		if k := invalidRFC3986(auth[:i], true); k >= 0 {
			return fail(k, "invalid-userinfo")
		}
		p.Userinfo, p.HasUserinfo, hostStart = auth[:i], true, i+1
	}
	hostport := auth[hostStart:]
	hostEnd := len(hostport)
	if strings.HasPrefix(hostport, "[") {
		end := strings.IndexByte(hostport, ']')
		if end < 0 || !validIPLiteral(hostport[1:end]) {
			return fail(hostStart, "invalid-host")
		}
		hostEnd = end + 1
		if hostEnd < len(hostport) && hostport[hostEnd] != ':' {
			return fail(hostStart+hostEnd, "invalid-port")
		}
	} else {
		if i := strings.IndexByte(hostport, ':'); i >= 0 {
			hostEnd = i
		}
		if k := invalidRFC3986(hostport[:hostEnd], false); k >= 0 {
			return fail(hostStart+k, "invalid-host")
		}
	}
	p.Host = hostport[:hostEnd]
	if hostEnd < len(hostport) {
		port := hostport[hostEnd+1:]
		if !allDigits(port) {
			return fail(hostStart+hostEnd+1, "invalid-port")
		}
		p.Port, p.HasPort = port, true
	}
	return nil
}

// invalidRFC3986 returns the offset of the first octet of s that RFC 3986
// does not allow in a reg-name (unreserved, pct-encoded, sub-delims), or
// in the userinfo (":" too), -1 if none: text beyond ASCII is allowed
// when it is UTF-8, as RFC 3987 allows ucschar.
func invalidRFC3986(s string, userinfo bool) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isUnreserved(c) || strings.IndexByte("!$&'()*+,;=", c) >= 0 || userinfo && c == ':':
		case c == '%':
			if i+2 >= len(s) || !pct.IsHex(s[i+1]) || !pct.IsHex(s[i+2]) {
				return i
			}
			i += 2
		case c >= 0x80:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return i
			}
			i += n - 1
		default:
			return i
		}
	}
	return -1
}

// validIPLiteral reports whether s, the text between "[" and "]", is an
// IPv6 address or an IPvFuture (RFC 3986, section 3.2.2).
func validIPLiteral(s string) bool {
	if len(s) > 1 && s[0]|0x20 == 'v' {
		dot := strings.IndexByte(s, '.')
		if dot < 2 || dot == len(s)-1 {
			return false
		}
		for i := 1; i < dot; i++ {
			if !pct.IsHex(s[i]) {
				return false
			}
		}
		for i := dot + 1; i < len(s); i++ {
			if c := s[i]; !isUnreserved(c) && strings.IndexByte("!$&'()*+,;=:", c) < 0 {
				return false
			}
		}
		return true
	}
	var a [8]uint16
	code, _ := ipaddr.ParseIPv6(s, &a)
	return code == ipaddr.IPv6OK
}

// resolveRFC3986 resolves the relative reference r against base (RFC
// 3986, section 5.2.2, strict), dot segments removed from the merged path.
func resolveRFC3986(base, r *parts) parts {
	t := parts{changed: true}
	t.Scheme = base.Scheme
	t.noScheme = base.noScheme
	t.Fragment, t.HasFragment = r.Fragment, r.HasFragment
	switch {
	case r.HasAuthority:
		t.HasAuthority, t.Userinfo, t.HasUserinfo, t.Host, t.Port, t.HasPort = true, r.Userinfo, r.HasUserinfo, r.Host, r.Port, r.HasPort
		t.Path = removeDots(r.Path)
		t.Query, t.HasQuery = r.Query, r.HasQuery
		return t
	case r.Path == "":
		t.Path = base.Path
		t.Query, t.HasQuery = base.Query, base.HasQuery
		if r.HasQuery {
			t.Query, t.HasQuery = r.Query, true
		}
	case r.Path[0] == '/':
		t.Path = removeDots(r.Path)
		t.Query, t.HasQuery = r.Query, r.HasQuery
	default:
		// Section 5.2.3, merge.
		merged := "/" + r.Path
		if !base.HasAuthority || base.Path != "" {
			merged = base.Path[:strings.LastIndexByte(base.Path, '/')+1] + r.Path
		}
		t.Path = removeDots(merged)
		t.Query, t.HasQuery = r.Query, r.HasQuery
	}
	t.HasAuthority, t.Userinfo, t.HasUserinfo, t.Host, t.Port, t.HasPort = base.HasAuthority, base.Userinfo, base.HasUserinfo, base.Host, base.Port, base.HasPort
	return t
}

// encodeEnds percent-encodes the spaces and C0 controls that end the
// key of p, or start a relative one, which the reading would trim: "b #f"
// without its fragment is "b%20". The digits are in lowercase in a path
// or query that c lowercases, as it would write them on a second reading
// (an opaque path is not lowercased: "A:\x1a#" is "A:%1A").
func (c *Canonicalizer) encodeEnds(p *parts) {
	last, lower := &p.Path, c.LowercasePath && p.hierarchical()
	switch {
	case p.HasFragment:
		last, lower = &p.Fragment, false
	case p.HasQuery:
		last, lower = &p.Query, c.LowercaseQuery
	}
	if t := strings.TrimRight(*last, ctlSpace); len(t) < len(*last) {
		e := string(pct.Append(nil, (*last)[len(t):], &ctlSpaceSet))
		if lower {
			e = toLowerASCII(e)
		}
		p.set(last, t+e)
	}
	if p.noScheme && !p.HasAuthority {
		if t := strings.TrimLeft(p.Path, ctlSpace); len(t) < len(p.Path) {
			e := string(pct.Append(nil, p.Path[:len(p.Path)-len(t)], &ctlSpaceSet))
			if c.LowercasePath {
				e = toLowerASCII(e)
			}
			p.set(&p.Path, e+t)
		}
	}
}

// ctlSpaceSet encodes them.
var ctlSpaceSet = pct.C0Control.With(" ")

// ctlSpace are the octets the readings trim from the ends of an input.
const ctlSpace = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "

// removeDots removes the "." and ".." segments of a path (RFC 3986,
// section 5.2.4): an absolute path stays absolute, a relative one
// relative. Only "." and ".." are dot segments here, not their
// percent-encoded forms.
func removeDots(path string) string {
	if !hasDotSegment(path) {
		return path
	}
	if strings.HasPrefix(path, "/") {
		return string(appendResolvedPath(make([]byte, 0, len(path)), path, false, nil, false))
	}
	b := appendResolvedPath(make([]byte, 0, len(path)+1), "/"+path, false, nil, false)
	return string(b[1:])
}

// hasDotSegment reports whether path has a "." or ".." segment.
func hasDotSegment(path string) bool {
	for seg := range strings.SplitSeq(path, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}
