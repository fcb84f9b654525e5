// Package ucs holds the character classes of RFC 3987 beyond ASCII that
// the packages of this module share: ucschar and iprivate (section 2.2),
// the bidi controls IRIs may not hold (section 4.1), and which characters
// may stand unencoded in a component. One definition, so that the parser,
// the escapers and the URI Template expander (package uritemplate) agree.
package ucs

// IsUcschar reports whether r is in ucschar (RFC 3987, section 2.2):
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD
//	        / %xE1000-EFFFD
func IsUcschar(r rune) bool {
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

// IsIprivate reports whether r is in iprivate (RFC 3987, section 2.2):
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
func IsIprivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF ||
		0xF0000 <= r && r <= 0xFFFFD ||
		0x100000 <= r && r <= 0x10FFFD
}

// IsBidiControl reports whether r has the Unicode property Bidi_Control:
// ARABIC LETTER MARK, LRM, RLM, LRE, RLE, PDF, LRO, RLO and the isolates
// LRI, RLI, FSI and PDI. RFC 3987, section 4.1, says IRIs MUST NOT contain
// seven of them (LRM to RLO); the other five postdate it and reorder text
// the same way, as the Trojan Source attacks (CVE-2021-42574) showed, so
// the module refuses all twelve.
func IsBidiControl(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F ||
		0x202A <= r && r <= 0x202E ||
		0x2066 <= r && r <= 0x2069
}

// AllowedUnencoded reports whether the character r beyond ASCII may stand
// unencoded in an IRI component: ucschar anywhere, iprivate in the query
// only (RFC 3987, section 2.2), and never a bidi control (section 4.1).
func AllowedUnencoded(r rune, inQuery bool) bool {
	// Small enough to be inlined into the parser's scan loop for the
	// characters most text has; the bidi controls are U+061C and in
	// U+200E..U+2069.
	if uint32(r)-0xA0 < 0x200E-0xA0 { // U+00A0..U+200D
		return r != 0x061C
	}
	return allowedUnencodedRest(r, inQuery)
}

// allowedUnencodedRest is AllowedUnencoded from U+200E on.
func allowedUnencodedRest(r rune, inQuery bool) bool {
	if 0x206A <= r && r <= 0xD7FF { // CJK and Hangul: no bidi control
		return true
	}
	if IsBidiControl(r) {
		return false
	}
	return IsUcschar(r) || inQuery && IsIprivate(r)
}
