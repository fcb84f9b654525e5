// Package ipaddr reads and writes IP addresses as the URL Standard's host
// parser does (section 3.5): IPv4 in every number form it reads, and IPv6
// with its serialization. Package web parses hosts with it; the root
// package's Check uses the same rules to say where a browser reads a host
// differently.
package ipaddr

import (
	"strconv"
	"strings"

	"github.com/iri-go/iri/internal/pct"
)

// An IPv4Error is why ParseIPv4 fails: the URL Standard's validation
// errors IPv4-too-many-parts, IPv4-non-numeric-part and
// IPv4-out-of-range-part.
type IPv4Error uint8

// The IPv4 parser's outcomes.
const (
	IPv4OK             IPv4Error = iota // an address
	IPv4TooManyParts                    // more than four parts
	IPv4NonNumericPart                  // a part that is not a number
	IPv4OutOfRangePart                  // a part, or the last, too large
)

// An IPv6Error is why ParseIPv6 fails, with the URL Standard's names.
type IPv6Error uint8

// The IPv6 parser's outcomes, named as the URL Standard's validation
// errors are.
const (
	IPv6OK IPv6Error = iota
	IPv6InvalidCompression
	IPv6TooManyPieces
	IPv6MultipleCompression
	IPv6InvalidCodePoint
	IPv6TooFewPieces
	IPv4InIPv6TooManyPieces
	IPv4InIPv6InvalidCodePoint
	IPv4InIPv6OutOfRangePart
	IPv4InIPv6TooFewParts
)

// EndsInNumber reports whether the last label of a domain (the one before a
// trailing dot, if any) is all digits or an IPv4 number: such a host must be
// an IPv4 address (URL Standard, "ends in a number checker").
func EndsInNumber[T string | []byte](domain T) bool {
	if n := len(domain); n > 0 && domain[n-1] == '.' {
		domain = domain[:n-1]
		if len(domain) == 0 {
			return false
		}
	}
	last := domain
	for j := len(domain) - 1; j >= 0; j-- {
		if domain[j] == '.' {
			last = domain[j+1:]
			break
		}
	}
	if len(last) == 0 {
		return false
	}
	digits := true
	for j := 0; j < len(last); j++ {
		if c := last[j]; c < '0' || c > '9' {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	_, ok := ParseIPv4Number(last)
	return ok
}

// ParseIPv4 is the IPv4 parser: one to four numbers, each decimal, octal
// (a leading 0) or hexadecimal (0x), the last filling the bytes left.
func ParseIPv4(s string) (uint32, IPv4Error) {
	addr, code, _ := ParseIPv4Notes(s)
	return addr, code
}

// IPv4Notes are the IPv4 parser's validation errors that do not fail it
// (URL Standard, section 3.5), one bit each.
type IPv4Notes uint8

// The IPv4 parser's validation errors that do not fail it.
const (
	IPv4EmptyPart      IPv4Notes = 1 << iota // a final dot: "1.2.3.4."
	IPv4TooFewParts                          // fewer than four parts: "127.1"
	IPv4NonDecimalPart                       // an octal or hexadecimal part: "0x7f.1"
	IPv4OutOfRange                           // a part above 255 ("1.65536"), which fails unless it is the last
)

// ParseIPv4Notes is ParseIPv4 that also returns the validation errors the
// parser records on its way (up to its failure, if it fails).
func ParseIPv4Notes(s string) (uint32, IPv4Error, IPv4Notes) {
	var notes IPv4Notes
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" {
		notes |= IPv4EmptyPart
		if len(parts) > 1 {
			parts = parts[:len(parts)-1]
		}
	}
	if len(parts) < 4 {
		notes |= IPv4TooFewParts
	}
	if len(parts) > 4 {
		return 0, IPv4TooManyParts, notes
	}
	var numbers [4]uint64
	for k, part := range parts {
		n, decimal, ok := ipv4Number(part)
		if !ok {
			return 0, IPv4NonNumericPart, notes
		}
		if !decimal {
			notes |= IPv4NonDecimalPart
		}
		numbers[k] = n
		if n > 255 {
			notes |= IPv4OutOfRange
		}
	}
	last := len(parts) - 1
	for k := 0; k < last; k++ {
		if numbers[k] > 255 {
			return 0, IPv4OutOfRangePart, notes
		}
	}
	if numbers[last] >= 1<<(8*(5-len(parts))) {
		return 0, IPv4OutOfRangePart, notes
	}
	addr := uint32(numbers[last])
	for k := 0; k < last; k++ {
		addr += uint32(numbers[k]) << (8 * (3 - k))
	}
	return addr, IPv4OK, notes
}

// ParseIPv4Number is the IPv4 number parser: decimal, octal after "0",
// hexadecimal after "0x" or "0X". Values beyond 2^32 saturate: they are out
// of range whatever their exact value.
func ParseIPv4Number[T string | []byte](s T) (uint64, bool) {
	n, _, ok := ipv4Number(s)
	return n, ok
}

// ipv4Number is ParseIPv4Number that also reports whether the number is
// decimal (the parser's validationError flag is its negation).
func ipv4Number[T string | []byte](s T) (n uint64, decimal, ok bool) {
	if len(s) == 0 {
		return 0, true, false
	}
	radix := uint64(10)
	if len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x' {
		radix, s = 16, s[2:]
	} else if len(s) >= 2 && s[0] == '0' {
		radix, s = 8, s[1:]
	}
	for j := 0; j < len(s); j++ {
		c := s[j]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case radix == 16 && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
			return 0, radix == 10, false
		}
		if d >= radix {
			return 0, radix == 10, false
		}
		if n <= 1<<40 {
			n = n*radix + d
		}
	}
	return n, radix == 10, true
}

// AppendIPv4 writes addr as a dotted quad (the IPv4 serializer).
func AppendIPv4(b []byte, addr uint32) []byte {
	for k := 3; k >= 0; k-- {
		b = strconv.AppendUint(b, uint64(addr>>(8*k)&0xFF), 10)
		if k > 0 {
			b = append(b, '.')
		}
	}
	return b
}

// ParseIPv6 is the IPv6 parser of the URL Standard (section 3.5): eight
// pieces, "::" once, and an IPv4 address in the last 32 bits.
//
// On failure it returns the error and the offset in s where it was found.
func ParseIPv6(s string, addr *[8]uint16) (IPv6Error, int) {
	return ParseIPv6Zeros(s, addr, nil)
}

// ParseIPv6Zeros is ParseIPv6 that also calls leadingZero, when not nil,
// with the offset of each piece that has a leading zero ("::01"), the
// validation error IPv6-piece-leading-zero that does not fail the parser.
func ParseIPv6Zeros(s string, addr *[8]uint16, leadingZero func(offset int)) (IPv6Error, int) {
	piece, compress := 0, -1
	i := 0
	if strings.HasPrefix(s, ":") {
		if !strings.HasPrefix(s, "::") {
			return IPv6InvalidCompression, 0
		}
		i = 2
		piece++
		compress = piece
	}
	for i < len(s) {
		if piece == 8 {
			return IPv6TooManyPieces, i
		}
		if s[i] == ':' {
			if compress != -1 {
				return IPv6MultipleCompression, i - 1 // at the second "::"
			}
			i++
			piece++
			compress = piece
			continue
		}
		value, length, start := 0, 0, i
		for length < 4 && i < len(s) && pct.IsHex(s[i]) {
			value = value*16 + int(pct.Unhex(s[i]))
			i++
			length++
		}
		if i < len(s) && s[i] == '.' {
			if length == 0 {
				return IPv4InIPv6InvalidCodePoint, i
			}
			i -= length
			if piece > 6 {
				return IPv4InIPv6TooManyPieces, i
			}
			seen := 0
			for i < len(s) {
				if seen > 0 {
					if s[i] != '.' || seen >= 4 {
						return IPv4InIPv6InvalidCodePoint, i
					}
					i++
				}
				if i == len(s) || s[i] < '0' || s[i] > '9' {
					return IPv4InIPv6InvalidCodePoint, i
				}
				part := -1
				for i < len(s) && '0' <= s[i] && s[i] <= '9' {
					d := int(s[i] - '0')
					switch part {
					case -1:
						part = d
					case 0:
						return IPv4InIPv6InvalidCodePoint, i
					default:
						part = part*10 + d
					}
					if part > 255 {
						return IPv4InIPv6OutOfRangePart, i
					}
					i++
				}
				addr[piece] = addr[piece]<<8 | uint16(part)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return IPv4InIPv6TooFewParts, i
			}
			break
		}
		if i < len(s) && s[i] == ':' {
			i++
			if i == len(s) {
				return IPv6InvalidCodePoint, i
			}
		} else if i < len(s) {
			return IPv6InvalidCodePoint, i
		}
		if length > 1 && value < 1<<(4*(length-1)) && leadingZero != nil {
			leadingZero(start)
		}
		addr[piece] = uint16(value)
		piece++
	}
	if compress != -1 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			addr[piece], addr[compress+swaps-1] = addr[compress+swaps-1], addr[piece]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return IPv6TooFewPieces, len(s)
	}
	return IPv6OK, 0
}

// AppendIPv6 writes the IPv6 serializer's text in brackets: lowercase hex
// without leading zeros, and the first longest run of two or more zero
// pieces as "::". It never writes the dotted IPv4 form that
// netip.Addr.String uses for IPv4-mapped addresses.
func AppendIPv6(b []byte, addr *[8]uint16) []byte {
	compress, best := -1, 1
	for k := 0; k < 8; {
		if addr[k] != 0 {
			k++
			continue
		}
		run := k
		for k < 8 && addr[k] == 0 {
			k++
		}
		if k-run > best {
			compress, best = run, k-run
		}
	}
	b = append(b, '[')
	for k := 0; k < 8; k++ {
		if k == compress {
			if k == 0 {
				b = append(b, ':')
			}
			b = append(b, ':')
			k += best - 1
			continue
		}
		b = appendHex(b, addr[k])
		if k != 7 {
			b = append(b, ':')
		}
	}
	return append(b, ']')
}

func appendHex(b []byte, v uint16) []byte {
	const digits = "0123456789abcdef"
	started := false
	for shift := 12; shift >= 0; shift -= 4 {
		d := v >> shift & 0xF
		if d != 0 || started || shift == 0 {
			b = append(b, digits[d])
			started = true
		}
	}
	return b
}
