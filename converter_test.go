package iri

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

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

func TestToIRIUnicodeHosts(t *testing.T) {
	c := Converter{UnicodeHosts: true}
	tests := []struct{ in, want string }{
		// RFC 3987, section 3.2.1.
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://納豆.example.org/%E2%80%AE"},
		{"http://xn--rsum-bpad.EXAMPLE.org/", "http://résumé.example.org/"}, // shown as IDNA maps it
		{"http://XN--RSUM-BPAD.example.org/", "http://résumé.example.org/"},
		// Invalid punycode, labels that do not convert back, other schemes
		// and IP literals: unchanged.
		{"http://xn--a.example.org/", "http://xn--a.example.org/"},
		{"http://xn--abc-.example.org/", "http://xn--abc-.example.org/"},
		{"http://xn--.example.org/", "http://xn--.example.org/"},
		{"http://xn--bcher-kva.xn--wgv71a119e/", "http://bücher.日本語/"},
		{"http://xn--tda.example/", "http://ü.example/"},
		{"foo://xn--rsum-bpad.example.org/", "foo://xn--rsum-bpad.example.org/"},
		{"http://[::1]/", "http://[::1]/"},
		{"http://a-b.example/%C3%BC", "http://a-b.example/ü"},
	}
	for _, tt := range tests {
		got := c.ToIRI(mustRef(t, tt.in))
		if got.String() != tt.want {
			t.Errorf("ToIRI(%q) = %q, want %q", tt.in, got, tt.want)
		}
		checkReparses(t, got)
	}
}

// TestConverterUnicodeHostOffsets: with UnicodeHosts, the components after
// a host written in Unicode are where they should be.
func TestConverterUnicodeHostOffsets(t *testing.T) {
	r := Converter{UnicodeHosts: true}.ToIRI(MustParse("http://xn--bcher-kva.de/path?q#f"))
	if r.String() != "http://bücher.de/path?q#f" || r.Host() != "bücher.de" || r.Path() != "/path" || r.Query() != "q" || r.Fragment() != "f" {
		t.Errorf("ToIRI = %q: host %q, path %q, query %q, fragment %q", r, r.Host(), r.Path(), r.Query(), r.Fragment())
	}
	checkReparses(t, r)
}

// TestConverterQueryFirstCharacter: a query that starts with a character
// beyond ASCII is in the document's encoding too.
func TestConverterQueryFirstCharacter(t *testing.T) {
	u, err := Converter{QueryEncoding: charmap.ISO8859_1}.ToURI(MustParse("http://h/?\u00e9"))
	if err != nil || u.String() != "http://h/?%E9" {
		t.Errorf("ToURI = %q, %v; want http://h/?%%E9", u, err)
	}
}
