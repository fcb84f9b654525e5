package uts46

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/punycode"
	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// TestToASCII: x/net/idna after Map answers as UTS #46 for Unicode 17.0,
// whatever its tables (the expectations are the Web Platform Tests'
// toascii.json and IdnaTestV2 17.0).
func TestToASCII(t *testing.T) {
	lookup := idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
		idna.StrictDomainName(false), idna.CheckHyphens(false), idna.CheckJoiners(true))
	for _, tt := range []struct{ in, want string }{
		{"FAẞ.de", "xn--fa-hia.de"},
		{"ẞ.com", "xn--zca.com"},
		{"Ӏ.com", "xn--s5a.com"},
		{"Ↄ.com", "xn--r5g.com"},
		{"\U0002F868.com", "xn--snl.com"},
		{"look\u180eout.net", "lookout.net"},
		{"look\u206bout.net", "lookout.net"},
		{"example.com", "example.com"},
		{"bücher.de", "xn--bcher-kva.de"},
	} {
		got, err := lookup.ToASCII(Map(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("ToASCII(Map(%q)) = %q, %v; want %q (x/net/idna tables %s)", tt.in, got, err, tt.want, idna.UnicodeVersion)
		}
	}
}

// TestMap: Map rewrites the changed characters where the tables are old,
// returns its input where nothing changes, and does nothing where the
// tables are current.
func TestMap(t *testing.T) {
	for in, want := range map[string]string{
		"":                     "",
		"plain.example":        "plain.example",
		"bücher":               "bücher",
		"FAẞ":                  "FAß",
		"Ⴀ\u10C5x":             "ⴀ\u2D25x",
		"a\u180eb\u206bc":      "abc",
		"\U0001CCD6\U0001CCF6": "a6",          // outlined letters and digits, new in 16.0
		"x\U0010FFFD":          "x\U0010FFFD", // beyond the last change
	} {
		if got := mapChanges(in); got != want {
			t.Errorf("mapChanges(%q) = %q, want %q", in, got, want)
		}
		if got := Map(in); Current && got != in || !Current && got != want {
			t.Errorf("Map(%q) = %q with Unicode %s tables", in, got, idna.UnicodeVersion)
		}
	}
}

// TestChanges: the table is sorted, as lookup's binary search needs, and
// maps no character to itself.
func TestChanges(t *testing.T) {
	if !slices.IsSortedFunc(changes[:], func(a, b change) int { return int(a.from - b.from) }) {
		t.Error("changes are not sorted")
	}
	for _, c := range changes {
		if c.to == c.from {
			t.Errorf("%U maps to itself", c.from)
		}
	}
}

// TestStable walks Stable against this build's x/net/idna: each stable
// character is kept as it is between two letters through ToASCII and
// ToUnicode, and ASCII, surrogates, deletions and mappings are not
// stable.
func TestStable(t *testing.T) {
	var profiles []*idna.Profile
	for _, std3 := range []bool{false, true} {
		profiles = append(profiles, idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(std3),
			idna.CheckHyphens(false), idna.CheckJoiners(false)))
	}
	n := 0
	for r := rune(0); r <= utf8.MaxRune+1; r++ {
		if !Stable(r) {
			continue
		}
		n++
		kept := "a" + string(r) + "a"
		for _, p := range profiles {
			a, err := p.ToASCII(kept)
			if err != nil {
				t.Fatalf("Stable(%U), but ToASCII(%q): %v", r, kept, err)
			}
			if u, err := p.ToUnicode(a); err != nil || u != kept {
				t.Fatalf("Stable(%U), but ToUnicode(%q) = %q, %v", r, a, u, err)
			}
		}
	}
	if n != 142329 {
		t.Errorf("%d stable characters, the generator counted 142329", n)
	}
	for _, r := range []rune{-1, 'a', '-', 0xD800, 0xAD, 0x1E9E, 0x2160, 0xFF21, 0x10A0, 0x2260, utf8.MaxRune + 1} {
		if Stable(r) {
			t.Errorf("Stable(%U) = true", r)
		}
	}
	for _, r := range []rune{'é', 'ß', 'ς', 'я', '中', 0x200C, 0x05D0, 0x0627, 0x3105} {
		if !Stable(r) {
			t.Errorf("Stable(%U) = false", r)
		}
	}
}

// urlProfile is the profile of the URL Standard's domain to ASCII.
var urlProfile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
	idna.StrictDomainName(false), idna.CheckHyphens(false), idna.CheckJoiners(true))

// rulesOfCharacters are the rules of UTS #46 that judge characters one by
// one, without and with STD3: the bidi rule, which judges them together,
// is TestAddedInNames's.
var rulesOfCharacters = []*idna.Profile{
	idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false), idna.CheckHyphens(false), idna.CheckJoiners(false)),
	idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(true), idna.CheckHyphens(false), idna.CheckJoiners(false)),
}

// TestAdded walks the added characters under this build's x/net/idna:
// each converts between two letters as UTS #46 for Unicode 17.0 has it,
// to the punycode of itself and back, whatever the tables (under Go 1.27
// x/net/idna answers alone, which holds the generated table to it; below,
// the stand-ins answer). Where the build's tables are 17.0's, each
// stand-in has the properties of the characters it stands for.
func TestAdded(t *testing.T) {
	if !slices.IsSortedFunc(added[:], func(a, b addedRange) int { return int(a.lo - b.lo) }) {
		t.Fatal("added is not sorted")
	}
	n := 0
	for _, rg := range added {
		for r := rg.lo; r <= rg.hi; r++ {
			n++
			kept := "a" + string(r) + "a"
			enc, _ := punycode.Encode([]byte("xn--"), kept)
			for _, p := range rulesOfCharacters {
				a, err := ToASCII(p, kept)
				if a != string(enc) || err != nil {
					t.Fatalf("ToASCII(%q) = %q, %v; want %q (tables %s)", kept, a, err, enc, idna.UnicodeVersion)
				}
				if u, err := ToUnicode(p, a); u != kept || err != nil {
					t.Fatalf("ToUnicode(%q) = %q, %v; want %q (tables %s)", a, u, err, kept, idna.UnicodeVersion)
				}
			}
			if !Current {
				continue
			}
			s := standIns[rg.standIn]
			if propsOf(r) != propsOf(s) {
				t.Errorf("%U has %v, its stand-in %U %v", r, propsOf(r), s, propsOf(s))
			}
		}
	}
	if n != 10437 {
		t.Errorf("%d added characters, the generator counted 10437", n)
	}
}

// propsOf returns what IDNA's rules see of r beyond its status.
func propsOf(r rune) [3]int {
	p, _ := bidi.LookupRune(r)
	n := norm.NFC.PropertiesString(string(r))
	inert := n.BoundaryBefore() && n.BoundaryAfter() && n.CCC() == 0 && n.Decomposition() == nil
	return [3]int{int(p.Class()), b2i(unicode.In(r, unicode.M)), b2i(inert)}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestAddedInNames: names with added characters get, under every Go
// release, the answers of UTS #46 for Unicode 17.0 that IdnaTestV2 gives
// (\U00032B9A is of CJK Extension J, new in 17.0), in Unicode and in
// punycode, mapped from a new capital, refused by the bidi rule; the
// names ToASCII leaves to x/net/idna are refused, as 17.0 refuses them.
func TestAddedInNames(t *testing.T) {
	for _, tt := range []struct{ in, ascii, unicode string }{
		{"\U00032B9A9\uA369\u17D3.ss", "xn--9-i0j5967eg3qz.ss", "\U00032B9A9\uA369\u17D3.ss"},
		{"\U00032B9A9\uA369\u17D3.SS", "xn--9-i0j5967eg3qz.ss", "\U00032B9A9\uA369\u17D3.ss"},
		{"XN--9-I0J5967EG3QZ.ss", "xn--9-i0j5967eg3qz.ss", "\U00032B9A9\uA369\u17D3.ss"},
		{"\U00032931" + "20.音.\uA866" + "1.", "xn--20-9802c.xn--0w5a.xn--1-eg4e.", "\U0003293120.音.\uA8661."},
		{"b\U00010D70.com", "", ""}, // Garay, new in 16.0 and right to left, after a Latin letter: the bidi rule (RFC 5893, rule 1)
		{"\U00010D70\U00010D71.com", "xn--dh0dc.com", "\U00010D70\U00010D71.com"},          // Garay alone
		{"\U00010D50\U00010D71.com", "xn--dh0dc.com", "\U00010D70\U00010D71.com"},          // its capital mapped
		{"a\u3002XN--9-I0J5967EG3QZ", "a.xn--9-i0j5967eg3qz", "a.\U00032B9A9\uA369\u17D3"}, // after an ideographic full stop
		{"a\u200D\U00032B9A.com", "", ""},                                                  // a joiner: CONTEXTJ refuses it
		{"\u0608\U00032B9A.com", "", ""},                                                   // a stand-in as written, and a bidi rule broken
	} {
		a, err := ToASCII(urlProfile, tt.in)
		if (err == nil) != (tt.ascii != "") || err == nil && a != tt.ascii {
			t.Errorf("ToASCII(%q) = %q, %v; want %q (tables %s)", tt.in, a, err, tt.ascii, idna.UnicodeVersion)
			continue
		}
		// Convert gives the same answer, without the error's words.
		if c, ok := Convert(urlProfile, tt.in); ok != (err == nil) || c != a {
			t.Errorf("Convert(%q) = %q, %v; ToASCII gives %q, %v", tt.in, c, ok, a, err)
		}
		if err != nil {
			if strings.ContainsFunc(err.Error(), func(r rune) bool { return r != 0x0608 && isStandIn(r) }) {
				t.Errorf("ToASCII(%q): %v, which quotes a stand-in", tt.in, err)
			}
			continue
		}
		if u, err := ToUnicode(urlProfile, a); u != tt.unicode || err != nil {
			t.Errorf("ToUnicode(%q) = %q, %v; want %q (tables %s)", a, u, err, tt.unicode, idna.UnicodeVersion)
		}
	}
}

// TestHoldsAddedAllocates: the names that need no stand-in cost a scan,
// and no allocation.
func TestHoldsAddedAllocates(t *testing.T) {
	for _, s := range []string{"bücher.de", "xn--bcher-kva.de", "a。b.example"} {
		if holdsAdded(s) {
			t.Errorf("holdsAdded(%q) = true", s)
		}
		if n := testing.AllocsPerRun(10, func() { holdsAdded(s) }); n != 0 {
			t.Errorf("holdsAdded(%q): %v allocations", s, n)
		}
	}
}

// FuzzStandIns: what ToASCII converts into labels DNS can hold, ToUnicode
// converts back, and ToASCII again to the same name; a name converted with stand-ins gets
// none of them back; a name without added characters gets x/net/idna's
// own answer.
func FuzzStandIns(f *testing.F) {
	for _, s := range []string{"\U00032B9A9\uA369\u17D3.ss", "xn--9-i0j5967eg3qz.ss", "\U00010D70\U00010D71.com", "b\U00010D70.com", "bücher.de", "a\u3002xn--dh0dc",
		"Xn--", "\u0628\u200c\u0666", "\u00c5\u2135", "\u00e9.xn--"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // the callers check, or replace with U+FFFD; x/net/idna converts "0\x93"
		}
		a, err := ToASCII(urlProfile, s)
		if !holdsAdded(Map(s)) {
			// x/net/idna's answer, but for the rules it misses (rules.go).
			want, wantErr := urlProfile.ToASCII(Map(s))
			if wantErr == nil {
				wantErr = missed(urlProfile, Map(s), func() string { return decodeLabels(want) })
			}
			if (err == nil) != (wantErr == nil) || err == nil && a != want {
				t.Fatalf("ToASCII(%q) = %q, %v; x/net/idna gives %q, %v", s, a, err, want, wantErr)
			}
		}
		if err != nil || slices.ContainsFunc(strings.Split(a, "."), func(l string) bool { return len(l) > 63 }) {
			return // x/net/idna converts labels beyond DNS's 63 octets one way only
		}
		u, err := ToUnicode(urlProfile, a)
		if err != nil {
			t.Fatalf("ToASCII(%q) = %q, which ToUnicode refuses: %v", s, a, err)
		}
		if slices.ContainsFunc(strings.Split(u, "."), func(l string) bool { return strings.HasPrefix(l, "xn--") }) {
			// A label that decodes to one starting with "xn--" ("xn--xn--0-000c",
			// which whatwg-url accepts, is "xn--○0"): read again, it is
			// Punycode, so it converts one way only.
			return
		}
		if a2, err := ToASCII(urlProfile, u); a2 != a || err != nil {
			t.Fatalf("ToASCII(%q) = %q, ToUnicode gives %q, which ToASCII makes %q, %v", s, a, u, a2, err)
		}
		if !Current && holdsAdded(Map(s)) && strings.ContainsFunc(u, isStandIn) {
			// Converted with stand-ins, which all went back.
			t.Fatalf("ToUnicode(ToASCII(%q)) = %q holds a stand-in", s, u)
		}
	})
}
