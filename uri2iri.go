package iri

import (
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/ucs"
)

// ToIRI converts a URI (or an IRI that holds percent-encodings) to an IRI,
// as RFC 3987, section 3.2, specifies:
//
//   - Step 2: "%HH" is decoded, except for "%", reserved characters and the
//     US-ASCII characters not allowed in URIs, which stay as written. So a
//     percent-encoded unreserved character such as "%7E" becomes "~".
//   - Step 3: octets that are not part of a strictly legal UTF-8 sequence
//     (RFC 3629: no overlong forms such as "%C0%AF", no surrogates, nothing
//     above U+10FFFF) stay percent-encoded, in uppercase.
//   - Step 4: so do the octets of characters not appropriate in an IRI:
//     those outside ucschar (iprivate is appropriate in the query only),
//     the bidirectional formatting characters of section 4.1, and the
//     characters this package keeps encoded under section 6.1 (see
//     below).
//
// The result is a valid IRI that maps back with ToURI to the URI, up to the
// case of hex digits and percent-encoded unreserved characters. Host
// names in punycode stay as they are; a Converter with UnicodeHosts shows
// them in Unicode. An IRI with nothing to convert is returned as it is,
// without allocation.
//
// Section 6.1 asks to avoid characters with strong visual look-alikes:
// ToIRI keeps encoded the Unicode white space (look-alikes of space), the
// format characters of category Cf (invisible: ZERO WIDTH SPACE, SOFT
// HYPHEN, ...), the Hangul fillers, the whole Halfwidth and Fullwidth
// Forms block (full-width Latin, half-width Katakana, which section 6.1
// names), the Small Form Variants block, the look-alikes of "/", ":"
// and "." (U+2024, U+2044, U+2215, U+2236, U+29F8), and a variation
// selector after an ASCII character, which it cannot vary (invisible, as
// Check says).
func (i IRI) ToIRI() IRI {
	return Converter{}.ToIRI(i)
}

// decodeSpan applies steps 2 to 4 of section 3.2 to the percent-encodings
// of src[from:to].
func decodeSpan(w *rewriter, from, to int, inQuery bool) {
	s := w.src
	for p := from; p < to; {
		next := strings.IndexByte(s[p:to], '%')
		if next < 0 {
			return
		}
		p += next
		// Steps 3 and 4: a run of UTF-8 sequences of appropriate
		// characters is decoded in one go.
		run := p
		prev, _ := utf8.DecodeLastRuneInString(s[:p])
		for p < to && s[p] == '%' {
			r, n := pctRune(s, p, to)
			// Appropriate: ucschar, not kept encoded under section 6.1
			// (the characters listed above, whose home is internal/ucs).
			if r < utf8.RuneSelf || r == utf8.RuneError || !ucs.Appropriate(r, inQuery) {
				break
			}
			if ucs.IsVariationSelector(r) && prev < utf8.RuneSelf {
				break // invisible after ASCII, as Check says (isInvisible)
			}
			prev = r
			if p == run {
				w.copyTo(run)
			}
			w.buf = utf8.AppendRune(w.buf, r)
			p += 3 * n
			w.copied = p
		}
		if p > run || p >= to || s[p] != '%' {
			continue
		}
		r, n := pctRune(s, p, to)
		switch {
		case r < utf8.RuneSelf:
			// Step 2: an unreserved character is decoded; "%", reserved
			// characters and those not allowed in URIs stay as written.
			if pct.Classes[r]&pct.ClassUnreserved != 0 {
				w.replace(p, p+3, byte(r))
			}
		default:
			// Not UTF-8, or not appropriate: kept encoded, in uppercase.
			keepEncoded(w, p, n)
		}
		p += 3 * n
	}
}
