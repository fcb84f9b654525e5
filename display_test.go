package iri

import (
	"strings"
	"testing"

	"golang.org/x/net/idna"
)

func TestDisplay(t *testing.T) {
	he := func(s string) string { return fromBidiNotation(s, hebrew) }
	i := MustParse(he("http://ab.CDEFGH.ij/kl"))
	if got := i.Display(); got != "\u202a"+i.String()+"\u202c" {
		t.Errorf("Display = %q", got)
	}
	tests := []struct {
		in      string
		canShow func(rune) bool
		want    string
	}{
		// A component that breaks a rule of 4.2 is encoded whole.
		{he("http://ab.cd.ef/GH1/KL.html"), nil, "http://ab.cd.ef/%D7%96%D7%971/" + he("KL") + ".html"},
		// Invisible and look-alike characters (section 6.1).
		{"http://example.org/a\u200bb\uff21", nil, "http://example.org/a%E2%80%8Bb%EF%BC%A1"},
		// What the renderer cannot show (section 7.6).
		{"http://example.org/résumé/日本", func(r rune) bool { return r < 0x3000 }, "http://example.org/résumé/%E6%97%A5%E6%9C%AC"},
		{"http://example.org/a", nil, "http://example.org/a"},
	}
	for _, tt := range tests {
		got := MustParse(tt.in).DisplayEncoded(tt.canShow)
		if got != "\u202a"+tt.want+"\u202c" {
			t.Errorf("DisplayEncoded(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDisplayPolicy checks that the displays keep in punycode the labels
// the policy refuses, as browsers do, and show the others in Unicode
// (package idn's tests hold idn.DisplayHost to more hosts); the host of a
// scheme without DNS names is shown as written.
func TestDisplayPolicy(t *testing.T) {
	tests := []struct {
		in               string
		display, unicode string // Display without its embedding; Converter{UnicodeHosts} ToIRI
	}{
		{"http://\u0430\u0440\u0440\u04cf\u0435.com/", "http://xn--80ak6aa92e.com/", "http://\u0430\u0440\u0440\u04cf\u0435.com/"},
		{"http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/"},
		{"http://bücher.de/", "http://bücher.de/", "http://bücher.de/"},
		{"http://xn--bcher-kva.de/", "http://xn--bcher-kva.de/", "http://bücher.de/"},
		{"http://xn--e1afmkfd.xn--p1ai/", "http://xn--e1afmkfd.xn--p1ai/", "http://пример.рф/"},
		{"http://Example.COM/", "http://example.com/", "http://Example.COM/"}, // ASCII as IDNA maps it
		{"http://paypaI.com/", "http://paypai.com/", "http://paypaI.com/"},    // a capital I: where the request goes
		{"foo://Example.COM/", "foo://Example.COM/", "foo://Example.COM/"},
		{"foo://\u0430\u0440\u0440\u04cf\u0435.com/", "foo://\u0430\u0440\u0440\u04cf\u0435.com/", "foo://\u0430\u0440\u0440\u04cf\u0435.com/"},
		{"foo://xn--bcher-kva.de/", "foo://xn--bcher-kva.de/", "foo://xn--bcher-kva.de/"},
		{"http://B\u00fccher.de/x", "http://bücher.de/x", "http://B\u00fccher.de/x"}, // shown as IDNA maps it
		{"http://xn--fu-hia.de/", "http://xn--fu-hia.de/", "http://fuß.de/"},         // fuß: a deviation character, shown as Chromium shows it
		{"http://xn--0-sfa.xn--4db/", "http://xn--0-sfa.xn--4db/", "http://xn--0-sfa.xn--4db/"},
	}
	for _, tt := range tests {
		i := MustParse(tt.in)
		if got := strings.Trim(i.Display(), "\u202a\u202c"); got != tt.display {
			t.Errorf("Display(%q) = %q, want %q", tt.in, got, tt.display)
		}
		if got := strings.Trim(i.DisplayEncoded(nil), "\u202a\u202c"); got != tt.display {
			t.Errorf("DisplayEncoded(%q) = %q, want %q", tt.in, got, tt.display)
		}
		if got := (Converter{UnicodeHosts: true}).ToIRI(i).String(); got != tt.unicode {
			t.Errorf("ToIRI with UnicodeHosts(%q) = %q, want %q", tt.in, got, tt.unicode)
		}
	}
	// The Converter's profile converts the labels shown.
	transitional := Converter{UnicodeHosts: true, IDNA: idna.New(idna.MapForLookup(), idna.Transitional(true))}
	if got := transitional.ToIRI(MustParse("http://xn--fu-hia.de/")).Host(); got != "xn--fu-hia.de" {
		t.Errorf("ToIRI with a transitional profile: host %q", got)
	}
	// A host IDNA refuses as a whole is an error of Check.
	if i := MustParse("http://xn--0-sfa.xn--4db/"); !hasCode(i.Check(), "idna") {
		t.Errorf("Check = %v, want idna", i.Check())
	}
}

// TestVisualOrderBrackets: rule N0 of UAX #9 gives a bracket pair the
// direction of the strong text inside it when that is opposite the
// embedding direction and the text before the pair has it too: in
// "ב(ג)d" both brackets are right-to-left, so ")" does not stay beside
// "d" as the neutral rules alone would leave it ("ג(ב)d").
func TestVisualOrderBrackets(t *testing.T) {
	if got, want := MustParse("http://h/\u05d1(\u05d2)d").VisualOrder(), "http://h/)\u05d2(\u05d1d"; got != want {
		t.Errorf("VisualOrder = %q, want %q", got, want)
	}
}

// TestVisualOrderStart: at the start of a reference, a mark takes the
// class of the letter before it (W1), and the text before a bracket pair
// from the first character on counts as its context (N0).
func TestVisualOrderStart(t *testing.T) {
	for in, want := range map[string]string{
		"\u05d0\u0591b":   "\u0591\u05d0b",
		"\u05d1(\u05d2)d": ")\u05d2(\u05d1d",
	} {
		if got := MustParseReference(in).VisualOrder(); got != want {
			t.Errorf("VisualOrder(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDisplayEncodedEveryComponent: DisplayEncoded encodes every
// component that breaks a rule of section 4.2, not only the first of its
// kind that CheckBidi names (and counts the rest of).
func TestDisplayEncodedEveryComponent(t *testing.T) {
	for in, want := range map[string]string{
		// Two segments that end in a digit (rule 2), a third that keeps
		// the rules.
		"http://example.com/\u05d0\u05d1\u05d21/\u05d3\u05d4\u05d52/\u05d6\u05d7": "http://example.com/%D7%90%D7%91%D7%921/%D7%93%D7%94%D7%952/\u05d6\u05d7",
		// Two query values, two labels of a host that is not a DNS name's
		// (rule 1: both directions): its one ireg-name.
		"http://example.com/?a=\u05d0\u05d11&b=\u05d2\u05d32": "http://example.com/?a=%D7%90%D7%911&b=%D7%92%D7%932",
		"foo://a\u05d0.b\u05d1/":                              "foo://a%D7%90.b%D7%91/",
	} {
		if got := MustParse(in).DisplayEncoded(nil); got != "\u202a"+want+"\u202c" {
			t.Errorf("DisplayEncoded(%q) = %q, want %q", in, got, want)
		}
	}
}
