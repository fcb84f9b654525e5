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
