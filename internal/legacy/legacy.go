// Package legacy encodes text in a document's legacy character encoding
// as browsers do for the queries of URLs: what the encoding cannot hold
// becomes the HTML numeric character reference "&#N;". The root package
// (Converter.QueryEncoding) and package web (Parser.QueryEncoding) write
// the octets it gives in their own ways.
package legacy

import (
	"unicode/utf8"

	"golang.org/x/text/encoding"
)

// Encode encodes s with enc, one character at a time, calling octets with
// the encoding of each run of characters it can encode and unmappable with
// each one it cannot (URL Standard, "percent-encode after encoding"; the
// Encoding Standard's encoders, with the "html" error mode).
func Encode(enc encoding.Encoding, s string, octets func([]byte), unmappable func(r rune)) {
	e := enc.NewEncoder()
	name := name(enc)
	iso2022jp := name == "ISO-2022-JP"
	japaneseSJISorEUC := name == "Shift JIS" || name == "EUC-JP"
	var buf [16]byte
	for p := 0; p < len(s); {
		r, size := utf8.DecodeRuneInString(s[p:])
		p += size
		// Where golang.org/x/text's encoders differ from the Encoding
		// Standard's, the standard's steps.
		switch {
		case iso2022jp && (r == 0x0E || r == 0x0F || r == 0x1B):
			// ISO-2022-JP refuses the shift and escape controls, as U+FFFD.
			unmappable(utf8.RuneError)
			continue
		case iso2022jp && (r == 0xA5 || r == 0x203E):
			// Yen sign and overline: JIS X 0201 Roman, 0x5C and 0x7E.
			c := byte(0x5C)
			if r == 0x203E {
				c = 0x7E
			}
			octets([]byte{0x1B, '(', 'J', c, 0x1B, '(', 'B'})
			continue
		case japaneseSJISorEUC && r == 0xA5:
			octets([]byte{0x5C})
			continue
		case japaneseSJISorEUC && r == 0x203E:
			octets([]byte{0x7E})
			continue
		case japaneseSJISorEUC && r == 0x2212:
			r = 0xFF0D // MINUS SIGN as FULLWIDTH HYPHEN-MINUS
		case name == "GB18030" && r == 0xE5E5:
			unmappable(r)
			continue
		}
		n := utf8.EncodeRune(buf[:], r)
		out, err := e.Bytes(buf[:n])
		if err != nil {
			unmappable(r)
			continue
		}
		octets(out)
	}
}

// name returns the name of one of golang.org/x/text's encodings (their
// String method's), such as "Shift JIS" for japanese.ShiftJIS, or "".
// Encode tells the encodings it corrects by their names: comparing enc
// with japanese.ShiftJIS would link the initialization of
// x/text/encoding/japanese and simplifiedchinese, with the types of all
// their encodings (12 KB), into every program that imports web or the
// root package, whether it sets a query encoding or not (TestLinking).
func name(enc encoding.Encoding) string {
	if s, ok := enc.(interface{ String() string }); ok {
		return s.String()
	}
	return ""
}
