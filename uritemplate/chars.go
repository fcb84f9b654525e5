package uritemplate

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
