package web

import (
	"github.com/iri-go/iri/internal/ipaddr"
	"net/netip"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Safe Browsing's canonicalization, as Google's "URLs and Hashing"
// documentation gives it (Safe Browsing API v4 and v5, section
// "Canonicalization"). It is not the URL Standard: it decodes the whole
// URL before it splits it, so "%2F" and "%3F" become delimiters, and "#"
// only ends the URL before decoding.

const upperHex = "0123456789ABCDEF"

// sbEscape marks the octets that Safe Browsing percent-encodes in its
// canonical URL: "percent-escape all characters in the URL which are <=
// ASCII 32, >= 127, "#", or "%"".
var sbEscape = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c <= 0x20 || c >= 0x7F || c == '#' || c == '%'
	}
	return t
}()

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// appendEscaped appends s to b with the octets that set marks
// percent-encoded.
func appendEscaped(b []byte, s string, set *[256]bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if set[c] {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return b
}

// unescapeAll appends s to b with every percent-encoding decoded, again
// and again until nothing changes ("repeatedly percent-unescape the URL
// until it has no more percent-escapes"). Decoding from the left and
// looking back after each octet at the last three octets written gives the
// fixed point of repeated passes in one pass: a decoded octet can only
// complete an encoding that ends with it. With skipTabs, tab, CR and LF
// are dropped as they come.
func unescapeAll(b []byte, s string, skipTabs bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if skipTabs && (c == '\t' || c == '\r' || c == '\n') {
			continue
		}
		b = append(b, c)
		for n := len(b); n >= 3 && b[n-3] == '%' && isHex(b[n-2]) && isHex(b[n-1]); n = len(b) {
			b[n-3] = unhex(b[n-2])<<4 | unhex(b[n-1])
			b = b[:n-2]
		}
	}
	return b
}

// readSafeBrowsing reads input by Safe Browsing's steps. The parts it
// returns are in canonical form; the userinfo and the port are kept when
// asked for.
func readSafeBrowsing(input string, keepUserinfo, keepPort bool) (parts, error) {
	// "If the URL ends in a fragment, remove the fragment": the first "#"
	// of the text as given, before decoding.
	s := input
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	// Leading and trailing spaces and controls go (the documentation's
	// example "  http://www.google.com/  ").
	for len(s) > 0 && s[0] <= ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] <= ' ' {
		s = s[:len(s)-1]
	}
	if p, ok := sbCanonical(s); ok {
		return p, nil
	}
	return sbRead(input, s, keepUserinfo, keepPort)
}

// sbRead reads s, input with its fragment and surrounding spaces taken
// away, by Safe Browsing's steps.
func sbRead(input, s string, keepUserinfo, keepPort bool) (parts, error) {
	// "Remove tab (0x09), CR (0x0d), and LF (0x0a) characters", then
	// "repeatedly percent-unescape the URL".
	if strings.ContainsAny(s, "%\t\r\n") {
		s = string(unescapeAll(make([]byte, 0, len(s)), s, true))
	}

	// The scheme: letters, digits, "+", "-", "." before a ":", unless the
	// ":" starts a port ("www.google.com:80/" has no scheme).
	scheme, rest := "", s
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
			continue
		}
		if c == ':' && i > 0 && !startsWithPort(s[i+1:]) {
			scheme, rest = s[:i], s[i+1:]
		}
		break
	}
	query, hasQuery := "", false
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest, query, hasQuery = rest[:i], rest[i+1:], true
	}
	if scheme == "" {
		// A URL without a scheme is read as "http://" and the text.
		scheme = "http"
	} else if !strings.HasPrefix(rest, "//") {
		return parts{}, canonError(input, len(scheme)+1, "missing-authority")
	} else {
		rest = rest[2:]
	}
	hostish, path := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		hostish, path = rest[:i], rest[i:]
	}
	userinfo, host, hasUserinfo := "", hostish, false
	if i := strings.LastIndexByte(hostish, '@'); i >= 0 {
		userinfo, host, hasUserinfo = hostish[:i], hostish[i+1:], true
	}
	// "http://www.gotaport.com:1234/": a port is digits after the last ":"
	// (after the "]" of an IPv6 address).
	// Leading and trailing dots go first, and a port uncovered by taking one away goes
	// too ("a:1.:2", "::"), so that a second reading finds no port.
	port := ""
	for first := true; ; first = false {
		host = strings.Trim(host, ".")
		i := strings.LastIndexByte(host, ':')
		if i < 0 || !allDigits(host[i+1:]) || host[0] == '[' && !strings.HasSuffix(host[:i], "]") {
			break
		}
		if first {
			digits := host[i+1:]
			port = strings.TrimLeft(digits, "0")
			if port == "" && digits != "" {
				port = "0"
			}
		}
		host = host[:i]
	}
	if strings.HasPrefix(host, "[") && !strings.HasSuffix(host, "]") {
		return parts{}, canonError(input, 0, "unclosed-ipv6-address")
	}
	if !strings.HasPrefix(host, "[") && strings.ContainsAny(host, "[]") {
		// Brackets belong to an IPv6 address only: a domain holding one
		// would read back as another host (or none) once "www." or a dot
		// is taken away.
		return parts{}, canonError(input, strings.IndexAny(input, "[]"), "invalid-host")
	}
	host = sbHost(host)
	if host == "" {
		return parts{}, canonError(input, 0, "missing-host")
	}

	// The canonical URL, built once.
	b := make([]byte, 0, len(scheme)+3+len(userinfo)+1+len(host)+1+len(port)+len(path)+1+len(query)+16)
	var p parts
	for i := 0; i < len(scheme); i++ {
		b = append(b, lower(scheme[i]))
	}
	b = append(b, "://"...)
	p.hasAuthority = true
	ui := len(b)
	if keepUserinfo && hasUserinfo {
		b = appendEscaped(b, userinfo, &sbEscape)
		p.userinfo, p.hasUserinfo = string(b[ui:]), true // rare: a copy
		b = append(b, '@')
	}
	hs := len(b)
	b = appendEscaped(b, host, &sbEscape)
	he := len(b)
	if keepPort && port != "" {
		b = append(b, ':')
		b = append(b, port...)
	}
	ps := len(b)
	b = appendSBPath(b, path)
	pe := len(b)
	if hasQuery {
		b = append(b, '?')
		b = appendEscaped(b, query, &sbEscape)
	}
	p.href = string(b)
	p.scheme = p.href[:len(scheme)]
	p.host = p.href[hs:he]
	if keepPort && port != "" {
		p.port, p.hasPort = port, true
	}
	p.path = p.href[ps:pe]
	if hasQuery {
		p.query, p.hasQuery = p.href[pe+1:], true
	}
	return p, nil
}

// sbCanonical returns the parts of s when s is already a canonical URL
// of Safe Browsing's (most URLs met are), which it checks in one pass and
// without allocating: a lowercase scheme and "://", a lowercase host name
// of letters, digits, "-" and "_" with single dots inside, no userinfo or
// port, a path with no empty, "." or ".." segment, and nothing to escape.
// A host of digits, hexadecimal letters, "x" and dots may be an IPv4
// number form and is left to the full reading.
func sbCanonical(s string) (parts, bool) {
	i := 0
	for i < len(s) && ('a' <= s[i] && s[i] <= 'z' || i > 0 && ('0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
		i++
	}
	if i == 0 || !strings.HasPrefix(s[i:], "://") {
		return parts{}, false
	}
	p := parts{href: s, scheme: s[:i], hasAuthority: true}
	i += 3
	hs, numeric := i, true
	for ; i < len(s) && s[i] != '/'; i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			numeric = numeric && (c <= 'f' || c == 'x')
		case c == '-' || c == '_':
			numeric = false
		case c == '.':
			if i == hs || s[i-1] == '.' {
				return parts{}, false
			}
		default:
			return parts{}, false
		}
	}
	if i == hs || i == len(s) || s[i-1] == '.' || numeric {
		return parts{}, false
	}
	p.host = s[hs:i]
	ps := i
	for ; i < len(s) && s[i] != '?'; i++ {
		c := s[i]
		if sbEscape[c] {
			return parts{}, false
		}
		if c == '/' && dotOrEmptySegment(s[i+1:]) {
			return parts{}, false
		}
	}
	p.path = s[ps:i]
	if i < len(s) {
		p.query, p.hasQuery = s[i+1:], true
		for j := i + 1; j < len(s); j++ {
			if sbEscape[s[j]] {
				return parts{}, false
			}
		}
	}
	return p, true
}

// dotOrEmptySegment reports whether s, the text after a "/" of a path,
// starts with an empty segment, "." or "..".
func dotOrEmptySegment(s string) bool {
	end := func(i int) bool { return i == len(s) || s[i] == '/' || s[i] == '?' }
	return end(0) && len(s) > 0 && s[0] == '/' || len(s) > 0 && s[0] == '.' && (end(1) || s[1] == '.' && end(2))
}

// startsWithPort reports whether s starts with one or more digits followed
// by "/" or the end of s.
func startsWithPort(s string) bool {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i > 0 && (i == len(s) || s[i] == '/')
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// sbIDNA converts an internationalized host to Punycode: "If the URL uses
// an internationalized domain name (IDN), the client should convert the
// URL to the ASCII Punycode representation." It maps as a browser does
// (UTS #46, nontransitional), with the URL Standard's leniency on ASCII
// labels.
var sbIDNA = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false), idna.StrictDomainName(false))

// sbHost canonicalizes a decoded host by Safe Browsing's steps: Punycode,
// dots trimmed and collapsed, IPv4 and IPv6 forms normalized, lowercased.
// The result is not yet percent-encoded.
func sbHost(h string) string {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		// "If the hostname can be parsed as a bracketed IPv6 address,
		// normalize it ... IPv4-mapped ... and NAT64 ... into IPv4" (v5).
		if a, err := netip.ParseAddr(h[1 : len(h)-1]); err == nil && a.Is6() && a.Zone() == "" {
			b := a.As16()
			if a.Is4In6() || b[0] == 0 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && allZero(b[4:12]) {
				return netip.AddrFrom4([4]byte(b[12:])).String()
			}
			return "[" + a.String() + "]"
		}
		return toLowerASCII(h)
	}
	// Dots first, so that IDNA sees the labels that a second reading
	// sees; and again after, as IDNA maps other full stops to ".".
	h = trimDots(h)
	for i := 0; i < len(h); i++ {
		if h[i] >= 0x80 {
			if utf8.ValidString(h) {
				// A result with a delimiter (from a full-width "/" or
				// ":") or a "%" would read differently; the host stays as given,
				// percent-encoded.
				if a, err := sbIDNA.ToASCII(h); err == nil && !strings.ContainsAny(a, "/?#@:[]\\%") {
					h = a
				}
			}
			break
		}
	}
	h = trimDots(h)
	if a, ok := parseIPv4Loose(h); ok {
		return a
	}
	return toLowerASCII(h)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// trimDots removes the leading and trailing dots of h and replaces each
// run of dots by one.
func trimDots(h string) string {
	if !strings.HasPrefix(h, ".") && !strings.HasSuffix(h, ".") && !strings.Contains(h, "..") {
		return h
	}
	b := make([]byte, 0, len(h))
	for i := 0; i < len(h); i++ {
		if h[i] == '.' && (len(b) == 0 || b[len(b)-1] == '.') {
			continue
		}
		b = append(b, h[i])
	}
	if len(b) > 0 && b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	return string(b)
}

func toLowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = lower(b[j])
			}
			return string(b)
		}
	}
	return s
}

// parseIPv4Loose reads h as an IPv4 address the way Google's reference
// client does ("any legal IP-address encoding, including octal, hex, and
// fewer than four components"): one to four numbers separated by dots,
// each decimal, octal with a leading "0" or hexadecimal with "0x"; the
// last fills the remaining octets. A number too large for its octets
// keeps its low bits, as inet_aton's callers in Safe Browsing do.
func parseIPv4Loose(h string) (string, bool) {
	if h == "" || len(h) > 64 {
		return "", false
	}
	var nums [4]uint64
	n := 0
	for part := range strings.SplitSeq(h, ".") {
		if n == 4 {
			return "", false
		}
		v, ok := ipaddr.ParseIPv4Number(part)
		if !ok || v > 0xFFFFFFFF {
			return "", false
		}
		nums[n] = v
		n++
	}
	var addr [4]byte
	for i := 0; i < n-1; i++ {
		addr[i] = byte(nums[i])
	}
	last := nums[n-1]
	for i := 3; i >= n-1; i-- {
		addr[i] = byte(last)
		last >>= 8
	}
	return netip.AddrFrom4(addr).String(), true
}

// appendSBPath appends the canonical form of a decoded path: "Resolve the
// sequences "/../" and "/./" in the path by replacing "/./" with "/", and
// removing "/../" along with the preceding path component", "replace runs
// of consecutive slashes with a single slash", percent-encoded. An empty
// path becomes "/". A last segment "." or ".." leaves the "/" before it,
// as RFC 3986's remove_dot_segments does.
func appendSBPath(b []byte, path string) []byte {
	start := len(b)
	b = append(b, '/')
	for len(path) > 0 {
		if path[0] == '/' {
			path = path[1:]
			continue
		}
		seg := path
		if i := strings.IndexByte(path, '/'); i >= 0 {
			seg, path = path[:i], path[i:]
		} else {
			path = ""
		}
		switch seg {
		case ".":
		case "..":
			if len(b) > start+1 {
				b = b[:len(b)-1] // the "/" after the last segment
				for b[len(b)-1] != '/' {
					b = b[:len(b)-1]
				}
			}
		default:
			b = appendEscaped(b, seg, &sbEscape)
			if path != "" {
				b = append(b, '/')
			}
		}
	}
	return b
}
