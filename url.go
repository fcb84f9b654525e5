package iri

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
)

// URL returns the IRI as a *url.URL, ready for net/http and other URI-only
// code: it maps the IRI with ToURIWithIDNA (RFC 3987, section 3.1, which
// a retrieval needs), decodes the percent-encoded unreserved characters of
// the host, which mean the same as the characters themselves (RFC 3986,
// sections 2.3 and 6.2.2.2) but which net/url refuses there, then parses
// the URI with url.Parse. The error is the *ParseError of IDNA, one that
// says which octet of the host net/url cannot carry (an encoded space,
// say), or net/url's where it refuses a valid URI (an IPvFuture host, for
// one).
//
// The url.URL holds the components decoded, as net/url does; the IRI keeps
// them as written.
func (i IRI) URL() (*url.URL, error) {
	u, err := i.ToURIWithIDNA()
	if err != nil {
		return nil, err
	}
	if host := u.Host(); strings.IndexByte(host, '%') >= 0 {
		decoded := decodeUnreserved(host)
		// net/url takes percent-encoded octets >= 0x80 in a host, and no
		// other.
		for p := strings.IndexByte(decoded, '%'); p >= 0; p = nextPercent(decoded, p) {
			if pct.Octet(decoded, p) < utf8.RuneSelf {
				return nil, fmt.Errorf("iri: host %q holds %s, which net/url cannot carry in a host", host, decoded[p:p+3])
			}
		}
		c := u.Components()
		c.Host = decoded
		u = c.build()
	}
	return url.Parse(u.String())
}

// FromURL returns the IRI reference that u writes (u.String()), parsed as
// ParseReference parses: a URI, which is an IRI too. Call ToIRI on the
// result for the IRI form, with percent-encoded UTF-8 decoded.
//
// net/url keeps in a path, query or fragment what the grammar refuses: a
// request line's raw "|", "^", a space or a '"' in the query, "[]" in
// "a[]=1", a "%" without two hex digits, bytes beyond ASCII. FromURL
// percent-encodes them (a stray "%" as "%25"), which names what a server
// decodes from the same request, so that every such value converts. Only a
// host the grammar refuses (an IPv6 zone, a '"') is an error, a
// *ParseError.
func FromURL(u *url.URL) (IRI, error) {
	s := u.String()
	if !strings.Contains(u.RawQuery, "#") && !strings.Contains(u.Opaque, "#") {
		if i, err := ParseReference(s); err == nil {
			return i, nil
		}
	}
	// Each part as net/url holds it: a request target's opaque part or
	// query may hold a "#", which is theirs and starts no fragment.
	v := *u
	v.RawQuery, v.ForceQuery, v.Fragment, v.RawFragment = "", false, "", ""
	b := appendEncodedOutsideHost(nil, v.String(), true)
	if u.RawQuery != "" || u.ForceQuery {
		b = appendEncodedOutsideHost(append(b, '?'), u.RawQuery, false)
	}
	if u.Fragment != "" || u.RawFragment != "" {
		b = appendEncodedOutsideHost(append(b, '#'), u.EscapedFragment(), false)
	}
	return ParseReference(string(b))
}

// appendEncodedOutsideHost appends s, percent-encoding outside the
// authority (when hasAuthority says s may start with one) every byte no
// URI component holds raw: what ParseLEIRI encodes, bytes beyond ASCII,
// "[", "]", "#" and a "%" not followed by two hex digits.
func appendEncodedOutsideHost(b []byte, s string, hasAuthority bool) []byte {
	authority, authorityEnd := -1, -1
	if i := strings.Index(s, "//"); hasAuthority && i >= 0 && (i == 0 || schemeLen(s) == i-1) {
		authority = i + 2
		authorityEnd = len(s)
		if j := strings.IndexAny(s[authority:], "/?#"); j >= 0 {
			authorityEnd = authority + j
		}
	}
	for p := 0; p < len(s); p++ {
		c := s[p]
		switch {
		case authority <= p && p < authorityEnd:
			b = append(b, c)
		case c == '%' && p+2 < len(s) && isHex(s[p+1]) && isHex(s[p+2]):
			b = append(b, c)
		case c >= utf8.RuneSelf || c == '%' || c == '#' || c == '[' || c == ']' || leiriEncodes(c):
			b = pct.AppendByte(b, c)
		default:
			b = append(b, c)
		}
	}
	return b
}

// schemeLen returns the length of the scheme that starts s (before its
// ":"), or -1.
func schemeLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isAlpha(c):
		case i > 0 && pct.Classes[c]&pct.ClassScheme != 0:
		case c == ':' && i > 0:
			return i
		default:
			return -1
		}
	}
	return -1
}
