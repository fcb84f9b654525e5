package canon

import (
	"errors"
	"strings"
	"testing"

	"github.com/iri-go/iri/web"
)

// TestMigrationReading: ReadRFC3986 changes nothing unless an option says
// so, each option does its one step, and an ambiguous authority is an
// error.
func TestMigrationReading(t *testing.T) {
	rfc := func(c Canonicalizer) Canonicalizer { c.Reading = ReadRFC3986; return c }
	tests := []struct {
		c        Canonicalizer
		in, want string
	}{
		{rfc(Canonicalizer{}), "HTTP://Ex.COM:80/a/../%7e?#", "HTTP://Ex.COM:80/a/../%7e?#"},
		{rfc(Canonicalizer{}), " http://a/b c\t\r\n/d ", "http://a/b c/d"},
		{rfc(Canonicalizer{}), "foo/bar?x#y", "foo/bar?x#y"},
		{rfc(Canonicalizer{}), "http://b\u00fccher.de:/", "http://b\u00fccher.de:/"},
		{rfc(Canonicalizer{}), "urn:isbn:0451450523", "urn:isbn:0451450523"},
		{rfc(Canonicalizer{}), "http://[v1.x:y]/", "http://[v1.x:y]/"},
		{rfc(Canonicalizer{}), "http://@a!b/", "http://@a!b/"},
		{rfc(Canonicalizer{LowercaseScheme: true}), "HTTP://A/", "http://A/"},
		{rfc(Canonicalizer{LowercaseScheme: true}), "HTTZ://A/", "httz://A/"},
		{rfc(Canonicalizer{LowercaseHost: true}), "HTTP://[::FFFF:1.2.3.4]/", "HTTP://[::ffff:1.2.3.4]/"},
		{rfc(Canonicalizer{RemoveEmptyPort: true}), "http://a:/x", "http://a/x"},
		{rfc(Canonicalizer{RemoveEmptyPort: true}), "http://a:8/x", "http://a:8/x"},
		{rfc(Canonicalizer{RemoveDefaultPort: true}), "HTTP://a:80/x", "HTTP://a/x"},
		{rfc(Canonicalizer{NormalizeIPv4: true}), "http://0x7f.1/", "http://127.0.0.1/"},
		{rfc(Canonicalizer{NormalizeIPv4: true}), "http://1.2.3.256/", "http://1.2.3.256/"},
		{rfc(Canonicalizer{NormalizeIPv4: true}), "http://a.b/", "http://a.b/"},
		{rfc(Canonicalizer{RemoveDotSegments: true}), "http://a/b/../c/./d/..", "http://a/c/"},
		{rfc(Canonicalizer{RemoveDotSegments: true}), "http://a/%2e%2E/b", "http://a/%2e%2E/b"},
		{rfc(Canonicalizer{RemoveDotSegments: true}), "http://a/b/%2e%2E/./c", "http://a/b/%2e%2E/c"},
		{rfc(Canonicalizer{RemoveDotSegments: true}), "./../foo", "foo"},
		{rfc(Canonicalizer{RemoveDotSegments: true}), "./a:b", "./a:b"},
		{rfc(Canonicalizer{RemoveDotSegments: true}), "a:/.//x", "a:/.//x"},
		{rfc(Canonicalizer{RemoveDotSegments: true}), "/.//x", "/.//x"},
		{rfc(Canonicalizer{AddRootSlash: true}), "foo://h?x", "foo://h/?x"},
		{rfc(Canonicalizer{AddRootSlash: true}), "mailto:a", "mailto:a"},
		{rfc(Canonicalizer{UppercaseEscapes: true}), "http://a%c3%a9/%3a%2f?%e9#%aa%zz", "http://a%C3%A9/%3A%2F?%E9#%AA%zz"},
		{rfc(Canonicalizer{EncodeNecessary: true}), "http://u%20v@a/a b|c^d%zz%41?x[y]=<1>#f g", "http://u%20v@a/a%20b%7Cc%5Ed%25zz%41?x%5By%5D=%3C1%3E#f%20g"},
		{rfc(Canonicalizer{EncodeNecessary: true}), "http://a/\xe9\xc3\xa9", "http://a/%E9%C3%A9"},
		{rfc(Canonicalizer{HostForm: HostDecoded}), "http://%45x%C3%A9%2F.COM/", "http://ex\u00e9%2F.com/"},
		{rfc(Canonicalizer{HostForm: HostASCII}), "http://B%C3%BCcher.DE/", "http://xn--bcher-kva.de/"},
		{rfc(Canonicalizer{HostForm: HostASCII}), "http://Example.COM/", "http://Example.COM/"},
		// IDNA reads every octet decoded, as a browser's host parser:
		// "%21" is "!" in the name it resolves.
		{rfc(Canonicalizer{HostForm: HostASCII}), "http://%e7%80%80%21/", "http://xn--!-dv0c/"},
		{rfc(Canonicalizer{HostForm: HostUnicode}), "http://XN--bcher-kva.de/", "http://b\u00fccher.de/"},
		{rfc(Canonicalizer{HostForm: HostASCII2003}), "http://stra\u00dfe.de/", "http://strasse.de/"},
		{rfc(Canonicalizer{HostForm: HostASCII2003}), "http://xn--strae-oqa.de/", "http://strasse.de/"},
		{rfc(Canonicalizer{HostForm: HostASCII}), "http://1.2.3.4/", "http://1.2.3.4/"},
		{rfc(Canonicalizer{RemoveUserinfoSchemes: []string{"http"}}), "HTTP://u@a/", "HTTP://a/"},
		{rfc(Canonicalizer{RemoveUserinfoSchemes: []string{"http"}}), "ftp://u@a/", "ftp://u@a/"},
		{rfc(Canonicalizer{RemoveBlankParams: true}), "http://a/?b=&c&a=2&&d==", "http://a/?a=2&d=="},
		{rfc(Canonicalizer{QuerySeparator: ';', SortQuery: QuerySortByName}), "http://a/?c=1;b=2&z;a=3", "http://a/?a=3;b=2&z;c=1"},
		{rfc(Canonicalizer{QuerySeparator: ';', DropParams: []string{"b"}}), "http://a/?c=1;b=2;a=3", "http://a/?c=1;a=3"},
		{rfc(Canonicalizer{QuerySeparator: ';', FormQuery: true}), "http://a/?c 1;b&2", "http://a/?c+1=;b%262="},
		{rfc(Canonicalizer{DropSessionIDs: true}), "http://a/?sid=abc&SID=9682993c8daa2c5497996114facdc805&x=1", "http://a/?sid=abc&x=1"},
		{rfc(Canonicalizer{DropSessionIDs: true}), "http://a/?cfid=1&x=2&cftoken=3&cfid=4&cftoken=", "http://a/?cfid=1&x=2&cftoken=3&cfid=4&cftoken="},
		{rfc(Canonicalizer{DropSessionIDs: true}), "http://a/?aspsessionidABCDEFG1=ABCDEFGHIJKLMNOPQRSTUVWX&ASPSESSIONIDabcdefgh=ABCDEFGHIJKLMNOPQRSTUVWX", "http://a/?aspsessionidABCDEFG1=ABCDEFGHIJKLMNOPQRSTUVWX"},
		{rfc(Canonicalizer{DropSessionIDs: true}), "http://a/?jsessionid=0123456789abcdefghijklemopqrst-v", "http://a/?jsessionid=0123456789abcdefghijklemopqrst-v"},
		{rfc(Canonicalizer{DropSessionIDs: true}), "http://a/?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVW1", "http://a/?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVW1"},
		// The browser readings: the default scheme, and octets that are
		// not UTF-8.
		{Canonicalizer{DefaultScheme: "http"}, "example.com/a", "http://example.com/a"},
		{Canonicalizer{DefaultScheme: "http"}, "example.com:8080/a", "example.com:8080/a"},
		{rfc(Canonicalizer{DefaultScheme: "http", RemoveDotSegments: true}), "./000", "./000"},
		{rfc(Canonicalizer{DefaultScheme: "http", RemoveDotSegments: true}), "a/../b", "http://a/b"},
		{rfc(Canonicalizer{RemoveFragment: true}), "http://a/b #f", "http://a/b%20"},
		{rfc(Canonicalizer{RemoveTrailingSlash: true}), "a \x01/", "a%20%01"},
		// LowercasePath lowercases a hierarchical path's encodings, and
		// leaves an opaque path's as they are: so does encodeEnds.
		{rfc(Canonicalizer{RemoveFragment: true, LowercasePath: true, UppercaseEscapes: true}), "A:\x1a#", "A:%1A"},
		{rfc(Canonicalizer{RemoveFragment: true, LowercasePath: true, UppercaseEscapes: true}), "http://a/B\x1a#", "http://a/b%1a"},
		{rfc(Canonicalizer{RemoveDotSegments: true}), "./ a", "%20a"},
		{Canonicalizer{DefaultScheme: "https"}, " //example.com/a", "https://example.com/a"},
		{Canonicalizer{DefaultScheme: "http"}, "mailto:a", "mailto:a"},
		{Canonicalizer{}, "http://a/\x91\xc3\xa9", "http://a/%91%C3%A9"},
		{Canonicalizer{ReplaceInvalidUTF8: true}, "http://a/\x91", "http://a/%EF%BF%BD"},
		{Canonicalizer{}, "foo://a\x91/", "foo://a%EF%BF%BD/"}, // the browser's host
		{Canonicalizer{HostForm: HostUnicode}, "http://XN--BCHER-KVA.de/", "http://b\u00fccher.de/"},
		{Canonicalizer{HostForm: HostASCII2003}, "http://stra\u00dfe.de/", "http://strasse.de/"},
		{rfc(Canonicalizer{DefaultScheme: "http"}), "example.com/a", "http://example.com/a"},
		{rfc(Canonicalizer{DefaultScheme: "http"}), "//example.com/a", "http://example.com/a"},
		{rfc(Canonicalizer{DefaultScheme: "http"}), "/a", "/a"},
		{rfc(Canonicalizer{DefaultScheme: "http"}), "?q", "?q"},
	}
	for _, tt := range tests {
		if got, err := tt.c.Canonicalize(tt.in); err != nil || got != tt.want {
			t.Errorf("%+v.Canonicalize(%q) = %q, %v; want %q", tt.c, tt.in, got, err, tt.want)
		}
		if got, err := tt.c.Canonicalize(tt.want); err != nil || got != tt.want {
			t.Errorf("%+v.Canonicalize(%q) = %q, %v; want it unchanged", tt.c, tt.want, got, err)
		}
	}
	errs := []struct {
		c        Canonicalizer
		in, rule string
		offset   int // of what is wrong in the input (ReadRFC3986's authority); 0 when Err says where
	}{
		{rfc(Canonicalizer{}), "http://evil.com\\@good.com/", "invalid-authority", 15},
		{rfc(Canonicalizer{}), "http://u@good.com@evil.com/", "invalid-userinfo", 17},
		{rfc(Canonicalizer{}), "http://u<@a/", "invalid-userinfo", 8},
		{rfc(Canonicalizer{}), "http://a b/", "invalid-host", 8},
		{rfc(Canonicalizer{}), "http://a b?q#f", "invalid-host", 8},
		{rfc(Canonicalizer{}), " http://a b#f", "invalid-host", 9},
		{rfc(Canonicalizer{}), "http://a%zz/", "invalid-host", 8},
		{rfc(Canonicalizer{}), "http://a\xff/", "invalid-host", 8},
		{rfc(Canonicalizer{}), "http://a:8x/", "invalid-port", 9},
		{rfc(Canonicalizer{}), "http://a:x/", "invalid-port", 9},
		{rfc(Canonicalizer{}), "http://u@a:80:80/", "invalid-port", 11},
		{rfc(Canonicalizer{}), "http://[::1/", "invalid-host", 7},
		{rfc(Canonicalizer{}), "http://[::1]x/", "invalid-port", 12},
		{rfc(Canonicalizer{}), "http://[v1]/", "invalid-host", 7},
		{rfc(Canonicalizer{}), "http://[v.x]/", "invalid-host", 7},
		{rfc(Canonicalizer{}), "http://[vg.x]/", "invalid-host", 7}, // IPvFuture: "v" 1*HEXDIG "." ...
		{rfc(Canonicalizer{}), "http://[v1g.x]/", "invalid-host", 7},
		{rfc(Canonicalizer{HostForm: HostASCII}), "http://abc%FEdef.org/", "invalid-host", 0},
		{rfc(Canonicalizer{HostForm: HostUnicode}), "http://xn--a.com/", "invalid-host", 0},
		{Canonicalizer{DefaultScheme: "http"}, "/a", "invalid-url", 0},
		{Canonicalizer{DefaultScheme: "http"}, "\\a", "invalid-url", 0},
	}
	for _, tt := range errs {
		got, err := tt.c.Canonicalize(tt.in)
		var ce *Error
		if !errors.As(err, &ce) || ce.Rule != tt.rule || ce.Offset != tt.offset {
			t.Errorf("%+v.Canonicalize(%q) = %q, %#v; want a %s error at offset %d", tt.c, tt.in, got, err, tt.rule, tt.offset)
		}
	}
	// The error's offset is in the input, and a password is hidden as in
	// a text a browser refuses: all before the last "@".
	_, err := rfc(Canonicalizer{}).Canonicalize(" http://u:secret@good.com@evil.com/")
	var ce *Error
	if !errors.As(err, &ce) || ce.Offset != 25 || ce.Input != " http://xxxxx@evil.com/" {
		t.Errorf("Canonicalize: error %#v; want offset 25 (the second \"@\") and the password hidden", err)
	}
}

// TestBase: relative references resolved against a page's URL: RFC 3986,
// section 5.4.1's examples under ReadRFC3986, and the URL Standard's
// reading under the browser's.
func TestBase(t *testing.T) {
	base := web.MustParse("http://a/b/c/d;p?q")
	rfc := Canonicalizer{Reading: ReadRFC3986, Base: &base}
	for ref, want := range map[string]string{
		"g:h": "g:h", "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/",
		"/g": "http://a/g", "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y",
		"#s": "http://a/b/c/d;p?q#s", "g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s",
		";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x", "g;x?y#s": "http://a/b/c/g;x?y#s",
		"": "http://a/b/c/d;p?q", ".": "http://a/b/c/", "./": "http://a/b/c/", "..": "http://a/b/",
		"../": "http://a/b/", "../g": "http://a/b/g", "../..": "http://a/", "../../": "http://a/",
		"../../g": "http://a/g", "../../../g": "http://a/g", "/./g": "http://a/g", "/../g": "http://a/g",
		"g.": "http://a/b/c/g.", ".g": "http://a/b/c/.g", "g..": "http://a/b/c/g..", "..g": "http://a/b/c/..g",
		"./../g": "http://a/b/g", "./g/.": "http://a/b/c/g/", "g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h",
	} {
		if got, err := rfc.Canonicalize(ref); err != nil || got != want {
			t.Errorf("ReadRFC3986 against %v: Canonicalize(%q) = %q, %v; want %q", base, ref, got, err, want)
		}
	}
	browser := Canonicalizer{Base: &base}
	for ref, want := range map[string]string{
		"../g": "http://a/b/g", "\\\\h/x": "http://h/x", "g h": "http://a/b/c/g%20h",
	} {
		if got, err := browser.Canonicalize(ref); err != nil || got != want {
			t.Errorf("ReadBrowser against %v: Canonicalize(%q) = %q, %v; want %q", base, ref, got, err, want)
		}
	}
	opaque := web.MustParse("mailto:a")
	if got, err := (Canonicalizer{Reading: ReadRFC3986, Base: &opaque}).Canonicalize("b"); err != nil || got != "mailto:b" {
		t.Errorf("against mailto:a: Canonicalize(b) = %q, %v; want mailto:b", got, err)
	}
}

// TestNoSilentCollisions: two URLs that differ only in octets that are
// not UTF-8 keep two keys under every preset that reads as a browser
// does (the octets stay percent-encoded as they are), and merge only
// when ReplaceInvalidUTF8 asks for the browser's U+FFFD.
func TestNoSilentCollisions(t *testing.T) {
	for name, c := range map[string]Canonicalizer{"Semantic": Semantic, "Dedup": Dedup, "Archive": Archive, "SafeBrowsing": SafeBrowsing} {
		a, errA := c.Canonicalize("http://example.com/foo\x91?q=\x91")
		b, errB := c.Canonicalize("http://example.com/foo\x92?q=\x92")
		if errA != nil || errB != nil || a == b {
			t.Errorf("%s: keys %q, %v and %q, %v; want two keys", name, a, errA, b, errB)
		}
		c.ReplaceInvalidUTF8 = true
		a, _ = c.Canonicalize("http://example.com/foo\x91")
		b, _ = c.Canonicalize("http://example.com/foo\x92")
		if a != b || !strings.Contains(strings.ToUpper(a), "%EF%BF%BD") {
			t.Errorf("%s with ReplaceInvalidUTF8: keys %q and %q; want one, with U+FFFD", name, a, b)
		}
	}
	if got, _ := Semantic.Canonicalize("http://example.com/foo\x91"); got != "http://example.com/foo%91" {
		t.Errorf("Semantic.Canonicalize(foo\\x91) = %q, want http://example.com/foo%%91", got)
	}
}

// TestDefaultSchemeAfterTabs: whether a text without a scheme starts with
// "//" is decided on the text the reading reads, its tabs and line breaks
// removed, so that a key reads back as itself (FuzzMigration).
func TestDefaultSchemeAfterTabs(t *testing.T) {
	for _, tt := range []struct {
		c       Canonicalizer
		in, out string
	}{
		{Canonicalizer{Reading: ReadRFC3986, DefaultScheme: "http"}, "/\r\r/example.com/a", "http://example.com/a"},
		{Canonicalizer{Reading: ReadRFC3986, DefaultScheme: "http"}, "//example.com/a", "http://example.com/a"},
		{Canonicalizer{Reading: ReadRFC3986, DefaultScheme: "http"}, "/\ta", "/a"},
		{Canonicalizer{DefaultScheme: "http"}, "/\t/example.com/a", "http://example.com/a"},
		{Canonicalizer{DefaultScheme: "http"}, "\texample.com/a", "http://example.com/a"},
	} {
		got, err := tt.c.Canonicalize(tt.in)
		if err != nil || got != tt.out {
			t.Errorf("%+v.Canonicalize(%q) = %q, %v; want %q", tt.c, tt.in, got, err, tt.out)
		}
		if again, err := tt.c.Canonicalize(got); err != nil || again != got {
			t.Errorf("%+v.Canonicalize(%q) = %q, %v: not its own key", tt.c, got, again, err)
		}
	}
}

// TestHostFormEncodesAgain: under ReadRFC3986, a HostForm that decodes the
// host for IDNA writes again encoded what a reg-name cannot hold raw
// (RFC 3986, section 3.2.2), so that the key reads as itself ("%60" read
// as "`" made "//`", which the reading refuses; FuzzMigration).
func TestHostFormEncodesAgain(t *testing.T) {
	for _, tt := range []struct {
		c       Canonicalizer
		in, out string
	}{
		{Canonicalizer{Reading: ReadRFC3986, HostForm: HostASCII2003}, "//%60", "//%60"},
		// A browser reads the host as "xn--`-9fa.com" (whatwg-url).
		{Canonicalizer{Reading: ReadRFC3986, HostForm: HostASCII}, "http://%C3%A9%60.com/", "http://xn--%60-9fa.com/"},
		{Canonicalizer{Reading: ReadRFC3986, HostForm: HostUnicode}, "http://%C3%A9%60.com/", "http://é%60.com/"},
		// The browser's reading writes the host as a browser does.
		{Canonicalizer{HostForm: HostASCII2003}, "http://%60/", "http://`/"},
	} {
		got, err := tt.c.Canonicalize(tt.in)
		if err != nil || got != tt.out {
			t.Errorf("%+v.Canonicalize(%q) = %q, %v; want %q", tt.c, tt.in, got, err, tt.out)
		}
		if again, err := tt.c.Canonicalize(got); err != nil || again != got {
			t.Errorf("%+v.Canonicalize(%q) = %q, %v: not its own key", tt.c, got, again, err)
		}
	}
}
