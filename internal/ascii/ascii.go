// Package ascii holds the byte tests of ASCII text that more than one
// package of the module needs (web, internal/ipaddr), one home each.
package ascii

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
