package template

import "unicode/utf8"

// Character sets of RFC 3986, section 2, as RFC 6570, section 1.5,
// imports them.
const (
	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	unreservedChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	// reserved = gen-delims / sub-delims
	reservedChars = ":/?#[]@" + "!$&'()*+,;="
)

// Bits of asciiClass.
const (
	classU  uint8 = 1 << iota // unreserved: the allowed set (U) of Appendix A
	classUR                   // unreserved / reserved: the allowed set (U+R), less pct-encoded
)

var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for i := 0; i < len(unreservedChars); i++ {
		t[unreservedChars[i]] |= classU | classUR
	}
	for i := 0; i < len(reservedChars); i++ {
		t[reservedChars[i]] |= classUR
	}
	return t
}()

const upperHex = "0123456789ABCDEF"

// appendPct appends the percent-encoding of the octet c, in upper case as
// RFC 3986, section 2.1, recommends.
func appendPct(b []byte, c byte) []byte {
	return append(b, '%', upperHex[c>>4], upperHex[c&15])
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// TODO(integrator): share with iri.allowedUnencoded (chars.go of the root
// package), which is unexported; this is a copy of the same ranges.

// isUcschar reports whether r is in ucschar (RFC 3987, section 2.2).
func isUcschar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900: // surrogates and the BMP private use area
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0: // the noncharacters U+FDD0..U+FDEF
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000:
		return false
	case r < 0xE0000:
		return r&0xFFFE != 0xFFFE // planes 1 to 13 less their last two code points
	case r < 0xE1000:
		return false
	default:
		return r <= 0xEFFFD
	}
}

// isIprivate reports whether r is in iprivate (RFC 3987, section 2.2).
func isIprivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF ||
		0xF0000 <= r && r <= 0xFFFFD ||
		0x100000 <= r && r <= 0x10FFFD
}

// allowedUnencoded reports whether the character r beyond ASCII may stand
// unencoded in an IRI: ucschar anywhere, iprivate in the query only (RFC
// 3987, section 2.2), never one of the twelve Bidi_Control characters
// (section 4.1, as package iri reads it).
func allowedUnencoded(r rune, inQuery bool) bool {
	if r == 0x061C || r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E || 0x2066 <= r && r <= 0x2069 {
		return false
	}
	return isUcschar(r) || inQuery && isIprivate(r)
}
