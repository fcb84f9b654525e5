package iri

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/bidi"
)

// Bidi Notation (RFC 3987, section 1.4) writes right-to-left characters as
// uppercase letters; the tests write them as Hebrew or Arabic letters.
func fromBidiNotation(s string, letters []rune) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return letters[r-'A']
		}
		return r
	}, s)
}

var (
	hebrew = []rune("אבגדהוזחטיכלמנסעפצקרשת____")
	arabic = []rune("ابتثجحخدذرزسشصضطظعغفقكلمنه")
)

// The examples of RFC 3987, section 4.4: logical and visual
// representation, and the rules broken (none for Examples 1 to 7 and 10).
var bidiExamples = []struct {
	n               int
	logical, visual string
	arabic          string // visual representation with Arabic letters, where it differs
	broken          []string
}{
	{1, "http://ab.CDEFGH.ij/kl/mn/op.html", "http://ab.HGFEDC.ij/kl/mn/op.html", "", nil},
	{2, "http://ab.CDE.FGH/ij/kl/mn/op.html", "http://ab.HGF.EDC/ij/kl/mn/op.html", "", nil},
	{3, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA", "", nil},
	{4, "http://AB.CD.ef/gh/IJ/KL.html", "http://DC.BA.ef/gh/LK/JI.html", "", nil},
	{5, "http://ab.cd.EF/GH/ij/kl.html", "http://ab.cd.HG/FE/ij/kl.html", "", nil},
	{6, "http://ab.CD.EF/GH/IJ/kl.html", "http://ab.JI/HG/FE.DC/kl.html", "", nil},
	{7, "http://ab.CDE123FGH.ij/kl/mn/op.html", "http://ab.HGF123EDC.ij/kl/mn/op.html", "", nil},
	{8, "http://ab.cd.ef/GH1/2IJ/KL.html", "http://ab.cd.ef/LK/JI1/2HG.html", "",
		// The RFC names both segments, "GH1" and "2IJ": one violation of
		// rule 2 by segments, the first named, two counted.
		[]string{`segment GH1: 2 (2 in all)`}},
	// Example 9: the RFC gives "http://ab.cd.ef/%31HG/LK/JI%32.html" (Hebrew)
	// and "http://ab.cd.ef/31%HG/%LK/JI32.html" (Arabic), which the Unicode
	// Bidirectional Algorithm of today does not produce: rule W5 makes each
	// "%" a European number with the digits after it, and "GH%31/%32IJ/KL"
	// becomes one right-to-left run. An independent implementation
	// (bidi-js, UAX #9 of Unicode 15) gives the layouts below, as this one
	// does. The example's point, that the component breaks rule 2, stands.
	{9, "http://ab.cd.ef/GH%31/%32IJ/KL.html", "http://ab.cd.ef/LK/JI%32/%31HG.html", "http://ab.cd.ef/LK/JI32%/31%HG.html",
		[]string{`segment GH%31: 2 (2 in all)`}},
	{10, "http://ab.CDEFGH.123/kl/mn/op.html", "http://ab.123.HGFEDC/kl/mn/op.html", "", nil},
}

func TestBidiExamples(t *testing.T) {
	for _, ex := range bidiExamples {
		for _, script := range []struct {
			name    string
			letters []rune
			visual  string
		}{{"Hebrew", hebrew, ex.visual}, {"Arabic", arabic, cmp.Or(ex.arabic, ex.visual)}} {
			logical := fromBidiNotation(ex.logical, script.letters)
			i := MustParse(logical)
			var got []string
			var be *BidiError
			if err := i.CheckBidi(); errors.As(err, &be) {
				for _, v := range be.Violations {
					g := fmt.Sprintf("%s %s: %d", v.Component, v.Text, v.Rule)
					if v.Count > 1 {
						g += fmt.Sprintf(" (%d in all)", v.Count)
					}
					got = append(got, g)
					if logical[v.Offset:v.Offset+len(v.Text)] != v.Text {
						t.Errorf("Example %d: violation %v: offset does not point at the text", ex.n, v)
					}
				}
			} else if err != nil {
				t.Fatalf("Example %d: %v is not a *BidiError", ex.n, err)
			}
			want := make([]string, len(ex.broken))
			for k, w := range ex.broken {
				want[k] = fromBidiNotation(w, script.letters)
			}
			if strings.Join(got, "; ") != strings.Join(want, "; ") {
				t.Errorf("Example %d (%s): CheckBidi broken = %q, want %q", ex.n, script.name, got, want)
			}
			if got, want := i.VisualOrder(), fromBidiNotation(script.visual, script.letters); got != want {
				t.Errorf("Example %d (%s): VisualOrder\n got %s\nwant %s", ex.n, script.name, got, want)
			}
		}
	}
}

func TestCheckBidiComponents(t *testing.T) {
	he := func(s string) string { return fromBidiNotation(s, hebrew) }
	tests := []struct {
		in   string
		want []string // component, rule
	}{
		// Rule 1: no mixing of directions in a component.
		{he("http://example.org/abCD"), []string{"segment 1", "segment 2"}},
		{he("http://example.org/AB/cd"), nil},
		// Rule 2: right-to-left components start and end with RTL.
		{he("http://example.org/AB-"), []string{"segment 2"}},
		{he("http://example.org/-AB"), []string{"segment 2"}},
		{he("http://example.org/A-B"), nil},
		// The extension is a component of its own.
		{he("http://example.org/AB.html"), nil},
		{he("http://example.org/AB.cd1"), nil},
		{he("http://example.org/ABc.html"), []string{"segment 1", "segment 2"}},
		// Labels of DNS names; a non-DNS scheme's name is one component.
		{he("http://AB.cd.example/"), nil},
		{he("foo://AB.cd.example/"), []string{"ireg-name 1", "ireg-name 2"}},
		// Userinfo, query names and values, the whole query, the fragment.
		{he("http://AB1@example.org/"), []string{"iuserinfo 2"}},
		{he("http://example.org/?AB=1C&c=DE"), []string{"query value 2"}},
		{he("http://example.org/?AB=1&c=DE"), nil},
		{he("http://example.org/?Ab=C"), []string{"query name 1", "query name 2"}},
		{he("http://example.org/?AB=CD;EF"), nil},
		{he("http://example.org/?ABc"), []string{"iquery 1", "iquery 2"}},
		{he("http://example.org/#1AB"), []string{"ifragment 2"}},
		// Without RTL characters, nothing to report.
		{"http://example.org/résumé?q=1#f", nil},
	}
	for _, tt := range tests {
		var got []string
		var be *BidiError
		if err := MustParse(tt.in).CheckBidi(); errors.As(err, &be) {
			for _, v := range be.Violations {
				got = append(got, fmt.Sprintf("%s %d", v.Component, v.Rule))
				if tt.in[v.Offset:v.Offset+len(v.Text)] != v.Text {
					t.Errorf("%q: violation %v: offset does not point at the text", tt.in, v)
				}
			}
		}
		if strings.Join(got, ", ") != strings.Join(tt.want, ", ") {
			t.Errorf("CheckBidi(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCheckBidiAllocs(t *testing.T) {
	for _, s := range []string{"http://example.org/résumé?q=1#f", fromBidiNotation("http://ab.CDEFGH.ij/kl/mn/op.html", hebrew)} {
		i := MustParse(s)
		if n := testing.AllocsPerRun(100, func() { i.CheckBidi() }); n != 0 {
			t.Errorf("CheckBidi(%q): %v allocations, want 0", s, n)
		}
	}
}

// TestRTLRanges holds rtlRanges, and so mayHaveRTL, to x/text's bidi
// classes: no character outside them is right-to-left.
func TestRTLRanges(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		props, _ := bidi.LookupRune(r)
		if !isRTL(props.Class()) || isBidiControl(r) { // RLM: no IRI holds it
			continue
		}
		in := false
		for _, rg := range rtlRanges {
			in = in || rg[0] <= r && r <= rg[1]
		}
		if !in || !mayHaveRTL(string(r)) {
			t.Errorf("%U is right-to-left (%v) outside rtlRanges", r, props.Class())
		}
	}
}

// TestCheckBidiBounded: the output does not grow with the input, one
// violation per rule and kind of component, each counted: here 100,000
// segments ("א1" and "2ב", 50,000 times) break rule 2.
func TestCheckBidiBounded(t *testing.T) {
	in := "http://h/" + strings.Repeat("א1/2ב/", 50000)
	var be *BidiError
	if !errors.As(MustParse(in).CheckBidi(), &be) {
		t.Fatal("no *BidiError")
	}
	if len(be.Violations) != 1 || be.Violations[0].Count != 100000 || be.Violations[0].Offset != 9 {
		t.Errorf("violations %+v", be.Violations)
	}
	if n := len(be.Error()); n > 512 {
		t.Errorf("Error() has %d bytes for a %d-byte input", n, len(in))
	}
}

// FuzzCheckBidi: at most one violation per rule and kind of component,
// offsets that point at the text, and a message of bounded size.
func FuzzCheckBidi(f *testing.F) {
	f.Add("http://ab.cd.ef/גד1/2הו/זח.html")
	f.Add("http://h/?א=1&ב=2#ג1")
	f.Add("http://u:א1@ב.ג1/")
	f.Fuzz(func(t *testing.T, s string) {
		i, err := ParseReference(s)
		if err != nil {
			return
		}
		var be *BidiError
		if !errors.As(i.CheckBidi(), &be) {
			return
		}
		seen := map[string]bool{}
		for _, v := range be.Violations {
			key := fmt.Sprint(v.Component, v.Rule)
			if seen[key] || v.Count < 1 || s[v.Offset:v.Offset+len(v.Text)] != v.Text {
				t.Fatalf("CheckBidi(%q): violation %+v", s, v)
			}
			seen[key] = true
		}
		if len(be.Error()) > 200+len(be.Violations)*400 {
			t.Fatalf("CheckBidi(%q): a message of %d bytes", s, len(be.Error()))
		}
	})
}

// TestBidiExtension: a segment's extension is a component of its own
// (section 4.2), after the last dot, even when the segment starts with
// one; a single violation's message has no count.
func TestBidiExtension(t *testing.T) {
	var be *BidiError
	if err := MustParse("http://h/.abc\u05d0").CheckBidi(); !errors.As(err, &be) {
		t.Fatalf("CheckBidi = %v", err)
	}
	v := be.Violations[0]
	if v.Component != "extension" || v.Offset != 10 || v.Text != "abc\u05d0" || v.Count != 1 {
		t.Errorf("violation %+v; want the extension %q at byte 10", v, "abc\u05d0")
	}
	if strings.Contains(v.String(), "more of its kind") {
		t.Errorf("one violation reads %q", v.String())
	}
}

// TestBidiCountAndOffsets: a violation repeated in components of one
// kind is reported once with its count in the message, and an extension
// after a dot inside a segment has its own offset.
func TestBidiCountAndOffsets(t *testing.T) {
	err := MustParse("http://h/\u05d0a/\u05d0b").CheckBidi()
	want := `iri: bidi rules of RFC 3987, section 4.2, broken in "http://h/אa/אb"; ` +
		`segment "אa" at byte 9 breaks rule 1: a component SHOULD NOT use both right-to-left and left-to-right characters (and 1 more of its kind); ` +
		`segment "אa" at byte 9 breaks rule 2: a component using right-to-left characters SHOULD start and end with right-to-left characters (and 1 more of its kind)`
	if err == nil || err.Error() != want {
		t.Errorf("CheckBidi = %v\nwant %s", err, want)
	}
	var be *BidiError
	if err := MustParse("http://h/x.abc\u05d0").CheckBidi(); !errors.As(err, &be) || be.Violations[0].Component != "extension" || be.Violations[0].Offset != 11 {
		t.Errorf("CheckBidi(http://h/x.abcא) = %v; want the extension at byte 11", err)
	}
}

// TestBidiMessagesOfLongText: the message of a long IRI quotes the part
// around the first violation (the 40 bytes before it and what follows,
// as every message of the package does), and a violation's text is shown
// whole up to 64 bytes, cut at a character boundary beyond that.
func TestBidiMessagesOfLongText(t *testing.T) {
	s := "http://example.com/" + strings.Repeat("a", 60) + "/\u05d0b"
	want := `iri: bidi rules of RFC 3987, section 4.2, broken in ..."` + strings.Repeat("a", 39) + `/אb"; ` +
		`segment "אb" at byte 80 breaks rule 1: a component SHOULD NOT use both right-to-left and left-to-right characters; ` +
		`segment "אb" at byte 80 breaks rule 2: a component using right-to-left characters SHOULD start and end with right-to-left characters`
	if err := MustParse(s).CheckBidi(); err == nil || err.Error() != want {
		t.Errorf("CheckBidi(%q) = %v\nwant %s", s, err, want)
	}
	rule1 := "a component SHOULD NOT use both right-to-left and left-to-right characters"
	for _, tt := range []struct{ text, shown string }{
		{strings.Repeat("א", 32), strings.Repeat("א", 32)},                     // 64 bytes
		{"a" + strings.Repeat("א", 32), "a" + strings.Repeat("א", 31) + "..."}, // 65 bytes: byte 64 is inside the last א
		{"ab" + strings.Repeat("א", 32), "ab" + strings.Repeat("א", 31) + "..."},
	} {
		v := BidiViolation{Component: "segment", Offset: 9, Text: tt.text, Rule: 1, Count: 1}
		if got, want := v.String(), fmt.Sprintf("segment %q at byte 9 breaks rule 1: %s", tt.shown, rule1); got != want {
			t.Errorf("String() of a text of %d bytes = %s\nwant %s", len(tt.text), got, want)
		}
	}
}
