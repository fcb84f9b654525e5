package iri

import "net/url"

// URL returns the IRI as a *url.URL, ready for net/http and other URI-only
// code: it maps the IRI with ToURIWithIDNA (RFC 3987, section 3.1, which
// a retrieval needs), then parses the URI with url.Parse. The error is the
// *HostError of IDNA, or net/url's where it refuses a valid URI (an
// IPvFuture host, for one).
//
// The url.URL holds the components decoded, as net/url does; the IRI keeps
// them as written.
func (i IRI) URL() (*url.URL, error) {
	u, err := i.ToURIWithIDNA()
	if err != nil {
		return nil, err
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
