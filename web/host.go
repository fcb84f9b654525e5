package web

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// host is the host parser (URL Standard, section 3.5, "host parsing") of
// p.in[i:end], written at the end of p.buf; it sets p.u.hostKind.
func (p *parser) host(i, end int) error {
	s := p.in[i:end]
	if s == "" {
		p.u.hostKind = hostEmpty // "foo://": only special URLs need a host
		return nil
	}
	if s[0] == '[' {
		if s[len(s)-1] != ']' {
			return p.fail(i, errIPv6Unclosed)
		}
		var addr [8]uint16
		if err := parseIPv6(s[1:len(s)-1], &addr); err != nil {
			return p.fail(i+1+err.offset, err.kind)
		}
		p.buf = appendIPv6(p.buf, &addr)
		p.u.hostKind = hostIPv6
		return nil
	}
	if !p.special {
		// Opaque host parser.
		for j := 0; j < len(s); j++ {
			if c := s[j]; c < 0x80 && forbiddenHost[c] {
				return p.fail(i+j, errHostInvalidCodePoint)
			}
		}
		p.buf = appendEncoded(p.buf, s, &c0ControlSet)
		p.u.hostKind = hostOpaque
		return nil
	}
	start := len(p.buf)
	if !p.asciiDomain(s) {
		domain := percentDecode(s)
		if !utf8.ValidString(domain) {
			domain = replaceInvalidUTF8(domain) // U+FFFD, which IDNA refuses
		}
		domain, err := domainToASCII(domain)
		if err != nil {
			return p.fail(i, errDomainToASCII)
		}
		for j := 0; j < len(domain); j++ {
			if forbiddenDomain[domain[j]] {
				return p.fail(i, errDomainInvalidCodePoint)
			}
		}
		p.buf = append(p.buf, domain...)
	}
	if len(p.buf) == start {
		return p.fail(i, errDomainToASCII)
	}
	p.u.hostKind = hostDomain
	if endsInNumber(p.buf[start:]) {
		addr, err := parseIPv4(string(p.buf[start:]))
		if err != nil {
			return p.fail(i, err)
		}
		p.buf = appendIPv4(p.buf[:start], addr)
		p.u.hostKind = hostIPv4
	}
	return nil
}

// asciiDomain is domain to ASCII's fast path: a domain of ASCII characters
// is only lowercased (URL Standard, "domain to ASCII", step 1, with beStrict
// false), even when a label is an A-label that UTS #46 would refuse
// ("xn--"). It writes the host and reports true, or writes nothing and
// reports false when the host is not ASCII, has a percent-encoding to
// decode first, or holds a forbidden domain code point (left to the slow
// path to report).
func (p *parser) asciiDomain(s string) bool {
	start := len(p.buf)
	for j := 0; j < len(s); j++ {
		c := s[j]
		if c >= 0x80 || forbiddenDomain[c] {
			p.buf = p.buf[:start]
			return false
		}
		p.buf = append(p.buf, lowerASCII(c))
	}
	return true
}

// uts46 is UTS #46 processing as the URL Standard's domain to ASCII sets it:
// CheckHyphens false, CheckBidi true, CheckJoiners true, UseSTD3ASCIIRules
// false, Transitional_Processing false, VerifyDnsLength false.
var uts46 = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.VerifyDNSLength(false),
)

// domainToASCII is the URL Standard's domain to ASCII with beStrict false.
func domainToASCII(domain string) (string, error) {
	for j := 0; j < len(domain); j++ {
		if domain[j] >= 0x80 {
			return uts46.ToASCII(domain)
		}
	}
	return strings.ToLower(domain), nil
}

// percentDecode decodes every %XX of s; a '%' not followed by two hex
// digits stays as it is (URL Standard, "percent-decode").
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			b = append(b, hexValue(s[i+1])<<4|hexValue(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func hexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// endsInNumber reports whether the last label of a domain (the one before a
// trailing dot, if any) is all digits or an IPv4 number: such a host must be
// an IPv4 address (URL Standard, "ends in a number checker").
func endsInNumber[T string | []byte](domain T) bool {
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
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4 is the IPv4 parser: one to four numbers, each decimal, octal
// (a leading 0) or hexadecimal (0x), the last filling the bytes left.
func parseIPv4(s string) (uint32, error) {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return 0, errIPv4TooManyParts
	}
	var numbers [4]uint64
	for k, part := range parts {
		n, ok := parseIPv4Number(part)
		if !ok {
			return 0, errIPv4NonNumericPart
		}
		numbers[k] = n
	}
	last := len(parts) - 1
	for k := 0; k < last; k++ {
		if numbers[k] > 255 {
			return 0, errIPv4OutOfRangePart
		}
	}
	if numbers[last] >= 1<<(8*(5-len(parts))) {
		return 0, errIPv4OutOfRangePart
	}
	addr := uint32(numbers[last])
	for k := 0; k < last; k++ {
		addr += uint32(numbers[k]) << (8 * (3 - k))
	}
	return addr, nil
}

// parseIPv4Number is the IPv4 number parser: decimal, octal after "0",
// hexadecimal after "0x" or "0X". Values beyond 2^32 saturate: they are out
// of range whatever their exact value.
func parseIPv4Number[T string | []byte](s T) (uint64, bool) {
	if len(s) == 0 {
		return 0, false
	}
	radix := uint64(10)
	if len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x' {
		radix, s = 16, s[2:]
	} else if len(s) >= 2 && s[0] == '0' {
		radix, s = 8, s[1:]
	}
	var n uint64
	for j := 0; j < len(s); j++ {
		c := s[j]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case radix == 16 && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
			return 0, false
		}
		if d >= radix {
			return 0, false
		}
		if n <= 1<<40 {
			n = n*radix + d
		}
	}
	return n, true
}

func appendIPv4(b []byte, addr uint32) []byte {
	for k := 3; k >= 0; k-- {
		b = appendInt(b, int(addr>>(8*k)&0xFF))
		if k > 0 {
			b = append(b, '.')
		}
	}
	return b
}

type ipv6Error struct {
	offset int
	kind   error
}

// parseIPv6 is the IPv6 parser of the URL Standard (section 3.5): eight
// pieces, "::" once, and an IPv4 address in the last 32 bits.
func parseIPv6(s string, addr *[8]uint16) *ipv6Error {
	piece, compress := 0, -1
	i := 0
	if strings.HasPrefix(s, ":") {
		if !strings.HasPrefix(s, "::") {
			return &ipv6Error{0, errIPv6InvalidCompression}
		}
		i = 2
		piece++
		compress = piece
	}
	for i < len(s) {
		if piece == 8 {
			return &ipv6Error{i, errIPv6TooManyPieces}
		}
		if s[i] == ':' {
			if compress != -1 {
				return &ipv6Error{i - 1, errIPv6MultipleCompression} // at the second "::"
			}
			i++
			piece++
			compress = piece
			continue
		}
		value, length := 0, 0
		for length < 4 && i < len(s) && isHexDigit(s[i]) {
			value = value*16 + int(hexValue(s[i]))
			i++
			length++
		}
		if i < len(s) && s[i] == '.' {
			if length == 0 {
				return &ipv6Error{i, errIPv4InIPv6InvalidCodePoint}
			}
			i -= length
			if piece > 6 {
				return &ipv6Error{i, errIPv4InIPv6TooManyPieces}
			}
			seen := 0
			for i < len(s) {
				if seen > 0 {
					if s[i] != '.' || seen >= 4 {
						return &ipv6Error{i, errIPv4InIPv6InvalidCodePoint}
					}
					i++
				}
				if i == len(s) || s[i] < '0' || s[i] > '9' {
					return &ipv6Error{i, errIPv4InIPv6InvalidCodePoint}
				}
				part := -1
				for i < len(s) && '0' <= s[i] && s[i] <= '9' {
					d := int(s[i] - '0')
					switch part {
					case -1:
						part = d
					case 0:
						return &ipv6Error{i, errIPv4InIPv6InvalidCodePoint}
					default:
						part = part*10 + d
					}
					if part > 255 {
						return &ipv6Error{i, errIPv4InIPv6OutOfRangePart}
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
				return &ipv6Error{i, errIPv4InIPv6TooFewParts}
			}
			break
		}
		if i < len(s) && s[i] == ':' {
			i++
			if i == len(s) {
				return &ipv6Error{i, errIPv6InvalidCodePoint}
			}
		} else if i < len(s) {
			return &ipv6Error{i, errIPv6InvalidCodePoint}
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
		return &ipv6Error{len(s), errIPv6TooFewPieces}
	}
	return nil
}

// appendIPv6 writes the IPv6 serializer's text in brackets: lowercase hex
// without leading zeros, and the first longest run of two or more zero
// pieces as "::". It never writes the dotted IPv4 form that
// netip.Addr.String uses for IPv4-mapped addresses.
func appendIPv6(b []byte, addr *[8]uint16) []byte {
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

// forbiddenHost holds the forbidden host code points (URL Standard,
// section 3.2): an opaque host may not hold them.
var forbiddenHost = func() (t [128]bool) {
	for _, c := range "\x00\t\n\r #/:<>?@[\\]^|" {
		t[c] = true
	}
	return t
}()

// forbiddenDomain holds the forbidden domain code points: the forbidden
// host code points, C0 controls, '%' and DEL. It is indexed by byte; bytes
// beyond ASCII are not forbidden.
var forbiddenDomain = func() (t [256]bool) {
	for c := 0; c < 128; c++ {
		t[c] = forbiddenHost[c] || c <= 0x1F || c == '%' || c == 0x7F
	}
	return t
}()
