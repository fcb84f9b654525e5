package canon

import (
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/urlstd"
)

// Safe Browsing's canonicalization, as Google's "URLs and Hashing"
// documentation gives it (Safe Browsing API v4 and v5, section
// "Canonicalization"). It is not the URL Standard: it decodes the whole
// URL before it splits it, so "%2F" and "%3F" become delimiters, and "#"
// only ends the URL before decoding.

// sbSet is the set of octets that Safe Browsing percent-encodes in its
// canonical URL: "percent-escape all characters in the URL which are <=
// ASCII 32, >= 127, "#", or "%"". As a pct.Set, the octets beyond ASCII
// are in it too.
var sbSet = pct.C0Control.With(" #%")

// sbEscapes reports whether Safe Browsing percent-encodes c.
func sbEscapes(c byte) bool { return sbSet.Has(c) }

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
		for n := len(b); n >= 3 && b[n-3] == '%' && pct.IsHex(b[n-2]) && pct.IsHex(b[n-1]); n = len(b) {
			b[n-3] = pct.Unhex(b[n-2])<<4 | pct.Unhex(b[n-1])
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
	s = urlstd.TrimControlAndSpace(s)
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
		return parts{}, newError(input, len(scheme)+1, "missing-authority")
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
	// The port ("http://www.gotaport.com:1234/"): the digits after the
	// last ":" (after the "]" of an IPv6 address), without leading zeros.
	// The host's leading and trailing dots go first; a port that taking
	// them away uncovers ("a:1.:2", "::") goes too, so that reading the
	// result again finds no port.
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
	if strings.ContainsAny(host, "[]") {
		// Brackets belong to an IPv6 address: a host that holds one and
		// is not "[" IPv6 address "]" is no host, and would read back as
		// another (or none) once "www." or a dot is taken away.
		a, ok := sbIPv6(host)
		if !ok {
			return parts{}, newError(input, max(strings.IndexAny(input, "[]"), 0), "invalid-ipv6-address")
		}
		host = a
	} else {
		host = sbHost(host)
	}
	if host == "" {
		return parts{}, newError(input, 0, "missing-host")
	}

	// The canonical URL, built once.
	b := make([]byte, 0, len(scheme)+3+len(userinfo)+1+len(host)+1+len(port)+len(path)+1+len(query)+16)
	var p parts
	for i := 0; i < len(scheme); i++ {
		b = append(b, ascii.Lower(scheme[i]))
	}
	b = append(b, "://"...)
	p.HasAuthority = true
	ui := len(b)
	if keepUserinfo && hasUserinfo {
		b = pct.Append(b, userinfo, &sbSet)
		p.Userinfo, p.HasUserinfo = string(b[ui:]), true // rare: a copy
		b = append(b, '@')
	}
	hs := len(b)
	b = pct.Append(b, host, &sbSet)
	he := len(b)
	if keepPort && port != "" {
		b = append(b, ':')
		b = append(b, port...)
	}
	ps := len(b)
	// "Resolve the sequences "/../" and "/./" in the path by replacing
	// "/./" with "/", and removing "/../" along with the preceding path
	// component", "replace runs of consecutive slashes with a single
	// slash"; an empty path becomes "/".
	b = appendResolvedPath(b, path, true, &sbSet)
	pe := len(b)
	if hasQuery {
		b = append(b, '?')
		b = pct.Append(b, query, &sbSet)
	}
	p.href = string(b)
	p.Scheme = p.href[:len(scheme)]
	p.Host = p.href[hs:he]
	if keepPort && port != "" {
		p.Port, p.HasPort = port, true
	}
	p.Path = p.href[ps:pe]
	if hasQuery {
		p.Query, p.HasQuery = p.href[pe+1:], true
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
	p := parts{href: s}
	p.Scheme, p.HasAuthority = s[:i], true
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
	p.Host = s[hs:i]
	ps := i
	for ; i < len(s) && s[i] != '?'; i++ {
		c := s[i]
		if sbEscapes(c) {
			return parts{}, false
		}
		if c == '/' && dotOrEmptySegment(s[i+1:]) {
			return parts{}, false
		}
	}
	p.Path = s[ps:i]
	if i < len(s) {
		p.Query, p.HasQuery = s[i+1:], true
		for j := i + 1; j < len(s); j++ {
			if sbEscapes(s[j]) {
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

// sbIPv6 canonicalizes a host in brackets: "If the hostname can be parsed
// as a bracketed IPv6 address, normalize it by removing unnecessary
// leading zeroes in the components and collapsing zero components by
// using the double-colon syntax", and an IPv4-mapped or NAT64 address
// (64:ff9b::/96) becomes its IPv4 address (v5). The address is read and
// written as the URL Standard reads and writes it (internal/ipaddr),
// so that the text is the browser's.
func ipv6OK(s string, a *[8]uint16) bool {
	code, _ := ipaddr.ParseIPv6(s, a)
	return code == ipaddr.IPv6OK
}

func sbIPv6(h string) (string, bool) {
	var a [8]uint16
	if len(h) < 2 || h[0] != '[' || h[len(h)-1] != ']' || !ipv6OK(h[1:len(h)-1], &a) {
		return "", false
	}
	if a[0] == 0 && a[1] == 0 && a[2] == 0 && a[3] == 0 && a[4] == 0 && a[5] == 0xffff ||
		a[0] == 0x64 && a[1] == 0xff9b && a[2] == 0 && a[3] == 0 && a[4] == 0 && a[5] == 0 {
		return string(ipaddr.AppendIPv4(nil, uint32(a[6])<<16|uint32(a[7]))), true
	}
	return string(ipaddr.AppendIPv6(nil, &a)), true
}

// sbHost canonicalizes a decoded host without brackets by Safe Browsing's
// steps: Punycode, dots trimmed and collapsed, IPv4 forms normalized,
// lowercased. The result is not yet percent-encoded.
func sbHost(h string) string {
	// Dots first, so that IDNA sees the labels that a second reading
	// sees; and again after, as IDNA maps other full stops to ".".
	h = trimDots(h)
	for i := 0; i < len(h); i++ {
		if h[i] >= 0x80 {
			if utf8.ValidString(h) {
				// A result with a delimiter (from a full-width "/" or
				// ":") or a "%" would read differently; the host stays as given,
				// percent-encoded.
				if a, ok := urlstd.DomainToASCII(h); ok && !strings.ContainsAny(a, "/?#@:[]\\%") {
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
				b[j] = ascii.Lower(b[j])
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
	// The last number fills the octets left; a number too large for its
	// octets keeps its low bits.
	var addr uint32
	for i := 0; i < n-1; i++ {
		addr |= uint32(nums[i]&0xFF) << (24 - 8*i)
	}
	addr |= uint32(nums[n-1]) & (1<<(32-8*(n-1)) - 1)
	return string(ipaddr.AppendIPv4(nil, addr)), true
}
