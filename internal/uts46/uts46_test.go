package uts46

import (
	"slices"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
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
	defer func(c bool) { Current = c }(Current)
	Current = false
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
		if got := Map(in); got != want {
			t.Errorf("Map(%q) = %q, want %q", in, got, want)
		}
	}
	Current = true
	if got := Map("FAẞ"); got != "FAẞ" {
		t.Errorf("with current tables, Map(%q) = %q", "FAẞ", got)
	}
}

// TestChanges: the table is sorted, as lookup's binary search needs, and
// maps no character to itself.
func TestChanges(t *testing.T) {
	if !slices.IsSortedFunc(changes[:], func(a, b change) int { return int(a.from - b.from) }) {
		t.Error("changes are not sorted")
	}
	for _, c := range changes {
		if c.to == string(c.from) {
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
