package iri

import (
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
)

// Percent-encoding (RFC 3986, section 2.1): every helper of the package
// that reads or writes "%HH" lives here, on internal/pct's digits.

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

// pctRune decodes the percent-encoded character at s[p:to]: an ASCII
// octet, or a strictly legal UTF-8 sequence (RFC 3629) of triplets. It
// returns the character and the number of triplets it spans, or
// utf8.RuneError and 1 when the octets there are not UTF-8. The triplets
// must be valid.
func pctRune(s string, p, to int) (rune, int) {
	c := pct.Octet(s, p)
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	n := 0
	switch {
	case c >= 0xC2 && c <= 0xDF:
		n = 2
	case c >= 0xE0 && c <= 0xEF:
		n = 3
	case c >= 0xF0 && c <= 0xF4:
		n = 4
	default:
		return utf8.RuneError, 1
	}
	if p+3*n > to {
		return utf8.RuneError, 1
	}
	octets := [utf8.UTFMax]byte{c}
	for k := 1; k < n; k++ {
		q := p + 3*k
		if s[q] != '%' {
			return utf8.RuneError, 1
		}
		octets[k] = pct.Octet(s, q)
	}
	// DecodeRune refuses overlong forms, surrogates and what lies beyond
	// U+10FFFF, and continuation octets out of place.
	r, size := utf8.DecodeRune(octets[:n])
	if size != n {
		return utf8.RuneError, 1
	}
	return r, n
}

// nextPercent returns the offset of the next "%" in s after s[p], or -1.
func nextPercent(s string, p int) int {
	next := strings.IndexByte(s[p+1:], '%')
	if next < 0 {
		return -1
	}
	return p + 1 + next
}

// decodeUnreserved decodes the percent-encoded unreserved characters of
// s, which are equivalent to the characters themselves (RFC 3986, section
// 2.3); s itself is returned when it has none.
func decodeUnreserved(s string) string {
	w := rewriter{src: s}
	for p := strings.IndexByte(s, '%'); p >= 0 && p+2 < len(s); p = nextPercent(s, p) {
		if c := pct.Octet(s, p); pct.Classes[c]&pct.ClassUnreserved != 0 {
			w.replace(p, p+3, c)
		}
	}
	return w.text()
}

// keepEncoded leaves the n triplets at src[p:] encoded, in uppercase
// (RFC 3986, section 6.2.2.1).
func keepEncoded(w *rewriter, p, n int) {
	s := w.src
	for end := p + 3*n; p < end; p += 3 {
		if isLowerHex(s[p+1]) || isLowerHex(s[p+2]) {
			c := pct.Octet(s, p)
			w.replace(p, p+3, '%', pct.UpperHex[c>>4], pct.UpperHex[c&15])
		}
	}
}

// keeps reports whether an escaper keeps the ASCII character c: it is in
// class, the characters the component allows unencoded, and is not one
// with a meaning inside a name=value pair of a query ("&", "=", "+" for a
// space in forms, ";"). The classes are pct.ClassPchar for a segment
// (isegment = *ipchar: no "/"), pct.ClassQuery for a query and a
// fragment (ifragment = *( ipchar / "/" / "?" )), and pct.ClassRegName
// for a user name or a password (iuserinfo less ":", which separates
// them).
func keeps(c byte, class uint8, inQuery bool) bool {
	return pct.Classes[c]&class != 0 && !(inQuery && (c == '&' || c == '=' || c == '+' || c == ';'))
}

// EscapePathSegment escapes s to stand as one segment of a path: the
// characters RFC 3987 allows unencoded in a segment (isegment, section
// 2.2: "é" included, ":" and "@" too) stay as they are, and every other
// one is percent-encoded as UTF-8 octets with uppercase hex digits,
// "/", "?", "#" and "%" among them. A byte that is not UTF-8 is encoded
// on its own. Where the segment comes first in a relative reference, a
// ":" in it would read as a scheme: Build refuses it there, and JoinPath
// puts "./" in front. s is returned as it is when nothing needs escaping.
//
// Unlike url.PathEscape, it keeps the characters beyond ASCII: the
// result is an IRI segment; ToURI gives the URI form.
func EscapePathSegment(s string) string { return escape(s, pct.ClassPchar, false) }

// EscapeQueryParam escapes s to stand as the name or the value of a
// name=value pair of a query of pairs separated by "&": the characters
// RFC 3987 allows unencoded in a query stay, iprivate included (section
// 2.2), but for "&", "=", "+" (which forms read as a space) and ";"
// (which Go's net/http, since Go 1.17, reads as a broken pair and drops,
// with the pair it is in), and every other one is percent-encoded as UTF-8 octets with uppercase hex digits.
// A byte that is not UTF-8 is encoded on its own. s is returned as it is
// when nothing needs escaping.
//
// Unlike url.QueryEscape, it writes a space as "%20", never "+", and
// keeps "/", "?", ":", "@" and the characters beyond ASCII.
func EscapeQueryParam(s string) string { return escape(s, pct.ClassQuery, true) }

// EscapeFragment escapes s to stand as a fragment: the characters RFC 3987
// allows unencoded in ifragment stay, and every other one is
// percent-encoded as UTF-8 octets with uppercase hex digits ("#" and "%"
// among them). A byte that is not UTF-8 is encoded on its own. s is
// returned as it is when nothing needs escaping.
func EscapeFragment(s string) string { return escape(s, pct.ClassQuery, false) }

// EscapeUserinfo escapes s to stand as the user name or the password of a
// userinfo ("user:password"): the characters RFC 3987 allows unencoded in
// iuserinfo stay, but for ":", and every other one is percent-encoded as
// UTF-8 octets with uppercase hex digits. A byte that is not UTF-8 is
// encoded on its own. s is returned as it is when nothing needs escaping.
func EscapeUserinfo(s string) string { return escape(s, pct.ClassRegName, false) }

// escape percent-encodes what keeps and allowedUnencoded do not keep: one
// pass to count, none more when nothing changes, else one allocation.
func escape(s string, class uint8, inQuery bool) string {
	extra, first := 0, -1
	for p := 0; p < len(s); {
		if c := s[p]; c < utf8.RuneSelf {
			if !keeps(c, class, inQuery) {
				extra += 2
				if first < 0 {
					first = p
				}
			}
			p++
			continue
		}
		size, encode := escapeRune(s, p, inQuery)
		if encode {
			extra += 2 * size
			if first < 0 {
				first = p
			}
		}
		p += size
	}
	if first < 0 {
		return s
	}
	b := make([]byte, first, len(s)+extra)
	copy(b, s[:first])
	for p := first; p < len(s); {
		if c := s[p]; c < utf8.RuneSelf {
			if keeps(c, class, inQuery) {
				b = append(b, c)
			} else {
				b = pct.AppendByte(b, c)
			}
			p++
			continue
		}
		size, encode := escapeRune(s, p, inQuery)
		if encode {
			for k := p; k < p+size; k++ {
				b = pct.AppendByte(b, s[k])
			}
		} else {
			b = append(b, s[p:p+size]...)
		}
		p += size
	}
	return bytesToString(b)
}

// escapeRune returns the size of the character beyond ASCII at s[p] (1
// for a byte that is not UTF-8), and whether escape encodes it.
func escapeRune(s string, p int, inQuery bool) (size int, encode bool) {
	r, size := utf8.DecodeRuneInString(s[p:])
	return size, r == utf8.RuneError && size == 1 || !allowedUnencoded(r, inQuery)
}

// Unescape decodes every "%HH" of s to its octet, whatever it encodes: the
// result may hold "/", "%" or bytes that are not UTF-8. The error, a
// *ParseError, is for a "%" not followed by two hex digits. s is returned
// as it is when it has no "%".
func Unescape(s string) (string, error) {
	return unescape(s, false)
}

// unescape is Unescape, and with plus, reads "+" as a space, as forms do.
func unescape(s string, plus bool) (string, error) {
	triplets, plusses := 0, 0
	for p := 0; p < len(s); p++ {
		switch s[p] {
		case '%':
			if p+1 >= len(s) || !isHex(s[p+1]) {
				return "", newParseError(s, p+1, "pct-encoded")
			}
			if p+2 >= len(s) || !isHex(s[p+2]) {
				return "", newParseError(s, p+2, "pct-encoded")
			}
			triplets++
			p += 2
		case '+':
			plusses++
		}
	}
	if triplets == 0 && (plusses == 0 || !plus) {
		return s, nil
	}
	b := make([]byte, 0, len(s)-2*triplets)
	for p := 0; p < len(s); p++ {
		switch c := s[p]; {
		case c == '%':
			b = append(b, pct.Octet(s, p))
			p += 2
		case c == '+' && plus:
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return bytesToString(b), nil
}
