package hostname

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/iri-go/iri/internal/ucs"
	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// TestToASCIIEdges: an IP literal is no name for IDNA, even with a
// punycode-like label in an IPvFuture; a profile without the STD3 rules
// that maps a character to a delimiter makes no reg-name, wherever it
// stands; a host IDNA deletes whole, or whose octets are not UTF-8, is
// refused.
func TestToASCIIEdges(t *testing.T) {
	if a, err := ToASCII(idna.Lookup, "[v1.xn--abc]"); a != "[v1.xn--abc]" || err != nil {
		t.Errorf("ToASCII([v1.xn--abc]) = %q, %v", a, err)
	}
	loose := idna.New(idna.MapForLookup(), idna.StrictDomainName(false))
	for _, host := range []string{"\uff0fevil.com", "evil\uff0f.com", "evil.com\uff1f"} {
		if a, err := ToASCII(loose, host); err == nil || !strings.Contains(err.Error(), "is not a reg-name") {
			t.Errorf("ToASCII(non-STD3, %q) = %q, %v; want a reg-name error", host, a, err)
		}
	}
	for host, msg := range map[string]string{
		"\u00ad":     "IDNA maps the host to nothing",
		"%C2%AD":     "IDNA maps the host to nothing",
		"\u00ad.":    "IDNA maps the host to nothing",
		"ex%FFample": "percent-encoded octets are not UTF-8",
	} {
		if a, err := ToASCII(idna.Lookup, host); err == nil || err.Error() != msg {
			t.Errorf("ToASCII(%q) = %q, %v; want %q", host, a, err, msg)
		}
	}
	for host, want := range map[string]string{
		"example.com":      "example.com", // nothing to do: as written
		"Example.COM":      "Example.COM",
		"ex%C3%A4mple.de":  "xn--exmple-cua.de",
		"B\u00fccher.de":   "xn--bcher-kva.de",
		"XN--BCHER-KVA.de": "xn--bcher-kva.de",
		"a\u00adb.example": "ab.example",
	} {
		if a, err := ToASCII(idna.Lookup, host); a != want || err != nil {
			t.Errorf("ToASCII(%q) = %q, %v; want %q", host, a, err, want)
		}
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
		_, err := ToASCII(idna.Lookup, host)
		if (err == nil) != ok {
			t.Errorf("ToASCII(%q): %v; want valid %v", host, err, ok)
		}
	}
}

// TestSTD3RuleOnASCII: idna.Lookup's STD3 rule looks at the ASCII of the
// mapped name, as UTS #46 for Unicode 17.0 does, under every Go release:
// "≠", whose decomposition holds "=", is valid, and what maps to ASCII
// that is not a letter, digit or hyphen is refused, in Unicode or in
// punycode.
func TestSTD3RuleOnASCII(t *testing.T) {
	for _, tt := range []struct{ host, ascii, unicode string }{
		{"≠.com", "xn--1ch.com", "≠.com"},
		{"=\u0338.com", "xn--1ch.com", "≠.com"}, // NFC makes "≠" of them
		{"xn--1ch.com", "xn--1ch.com", "≠.com"},
		{"≮≯.example", "xn--gdhc.example", "≮≯.example"},
		{"⑷.four", "", ""},        // maps to "(4)"
		{"a_b.bücher.de", "", ""}, // "_" as written
		{"＿.de", "", ""},          // full-width "_", mapped to "_"
		{"xn--_-bga.de", "", ""},  // "_é": the basic code point "_"
		{"bücher.de", "xn--bcher-kva.de", "bücher.de"},
	} {
		host := tt.host
		a, err := ToASCII(idna.Lookup, host)
		if a != tt.ascii || (err == nil) != (tt.ascii != "") {
			t.Errorf("ToASCII(%q) = %q, %v; want %q", host, a, err, tt.ascii)
			continue
		}
		if err != nil {
			continue
		}
		if u, err := ToUnicode(idna.Lookup, a); u != tt.unicode || err != nil {
			t.Errorf("ToUnicode(%q) = %q, %v; want %q", a, u, err, tt.unicode)
		}
	}
}

// TestLookupToUnicode: the conversion without x/net/idna answers only what
// it can answer, and then as x/net/idna does; names that need x/net/idna's
// rules are left to it.
func TestLookupToUnicode(t *testing.T) {
	for _, tt := range []struct {
		name string // labels beyond ASCII are written in punycode by x/net/idna
		want string // "" when it leaves the name to x/net/idna
	}{
		{"bücher.de", "bücher.de"},
		{"www.bücher.中国", "www.bücher.中国"},
		{"faß.de", "faß.de"}, // a deviation, kept
		{"א.com", "א.com"},   // a bidi domain name keeping the bidi rule
		{"مثال.إختبار", "مثال.إختبار"},
		{"0à.א", ""},             // breaks the bidi rule
		{"xn--bcher-KVA.de", ""}, // upper case: not what ToASCII writes
		{"XN--bcher-kva.de", ""}, //
		{"xn--abc-", ""},         // decodes to ASCII
		{"xn---tda", ""},         // a delimiter with no basic code point
		{"xn--tda-.com", ""},     // not Punycode
		{"a\u200cb.com", ""},     // a joiner: CONTEXTJ is x/net/idna's
		{"e\u0301.com", ""},      // not NFC
		{"\u0301a.com", ""},      // a combining mark first
		{"ab--é.com", ""},        // hyphens as third and fourth characters
		{"-é.com", ""},           // a hyphen first
		{"ab--c.bücher.de", ""},  //
		{"-ab.bücher.de", ""},    //
		{"a_b.bücher.de", ""},    // not a letter, digit or hyphen
		{"ß.bücher.de", "ß.bücher.de"},
		{"Ⅰ.com", ""},      // mapped, not valid
		{"𐵐.com", ""},      // new in Unicode 16.0: not stable
		{"bücher.de.", ""}, // the root's empty label
	} {
		var labels []string
		for label := range strings.SplitSeq(tt.name, ".") {
			if !isASCII(label) {
				label, _ = idna.Punycode.ToASCII(label)
			}
			labels = append(labels, label)
		}
		tt.name = strings.Join(labels, ".")
		got, ok := lookupToUnicode(tt.name)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("lookupToUnicode(%q) = %q, %v; want %q", tt.name, got, ok, tt.want)
		}
		if ok {
			if slow, err := ToUnicode(idna.Lookup, tt.name); slow != got || err != nil {
				t.Errorf("lookupToUnicode(%q) = %q; x/net/idna gives %q, %v", tt.name, got, slow, err)
			}
		}
	}
}

func isASCII(s string) bool {
	for k := 0; k < len(s); k++ {
		if s[k] >= 0x80 {
			return false
		}
	}
	return true
}

// TestLookupToUnicodeCorpus: on the punycode hosts made from the words
// beyond ASCII of DBpedia's titles (the iri package's corpus sample:
// "Körösi" gives "xn--krsi-5qae.com"), the conversion without x/net/idna
// answers nearly every name, each as x/net/idna does, and each is what
// ToASCII writes.
func TestLookupToUnicodeCorpus(t *testing.T) {
	f, err := os.Open("../../testdata/corpus-iri-dbpedia.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	var hosts []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		s := sc.Text()
		title := s[strings.LastIndexByte(s, '/')+1:]
		for _, word := range strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if isASCII(word) || seen[word] {
				continue
			}
			seen[word] = true
			if h, err := idna.Lookup.ToASCII(strings.ToLower(word) + ".com"); err == nil && strings.HasPrefix(h, "xn--") {
				hosts = append(hosts, h)
			}
		}
	}
	answered := 0
	for _, h := range hosts {
		u, ok := lookupToUnicode(h)
		if !ok {
			continue
		}
		answered++
		slow, err := ToUnicode(idna.Lookup, h)
		a, err2 := idnaToASCII(idna.Lookup, u)
		if slow != u || err != nil || a != h || err2 != nil {
			t.Fatalf("lookupToUnicode(%q) = %q; x/net/idna gives %q, %v, and back %q, %v", h, u, slow, err, a, err2)
		}
	}
	if len(hosts) < 1000 || answered < len(hosts)*95/100 {
		t.Errorf("answered %d of %d names, want 95%%", answered, len(hosts))
	}
}

// FuzzLookupToUnicode: what the conversion without x/net/idna answers,
// x/net/idna answers the same, and ToASCII writes the name back; so does
// PunycodeToUnicode, which tries it first. Each input is tried as written
// and with its labels in punycode (without IDNA's rules), so that random
// Unicode reaches the decoder.
func FuzzLookupToUnicode(f *testing.F) {
	for _, s := range []string{"xn--bcher-kva.de", "xn--4db.com", "xn--0-sfa.xn--4db", "xn--fa-hia.de", "a.xn--zca", "xn--mgbh0fb.xn--kgbechtv", "bücher.de", "0à.א", "ру--авто.рф"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		names := []string{name}
		if a, err := idna.Punycode.ToASCII(name); err == nil && a != name {
			names = append(names, a)
		}
		for _, name := range names {
			if u, ok := PunycodeToUnicode(idna.Lookup, name); ok {
				a, err := ToASCII(idna.Lookup, name)
				long, err2 := ToUnicode(idna.Lookup, a)
				if err != nil || err2 != nil || a != name || long != u {
					t.Fatalf("PunycodeToUnicode(%q) = %q; ToASCII then ToUnicode give %q, %q (%v, %v)", name, u, a, long, err, err2)
				}
			}
			u, ok := lookupToUnicode(name)
			if !ok {
				continue
			}
			slow, err := ToUnicode(idna.Lookup, name)
			a, err2 := idnaToASCII(idna.Lookup, u)
			if slow != u || err != nil || a != name || err2 != nil {
				t.Fatalf("lookupToUnicode(%q) = %q; x/net/idna gives %q, %v, and back %q, %v", name, u, slow, err, a, err2)
			}
		}
	})
}

// TestUnicodeThresholds holds the thresholds below which lookupToUnicode
// skips its NFC and bidi checks to this build's tables: no character
// below firstComposing changes under NFC or composes with the character
// before it, and none below firstBidiDomain is of class R, AL or AN. The
// thresholds themselves are where such characters start.
func TestUnicodeThresholds(t *testing.T) {
	for r := rune(0); r < firstComposing; r++ {
		p := norm.NFC.PropertiesString(string(r))
		if !norm.NFC.IsNormalString(string(r)) || !p.BoundaryBefore() || p.CCC() != 0 {
			t.Errorf("%U, below firstComposing, is not inert under NFC", r)
		}
	}
	if norm.NFC.PropertiesString(string(rune(firstComposing))).BoundaryBefore() {
		t.Errorf("%U composes with nothing: firstComposing is too low", firstComposing)
	}
	for r := rune(0); r < firstBidiDomain; r++ {
		if IsBidiDomainRune(r) {
			t.Errorf("%U, below firstBidiDomain, is of class R, AL or AN", r)
		}
	}
	if !IsBidiDomainRune(firstBidiDomain) { // unassigned, of the Hebrew block's default class R
		t.Errorf("%U is not of class R, AL or AN: firstBidiDomain is too low", firstBidiDomain)
	}
}

// TestProfileIsWebs: the one profile is the URL Standard's options, as
// package web declared them, and idna.Lookup's but the hyphen and STD3
// rules; it is made once.
func TestProfileIsWebs(t *testing.T) {
	p := Profile()
	if got := p.String(); got != "NonTransitional:CheckJoiners" {
		t.Errorf("Profile() = %s", got)
	}
	if Profile() != p {
		t.Error("Profile makes a new profile at each call")
	}
}

// TestCanonical: a host in any form maps to its Unicode form, in lower
// case; one IDNA refuses, or whose form may not stand in an ireg-name,
// is returned as written.
func TestCanonical(t *testing.T) {
	for _, tt := range []struct {
		host, want string
		ok         bool
	}{
		{"xn--bcher-kva.de", "bücher.de", true},
		{"B%C3%BCcher.DE", "bücher.de", true},
		{"EXAMPLE.com", "example.com", true},
		{"xn--80ak6aa92e.com", "\u0430\u0440\u0440\u04cf\u0435.com", true},
		{"a_b.com", "a_b.com", false},
		{"xn--a.com", "xn--a.com", false},
		{"", "", true}, // nothing to map
	} {
		if got, ok := Canonical(tt.host); got != tt.want || ok != tt.ok {
			t.Errorf("Canonical(%q) = %q, %v; want %q, %v", tt.host, got, ok, tt.want, tt.ok)
		}
	}
	for host, want := range map[string]bool{"a-b.c": true, "a b": false, "a/b": false, "a%20": false, "é.fr": true, "a\u200bb": false} {
		if Displayable(host, ucs.AllowedUnencoded) != want && host != "a\u200bb" {
			t.Errorf("Displayable(%q) = %v", host, !want)
		}
	}
	if Displayable("a\u200bb", ucs.Appropriate) {
		t.Error("Displayable of a ZERO WIDTH SPACE, as ToIRI shows")
	}
}

// TestNeedsIDNA: characters beyond ASCII, percent-encodings and punycode
// labels, in any case, call for IDNA; plain names and IP literals do not.
func TestNeedsIDNA(t *testing.T) {
	for host, want := range map[string]bool{
		"": false, "example.com": false, "[::1]": false, "[v1.xn--a]": false, "x-n--a.com": false, "xn-a.com": false,
		"é.com": true, "a%41.com": true, "xn--a.com": true, "a.XN--b": true, "a.b.xn--c": true,
	} {
		if NeedsIDNA(host) != want {
			t.Errorf("NeedsIDNA(%q) = %v", host, !want)
		}
	}
}

// TestQuote: short texts are quoted whole; long ones cut to 64 octets at
// a character boundary.
func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"":                            `""`,
		"a.b":                         `"a.b"`,
		strings.Repeat("a", 64):       `"` + strings.Repeat("a", 64) + `"`,
		strings.Repeat("a", 65):       `"` + strings.Repeat("a", 64) + `"...`,
		"a" + strings.Repeat("é", 40): `"a` + strings.Repeat("é", 31) + `"...`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestWrittenCase: the labels written in ASCII keep the case they were
// written in; the others are IDNA's; labels that do not line up give the
// name.
func TestWrittenCase(t *testing.T) {
	for _, tt := range []struct{ written, name, want string }{
		{"paypaI.com", "paypai.com", "paypaI.com"},
		{"PaypaI.cöm", "paypai.cöm", "PaypaI.cöm"},
		{"Paypal.CÖM", "paypal.cöm", "Paypal.cöm"},
		{"XN--BCHER-KVA.De", "bücher.de", "bücher.De"},
		{"A%42.com", "ab.com", "ab.com"},
		{"a\u3002B.com", "a.b.com", "a.b.com"}, // the labels do not line up
		{"paypal.com", "paypal.com", "paypal.com"},
		{"A.", "a.", "A."},
		{".A", ".a", ".A"},
		{"Ab", "cd", "cd"},
	} {
		if got := WrittenCase(tt.written, tt.name); got != tt.want {
			t.Errorf("WrittenCase(%q, %q) = %q, want %q", tt.written, tt.name, got, tt.want)
		}
	}
}
