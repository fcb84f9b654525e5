package web

import (
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/urlstd"
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
		var leadingZero func(int)
		if p.v != nil {
			v, at := p.v, i+1
			leadingZero = func(off int) { v.add(codeIPv6LeadingZero, at+off) }
		}
		if code, off := ipaddr.ParseIPv6Zeros(s[1:len(s)-1], &addr, leadingZero); code != ipaddr.IPv6OK {
			return p.fail(i+1+off, ipv6Errors[code])
		}
		p.buf = ipaddr.AppendIPv6(p.buf, &addr)
		p.u.hostKind = hostIPv6
		return nil
	}
	if !p.special {
		// Opaque host parser.
		for j := 0; j < len(s); j++ {
			if c := s[j]; c < 0x80 && pct.ForbiddenHost[c] {
				return p.fail(i+j, errHostInvalidCodePoint)
			}
		}
		if p.v != nil {
			p.v.units(p.in, i, end, true)
		}
		p.buf = pct.Append(p.buf, s, &pct.C0Control)
		p.u.hostKind = hostOpaque
		return nil
	}
	start := len(p.buf)
	if p.v != nil {
		p.v.domain(p.in, i, end)
	}
	if !p.asciiDomain(s) {
		domain, ok := urlstd.DomainToASCII(decodeDomain(s))
		if !ok {
			return p.fail(i, errDomainToASCII)
		}
		for j := 0; j < len(domain); j++ {
			if c := domain[j]; c < 0x80 && pct.ForbiddenDomain[c] {
				return p.fail(i, errDomainForbidden)
			}
		}
		p.buf = append(p.buf, domain...)
	}
	if len(p.buf) == start {
		return p.fail(i, errDomainToASCII)
	}
	p.u.hostKind = hostDomain
	if ipaddr.EndsInNumber(p.buf[start:]) {
		addr, code, notes := ipaddr.ParseIPv4Notes(string(p.buf[start:]))
		if p.v != nil {
			p.v.ipv4(notes, i)
		}
		if code != ipaddr.IPv4OK {
			return p.fail(i, ipv4Errors[code])
		}
		p.buf = ipaddr.AppendIPv4(p.buf[:start], addr)
		p.u.hostKind = hostIPv4
	}
	return nil
}

// decodeDomain is steps 4 and 5 of the host parser for a domain: the
// percent-decoding of s, decoded as UTF-8 (a byte sequence that is not
// UTF-8 becomes U+FFFD, which IDNA refuses).
func decodeDomain(s string) string {
	domain := pct.Decode(s)
	if !utf8.ValidString(domain) {
		domain = replaceInvalidUTF8(domain)
	}
	return domain
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
		if c >= 0x80 || pct.ForbiddenDomain[c] {
			p.buf = p.buf[:start]
			return false
		}
		p.buf = append(p.buf, ascii.Lower(c))
	}
	return true
}

// The validation errors of internal/ipaddr's failures.
var (
	ipv4Errors = [...]*validationError{
		ipaddr.IPv4TooManyParts:   errIPv4TooManyParts,
		ipaddr.IPv4NonNumericPart: errIPv4NonNumericPart,
		ipaddr.IPv4OutOfRangePart: errIPv4OutOfRangePart,
	}
	ipv6Errors = [...]*validationError{
		ipaddr.IPv6InvalidCompression:     errIPv6InvalidCompression,
		ipaddr.IPv6TooManyPieces:          errIPv6TooManyPieces,
		ipaddr.IPv6MultipleCompression:    errIPv6MultipleCompression,
		ipaddr.IPv6InvalidCodePoint:       errIPv6InvalidCodePoint,
		ipaddr.IPv6TooFewPieces:           errIPv6TooFewPieces,
		ipaddr.IPv4InIPv6TooManyPieces:    errIPv4InIPv6TooManyPieces,
		ipaddr.IPv4InIPv6InvalidCodePoint: errIPv4InIPv6InvalidCodePoint,
		ipaddr.IPv4InIPv6OutOfRangePart:   errIPv4InIPv6OutOfRangePart,
		ipaddr.IPv4InIPv6TooFewParts:      errIPv4InIPv6TooFewParts,
	}
)
