package uritemplate

import "github.com/iri-go/iri/internal/pct"

// The character sets of RFC 3986, section 2, as RFC 6570, section 1.5,
// imports them, and the hexadecimal digits of a percent-encoding have
// their one home in internal/pct, shared with the module's parsers.

// Bits of asciiClass.
const (
	classU  = pct.ClassUnreserved                     // unreserved: the allowed set (U) of Appendix A
	classUR = pct.ClassUnreserved | pct.ClassReserved // unreserved / reserved: the allowed set (U+R), less pct-encoded
)

// asciiClass holds the classes of RFC 3986 each octet is in.
var asciiClass = &pct.Classes

// appendPct appends the percent-encoding of the octet c, in upper case as
// RFC 3986, section 2.1, recommends.
func appendPct(b []byte, c byte) []byte { return pct.AppendByte(b, c) }

func unhex(c byte) byte { return pct.Unhex(c) }
func isHex(c byte) bool { return pct.IsHex(c) }
