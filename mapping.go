package iri

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/legacy"
	"github.com/iri-go/iri/internal/pct"
	"golang.org/x/text/encoding"
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
	u := i.offsets()
	from := first
	for _, off := range [...]*int{&u.schemeEnd, &u.hostStart, &u.hostEnd, &u.pathStart, &u.pathEnd, &u.queryEnd} {
		if *off > first {
			buf = appendPercentEncoded(buf, i.s[from:*off])
			from, *off = *off, len(buf)
		}
	}
	return u.iri(bytesToString(appendPercentEncoded(buf, i.s[from:])))
}

// indexNonASCII returns the index of the first octet >= 0x80 in s, or -1.
func indexNonASCII(s string) int { return ascii.IndexNonASCII(s) }

// appendPercentEncoded appends s with its octets >= 0x80 as "%HH".
func appendPercentEncoded(b []byte, s string) []byte {
	for k := 0; k < len(s); k++ {
		if c := s[k]; c >= utf8.RuneSelf {
			b = pct.AppendByte(b, c)
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
// http://r%C3%A9sum%C3%A9.example.org. A host in ASCII is written in
// lower case, as UTS #46 maps it: http://paypaI.com/ (a capital I) becomes
// http://paypai.com/, where a browser goes. It uses the idna.Lookup
// profile; a Converter chooses another.
//
// The error, a *ParseError on the host (Rule "ihost", Err the refusal),
// means that the host cannot be converted and, per section 3.1, that the
// IRI cannot be resolved.
func (i IRI) ToURIWithIDNA() (IRI, error) {
	return Converter{ASCIIHosts: true}.ToURI(i)
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
				b = pct.AppendByte(b, c)
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

func isHTTP(scheme string) bool {
	return strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")
}
