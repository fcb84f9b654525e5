package iri

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// compareWithNetURL checks that where ParseReference and net/url.Parse both
// accept an ASCII string, they see the same components. net/url decodes
// most components and lowercases the scheme, so ours are decoded to match.
func compareWithNetURL(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return
		}
	}
	i, err := ParseReference(s)
	if err != nil {
		return
	}
	if !i.IsAbsolute() && strings.HasPrefix(s, "///") {
		return // net/url reads a relative "///x" as the path "///x", on purpose
	}
	u, err := url.Parse(s)
	if err != nil {
		return
	}
	check := func(name, ours, theirs string) {
		t.Helper()
		if ours != theirs {
			t.Errorf("%q: %s: ours %q, net/url %q", s, name, ours, theirs)
		}
	}
	decode := func(s string) string {
		d, err := url.PathUnescape(s)
		if err != nil {
			t.Fatalf("%q does not decode: %v", s, err)
		}
		return d
	}
	check("scheme", strings.ToLower(i.Scheme()), u.Scheme)
	if u.Opaque != "" {
		// net/url keeps an IRI's rootless path as it is, as Opaque.
		check("opaque path", i.Path(), u.Opaque)
	} else {
		check("path", decode(i.Path()), u.Path)
	}
	host := decode(i.Host())
	if i.HasPort() {
		host += ":" + i.Port()
	}
	check("host and port", host, u.Host)
	check("port", i.Port(), u.Port())
	if i.HasUserinfo() {
		user, password, hasPassword := strings.Cut(i.Userinfo(), ":")
		check("user", decode(user), u.User.Username())
		p, ok := u.User.Password()
		check("password", decode(password), p)
		if ok != hasPassword {
			t.Errorf("%q: password present: ours %v, net/url %v", s, hasPassword, ok)
		}
	} else if u.User != nil {
		t.Errorf("%q: net/url sees a userinfo %q", s, u.User)
	}
	check("query", i.Query(), u.RawQuery)
	if u.ForceQuery != (i.HasQuery() && i.Query() == "") {
		t.Errorf("%q: empty query: ours %v, net/url %v", s, i.HasQuery(), u.ForceQuery)
	}
	check("fragment", decode(i.Fragment()), u.Fragment)
}

func TestNetURLAgreement(t *testing.T) {
	for _, row := range readTable(t, "valid.txt") {
		compareWithNetURL(t, row[0])
	}
	for _, name := range corpora {
		lines, _ := loadCorpus(t, name)
		for _, s := range lines {
			compareWithNetURL(t, s)
		}
	}
}

// TestFromURLRequest: every request target net/http accepts converts, with
// what the grammar refuses percent-encoded, and names what the server
// decodes.
func TestFromURLRequest(t *testing.T) {
	for _, tt := range []struct{ target, want string }{
		{"/a?b|c", "/a?b%7Cc"},
		{"/a?x=%zz&y=100%", "/a?x=%25zz&y=100%25"},
		{"/a?x=b1%4g", "/a?x=b1%254g"}, // the hex digit before "%" is none of its two
		{"/a[]?a[]=1", "/a%5B%5D?a%5B%5D=1"},
		{"/a?q=a b\"<>^`{}", "/a?q=a%20b%22%3C%3E%5E%60%7B%7D"},
		{"/a?q=\xff\xfe", "/a?q=%FF%FE"},
		{"/a?q=é", "/a?q=é"}, // an IRI reference already
		{"/a?q=\xe9", "/a?q=%E9"},
		{"/plain?ok=1", "/plain?ok=1"},
		{"http://h/a?b|c#d|e", "http://h/a?b%7Cc%23d%7Ce"}, // a request target has no fragment
		{"/a?b#c", "/a?b%23c"},
		{"a:#?0", "a:%23?0"}, // net/url's opaque part "#"
		{"a:b#c", "a:b%23c"},
	} {
		u, err := url.ParseRequestURI(tt.target)
		if err != nil {
			t.Fatalf("url.ParseRequestURI(%q): %v", tt.target, err)
		}
		got, err := FromURL(u)
		if err != nil || got.String() != tt.want {
			t.Errorf("FromURL(%q) = %q, %v; want %q", tt.target, got, err, tt.want)
			continue
		}
		if q, err := url.ParseQuery(u.RawQuery); u.RawQuery != "" && err == nil { // a server refuses a query net/url cannot decode
			back, _ := url.ParseQuery(got.Query())
			if fmt.Sprint(back) != fmt.Sprint(q) {
				t.Errorf("FromURL(%q): the server reads %v, not %v", tt.target, back, q)
			}
		}
	}
}

// TestFromURLSlowPath: where FromURL encodes, a valid percent-encoding
// stays as it is, and an authority-like "//" inside a relative path is no
// authority; URL names the octet net/url cannot carry in a host.
func TestFromURLSlowPath(t *testing.T) {
	for _, tt := range []struct {
		u    *url.URL
		want string
	}{
		{&url.URL{Scheme: "http", Host: "h", Path: "/p", RawQuery: "a=%41|b"}, "http://h/p?a=%41%7Cb"},
		{&url.URL{Path: "a[//b|c"}, "a%5B//b%7Cc"},
		{&url.URL{Scheme: "http", Host: "h", Path: "/p", RawQuery: "a=%G4|"}, "http://h/p?a=%25G4%7C"},
	} {
		if got, err := FromURL(tt.u); err != nil || got.String() != tt.want {
			t.Errorf("FromURL(%q) = %q, %v; want %q", tt.u, got, err, tt.want)
		}
	}
	// An octet of 0x80 and above is one net/url carries in a host.
	if u, err := MustParse("foo://a%80/").URL(); err != nil || u.String() != "foo://a%80/" {
		t.Errorf("URL(foo://a%%80/) = %v, %v", u, err)
	}
	_, err := MustParse("foo://a%2Fb/").URL()
	if want := `iri: host "a%2Fb" holds %2F, which net/url cannot carry in a host`; err == nil || err.Error() != want {
		t.Errorf("URL(foo://a%%2Fb/) error = %v, want %s", err, want)
	}
}
