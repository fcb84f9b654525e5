package iri

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// TestIDNAKeepsWhatIsNamed: a conversion to ASCII never turns a host into
// no host (IDNA deletes U+00AD), and refuses what Check calls an error in a
// DNS name, so that the two apply one rule.
func TestIDNAKeepsWhatIsNamed(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // "" for a *HostError
	}{
		{"file://\u00AD/p", ""},
		{"https://\u00AD/", ""},
		{"https://%C2%AD/", ""},
		{"https://\u00AD.\u00AD/", ""},
		{"http://a..b/", ""},
		{"http://-a.example/", ""},
		{"http://a\u00ADb.example/", "http://ab.example/"},
		{"http://ex%C3%A4mple.com./", "http://xn--exmple-cua.com./"},
		{"http://a.b/", "http://a.b/"},
		{"http://[::1]/", "http://[::1]/"},
		{"file:///p", "file:///p"},
	} {
		got, err := MustParse(tt.in).ToURIWithIDNA()
		if tt.want == "" {
			var he *HostError
			if !errors.As(err, &he) {
				t.Errorf("ToURIWithIDNA(%q) = %q, %v; want a *HostError", tt.in, got, err)
			}
			if _, err := MustParse(tt.in).URL(); !errors.As(err, &he) {
				t.Errorf("URL(%q): %v; want a *HostError", tt.in, err)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("ToURIWithIDNA(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestPunycode: appendPunycode encodes the samples of RFC 3492, section
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
		if got, ok := appendPunycode(nil, in); !ok || string(got) != want {
			t.Errorf("appendPunycode(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	lines, _ := loadCorpus(t, "iri-dbpedia")
	for _, s := range lines {
		word := strings.ToLower(s[strings.LastIndexByte(s, '/')+1:])
		if indexNonASCII(word) < 0 || !utf8.ValidString(word) || strings.Contains(word, ".") {
			continue
		}
		want, err := idna.Punycode.ToASCII(word)
		if err != nil {
			continue
		}
		if got, ok := appendPunycode([]byte("xn--"), word); !ok || string(got) != want {
			t.Fatalf("appendPunycode(%q) = %q, %v; x/net/idna gives %q", word, got, ok, want)
		}
	}
}

// TestHostToASCIIEdges: an IP literal is no name for IDNA, even with a
// punycode-like label in an IPvFuture; a profile without the STD3 rules
// that maps a character to a delimiter makes no reg-name, wherever it
// stands; the Punycode encoder reports an overflow.
func TestHostToASCIIEdges(t *testing.T) {
	if a, err := hostToASCII(idna.Lookup, "[v1.xn--abc]"); a != "[v1.xn--abc]" || err != nil {
		t.Errorf("hostToASCII([v1.xn--abc]) = %q, %v", a, err)
	}
	loose := idna.New(idna.MapForLookup(), idna.StrictDomainName(false))
	for _, host := range []string{"\uff0fevil.com", "evil\uff0f.com", "evil.com\uff1f"} {
		var he *HostError
		if a, err := hostToASCII(loose, host); !errors.As(err, &he) {
			t.Errorf("hostToASCII(non-STD3, %q) = %q, %v; want a *HostError", host, a, err)
		}
	}
	if got, ok := appendPunycode(nil, strings.Repeat("a", 3000)+"\U0010FFFF"); ok {
		t.Errorf("appendPunycode of 3,000 letters and U+10FFFF = %q, true; want an overflow", got)
	}
}

// TestHyphenRuleOnCharacters: idna.Lookup's hyphen rule counts characters,
// not octets (golang/go#81026).
func TestHyphenRuleOnCharacters(t *testing.T) {
	for host, ok := range map[string]bool{
		"ру--авто.com":       false, // hyphens 3 and 4, though octets 3 and 4 are not
		"xn-----8kci4dhsd":   false, // the same in punycode
		"é--x.com":           true,  // octets 3 and 4 are hyphens, characters 3 and 4 are not
		"ab--cé.com":         false,
		"-é.com":             false,
		"é-.com":             false,
		"bücher-laden.de":    true,
		"xn--bcher-kva.de":   true,
		"a-b.xn--80ak6aa92e": true,
	} {
		_, err := hostToASCII(idna.Lookup, host)
		if (err == nil) != ok {
			t.Errorf("hostToASCII(%q): %v; want valid %v", host, err, ok)
		}
	}
}
