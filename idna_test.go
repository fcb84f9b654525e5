package iri

import (
	"errors"
	"strings"
	"testing"

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

// TestHostToASCIIEdges: an IP literal is no name for IDNA, even with a
// punycode-like label in an IPvFuture; a profile without the STD3 rules
// that maps a character to a delimiter makes no reg-name, wherever it
// stands.
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
		a, err := hostToASCII(idna.Lookup, host)
		if a != tt.ascii || (err == nil) != (tt.ascii != "") {
			t.Errorf("hostToASCII(%q) = %q, %v; want %q", host, a, err, tt.ascii)
			continue
		}
		if err != nil {
			continue
		}
		if u, err := hostToUnicode(idna.Lookup, a); u != tt.unicode || err != nil {
			t.Errorf("hostToUnicode(%q) = %q, %v; want %q", a, u, err, tt.unicode)
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
			if indexNonASCII(label) >= 0 {
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
			if slow, err := idnaToUnicode(idna.Lookup, tt.name); slow != got || err != nil {
				t.Errorf("lookupToUnicode(%q) = %q; x/net/idna gives %q, %v", tt.name, got, slow, err)
			}
		}
	}
}

// TestLookupToUnicodeCorpus: on the punycode hosts made from DBpedia's
// titles, the conversion without x/net/idna answers nearly every name,
// each as x/net/idna does, and each is what ToASCII writes.
func TestLookupToUnicodeCorpus(t *testing.T) {
	hosts := punycodeHosts(t)
	answered := 0
	for _, h := range hosts {
		u, ok := lookupToUnicode(h)
		if !ok {
			continue
		}
		answered++
		slow, err := idnaToUnicode(idna.Lookup, h)
		ascii, err2 := idnaToASCII(idna.Lookup, u)
		if slow != u || err != nil || ascii != h || err2 != nil {
			t.Fatalf("lookupToUnicode(%q) = %q; x/net/idna gives %q, %v, and back %q, %v", h, u, slow, err, ascii, err2)
		}
	}
	if len(hosts) < 1000 || answered < len(hosts)*95/100 {
		t.Errorf("answered %d of %d names, want 95%%", answered, len(hosts))
	}
}

// FuzzLookupToUnicode: what the conversion without x/net/idna answers,
// x/net/idna answers the same, and ToASCII writes the name back. Each
// input is tried as written and with its labels in punycode (without
// IDNA's rules), so that random Unicode reaches the decoder.
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
			u, ok := lookupToUnicode(name)
			if !ok {
				continue
			}
			slow, err := idnaToUnicode(idna.Lookup, name)
			ascii, err2 := idnaToASCII(idna.Lookup, u)
			if slow != u || err != nil || ascii != name || err2 != nil {
				t.Fatalf("lookupToUnicode(%q) = %q; x/net/idna gives %q, %v, and back %q, %v", name, u, slow, err, ascii, err2)
			}
		}
	})
}
