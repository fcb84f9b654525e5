package iri

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"
)

// URL returns the IRI as a *url.URL, ready for net/http and other URI-only
// code: it maps the IRI with ToURIWithIDNA (RFC 3987, section 3.1, which
// a retrieval needs), decodes the percent-encoded unreserved characters of
// the host, which mean the same as the characters themselves (RFC 3986,
// sections 2.3 and 6.2.2.2) but which net/url refuses there, then parses
// the URI with url.Parse. The error is the *HostError of IDNA, one that
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
			if pctOctet(decoded, p) < utf8.RuneSelf {
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
// result for the IRI form, with percent-encoded UTF-8 decoded. net/url
// builds some texts the grammar refuses (a host with a '"', say); then
// the error is a *ParseError.
func FromURL(u *url.URL) (IRI, error) {
	return ParseReference(u.String())
}
