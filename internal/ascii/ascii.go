// Package ascii holds the byte tests of ASCII text that more than one
// package of the module needs (iri, fileiri, web, internal/ipaddr,
// internal/uts46), one home each.
package ascii

// IsLetter reports whether c is an ASCII letter (ALPHA of RFC 5234), in
// either case.
func IsLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// IsHexDigit reports whether c is a hexadecimal digit, in either case.
func IsHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// HexValue returns the value of the hexadecimal digit c.
func HexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// IndexNonASCII returns the index of the first octet >= 0x80 in s, or -1.
// It tests eight octets at a time, as most text it sees is ASCII.
func IndexNonASCII(s string) int {
	k := 0
	for ; k+8 <= len(s); k += 8 {
		// The compiler makes one load of this.
		b := s[k : k+8]
		word := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if word&0x8080808080808080 != 0 {
			break
		}
	}
	for ; k < len(s); k++ {
		if s[k] >= 0x80 {
			return k
		}
	}
	return -1
}

// IsASCII reports whether every octet of s is below 0x80.
func IsASCII(s string) bool { return IndexNonASCII(s) < 0 }
