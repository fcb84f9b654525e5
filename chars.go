package iri

// Character classes of the ABNF in RFC 3987, section 2.2, and RFC 3986,
// Appendix A. ASCII is classified by one table with a bit per rule; the
// non-ASCII rules (ucschar, iprivate) are short range checks.

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

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isHex(c byte) bool   { return asciiClass[c]&classHex != 0 }

// isUcschar reports whether r is in ucschar (RFC 3987, section 2.2):
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD
//	        / %xE1000-EFFFD
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
	case r < 0x10000: // specials, U+FFFE and U+FFFF
		return false
	case r < 0xE0000:
		// Planes 1 to 13, less the two noncharacters that end each plane.
		return r&0xFFFE != 0xFFFE
	case r < 0xE1000: // tags and variation selectors supplement
		return false
	default:
		return r <= 0xEFFFD
	}
}

// isIprivate reports whether r is in iprivate (RFC 3987, section 2.2):
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
func isIprivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF ||
		0xF0000 <= r && r <= 0xFFFFD ||
		0x100000 <= r && r <= 0x10FFFD
}

// isBidiControl reports whether r has the Unicode property Bidi_Control:
// ARABIC LETTER MARK, LRM, RLM, LRE, RLE, PDF, LRO, RLO and the isolates
// LRI, RLI, FSI and PDI. RFC 3987, section 4.1, says IRIs MUST NOT contain
// seven of them (LRM to RLO); the other five postdate it and reorder text
// the same way, as the Trojan Source attacks (CVE-2021-42574) showed, so
// this package refuses all twelve.
func isBidiControl(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F ||
		0x202A <= r && r <= 0x202E ||
		0x2066 <= r && r <= 0x2069
}

// allowedUnencoded reports whether the character r beyond ASCII may stand
// unencoded in an IRI component: ucschar anywhere, iprivate in the query
// only (RFC 3987, section 2.2), and never a bidi control (section 4.1).
// It is the one definition the parser, the lenient parsers, the escapers
// and normalization share.
func allowedUnencoded(r rune, inQuery bool) bool {
	if isBidiControl(r) {
		return false
	}
	return isUcschar(r) || inQuery && isIprivate(r)
}
