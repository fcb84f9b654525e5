// Package punycode is Punycode, the encoding of Unicode labels in ASCII
// that IDNA writes after "xn--" (RFC 3492), with the parameters of its
// section 5. It encodes and decodes one label, without IDNA's rules.
package punycode

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// The parameters of RFC 3492, section 5, and the largest integer its
// arithmetic may reach (section 6.4, on 32-bit signed integers).
const (
	base, tMin, tMax = 36, 1, 26
	skew, damp       = 38, 700
	initialBias      = 72
	initialN         = 128
	maxDelta         = 1<<31 - 1
)

// IsACE reports whether label starts with the ACE prefix "xn--", in any
// case (RFC 5890, section 2.3.1; RFC 3490, section 5): IDNA reads the rest
// as Punycode.
func IsACE(label string) bool {
	return len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-'
}

// Decode appends the code points that the Punycode encoding s (without
// "xn--") decodes to (RFC 3492, section 6.2, with the parameters of section 5),
// or reports false when s is not Punycode, a code point is not a Unicode
// scalar value, or more than 63 code points come out.
func Decode(dst []rune, s string) ([]rune, bool) {
	const maxRunes = 63 // of a DNS label
	in := 0
	if b := strings.LastIndexByte(s, '-'); b >= 0 {
		if b > maxRunes {
			return dst, false
		}
		for k := 0; k < b; k++ {
			if s[k] >= utf8.RuneSelf {
				return dst, false
			}
			dst = append(dst, rune(s[k]))
		}
		in = b + 1
	}
	n, i, bias := rune(initialN), 0, initialBias
	for in < len(s) {
		oldi, w := i, 1
		for k := base; ; k += base {
			if in == len(s) {
				return dst, false
			}
			digit, ok := digitValue(s[in])
			in++
			if !ok || digit > (maxDelta-i)/w {
				return dst, false
			}
			i += digit * w
			t := min(max(k-bias, tMin), tMax)
			if digit < t {
				break
			}
			if w > maxDelta/(base-t) {
				return dst, false
			}
			w *= base - t
		}
		count := len(dst) + 1
		bias = adapt(i-oldi, count, oldi == 0)
		if i/count > int(utf8.MaxRune-n) || count > maxRunes {
			return dst, false
		}
		n += rune(i / count)
		i %= count
		if !utf8.ValidRune(n) {
			return dst, false
		}
		dst = slices.Insert(dst, i, n)
		i++
	}
	return dst, true
}

// digitValue is the value of a Punycode digit, in either case (RFC
// 3492, section 5).
func digitValue(c byte) (int, bool) {
	switch {
	case 'a' <= c && c <= 'z':
		return int(c - 'a'), true
	case 'A' <= c && c <= 'Z':
		return int(c - 'A'), true
	case '0' <= c && c <= '9':
		return int(c-'0') + 26, true
	}
	return 0, false
}

// Encode appends the Punycode encoding of label (RFC 3492, section
// 6.3, with the parameters of section 5), or reports false on overflow.
func Encode(dst []byte, label string) ([]byte, bool) {
	basic, total := 0, 0
	for _, r := range label {
		if r < utf8.RuneSelf {
			dst = append(dst, byte(r))
			basic++
		}
		total++
	}
	if basic > 0 {
		dst = append(dst, '-')
	}
	n, delta, bias, h := rune(initialN), 0, initialBias, basic
	for h < total {
		m := rune(utf8.MaxRune + 1)
		for _, r := range label {
			if r >= n && r < m {
				m = r
			}
		}
		if int(m-n) > (maxDelta-delta)/(h+1) {
			return dst, false
		}
		delta += int(m-n) * (h + 1)
		n = m
		for _, r := range label {
			if r < n {
				if delta++; delta > maxDelta-1 {
					return dst, false
				}
			}
			if r != n {
				continue
			}
			q := delta
			for k := base; ; k += base {
				t := min(max(k-bias, tMin), tMax)
				if q < t {
					break
				}
				dst = append(dst, digit(t+(q-t)%(base-t)))
				q = (q - t) / (base - t)
			}
			dst = append(dst, digit(q))
			bias = adapt(delta, h+1, h == basic)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return dst, true
}

// digit is the lower-case code point of a digit (RFC 3492,
// section 5).
func digit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// adapt is the bias adaptation of RFC 3492, section 6.1.
func adapt(delta, points int, first bool) int {
	if first {
		delta /= damp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (base-tMin)*tMax/2 {
		delta /= base - tMin
		k += base
	}
	return k + (base-tMin+1)*delta/(delta+skew)
}
