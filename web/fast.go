package web

import (
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/bytestring"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/span"
	"github.com/iri-go/iri/internal/urlstd"
)

// fastParse reads the URLs most text holds, http(s), ws(s) and ftp URLs
// with a host name and neither credentials nor dot segments, without the
// states of the full parser: one pass reads the components and what they
// need (lowercasing, characters to percent-encode, the "/" of an empty
// path), and, when the href differs from the input, a second pass writes
// it into a string of its size. It reports false, and the full parser
// runs, at anything else: a backslash, a tab or newline, leading or
// trailing C0 controls or spaces, bytes that are not UTF-8, userinfo, a
// host that is not ASCII, holds a "%" or may end in a number (an IPv4
// address), an empty or default port or one with a leading zero, a dot
// segment. An href that equals its input is the input itself: nothing is
// allocated; any other costs one allocation, its string. FuzzParse holds
// fastParse to the full parser.
func fastParse(s string, u *URL) bool {
	// scheme: a special scheme but file, which has states of its own.
	var scheme string
	switch {
	case strings.HasPrefix(s, "https://"):
		scheme = s[:5]
	case strings.HasPrefix(s, "http://"):
		scheme = s[:4]
	default:
		if scheme = fastScheme(s); scheme == "" {
			return false
		}
	}
	hostStart := len(scheme) + 3
	if len(s) == hostStart || s[hostStart] == '/' || s[hostStart] == '\\' || s[len(s)-1] <= ' ' {
		return false // more slashes, which the parser skips; or trimmed
	}
	*u = URL{href: s, schemeEnd: len(scheme), usernameEnd: hostStart, passwordStart: hostStart, hostStart: hostStart,
		queryStart: -1, fragmentStart: -1, port: -1, hostKind: hostDomain, flags: flagSpecial}
	var ed edits
	ed.lowerScheme = s[:len(scheme)] != scheme

	// host: a domain of ASCII letters, digits, "-", "." and "_", which the
	// host parser only lowercases when no label makes it a number.
	i := span.End(s, hostStart, &pct.Fast, pct.FastLowerHost)
	if i < len(s) && 'A' <= s[i] && s[i] <= 'Z' {
		ed.lowerHost = true
		i = span.End(s, i, &pct.Fast, pct.FastHost)
	}
	if i == hostStart || i < len(s) && s[i] != ':' && s[i] != '/' && s[i] != '?' && s[i] != '#' ||
		mayEndInNumber(s[hostStart:i]) {
		return false
	}
	u.hostEnd, u.portEnd = i, i

	// port = 1*5DIGIT, neither the default nor with a leading zero, which
	// the port state would not write as they are.
	if i < len(s) && s[i] == ':' {
		i++
		start := i
		v := int32(0)
		for i < len(s) && '0' <= s[i] && s[i] <= '9' && i-start < 5 {
			v = v*10 + int32(s[i]-'0')
			i++
		}
		if i == start || s[start] == '0' || v > 65535 || v == urlstd.DefaultPort(scheme) ||
			i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#' {
			return false
		}
		u.port, u.portEnd = v, i
	}

	// path, query and fragment: the runs of the bytes each writes as
	// they are, and what it percent-encodes.
	u.pathStart = i
	var ok bool
	if i = span.End(s, i, &pct.Fast, pct.FastPath); i < len(s) && s[i] != '?' && s[i] != '#' {
		if i, ed.path, ok = fastComponent(s, i, pct.FastPath); !ok {
			return false
		}
	}
	ed.emptyPath = u.pathStart == i
	if i < len(s) && s[i] == '?' {
		u.queryStart = i
		if i, ed.query, ok = fastComponent(s, i+1, pct.FastQuery); !ok {
			return false
		}
	}
	if i < len(s) { // s[i] == '#'
		u.fragmentStart = i
		if i, ed.fragment, ok = fastComponent(s, i+1, pct.FastFragment); !ok || i < len(s) {
			return false
		}
	}
	if ed != (edits{}) {
		ed.rewrite(u, scheme)
	}
	return true
}

// fastParseRef is fastParse for a reference that is not an absolute URL
// against base, a special URL but a file URL: a path-absolute reference
// ("/p?q#f"), a path-relative one ("p?q", "../p"), a query or fragment
// alone, or the empty reference. The href is base's up to where the
// reference takes over, then the reference's path, query and fragment,
// written as fastParse writes them: one allocation, its string (none for
// the empty reference). It reports false, for the full parser, at a
// reference that may have a scheme or an authority ("//h/p"), and at what
// fastParse leaves to it; "./" and "../" are taken only where the
// reference starts, from base's path.
func fastParseRef(base *URL, ref string, u *URL) bool {
	if base.flags&flagSpecial == 0 || base.Scheme() == "file" {
		return false
	}
	if ref == "" {
		*u = base.WithoutFragment()
		return true
	}
	if ref[0] <= ' ' || ref[len(ref)-1] <= ' ' || ref[0] == '\\' || strings.HasPrefix(ref, "//") || schemeLength(ref) > 0 {
		return false
	}
	*u = *base
	u.queryStart, u.fragmentStart = -1, -1
	// The part of base's href the reference keeps (prefix), and where the
	// reference's own part starts in it (i).
	var prefix string
	i := 0
	switch ref[0] {
	case '?':
		prefix = base.href[:base.pathEnd()]
	case '#':
		prefix = base.href[:base.fragmentStartOrEnd()]
		u.queryStart = base.queryStart
	case '/':
		prefix = base.href[:base.pathStart]
	default:
		// Merge with base's path less its last segment, less one more
		// for each "../" the reference starts with.
		dir := base.href[base.pathStart:base.pathEnd()]
		dir = dir[:strings.LastIndexByte(dir, '/')+1] // "/" at least: a special URL's path
		for {
			if strings.HasPrefix(ref[i:], "./") {
				i += 2
			} else if strings.HasPrefix(ref[i:], "../") {
				i += 3
				if len(dir) > 1 {
					dir = dir[:strings.LastIndexByte(dir[:len(dir)-1], '/')+1]
				}
			} else {
				break
			}
		}
		prefix = base.href[:base.pathStart+len(dir)]
	}
	// The reference's path, query and fragment, read as fastParse reads
	// them.
	pathFrom, pathExtra := i, 0
	var ok bool
	if ref[0] != '?' && ref[0] != '#' {
		if i, pathExtra, ok = fastComponent(ref, i, pct.FastPath); !ok {
			return false
		}
	}
	pathTo := i
	queryExtra, fragmentExtra := 0, 0
	queryAt, fragmentAt := -1, -1
	if i < len(ref) && ref[i] == '?' {
		queryAt = i
		if i, queryExtra, ok = fastComponent(ref, i+1, pct.FastQuery); !ok {
			return false
		}
	}
	if i < len(ref) { // ref[i] == '#'
		fragmentAt = i
		if i, fragmentExtra, ok = fastComponent(ref, i+1, pct.FastFragment); !ok || i < len(ref) {
			return false
		}
	}
	size := len(prefix) + len(ref) - pathFrom + pathExtra + queryExtra + fragmentExtra
	r := refParts{prefix, ref, pathFrom, pathTo, queryAt, fragmentAt}
	if size <= 256 {
		var stack [256]byte
		u.href = string(r.write(stack[:0], base, u))
	} else {
		u.href = bytestring.String(r.write(make([]byte, 0, size), base, u))
	}
	return true
}

// refParts are the parts of the href fastParseRef writes: the prefix of
// its base's href, and where the path, query and fragment of its
// reference are.
type refParts struct {
	prefix, ref                           string
	pathFrom, pathTo, queryAt, fragmentAt int
}

// write appends the href to b and sets u's query and fragment offsets.
func (r *refParts) write(b []byte, base, u *URL) []byte {
	b = appendEncoded(append(b, r.prefix...), r.ref[r.pathFrom:r.pathTo], pct.FastPathOut)
	if r.queryAt >= 0 {
		u.queryStart = len(b)
		end := len(r.ref)
		if r.fragmentAt >= 0 {
			end = r.fragmentAt
		}
		b = appendEncoded(append(b, '?'), r.ref[r.queryAt+1:end], pct.FastQuery)
	} else if r.ref[0] == '#' && base.queryStart >= 0 {
		u.queryStart = base.queryStart // kept in the prefix
	}
	if r.fragmentAt >= 0 {
		u.fragmentStart = len(b)
		b = appendEncoded(append(b, '#'), r.ref[r.fragmentAt+1:], pct.FastFragment)
	}
	return b
}

// edits are what the href of a URL fastParse reads changes from its
// input: the scheme or host to lowercase, the "/" of an empty path, and
// the bytes that percent-encoding adds to each component.
type edits struct {
	lowerScheme, lowerHost, emptyPath bool
	path, query, fragment             int
}

// rewrite writes the href of u, whose offsets are those of the input
// u.href, and moves the offsets to it. The href is written in a buffer of
// its size, on the stack when it is short (most are), then copied into
// its string; a long one in a buffer of its own, which becomes its string
// (internal/bytestring). One allocation either way.
func (ed *edits) rewrite(u *URL, scheme string) {
	size := len(u.href) + ed.path + ed.query + ed.fragment
	if ed.emptyPath {
		size++
	}
	if size <= 256 {
		var stack [256]byte
		u.href = string(ed.write(stack[:0], u, scheme))
		return
	}
	u.href = bytestring.String(ed.write(make([]byte, 0, size), u, scheme))
}

// write appends to b the href of u, and moves u's offsets to it; rewrite
// sets the href.
func (ed *edits) write(b []byte, u *URL, scheme string) []byte {
	s := u.href
	b = append(append(b, scheme...), "://"...)
	host := s[u.hostStart:u.hostEnd]
	if ed.lowerHost {
		for k := 0; k < len(host); k++ {
			b = append(b, ascii.Lower(host[k]))
		}
	} else {
		b = append(b, host...)
	}
	b = append(b, s[u.hostEnd:u.pathStart]...) // the port
	pathEnd := u.pathEnd()
	delta := len(b) - u.pathStart // how far the offsets move
	u.hostEnd += delta
	u.portEnd += delta
	u.pathStart += delta
	if ed.emptyPath {
		b = append(b, '/')
	}
	b = appendEncoded(b, s[u.pathStart-delta:pathEnd], pct.FastPathOut)
	if u.queryStart >= 0 {
		start := u.queryStart + 1
		u.queryStart = len(b)
		end := len(s)
		if u.fragmentStart >= 0 {
			end = u.fragmentStart
		}
		b = appendEncoded(append(b, '?'), s[start:end], pct.FastQuery)
	}
	if u.fragmentStart >= 0 {
		start := u.fragmentStart + 1
		u.fragmentStart = len(b)
		b = appendEncoded(append(b, '#'), s[start:], pct.FastFragment)
	}
	return b
}

// fastComponent reads the component that starts at s[i] and that class
// writes (pct.FastPath, pct.FastQuery or pct.FastFragment): it returns where it ends
// (at the delimiter of the next one, or the end of s), how many bytes
// percent-encoding adds to it, and false at a byte fastParse leaves to the
// full parser (a tab or newline, a backslash in the path, a byte
// sequence that is not UTF-8).
func fastComponent(s string, i int, class uint8) (end, extra int, ok bool) {
	start := i
	for {
		i = span.End(s, i, &pct.Fast, class)
		if i == len(s) {
			return i, extra, true
		}
		c := s[i]
		switch {
		case c == '#' || c == '?' && class == pct.FastPath:
			return i, extra, true
		case c == '.' || c == '%': // only in the path
			if (i == start || s[i-1] == '/') && isDotSegment(s[i:]) {
				return 0, 0, false
			}
			i++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, 0, false
			}
			i += size
			extra += 2 * size
		case c == '\t' || c == '\n' || c == '\r' || c == '\\':
			return 0, 0, false
		default: // a byte the component's percent-encode set holds
			i++
			extra += 2
		}
	}
}

// appendEncoded appends s, a component fastComponent read, to b, with the
// bytes that class does not write as they are percent-encoded (class is
// pct.FastPathOut, pct.FastQuery or pct.FastFragment): runs of the others are
// copied whole, and the bytes of a character beyond ASCII encoded in one
// loop.
func appendEncoded(b []byte, s string, class uint8) []byte {
	for i := 0; i < len(s); {
		end := span.End(s, i, &pct.Fast, class)
		b = append(b, s[i:end]...)
		for i = end; i < len(s) && pct.Fast[s[i]]&class == 0; i++ {
			b = pct.AppendByte(b, s[i])
		}
	}
	return b
}

// mayEndInNumber reports whether the host parser may read host as an IPv4
// address ("ends in a number", URL Standard, section 3.5): its last label
// (before a trailing dot) is digits, or "0x" and hexadecimal digits. It
// tells by the label's last byte, and by its first when that one is a
// hexadecimal digit or "x": then the label may be a number when it starts
// with a digit, and the full parser tells.
func mayEndInNumber(host string) bool {
	last := strings.TrimSuffix(host, ".")
	if last == "" {
		return true
	}
	if c := last[len(last)-1] | 0x20; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || c == 'x') {
		return false // "com", "org": no number ends so
	}
	last = last[strings.LastIndexByte(last, '.')+1:]
	return last == "" || '0' <= last[0] && last[0] <= '9'
}

// isDotSegment reports whether the segment that rest starts is "." or
// "..", or one of their percent-encoded forms, which the path state
// removes.
func isDotSegment(rest string) bool {
	seg := rest[:min(len(rest), 7)] // the longest, "%2e%2e", and a byte
	for k := 0; k < len(seg); k++ {
		if c := seg[k]; c == '/' || c == '?' || c == '#' {
			seg = seg[:k]
			break
		}
	}
	return urlstd.IsSingleDot(seg) || urlstd.IsDoubleDot(seg)
}

// fastScheme returns the scheme s starts with, in lowercase, when it is
// one of those fastParse reads and "://" follows; "" otherwise.
func fastScheme(s string) string {
	n := 0
	for n < len(s) && isASCIIAlpha(s[n]) {
		n++
	}
	if len(s) < n+3 || s[n:n+3] != "://" {
		return ""
	}
	for _, scheme := range [...]string{"http", "https", "ws", "wss", "ftp"} {
		if strings.EqualFold(s[:n], scheme) {
			return scheme
		}
	}
	return ""
}
