package iri

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/redact"
	"github.com/iri-go/iri/internal/span"
)

// The kinds of failure a ParseError wraps, for errors.Is.
var (
	// ErrInvalidCharacter: a character the rule being matched does not allow.
	ErrInvalidCharacter = errors.New("invalid character")
	// ErrUnexpectedEnd: the input ended inside a rule that needs more.
	ErrUnexpectedEnd = errors.New("unexpected end of input")
	// ErrInvalidUTF8: a byte that is not part of a valid UTF-8 sequence.
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	// ErrBidiFormatting: a bidirectional formatting character, which the
	// grammar allows but RFC 3987, section 4.1, forbids. RFC 3987 lists
	// seven (LRM, RLM, LRE, RLE, PDF, LRO, RLO); this package rejects all
	// twelve characters with the Unicode property Bidi_Control, adding
	// ARABIC LETTER MARK and the isolates LRI, RLI, FSI and PDI, which
	// postdate the RFC and reorder text as much: the Trojan Source attacks
	// (CVE-2021-42574) used them.
	ErrBidiFormatting = errors.New("bidi formatting character")
	// ErrNotASCII: a character beyond ASCII where ParseURI or
	// ParseURIReference read a URI (RFC 3986), which has none.
	ErrNotASCII = errors.New("character beyond ASCII in a URI")
)

// A ParseError reports why a text is not an IRI, or not the part of one
// it stands for: the first byte at which no rule of the grammar can go on,
// or the cause that refused it. The parsers report the text they read.
// Build and the With methods report the component they refuse: Input is
// the component as given, Offset is within it, Rule is the rule it must
// match where it stands (a path after an authority matches
// "ipath-abempty", and so on), and Err is ErrAbsent for a component given
// a value but marked absent. The conversions to ASCII (ToURIWithIDNA,
// URL, a Converter with ASCIIHosts) report a host that IDNA refuses, or
// whose ASCII form breaks a rule of DNS names: Input is the host as
// written, Rule "ihost", Offset 0, and Err the cause, such as the error of
// x/net/idna.
type ParseError struct {
	Input  string // the text that was parsed, or the component or host refused
	Offset int    // byte offset in Input of the offending character
	Rule   string // the ABNF rule being matched, named as in RFC 3987, section 2.2
	Char   rune   // the character at Offset; -1 at the end of the input, utf8.RuneError for invalid UTF-8
	Err    error  // the cause: ErrInvalidCharacter, ErrUnexpectedEnd, ErrInvalidUTF8, ErrBidiFormatting, ErrNotASCII, ErrAbsent, or the refusal of a host

	// component names what Build or a With method refused ("scheme",
	// "userinfo", "host", "port", "path", "query", "fragment" or
	// "authority"), or "host" for a host the conversions refused; ""
	// for a text a parser read.
	component string
}

// Error returns a message that quotes the input, shortened around the
// offset when it is long, such as
// `iri: parse "http://a/b c": space not allowed in the path (rule ipath-abempty, at byte 10)`.
// A component names itself instead of "parse" (`iri: port "8a": ...`),
// and a host the conversions refuse reads
// `iri: host "a..b" cannot be converted to ASCII: ` and the cause.
//
// A password in the input is quoted as "xxxxx", as net/url's Redacted
// writes it; the offset the message gives is still the input's.
func (e *ParseError) Error() string {
	name := e.component
	if name == "" {
		name = e.Rule
	}
	switch {
	case e.Err == ErrAbsent:
		return "iri: " + name + " " + pct.QuoteAround(e.Input, e.Offset) + ": " + ErrAbsent.Error()
	case e.Err != nil && !isKind(e.Err):
		return "iri: host " + strconv.Quote(e.Input) + " cannot be converted to ASCII: " + e.Err.Error()
	case e.component != "":
		return "iri: " + name + " " + pct.QuoteAround(e.Input, e.Offset) + ": " + e.describe()
	}
	in, offset := e.Input, e.Offset
	if start, end, ok := redact.PasswordSpan(in); ok {
		in = in[:start] + redact.Mask + in[end:]
		if offset >= end {
			offset += len(redact.Mask) - (end - start)
		} else if offset > start {
			offset = start
		}
	}
	return "iri: parse " + pct.QuoteAround(in, offset) + ": " + e.describe()
}

// isKind reports whether err is one of the kinds of failure the grammar
// gives, not a cause from beyond it.
func isKind(err error) bool {
	switch err {
	case ErrInvalidCharacter, ErrUnexpectedEnd, ErrInvalidUTF8, ErrBidiFormatting, ErrNotASCII:
		return true
	}
	return false
}

// describe says what is wrong and where, without the input: words a
// person acts on first ("space not allowed in the path"), then the rule of
// the grammar and the offset.
func (e *ParseError) describe() string {
	at := fmt.Sprintf(" (rule %s, at byte %d)", e.Rule, e.Offset)
	where := ruleWords(e.Rule)
	switch {
	case e.Err == ErrNotASCII:
		return fmt.Sprintf("%s at byte %d is beyond ASCII, which a URI (RFC 3986) cannot hold: ToURI percent-encodes it", charWords(e.Char), e.Offset)
	case e.Rule == "scheme" && e.component == "" && (e.Char < 0 || e.Offset > 0 && strings.IndexByte(e.Input[e.Offset:], ':') < 0):
		// No ":" after the character that stopped the scheme: there is
		// no scheme at all, not a scheme with a wrong character.
		return `no scheme: an IRI starts with one and ":", such as "http:"` + at
	case e.Rule == "scheme" && e.component == "" && e.Offset == 0:
		return "no scheme: " + charWords(e.Char) + ` cannot start one, as an IRI starts with a scheme and ":", such as "http:"` + at
	case e.Rule == "ipath-abempty" && e.Offset == 0 && e.Char != '/':
		return `a path after an authority starts with "/"` + at
	case e.Rule == "absolute-IRI" && e.Char == '#':
		return "a fragment is not allowed: an absolute IRI (a base) has none" + at
	case e.Rule == "pct-encoded":
		return `a "%" not followed by two hex digits` + at
	case e.Char < 0:
		return "the text ends inside " + where + at
	case e.Err == ErrInvalidUTF8 && e.Offset < len(e.Input):
		return fmt.Sprintf("byte 0x%02X is not UTF-8", e.Input[e.Offset]) + at
	case e.Err == ErrBidiFormatting:
		return fmt.Sprintf("the bidi formatting character U+%04X is not allowed in an IRI (RFC 3987, section 4.1)", e.Char) + at
	case e.Rule == "port":
		return charWords(e.Char) + " not allowed in the port, which is digits" + at
	}
	return charWords(e.Char) + " not allowed in " + where + at
}

// ruleWords names the part of an IRI a rule of the grammar belongs to.
func ruleWords(rule string) string {
	switch {
	case rule == "scheme":
		return "the scheme"
	case strings.HasPrefix(rule, "iuserinfo"):
		return "the userinfo"
	case rule == "iauthority":
		return "the authority"
	case rule == "ihost" || rule == "ireg-name" || rule == "IP-literal" || rule == "IPvFuture" ||
		rule == "IPv6address" || rule == "IPv4address" || rule == "dec-octet" || rule == "h16" || rule == "ls32":
		return "the host"
	case strings.HasPrefix(rule, "ipath") || strings.HasPrefix(rule, "isegment") || rule == "ipchar":
		return "the path"
	case rule == "iquery":
		return "the query"
	case rule == "ifragment":
		return "the fragment"
	}
	return "the " + rule
}

// charWords names a character for a message: "space", "tab (U+0009)",
// "'^' (U+005E)".
func charWords(r rune) string {
	switch {
	case r == ' ':
		return "space"
	case r == '\t':
		return "tab (U+0009)"
	case r == '\n':
		return "line feed (U+000A)"
	case r == '\r':
		return "carriage return (U+000D)"
	case r < ' ' || r == 0x7F:
		return fmt.Sprintf("control character U+%04X", r)
	}
	return fmt.Sprintf("%q (U+%04X)", r, r)
}

// Unwrap returns the cause, so that errors.Is(err, ErrInvalidCharacter),
// errors.Is(err, ErrAbsent) and the like work, and a host's refusal is
// found.
func (e *ParseError) Unwrap() error { return e.Err }

// newParseError reports a failure at s[off] while matching rule; the kind
// of failure follows from what is there.
func newParseError(s string, off int, rule string) *ParseError {
	e := &ParseError{Input: s, Offset: off, Rule: rule, Char: -1, Err: ErrUnexpectedEnd}
	if off >= len(s) {
		return e
	}
	r, size := utf8.DecodeRuneInString(s[off:])
	e.Char = r
	switch {
	case r == utf8.RuneError && size == 1:
		e.Err = ErrInvalidUTF8
	case isBidiControl(r):
		e.Err = ErrBidiFormatting
	default:
		e.Err = ErrInvalidCharacter
	}
	return e
}

// Parse parses s as an IRI: the rule IRI of RFC 3987, section 2.2, with a
// scheme and an optional fragment. It rejects what the grammar rejects,
// strings that are not valid UTF-8, and the bidirectional formatting
// characters of section 4.1: the seven that section lists and, on
// purpose, the five that Unicode added since (ARABIC LETTER MARK and the
// isolates U+2066..U+2069), every character with the property
// Bidi_Control (see ErrBidiFormatting). Any error is a *ParseError.
func Parse(s string) (IRI, error) {
	return parseIRI(s, modeIRI)
}

// ParseReference parses s as an IRI reference: an IRI or a relative
// reference (the rule IRI-reference of RFC 3987, section 2.2). Any error is
// a *ParseError.
func ParseReference(s string) (IRI, error) {
	return parseIRI(s, modeReference)
}

// ParseAbsolute parses s as an absolute IRI: an IRI without a fragment (the
// rule absolute-IRI of RFC 3987, section 2.2), as a base IRI must be. Any
// error is a *ParseError.
func ParseAbsolute(s string) (IRI, error) {
	return parseIRI(s, modeAbsolute)
}

// ParseURI parses s as a URI: the rule URI of RFC 3986, section 3, which
// is Parse's grammar without the characters beyond ASCII. JSON Schema's
// "uri" format is this check. A character beyond ASCII is a *ParseError
// whose Err is ErrNotASCII. Call ToURI to turn an IRI into a URI instead.
func ParseURI(s string) (IRI, error) {
	if p := indexNonASCII(s); p >= 0 {
		return IRI{}, notASCII(s, p, "URI")
	}
	return Parse(s)
}

// ParseURIReference parses s as a URI reference: the rule URI-reference of
// RFC 3986, section 4.1, ParseReference's grammar without the characters
// beyond ASCII (JSON Schema's "uri-reference" format).
func ParseURIReference(s string) (IRI, error) {
	if p := indexNonASCII(s); p >= 0 {
		return IRI{}, notASCII(s, p, "URI-reference")
	}
	return ParseReference(s)
}

func notASCII(s string, p int, rule string) *ParseError {
	e := newParseError(s, p, rule)
	if e.Err == ErrInvalidCharacter {
		e.Err = ErrNotASCII
	}
	return e
}

// MustParse is like Parse but panics if s is not an IRI. It is meant for
// IRIs written in programs, such as the bases of vocabularies.
func MustParse(s string) IRI {
	i, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return i
}

// MustParseReference is like ParseReference but panics if s is not an IRI
// reference.
func MustParseReference(s string) IRI {
	i, err := ParseReference(s)
	if err != nil {
		panic(err)
	}
	return i
}

type mode uint8

const (
	modeReference mode = iota // IRI-reference
	modeIRI                   // IRI
	modeAbsolute              // absolute-IRI
)

// parse is parseIRI for the callers that read the *ParseError: every
// error parseIRI returns is one.
func parse(s string, m mode) (IRI, *ParseError) {
	i, err := parseIRI(s, m)
	if err != nil {
		return IRI{}, err.(*ParseError)
	}
	return i, nil
}

// parseIRI splits s at the delimiters of its components and checks each by
// its rule as it goes, in one pass: a component ends at the first byte its
// rule does not allow, which must be the delimiter of the next one. This is
// the first-match-wins reading that RFC 3986, section 3, prescribes.
//
// It returns the error interface, not a *ParseError, so that Parse and
// its siblings are its call alone, with no wrapper that turns a nil
// *ParseError into a nil error inlined in every caller of Parse. Every
// error parseIRI returns is a non-nil *ParseError.
func parseIRI(s string, m mode) (IRI, error) {
	// The offsets are local variables until the IRI is made at the end:
	// kept in registers, not in a struct in memory.

	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	end := 0
	switch {
	case strings.HasPrefix(s, "http"):
		// Most IRIs are http or https: their scheme in two comparisons.
		end = 4
		if len(s) > 4 && s[4] == 's' {
			end = 5
		}
		fallthrough
	case len(s) > 0 && isAlpha(s[0]):
		end = max(end, 1)
		for end < len(s) && pct.Classes[s[end]]&pct.ClassScheme != 0 {
			end++
		}
	}
	schemeEnd := 0
	if end > 0 && end < len(s) && s[end] == ':' {
		schemeEnd = end + 1
	} else if m != modeReference {
		return IRI{}, newParseError(s, end, "scheme")
	}
	// Without a scheme, a colon before any "/" would have to be a scheme
	// delimiter: the first segment is checked as ipath-noscheme below.

	pos := schemeEnd
	hostStart, hostEnd := pos, pos
	if strings.HasPrefix(s[pos:], "//") {
		// Most authorities are a host alone, of ireg-name's ASCII
		// characters, which the path, query or fragment ends: take them
		// as they are, and any other authority (a userinfo, a port, an
		// IP-literal, pct-encoded or non-ASCII characters) to
		// parseAuthority.
		if end := span.End(s, pos+2, &pct.Classes, pct.ClassRegName); end == len(s) || isAuthorityEnd(s[end]) {
			hostStart, hostEnd, pos = pos+2, end, end
		} else {
			var err *ParseError
			if hostStart, hostEnd, pos, err = parseAuthority(s, pos+2); err != nil {
				return IRI{}, err
			}
		}
	}
	pathStart := pos

	// The run of the path's ASCII characters and common letters beyond
	// ASCII first (letterBytes; the letters' bytes checked after it only
	// if it holds any), then scan for what else it holds, unless the run
	// ended where the path does.
	end, from, to := span.EndMarked(s, pos, &letterBytes, inPathRun, beyondASCII)
	if from < end && !lettersFit(s, from, min(to, end)) {
		end = lettersEndSlow(s, from, end)
	}
	inPct := false
	if end < len(s) && s[end] != '?' && s[end] != '#' {
		end, inPct = scan(s, end, pct.ClassPath, false)
	}
	if pathStart == 0 { // no scheme, no authority: ipath-noscheme, unless it starts with "/"
		if colon := firstSegmentColon(s[:end]); colon >= 0 {
			return IRI{}, newParseError(s, colon, "ipath-noscheme")
		}
	}
	if !endsAt(s, end, inPct, '?', '#') {
		return IRI{}, componentError(s, end, inPct, pathRule(s, schemeEnd, pathStart))
	}
	pathEnd := end

	if end < len(s) && s[end] == '?' {
		// iquery = *( ipchar / iprivate / "/" / "?" )
		end, inPct = scan(s, end+1, pct.ClassQuery, true)
		if !endsAt(s, end, inPct, '#') {
			return IRI{}, componentError(s, end, inPct, "iquery")
		}
	}
	queryEnd := end

	if end < len(s) { // s[end] == '#'
		if m == modeAbsolute {
			return IRI{}, newParseError(s, end, "absolute-IRI")
		}
		// ifragment = *( ipchar / "/" / "?" )
		end, inPct = scan(s, end+1, pct.ClassQuery, false)
		if end < len(s) || inPct {
			return IRI{}, componentError(s, end, inPct, "ifragment")
		}
	}
	return pack(s, schemeEnd, hostStart, hostEnd, pathStart, pathEnd, queryEnd), nil
}

// pathRule returns the rule of a path that starts at s[pathStart], after
// a scheme that ends at schemeEnd (0 for none).
func pathRule(s string, schemeEnd, pathStart int) string {
	switch {
	case pathStart > schemeEnd:
		return "ipath-abempty" // after an authority
	case strings.HasPrefix(s[pathStart:], "/"):
		return "ipath-absolute" // "//" would have been an authority
	case schemeEnd > 0:
		return "ipath-rootless"
	}
	return "ipath-noscheme"
}

// parseAuthority parses the authority that starts at s[start], after the
// "//", and returns the offsets where the host starts and ends, and where
// the path starts.
//
//	iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
func parseAuthority(s string, start int) (int, int, int, *ParseError) {
	// Most authorities have no userinfo: read a host first, and go back for
	// a userinfo only when an "@", or a ":" that starts no port, stops it.
	hostStart := start
	end, inPct := scan(s, start, pct.ClassRegName, false)
	if !inPct && end < len(s) && (s[end] == '@' || s[end] == ':' && !isPort(s, end+1)) {
		// iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
		u, uPct := scan(s, start, pct.ClassUserinfo, false)
		switch {
		case !uPct && u < len(s) && s[u] == '@':
			hostStart = u + 1
		case atAhead(s, u):
			return 0, 0, 0, componentError(s, u, uPct, "iuserinfo")
		}
	}

	// ihost = IP-literal / IPv4address / ireg-name
	hostEnd := end
	if hostStart < len(s) && s[hostStart] == '[' {
		var err *ParseError
		if hostEnd, err = parseIPLiteral(s, hostStart); err != nil {
			return 0, 0, 0, err
		}
	} else {
		// ireg-name = *( iunreserved / pct-encoded / sub-delims ). An
		// IPv4address is also an ireg-name: it needs no check of its own.
		if hostStart != start {
			hostEnd, inPct = scan(s, hostStart, pct.ClassRegName, false)
		}
		if inPct || hostEnd < len(s) && !isAuthorityEnd(s[hostEnd]) && s[hostEnd] != ':' {
			rule := "ireg-name"
			if hostStart == start && atAhead(s, hostEnd) {
				rule = "iuserinfo"
			}
			return 0, 0, 0, componentError(s, hostEnd, inPct, rule)
		}
	}

	p := hostEnd
	if p < len(s) && s[p] == ':' {
		// port = *DIGIT
		for p++; p < len(s) && isDigit(s[p]); p++ {
		}
	}
	if p < len(s) && !isAuthorityEnd(s[p]) {
		rule := "port"
		if p == hostEnd {
			rule = "iauthority" // after an IP-literal
		}
		return 0, 0, 0, newParseError(s, p, rule)
	}
	return hostStart, hostEnd, p, nil
}

// isAuthorityEnd reports whether c ends an authority (RFC 3986, section
// 3.2).
func isAuthorityEnd(c byte) bool { return c == '/' || c == '?' || c == '#' }

// isPort reports whether s[p:] starts with digits that end the authority.
func isPort(s string, p int) bool {
	for p < len(s) && isDigit(s[p]) {
		p++
	}
	return p == len(s) || isAuthorityEnd(s[p])
}

// atAhead reports whether an "@" follows s[p] within the authority, which
// tells that a failure at s[p] is one inside a userinfo.
func atAhead(s string, p int) bool {
	for ; p < len(s) && !isAuthorityEnd(s[p]); p++ {
		if s[p] == '@' {
			return true
		}
	}
	return false
}

// parseIPLiteral parses the IP-literal at s[start] == '[' and returns the
// offset after its "]".
//
//	IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
func parseIPLiteral(s string, start int) (int, *ParseError) {
	p := start + 1
	if p < len(s) && s[p]|0x20 == 'v' {
		// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
		// ("v" matches "V" too: ABNF strings are case-insensitive.)
		p++
		q := p
		for q < len(s) && isHex(s[q]) {
			q++
		}
		if q == p || q >= len(s) || s[q] != '.' {
			return 0, newParseError(s, q, "IPvFuture")
		}
		p = q + 1
		for q = p; q < len(s) && pct.Classes[s[q]]&pct.ClassUserinfo != 0; q++ {
		}
		if q == p {
			return 0, newParseError(s, q, "IPvFuture")
		}
		p = q
	} else {
		var ok bool
		if p, ok = matchIPv6(s, p); !ok {
			return 0, newParseError(s, p, "IPv6address")
		}
	}
	if p >= len(s) || s[p] != ']' {
		return 0, newParseError(s, p, "IP-literal")
	}
	return p + 1, nil
}

// matchIPv6 matches the longest IPv6address (RFC 3986, section 3.2.2) at
// s[p:] and returns the offset after it; when none matches it returns false
// and the offset at which matching failed.
//
// The nine alternatives of the ABNF come down to: pieces of 1 to 4 hex
// digits separated by ":", at most one "::", an IPv4address allowed only as
// the last piece where it counts as two, and 8 pieces in all without "::"
// or at most 7 with it.
func matchIPv6(s string, p int) (int, bool) {
	pieces := 0
	elided := false
	if strings.HasPrefix(s[p:], "::") {
		elided = true
		p += 2
	}
	// Matching is greedy: it stops as soon as the address is complete.
	full := func() bool { return pieces == 8 || elided && pieces >= 7 }
	for !full() && p < len(s) && isHex(s[p]) {
		q := p
		for q < len(s) && q-p < 4 && isHex(s[q]) {
			q++
		}
		if q < len(s) && s[q] == '.' {
			// ls32 = ( h16 ":" h16 ) / IPv4address, the IPv4address last.
			if pieces+2 > 8 || elided && pieces+2 > 7 {
				return p, false
			}
			var ok bool
			if q, ok = matchIPv4(s, p); !ok {
				return q, false
			}
			pieces += 2
			p = q
			break
		}
		pieces++
		p = q
		if full() {
			break
		}
		if strings.HasPrefix(s[p:], "::") {
			if elided {
				return p, false
			}
			elided = true
			p += 2
		} else if p+1 < len(s) && s[p] == ':' && isHex(s[p+1]) {
			p++
		} else {
			break
		}
	}
	if !elided && pieces < 8 {
		return p, false
	}
	return p, true
}

// matchIPv4 matches the IPv4address at s[p:] and returns the offset after
// it, or false and the offset at which matching failed.
//
//	IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//	dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
//
// A dec-octet is at most 255 and has no leading zero; matching is greedy,
// so "256" fails at the "6" and "01" at the "1".
func matchIPv4(s string, p int) (int, bool) {
	for octet := 0; octet < 4; octet++ {
		if octet > 0 {
			if p >= len(s) || s[p] != '.' {
				return p, false
			}
			p++
		}
		if p >= len(s) || !isDigit(s[p]) {
			return p, false
		}
		v := int(s[p] - '0')
		p++
		for v != 0 && p < len(s) && isDigit(s[p]) && v*10+int(s[p]-'0') <= 255 {
			v = v*10 + int(s[p]-'0')
			p++
		}
	}
	return p, true
}

// scan returns the offset of the first byte at or after s[i] that does not
// belong to the rule whose ASCII characters are class. pct-encoded and
// ucschar (and iprivate, if private) belong to every rule it is used for.
// When a "%" is not followed by two hex digits, scan stops at the offending
// byte and reports inPct.
func scan(s string, i int, class uint8, private bool) (end int, inPct bool) {
	for i < len(s) {
		c := s[i]
		if pct.Classes[c]&class != 0 {
			// The ASCII bytes of the class need no decision: skip their
			// run eight bytes at a time.
			i = span.End(s, i+1, &pct.Classes, class)
			continue
		}
		if c == '%' {
			// pct-encoded = "%" HEXDIG HEXDIG
			if i+1 >= len(s) || !isHex(s[i+1]) {
				return i + 1, true
			}
			if i+2 >= len(s) || !isHex(s[i+2]) {
				return i + 2, true
			}
			i += 3
			continue
		}
		if c < utf8.RuneSelf {
			return i, false
		}
		if n := letterSize(s, i); n > 0 {
			i += n
			continue
		}
		r, size := decodeRune(s[i:])
		if !allowedUnencoded(r, private) {
			return i, false // also for invalid UTF-8, which decodes as U+FFFD
		}
		i += size
	}
	return i, false
}

// decodeRune is utf8.DecodeRuneInString for a string that starts beyond
// ASCII, with the two- and three-byte forms, which hold the whole BMP,
// decoded in line. Their checks are those of RFC 3629, section 4: a
// continuation byte is 10xxxxxx, a two-byte form starts at C2 (C0 and C1
// would be overlong), and the second byte of a three-byte form is at
// least A0 after E0 (overlong otherwise) and at most 9F after ED (a
// surrogate otherwise).
func decodeRune(s string) (rune, int) {
	if len(s) >= 3 {
		c0, c1, c2 := s[0], s[1], s[2]
		if 0xC2 <= c0 && c0 <= 0xDF && c1&0xC0 == 0x80 {
			return rune(c0&0x1F)<<6 | rune(c1&0x3F), 2
		}
		if c0&0xF0 == 0xE0 && c1&0xC0 == 0x80 && c2&0xC0 == 0x80 &&
			(c0 != 0xE0 || c1 >= 0xA0) && (c0 != 0xED || c1 <= 0x9F) {
			return rune(c0&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F), 3
		}
	}
	return utf8.DecodeRuneInString(s)
}

// endsAt reports whether a scan that stopped at end, outside a pct-encoded,
// reached the end of s or one of the delimiters that may follow.
func endsAt(s string, end int, inPct bool, delims ...byte) bool {
	if inPct {
		return false
	}
	return end == len(s) || bytesContain(delims, s[end])
}

func bytesContain(b []byte, c byte) bool {
	for _, d := range b {
		if c == d {
			return true
		}
	}
	return false
}

func componentError(s string, off int, inPct bool, rule string) *ParseError {
	if inPct {
		rule = "pct-encoded"
	}
	return newParseError(s, off, rule)
}
