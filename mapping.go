package iri

import (
	"github.com/iri-go/iri/internal/legacy"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"
)

// ToURI maps the IRI to a URI, as RFC 3987, section 3.1, step 2, specifies:
// every character beyond US-ASCII (ucschar or iprivate) becomes the "%HH"
// triplets of its UTF-8 octets, with uppercase hex digits. Nothing else
// changes: existing percent-encodings, reserved characters and case stay
// as they are.
//
// The mapping is the identity on URIs and is idempotent. An IRI that is
// already ASCII is returned as it is, without allocation. Hand the result
// to URI-only components such as net/http (section 6.2: map as late as
// possible).
func (i IRI) ToURI() IRI {
	first := indexNonASCII(i.s)
	if first < 0 {
		return i
	}
	// Up to first nothing moves; after it, an octet grows to at most three.
	buf := make([]byte, first, len(i.s)+2*(len(i.s)-first))
	copy(buf, i.s[:first])
	u := i
	from := first
	for _, off := range [...]*int{&u.schemeEnd, &u.hostStart, &u.hostEnd, &u.pathStart, &u.pathEnd, &u.queryEnd} {
		if *off > first {
			buf = appendPercentEncoded(buf, i.s[from:*off])
			from, *off = *off, len(buf)
		}
	}
	u.s = bytesToString(appendPercentEncoded(buf, i.s[from:]))
	return u
}

// indexNonASCII returns the index of the first octet >= 0x80 in s, or -1.
// It tests eight octets at a time, as most text it sees is ASCII.
func indexNonASCII(s string) int {
	k := 0
	for ; k+8 <= len(s); k += 8 {
		// The compiler makes one load of this.
		b := s[k : k+8]
		word := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if word&0x8080808080808080 != 0 {
			break
		}
	}
	for ; k < len(s); k++ {
		if s[k] >= utf8.RuneSelf {
			return k
		}
	}
	return -1
}

// appendPercentEncoded appends s with its octets >= 0x80 as "%HH".
func appendPercentEncoded(b []byte, s string) []byte {
	for k := 0; k < len(s); k++ {
		if c := s[k]; c >= utf8.RuneSelf {
			b = appendPercent(b, c)
		} else {
			b = append(b, c)
		}
	}
	return b
}

// ToURIWithIDNA is like ToURI, and also converts the host name of an IRI
// whose scheme uses DNS host names to ASCII with IDNA's ToASCII, as RFC
// 3987, section 3.1, allows "to maximize interoperability with legacy URI
// resolvers": http://résumé.example.org becomes
// http://xn--rsum-bpad.example.org rather than
// http://r%C3%A9sum%C3%A9.example.org. It uses the idna.Lookup profile;
// a Converter chooses another.
//
// The error, a *HostError, means that the host cannot be converted and,
// per section 3.1, that the IRI cannot be resolved.
func (i IRI) ToURIWithIDNA() (IRI, error) {
	return Converter{ASCIIHosts: true}.ToURI(i)
}

// A Converter converts between IRIs and URIs with the choices that RFC 3987
// leaves to applications. Its zero value converts as IRI.ToURI and
// IRI.ToIRI do.
//
// Host names are converted only for the schemes known to use DNS host
// names in their authority: http, https, ws, wss, ftp, ftps, sftp, ssh,
// telnet, gopher, ldap, ldaps, irc, ircs, nntp, rtsp, rtsps, git, imap,
// pop and file (compared without regard to case), and only when they are
// registered names, not IP literals.
type Converter struct {
	// ASCIIHosts makes ToURI convert host names with ToASCII (RFC 3987,
	// section 3.1), after decoding any percent-encoded UTF-8 in them.
	ASCIIHosts bool

	// UnicodeHosts makes ToIRI show the punycode labels ("xn--") of host
	// names in Unicode with ToUnicode (section 3.2.1). A label that does
	// not convert to characters allowed unencoded is left as it is.
	UnicodeHosts bool

	// IDNA is the profile of both conversions; nil means idna.Lookup.
	IDNA *idna.Profile

	// QueryEncoding, if not nil, is the character encoding of the
	// document that holds the IRIs. ToURI then encodes the characters
	// beyond ASCII in the query of http and https IRIs with it instead of
	// UTF-8, as browsers do (3987bis, section 3.5; implementers'
	// guidelines, section 6.1), and nothing else. A character the encoding
	// lacks becomes, as in browsers, the numeric character reference
	// "&#N;", percent-encoded.
	QueryEncoding encoding.Encoding
}

func (c Converter) profile() *idna.Profile {
	if c.IDNA != nil {
		return c.IDNA
	}
	return idna.Lookup
}

// ToURI maps the IRI to a URI as IRI.ToURI does, with the converter's
// choices for host names and queries. The error, a *HostError, comes only
// with ASCIIHosts.
func (c Converter) ToURI(i IRI) (IRI, error) {
	host, query := i.Host(), i.Query()
	hostChanged, queryChanged := false, false
	if c.ASCIIHosts && hasDNSHost(i.Scheme()) {
		ascii, err := hostToASCII(c.profile(), host)
		if err == nil {
			err = dnsNameError(host, ascii)
		}
		if err != nil {
			return IRI{}, err
		}
		host, hostChanged = ascii, ascii != host
	}
	if c.QueryEncoding != nil && isHTTP(i.Scheme()) && indexNonASCII(query) >= 0 {
		query, queryChanged = string(appendLegacyQuery(nil, query, c.QueryEncoding)), true
	}
	if !hostChanged && !queryChanged {
		return i.ToURI(), nil
	}
	buf := make([]byte, 0, 3*(len(i.s)+len(host)+len(query)))
	var nb [spanCount]int
	from := 0
	for k, end := range i.bounds() {
		switch {
		case k == spanHost:
			buf = appendPercentEncoded(buf, host)
		case k == spanQuery && i.HasQuery():
			buf = appendPercentEncoded(append(buf, '?'), query)
		default:
			buf = appendPercentEncoded(buf, i.s[from:end])
		}
		nb[k] = len(buf)
		from = end
	}
	return withBounds(bytesToString(buf), nb), nil
}

// appendLegacyQuery appends query with its characters beyond ASCII encoded
// in enc and percent-encoded, the rest as it is.
func appendLegacyQuery(b []byte, query string, enc encoding.Encoding) []byte {
	for p := 0; p < len(query); {
		start := p
		for p < len(query) && query[p] < utf8.RuneSelf {
			p++
		}
		b = append(b, query[start:p]...)
		end := p
		for end < len(query) && query[end] >= utf8.RuneSelf {
			end++
		}
		legacy.Encode(enc, query[p:end], func(octets []byte) {
			// Every octet is encoded, even one in the ASCII range, as the
			// second octet of Shift_JIS "ソ" (0x83 0x5C) is.
			for _, c := range octets {
				b = appendPercent(b, c)
			}
		}, func(r rune) {
			// The browser fallback: "&#N;", percent-encoded.
			b = append(b, "%26%23"...)
			b = strconv.AppendInt(b, int64(r), 10)
			b = append(b, "%3B"...)
		})
		p = end
	}
	return b
}

// ParseEncoded parses an IRI reference written in a legacy (non-Unicode)
// character encoding such as windows-1258, Shift_JIS or ISO-8859-1: RFC
// 3987, section 3.1, step 1, variant b. The text is converted to UCS and
// normalized to NFC before it is parsed as ParseReference parses. Text
// that is already Unicode must not be normalized (variant c): parse it with
// ParseReference.
func ParseEncoded(b []byte, enc encoding.Encoding) (IRI, error) {
	decoded, err := enc.NewDecoder().Bytes(b)
	if err != nil {
		return IRI{}, err
	}
	return ParseReference(norm.NFC.String(string(decoded)))
}

func isHTTP(scheme string) bool {
	return strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")
}
