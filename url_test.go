package iri

import (
	"net/url"
	"testing"
)

// TestFromURLSlowPathHosts: where FromURL encodes what net/url keeps raw,
// the authority stays as written from its first byte: the "[" of an
// IP-literal.
func TestFromURLSlowPathHosts(t *testing.T) {
	for _, tt := range []struct {
		u    *url.URL
		want string
	}{
		{&url.URL{Scheme: "http", Host: "[::1]", Path: "/p", RawQuery: "a|b"}, "http://[::1]/p?a%7Cb"},
		{&url.URL{Scheme: "http", Host: "[::1]:8080", RawQuery: "a|b"}, "http://[::1]:8080?a%7Cb"},
		{&url.URL{Host: "[::1]", RawQuery: "a|b"}, "//[::1]?a%7Cb"},    // a network-path reference
		{mustURL(t, "file:///a[]"), "file:///a%5B%5D"},                 // an empty authority
		{mustURL(t, "http://h?a|b"), "http://h?a%7Cb"},                 // an authority up to the end
		{mustURL(t, "http://h?a|b#//[x]"), "http://h?a%7Cb#//%5Bx%5D"}, // a fragment's "//" is no authority
	} {
		if got, err := FromURL(tt.u); err != nil || got.String() != tt.want {
			t.Errorf("FromURL(%q) = %q, %v; want %q", tt.u, got, err, tt.want)
		}
	}
}

// TestSchemeLen: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
// (RFC 3986, section 3.1), then ":"; anything else is no scheme, -1.
func TestSchemeLen(t *testing.T) {
	for s, want := range map[string]int{
		"http://h":  4,
		"a:":        1,
		"a+b-c.1:x": 7,
		"1a://h":    -1,
		"+a://h":    -1,
		".a:":       -1,
		"://h":      -1,
		":":         -1,
		"a/b:c":     -1,
		"ab":        -1,
		"":          -1,
	} {
		if got := schemeLen(s); got != want {
			t.Errorf("schemeLen(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestURLHostFirstByteEncoded: a percent-encoded unreserved character
// means the character itself (RFC 3986, sections 2.3 and 6.2.2.2), as the
// host's first byte too. (A scheme without DNS hosts: IDNA, which
// decodes an http host first, does not take it.)
func TestURLHostFirstByteEncoded(t *testing.T) {
	for in, want := range map[string]string{
		"foo://%65x.example/": "ex.example",
		"foo://x%65.example/": "xe.example",
	} {
		u, err := MustParse(in).URL()
		if err != nil || u.Host != want || u.String() != "foo://"+want+"/" {
			t.Errorf("URL(%q) = %v, %v; want the host %q", in, u, err, want)
		}
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatalf("url.Parse(%q): %v", s, err)
	}
	return u
}
