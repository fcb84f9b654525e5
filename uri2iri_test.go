package iri

import (
	"testing"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/ucs"
)

var toIRITests = []struct{ in, want string }{
	// RFC 3987, section 3.2.1.
	{"http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst"},
	{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
	{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"},
	// Section 3.2: other encodings than UTF-8 MUST NOT be guessed.
	{"http://www.example.org/r%E9sum%E9.html", "http://www.example.org/r%E9sum%E9.html"},
	{"http://www.example.org/r%C3%A9sum%C3%A9.html", "http://www.example.org/résumé.html"},

	// Step 2: "%", reserved characters and US-ASCII not allowed in URIs
	// stay as written; unreserved characters are decoded.
	{"http://a/%25%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A",
		"http://a/%25%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A"},
	{"http://a/%20%22%3C%3E%5C%5E%60%7B%7C%7D%00%1F%7F%2f", "http://a/%20%22%3C%3E%5C%5E%60%7B%7C%7D%00%1F%7F%2f"},
	{"http://a/%41%7a%30%2D%2E%5F%7E%7e", "http://a/Az0-._~~"},
	{"http://%41@%42:1/%43?%44#%45", "http://A@B:1/C?D#E"},

	// Step 3: octets outside strictly legal UTF-8 stay encoded, uppercase.
	{"http://a/%C0%AF", "http://a/%C0%AF"}, // overlong "/"
	{"http://a/%c0%af", "http://a/%C0%AF"},
	{"http://a/%E0%80%AF", "http://a/%E0%80%AF"},       // overlong "/", three octets
	{"http://a/%F0%80%80%AF", "http://a/%F0%80%80%AF"}, // overlong "/", four octets
	{"http://a/%C1%81", "http://a/%C1%81"},             // overlong "A"
	{"http://a/%ED%A0%80", "http://a/%ED%A0%80"},       // a surrogate
	{"http://a/%F4%90%80%80", "http://a/%F4%90%80%80"}, // above U+10FFFF
	{"http://a/%E2%82", "http://a/%E2%82"},             // truncated
	{"http://a/%E2%82%41", "http://a/%E2%82A"},
	{"http://a/%80%c3%a9", "http://a/%80é"},
	{"http://a/%C3%A9%FC%C3%A9", "http://a/é%FCé"},
	{"http://a/%F0%90%8C%80", "http://a/\U00010300"},

	// Step 4: characters not appropriate stay encoded.
	{"http://a/%E2%80%8E%E2%80%8F%E2%80%AA%E2%81%A6", "http://a/%E2%80%8E%E2%80%8F%E2%80%AA%E2%81%A6"}, // section 4.1
	{"http://a/%C2%80%C2%9F", "http://a/%C2%80%C2%9F"},                                                 // C1 controls: not ucschar
	{"http://a/%EF%BF%BE%EF%B7%90%EF%BF%BD", "http://a/%EF%BF%BE%EF%B7%90%EF%BF%BD"},                   // noncharacters, U+FFFD
	{"http://a/%EE%80%80?%EE%80%80#%EE%80%80", "http://a/%EE%80%80?\ue000#%EE%80%80"},                  // iprivate: query only
	{"http://%EE%80%80@%EE%80%80/", "http://%EE%80%80@%EE%80%80/"},
	// Section 6.1, this package's choice: white space, invisible format
	// characters, full-width and half-width forms, look-alikes of "/".
	{"http://a/%C2%A0%E3%80%80%E2%80%8B%C2%AD%EF%BB%BF", "http://a/%C2%A0%E3%80%80%E2%80%8B%C2%AD%EF%BB%BF"},
	{"http://a/%EF%BC%A1%EF%BD%B1%E2%88%95%E2%81%84%EF%B9%95", "http://a/%EF%BC%A1%EF%BD%B1%E2%88%95%E2%81%84%EF%B9%95"},
	{"http://a/%E3%82%A2", "http://a/ア"}, // full-width Katakana is fine

	// Hosts and every other component.
	{"http://r%C3%A9sum%C3%A9.example.org/", "http://résumé.example.org/"},
	{"http://%C3%BC:%C3%BC@h/?%C3%BC#%C3%BC", "http://ü:ü@h/?ü#ü"},
	{"%C3%BC/x", "ü/x"},
	{"http://a/b", "http://a/b"},
	{"", ""},
}

func TestToIRI(t *testing.T) {
	for _, tt := range toIRITests {
		u := mustRef(t, tt.in)
		got := u.ToIRI()
		if got.String() != tt.want {
			t.Errorf("ToIRI(%q) = %q, want %q", tt.in, got, tt.want)
		}
		checkReparses(t, got)
		if again := got.ToIRI(); again != got {
			t.Errorf("ToIRI is not idempotent on %q: %q", got, again)
		}
		if !sameURI(got.ToURI().String(), u.ToURI().String()) {
			t.Errorf("ToIRI(%q) = %q maps back to %q", tt.in, got, got.ToURI())
		}
	}
}

// sameURI reports whether two URIs are equal up to the case of hex digits
// and percent-encoded unreserved characters, the differences that section
// 3.2 allows.
func sameURI(a, b string) bool {
	return canonicalPercent(a) == canonicalPercent(b)
}

func canonicalPercent(s string) string {
	out := make([]byte, 0, len(s))
	for p := 0; p < len(s); p++ {
		if s[p] == '%' && p+2 < len(s) && isHex(s[p+1]) && isHex(s[p+2]) {
			c := pct.Unhex(s[p+1])<<4 | pct.Unhex(s[p+2])
			if c < 0x80 && pct.Classes[c]&pct.ClassUnreserved != 0 {
				out = append(out, c)
			} else {
				out = append(out, '%', pct.UpperHex[c>>4], pct.UpperHex[c&15])
			}
			p += 2
			continue
		}
		out = append(out, s[p])
	}
	return string(out)
}

func TestToIRIAllocs(t *testing.T) {
	plain := mustRef(t, "http://example.org/a/b?c#d")
	kept := mustRef(t, "http://example.org/%2F%FC?%20")
	decoded := mustRef(t, "http://example.org/D%C3%BCrst")
	for _, tt := range []struct {
		i    IRI
		want float64
	}{{plain, 0}, {kept, 0}, {decoded, 1}} {
		if n := testing.AllocsPerRun(100, func() { tt.i.ToIRI() }); n != tt.want {
			t.Errorf("ToIRI(%q): %v allocations, want %v", tt.i, n, tt.want)
		}
	}
}

// TestRoundTrip checks, on the corpora, that ToIRI and ToURI invert each
// other: x.ToURI().ToIRI() gives x back for IRIs without "%", and
// x.ToIRI().ToURI() gives x.ToURI() up to hex case.
func TestRoundTrip(t *testing.T) {
	for _, name := range corpora {
		lines, _ := loadCorpus(t, name)
		for _, s := range lines {
			i, err := Parse(s)
			if err != nil {
				continue
			}
			if !sameURI(i.ToIRI().ToURI().String(), i.ToURI().String()) {
				t.Errorf("%q: ToIRI then ToURI gives %q, ToURI %q", s, i.ToIRI().ToURI(), i.ToURI())
			}
			if !hasPercentOrKept(s) && i.ToURI().ToIRI() != i {
				t.Errorf("%q: ToURI then ToIRI gives %q", s, i.ToURI().ToIRI())
			}
		}
	}
}

// hasPercentOrKept reports whether s holds a "%" or a character that ToIRI
// keeps encoded, for which ToURI then ToIRI is not the identity.
func hasPercentOrKept(s string) bool {
	prev := utf8.RuneError // none
	for _, r := range s {
		if r == '%' || r >= 0x80 && !ucs.Appropriate(r, true) {
			return true
		}
		if ucs.IsVariationSelector(r) && prev < utf8.RuneSelf {
			return true // it varies no character: invisible, as Check says
		}
		prev = r
	}
	return false
}

// TestToIRIKeepsWhatCheckCallsInvisible walks every character ToIRI may
// decode and checks that Check's notion of invisible agrees: the two read
// one generated table, so a character cannot be decoded by one and
// reported by the other.
func TestToIRIKeepsWhatCheckCallsInvisible(t *testing.T) {
	for r := rune(0xA0); r <= 0x10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF || !ucs.Appropriate(r, false) {
			continue
		}
		if !ucs.IsVariationSelector(r) && isInvisible(r, "a") {
			t.Errorf("ToIRI decodes %U, which Check calls invisible", r)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"http://h/a%CD%8Fb", "http://h/a%CD%8Fb"},          // COMBINING GRAPHEME JOINER, default-ignorable (not Cf)
		{"http://h/%E2%9D%A4%EF%B8%8F", "http://h/❤\uFE0F"}, // an emoji and its variation selector
		{"http://h/a%EF%B8%8F", "http://h/a%EF%B8%8F"},      // a variation selector after ASCII
		{"http://h/%F0%90%B5%80", "http://h/\U00010D40"},    // GARAY DIGIT ZERO (Unicode 16), decoded
		{"http://h/%E1%85%9F", "http://h/%E1%85%9F"},        // HANGUL CHOSEONG FILLER
	} {
		got := MustParse(tt.in).ToIRI().String()
		if got != tt.want {
			t.Errorf("ToIRI(%s) = %s, want %s", tt.in, got, tt.want)
		}
		// Check warns of an invisible character, encoded or not: ToIRI may
		// not add a warning by decoding one.
		if before, after := countCode(MustParse(tt.in).Check(), "invisible"), countCode(MustParse(got).Check(), "invisible"); after != before {
			t.Errorf("Check(%s): %d invisible problems, %d before ToIRI", got, after, before)
		}
	}
}

func countCode(problems []Problem, code string) int {
	n := 0
	for _, p := range problems {
		if p.Code == code {
			n++
		}
	}
	return n
}
