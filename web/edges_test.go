package web

import (
	"fmt"
	"strings"
	"testing"
)

// TestMaximalSubparts: a byte sequence that is not UTF-8 becomes one
// U+FFFD for each maximal ill-formed subsequence (Unicode, section 3.9;
// the Encoding Standard's UTF-8 decoder): a lead byte that never starts a
// character, and one whose next byte is out of its range, stand alone.
func TestMaximalSubparts(t *testing.T) {
	const fffd = "%EF%BF%BD"
	for in, n := range map[string]int{
		"\xC1\x80":         2, // C0 and C1 would be overlong
		"\xC2\x80":         0, // U+0080
		"\xE0\x9F\x80":     3, // E0 takes A0..BF next
		"\xE0\xA0\x80":     0, // U+0800
		"\xF0\x8F\x80\x80": 4, // F0 takes 90..BF next
		"\xF0\x90\x80\x80": 0, // U+10000
		"\xE1\x80":         1, // a truncated sequence is one
	} {
		u, err := Parse("http://a/" + in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if got := strings.Count(u.Path(), fffd); got != n {
			t.Errorf("Parse(%q): path %q has %d U+FFFD, want %d", in, u.Path(), got, n)
		}
	}
}

// TestURIRewrites: URI encodes what RFC 3986 does not allow and keeps the
// rest, the credentials and a "/." that keeps a path from reading as an
// authority.
func TestURIRewrites(t *testing.T) {
	for in, want := range map[string]string{
		"http://u:p@h/a|b":  "http://u:p@h/a%7Cb",
		"http://u@h/a^b":    "http://u@h/a%5Eb",
		"foo:/a|b":          "foo:/a%7Cb",
		"foo:/.//a|b":       "foo:/.//a%7Cb",
		"foo://h/a|b":       "foo://h/a%7Cb",
		"http://h/?q=a|b#f": "http://h/?q=a%7Cb#f",
		"http://h/#a|b":     "http://h/#a%7Cb",
		"http://h/%zz":      "http://h/%25zz",
	} {
		u, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if got := u.URI().String(); got != want {
			t.Errorf("Parse(%q).URI() = %q, want %q", in, got, want)
		}
	}
}

// TestFastPathDots: a URL that the fast path would take but for a last
// segment "." or ".." is the full parser's.
func TestFastPathDots(t *testing.T) {
	for in, want := range map[string]string{
		"http://example.com/a/.":    "http://example.com/a/",
		"http://example.com/a/..":   "http://example.com/",
		"http://example.com/a/%2e":  "http://example.com/a/",
		"https://example.com/a/b/.": "https://example.com/a/b/",
		"http://example.com/a/.b":   "http://example.com/a/.b",
	} {
		if u, err := Parse(in); err != nil || u.String() != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, u.String(), err, want)
		}
	}
}

// TestCredentialsNeedAHost: the username and password setters leave a
// URL without a host, with an empty one, or of the file scheme as it is
// (URL Standard, "cannot have a username/password/port").
func TestCredentialsNeedAHost(t *testing.T) {
	for _, in := range []string{"mailto:a@b", "sc:///x", "file:///x", "file://h/x"} {
		u := MustParse(in)
		if got := u.WithUsername("u").String(); got != in {
			t.Errorf("%q.WithUsername = %q", in, got)
		}
		if got := u.WithPassword("p").String(); got != in {
			t.Errorf("%q.WithPassword = %q", in, got)
		}
	}
	if got := MustParse("sc://h/x").WithPassword("p").String(); got != "sc://:p@h/x" {
		t.Errorf("WithPassword = %q", got)
	}
}

// TestDecodeBeforeTabs: bytes that are not UTF-8 are decoded before the
// parser removes tabs and newlines, as a browser decodes a document before
// its URL parser sees a string (Encoding Standard, UTF-8 decode: each
// maximal ill-formed subsequence is one U+FFFD; URL Standard, basic URL
// parser, step 3): a tab inside a broken sequence does not mend it.
func TestDecodeBeforeTabs(t *testing.T) {
	for _, tt := range []struct{ in, href, errs string }{
		{"http://h/\xE2\t\x82\xAC", "http://h/%EF%BF%BD%EF%BF%BD%EF%BF%BD", "[invalid-URL-unit at byte 10]"},
		{"http://h/\xE2\x82\t\xAC", "http://h/%EF%BF%BD%EF%BF%BD", "[invalid-URL-unit at byte 11]"},
		{"http://h/\n\xE2\x82\xAC", "http://h/%E2%82%AC", "[invalid-URL-unit at byte 9]"},
		{"http://h/a\tb\xFFc", "http://h/ab%EF%BF%BDc", "[invalid-URL-unit at byte 10]"},
	} {
		u, err := Parse(tt.in)
		if err != nil || u.String() != tt.href {
			t.Errorf("Parse(%q) = %q, %v; want %q", tt.in, u.String(), err, tt.href)
		}
		errs, err := Validate(tt.in)
		if got := fmt.Sprint(errs); err != nil || got != tt.errs {
			t.Errorf("Validate(%q) = %s, %v; want %s", tt.in, got, err, tt.errs)
		}
	}
}
