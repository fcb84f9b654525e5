package ucs

import (
	"sync"
	"unicode"

	"github.com/iri-go/iri/internal/uts39"
)

// Appropriate reports whether ToIRI may decode r, a character beyond
// ASCII (RFC 3987, section 3.2, step 4): iprivate in the query, and
// otherwise what may stand unencoded and is not kept encoded under section
// 6.1 (KeptEncoded). The displays of package idn show a label in Unicode
// only if each of its characters is appropriate.
func Appropriate(r rune, inQuery bool) bool {
	if inQuery && IsIprivate(r) {
		return true
	}
	return AllowedUnencoded(r, false) && !KeptEncoded(r)
}

// KeptEncoded reports whether r is one of the characters that ToIRI keeps
// encoded under section 6.1: white space (Zs, Zl, Zp), format characters
// (Cf), the default-ignorable characters that Check calls invisible (a
// variation selector only after ASCII: ToIRI looks at what precedes it),
// and the look-alikes of lookalikes. Every Unicode fact comes from the
// generated tables of internal/uts39, the data Check reads, so that ToIRI
// never decodes what Check then reports.
func KeptEncoded(r rune) bool {
	if r < 0x10000 {
		bits := keptEncodedBMP()
		return bits[r>>6]&(1<<(r&63)) != 0
	}
	return keptEncodedSlow(r)
}

func keptEncodedSlow(r rune) bool {
	p := uts39.Of(r)
	if p.Space() || p.Format() || unicode.Is(lookalikes, r) {
		return true
	}
	return p.Types()&uts39.TypeDefaultIgnorable != 0 && !IsVariationSelector(r)
}

// keptEncoded holds KeptEncoded of the BMP, a bit per character, built
// on first use: a program that never converts a URI builds nothing.
var keptEncoded struct {
	once sync.Once
	bits *[0x10000 / 64]uint64
}

func keptEncodedBMP() *[0x10000 / 64]uint64 {
	keptEncoded.once.Do(func() {
		var bits [0x10000 / 64]uint64
		for r := rune(0); r < 0x10000; r++ {
			if keptEncodedSlow(r) {
				bits[r>>6] |= 1 << (r & 63)
			}
		}
		keptEncoded.bits = &bits
	})
	return keptEncoded.bits
}

// lookalikes are the characters beyond white space and Cf that ToIRI keeps
// encoded under section 6.1; see IRI.ToIRI.
var lookalikes = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x115F, Hi: 0x1160, Stride: 1}, // HANGUL CHOSEONG and JUNGSEONG FILLER: invisible
		{Lo: 0x2024, Hi: 0x2024, Stride: 1}, // ONE DOT LEADER, like "."
		{Lo: 0x2044, Hi: 0x2044, Stride: 1}, // FRACTION SLASH, like "/"
		{Lo: 0x2215, Hi: 0x2215, Stride: 1}, // DIVISION SLASH, like "/"
		{Lo: 0x2236, Hi: 0x2236, Stride: 1}, // RATIO, like ":"
		{Lo: 0x29F8, Hi: 0x29F8, Stride: 1}, // BIG SOLIDUS, like "/"
		{Lo: 0x3164, Hi: 0x3164, Stride: 1}, // HANGUL FILLER: invisible
		{Lo: 0xFE50, Hi: 0xFE6F, Stride: 1}, // Small Form Variants: "﹒", "﹕", "﹖", "﹟", ...
		{Lo: 0xFF00, Hi: 0xFFEF, Stride: 1}, // Halfwidth and Fullwidth Forms
	},
}

// IsVariationSelector reports whether r is a variation selector: the
// blocks U+FE00..U+FE0F and U+E0100..U+E01EF, the Mongolian free variation
// selectors U+180B..U+180D and U+180F (Unicode's Variation_Selector
// property, stable since Unicode 14).
func IsVariationSelector(r rune) bool {
	return 0xFE00 <= r && r <= 0xFE0F || 0xE0100 <= r && r <= 0xE01EF || 0x180B <= r && r <= 0x180D || r == 0x180F
}
