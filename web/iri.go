package web

import (
	"github.com/iri-go/iri"
	"github.com/iri-go/iri/internal/pct"
)

// URI returns u as an RFC 3986 URI naming the same resource, which the
// package iri reads: the href with what RFC 3986 does not allow where it
// stands percent-encoded ("|", "^", "`", '"', "{", "}", "[", "]" and "\"
// outside an IPv6 host, a space or "<" in an opaque path or host, a "#"
// in a fragment, a "%" not followed by two hex digits as "%25"). A server
// decodes the same octets from both. The result is always valid, so that
// ToIRI, Display, Check, Normalize and Relativize apply to it; the zero
// URL gives the zero IRI.
func (u URL) URI() iri.IRI {
	if u.href == "" {
		return iri.IRI{}
	}
	if i, err := iri.Parse(u.href); err == nil {
		return i
	}
	b := make([]byte, 0, len(u.href)+16)
	b = append(b, u.href[:u.schemeEnd+1]...)
	if u.HasHost() {
		b = append(b, '/', '/')
		start := u.schemeEnd + 3
		if u.hostStart > start {
			// The credentials and their "@".
			b = appendRFC3986(b, u.href[start:u.hostStart-1], pct.ClassUserinfo)
			b = append(b, '@')
		}
		if u.hostKind == hostIPv6 {
			b = append(b, u.Hostname()...)
		} else {
			b = appendRFC3986(b, u.Hostname(), pct.ClassRegName)
		}
		b = append(b, u.href[u.hostEnd:u.portEnd]...)
	} else if u.pathStart >= 2 && u.href[u.pathStart-2:u.pathStart] == "/." {
		b = append(b, '/', '.')
	}
	b = appendRFC3986(b, u.Path(), pct.ClassPath)
	if u.HasQuery() {
		b = appendRFC3986(append(b, '?'), u.Query(), pct.ClassQuery)
	}
	if u.HasFragment() {
		b = appendRFC3986(append(b, '#'), u.Fragment(), pct.ClassQuery)
	}
	i, err := iri.Parse(string(b))
	if err != nil {
		// Not reached: every byte the grammar refuses is encoded above.
		panic("web: URI of " + u.href + ": " + err.Error())
	}
	return i
}

// FromIRI returns what a browser makes of the IRI: Parse of its text.
func FromIRI(i iri.IRI) (URL, error) { return Parse(i.String()) }

// appendRFC3986 appends s, keeping the bytes RFC 3986 allows unencoded in
// a component of class (Appendix A) and the "%" of a percent-encoding, and
// encoding every other byte.
func appendRFC3986(b []byte, s string, class uint8) []byte {
	for k := 0; k < len(s); k++ {
		c := s[k]
		switch {
		case pct.Classes[c]&class != 0:
			b = append(b, c)
		case pct.IsTriplet(s, k):
			b = append(b, c)
		default:
			b = pct.AppendByte(b, c)
		}
	}
	return b
}
