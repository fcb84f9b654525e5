// Package pct is the module's percent-encoding layer (RFC 3986, section
// 2.1; URL Standard, sections 1.3 and 5): encode sets, text appended with
// the octets of a set encoded, decoding, and the
// application/x-www-form-urlencoded variant. Package web's parser and
// package web/canon share it, one home each; the hexadecimal digits a
// decoder reads are internal/ascii's.
package pct

import (
	"strings"

	"github.com/iri-go/iri/internal/ascii"
)

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

// The percent-encode sets of the URL Standard, section 1.3, each named
// after its component, and the application/x-www-form-urlencoded set.
var (
	// C0Control: the C0 controls and DEL (and every octet beyond U+007E).
	C0Control = func() (set Set) {
		for c := 0; c < 0x20; c++ {
			set[c] = true
		}
		set[0x7F] = true
		return set
	}()
	Fragment     = C0Control.With(" \"<>`")
	Query        = C0Control.With(" \"#<>")
	SpecialQuery = Query.With("'")
	Path         = Query.With("?^`{}")
	Userinfo     = Path.With("/:;=@[\\]|")
	Component    = Userinfo.With("$%&+,")
	Form         = Component.With("!'()~")
)

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
		if s[i] == '%' && i+2 < len(s) && ascii.IsHexDigit(s[i+1]) && ascii.IsHexDigit(s[i+2]) {
			b = append(b, ascii.HexValue(s[i+1])<<4|ascii.HexValue(s[i+2]))
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
