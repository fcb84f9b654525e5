package iri

import (
	"strings"
	"unicode/utf8"
)

// Percent-encoding (RFC 3986, section 2.1): every helper that reads or
// writes "%HH" lives here.

const upperHex = "0123456789ABCDEF"

// appendPercent appends the octet c as "%HH" with uppercase hex digits,
// as RFC 3987, section 3.1, step 2.2, recommends.
func appendPercent(b []byte, c byte) []byte {
	return append(b, '%', upperHex[c>>4], upperHex[c&15])
}

// unhex returns the value of the hex digit c.
func unhex(c byte) byte { return hexValue[c] }

var hexValue = func() (t [256]byte) {
	for c := range 256 {
		switch {
		case '0' <= c && c <= '9':
			t[c] = byte(c - '0')
		case 'A' <= c && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		case 'a' <= c && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		}
	}
	return t
}()

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

// pctOctet returns the octet of the pct-encoded triplet at s[p], which the
// caller knows to be valid.
func pctOctet(s string, p int) byte {
	return unhex(s[p+1])<<4 | unhex(s[p+2])
}

// isPctAt reports whether a valid pct-encoded triplet starts at s[p].
func isPctAt(s string, p int) bool {
	return p+2 < len(s) && s[p] == '%' && isHex(s[p+1]) && isHex(s[p+2])
}

// pctRune decodes the percent-encoded character at s[p:to]: an ASCII
// octet, or a strictly legal UTF-8 sequence (RFC 3629) of triplets. It
// returns the character and the number of triplets it spans, or
// utf8.RuneError and 1 when the octets there are not UTF-8. The triplets
// must be valid.
func pctRune(s string, p, to int) (rune, int) {
	c := pctOctet(s, p)
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
		octets[k] = pctOctet(s, q)
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

// percentDecode decodes every "%HH" of s, which must hold only valid
// triplets; s itself is returned when it has none.
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for p := 0; p < len(s); p++ {
		if s[p] == '%' && p+2 < len(s) {
			b = append(b, pctOctet(s, p))
			p += 2
			continue
		}
		b = append(b, s[p])
	}
	return bytesToString(b)
}

// decodeUnreserved decodes the percent-encoded unreserved characters of
// s, which are equivalent to the characters themselves (RFC 3986, section
// 2.3); s itself is returned when it has none.
func decodeUnreserved(s string) string {
	w := rewriter{src: s}
	for p := strings.IndexByte(s, '%'); p >= 0 && p+2 < len(s); p = nextPercent(s, p) {
		if c := pctOctet(s, p); asciiClass[c]&classUnreserved != 0 {
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
			c := pctOctet(s, p)
			w.replace(p, p+3, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
}
