package canon

import (
	"errors"
	"slices"
	"testing"

	"github.com/iri-go/iri/web"
)

// hostAttacks are texts that name one host to a reader that splits the
// raw text and another to a browser, with the keys of every preset, the
// SURT key and the Safe Browsing expressions. The browser's reading of
// each (its href and host) was checked with the whatwg-url package, the
// reference implementation of the URL Standard; the keys were written by
// hand from that reading and each preset's documented steps.
var hostAttacks = []struct {
	in                                string
	safeBrowsing, semantic, dedup, ar string // ar: Archive
	surt                              string
	exprs                             []string
}{
	// "%2F" before "@": the userinfo is "good.com%2F", the host evil.com.
	{"http://good.com%2F@evil.com/", "http://evil.com/", "http://good.com%2F@evil.com/", "http://evil.com/", "http://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	{"http://good.com%23@evil.com/", "http://evil.com/", "http://good.com%23@evil.com/", "http://evil.com/", "http://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	// "%5C" likewise; a raw "\" ends the host of a special URL.
	{"http://good.com%5C@evil.com", "http://evil.com/", "http://good.com%5C@evil.com/", "http://evil.com/", "http://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	{"http://evil.com\\@good.com/", "http://evil.com/@good.com/", "http://evil.com/@good.com/", "http://evil.com/@good.com", "http://evil.com/@good.com",
		"com,evil)/@good.com", []string{"evil.com/@good.com/", "evil.com/"}},
	{"HTTP://EVIL.com:80\\@good.com", "http://evil.com/@good.com", "http://evil.com/@good.com", "http://evil.com/@good.com", "http://evil.com/@good.com",
		"com,evil)/@good.com", []string{"evil.com/@good.com", "evil.com/"}},
	// The slash-less and backslash forms that browsers repair.
	{"http:evil.com/x", "http://evil.com/x", "http://evil.com/x", "http://evil.com/x", "http://evil.com/x",
		"com,evil)/x", []string{"evil.com/x", "evil.com/"}},
	{"http:/\\evil.com", "http://evil.com/", "http://evil.com/", "http://evil.com/", "http://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	{"https:\\\\evil.com\\path", "https://evil.com/path", "https://evil.com/path", "https://evil.com/path", "https://evil.com/path",
		"com,evil)/path", []string{"evil.com/path", "evil.com/"}},
	{"ws:evil.com", "ws://evil.com/", "ws://evil.com/", "ws://evil.com/", "ws://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	{"http:2130706433/x", "http://127.0.0.1/x", "http://127.0.0.1/x", "http://127.0.0.1/x", "http://127.0.0.1/x",
		"1,0,0,127)/x", []string{"127.0.0.1/x", "127.0.0.1/"}},
	// Tabs and newlines are removed, in the host too.
	{"http://go\to\ngle.com/", "http://google.com/", "http://google.com/", "http://google.com/", "http://google.com/",
		"com,google)/", []string{"google.com/"}},
	{"http://evil\t.com\n@good.com/", "http://good.com/", "http://evil.com@good.com/", "http://good.com/", "http://good.com/",
		"com,good)/", []string{"good.com/"}},
	// The last "@" ends the userinfo.
	{"http://user@good.com@evil.com", "http://evil.com/", "http://user%40good.com@evil.com/", "http://evil.com/", "http://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	{"http://user:pass@evil.com:8080@good.com/", "http://good.com/", "http://user:pass%40evil.com%3A8080@good.com/", "http://good.com/", "http://good.com/",
		"com,good)/", []string{"good.com/"}},
	{"http://good.com:@evil.com/", "http://evil.com/", "http://good.com@evil.com/", "http://evil.com/", "http://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	// Decoding the path makes segments, never a host.
	{"http://good.com/%2F..%2F..%2F@evil.com", "http://good.com/@evil.com", "http://good.com/%2F..%2F..%2F@evil.com", "http://good.com/%2F..%2F..%2F@evil.com", "http://good.com/@evil.com",
		"com,good)/@evil.com", []string{"good.com/@evil.com", "good.com/"}},
	// "#" and "?" end the host.
	{"http://evil.com#@good.com/", "http://evil.com/", "http://evil.com/", "http://evil.com/", "http://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	{"http://evil.com?@good.com/", "http://evil.com/?@good.com/", "http://evil.com/?@good.com/", "http://evil.com/?%40good.com%2F=", "http://evil.com/?@good.com/",
		"com,evil)/?@good.com/", []string{"evil.com/?@good.com/", "evil.com/"}},
	// The host's encodings and dots, and an IPv4-mapped address.
	{"http://%65vil.com%2e/", "http://evil.com/", "http://evil.com./", "http://evil.com/", "http://evil.com/",
		"com,evil)/", []string{"evil.com/"}},
	{"http://[::ffff:7f00:1]/", "http://127.0.0.1/", "http://[::ffff:7f00:1]/", "http://[::ffff:7f00:1]/", "http://127.0.0.1/",
		"1,0,0,127)/", []string{"127.0.0.1/"}},
	// A "," in a domain (the URL Standard allows it) is not a label
	// separator of the SURT key.
	{"http://a,b.com/", "http://a,b.com/", "http://a,b.com/", "http://a,b.com/", "http://a,b.com/",
		"com,a%2Cb)/", []string{"a,b.com/"}},
	{"http://b.a.com/", "http://b.a.com/", "http://b.a.com/", "http://b.a.com/", "http://b.a.com/",
		"com,a,b)/", []string{"b.a.com/", "a.com/"}},
	{"http://a)b.com/", "http://a)b.com/", "http://a)b.com/", "http://a)b.com/", "http://a)b.com/",
		"com,a%29b)/", []string{"a)b.com/"}},
}

// refusedHosts are texts whose host a browser refuses (checked with
// whatwg-url): no request is made, and every canonicalizer, SURT and the
// expressions give an error that says so.
var refusedHosts = []string{
	"http://good.com%40evil.com/",
	"http://evil.com%2F.good.com/",
	"http://a.com%3F.evil.com/",
	"http://host%23.com/",
	"http://www.1.2/",
	"http://1.2.0.300/",
	"ftp:user:s3cret@h:99999/",
}

func TestHostAttacks(t *testing.T) {
	presets := []struct {
		name string
		c    Canonicalizer
		want func(i int) string
	}{
		{"SafeBrowsing", SafeBrowsing, func(i int) string { return hostAttacks[i].safeBrowsing }},
		{"Semantic", Semantic, func(i int) string { return hostAttacks[i].semantic }},
		{"Dedup", Dedup, func(i int) string { return hostAttacks[i].dedup }},
		{"Archive", Archive, func(i int) string { return hostAttacks[i].ar }},
	}
	for i, tt := range hostAttacks {
		for _, p := range presets {
			got, err := p.c.Canonicalize(tt.in)
			if err != nil || got != p.want(i) {
				t.Errorf("%s.Canonicalize(%q) = %q, %v; want %q", p.name, tt.in, got, err, p.want(i))
			}
			// The same from the parsed URL.
			if v, err := p.c.CanonicalizeURL(web.MustParse(tt.in)); err != nil || v.String() != p.want(i) {
				t.Errorf("%s.CanonicalizeURL(%q) = %q, %v; want %q", p.name, tt.in, v, err, p.want(i))
			}
		}
		if got, err := (SURT{}).Key(tt.in); err != nil || got != tt.surt {
			t.Errorf("SURT{}.Key(%q) = %q, %v; want %q", tt.in, got, err, tt.surt)
		}
		if got, err := SafeBrowsingExpressions(tt.in); err != nil || !slices.Equal(got, tt.exprs) {
			t.Errorf("SafeBrowsingExpressions(%q) = %q, %v; want %q", tt.in, got, err, tt.exprs)
		}
	}
	for _, in := range refusedHosts {
		for _, p := range presets {
			got, err := p.c.Canonicalize(in)
			var pe *web.Error
			if !errors.Is(err, ErrCanonicalize) || !errors.As(err, &pe) {
				t.Errorf("%s.Canonicalize(%q) = %q, %v; want an error with the browser's *web.Error", p.name, in, got, err)
			}
		}
		if got, err := (SURT{}).Key(in); err == nil {
			t.Errorf("SURT{}.Key(%q) = %q; want an error", in, got)
		}
		if got, err := SafeBrowsingExpressions(in); err == nil {
			t.Errorf("SafeBrowsingExpressions(%q) = %q; want an error", in, got)
		}
	}
}
