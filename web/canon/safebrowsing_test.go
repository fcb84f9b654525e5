package canon

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/web"
)

// safeBrowsingDocTests are the examples of Google Safe Browsing's "URLs
// and Hashing" documentation, section "Canonicalization" (API v4, the
// same in the v5 reference), in its order, then the IPv6 examples of the
// v5 text, then the extra example of Yandex's Safe Browsing documentation
// of the same algorithm.
var safeBrowsingDocTests = []struct{ in, want string }{
	{"http://host/%25%32%35", "http://host/%25"},
	{"http://host/%25%32%35%25%32%35", "http://host/%25%25"},
	{"http://host/%2525252525252525", "http://host/%25"},
	{"http://host/asdf%25%32%35asd", "http://host/asdf%25asd"},
	{"http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"},
	{"http://www.google.com/", "http://www.google.com/"},
	{"http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/", "http://168.188.99.26/.secure/www.ebay.com/"},
	{"http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/"},
	{"http://3279880203/blah", "http://195.127.0.11/blah"},
	{"http://www.google.com/blah/..", "http://www.google.com/"},
	{"www.google.com/", "http://www.google.com/"},
	{"www.google.com", "http://www.google.com/"},
	{"http://www.evil.com/blah#frag", "http://www.evil.com/blah"},
	{"http://www.GOOgle.com/", "http://www.google.com/"},
	{"http://www.google.com.../", "http://www.google.com/"},
	{"http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"},
	{"http://www.google.com/q?", "http://www.google.com/q?"},
	{"http://www.google.com/q?r?", "http://www.google.com/q?r?"},
	{"http://www.google.com/q?r?s", "http://www.google.com/q?r?s"},
	{"http://evil.com/foo#bar#baz", "http://evil.com/foo"},
	{"http://evil.com/foo;", "http://evil.com/foo;"},
	{"http://evil.com/foo?bar;", "http://evil.com/foo?bar;"},
	{"http://notrailingslash.com", "http://notrailingslash.com/"},
	{"http://www.gotaport.com:1234/", "http://www.gotaport.com/"},
	{"  http://www.google.com/  ", "http://www.google.com/"},
	{"https://www.securesite.com/", "https://www.securesite.com/"},
	{"http://host.com/ab%23cd", "http://host.com/ab%23cd"},
	{"http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"},

	// v5: "[2001:0db8:0000::1] should be transformed into [2001:db8::1]",
	// "[::ffff:1.2.3.4] ... into 1.2.3.4", "[64:ff9b::1.2.3.4] ... into
	// 1.2.3.4".
	{"http://[2001:0db8:0000::1]/", "http://[2001:db8::1]/"},
	{"http://[::ffff:1.2.3.4]/", "http://1.2.3.4/"},
	{"http://[64:ff9b::1.2.3.4]/", "http://1.2.3.4/"},

	// Yandex Safe Browsing, "URL and hashing".
	{"http://%32%31%33%2e%31%38%30%2e%32%31%30%2e5/%2e%73%65%63%75%72%65%2f%77%77%77%2e%6d%6f%69%6b%72%75%67%2e%72%75/", "http://213.180.210.5/.secure/www.moikrug.ru/"},
}

// safeBrowsingDocRefused are the documentation's examples whose host a
// browser refuses, with the key the documentation gives: browsers refuse
// these hosts (a space, a "#", a control or an octet that is not UTF-8
// in a domain), so no request is made and there is nothing to look up.
// Each is an error that wraps the browser's *web.Error.
var safeBrowsingDocRefused = []struct{ in, docKey string }{
	{"http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+"},
	{"http://\x01\x80.com/", "http://%01%80.com/"},
	{"http:// leadingspace.com/", "http://%20leadingspace.com/"},
	{"http://%20leadingspace.com/", "http://%20leadingspace.com/"},
	{"%20leadingspace.com/", "http://%20leadingspace.com/"},
}

func TestSafeBrowsingDocumentation(t *testing.T) {
	for _, tt := range safeBrowsingDocTests {
		got, err := SafeBrowsing.Canonicalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("SafeBrowsing.Canonicalize(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, tt := range safeBrowsingDocRefused {
		got, err := SafeBrowsing.Canonicalize(tt.in)
		var pe *web.Error
		if !errors.Is(err, ErrCanonicalize) || !errors.As(err, &pe) || !errors.Is(err, web.ErrInvalidHost) {
			t.Errorf("SafeBrowsing.Canonicalize(%q) = %q, %v; want an invalid-host error (the documentation's key %q names a host no browser fetches)", tt.in, got, err, tt.docKey)
		}
	}
}

// TestSafeBrowsingMore covers what the documentation says in words:
// every IPv4 number form, IDN, userinfo, escapes of the other octets.
func TestSafeBrowsingMore(t *testing.T) {
	tests := []struct{ in, want string }{
		// "any legal IP-address encoding, including octal, hex, and fewer
		// than four components"
		{"http://0x12.0x43.0x44.0x01/", "http://18.67.68.1/"},
		{"http://012.034.01.055/", "http://10.28.1.45/"},
		{"http://12.0x12.01234/", "http://12.18.2.156/"},
		{"http://167838211/", "http://10.1.2.3/"},
		{"http://4294967295/", "http://255.255.255.255/"},
		{"http://0x7f.1/", "http://127.0.0.1/"},
		{"http://2.16777215/", "http://2.255.255.255/"},
		{"http://192.168.0.1:80/index.html", "http://192.168.0.1/index.html"},
		// Not a number, so a domain.
		{"http://1.2.3.00x0/", "http://1.2.3.00x0/"},
		// Dots and case.
		{"http://..google.com/foo.html", "http://google.com/foo.html"},
		{"http://google...com/foo.html", "http://google.com/foo.html"},
		{"http://google.com.:8080/foo.html", "http://google.com/foo.html"},
		// Dots stay when trimming them would make an IPv4 address of a
		// domain (which a browser would then read as 0.0.0.0).
		{"http://0000../", "http://0000../"},
		{"http://..1.2.3.4../", "http://..1.2.3.4../"},
		{"http://..1.2.3.a../", "http://1.2.3.a/"},
		{"HTTP://W!eird$&'()*+,;=Ho.com/", "http://w!eird$&'()*+,;=ho.com/"},
		{"HTTPZ://a.com/", "httpz://a.com/"},
		{"Z+1.-://a.com/", "z+1.-://a.com/"},
		// IPv6 literals.
		{"http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html", "http://[fedc:ba98:7654:3210:fedc:ba98:7654:3210]/index.html"},
		{"http://[2001:470:1:18::114]/", "http://[2001:470:1:18::114]/"},
		// Only ::ffff:0:0/96 and 64:ff9b::/96 become IPv4.
		{"http://[64:ff9b:0:0:1::1.2.3.4]/", "http://[64:ff9b::1:0:102:304]/"},
		{"http://[64:ff9b:1::1.2.3.4]/", "http://[64:ff9b:1::102:304]/"},
		{"http://[64:ff9b:0:1::1.2.3.4]/", "http://[64:ff9b:0:1::102:304]/"},
		{"http://[0:0:0:1:0:ffff:1.2.3.4]/", "http://[::1:0:ffff:102:304]/"},
		{"http://[1::ffff:1.2.3.4]/", "http://[1::ffff:102:304]/"},
		{"http://[::1:ffff:1.2.3.4]/", "http://[::1:ffff:102:304]/"},
		{"http://[::1.2.3.4]/", "http://[::102:304]/"},
		// IDN to Punycode; hosts that are not UTF-8 are escaped.
		{"http://www.\u00fcmlat.com/", "http://www.xn--mlat-zra.com/"},
		{"http://www.%C3%BCmlat.com/", "http://www.xn--mlat-zra.com/"},
		{"http://B\u00dccher.ch/", "http://xn--bcher-kva.ch/"},
		{"http://\u2603.com/", "http://xn--n3h.com/"},
		// Decoding makes delimiters in the path and the query.
		{"http://www.google.com/q?r?s%3F", "http://www.google.com/q?r?s?"},
		{"http://a.com/b%3Fc?d", "http://a.com/b?c?d"},
		{"http://a.com/b%3Fc", "http://a.com/b?c"},
		{"http://a.com/?%41", "http://a.com/?A"},
		{"http://a.com/b//", "http://a.com/b/"},
		{"http://a.com/b%2Fc%5Cd/%252e%252E/e", "http://a.com/b/c/e"},
		{"http://a.com/b%2Fc%5Cd/%2e%2E/e", "http://a.com/e"}, // the browser's ".."
		{"http://a.com/b%252F..%252F%252Fc", "http://a.com/c"},
		{"foo://a.com/b%5Cc", "foo://a.com/b\\c"},
		{"http://a.com/b%23c?d%23e", "http://a.com/b%23c?d%23e"},
		// The browser's reading: the slash-less forms, "\\", no
		// authority needed, and a "//" before the host skipped.
		{"http:www.google.com:8080/foo.html", "http://www.google.com/foo.html"},
		{"http:///blah;param?query#ref", "http://blah;param/?query"},
		{"HTTPS:\\\\a.com\\b", "https://a.com/b"},
		// An opaque host (of a scheme that is not special) decoded,
		// lowercased and encoded again as a host must be.
		{"foo://A%2e%41.%3C%2F/x", "foo://a.a.%3C%2F/x"},
		{"foo://%2e%2e.A../x", "foo://a/x"},
		{"http://a.com/foo/.././bar/./../foo.html", "http://a.com/foo.html"},
		{"http://a.com//a//b///c////", "http://a.com/a/b/c/"},
		{"http://a.com/a/b/..", "http://a.com/a/"},
		{"http://a.com/../../a", "http://a.com/a"},
		// Userinfo and port are dropped; escapes use uppercase hex.
		{"http://user:pass@a.com:8080/p", "http://a.com/p"},
		{"http://somehost.com/%1b", "http://somehost.com/%1B"},
		{"http://a.com/\x7f\xff%7f", "http://a.com/%7F%FF%7F"},
		{"http://a.com/\xc3\xa9\xc3?\x91#\x92", "http://a.com/%C3%A9%C3?%91"},
		{"http://a.com/%0a", "http://a.com/%0A"},
		{"http://a.com/?q=%25%32", "http://a.com/?q=%252"},
		{"http://a.com/p?q r\x80", "http://a.com/p?q%20r%80"},
	}
	for _, tt := range tests {
		got, err := SafeBrowsing.Canonicalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("SafeBrowsing.Canonicalize(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestSafeBrowsingReadingKeeps: without RemoveUserinfo and RemovePort the
// reading keeps them as the browser wrote them.
func TestSafeBrowsingReadingKeeps(t *testing.T) {
	c := Canonicalizer{Reading: ReadSafeBrowsing}
	tests := []struct{ in, want string }{
		{"HTTP://U%41 x:p%2540@A.com:0081/a#f", "http://U%41%20x:p%2540@a.com:81/a"},
		{"http://u@a.com:000/", "http://u@a.com:0/"},
		{"http://@a.com:/", "http://a.com/"},
		{"http://u:p@a.com:80/", "http://u:p@a.com/"}, // the browser drops the default port
	}
	for _, tt := range tests {
		if got, err := c.Canonicalize(tt.in); err != nil || got != tt.want {
			t.Errorf("%+v.Canonicalize(%q) = %q, %v; want %q", c, tt.in, got, err, tt.want)
		}
	}
}

// TestSafeBrowsingErrors: the URLs with no host to hash, and the texts a
// browser refuses, with the URL Standard's validation error.
func TestSafeBrowsingErrors(t *testing.T) {
	tests := []struct{ in, rule, webRule string }{
		// Chromium's and the documentation's texts with no host.
		{"", "invalid-url", "missing-scheme-non-relative-URL"},
		{":", "invalid-url", "host-missing"},
		{"/blah", "invalid-url", "missing-scheme-non-relative-URL"},
		{"\\blah", "invalid-url", "missing-scheme-non-relative-URL"},
		{"#ref", "invalid-url", "host-missing"},
		{"?query#ref", "invalid-url", "host-missing"},
		{"/blah;param", "invalid-url", "missing-scheme-non-relative-URL"},
		{"http://#ref", "invalid-url", "host-missing"},
		{"http://?query#ref", "invalid-url", "host-missing"},
		{"mailto:bryner@google.com", "missing-host", ""},
		{"www.google.com:80/", "missing-host", ""}, // the scheme "www.google.com"
		{"file:///etc/passwd", "missing-host", ""},
		{"foo:///x", "missing-host", ""},
		{"foo://.../x", "missing-host", ""},
		{"http://.../", "missing-host", ""},
		// Hosts a browser refuses.
		{"http://[::1/", "invalid-url", "IPv6-unclosed"},
		{"http://[::1]x/", "invalid-url", "IPv6-unclosed"},
		{"http://[1.2.3.4]/", "invalid-url", "IPv6-too-few-pieces"},
		{"http://www.[.A0", "invalid-url", "domain-to-ASCII"},
		{"http://a%5Bb/", "invalid-url", "domain-to-ASCII"},
		{"http://[::1%25eth0]/", "invalid-url", "IPv6-invalid-code-point"},
		{"http://123.123.0.0.1/", "invalid-url", "IPv4-too-many-parts"},
		{"http://1.2.3.09/", "invalid-url", "IPv4-non-numeric-part"},
		{"http://4294967296/", "invalid-url", "IPv4-out-of-range-part"},
		{"http://2.16777217/", "invalid-url", "IPv4-out-of-range-part"},
		{"http://W!eird<>Ho$^.com/", "invalid-url", "domain-to-ASCII"},
		{"http://www.t%EF%BF%BD%04.82.net/", "invalid-url", "domain-to-ASCII"},
		{"http%3A%2F%2Fwackyurl.com:80/", "invalid-url", "domain-to-ASCII"},
		{"http://some%1bhost.com/", "invalid-url", "domain-to-ASCII"},
		{"http://a\x91.com/", "invalid-url", "domain-to-ASCII"},
		{"http://a.com:99999/", "invalid-url", "port-out-of-range"},
	}
	for _, tt := range tests {
		got, err := SafeBrowsing.Canonicalize(tt.in)
		var ce *Error
		var pe *web.Error
		switch {
		case !errors.As(err, &ce) || ce.Rule != tt.rule || !errors.Is(err, ErrCanonicalize):
			t.Errorf("SafeBrowsing.Canonicalize(%q) = %q, %v; want a %s error", tt.in, got, err, tt.rule)
		case tt.webRule == "" && errors.As(err, &pe):
			t.Errorf("SafeBrowsing.Canonicalize(%q): error %v; want no *web.Error", tt.in, err)
		case tt.webRule != "" && (!errors.As(err, &pe) || pe.Rule != tt.webRule):
			t.Errorf("SafeBrowsing.Canonicalize(%q): error %v; want the browser's %s", tt.in, err, tt.webRule)
		}
		if exprs, err := SafeBrowsingExpressions(tt.in); err == nil {
			t.Errorf("SafeBrowsingExpressions(%q) = %q; want an error", tt.in, exprs)
		}
	}
}

// TestErrorMessage: the input (its password hidden, cut after 200
// octets), then the rule and the offset, or the cause in its own words,
// once. The browser's reading finds the password: in a text it refuses,
// all before the last "@" of the authority is hidden.
func TestErrorMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://user:secret@/path", `canon: cannot canonicalize "http://user:xxxxx@/path": invalid host (host-missing) at byte 19`},
		{"http://user:secret@a:b@/path", `canon: cannot canonicalize "http://user:xxxxx@/path": invalid host (host-missing) at byte 23`},
		{"ftp:user:s3cret@h:99999/", `canon: cannot canonicalize "ftp:user:xxxxx@h:99999/": invalid port (port-out-of-range) at byte 18`},
		{"http:u:s3cret@host:99999/", `canon: cannot canonicalize "http:u:xxxxx@host:99999/": invalid port (port-out-of-range) at byte 19`},
		{"u:s3cret@host:99999/", `canon: cannot canonicalize "u:s3cret@host:99999/": missing-host at offset 0`},
		{"u@host:99999/", `canon: cannot canonicalize "xxxxx@host:99999/": invalid port (port-out-of-range) at byte 7`},
		{"  u@host:99999/", `canon: cannot canonicalize "  xxxxx@host:99999/": invalid port (port-out-of-range) at byte 9`},
		{"mailto:x\x01", `canon: cannot canonicalize "mailto:x\x01": missing-host at offset 0`},
		{"http://www.[.A0", `canon: cannot canonicalize "http://www.[.A0": invalid host (domain-to-ASCII) at byte 7`},
		{"http://a.b:99999/" + strings.Repeat("a", 183), `canon: cannot canonicalize "http://a.b:99999/` + strings.Repeat("a", 183) + `": invalid port (port-out-of-range) at byte 11`},
		{"http://a.b:99999/" + strings.Repeat("a", 184), `canon: cannot canonicalize "http://a.b:99999/` + strings.Repeat("a", 183) + `...": invalid port (port-out-of-range) at byte 11`},
		{"http://a.b:99999/" + strings.Repeat("a", 300), `canon: cannot canonicalize "http://a.b:99999/` + strings.Repeat("a", 183) + `...": invalid port (port-out-of-range) at byte 11`},
	}
	for _, tt := range tests {
		_, err := SafeBrowsing.Canonicalize(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("SafeBrowsing.Canonicalize(%q): error %v, want %s", tt.in, err, tt.want)
		}
	}
	// A reading's *web.Error: its kind, rule and offset.
	for in, want := range map[string]string{
		"http://a:99999/":          `canon: cannot canonicalize "http://a:99999/": invalid port (port-out-of-range) at byte 9`,
		"http://u:secret@a:99999/": `canon: cannot canonicalize "http://u:xxxxx@a:99999/": invalid port (port-out-of-range) at byte 18`,
		"/a":                       `canon: cannot canonicalize "/a": no scheme (missing-scheme-non-relative-URL) at byte 0`,
	} {
		if _, err := Semantic.Canonicalize(in); err == nil || err.Error() != want {
			t.Errorf("Semantic.Canonicalize(%q): error %v, want %s", in, err, want)
		}
	}
	// A key that a browser does not read back: what it reads as.
	for in, want := range map[string]string{
		"http://h/%22":          `canon: cannot canonicalize "http://h/%22": its key "http://h/\"" reads as "http://h/%22"`,
		"http://u:secret@h/%3C": `canon: cannot canonicalize "http://u:xxxxx@h/%3C": its key "http://u:xxxxx@h/<" reads as "http://u:xxxxx@h/%3C"`,
	} {
		if _, err := (Canonicalizer{Reading: ReadSafeBrowsing}).CanonicalizeURL(web.MustParse(in)); err == nil || err.Error() != want {
			t.Errorf("CanonicalizeURL(%q): error %v, want %s", in, err, want)
		}
	}
	// A key that is not a URL, with the *web.Error of the key.
	e := &Error{Input: "x", Rule: "invalid-result", Err: &web.Error{Input: "foo://a</", Offset: 7, Rule: "host-invalid-code-point", Err: web.ErrInvalidHost}}
	if want := `canon: cannot canonicalize "x": its key "foo://a</" is not a URL: invalid host (host-invalid-code-point) at byte 7`; e.Error() != want {
		t.Errorf("Error() = %s, want %s", e.Error(), want)
	}
}

// unescapeNaive is the documentation's rule read literally: decode the
// whole text again and again until it does not change.
func unescapeNaive(s string) string {
	for {
		var b []byte
		for i := 0; i < len(s); i++ {
			if s[i] == '%' && i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2]) {
				b = append(b, pct.Unhex(s[i+1])<<4|pct.Unhex(s[i+2]))
				i += 2
			} else {
				b = append(b, s[i])
			}
		}
		if string(b) == s {
			return s
		}
		s = string(b)
	}
}

func TestUnescapeAllIsRepeatedUnescape(t *testing.T) {
	// From the Internet Archive's GoogleURLCanonicalizer tests, and the
	// cases where a decoded octet completes an earlier "%".
	for _, s := range []string{"%!A%21%21%25", "%", "%2", "%25", "%25%", "%2525", "%252525", "%25%32%35",
		"%%32%35", "%2%35", "%%2541", "%4%31", "%%%25%32%35asd%%", "%2525252525252525", "a%", "%a", "%%41"} {
		if got, want := string(unescapeAll(nil, s)), unescapeNaive(s); got != want {
			t.Errorf("unescapeAll(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestSafeBrowsingExpressions: the examples of the documentation's
// "Suffix/Prefix Expressions", in its order, and the limits it states
// (five hosts, six paths).
func TestSafeBrowsingExpressions(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"http://a.b.c/1/2.html?param=1", []string{
			"a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/",
			"b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/"}},
		{"http://a.b.c.d.e.f.g/1.html", []string{
			"a.b.c.d.e.f.g/1.html", "a.b.c.d.e.f.g/",
			"c.d.e.f.g/1.html", "c.d.e.f.g/", "d.e.f.g/1.html", "d.e.f.g/",
			"e.f.g/1.html", "e.f.g/", "f.g/1.html", "f.g/"}},
		{"http://1.2.3.4/1/", []string{"1.2.3.4/1/", "1.2.3.4/"}},
		// The limits, and what the reading gives.
		{"http://a.b.c/1/2/3/4/5/?q", []string{
			"a.b.c/1/2/3/4/5/?q", "a.b.c/1/2/3/4/5/", "a.b.c/", "a.b.c/1/", "a.b.c/1/2/", "a.b.c/1/2/3/",
			"b.c/1/2/3/4/5/?q", "b.c/1/2/3/4/5/", "b.c/", "b.c/1/", "b.c/1/2/", "b.c/1/2/3/"}},
		{"http://[2001:470:1:18::114]/a/b", []string{"[2001:470:1:18::114]/a/b", "[2001:470:1:18::114]/", "[2001:470:1:18::114]/a/"}},
		{"http://0x7f.1/a", []string{"127.0.0.1/a", "127.0.0.1/"}},
		{"http://b/", []string{"b/"}},
		{"http://a.b/?", []string{"a.b/"}},
		{"HTTP://WWW.A.COM.:8080/x/../y#f", []string{"www.a.com/y", "www.a.com/", "a.com/y", "a.com/"}},
	}
	for _, tt := range tests {
		got, err := SafeBrowsingExpressions(tt.in)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("SafeBrowsingExpressions(%q) = %q, %v\nwant %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := SafeBrowsingExpressions("/asdf"); !errors.Is(err, ErrCanonicalize) {
		t.Errorf("SafeBrowsingExpressions(/asdf): error %v, want ErrCanonicalize", err)
	}
}
