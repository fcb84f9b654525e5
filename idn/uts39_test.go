package idn

import (
	"testing"
	"unicode"

	"github.com/iri-go/iri/internal/uts39"
)

func TestSkeleton(t *testing.T) {
	tests := []struct {
		a, b       string
		confusable bool
	}{
		{"paypal", "p\u0430ypal", true},     // Cyrillic а
		{"rn", "m", true},                   // the classic of confusables.txt
		{"l\u0131nkedin", "linkedin", true}, // dotless i
		{"\u0261oogle", "google", true},     // script g
		{"apple", "\u0430\u0440\u0440\u04cf\u0435", true},
		{"1", "l", true},
		{"bücher", "bucher", false},
		{"пример", "npnmep", false},
		{"例え", "例", false},
		{"pay\u200Bpal", "paypal", true}, // default-ignorable, dropped since Unicode 15.1
		{"pay\u00ADpal", "paypal", true}, // SOFT HYPHEN
		{"pay-pal", "paypal", false},
	}
	for _, tt := range tests {
		if got := Confusable(tt.a, tt.b); got != tt.confusable {
			t.Errorf("Confusable(%q, %q) = %v (skeletons %q, %q)", tt.a, tt.b, got, Skeleton(tt.a), Skeleton(tt.b))
		}
	}
	// Whole skeletons: each character its prototype, or itself where it
	// has none, as U+0080 (a C1 control) has none.
	for _, tt := range []struct{ s, want string }{
		{"0\u0080", "O\u0080"},
		{"m\u0080\u00e9", "rn\u0080e\u0301"},
		{"\u0430\u0080", "a\u0080"},
	} {
		if got := Skeleton(tt.s); got != tt.want {
			t.Errorf("Skeleton(%+q) = %+q; want %+q", tt.s, got, tt.want)
		}
	}
	if !HostsConfusable("xn--80ak6aa92e.com", "apple.com") || !HostsConfusable("APPLE.com", "\u0430\u0440\u0440\u04cf\u0435.com") {
		t.Error("HostsConfusable misses the punycode or the case of a host")
	}
	if HostsConfusable("bücher.de", "bucher.de") {
		t.Error("HostsConfusable: bücher.de and bucher.de")
	}
}

func TestRestriction(t *testing.T) {
	tests := []struct {
		in   string
		want RestrictionLevel
	}{
		// UTS #39, section 5.2, and its examples.
		{"paypal", ASCIIOnly},
		{"pаypal", MinimallyRestrictive}, // Latin and Cyrillic
		{"πaypal", MinimallyRestrictive}, // Latin and Greek
		{"пример", SingleScript},
		{"bücher", SingleScript},
		{"東京タワー", SingleScript}, // Japanese: Han, Katakana, and the long vowel mark of both
		{"東京tokyo", HighlyRestrictive},
		{"서울市", SingleScript}, // Korean: Hangul with Han
		{"서울tokyo", HighlyRestrictive},
		{"abc\u0561", ModeratelyRestrictive}, // Latin and Armenian
		{"a\u0561\u0430", MinimallyRestrictive},
		{"\u0661\u0662", SingleScript},         // Arabic-Indic digits, with their Script_Extensions
		{"\u0561\u0430", MinimallyRestrictive}, // Armenian and Cyrillic
		{"\u0915\u0434", MinimallyRestrictive}, // Devanagari and Cyrillic, no Latin
		{"\u0e01\u0c05", MinimallyRestrictive}, // Thai and Telugu
		{"\u0434\u0915", MinimallyRestrictive},
		// The slow path (a character with Script_Extensions): Common and
		// Inherited characters go with any script.
		{"\u30fc1", SingleScript},
		{"\u30fc\u2014", SingleScript},
		{"\u30ab\u30fc\u00d7", SingleScript},
	}
	for _, tt := range tests {
		if got := Restriction(tt.in); got != tt.want {
			t.Errorf("Restriction(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestMixedNumbers(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"123", false}, {"\u0661\u0662", false}, {"1\u0662", true}, {"\U0001d7ce\U0001d7cf", false},
		{"\U0001d7ce\U0001d7d8", true}, // mathematical bold 0 and double-struck 0
		{"abc", false},
		// Garay digits, new in Unicode 16: one system, two digits. Go 1.26's
		// unicode tables (Unicode 15) do not know them.
		{"\U00010D40\U00010D41", false}, {"1\U00010D41", true},
		{"1\u0080", false}, {"\u0080\u0661", false}, // U+0080, a control, is no digit
	} {
		if got := MixedNumbers(tt.in); got != tt.want {
			t.Errorf("MixedNumbers(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestDigitZeros walks every decimal digit of the generated data and checks
// that the zero digitZero gives starts a row of ten digits holding it: the
// digit property and the zeros come from one source.
func TestDigitZeros(t *testing.T) {
	count := 0
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if !uts39.Of(r).Digit() {
			continue
		}
		count++
		z := digitZero(r)
		if r-z < 0 || r-z > 9 {
			t.Fatalf("digitZero(%U) = %U", r, z)
		}
		for d := z; d < z+10; d++ {
			if !uts39.Of(d).Digit() {
				t.Fatalf("digitZero(%U) = %U, but %U is not a digit", r, z, d)
			}
		}
	}
	if count%10 != 0 || count < 600 {
		t.Errorf("%d digits beyond ASCII: not whole rows of ten", count)
	}
}

// TestASCIIPrototypes holds Skeleton's shortcut for ASCII to
// confusables.txt: no ASCII character is default-ignorable, and each has
// the prototype asciiPrototype gives.
func TestASCIIPrototypes(t *testing.T) {
	for c := rune(0); c < 0x80; c++ {
		want, _ := uts39.Prototype(c)
		if got := asciiPrototype(byte(c)); got != want || uts39.Of(c).Types()&uts39.TypeDefaultIgnorable != 0 {
			t.Errorf("asciiPrototype(%q) = %q, confusables.txt %q", c, got, want)
		}
	}
}
