package iri

import (
	"strings"
	"unicode/utf8"
)

// Lenient entry points: each turns text that is not quite an IRI into one,
// by percent-encoding what the grammar does not allow, and then parses it
// as strictly as ParseReference does. Parse itself never loosens.

// ParseLEIRI parses a Legacy Extended IRI: the syntax of IRI references
// that XML system identifiers, xml:base and XLink use (3987bis, section
// 7.1), where ucschar is widened to leiri-ucschar:
//
//	leiri-ucschar = " " / "<" / ">" / '"' / "{" / "}" / "|" / "\" / "^" / "`"
//	              / %x0-1F / %x7F-D7FF / %xE000-FFFD / %x10000-10FFFF
//
// It percent-encodes, as the UTF-8 octets of the character with uppercase
// hex digits, every character that may not stand unencoded where it is:
// those ASCII characters, the characters outside ucschar (iprivate is kept
// in the query), and the bidirectional formatting characters of RFC 3987,
// section 4.1. The result is an IRI reference that maps to the same URI as
// the LEIRI does. "#", "%", "[" and "]" are never encoded (RFC 3987,
// section 3.1), so a second "#" or a "%" without two hex digits remains an
// error. Offsets in a *ParseError refer to s.
func ParseLEIRI(s string) (IRI, error) {
	encoded, err := encodeLEIRI(s)
	if err != nil {
		return IRI{}, err
	}
	i, perr := parse(encoded, modeReference)
	if perr != nil {
		perr.Offset = leiriOffset(s, perr.Offset)
		perr.Input = s
		return IRI{}, perr
	}
	return i, nil
}

// ParseUserInput parses an IRI reference typed or pasted by a person, as
// RFC 3987, section 7.2, and the implementers' guidelines draft, sections 4
// and 5, describe: leading and trailing ASCII white space (space, tab, CR,
// LF) is removed, and what remains is read as ParseLEIRI reads it, so that
// an inner space becomes "%20". It does not guess: a bad scheme, a
// malformed host or a stray "%" is a *ParseError, whose offsets refer to
// s.
func ParseUserInput(s string) (IRI, error) {
	trimmed := strings.TrimRight(s, " \t\r\n")
	start := len(trimmed) - len(strings.TrimLeft(trimmed, " \t\r\n"))
	i, err := ParseLEIRI(trimmed[start:])
	if pe, ok := err.(*ParseError); ok {
		pe.Offset += start
		pe.Input = s
	}
	return i, err
}

// leiriChars calls f on each character of s with whether ParseLEIRI
// encodes it, and stops with a *ParseError at a byte that is not UTF-8.
func leiriChars(s string, f func(p, size int, encode bool)) *ParseError {
	// The query runs from the first "?" to the first "#" after it;
	// neither is ever encoded, so they delimit it here as in the result.
	query, fragment := len(s), strings.IndexByte(s, '#')
	if fragment < 0 {
		fragment = len(s)
	}
	if q := strings.IndexByte(s[:fragment], '?'); q >= 0 {
		query = q
	}
	for p := 0; p < len(s); {
		c := s[p]
		if c < utf8.RuneSelf {
			// The ASCII characters that are not allowed in IRIs anywhere.
			encode := c <= 0x20 || c == 0x7F || strings.IndexByte(`<>"{}|\^`+"`", c) >= 0
			f(p, 1, encode)
			p++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[p:])
		if r == utf8.RuneError && size == 1 {
			return newParseError(s, p, "leiri-ucschar")
		}
		inQuery := query < p && p < fragment
		allowed := allowedUnencoded(r, inQuery)
		f(p, size, !allowed)
		p += size
	}
	return nil
}

func encodeLEIRI(s string) (string, error) {
	var b []byte
	copied := 0
	err := leiriChars(s, func(p, size int, encode bool) {
		if !encode {
			return
		}
		if b == nil {
			b = make([]byte, 0, len(s)+16)
		}
		b = append(b, s[copied:p]...)
		for k := p; k < p+size; k++ {
			b = appendPercent(b, s[k])
		}
		copied = p + size
	})
	if err != nil {
		return "", err
	}
	if b == nil {
		return s, nil
	}
	return string(append(b, s[copied:]...)), nil
}

// leiriOffset maps an offset in the encoded text back to s.
func leiriOffset(s string, encodedOffset int) int {
	result := len(s)
	e := 0 // offset in the encoded text of the character at p
	leiriChars(s, func(p, size int, encode bool) {
		if result < len(s) {
			return
		}
		next := e + size
		if encode {
			next = e + 3*size
		}
		if encodedOffset < next {
			result = p
		}
		e = next
	})
	return result
}
