package iri

import (
	"fmt"
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/pct"
)

// Normalize returns the canonical form of the IRI at level l of the
// comparison ladder (RFC 3987, section 5.3), so that Equal(a, b, l) holds
// exactly when a.Normalize(l) == b.Normalize(l), and Normalize(l).String()
// is a key under which a crawler can remove duplicates. The canonical form
// is an IRI, not a URI: percent-encoded characters that may stand
// unencoded are decoded. An IRI already in canonical form is returned as it
// is, without allocation (but for the IDNA mapping that a host beyond ASCII
// goes through at SchemeBased). See Level for what each level does, and
// Comparer for the options.
func (i IRI) Normalize(l Level) IRI {
	// The helpers normalize in place: i is a copy already, and an IRI is
	// big enough for copies to cost more than the quick tests.
	switch {
	case l == SyntaxBased:
		syntaxNormalize(&i)
	case l > SyntaxBased:
		schemeNormalize(&i, nil) // without redirects, ProtocolBased is SchemeBased
	}
	return i
}

// syntaxNormalize applies syntax-based normalization (RFC 3987, section
// 5.3.2) to *i: case (5.3.2.1), percent-encoding (5.3.2.3) and path
// segment (5.3.2.4) normalization. Character normalization (5.3.2.2) is
// left out on purpose: equivalence MUST rely on IRIs being pre-normalized.
func syntaxNormalize(i *IRI) {
	if !syntaxCanonical(i, traitsOf(i.Host())) {
		*i = syntaxRewrite(*i)
	}
}

// syntaxRewrite is syntaxNormalize without the quick test.
func syntaxRewrite(i IRI) IRI {
	w := rewriter{src: i.s}
	var nb [spanCount]int
	from := 0
	for k, end := range i.bounds() {
		switch {
		case k == spanScheme:
			lowerASCII(&w, from, end)
		case k == spanHost && from < end && i.s[from] == '[':
			lowerASCII(&w, from, end) // IP-literals are ASCII
		case k == spanHost:
			// Only a US-ASCII host is case-insensitive at this level
			// (5.3.2.1): an IDN host waits for scheme-based normalization.
			lower := !hasNonASCIIOctet(i.s[from:end])
			normalizeSpan(&w, from, end, false, lower)
		default:
			normalizeSpan(&w, from, end, k == spanQuery, false)
		}
		nb[k] = w.offset(end)
		from = end
	}
	n := w.result(i, nb)
	if !removesDotSegments(n) || !hasDotSegment(n.Path()) {
		return n
	}
	c := n.Components()
	c.Path = bytesToString(safePath([]byte(removeDotSegments(c.Path)), 0, c.Scheme != "", c.HasAuthority))
	return c.build()
}

// syntaxCanonical reports, quickly, whether syntax-based normalization
// has nothing to do on i: no uppercase letter in the scheme or in a
// US-ASCII host, no percent-encoding, no dot segment to remove. It may
// answer false for a canonical IRI that holds percent-encodings; the
// normalization then finds nothing to change, and allocates nothing.
func syntaxCanonical(i *IRI, host hostTraits) bool {
	s, schemeEnd := i.s, i.schemeEnd()
	for p := 0; p < schemeEnd; p++ {
		if isUpper(s[p]) {
			return false
		}
	}
	if host&hostUpperASCII != 0 || strings.IndexByte(s[schemeEnd:], '%') >= 0 {
		return false
	}
	return !removesDotSegments(*i) || !hasDotSegment(i.Path())
}

// hostTraits tell what normalization may have to do on a host.
type hostTraits uint8

const (
	hostUpperASCII hostTraits = 1 << iota // US-ASCII with an uppercase letter: to lowercase
	hostIDNA                              // beyond ASCII, or a punycode label: to map with IDNA
)

// traitsOf looks at a host once for the quick tests of both levels: it
// ORs the classes of its bytes, and looks for punycode labels only when it
// has seen a "-".
func traitsOf(host string) hostTraits {
	var seen uint8
	for p := 0; p < len(host); p++ {
		seen |= hostClass[host[p]]
	}
	var t hostTraits
	if seen&(hostByteUpper|hostByteNonASCII|hostBytePercent) == hostByteUpper {
		t |= hostUpperASCII
	}
	if seen&hostByteNonASCII != 0 || seen&hostByteDash != 0 && hostname.HasPunycodeLabel(host) {
		t |= hostIDNA
	}
	if host != "" && host[0] == '[' {
		t &^= hostIDNA
	}
	return t
}

// Bits of hostClass.
const (
	hostByteUpper uint8 = 1 << iota
	hostByteNonASCII
	hostBytePercent
	hostByteDash
)

var hostClass = func() (t [256]uint8) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = hostByteUpper
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = hostByteNonASCII
	}
	t['%'], t['-'] = hostBytePercent, hostByteDash
	return t
}()

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// removesDotSegments reports whether normalization removes the dot
// segments of i's path (5.3.2.4): those of an IRI and of an absolute path,
// not those of a relative-path reference, which mean something until the
// reference is resolved.
func removesDotSegments(i IRI) bool {
	return i.IsAbsolute() || i.HasAuthority() || strings.HasPrefix(i.Path(), "/")
}

// hasNonASCIIOctet reports whether s holds a character beyond US-ASCII,
// as itself or percent-encoded.
func hasNonASCIIOctet(s string) bool {
	for p := 0; p < len(s); p++ {
		if c := s[p]; c >= utf8.RuneSelf || c == '%' && p+1 < len(s) && s[p+1] >= '8' {
			return true
		}
	}
	return false
}

// lowerASCII lowercases the ASCII letters of src[from:to].
func lowerASCII(w *rewriter, from, to int) {
	s := w.src
	for p := from; p < to; p++ {
		if c := s[p]; 'A' <= c && c <= 'Z' {
			w.replace(p, p+1, c+'a'-'A')
		}
	}
}

// normalizeSpan normalizes the percent-encodings of src[from:to] (5.3.2.1,
// 5.3.2.3): it decodes those of unreserved characters and the UTF-8 of
// characters allowed unencoded there (ucschar, and iprivate in the query),
// and writes the others with uppercase hex digits. With lower, it also
// lowercases ASCII letters, decoded ones included.
func normalizeSpan(w *rewriter, from, to int, inQuery, lower bool) {
	s := w.src
	for p := from; p < to; {
		if !lower {
			pct := strings.IndexByte(s[p:to], '%')
			if pct < 0 {
				return
			}
			p += pct
		} else if c := s[p]; c != '%' {
			if isUpper(c) {
				w.replace(p, p+1, c+'a'-'A')
			}
			p++
			continue
		}
		r, n := pctRune(s, p, to)
		switch {
		case r < utf8.RuneSelf && pct.Classes[r]&pct.ClassUnreserved != 0:
			c := byte(r)
			if lower && isUpper(c) {
				c += 'a' - 'A'
			}
			w.replace(p, p+3, c)
		case r >= utf8.RuneSelf && r != utf8.RuneError && allowedUnencoded(r, inQuery):
			w.replaceRune(p, p+3*n, r)
		default:
			keepEncoded(w, p, n)
		}
		p += 3 * n
	}
}

// schemeNormalize normalizes *i at SchemeBased (section 5.3.3) with the
// rules of custom (keyed by lowercase scheme), if any, else the built-in
// ones. It reports false when a DNS host could not be normalized.
func schemeNormalize(i *IRI, custom map[string]*SchemeRule) bool {
	host := traitsOf(i.Host())
	if !syntaxCanonical(i, host) {
		*i = syntaxRewrite(*i)
		host = traitsOf(i.Host())
	}
	canonicalIPv6(i)
	rule, ok := custom[i.Scheme()] // the scheme is lowercase by now
	if !ok {
		rule = builtinRule(i.Scheme())
	}
	if rule == nil || !rule.applies(i, host) {
		return true
	}
	cs := i.Components()
	determined := true
	if cs.HasAuthority {
		if cs.HasPort {
			port := strings.TrimLeft(cs.Port, "0")
			switch {
			case cs.Port == "" || port != "" && port == rule.DefaultPort:
				cs.Port, cs.HasPort = "", false
			case port == "":
				cs.Port = "0"
			default:
				cs.Port = port
			}
		}
		if rule.EmptyPathIsRoot && cs.Path == "" {
			cs.Path = "/"
		}
		if rule.DNSHost && host&hostIDNA != 0 {
			cs.Host, determined = hostname.Canonical(cs.Host)
		}
		if rule.DefaultHost != "" && cs.Host == rule.DefaultHost && !cs.HasUserinfo && !cs.HasPort {
			cs.Host = ""
		}
	}
	if rule.Path != nil {
		cs.Path = rule.Path(cs.Path)
	}
	if cs != i.Components() {
		*i = cs.build()
	}
	return determined
}

// canonicalIPv6 writes an IPv6 literal host in the text RFC 5952 sets
// (lowercase, no leading zeros, the longest run of zeros as "::", an
// IPv4-mapped address as ::ffff:a.b.c.d), which netip writes: one address
// has one text, so that http://[0:0::1]/ and http://[::1]/ are equal.
// IPvFuture literals stay as they are.
func canonicalIPv6(i *IRI) {
	h := i.Host()
	if len(h) < 4 || h[0] != '[' || h[1]|0x20 == 'v' {
		return
	}
	a, err := netip.ParseAddr(h[1 : len(h)-1])
	if err != nil {
		return
	}
	var buf [64]byte
	text := a.AppendTo(buf[:0])
	if string(text) == h[1:len(h)-1] {
		return
	}
	cs := i.Components()
	cs.Host = "[" + string(text) + "]"
	*i = cs.build()
}

// applies reports whether the rule may change i, as a quick test before
// the work.
func (rule *SchemeRule) applies(i *IRI, host hostTraits) bool {
	if i.HasAuthority() {
		if i.HasPort() || rule.EmptyPathIsRoot && i.pathEnd() == i.pathStart() || rule.DNSHost && host&hostIDNA != 0 ||
			rule.DefaultHost != "" && i.Host() == rule.DefaultHost {
			return true
		}
	}
	return rule.Path != nil && rule.Path(i.Path()) != i.Path()
}

// lowerOutsidePercent lowercases the ASCII letters of s but for the hex
// digits of its percent-encodings.
func lowerOutsidePercent(s string) string {
	w := rewriter{src: s}
	for p := 0; p < len(s); p++ {
		switch c := s[p]; {
		case c == '%':
			p += 2
		case 'A' <= c && c <= 'Z':
			w.replace(p, p+1, c+'a'-'A')
		}
	}
	return w.text()
}

// A Level is a rung of the comparison ladder of RFC 3987, section 5.3. Each
// level includes the ones below it: IRIs equal at one level are equal at
// every level above.
type Level int

const (
	// SimpleString compares code point by code point (5.3.1), without
	// mapping to URIs. Applications that use IRIs as identity tokens, such
	// as XML namespaces, MUST use it (5.1).
	SimpleString Level = iota

	// SyntaxBased adds the normalizations of the generic syntax (5.3.2):
	// the scheme and a US-ASCII host are lowercased; percent-encodings get
	// uppercase hex digits; those of unreserved characters, and the UTF-8
	// of characters allowed unencoded where they stand, are decoded;
	// reserved characters stay encoded; dot segments are removed from the
	// path. Unicode normalization is not applied (5.3.2.2): "résumé" in NFC
	// and in NFD stay different.
	SyntaxBased

	// SchemeBased adds what the rules of known schemes tell (5.3.3): a
	// default or empty port is removed, an empty path with an authority
	// becomes "/" where the scheme says so, DNS host names are compared
	// after IDNA mapping (case folding, NFC) and written in Unicode, and
	// the schemes' own rules apply (the domains of mailto addresses, the
	// NID of a urn, file://localhost/). See SchemeRule. An empty query or
	// fragment stays different from an absent one.
	SchemeBased

	// ProtocolBased adds equivalences that only the protocol can establish
	// (5.3.4), such as a redirect from http://example.com/data to
	// http://example.com/data/, from observations a Comparer has been
	// given with AddRedirect. Without observations it is the same as
	// SchemeBased.
	ProtocolBased
)

var levelNames = [...]string{"simple", "syntax", "scheme", "protocol"}

// String returns the level's name: "simple", "syntax", "scheme" or
// "protocol".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}
