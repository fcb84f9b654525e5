// Package iri implements Internationalized Resource Identifiers, as
// [RFC 3987] defines them: URIs that may hold characters beyond ASCII,
// such as http://résumé.example.org/Dürst?q=€.
//
// # Parsing
//
// [Parse] accepts exactly the grammar of RFC 3987, section 2.2 (an IRI,
// with a scheme), [ParseReference] an IRI reference (an IRI or a relative
// reference) and [ParseAbsolute] an absolute IRI (no fragment). They also
// reject, as section 4.1 requires, the bidirectional formatting
// characters, and any text that is not UTF-8. Every rejection is a
// [*ParseError] that names the byte offset, the ABNF rule and the
// character; errors.Is tells its kind ([ErrInvalidCharacter], ...).
//
// The result is an [IRI]: an immutable value that keeps the text as written
// and the offsets of its components. Its accessors return substrings, an
// absent component is told from an empty one ([IRI.HasQuery] and others),
// two IRIs are == when their texts are, and parsing does not allocate.
// [IRI.Resolve] resolves a reference against a base (RFC 3986, section 5.2,
// which RFC 3987, section 6.5, applies to IRIs unchanged), and
// [IRI.Relativize] finds the shortest reference back.
//
// Text that is not quite an IRI has entry points of its own, never a
// looser Parse: [ParseLEIRI] for the Legacy Extended IRIs of XML system
// identifiers (3987bis, section 7.1), [ParseUserInput] for what a person
// typed (section 7.2), [ParseEncoded] for text in a legacy character
// encoding (section 3.1, step 1).
//
// Which parse for which text:
//
//	the text                                          call
//	an RDF IRIREF, a JSON-LD @id, an Atom link        Parse, ParseReference
//	a JSON Schema "uri" or "uri-reference"            ParseURI, ParseURIReference
//	a config value that must be absolute              ParseAbsolute (no fragment) or Parse
//	an HTML href, a link a crawler found              web.Parse, or (web.URL).Parse against the page
//	an XML system identifier, xml:base, XLink         ParseLEIRI
//	text a person typed or pasted, a log line         ParseUserInput
//	r.URL of an *http.Request (not r.RequestURI)      FromURL
//	a query string or form body as ordered pairs      IRI.QueryParams, or web.ParseQuery
//	a file path                                       fileiri.FromPath, fileiri.Style.FromPath
//	text in a legacy encoding                         ParseEncoded
//
// # Mapping to URIs and back
//
// URI-only components, net/http among them, need the URI an IRI maps to
// (section 3.1): [IRI.ToURI] percent-encodes the characters beyond ASCII,
// [IRI.ToURIWithIDNA] also converts DNS host names with IDNA's ToASCII, and
// [IRI.URL] returns a *url.URL. [IRI.ToIRI] goes the other way (section
// 3.2), decoding what may be decoded. A [Converter] holds the choices the
// RFC leaves open: the IDNA profile, punycode hosts shown in Unicode, and
// the legacy encoding of a document for the queries of its http IRIs.
//
// # Comparing
//
// [Equal] compares two IRIs at a [Level] of the comparison ladder of
// section 5.3: [SimpleString], [SyntaxBased], [SchemeBased] or
// [ProtocolBased]. [IRI.Normalize] returns the canonical form at a level,
// a key under which to remove duplicates. A [Comparer] adds the options of
// section 5.1 (ignore fragments, resolve against a base), rules for more
// schemes ([SchemeRule]), observed redirects, and a [Result] that can be
// [Undetermined]. Package github.com/iri-go/iri/observe makes those
// observations over HTTP.
//
// # Building and reading back
//
// [Build] makes an IRI from [Components], checking each against the rule
// it must match where it stands and repairing nothing; the With methods
// ([IRI.WithPath], ...) replace one component. [EscapePathSegment],
// [EscapeQueryParam], [EscapeFragment] and [EscapeUserinfo] turn plain
// text into a component, [Unescape] turns it back; [IRI.QueryParams],
// [IRI.PathSegments], [IRI.JoinPath], [IRI.Hostname], [IRI.Addr] and
// [IRI.Username] read and extend one without net/url. Package
// github.com/iri-go/iri/fileiri converts between file paths and file IRIs
// (RFC 8089), in the style of the system or of another.
// [IRI.RelativizeWith] finds the reference a writer prints, with the
// conventions of JSON-LD ([RelativizeJSONLD]) or others.
//
// # Checking
//
// [IRI.CheckBidi] applies the rules of section 4.2 to the components of a
// bidirectional IRI; [IRI.Display] and [IRI.VisualOrder] show one as
// section 4.1 requires. [IRI.Check] reports the problems sections 4, 6.1,
// 7.5 and 8 warn of (mixed scripts, text not in NFC, overlong UTF-8,
// userinfo in http IRIs, ...), the rules of common schemes (urn, mailto,
// data, ...) and, for the hosts of DNS schemes, the IDN display policy of
// browsers on the mechanisms of UTS #39 (Unicode Security Mechanisms),
// which package github.com/iri-go/iri/idn holds. Each problem has a
// stable code; a [Checker] adds advice about the normal form and the names
// to protect.
//
// # Encoding
//
// An IRI is an encoding.TextMarshaler and TextUnmarshaler (JSON, XML, YAML
// values and JSON map keys, and a flag through flag.TextVar) and a
// database/sql Scanner; a database stores i.String().
//
// # Unicode versions
//
// The tables the package uses come from several sources, each with its
// own version of Unicode:
//
//   - the grammar's ucschar and iprivate ranges (RFC 3987, section 2.2)
//     and the twelve Bidi_Control characters the parsers reject, which no
//     version of Unicode has changed since 6.3;
//   - golang.org/x/text/unicode/norm (NFC, NFKC) and
//     golang.org/x/text/unicode/bidi (section 4.2, VisualOrder): Unicode
//     15.0.0 in x/text v0.43.0;
//   - golang.org/x/net/idna (ToASCII, ToUnicode, UTS #46 mapping):
//     Unicode 15.0.0 in x/net v0.62.0, which the package brings to the
//     answers of UTS #46 for Unicode 17.0.0 (the changes since 15.0 mapped
//     first, stand-ins for the characters 15.0 does not know; the README
//     lists the 82 characters that still differ);
//   - the security data of UTS #39 and the script properties (Check, and
//     package idn's Skeleton, Restriction and host policy): Unicode
//     17.0.0, generated by internal/uts39's gen.go from the files of the
//     Unicode Consortium;
//   - Go's unicode package (the white space and format characters ToIRI
//     keeps encoded): the toolchain's unicode.Version, 15.0.0 with Go
//     1.26.
//
// A program built with a newer Go may see a newer unicode package beside
// the same x/text; TestUnicodeVersions checks that this list names the
// versions linked, and that the tables agree where they claim the same
// version.
//
// [RFC 3987]: https://www.rfc-editor.org/rfc/rfc3987
package iri

import (
	"github.com/iri-go/iri/internal/redact"
	"net/netip"
	"strconv"
	"strings"
)

// IRI is a parsed IRI reference: an IRI, or a relative reference.
//
// It holds the text as written plus the offsets of its components, so the
// accessors return substrings of the original without copying. It is four
// words, which Go passes and returns in registers. An IRI of 2 MiB or
// more keeps only its path's offsets, and its accessors of the scheme, the
// authority's parts and the query find where they end in its text (at the
// speed of strings.IndexByte). Two IRI values are == exactly when their
// texts are equal. The zero value is the empty relative reference "".
//
// An absent component is not the same as an empty one: "http://a/?" has an
// empty query, "http://a/" has none. The Has methods tell them apart.
type IRI struct {
	s string
	// The offsets of the components in s, packed in two words (see
	// offsets): an IRI of four words is one that Go returns, passes and
	// keeps in registers, where a larger struct goes through memory at
	// each copy, which cost Parse's callers an eighth of its time on the
	// corpora.
	head, tail uint64
}

// String returns the IRI as it was written.
func (i IRI) String() string { return i.s }

// IsAbsolute reports whether the IRI has a scheme, as an IRI (not a
// relative reference) does. It is true for "http://a/#f", which has a
// fragment and so is not an absolute-IRI in the grammar's sense (the rule
// ParseAbsolute applies, for bases); HasFragment tells them apart.
func (i IRI) IsAbsolute() bool { return i.schemeEnd() > 0 }

// Scheme returns the scheme as written, without the ":"; "" when there is
// none.
func (i IRI) Scheme() string {
	if i.schemeEnd() == 0 {
		return ""
	}
	return i.s[:i.schemeEnd()-1]
}

// HasAuthority reports whether the IRI has an authority ("//" after the
// scheme), even an empty one as in "file:///etc".
func (i IRI) HasAuthority() bool {
	// Without an authority the path starts right after the scheme.
	return i.pathStart() > i.schemeEnd()
}

// HasUserinfo reports whether the authority has a userinfo ("user@").
func (i IRI) HasUserinfo() bool {
	return i.HasAuthority() && i.hostStart() > i.schemeEnd()+2
}

// Userinfo returns the userinfo as written, without the "@".
func (i IRI) Userinfo() string {
	if !i.HasUserinfo() {
		return ""
	}
	return i.s[i.schemeEnd()+2 : i.hostStart()-1]
}

// Host returns the host as written: a registered name, an IPv4 address, or
// an IP-literal with its brackets, as in "[::1]". It is "" when there is no
// authority, and may be "" when there is one ("file:///etc").
func (i IRI) Host() string { return i.s[i.hostStart():i.hostEnd()] }

// HasPort reports whether the authority has a port, even an empty one as in
// "http://example.com:/".
func (i IRI) HasPort() bool { return i.pathStart() > i.hostEnd() }

// Port returns the port as written, without the ":".
func (i IRI) Port() string {
	if !i.HasPort() {
		return ""
	}
	return i.s[i.hostEnd()+1 : i.pathStart()]
}

// Authority returns the authority as written, without the leading "//".
func (i IRI) Authority() string {
	if !i.HasAuthority() {
		return ""
	}
	return i.s[i.schemeEnd()+2 : i.pathStart()]
}

// Path returns the path as written. Every IRI has a path, possibly empty.
func (i IRI) Path() string { return i.s[i.pathStart():i.pathEnd()] }

// HasQuery reports whether the IRI has a query, even an empty one ("?").
func (i IRI) HasQuery() bool { return i.queryEnd() > i.pathEnd() }

// Query returns the query as written, without the "?".
func (i IRI) Query() string {
	if !i.HasQuery() {
		return ""
	}
	return i.s[i.pathEnd()+1 : i.queryEnd()]
}

// HasFragment reports whether the IRI has a fragment, even an empty one
// ("#").
func (i IRI) HasFragment() bool { return len(i.s) > i.queryEnd() }

// Fragment returns the fragment as written, without the "#".
func (i IRI) Fragment() string {
	if !i.HasFragment() {
		return ""
	}
	return i.s[i.queryEnd()+1:]
}

// Hostname returns the host without the brackets of an IP-literal:
// "::1" for "[::1]", as url.URL.Hostname does, but with its
// percent-encodings kept where net/url decodes them ("ex%41mple.com"
// stays so): the text as written, like every accessor; Unescape decodes.
func (i IRI) Hostname() string {
	host := i.Host()
	if len(host) >= 2 && host[0] == '[' {
		return host[1 : len(host)-1]
	}
	return host
}

// Addr returns the address of a host that is an IPv4address or an IPv6
// IP-literal. It reports false for a registered name (even one that DNS
// or a browser would read as an address, such as "127.1" or "０x7f.１",
// which Check reports as ipv4-non-canonical; web.FromIRI(i) then Addr gives
// the address a browser connects to), an IPvFuture literal, and an IRI
// without a host. An IPv4-mapped IPv6 address ([::ffff:127.0.0.1]) is
// returned as it is written: call Unmap for the IPv4 address that net/http
// connects to, which IsLoopback and the like then judge.
func (i IRI) Addr() (netip.Addr, bool) {
	host := i.Host()
	switch {
	case host == "":
		return netip.Addr{}, false
	case host[0] == '[':
		if host[1]|0x20 == 'v' {
			return netip.Addr{}, false // IPvFuture
		}
		a, err := netip.ParseAddr(host[1 : len(host)-1])
		return a, err == nil
	}
	// An IPv4address is four dec-octets, which netip reads alike.
	if end, ok := matchIPv4(host, 0); !ok || end != len(host) {
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(host)
	return a, err == nil
}

// PortNumber returns the port as a number. It reports false when there is
// no port, an empty one ("http://h:/"), or one above 65535.
func (i IRI) PortNumber() (uint16, bool) {
	port := i.Port()
	if port == "" {
		return 0, false
	}
	n, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return 0, false
	}
	return uint16(n), true
}

// Username returns the user name of the userinfo, the part before the
// first ":", decoded (every "%HH" to its octet).
func (i IRI) Username() string {
	user, _, _ := strings.Cut(i.Userinfo(), ":")
	user, _ = Unescape(user) // a parsed IRI has only valid escapes
	return user
}

// Password returns the password of the userinfo, the part after the first
// ":", decoded, and whether there is one. RFC 3986, section 3.2.1,
// deprecates passwords in URIs; Redacted hides them.
func (i IRI) Password() (string, bool) {
	_, password, ok := strings.Cut(i.Userinfo(), ":")
	password, _ = Unescape(password)
	return password, ok
}

// Redacted returns the IRI as a string with the password, if any,
// replaced by "xxxxx", as url.URL.Redacted does: for logs.
func (i IRI) Redacted() string {
	if !strings.Contains(i.Userinfo(), ":") {
		return i.s
	}
	return i.s[:i.schemeEnd()+2] + redactUserinfo(i.Userinfo()) + i.s[i.hostStart()-1:]
}

// redactUserinfo replaces the password of a userinfo with "xxxxx", as
// net/url's Redacted does; a userinfo without one is returned as it is.
func redactUserinfo(userinfo string) string {
	user, _, ok := strings.Cut(userinfo, ":")
	if !ok {
		return userinfo
	}
	return user + ":" + redact.Mask
}
