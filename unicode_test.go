package iri

import (
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/iri-go/iri/internal/uts39"
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

	if !strings.Contains(string(doc), "Unicode "+uts39.Version) {
		t.Errorf("the package doc does not name Unicode %s, the version of the UTS #39 tables", uts39.Version)
	}
	// internal/uts39's TestScriptsAgainstGo compares its Script table with
	// Go's unicode package.

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
