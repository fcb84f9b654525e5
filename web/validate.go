package web

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/urlstd"
)

// A ValidationError is one of the URL Standard's validation errors
// (section 4.1): a place where the input is not a valid URL string, and a
// browser reads it only by the parser's error recovery. Linters, HTML
// conformance checkers and security triage report them: "https:example.org"
// works, but only because the parser supplies the missing "//".
//
// Code is the standard's name of the error. Those that do not fail the
// parse are invalid-URL-unit (a code point that is neither a URL code
// point nor part of a percent-encoded byte, leading or trailing C0
// controls and spaces, a tab or newline anywhere),
// special-scheme-missing-following-solidus, invalid-reverse-solidus,
// invalid-credentials, file-invalid-Windows-drive-letter,
// file-invalid-Windows-drive-letter-host, domain-percent-encoded,
// domain-to-ASCII (a domain that UTS #46's ToASCII refuses with the strict
// rules: CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength), IPv4-empty-part,
// IPv4-too-few-parts, IPv4-non-decimal-part, IPv4-out-of-range-part and
// IPv6-piece-leading-zero. The errors that fail it are those an *Error
// names in its Rule.
//
// Offset is the byte offset in the input as given (before the parser trims
// it and removes its tabs and newlines) of the code point at which the
// parser records the error: the '\' for invalid-reverse-solidus, each '@'
// for invalid-credentials, the first byte after the scheme's ':' for
// special-scheme-missing-following-solidus, the start of the host for the
// errors of a domain or an IPv4 address (which the parser reads after
// decoding and IDNA), the start of the piece for IPv6-piece-leading-zero.
type ValidationError struct {
	Code   string
	Offset int
}

// String returns the error as "code at byte offset".
func (e ValidationError) String() string {
	return e.Code + " at byte " + strconv.Itoa(e.Offset)
}

// Validate parses input as Parse does and returns the validation errors
// the parser meets on its way, in the order of their offsets, one for
// each code and offset; none when input is a valid URL string. The error
// is Parse's, when the parse fails: the list then holds the validation
// error that failed it, at the offset the *Error gives, and those met
// before it.
//
// The standard's input is Unicode text, and its validation errors are
// about code points: a byte sequence that is not UTF-8 is read as U+FFFD,
// a URL code point, as Parse reads it, and gives no error of its own.
//
// Validate costs what Parse costs and more (it does not take Parse's path
// for inputs already in serialized form, and checks each domain with
// UTS #46's strict rules); Parse itself does none of this work.
func Validate(input string) ([]ValidationError, error) {
	return validate(input, nil)
}

// Validate parses ref against base as base.Parse does and returns the
// validation errors the parser meets, as the package's Validate does: a
// relative reference is valid when the parser resolves it without error
// recovery ("../a?b#c" against an http URL, but not "..\a", "//user@h/"
// or "http:a"). The zero URL as base is none.
func (base URL) Validate(ref string) ([]ValidationError, error) {
	if base.href == "" {
		return validate(ref, nil)
	}
	return validate(ref, &base)
}

func validate(input string, base *URL) ([]ValidationError, error) {
	var v validation
	_, err := parse(input, base, nil, &v)
	offsets := make([]int, len(v.errs))
	for k, e := range v.errs {
		offsets[k] = e.Offset
	}
	inputOffsets(input, offsets)
	for k := range v.errs {
		v.errs[k].Offset = offsets[k]
	}
	// The parser records its errors in the order of their offsets but for
	// a few that a state records late: they are sorted only then, and the
	// errors of steps 1.2 and 2 of the basic URL parser below (at the
	// first byte each removes) are put in their places, so that a long
	// input with many errors costs no sort.
	byOffset := func(a, b ValidationError) int { return a.Offset - b.Offset }
	if !slices.IsSortedFunc(v.errs, byOffset) {
		slices.SortStableFunc(v.errs, byOffset)
	}
	place := func(e ValidationError) {
		// After the errors at or before its offset, as a stable sort.
		k, _ := slices.BinarySearchFunc(v.errs, e.Offset+1, func(a ValidationError, off int) int { return a.Offset - off })
		v.errs = slices.Insert(v.errs, k, e)
	}
	lead, trimmed := leadLength(input), urlstd.TrimControlAndSpace(input)
	if len(trimmed) != len(input) {
		at := 0
		if lead == 0 {
			at = len(trimmed)
		}
		place(ValidationError{codeInvalidURLUnit, at})
	}
	if k := strings.IndexAny(trimmed, "\t\n\r"); k >= 0 {
		place(ValidationError{codeInvalidURLUnit, lead + k})
	}
	if len(v.errs) == 0 {
		return nil, err
	}
	// One error of a code at an offset: a state that hands a code point
	// to the next may record the same error for it twice. The errors at
	// one offset are a few codes at most.
	errs, group := v.errs[:0], 0
	for _, e := range v.errs {
		if len(errs) > 0 && errs[len(errs)-1].Offset != e.Offset {
			group = len(errs)
		}
		if !slices.Contains(errs[group:], e) {
			errs = append(errs, e)
		}
	}
	return errs, err
}

// The names of the validation errors that do not fail a parse (URL
// Standard, section 4.1); errors.go holds those that do.
const (
	codeInvalidURLUnit      = "invalid-URL-unit"
	codeMissingSolidus      = "special-scheme-missing-following-solidus"
	codeReverseSolidus      = "invalid-reverse-solidus"
	codeInvalidCredentials  = "invalid-credentials"
	codeFileDriveLetter     = "file-invalid-Windows-drive-letter"
	codeFileDriveLetterHost = "file-invalid-Windows-drive-letter-host"
	codeDomainPercent       = "domain-percent-encoded"
	codeDomainToASCII       = "domain-to-ASCII"
	codeIPv4EmptyPart       = "IPv4-empty-part"
	codeIPv4TooFewParts     = "IPv4-too-few-parts"
	codeIPv4NonDecimalPart  = "IPv4-non-decimal-part"
	codeIPv4OutOfRangePart  = "IPv4-out-of-range-part"
	codeIPv6LeadingZero     = "IPv6-piece-leading-zero"
)

// A validation holds the validation errors one run of the parser meets.
// The parser records them only where it has one (p.v != nil): at the
// branches where the standard's parser recovers from an error, and in the
// components whose code points it checks, so that Parse does none of it.
type validation struct {
	errs []ValidationError // offsets in the parser's input (p.in) until validate maps them
	// from is where the path state starts checking code points: the drive
	// letter of "file://C|/" was read by the file host state, which checks
	// none.
	from int
}

// A recorder is what the parser records validation errors in (p.v): a
// *validation, which only Validate makes. The parser calls it through this
// interface so that a program that never validates links none of the
// checks: the linker keeps the methods of a type only when the code it
// keeps makes an interface value of that type.
type recorder interface {
	add(code string, offset int)
	units(s string, start, end int, first bool)
	domain(s string, i, end int)
	ipv4(notes ipaddr.IPv4Notes, i int)
	setUnitsFrom(i int)
	unitsFrom() int
}

func (v *validation) setUnitsFrom(i int) { v.from = i }
func (v *validation) unitsFrom() int     { return v.from }

func (v *validation) add(code string, offset int) {
	if len(v.errs) == cap(v.errs) {
		// Twice as long, even when long: a long input with an error at
		// every few bytes copies the list as few times as a short one.
		v.errs = slices.Grow(v.errs, max(len(v.errs), 16))
	}
	v.errs = append(v.errs, ValidationError{code, offset})
}

// note records a validation error at offset in p.in, when p records them.
func (p *parser) note(code string, offset int) {
	if p.v != nil {
		p.v.add(code, offset)
	}
}

// noteBackslash records invalid-reverse-solidus when p.in[i] is a
// backslash, which a special URL reads as a slash.
func (p *parser) noteBackslash(i int) {
	if p.v != nil && p.in[i] == '\\' {
		p.v.add(codeReverseSolidus, i)
	}
}

// noteCredentials records invalid-credentials at each "@" of the
// authority p.in[i:end], as the authority state does.
func (p *parser) noteCredentials(i, end int) {
	if p.v == nil {
		return
	}
	for j := i; j < end; j++ {
		if p.in[j] == '@' {
			p.v.add(codeInvalidCredentials, j)
		}
	}
}

// units records invalid-URL-unit for each code point of s[start:end] that
// is neither a URL code point nor "%", and for each "%" that two ASCII hex
// digits do not follow, as the path, opaque path, query and fragment
// states do. With first, as the opaque-host parser, it records only the
// first of each of the two.
func (v *validation) units(s string, start, end int, first bool) {
	codePoint, percent := false, false
	for j := start; j < end; {
		c, size := s[j], 1
		var bad, isPercent bool
		switch {
		case c == '%':
			isPercent = true
			bad = j+2 >= len(s) || !pct.IsHex(s[j+1]) || !pct.IsHex(s[j+2])
		case c < utf8.RuneSelf:
			bad = !isASCIIURLCodePoint(c)
		default:
			var r rune
			r, size = utf8.DecodeRuneInString(s[j:])
			bad = !isURLCodePoint(r)
		}
		if bad && !(first && (isPercent && percent || !isPercent && codePoint)) {
			v.add(codeInvalidURLUnit, j)
			if isPercent {
				percent = true
			} else {
				codePoint = true
			}
		}
		j += size
	}
}

// domain records the validation errors of the domain s[i:end] that do
// not fail the host parser: domain-percent-encoded (host parser, step 4)
// at its first percent-encoded byte, and domain-to-ASCII when UTS #46's
// ToASCII with the strict rules refuses the domain (domain parser, steps 1
// and 2), at the start of the host.
func (v *validation) domain(s string, i, end int) {
	host := s[i:end]
	for j := strings.IndexByte(host, '%'); j >= 0 && j+2 < len(host); {
		if pct.IsHex(host[j+1]) && pct.IsHex(host[j+2]) {
			v.add(codeDomainPercent, i+j)
			break
		}
		k := strings.IndexByte(host[j+1:], '%')
		if k < 0 {
			break
		}
		j += 1 + k
	}
	if _, err := urlstd.DomainToASCIIStrict(decodeDomain(host)); err != nil {
		v.add(codeDomainToASCII, i)
	}
}

// ipv4 records the IPv4 parser's validation errors of the host at offset
// i.
func (v *validation) ipv4(notes ipaddr.IPv4Notes, i int) {
	for _, n := range [...]struct {
		note ipaddr.IPv4Notes
		code string
	}{
		{ipaddr.IPv4EmptyPart, codeIPv4EmptyPart},
		{ipaddr.IPv4TooFewParts, codeIPv4TooFewParts},
		{ipaddr.IPv4NonDecimalPart, codeIPv4NonDecimalPart},
		{ipaddr.IPv4OutOfRange, codeIPv4OutOfRangePart},
	} {
		if notes&n.note != 0 {
			v.add(n.code, i)
		}
	}
}

// isASCIIURLCodePoint reports whether c is an ASCII URL code point (URL
// Standard, section 4.3): ASCII alphanumerics and !$&'()*+,-./:;=?@_~.
// Validation alone asks, so no table is built for it.
func isASCIIURLCodePoint(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("!$&'()*+,-./:;=?@_~", c) >= 0
}

// isURLCodePoint reports whether r, decoded from UTF-8, is a URL code
// point: one of urlCodePoint, or a code point from U+00A0 to U+10FFFD that
// is neither a surrogate (UTF-8 holds none) nor a noncharacter.
func isURLCodePoint(r rune) bool {
	if r < utf8.RuneSelf {
		return isASCIIURLCodePoint(byte(r))
	}
	switch {
	case r < 0xA0 || r > 0x10FFFD,
		0xFDD0 <= r && r <= 0xFDEF,
		r&0xFFFE == 0xFFFE:
		return false
	}
	return true
}

// leadLength returns the length of the leading C0 controls and spaces of
// s, which the parser trims (urlstd.TrimControlAndSpace).
func leadLength(s string) int {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	return i
}

// inputOffsets turns offsets in the parser's input (input trimmed, its
// tabs and newlines removed, each maximal ill-formed UTF-8 subsequence
// replaced by U+FFFD) into byte offsets in input. An offset inside a
// U+FFFD that replaced bytes is the offset of those bytes.
func inputOffsets(input string, offsets []int) {
	lead := leadLength(input)
	s := urlstd.TrimControlAndSpace(input)
	if !strings.ContainsAny(s, "\t\n\r") && utf8.ValidString(s) {
		for k := range offsets {
			offsets[k] += lead
		}
		return
	}
	// in[j] is the offset in s of byte j of the parser's input: s decoded
	// (each maximal ill-formed subsequence one U+FFFD of three bytes),
	// then without its tabs and newlines, in prepare's order.
	in := make([]int, 0, len(s)+1)
	for j := 0; j < len(s); {
		if c := s[j]; c == '\t' || c == '\n' || c == '\r' {
			j++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[j:])
		if r == utf8.RuneError && n == 1 {
			in = append(in, j, j, j)
			j += illFormedLength(s[j:])
			continue
		}
		for x := 0; x < n; x++ {
			in = append(in, j+x)
		}
		j += n
	}
	in = append(in, len(s))
	for k, o := range offsets {
		offsets[k] = lead + in[min(o, len(in)-1)]
	}
}
