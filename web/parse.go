package web

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/bytestring"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/span"
	"github.com/iri-go/iri/internal/urlstd"
	"golang.org/x/text/encoding"
)

// Parse parses input as an absolute URL with the URL Standard's basic URL
// parser (section 4.4) and no base.
//
// The input is read as a browser reads the text of an href: leading and
// trailing C0 controls and spaces are trimmed, tabs and newlines anywhere
// are removed, a backslash is a slash in the URLs of special schemes, hosts
// go through IDNA (UTS #46 as the standard sets it), IPv4 addresses in any
// number form are written as dotted quads, and every character a component
// may not hold is percent-encoded in UTF-8. The standard's input is Unicode
// text; a byte sequence that is not UTF-8 is read as U+FFFD REPLACEMENT
// CHARACTER, one for each maximal ill-formed subsequence, as a browser
// decoding the document would, and is then percent-encoded as %EF%BF%BD.
//
// An error is a *Error naming the standard's validation error.
func Parse(input string) (URL, error) {
	var u URL
	if fastParse(input, &u) {
		return u, nil
	}
	return parse(input, nil, nil, nil)
}

// Parse parses ref with the basic URL parser against base, as a browser
// resolves an href against its document's URL (and as net/url's
// (*URL).Parse does).
func (base URL) Parse(ref string) (URL, error) {
	var u URL
	if fastParse(ref, &u) {
		return u, nil
	}
	if base.href == "" {
		return parse(ref, nil, nil, nil)
	}
	if fastParseRef(&base, ref, &u) {
		return u, nil
	}
	return parse(ref, &base, nil, nil)
}

// A Parser parses URLs with the settings of the document they come from,
// as a browser does for the links of a page.
type Parser struct {
	// Base is the document's URL; the zero URL is none.
	Base URL
	// QueryEncoding is the document's character encoding, which the URL
	// Standard uses for the queries of special URLs but ws and wss (its
	// "encoding" of the basic URL parser): a character the encoding lacks
	// becomes "&#N;", percent-encoded. nil is UTF-8. Encodings come from
	// golang.org/x/text (htmlindex.Get gives one by its WHATWG label).
	QueryEncoding encoding.Encoding
}

// Parse parses input against p.Base with p's query encoding.
func (p Parser) Parse(input string) (URL, error) {
	enc := p.QueryEncoding
	if isUTF8(enc) {
		enc = nil
	}
	if enc == nil {
		return p.Base.Parse(input)
	}
	// The legacy encoders are reached only from here, so that a program
	// that never sets QueryEncoding links none of their tables.
	encodeQuery := func(b []byte, s string, set *pct.Set) []byte {
		return appendEncodedLegacy(b, s, set, enc)
	}
	if p.Base.href == "" {
		return parse(input, nil, encodeQuery, nil)
	}
	return parse(input, &p.Base, encodeQuery, nil)
}

// isUTF8 reports whether enc is golang.org/x/text's UTF-8 (unicode.UTF8,
// which htmlindex gives for the label "utf-8"), the encoding of a Parser
// without one. It compares names: comparing enc with unicode.UTF8 would
// link the initialization of x/text/encoding/unicode into every program
// that imports this package.
func isUTF8(enc encoding.Encoding) bool {
	s, ok := enc.(interface{ String() string })
	return ok && s.String() == "UTF-8"
}

// MustParse is like Parse but panics when input is not a URL. It is meant
// for URLs written in the program.
func MustParse(input string) URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}

// bufPool holds the buffers hrefs are written in: an href that equals its
// input costs no allocation, any other one allocation, its string.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// A parser writes the href of one URL into buf as the basic URL parser's
// states read the input, keeping the offsets of the URL being built in u.
type parser struct {
	in    string // the input after trimming and removal of tabs and newlines
	input string // the input as given, for errors
	// userinfoRead is set once the authority state has read a userinfo:
	// an error then hides the password of that reading, and before, all
	// that could be a userinfo (internal/redact.Web).
	userinfoRead bool
	buf          []byte
	u            URL
	scheme       string // lowercase
	special      bool
	file         bool
	// encodeQuery appends a query of a special URL (but ws and wss)
	// percent-encoded after the document's encoding; nil for UTF-8.
	encodeQuery func(b []byte, s string, set *pct.Set) []byte
	v           recorder // the validation errors met, for Validate; nil for Parse
	size        int      // how long the href may be (prepare), for reserve
	own         bool     // buf is reserve's, not the pool's: the href may take it
}

// reserve makes room in p.buf for n more bytes (those of the input a
// component appends, which percent-encoding may then lengthen, as p.size
// counts). When they do not fit, the buffer grows at once to the size the
// href may have (p.size), not by
// steps that would copy it again and again: a long href is written in one
// buffer of its size, which becomes its string (internal/bytestring). An
// href much shorter than its input (one of dot segments) never makes the
// buffer grow.
func (p *parser) reserve(n int) {
	if len(p.buf)+n > cap(p.buf) {
		b := make([]byte, len(p.buf), max(p.size, len(p.buf)+n))
		copy(b, p.buf)
		p.buf, p.own = b, true
	}
}

// parse runs the basic URL parser on input. With v, it records in v the
// validation errors it meets (validate.go).
func parse(input string, base *URL, encodeQuery func([]byte, string, *pct.Set) []byte, v recorder) (URL, error) {
	s, size := prepare(urlstd.TrimControlAndSpace(input))
	if base != nil {
		size += len(base.href)
	}
	bp := bufPool.Get().(*[]byte)
	p := parser{in: s, input: input, buf: (*bp)[:0], size: size, encodeQuery: encodeQuery, v: v}
	p.u.queryStart, p.u.fragmentStart, p.u.port = -1, -1, -1
	err := p.parse(base)
	if err == nil {
		switch {
		case string(p.buf) == input:
			p.u.href = input
		case p.own:
			p.u.href = bytestring.String(p.buf) // handed over: no copy
		default:
			p.u.href = string(p.buf)
		}
	}
	if !p.own && cap(p.buf) <= 64<<10 {
		*bp = p.buf[:0]
	}
	bufPool.Put(bp) // the pool's buffer, not one of a long href

	if err != nil {
		return URL{}, err
	}
	return p.u, nil
}

// parse runs the scheme start state and dispatches to the states that
// follow it (URL Standard, "basic URL parser").
func (p *parser) parse(base *URL) error {
	s := p.in
	if n := schemeLength(s); n > 0 {
		for i := 0; i < n; i++ {
			p.buf = append(p.buf, ascii.Lower(s[i]))
		}
		p.buf = append(p.buf, ':')
		p.u.schemeEnd = n
		p.scheme = s[:n]
		if string(p.buf[:n]) != p.scheme {
			p.scheme = lowerScheme(p.buf[:n])
		}
		scheme := p.scheme
		p.special = isSpecialScheme(scheme)
		p.file = scheme == "file"
		rest := n + 1
		slashes := strings.HasPrefix(s[rest:], "//")
		if p.special && !slashes {
			p.note(codeMissingSolidus, rest)
		}
		switch {
		case p.file:
			return p.fileState(base, rest)
		case p.special && base != nil && base.Scheme() == scheme:
			// Special relative or authority state.
			if slashes {
				return p.authority(p.ignoreSlashes(rest + 2))
			}
			return p.relative(base, rest)
		case p.special:
			// Special authority slashes and ignore slashes states.
			if slashes {
				return p.authority(p.ignoreSlashes(rest + 2))
			}
			return p.authority(p.ignoreSlashes(rest))
		case slashes:
			return p.authority(rest + 2)
		case strings.HasPrefix(s[rest:], "/"):
			p.u.hostStart, p.u.hostEnd, p.u.portEnd = len(p.buf), len(p.buf), len(p.buf)
			p.u.usernameEnd, p.u.passwordStart = len(p.buf), len(p.buf)
			return p.pathStart(rest)
		default:
			return p.opaquePath(rest)
		}
	}
	// No scheme state.
	if base == nil {
		return p.fail(0, errMissingScheme)
	}
	if base.HasOpaquePath() {
		if !strings.HasPrefix(s, "#") {
			return p.fail(0, errMissingScheme)
		}
		p.copyBase(base, base.fragmentStartOrEnd())
		return p.fragment(1)
	}
	p.u.schemeEnd = base.schemeEnd
	p.scheme = base.Scheme()
	p.special = base.IsSpecial()
	p.file = base.Scheme() == "file"
	p.buf = append(p.buf, base.href[:base.schemeEnd+1]...)
	if p.file {
		return p.fileState(base, 0)
	}
	return p.relative(base, 0)
}

func (u *URL) fragmentStartOrEnd() int {
	if u.fragmentStart >= 0 {
		return u.fragmentStart
	}
	return len(u.href)
}

// copyBase writes base's href up to end, and its offsets.
func (p *parser) copyBase(base *URL, end int) {
	p.buf = append(p.buf[:0], base.href[:end]...)
	p.u = *base
	p.u.href = ""
	p.u.fragmentStart = -1
	if p.u.queryStart >= end {
		p.u.queryStart = -1
	}
	p.scheme = base.Scheme()
	p.special = base.IsSpecial()
	p.file = base.Scheme() == "file"
}

// copyBaseQuery copies the query of base, when it has one.
func (p *parser) copyBaseQuery(base *URL) {
	if base.queryStart >= 0 {
		p.u.queryStart = len(p.buf)
		p.buf = append(p.buf, '?')
		p.buf = append(p.buf, base.Query()...)
	}
}

// copyAuthority writes "//" and base's credentials, host and port, when base
// has a host.
func (p *parser) copyAuthority(base *URL) {
	if base.hostKind == hostNull {
		n := len(p.buf)
		p.u.usernameEnd, p.u.passwordStart, p.u.hostStart, p.u.hostEnd, p.u.portEnd = n, n, n, n, n
		return
	}
	p.buf = append(p.buf, base.href[base.schemeEnd+1:base.portEnd]...)
	p.u.usernameEnd, p.u.passwordStart = base.usernameEnd, base.passwordStart
	p.u.hostStart, p.u.hostEnd, p.u.portEnd = base.hostStart, base.hostEnd, base.portEnd
	p.u.hostKind, p.u.port = base.hostKind, base.port
}

// relative is the relative state: the scheme is base's.
func (p *parser) relative(base *URL, i int) error {
	s := p.in
	if i < len(s) && (s[i] == '/' || p.special && s[i] == '\\') {
		// Relative slash state.
		p.noteBackslash(i)
		i++
		if i < len(s) && (s[i] == '/' || p.special && s[i] == '\\') {
			if p.special {
				p.noteBackslash(i)
				return p.authority(p.ignoreSlashes(i + 1))
			}
			if s[i] == '/' {
				return p.authority(i + 1)
			}
		}
		p.copyAuthority(base)
		p.u.pathStart = len(p.buf)
		return p.path(i)
	}
	p.copyAuthority(base)
	p.u.pathStart = len(p.buf)
	p.buf = append(p.buf, base.Path()...)
	switch {
	case i == len(s):
		p.copyBaseQuery(base)
		return p.finish()
	case s[i] == '?':
		return p.query(i + 1)
	case s[i] == '#':
		p.copyBaseQuery(base)
		return p.fragment(i + 1)
	}
	p.shortenPath()
	return p.path(i)
}

// ignoreSlashes is the special authority ignore slashes state: it returns
// the index of the first byte at or after i that is neither a slash nor a
// backslash, each of which is a validation error.
func (p *parser) ignoreSlashes(i int) int {
	s := p.in
	for i < len(s) && (s[i] == '/' || s[i] == '\\') {
		p.note(codeMissingSolidus, i)
		i++
	}
	return i
}

// authority reads credentials, host and port from s[i:] (the authority
// state, host state and port state), then the path.
func (p *parser) authority(i int) error {
	s := p.in
	p.buf = append(p.buf, '/', '/')
	end := i
	for end < len(s) && !p.endsAuthority(s[end]) {
		end++
	}
	hostStart := i
	if at := strings.LastIndexByte(s[i:end], '@'); at >= 0 {
		p.noteCredentials(i, end)
		hostStart = i + at + 1
		p.userinfoRead = true
		if hostStart == end {
			return p.fail(hostStart, errHostMissing)
		}
		userinfo := s[i : i+at]
		user, pass, hasColon := strings.Cut(userinfo, ":")
		p.buf = pct.Append(p.buf, user, &pct.Userinfo)
		p.u.usernameEnd = len(p.buf)
		p.u.passwordStart = len(p.buf)
		if hasColon && pass != "" {
			p.buf = append(p.buf, ':')
			p.u.passwordStart = len(p.buf)
			p.buf = pct.Append(p.buf, pass, &pct.Userinfo)
		}
		if len(p.buf) > p.u.schemeEnd+3 {
			p.buf = append(p.buf, '@')
		}
	} else {
		p.u.usernameEnd, p.u.passwordStart = len(p.buf), len(p.buf)
	}
	// Host state: a ':' outside brackets starts the port.
	hostEnd := hostStart
	inBrackets := false
	for hostEnd < end {
		c := s[hostEnd]
		if c == ':' && !inBrackets {
			break
		}
		if c == '[' {
			inBrackets = true
		} else if c == ']' {
			inBrackets = false
		}
		hostEnd++
	}
	if hostEnd == hostStart && (hostEnd < end || p.special) {
		return p.fail(hostStart, errHostMissing)
	}
	p.u.hostStart = len(p.buf)
	if err := p.host(hostStart, hostEnd); err != nil {
		return err
	}
	p.u.hostEnd = len(p.buf)
	if hostEnd < end {
		if err := p.portState(hostEnd+1, end); err != nil {
			return err
		}
	}
	p.u.portEnd = len(p.buf)
	return p.pathStart(end)
}

func (p *parser) endsAuthority(c byte) bool {
	return c == '/' || c == '?' || c == '#' || p.special && c == '\\'
}

// portState reads the port in s[i:end]: digits only, at most 65535, the
// scheme's default port left out.
func (p *parser) portState(i, end int) error {
	s := p.in
	port := 0
	for j := i; j < end; j++ {
		c := s[j]
		if c < '0' || c > '9' {
			return p.fail(j, errPortInvalid)
		}
		port = port*10 + int(c-'0')
		if port > 65535 {
			return p.fail(i, errPortOutOfRange)
		}
	}
	if i == end || int32(port) == urlstd.DefaultPort(p.scheme) {
		return nil
	}
	p.u.port = int32(port)
	p.buf = append(p.buf, ':')
	p.buf = appendInt(p.buf, port)
	return nil
}

func appendInt(b []byte, n int) []byte {
	var digits [10]byte
	i := len(digits)
	for {
		i--
		digits[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(b, digits[i:]...)
}

// fileState is the file state: the scheme is "file" and i is just after
// "file:" (or at 0 when the scheme came from a file base).
func (p *parser) fileState(base *URL, i int) error {
	s := p.in
	if base != nil && base.Scheme() != "file" {
		base = nil
	}
	if i < len(s) && (s[i] == '/' || s[i] == '\\') {
		// File slash state.
		p.noteBackslash(i)
		i++
		if i < len(s) && (s[i] == '/' || s[i] == '\\') {
			p.noteBackslash(i)
			return p.fileHost(i + 1)
		}
		p.buf = append(p.buf, '/', '/')
		p.u.usernameEnd, p.u.passwordStart = len(p.buf), len(p.buf)
		p.u.hostStart = len(p.buf)
		p.u.hostKind = hostEmpty
		if base != nil {
			p.buf = append(p.buf, base.Hostname()...)
			p.u.hostKind = base.hostKind
		}
		p.u.hostEnd, p.u.portEnd = len(p.buf), len(p.buf)
		p.u.pathStart = len(p.buf)
		if base != nil && !startsWithDriveLetter(s[i:]) {
			if first := firstSegment(base.Path()); isNormalizedDriveLetter(first) {
				p.buf = append(p.buf, '/')
				p.buf = append(p.buf, first...)
			}
		}
		return p.path(i)
	}
	p.buf = append(p.buf, '/', '/')
	p.u.usernameEnd, p.u.passwordStart = len(p.buf), len(p.buf)
	p.u.hostStart = len(p.buf)
	p.u.hostKind = hostEmpty
	if base == nil {
		p.u.hostEnd, p.u.portEnd = len(p.buf), len(p.buf)
		p.u.pathStart = len(p.buf)
		return p.path(i)
	}
	p.buf = append(p.buf, base.Hostname()...)
	p.u.hostKind = base.hostKind
	p.u.hostEnd, p.u.portEnd = len(p.buf), len(p.buf)
	p.u.pathStart = len(p.buf)
	p.buf = append(p.buf, base.Path()...)
	switch {
	case i == len(s):
		p.copyBaseQuery(base)
		return p.finish()
	case s[i] == '?':
		return p.query(i + 1)
	case s[i] == '#':
		p.copyBaseQuery(base)
		return p.fragment(i + 1)
	}
	if startsWithDriveLetter(s[i:]) {
		p.note(codeFileDriveLetter, i)
		p.buf = p.buf[:p.u.pathStart]
	} else {
		p.shortenPath()
	}
	return p.path(i)
}

// fileHost is the file host state, at i just after "file://".
func (p *parser) fileHost(i int) error {
	s := p.in
	end := i
	for end < len(s) && s[end] != '/' && s[end] != '\\' && s[end] != '?' && s[end] != '#' {
		end++
	}
	p.buf = append(p.buf, '/', '/')
	p.u.usernameEnd, p.u.passwordStart = len(p.buf), len(p.buf)
	p.u.hostStart = len(p.buf)
	p.u.hostKind = hostEmpty
	if isDriveLetter(s[i:end]) {
		// "file://C:/x": the drive letter is the path's, the host empty.
		// The file host state read it: the path state does not check its
		// code points.
		p.note(codeFileDriveLetterHost, i)
		if p.v != nil {
			p.v.setUnitsFrom(end)
		}
		p.u.hostEnd, p.u.portEnd = len(p.buf), len(p.buf)
		p.u.pathStart = len(p.buf)
		return p.path(i)
	}
	if end > i {
		if err := p.host(i, end); err != nil {
			return err
		}
		if string(p.buf[p.u.hostStart:]) == "localhost" {
			p.buf = p.buf[:p.u.hostStart]
			p.u.hostKind = hostEmpty
		}
	}
	p.u.hostEnd, p.u.portEnd = len(p.buf), len(p.buf)
	return p.pathStart(end)
}

// pathStart is the path start state, at i just after the host (or the
// scheme, for a non-special URL whose path starts with '/').
func (p *parser) pathStart(i int) error {
	s := p.in
	p.u.pathStart = len(p.buf)
	if p.special {
		if i < len(s) && (s[i] == '/' || s[i] == '\\') {
			p.noteBackslash(i)
			i++
		}
		return p.path(i)
	}
	switch {
	case i == len(s):
		return p.finish()
	case s[i] == '?':
		return p.query(i + 1)
	case s[i] == '#':
		return p.fragment(i + 1)
	case s[i] == '/':
		i++
	}
	return p.path(i)
}

// path is the path state: it appends the segments of s[i:] up to a '?' or
// '#', resolving "." and ".." segments (and their percent-encoded forms).
func (p *parser) path(i int) error {
	s := p.in
	for {
		start := i
		for i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#' && !(p.special && s[i] == '\\') {
			i++
		}
		seg := s[start:i]
		atSlash := i < len(s) && (s[i] == '/' || p.special && s[i] == '\\')
		if p.v != nil {
			p.v.units(s, max(start, p.v.unitsFrom()), i, false)
			if atSlash {
				p.noteBackslash(i)
			}
		}
		switch {
		case urlstd.IsDoubleDot(seg):
			p.shortenPath()
			if !atSlash {
				p.buf = append(p.buf, '/')
			}
		case urlstd.IsSingleDot(seg):
			if !atSlash {
				p.buf = append(p.buf, '/')
			}
		default:
			empty := len(p.buf) == p.u.pathStart
			p.reserve(1 + len(seg))
			p.buf = append(p.buf, '/')
			if p.file && empty && isDriveLetter(seg) {
				p.buf = append(p.buf, seg[0], ':')
			} else {
				p.buf = pct.Append(p.buf, seg, &pct.Path)
			}
		}
		if !atSlash {
			break
		}
		i++
	}
	switch {
	case i == len(s):
		return p.finish()
	case s[i] == '?':
		return p.query(i + 1)
	}
	return p.fragment(i + 1)
}

// shortenPath removes the path's last segment, except a lone normalized
// drive letter of a file URL (URL Standard, "shorten a URL's path").
func (p *parser) shortenPath() {
	path := p.buf[p.u.pathStart:]
	if p.file && len(path) == 3 && path[0] == '/' && isNormalizedDriveLetter(string(path[1:])) {
		return
	}
	if j := bytes.LastIndexByte(path, '/'); j >= 0 {
		p.buf = p.buf[:p.u.pathStart+j]
	}
}

// opaquePath is the opaque path state.
func (p *parser) opaquePath(i int) error {
	s := p.in
	n := len(p.buf)
	p.u.usernameEnd, p.u.passwordStart, p.u.hostStart, p.u.hostEnd, p.u.portEnd = n, n, n, n, n
	p.u.pathStart = n
	p.u.flags |= flagOpaquePath
	end := i
	for end < len(s) && s[end] != '?' && s[end] != '#' {
		end++
	}
	path := s[i:end]
	if p.v != nil {
		p.v.units(s, i, end, false)
	}
	// A space that ends the path before a query or fragment is encoded, so
	// that the path keeps it when the query or fragment is removed.
	trailing := ""
	if end < len(s) && strings.HasSuffix(path, " ") {
		path, trailing = path[:len(path)-1], "%20"
	}
	p.reserve(len(path) + len(trailing))
	p.buf = pct.Append(p.buf, path, &pct.C0Control)
	p.buf = append(p.buf, trailing...)
	switch {
	case end == len(s):
		return p.finish()
	case s[end] == '?':
		return p.query(end + 1)
	}
	return p.fragment(end + 1)
}

// query is the query state, at i just after the '?'.
func (p *parser) query(i int) error {
	s := p.in
	p.reserve(1)
	p.u.queryStart = len(p.buf)
	p.buf = append(p.buf, '?')
	end := strings.IndexByte(s[i:], '#')
	if end < 0 {
		end = len(s)
	} else {
		end += i
	}
	if p.v != nil {
		p.v.units(s, i, end, false)
	}
	set := &pct.Query
	if p.special {
		set = &pct.SpecialQuery
	}
	p.reserve(1 + end - i)
	if p.encodeQuery != nil && p.special && p.scheme != "ws" && p.scheme != "wss" {
		p.buf = p.encodeQuery(p.buf, s[i:end], set)
	} else {
		p.buf = pct.Append(p.buf, s[i:end], set)
	}
	if end == len(s) {
		return p.finish()
	}
	return p.fragment(end + 1)
}

// fragment is the fragment state, at i just after the '#'.
func (p *parser) fragment(i int) error {
	p.u.fragmentStart = len(p.buf)
	p.buf = append(p.buf, '#')
	if p.v != nil {
		p.v.units(p.in, i, len(p.in), false)
	}
	p.reserve(len(p.in) - i)
	p.buf = pct.Append(p.buf, p.in[i:], &pct.Fragment)
	return p.finish()
}

// finish sets the flags and, for a URL without a host whose path starts
// with an empty segment, writes the "/." the serializer puts before the
// path so that the href does not read back with a host.
func (p *parser) finish() error {
	if p.special {
		p.u.flags |= flagSpecial
	}
	if p.u.hostKind == hostNull && p.u.flags&flagOpaquePath == 0 {
		path := p.buf[p.u.pathStart:]
		if len(path) >= 2 && path[0] == '/' && path[1] == '/' {
			p.buf = append(p.buf, 0, 0)
			copy(p.buf[p.u.pathStart+2:], p.buf[p.u.pathStart:])
			p.buf[p.u.pathStart], p.buf[p.u.pathStart+1] = '/', '.'
			p.u.pathStart += 2
			if p.u.queryStart >= 0 {
				p.u.queryStart += 2
			}
			if p.u.fragmentStart >= 0 {
				p.u.fragmentStart += 2
			}
		}
	}
	return nil
}

// schemeLength returns the length of the scheme at the start of s when a
// ':' ends it, or 0: an ASCII letter, then letters, digits, '+', '-', '.'.
func schemeLength(s string) int {
	if s == "" || !isASCIIAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return i
		case isASCIIAlpha(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
		default:
			return 0
		}
	}
	return 0
}

// lowerScheme returns the lowercase scheme in b as a string, without
// allocating for the special schemes.
func lowerScheme(b []byte) string {
	switch string(b) {
	case "ftp":
		return "ftp"
	case "file":
		return "file"
	case "http":
		return "http"
	case "https":
		return "https"
	case "ws":
		return "ws"
	case "wss":
		return "wss"
	}
	return string(b)
}

func isSpecialScheme(s string) bool {
	switch s {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

func isASCIIAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isDriveLetter reports whether s is a Windows drive letter: an ASCII
// letter and ':' or '|'.
func isDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedDriveLetter reports whether s is an ASCII letter and ':'.
func isNormalizedDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(s[0]) && s[1] == ':'
}

// startsWithDriveLetter reports whether s starts with a drive letter that
// is the whole first segment.
func startsWithDriveLetter(s string) bool {
	if len(s) < 2 || !isDriveLetter(s[:2]) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

// firstSegment returns the first segment of a path that starts with '/'.
func firstSegment(path string) string {
	if path == "" {
		return ""
	}
	rest := path[1:]
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[:i]
	}
	return rest
}

// prepare returns s without its tabs and newlines, with each maximal
// ill-formed subsequence of UTF-8 replaced with U+FFFD (the basic URL
// parser's steps 2 and 3, and the decoding of its input as a browser
// decodes a document), and how long an href written from it may be: its
// length, and two bytes more for each byte a component may percent-encode
// (beyond ASCII, and the ASCII of the encode sets but "?" and "#"), and a
// few for the hosts, ports and paths the parser lengthens. One pass reads
// s, its runs of bytes that need nothing eight at a time (internal/span);
// s itself is returned when it has nothing to remove or replace, else a
// string written at its size.
func prepare(s string) (string, int) {
	size := len(s) + 32 // "/.", "/", an IPv4 address in dotted form, ...
	removed, replaced := 0, 0
	for i := 0; ; {
		i = span.End(s, i, &pct.Fast, pct.FastInput)
		if i == len(s) {
			break
		}
		c := s[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			removed++
			size--
			i++
		case c < utf8.RuneSelf:
			size += 2
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				n = illFormedLength(s[i:])
				replaced += n
				size += 9 - n // "%EF%BF%BD"
			} else {
				size += 2 * n
			}
			i += n
		}
	}
	if removed == 0 && replaced == 0 {
		return s, size
	}
	// Decoded first, as a browser decodes a document before its URL
	// parser sees a string: "\xE2\t\x82\xAC" is three U+FFFD, not "€".
	if replaced > 0 {
		s = replaceInvalidUTF8(s)
	}
	if removed > 0 {
		s = urlstd.RemoveTabAndNewline(s)
	}
	return s, size
}

// replaceInvalidUTF8 replaces each maximal ill-formed subsequence of s with
// U+FFFD, as the Encoding Standard's UTF-8 decoder does.
func replaceInvalidUTF8(s string) string {
	// The size first: three bytes for each subsequence replaced.
	size := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			n = illFormedLength(s[i:])
			size -= n - 3
		}
		size += n
		i += n
	}
	var b strings.Builder
	b.Grow(size)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		b.WriteString("\uFFFD")
		i += illFormedLength(s[i:])
	}
	return b.String()
}

// illFormedLength returns the length of the maximal ill-formed subsequence
// at the start of s: a lead byte and the continuation bytes that could
// still follow it.
func illFormedLength(s string) int {
	c := s[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case 0xC2 <= c && c <= 0xDF:
		need = 1
	case 0xE0 <= c && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case 0xF0 <= c && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(s); n++ {
		if s[n] < lo || s[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}
