package ucs

import "testing"

// TestCharRanges checks the ends of the ranges of ucschar and iprivate
// (RFC 3987, section 2.2), written out here apart from the code, and the
// twelve Bidi_Control characters that AllowedUnencoded refuses.
func TestCharRanges(t *testing.T) {
	ucschar := [][2]rune{
		{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
		{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
		{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
		{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
		{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
		{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	}
	iprivate := [][2]rune{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}
	in := func(ranges [][2]rune, r rune) bool {
		for _, rg := range ranges {
			if rg[0] <= r && r <= rg[1] {
				return true
			}
		}
		return false
	}
	bidi := map[rune]bool{0x061C: true, 0x200E: true, 0x200F: true, 0x202A: true, 0x202B: true, 0x202C: true,
		0x202D: true, 0x202E: true, 0x2066: true, 0x2067: true, 0x2068: true, 0x2069: true}
	var probes []rune
	for _, rg := range append(append([][2]rune{}, ucschar...), iprivate...) {
		probes = append(probes, rg[0]-1, rg[0], rg[0]+1, rg[1]-1, rg[1], rg[1]+1)
	}
	for r := range bidi {
		probes = append(probes, r-1, r, r+1)
	}
	probes = append(probes, 0x7F, 0x80, 0x9F, 0xD800, 0xDFFF, 0xFDD0, 0xFFFE, 0xFFFF, 0x1FFFE, 0xE0000, 0xE0FFF, 0x10FFFF)
	for _, r := range probes {
		if got, want := IsUcschar(r), in(ucschar, r); got != want {
			t.Errorf("IsUcschar(%U) = %v", r, got)
		}
		if got, want := IsIprivate(r), in(iprivate, r); got != want {
			t.Errorf("IsIprivate(%U) = %v", r, got)
		}
		for _, q := range []bool{false, true} {
			want := !bidi[r] && (in(ucschar, r) || q && in(iprivate, r))
			if got := AllowedUnencoded(r, q); got != want {
				t.Errorf("AllowedUnencoded(%U, %v) = %v", r, q, got)
			}
		}
	}
}

// TestKeptEncoded holds the table of the BMP to the properties it is built
// from, and checks characters of each class by hand.
func TestKeptEncoded(t *testing.T) {
	for r := rune(0); r < 0x10000; r++ {
		if KeptEncoded(r) != keptEncodedSlow(r) {
			t.Fatalf("KeptEncoded(%U) = %v, its properties say %v", r, KeptEncoded(r), !KeptEncoded(r))
		}
	}
	for r, want := range map[rune]bool{
		0x3000: true, 0x2028: true, // white space
		0x200B: true, 0x00AD: true, 0xE0001: true, // Cf
		0x115F: true, 0x2044: true, 0x29F8: true, 0xFE50: true, 0xFF21: true, 0xFFEF: true, // look-alikes
		0x034F: true,                                 // COMBINING GRAPHEME JOINER: default-ignorable
		0xFE0F: false, 0xE0100: false, 0x180B: false, // variation selectors, left to ToIRI
		'é': false, 'д': false, '例': false, 0x1F600: false, 0xFFF0: false,
	} {
		if KeptEncoded(r) != want {
			t.Errorf("KeptEncoded(%U) = %v, want %v", r, !want, want)
		}
	}
	for r, want := range map[rune]bool{'é': true, 0xE000: false, 0x200B: false, 0x202E: false, 0xFF21: false} {
		if Appropriate(r, false) != want {
			t.Errorf("Appropriate(%U, false) = %v, want %v", r, !want, want)
		}
	}
	if !Appropriate(0xE000, true) || !Appropriate(0x10FFFD, true) || Appropriate(0x200B, true) {
		t.Error("Appropriate in the query: iprivate is, Cf is not")
	}
	for r, want := range map[rune]bool{0xFDFF: false, 0xFE00: true, 0xFE0F: true, 0xFE10: false, 0x180A: false, 0x180B: true,
		0x180D: true, 0x180E: false, 0x180F: true, 0x1810: false, 0xE00FF: false, 0xE0100: true, 0xE01EF: true, 0xE01F0: false} {
		if IsVariationSelector(r) != want {
			t.Errorf("IsVariationSelector(%U) = %v, want %v", r, !want, want)
		}
	}
}
