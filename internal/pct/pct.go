// Package pct is the module's one text layer under its parsers: the
// percent-encoding of RFC 3986, section 2.1, and of the URL Standard
// (sections 1.3 and 5): encode sets, text appended with the octets of a
// set encoded, the hexadecimal digits, decoding and the
// application/x-www-form-urlencoded variant; the classes of ASCII octets
// of RFC 3986, Appendix A; and the quoting of an input in an error
// message. Packages iri, web, web/canon and uritemplate share it, one home
// each.
//
// Its tables are literals (tables.go, written by gen.go), so that a
// program links them as data and runs no code at start-up to build them.
package pct

//go:generate go run gen.go

import "strings"

// UpperHex are the digits of an encoding as RFC 3986, section 2.1, and the
// URL Standard write them: uppercase.
const UpperHex = "0123456789ABCDEF"

// A Set is a percent-encode set: the ASCII octets written as %XX. Every
// octet beyond ASCII is encoded too, which UTF-8 percent-encodes a
// character.
type Set [128]bool

// With returns s with the octets of extra added.
func (s Set) With(extra string) Set {
	for i := 0; i < len(extra); i++ {
		s[extra[i]] = true
	}
	return s
}

// Has reports whether s encodes c: an octet of the set, or beyond ASCII.
func (s *Set) Has(c byte) bool { return c >= 0x80 || s[c] }

// The bits of Classes: the rules of RFC 3986, Appendix A (and of RFC
// 3987, section 2.2, whose i-rules add characters beyond ASCII only) that
// an ASCII octet may stand for as it is. An octet may carry several.
const (
	ClassScheme     uint8 = 1 << iota // ALPHA / DIGIT / "+" / "-" / ".": scheme after its first letter
	ClassUserinfo                     // unreserved / sub-delims / ":": userinfo, the tail of IPvFuture
	ClassRegName                      // unreserved / sub-delims: reg-name
	ClassPath                         // pchar / "/": the path rules
	ClassPchar                        // unreserved / sub-delims / ":" / "@": pchar, a segment
	ClassQuery                        // pchar / "/" / "?": query and fragment
	ClassUnreserved                   // ALPHA / DIGIT / "-" / "." / "_" / "~"
	ClassReserved                     // gen-delims / sub-delims
)

// The bits of Fast, one for each part of a special URL that web's fast
// paths copy, and one for the pass over their input.
const (
	FastHost      uint8 = 1 << iota // letters, digits, "-", "." and "_": a domain of them needs only lowercasing
	FastLowerHost                   // FastHost less the uppercase letters: a domain of them is its own ASCII form
	FastPath                        // printable ASCII outside Path, but "\", "?" and "#", which the path state reads, and "." and "%", which may start a dot segment
	FastQuery                       // printable ASCII outside SpecialQuery, but "#"
	FastFragment                    // printable ASCII outside Fragment
	FastPathOut                     // what the path writes as it is: FastPath, "." and "%"
	FastInput                       // printable ASCII that no component percent-encodes, and "?" and "#"
)

// IsHex reports whether c is a hexadecimal digit, in either case.
func IsHex(c byte) bool { return hexDigits[c] != 0 }

// Unhex returns the value of the hexadecimal digit c, which the caller
// knows to be one.
func Unhex(c byte) byte { return hexDigits[c] & 0xF }

// IsTriplet reports whether s[p:] starts with a percent-encoded octet:
// "%" and two hexadecimal digits.
func IsTriplet(s string, p int) bool {
	return p+2 < len(s) && s[p] == '%' && IsHex(s[p+1]) && IsHex(s[p+2])
}

// Octet returns the octet of the triplet at s[p], which the caller knows
// to be one (IsTriplet).
func Octet(s string, p int) byte { return Unhex(s[p+1])<<4 | Unhex(s[p+2]) }

// AppendByte appends c percent-encoded: "%" and two uppercase digits.
func AppendByte(b []byte, c byte) []byte {
	return append(b, '%', UpperHex[c>>4], UpperHex[c&0xF])
}

// Append appends s to b with the octets set holds, and every octet beyond
// ASCII, percent-encoded (the URL Standard's "UTF-8 percent-encode" of a
// string). Runs that need nothing are copied whole.
func Append(b []byte, s string, set *Set) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && !set[c] {
			continue
		}
		b = AppendByte(append(b, s[start:i]...), c)
		start = i + 1
	}
	return append(b, s[start:]...)
}

// Decode decodes every "%" followed by two hexadecimal digits in s; any
// other "%" stays as it is (URL Standard, "percent-decode"). The octets
// decoded need not be UTF-8.
func Decode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if IsTriplet(s, i) {
			b = append(b, Octet(s, i))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// AppendForm appends s as the application/x-www-form-urlencoded
// serializer writes a name or a value (URL Standard, section 5.2): a space
// as "+", the octets of Form and those beyond ASCII percent-encoded.
func AppendForm(b []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return Append(b, s, &Form)
		}
		b = append(Append(b, s[:i], &Form), '+')
		s = s[i+1:]
	}
}

// DecodeForm reads a name or a value as the
// application/x-www-form-urlencoded parser does (URL Standard, section
// 5.1), "+" as a space and then Decode, but keeps the octets that are not
// UTF-8: a canonicalizer must not change them, and a parser replaces them
// afterwards.
func DecodeForm(s string) string {
	if strings.IndexByte(s, '+') >= 0 {
		s = strings.ReplaceAll(s, "+", " ")
	}
	return Decode(s)
}
