package punycode

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"golang.org/x/net/idna"
)

// TestPunycode: Encode encodes the samples of RFC 3492, section
// 7.1, and agrees with x/net/idna's Punycode profile on the words of the
// iri-dbpedia sample.
func TestPunycode(t *testing.T) {
	for in, want := range map[string]string{
		"3年B組金八先生":                 "3B-ww4c5e180e575a65lsy2b",
		"安室奈美恵-with-SUPER-MONKEYS": "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n",
		"パフィーdeルンバ":                "de-jg4avhby1noc0d",
		"そのスピードで":                  "d9juau41awczczp",
		"MajiでKoiする5秒前":            "MajiKoi5-783gue6qz075azm5e",
		"Pročprostěnemluvíčesky":   "Proprostnemluvesky-uyb24dma41a",
		"ü":                        "tda",
	} {
		if got, ok := Encode(nil, in); !ok || string(got) != want {
			t.Errorf("Encode(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	corpus, err := os.ReadFile("../../testdata/corpus-iri-dbpedia.txt")
	if err != nil {
		t.Fatal(err)
	}
	for s := range strings.Lines(string(corpus)) {
		s = strings.TrimSuffix(s, "\n")
		word := strings.ToLower(s[strings.LastIndexByte(s, '/')+1:])
		if ascii.IsASCII(word) || !utf8.ValidString(word) || strings.Contains(word, ".") {
			continue
		}
		want, err := idna.Punycode.ToASCII(word)
		if err != nil {
			continue
		}
		if got, ok := Encode([]byte("xn--"), word); !ok || string(got) != want {
			t.Fatalf("Encode(%q) = %q, %v; x/net/idna gives %q", word, got, ok, want)
		}
	}
}

// TestDecodePunycode: RFC 3492's samples (section 7.1) decode back, in
// either case, and what is not Punycode is refused.
func TestDecodePunycode(t *testing.T) {
	for enc, want := range map[string]string{
		"3B-ww4c5e180e575a65lsy2b":                 "3年B組金八先生",
		"-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n": "安室奈美恵-with-SUPER-MONKEYS",
		"de-jg4avhby1noc0d":                        "パフィーdeルンバ",
		"d9juau41awczczp":                          "そのスピードで",
		"MajiKoi5-783gue6qz075azm5e":               "MajiでKoiする5秒前",
		"Proprostnemluvesky-uyb24dma41a":           "Pročprostěnemluvíčesky",
		"PROPROSTNEMLUVESKY-UYB24DMA41A":           "PROčPROSTěNEMLUVíčESKY",
		"tda":                                      "ü",
		"":                                         "",
		"abc-":                                     "abc",
	} {
		got, ok := Decode(nil, enc)
		if !ok || string(got) != want {
			t.Errorf("Decode(%q) = %q, %v; want %q", enc, string(got), ok, want)
		}
	}
	for _, enc := range []string{
		"tda!",                           // not a digit
		"é-tda",                          // a basic code point beyond ASCII
		"t",                              // ends inside a number
		"99999999a",                      // beyond 2^31
		"ib9b",                           // U+D800, a surrogate
		"en32g",                          // U+110000, beyond Unicode
		strings.Repeat("a", 64) + "-tda", // more than 63 code points
	} {
		if got, ok := Decode(nil, enc); ok {
			t.Errorf("Decode(%q) = %q, true; want false", enc, string(got))
		}
	}
}

// FuzzPunycode: Punycode is one to one in its canonical form (lower case,
// a delimiter only after basic code points), as the iri package's
// lookupToUnicode assumes; decoding agrees with x/net/idna's.
func FuzzPunycode(f *testing.F) {
	for _, s := range []string{"tda", "bcher-kva", "-with-super-monkeys-pc58ag80a8qai00g7n9n", "abc-", "-tda", "99999999", "a-b-c-tda"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rs, ok := Decode(nil, s)
		if !ok || strings.Contains(s, ".") { // x/net/idna would take labels
			return
		}
		u := string(rs)
		if x, err := idna.Punycode.ToUnicode("xn--" + s); err == nil && x != u && !ascii.IsASCII(u) {
			t.Fatalf("Decode(%q) = %q; x/net/idna gives %q", s, u, x)
		}
		if !isLowerLDH(s) || strings.LastIndexByte(s, '-') == 0 {
			return
		}
		if enc, ok := Encode(nil, u); !ok || string(enc) != s {
			t.Fatalf("Decode(%q) = %q, which encodes as %q, %v", s, u, enc, ok)
		}
	})
}

// TestEncodeOverflow: the encoder reports an overflow of RFC 3492's
// integers (section 6.4) instead of writing a wrong label.
func TestEncodeOverflow(t *testing.T) {
	if got, ok := Encode(nil, strings.Repeat("a", 3000)+"\U0010FFFF"); ok {
		t.Errorf("Encode of 3,000 letters and U+10FFFF = %q, true; want an overflow", got)
	}
}

func isLowerLDH(s string) bool {
	for k := 0; k < len(s); k++ {
		if c := s[k]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func TestIsACE(t *testing.T) {
	for label, want := range map[string]bool{
		"xn--bcher-kva": true,
		"XN--BCHER-KVA": true,
		"xN--a":         true,
		"Xn--":          true,
		"xn-":           false,
		"xn-a-":         false,
		"xm--a":         false,
		"yn--a":         false,
		"x---a":         false,
		"xn-_a":         false,
		"xn_-a":         false,
		"":              false,
		"bücher":        false,
		"\u212An--a":    false, // KELVIN SIGN, which folds to "k", not "x"
	} {
		if got := IsACE(label); got != want {
			t.Errorf("IsACE(%q) = %v", label, got)
		}
	}
}
