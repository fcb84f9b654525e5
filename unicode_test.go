package iri

import (
	"os"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// TestUnicodeVersions checks that the package documentation names the
// Unicode versions of the tables linked, and that tables from different
// sources agree where they claim the same version.
func TestUnicodeVersions(t *testing.T) {
	doc, err := os.ReadFile("iri.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, claim := range []struct{ what, version string }{
		{"x/text/unicode/norm", norm.Version},
		{"x/text/unicode/bidi", bidi.UnicodeVersion},
		{"x/net/idna", idna.UnicodeVersion},
	} {
		if !strings.Contains(string(doc), "Unicode "+claim.version) {
			t.Errorf("the package doc does not name Unicode %s, the version of %s", claim.version, claim.what)
		}
	}

	if !strings.Contains(string(doc), "Unicode "+uts39Version) {
		t.Errorf("the package doc does not name Unicode %s, the version of the UTS #39 tables", uts39Version)
	}

	// The generated Script table against Go's unicode package: wherever
	// both assign a script, they agree (all of them when both claim the
	// same version; a version apart, Unicode moves a few characters
	// between scripts, and more than 0.1% means a table is wrong).
	disagree, compared := 0, 0
	for name, table := range unicode.Scripts {
		k := -1
		for j, n := range scriptNames {
			if n == name {
				k = j
			}
		}
		if k < 0 {
			t.Errorf("unicode.Scripts has %s, the generated table does not", name)
			continue
		}
		each := func(r rune) {
			compared++
			if propScript(props(r)) != k {
				disagree++
				if unicode.Version == uts39Version {
					t.Errorf("%U: Script %s in unicode %s, %s in the tables", r, name, unicode.Version, scriptNames[propScript(props(r))])
				}
			}
		}
		for _, rg := range table.R16 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				each(r)
			}
		}
		for _, rg := range table.R32 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				each(r)
			}
		}
	}
	if disagree*1000 > compared {
		t.Errorf("the tables and unicode %s disagree on the script of %d of %d characters", unicode.Version, disagree, compared)
	}

	// The Bidi_Control characters the parsers reject, against the classes
	// of x/text's bidi tables: every explicit formatting class, and the
	// three marks.
	explicit := map[bidi.Class]bool{bidi.LRE: true, bidi.RLE: true, bidi.LRO: true, bidi.RLO: true,
		bidi.PDF: true, bidi.LRI: true, bidi.RLI: true, bidi.FSI: true, bidi.PDI: true}
	marks := map[rune]bool{0x061C: true, 0x200E: true, 0x200F: true} // ALM, LRM, RLM
	for r := rune(0); r <= unicode.MaxRune; r++ {
		props, _ := bidi.LookupRune(r)
		if want := explicit[props.Class()] || marks[r]; isBidiControl(r) != want {
			t.Errorf("isBidiControl(%U) = %v; x/text's bidi class is %v", r, isBidiControl(r), props.Class())
		}
	}

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
		if isBidiDomainRune(r) {
			t.Errorf("%U, below firstBidiDomain, is of class R, AL or AN", r)
		}
	}
	if !isBidiDomainRune(firstBidiDomain) { // unassigned, of the Hebrew block's default class R
		t.Errorf("%U is not of class R, AL or AN: firstBidiDomain is too low", firstBidiDomain)
	}
}
