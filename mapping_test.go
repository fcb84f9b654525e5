package iri

import (
	"fmt"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

func mustRef(t testing.TB, s string) IRI {
	t.Helper()
	i, err := ParseReference(s)
	if err != nil {
		t.Fatalf("ParseReference(%q): %v", s, err)
	}
	return i
}

var toURITests = []struct{ in, want string }{
	// RFC 3987, section 3.1.
	{"http://résumé.example.org", "http://r%C3%A9sum%C3%A9.example.org"},
	{"http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org",
		"http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"},
	{"http://www.example.org/red%09rosé#red", "http://www.example.org/red%09ros%C3%A9#red"},
	// The Old Italic example: characters beyond the BMP.
	{"http://example.com/\U00010300\U00010301\U00010302", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"},
	// Every component, and iprivate in the query.
	{"http://ü@résumé.example.org:80/Dürst?q=€&p=\ue000#ü",
		"http://%C3%BC@r%C3%A9sum%C3%A9.example.org:80/D%C3%BCrst?q=%E2%82%AC&p=%EE%80%80#%C3%BC"},
	{"?\U0010fffd", "?%F4%8F%BF%BD"},
	// Nothing else changes: case, reserved characters, lowercase hex.
	{"HTTP://Example.ORG/%7e/%e2%80%ae/ü", "HTTP://Example.ORG/%7e/%e2%80%ae/%C3%BC"},
	{"../ü/./x", "../%C3%BC/./x"},
	{"", ""},
}

func TestToURI(t *testing.T) {
	for _, tt := range toURITests {
		i := mustRef(t, tt.in)
		got := i.ToURI()
		if got.String() != tt.want {
			t.Errorf("ToURI(%q) = %q, want %q", tt.in, got, tt.want)
		}
		checkReparses(t, got)
		if again := got.ToURI(); again != got {
			t.Errorf("ToURI is not idempotent on %q: %q", got, again)
		}
		if want := mustRef(t, tt.want); got != want || describeShape(got) != describeShape(i) {
			t.Errorf("ToURI(%q) = %#v, want the components of %#v, present where the input has them", tt.in, got, want)
		}
	}
}

// describeShape lists which components are present.
func describeShape(i IRI) string {
	return fmt.Sprint(i.IsAbsolute(), i.HasAuthority(), i.HasUserinfo(), i.HasPort(), i.HasQuery(), i.HasFragment())
}

func TestToURIIdentityOnURIs(t *testing.T) {
	for _, name := range corpora {
		lines, _ := loadCorpus(t, name)
		for _, s := range lines {
			i, err := ParseReference(s)
			if err != nil {
				continue
			}
			u := i.ToURI()
			if !isASCII(u.String()) {
				t.Errorf("ToURI(%q) = %q is not ASCII", s, u)
			}
			if isASCII(s) && u != i {
				t.Errorf("ToURI(%q) = %q changed a URI", s, u)
			}
		}
	}
}

func isASCII(s string) bool { return indexNonASCII(s) < 0 }

func TestToURIWithIDNA(t *testing.T) {
	tests := []struct{ in, want string }{
		// RFC 3987, section 3.1.
		{"http://résumé.example.org", "http://xn--rsum-bpad.example.org"},
		{"http://RÉSUMÉ.example.org/Dürst", "http://xn--rsum-bpad.example.org/D%C3%BCrst"},
		// Percent-encoded UTF-8 in a DNS host is decoded first.
		{"http://r%C3%A9sum%C3%A9.example.org/", "http://xn--rsum-bpad.example.org/"},
		// Any percent-encoding goes through the one IDNA validation.
		{"http://ex%61mple.com/", "http://example.com/"},
		{"https://納豆.example.org:8443/?q=ü", "https://xn--99zt52a.example.org:8443/?q=%C3%BC"},
		{"http://user@ü.example/", "http://user@xn--tda.example/"},
		// ASCII hosts are lowercased, as UTS #46 maps them: the browser
		// goes to paypai.com for a capital I; IP literals and other
		// schemes keep their host.
		{"http://Example.ORG/ü", "http://example.org/%C3%BC"},
		{"http://paypaI.com/", "http://paypai.com/"},
		{"http://[::A]/ü", "http://[::A]/%C3%BC"},
		{"foo://Example.ORG/", "foo://Example.ORG/"},
		{"http://[::1]/ü", "http://[::1]/%C3%BC"},
		{"foo://résumé.example.org/", "foo://r%C3%A9sum%C3%A9.example.org/"},
		{"urn:résumé", "urn:r%C3%A9sum%C3%A9"},
		{"//résumé.example.org/", "//r%C3%A9sum%C3%A9.example.org/"},
	}
	for _, tt := range tests {
		got, err := mustRef(t, tt.in).ToURIWithIDNA()
		if err != nil || got.String() != tt.want {
			t.Errorf("ToURIWithIDNA(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		checkReparses(t, got)
	}
	for _, in := range []string{
		"http://ex%FFample.org/",      // not UTF-8
		"http://\u0301a.example.org/", // a label that starts with a combining mark
		"http://a\u05d0.example.org/", // the bidi rule of RFC 5893
		"http://ex%20ample.com/",      // STD3 rules: no space
		"http://xn--zz.example/",      // punycode that does not decode
	} {
		_, err := mustRef(t, in).ToURIWithIDNA()
		if msg := hostRefusal(err, mustRef(t, in).Host()); msg != "" {
			t.Errorf("ToURIWithIDNA(%q) = %v: %s", in, err, msg)
		}
		// Check applies the same validation.
		if !hasCode(mustRef(t, in).Check(), "idna") {
			t.Errorf("Check(%q) does not report the host that ToURIWithIDNA refuses", in)
		}
	}
}

func TestToURIAllocs(t *testing.T) {
	ascii := mustRef(t, "http://example.org/a/b?c#d")
	nonASCII := mustRef(t, "http://résumé.example.org/Dürst?q=€#ü")
	if n := testing.AllocsPerRun(100, func() { ascii.ToURI() }); n != 0 {
		t.Errorf("ToURI of a URI: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { nonASCII.ToURI() }); n != 1 {
		t.Errorf("ToURI of an IRI: %v allocations, want 1", n)
	}
}

// TestLegacyQueryContinuation80: a character whose UTF-8 form ends in the
// octet 0x80, the first beyond ASCII ("À" is C3 80, "Ā" C4 80), is one
// character of the run the legacy encoding takes; ISO-8859-1 has "À"
// (0xC0) and not "Ā" (U+0100, the browsers' "&#256;").
func TestLegacyQueryContinuation80(t *testing.T) {
	c := Converter{QueryEncoding: charmap.ISO8859_1}
	for in, want := range map[string]string{
		"http://example.org/?q=À":   "http://example.org/?q=%C0",
		"http://example.org/?q=ÀĀx": "http://example.org/?q=%C0%26%23256%3Bx",
	} {
		got, err := c.ToURI(mustRef(t, in))
		if err != nil || got.String() != want {
			t.Errorf("ToURI(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
