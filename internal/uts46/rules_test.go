package uts46

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// module is the module's profile (internal/hostname.Profile): the URL
// Standard's UTS #46 processing.
var module = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
	idna.StrictDomainName(false), idna.CheckHyphens(false), idna.CheckJoiners(true),
	idna.VerifyDNSLength(false))

// TestMissedRules holds ToASCII and ToUnicode to the reference on the
// cases of testdata/missed.txt, each refused one accepted by x/net/idna
// alone: the test fails without the rules x/net/idna misses.
func TestMissedRules(t *testing.T) {
	f, err := os.Open("testdata/missed.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	refused, kept := 0, 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		quoted, want, ok := strings.Cut(text, "\t")
		name, err := strconv.Unquote(quoted)
		if !ok || err != nil {
			t.Fatalf("line %d: %q", line, text)
		}
		got, err := ToASCII(module, name)
		if want == "error" {
			refused++
			if err == nil {
				t.Errorf("line %d: ToASCII(%q) = %q; the reference refuses it", line, name, got)
			}
			if _, err := ToUnicode(module, name); err == nil {
				t.Errorf("line %d: ToUnicode(%q) accepts it; the reference refuses it", line, name)
			}
			if a, _, _, err := toASCII(module, Map(name)); err != nil {
				t.Errorf("line %d: x/net/idna alone refuses %q (%v): the case tests nothing missed", line, name, err)
			} else if missed(module, Map(name), func() string { return decodeLabels(a) }) == nil {
				t.Errorf("line %d: %q: no missed rule", line, name)
			}
			continue
		}
		kept++
		if err != nil || got != want {
			t.Errorf("line %d: ToASCII(%q) = %q, %v; want %q", line, name, got, err, want)
		}
	}
	if refused < 20 || kept < 10 {
		t.Errorf("%d refused and %d kept: the file is not read right", refused, kept)
	}
}

// TestCheckJoiners: CONTEXTJ on labels in Unicode, with the joining
// types of Unicode 17.0 (ب D, ا R, ﻻ…, a fathatan T, ٦ U, PHAGS-PA
// SUPERFIXED LETTER RA L) and the viramas.
func TestCheckJoiners(t *testing.T) {
	for label, ok := range map[string]bool{
		"":                               true,
		"ab":                             true,
		"\u0628\u200c\u0628":             true,  // D ZWNJ D
		"\u0628\u200c\u0627":             true,  // D ZWNJ R
		"\ua872\u200c\u0628":             true,  // L ZWNJ D
		"\u0628\u064b\u200c\u064b\u0627": true,  // transparent marks around
		"\u0628\u200c\u0666":             false, // before a letter that does not join
		"\u0627\u200c\u0628":             false, // R ZWNJ: nothing joins to the right
		"\u0628\u200c":                   false,
		"\u200c\u0628":                   false,
		"\u0628\u064b\u200c":             false,
		"\u0628\u200c\u064b":             false,
		"a\u200cb":                       false,
		"\u0915\u094d\u200c":             true, // after a virama
		"\u0915\u094d\u200d":             true,
		"\u0628\u200d\u0628":             false, // ZWJ only after a virama
		"\u200d":                         false,
		"\u0628\u200c\u0628\u200c\u0628": true,
		"\u0628\u200c\u200c\u0628":       false,
	} {
		if err := checkJoiners(label); (err == nil) != ok {
			t.Errorf("checkJoiners(%q) = %v; want valid %v", label, err, ok)
		}
	}
}

// TestJoiningTables: the runs are sorted and apart, the viramas sorted,
// and a few characters have the types UnicodeData and ArabicShaping give
// them.
func TestJoiningTables(t *testing.T) {
	for k := 1; k < len(joiningTypes); k++ {
		prev, run := joiningTypes[k-1], joiningTypes[k]
		if prevLast := prev>>runStart + prev>>runLength&runMax; run>>runStart <= prevLast {
			t.Fatalf("joiningTypes: %#x after %#x", run, prev)
		}
	}
	if !slices.IsSorted(viramas[:]) {
		t.Error("viramas are not sorted")
	}
	for r, want := range map[rune]byte{0x0628: joinD, 0x0627: joinR, 0xA872: joinL, 0x064B: joinT, 0x0666: 0, 'a': 0, 0x0640: 0, 0x05D0: 0, 0x0300: joinT, 0x10EC2: joinR, 0x088F: joinD} {
		if got := joiningType(r); got != want {
			t.Errorf("joiningType(%U) = %q, want %q", r, got, want)
		}
	}
	for r, want := range map[rune]bool{0x094D: true, 0x0BCD: true, 0x0915: false, 0x200C: false} {
		if isVirama(r) != want {
			t.Errorf("isVirama(%U) = %v", r, !want)
		}
	}
}

// TestBidiMapped walks every character: those that are not of bidi
// class R, AL or AN but that UTS #46 maps to one that is are bidiMapped's.
func TestBidiMapped(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every character")
	}
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r <= 0xDFFF || isBidiDomainRune(r) {
			continue
		}
		m, _ := mapping().ToUnicode("a" + Map(string(r)))
		if got := strings.ContainsFunc(m, isBidiDomainRune); got != bidiMapped(r) {
			t.Errorf("%U maps to %q: bidiMapped says %v", r, m, bidiMapped(r))
		}
	}
}

// TestEmptyPunycode: a label that maps to "xn--", in any form, and no
// other.
func TestEmptyPunycode(t *testing.T) {
	for s, want := range map[string]string{
		"é.xn--": "xn--", "XN--.é": "XN--", "a.\uff58\uff4e\uff0d\uff0d": "\uff58\uff4e\uff0d\uff0d", "x\u00adn--": "x\u00adn--",
		"é.xn--a": "", "é.xn---": "", "é.\u00ad": "", "é..com": "", "xn": "", "é.axn--": "",
	} {
		label, ok := emptyPunycode(s)
		if label != want || ok != (want != "") {
			t.Errorf("emptyPunycode(%q) = %q, %v; want %q", s, label, ok, want)
		}
	}
	for name, want := range map[string]bool{"": true, ".a": true, "a.": true, "a..b": true, "a.b": false, "a": false} {
		if hasEmptyLabel(name) != want {
			t.Errorf("hasEmptyLabel(%q) = %v", name, !want)
		}
	}
}
