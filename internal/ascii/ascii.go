// Package ascii holds the byte tests of ASCII text that more than one
// package of the module needs (iri, web, idn and the internal packages),
// one home each. The hexadecimal digits and percent-encodings are
// internal/pct's.
package ascii

// IsAlpha reports whether c is an ASCII letter, in either case.
func IsAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// IsDigit reports whether c is an ASCII decimal digit.
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsLDHLabel reports whether s is a label an ASCII host name can have:
// letters, digits and hyphens (RFC 1123, section 2.1), at least one, with
// no rule on its ends or length. Only a look-alike of such a label
// deceives: "ノ" looks like "/", which no host holds.
func IsLDHLabel(s string) bool {
	for k := 0; k < len(s); k++ {
		if c := s[k]; !IsAlpha(c) && !IsDigit(c) && c != '-' {
			return false
		}
	}
	return s != ""
}

// IndexNonASCII returns the index of the first octet >= 0x80 in s, or -1.
// It tests eight octets at a time, as most text it sees is ASCII.
func IndexNonASCII(s string) int {
	k := 0
	for ; k+8 <= len(s); k += 8 {
		if Load64(s[k:k+8])&0x8080808080808080 != 0 {
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

// Load64 returns the first eight octets of s, which must hold eight, as a
// little-endian word: the compiler makes one load of it.
func Load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// IsASCII reports whether every octet of s is below 0x80.
func IsASCII(s string) bool { return IndexNonASCII(s) < 0 }
