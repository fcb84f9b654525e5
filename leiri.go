package iri

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"
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
//
// In the IRIs of the special schemes of the URL Standard (http, https, ws,
// wss, ftp, file), a backslash before the end of the authority is an
// error: a browser reads it as "/", so "http://evil.com\@good.com/" is
// evil.com to a browser and would be good.com here.
func ParseLEIRI(s string) (IRI, error) {
	if i, err := parse(s, modeReference); err == nil {
		return i, nil // an IRI reference: nothing to encode
	}
	if off := backslashInAuthority(s); off >= 0 {
		return IRI{}, &ParseError{Input: s, Offset: off, Rule: "iauthority", Char: '\\', Err: ErrInvalidCharacter}
	}
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
// and 5, describe, and as a browser's address bar reads typed text:
//
//   - white space around the text is removed: ASCII space, tab, CR and
//     LF, and Unicode white space such as U+00A0 NO-BREAK SPACE, and the
//     byte order mark U+FEFF, which pasted text often carries;
//   - a "%" not followed by two hex digits is a percent sign, "%25"
//     ("100%" is "100%25");
//   - a host and port without a scheme ("example.com:8080/x",
//     "localhost:8080") is an http IRI, not the scheme "example.com";
//   - in the IRIs of the special schemes of the URL Standard (http,
//     https, ws, wss, ftp, file), a backslash before the query is "/":
//     "http://evil.com\@good.com/" is http://evil.com/@good.com/;
//   - what remains is read as ParseLEIRI reads it, so that an inner space
//     becomes "%20".
//
// It guesses nothing else: a bad scheme or a malformed host is a
// *ParseError, whose offsets refer to s.
func ParseUserInput(s string) (IRI, error) {
	start, end := 0, len(s)
	for start < end {
		r, n := utf8.DecodeRuneInString(s[start:])
		if !isTypedSpace(r) {
			break
		}
		start += n
	}
	for end > start {
		r, n := utf8.DecodeLastRuneInString(s[start:end])
		if !isTypedSpace(r) {
			break
		}
		end -= n
	}
	text, prefix := s[start:end], ""
	if isHostPort(text) {
		prefix = "http://"
	}
	text = backslashesAsSlashes(prefix + text)
	encoded, strays := encodeStrayPercents(text)
	i, err := ParseLEIRI(encoded)
	if pe, ok := err.(*ParseError); ok {
		off := pe.Offset
		for _, p := range strays {
			if p < off-2 { // each stray "%" became three bytes
				off -= 2
			}
		}
		pe.Offset = min(max(off-len(prefix), 0), end-start) + start
		pe.Input = s
	}
	return i, err
}

// isTypedSpace reports whether ParseUserInput trims r: white space and
// the byte order mark.
func isTypedSpace(r rune) bool {
	return r < utf8.RuneSelf && isASCIISpace(byte(r)) || r == 0xFEFF || r >= utf8.RuneSelf && unicode.IsSpace(r)
}

// isHostPort reports whether text starts with a host name and a port and
// no scheme: a name with a "." (or localhost), ":", digits, then the end,
// "/", "?" or "#". RFC 3986 reads "example.com:8080" as the scheme
// "example.com"; an address bar reads it as a host and port.
func isHostPort(text string) bool {
	colon := strings.IndexByte(text, ':')
	if colon <= 0 {
		return false
	}
	name := text[:colon]
	if !strings.Contains(name, ".") && !strings.EqualFold(name, "localhost") {
		return false
	}
	for k := 0; k < len(name); k++ {
		if c := name[k]; !isAlpha(c) && !isDigit(c) && c != '-' && c != '.' {
			return false
		}
	}
	p := colon + 1
	for p < len(text) && isDigit(text[p]) {
		p++
	}
	return p > colon+1 && (p == len(text) || strings.IndexByte("/?#", text[p]) >= 0)
}

// encodeStrayPercents writes each "%" not followed by two hex digits as
// "%25", and returns where they were in text.
func encodeStrayPercents(text string) (string, []int) {
	var strays []int
	for p := strings.IndexByte(text, '%'); p >= 0; p = nextIndex(text, p+1, '%') {
		if p+2 >= len(text) || !isHex(text[p+1]) || !isHex(text[p+2]) {
			strays = append(strays, p)
		}
	}
	if strays == nil {
		return text, nil
	}
	b := make([]byte, 0, len(text)+2*len(strays))
	from := 0
	for _, p := range strays {
		b = append(append(b, text[from:p]...), "%25"...)
		from = p + 1
	}
	return string(append(b, text[from:]...)), strays
}

func nextIndex(s string, from int, c byte) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

// specialSchemeEnd returns the index of the ":" after a scheme that the URL
// Standard calls special (http, https, ws, wss, ftp, file), or -1.
func specialSchemeEnd(s string) int {
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return -1
	}
	switch strings.ToLower(s[:colon]) {
	case "http", "https", "ws", "wss", "ftp", "file":
		return colon
	}
	return -1
}

// backslashInAuthority returns the offset of the first backslash in s
// before the end of the authority as a browser reads it (the URL
// Standard's special authority states: slashes and backslashes skipped,
// then the host up to "/", "\", "?" or "#"), or -1.
func backslashInAuthority(s string) int {
	colon := specialSchemeEnd(s)
	if colon < 0 {
		return -1
	}
	p := colon + 1
	isSlash := func(c byte) bool { return c == '/' || c == '\\' }
	if strings.EqualFold(s[:colon], "file") {
		// The file host state: a host only after two slashes.
		if p+1 >= len(s) || !isSlash(s[p]) || !isSlash(s[p+1]) {
			return -1
		}
		if s[p] == '\\' || s[p+1] == '\\' {
			return p + strings.IndexByte(s[p:p+2], '\\')
		}
		p += 2
	} else {
		for p < len(s) && isSlash(s[p]) {
			if s[p] == '\\' {
				return p
			}
			p++
		}
	}
	for ; p < len(s); p++ {
		switch s[p] {
		case '\\':
			return p
		case '/', '?', '#':
			return -1
		}
	}
	return -1
}

// backslashesAsSlashes replaces the backslashes before the query or
// fragment of an IRI of a special scheme with slashes, as browsers read
// them; it returns s itself when there are none.
func backslashesAsSlashes(s string) string {
	first := strings.IndexByte(s, '\\') // most text has none: look once
	if first < 0 || specialSchemeEnd(s) < 0 {
		return s
	}
	end := len(s)
	if i := strings.IndexAny(s[:first], "?#"); i >= 0 {
		return s // the first backslash is in the query or fragment
	}
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		end = i
	}
	return strings.ReplaceAll(s[:end], "\\", "/") + s[end:]
}

// isASCIISpace reports whether c is the white space ParseUserInput trims.
func isASCIISpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// leiriEncodes reports whether ParseLEIRI encodes the ASCII character c:
// those no IRI component allows (controls, space, DEL and
// <>"{}|\^`), but for "#", "%", "[" and "]", which RFC 3987, section 3.1,
// says MUST NOT be converted.
func leiriEncodes(c byte) bool {
	return pct.Classes[c] == 0 && c != '%' && c != '#' && c != '[' && c != ']'
}

// leiriScan walks s character by character, calling each on the
// characters ParseLEIRI encodes, and stops with a *ParseError at a byte
// that is not UTF-8. Only the slow path of ParseLEIRI, on input that is
// not an IRI reference, comes here.
func leiriScan(s string, each func(p, size int)) *ParseError {
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
		if c := s[p]; c < utf8.RuneSelf {
			if leiriEncodes(c) {
				each(p, 1)
			}
			p++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[p:])
		if r == utf8.RuneError && size == 1 {
			return newParseError(s, p, "leiri-ucschar")
		}
		if !allowedUnencoded(r, query < p && p < fragment) {
			each(p, size)
		}
		p += size
	}
	return nil
}

func encodeLEIRI(s string) (string, error) {
	var b []byte
	copied := 0
	err := leiriScan(s, func(p, size int) {
		if b == nil {
			b = make([]byte, 0, len(s)+16)
		}
		b = append(b, s[copied:p]...)
		for k := p; k < p+size; k++ {
			b = pct.AppendByte(b, s[k])
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

// leiriOffset maps an offset in the encoded text back to s: each encoded
// character before it took two bytes more per octet.
func leiriOffset(s string, encodedOffset int) int {
	result := -1
	shift := 0 // how much longer the encoded text is before s[p]
	leiriScan(s, func(p, size int) {
		if result < 0 && encodedOffset < p+shift+3*size {
			result = p
			if encodedOffset < p+shift {
				result = encodedOffset - shift
			}
		}
		shift += 2 * size
	})
	if result < 0 {
		result = min(encodedOffset-shift, len(s))
	}
	return result
}

// ParseEncoded parses an IRI reference written in a legacy (non-Unicode)
// character encoding such as windows-1258, Shift_JIS or ISO-8859-1: RFC
// 3987, section 3.1, step 1, variant b. The text is converted to UCS and
// normalized to NFC before it is parsed as ParseReference parses. Text
// that is already Unicode must not be normalized (variant c): parse it with
// ParseReference.
func ParseEncoded(b []byte, enc encoding.Encoding) (IRI, error) {
	decoded, err := enc.NewDecoder().Bytes(b)
	if err != nil {
		return IRI{}, err
	}
	return ParseReference(norm.NFC.String(string(decoded)))
}
