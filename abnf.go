package iri

// Character classes of the ABNF in RFC 3987, section 2.2, and RFC 3986,
// Appendix A. ASCII is classified by one table with a bit per rule; the
// non-ASCII rules (ucschar, iprivate) are short range checks.

import (
	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/ucs"
)

// Bits of asciiClass. A byte may carry several.
const (
	classScheme     uint8 = 1 << iota // ALPHA / DIGIT / "+" / "-" / "." (scheme after its first letter)
	classHex                          // HEXDIG
	classUserinfo                     // unreserved / sub-delims / ":"  (iuserinfo, IPvFuture tail)
	classRegName                      // unreserved / sub-delims        (ireg-name)
	classPath                         // ipchar / "/"                   (ipath-*)
	classQuery                        // ipchar / "/" / "?"             (iquery, ifragment)
	classUnreserved                   // ALPHA / DIGIT / "-" / "." / "_" / "~"
)

const (
	alpha     = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digit     = "0123456789"
	hexLetter = "ABCDEFabcdef"
	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	unreserved = alpha + digit + "-._~"
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	subDelims = "!$&'()*+,;="
	// ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
	pchar = unreserved + subDelims + ":@"
)

// asciiClass holds the class bits of every byte; bytes >= 0x80 have none.
var asciiClass = func() (t [256]uint8) {
	set := func(chars string, bit uint8) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bit
		}
	}
	set(alpha+digit+"+-.", classScheme)
	set(digit+hexLetter, classHex)
	set(unreserved+subDelims+":", classUserinfo)
	set(unreserved+subDelims, classRegName)
	set(pchar+"/", classPath)
	set(pchar+"/?", classQuery)
	set(unreserved, classUnreserved)
	return t
}()

// The letters and digits have their one home in internal/ascii, shared
// with package idn and the internal packages.
func isAlpha(c byte) bool { return ascii.IsAlpha(c) }
func isDigit(c byte) bool { return ascii.IsDigit(c) }
func isHex(c byte) bool   { return asciiClass[c]&classHex != 0 }

// The classes beyond ASCII (ucschar, iprivate, the bidi controls of
// section 4.1) have their one home in internal/ucs, shared with package
// template.
func isUcschar(r rune) bool                      { return ucs.IsUcschar(r) }
func isIprivate(r rune) bool                     { return ucs.IsIprivate(r) }
func isBidiControl(r rune) bool                  { return ucs.IsBidiControl(r) }
func allowedUnencoded(r rune, inQuery bool) bool { return ucs.AllowedUnencoded(r, inQuery) }

// firstSegmentColon returns the offset of a ":" in the first segment of
// path, or -1. A path of a relative reference cannot have one there: the
// segment would read as a scheme (isegment-nz-nc; RFC 3986, section 4.2).
// The parser, Build, Resolve and Relativize all ask it.
func firstSegmentColon(path string) int {
	for k := 0; k < len(path) && path[k] != '/'; k++ {
		if path[k] == ':' {
			return k
		}
	}
	return -1
}
