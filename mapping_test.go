package iri

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
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
		// ASCII hosts, IP literals and other schemes keep their host.
		{"http://Example.ORG/ü", "http://Example.ORG/%C3%BC"},
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
		var he *HostError
		if !errors.As(err, &he) || he.Host != mustRef(t, in).Host() {
			t.Errorf("ToURIWithIDNA(%q) = %v, want a *HostError", in, err)
		}
		// Check applies the same validation.
		if !hasCode(mustRef(t, in).Check(), "idna") {
			t.Errorf("Check(%q) does not report the host that ToURIWithIDNA refuses", in)
		}
	}
}

func TestConverterProfile(t *testing.T) {
	c := Converter{ASCIIHosts: true, IDNA: idna.Punycode}
	got, err := c.ToURI(mustRef(t, "http://Résumé.example.org/"))
	// The Punycode profile neither maps case nor validates.
	if err != nil || got.String() != "http://xn--Rsum-bpad.example.org/" {
		t.Errorf("Punycode profile: %q, %v", got, err)
	}
}

func TestConverterQueryEncoding(t *testing.T) {
	tests := []struct {
		in   string
		c    Converter
		want string
	}{
		{"http://example.org/ü?q=ü#ü", Converter{QueryEncoding: charmap.Windows1252}, "http://example.org/%C3%BC?q=%FC#%C3%BC"},
		{"https://example.org/?q=€", Converter{QueryEncoding: charmap.Windows1252}, "https://example.org/?q=%80"},
		// A character the encoding lacks: the browsers' "&#N;".
		{"http://example.org/?q=☃", Converter{QueryEncoding: charmap.ISO8859_1}, "http://example.org/?q=%26%239731%3B"},
		// Every octet is encoded, even 0x5C, the second one of "ソ".
		{"http://example.jp/?q=ソ", Converter{QueryEncoding: japanese.ShiftJIS}, "http://example.jp/?q=%83%5C"},
		// Other schemes and components keep UTF-8.
		{"ftp://example.org/?q=ü", Converter{QueryEncoding: charmap.Windows1252}, "ftp://example.org/?q=%C3%BC"},
		{"wss://example.org/?q=ü", Converter{QueryEncoding: charmap.Windows1252}, "wss://example.org/?q=%C3%BC"},
		// With IDNA too.
		{"http://résumé.example.org/?q=é", Converter{ASCIIHosts: true, QueryEncoding: charmap.ISO8859_1},
			"http://xn--rsum-bpad.example.org/?q=%E9"},
	}
	for _, tt := range tests {
		got, err := tt.c.ToURI(mustRef(t, tt.in))
		if err != nil || got.String() != tt.want {
			t.Errorf("ToURI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		checkReparses(t, got)
	}
}

func TestParseEncoded(t *testing.T) {
	// RFC 3987, section 3.1, step 1 b: windows-1258 writes "ệ" as "ê"
	// followed by COMBINING DOT BELOW; NFC gives the precomposed U+1EC7.
	i, err := ParseEncoded([]byte("http://example.org/Vi\xea\xf2t_Nam"), charmap.Windows1258)
	if err != nil || i.Path() != "/Vi\u1ec7t_Nam" {
		t.Errorf("windows-1258: %q, %v; want path %q", i, err, "/Vi\u1ec7t_Nam")
	}
	i, err = ParseEncoded([]byte("http://example.org/r\xe9sum\xe9"), charmap.ISO8859_1)
	if err != nil || i.Path() != "/résumé" {
		t.Errorf("ISO-8859-1: %q, %v", i, err)
	}
	i, err = ParseEncoded([]byte("http://example.jp/\x93\xfa\x96\x7b"), japanese.ShiftJIS)
	if err != nil || i.Path() != "/日本" {
		t.Errorf("Shift_JIS: %q, %v", i, err)
	}
	if _, err := ParseEncoded([]byte("http://example.org/a b"), charmap.ISO8859_1); err == nil {
		t.Error("ParseEncoded accepted a space")
	}
	// Variant c: Unicode text is never normalized.
	nfd := "http://example.org/re\u0301sume\u0301"
	if i := mustRef(t, nfd); i.String() != nfd {
		t.Errorf("ParseReference normalized %q to %q", nfd, i)
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

// TestConverterIDNAOnToIRI checks that Converter.IDNA is the profile of
// ToIRI too: a label longer than DNS allows converts under idna.Lookup,
// which does not verify lengths, and stays in punycode under a profile
// that does.
func TestConverterIDNAOnToIRI(t *testing.T) {
	long := "ü" + strings.Repeat("a", 62)
	ascii, err := idna.Lookup.ToASCII(long)
	if err != nil || len(ascii) <= 63 {
		t.Fatalf("ToASCII(%q) = %q, %v", long, ascii, err)
	}
	in := MustParse("http://" + ascii + ".example/")
	if got, want := (Converter{UnicodeHosts: true}).ToIRI(in).Host(), long+".example"; got != want {
		t.Errorf("ToIRI with idna.Lookup: host %q, want %q", got, want)
	}
	strict := Converter{UnicodeHosts: true, IDNA: idna.New(idna.MapForLookup(), idna.VerifyDNSLength(true))}
	if got, want := strict.ToIRI(in).Host(), ascii+".example"; got != want {
		t.Errorf("ToIRI with a profile verifying lengths: host %q, want %q", got, want)
	}
}

// TestConverterDocSchemes walks the schemes the Converter's doc names and
// the scheme table: the two must agree.
func TestConverterDocSchemes(t *testing.T) {
	doc := []string{"http", "https", "ws", "wss", "ftp", "ftps", "sftp", "ssh", "telnet", "gopher", "ldap", "ldaps",
		"irc", "ircs", "nntp", "rtsp", "rtsps", "git", "imap", "pop", "file"}
	var table []string
	for _, f := range schemes {
		if f.rule.DNSHost {
			table = append(table, f.name)
		}
	}
	slices.Sort(doc)
	slices.Sort(table)
	if !slices.Equal(doc, table) {
		t.Errorf("the Converter doc names %v; the scheme table has DNS hosts for %v", doc, table)
	}
}
