package iri

import (
	"errors"
	"net/netip"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// allReferences returns every valid input of the tables and the corpora.
func allReferences(t testing.TB) []IRI {
	var all []IRI
	for _, row := range readTable(t, "valid.txt") {
		all = append(all, mustRef(t, row[0]))
	}
	for _, name := range corpora {
		iris, _ := parsedCorpus(t, name)
		all = append(all, iris...)
	}
	return all
}

func TestBuildRoundTrip(t *testing.T) {
	for _, i := range allReferences(t) {
		got, err := Build(i.Components())
		if err != nil || got != i {
			t.Errorf("Build(%q.Components()) = %#v, %v", i, got, err)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name      string
		c         Components
		component string // the message names it
		rule      string // of the *ParseError; "" for ErrAbsent
		offset    int
	}{
		{"path // without authority", Components{Scheme: "x", Path: "//x"}, "path", "ipath-absolute", 1},
		{"path // in a relative reference", Components{Path: "//x"}, "path", "ipath-absolute", 1},
		{"first segment a:b without scheme", Components{Path: "a:b/c"}, "path", "ipath-noscheme", 1},
		{"relative path after authority", Components{Scheme: "http", HasAuthority: true, Host: "h", Path: "a"}, "path", "ipath-abempty", 0},
		{"port 8a", Components{Scheme: "http", HasAuthority: true, Host: "h", Port: "8a", HasPort: true}, "port", "port", 1},
		{"host a b", Components{Scheme: "http", HasAuthority: true, Host: "a b"}, "host", "ireg-name", 1},
		{"host with a colon", Components{HasAuthority: true, Host: "a:1"}, "host", "ireg-name", 1},
		{"bad IP literal", Components{HasAuthority: true, Host: "[::1"}, "host", "IP-literal", 4},
		{"IP literal and more", Components{HasAuthority: true, Host: "[::1]x"}, "host", "IP-literal", 5},
		{"scheme 1a", Components{Scheme: "1a", Path: "x"}, "scheme", "scheme", 0},
		{"scheme a_b", Components{Scheme: "a_b", Path: "x"}, "scheme", "scheme", 1},
		{"userinfo with @", Components{HasAuthority: true, HasUserinfo: true, Userinfo: "a@b", Host: "h"}, "userinfo", "iuserinfo", 1},
		{"query with #", Components{Path: "a", Query: "b#c", HasQuery: true}, "query", "iquery", 1},
		{"path with ?", Components{Path: "a?b"}, "path", "ipath-noscheme", 1},
		{"fragment with iprivate", Components{Fragment: "\ue000", HasFragment: true}, "fragment", "ifragment", 0},
		{"bad escape", Components{Path: "a%2"}, "path", "pct-encoded", 3},
		{"bidi control", Components{Path: "a\u202eb"}, "path", "ipath-noscheme", 1},
		{"host without authority", Components{Host: "h", Path: "/x"}, "host", "", 0},
		{"port without HasPort", Components{HasAuthority: true, Host: "h", Port: "80"}, "port", "", 0},
		{"query without HasQuery", Components{Path: "a", Query: "q"}, "query", "", 0},
		{"fragment without HasFragment", Components{Fragment: "f"}, "fragment", "", 0},
		{"userinfo without authority", Components{HasUserinfo: true, Path: "a"}, "userinfo", "", 0},
	}
	// The rules of the components ErrAbsent is reported on (RFC 3987,
	// section 2.2).
	absentRule := map[string]string{"host": "ihost", "port": "port", "query": "iquery", "fragment": "ifragment", "userinfo": "iuserinfo"}
	for _, tt := range tests {
		i, err := Build(tt.c)
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "iri: "+tt.component+" ") {
			t.Errorf("%s: Build = %q, %v; want a *ParseError on the %s", tt.name, i, err, tt.component)
			continue
		}
		value := map[string]string{"scheme": tt.c.Scheme, "userinfo": tt.c.Userinfo, "host": tt.c.Host, "port": tt.c.Port,
			"path": tt.c.Path, "query": tt.c.Query, "fragment": tt.c.Fragment}[tt.component]
		switch {
		case tt.rule == "" && (!errors.Is(err, ErrAbsent) || pe.Rule != absentRule[tt.component] || pe.Offset != 0 || pe.Input != value):
			t.Errorf("%s: %v (%#v), want ErrAbsent on the %s", tt.name, err, pe, tt.component)
		case tt.rule != "" && (pe.Rule != tt.rule || pe.Offset != tt.offset || pe.Input != value):
			t.Errorf("%s: %v (%#v), want rule %s at %d", tt.name, err, pe, tt.rule, tt.offset)
		}
	}
}

// TestComponentErrorMessages: the message of a refused component names
// the component, quotes it and says what is wrong; that of a host the
// conversions refuse names the host and the cause.
func TestComponentErrorMessages(t *testing.T) {
	i := MustParse("http://h/")
	for _, tt := range []struct {
		err  func() error
		want string
	}{
		{func() error { _, err := Build(Components{HasAuthority: true, Host: "h", Port: "80"}); return err },
			`iri: port "80": given, but marked absent`},
		{func() error { _, err := Build(Components{Scheme: "h t"}); return err },
			`iri: scheme "h t": space not allowed in the scheme (rule scheme, at byte 1)`},
		{func() error { _, err := Build(Components{Scheme: "1h"}); return err },
			`iri: scheme "1h": '1' (U+0031) not allowed in the scheme (rule scheme, at byte 0)`},
		{func() error { _, err := i.WithAuthority("a b"); return err },
			`iri: authority "a b": space not allowed in the host (rule ireg-name, at byte 1)`},
		{func() error { _, err := i.WithAuthority("h/x"); return err },
			`iri: authority "h/x": '/' (U+002F) not allowed in the authority (rule iauthority, at byte 1)`},
		{func() error { _, err := i.WithAuthority("u:pw@h:8x"); return err },
			`iri: authority "u:pw@h:8x": 'x' (U+0078) not allowed in the port, which is digits (rule port, at byte 8)`},
		{func() error { _, err := i.WithPath(strings.Repeat("/a", 50) + " "); return err },
			`iri: path ..."` + strings.Repeat("/a", 20) + ` ": space not allowed in the path (rule ipath-abempty, at byte 100)`},
		{func() error { _, err := MustParse("http://a..b/").ToURIWithIDNA(); return err },
			`iri: host "a..b" cannot be converted to ASCII: "a..b" has an empty label (RFC 1035)`},
		{func() error { return &ParseError{Input: "x", Rule: "port", Err: ErrAbsent} },
			`iri: port "x": given, but marked absent`},
	} {
		if err := tt.err(); err == nil || err.Error() != tt.want {
			t.Errorf("%v\nwant %s", err, tt.want)
		}
	}
}

var escapeTests = []struct {
	in                                   string
	segment, queryParam, fragment, uinfo string
}{
	{"abc", "abc", "abc", "abc", "abc"},
	{"é €", "é%20€", "é%20€", "é%20€", "é%20€"},
	{"a/b?c#d%e", "a%2Fb%3Fc%23d%25e", "a/b?c%23d%25e", "a/b?c%23d%25e", "a%2Fb%3Fc%23d%25e"},
	{"k=v&w+x", "k=v&w+x", "k%3Dv%26w%2Bx", "k=v&w+x", "k=v&w+x"},
	{"u:p@h", "u:p@h", "u:p@h", "u:p@h", "u%3Ap%40h"},
	{"\ue000", "%EE%80%80", "\ue000", "%EE%80%80", "%EE%80%80"},
	{"a\u202eb", "a%E2%80%AEb", "a%E2%80%AEb", "a%E2%80%AEb", "a%E2%80%AEb"},
	{"\xff\xc3", "%FF%C3", "%FF%C3", "%FF%C3", "%FF%C3"},
	{"<\"{}|\\^`>", "%3C%22%7B%7D%7C%5C%5E%60%3E", "%3C%22%7B%7D%7C%5C%5E%60%3E", "%3C%22%7B%7D%7C%5C%5E%60%3E", "%3C%22%7B%7D%7C%5C%5E%60%3E"},
	{"[x]", "%5Bx%5D", "%5Bx%5D", "%5Bx%5D", "%5Bx%5D"},
	{"", "", "", "", ""},
}

func TestEscape(t *testing.T) {
	for _, tt := range escapeTests {
		for _, e := range []struct{ name, got, want string }{
			{"EscapePathSegment", EscapePathSegment(tt.in), tt.segment},
			{"EscapeQueryParam", EscapeQueryParam(tt.in), tt.queryParam},
			{"EscapeFragment", EscapeFragment(tt.in), tt.fragment},
			{"EscapeUserinfo", EscapeUserinfo(tt.in), tt.uinfo},
		} {
			if e.got != e.want {
				t.Errorf("%s(%q) = %q, want %q", e.name, tt.in, e.got, e.want)
			}
		}
	}
}

// checkEscapers checks every escaper on s: Unescape gives s back, and the
// result stands in its component as one piece.
func checkEscapers(t *testing.T, s string) {
	t.Helper()
	seg, param, frag, user := EscapePathSegment(s), EscapeQueryParam(s), EscapeFragment(s), EscapeUserinfo(s)
	for _, escaped := range []string{seg, param, frag, user} {
		if back, err := Unescape(escaped); err != nil || back != s {
			t.Fatalf("Unescape(%q) = %q, %v; want %q", escaped, back, err, s)
		}
	}
	check := func(c Components, what string, read func(IRI) []string, want []string) {
		t.Helper()
		i, err := Build(c)
		if err != nil {
			t.Fatalf("%s of %q does not build: %v", what, s, err)
		}
		if got := read(i); !slices.Equal(got, want) {
			t.Fatalf("%s of %q reads back as %q from %q, want %q", what, s, got, i, want)
		}
	}
	check(Components{Scheme: "x", Path: "/" + seg}, "EscapePathSegment",
		func(i IRI) []string { return slices.Collect(i.PathSegments()) }, []string{s})
	check(Components{Scheme: "x", Path: "/", HasQuery: true, Query: param + "=" + param},
		"EscapeQueryParam", func(i IRI) []string {
			var got []string
			for n, v := range i.QueryParams() {
				got = append(got, n, v)
			}
			return got
		}, []string{s, s})
	check(Components{Scheme: "x", HasFragment: true, Fragment: frag}, "EscapeFragment",
		func(i IRI) []string { f, _ := Unescape(i.Fragment()); return []string{f} }, []string{s})
	check(Components{Scheme: "x", HasAuthority: true, HasUserinfo: true, Userinfo: user + ":" + user},
		"EscapeUserinfo", func(i IRI) []string { p, _ := i.Password(); return []string{i.Username(), p} }, []string{s, s})
}

func FuzzEscape(f *testing.F) {
	for _, tt := range escapeTests {
		f.Add(tt.in)
	}
	f.Add("a+b c")
	f.Fuzz(checkEscapers)
}

func TestUnescape(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a%20b", "a b"}, {"%2F%25%00", "/%\x00"}, {"%ff", "\xff"}, {"a+b", "a+b"}, {"", ""},
	} {
		if got, err := Unescape(tt.in); err != nil || got != tt.want {
			t.Errorf("Unescape(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		in     string
		offset int
	}{{"%", 1}, {"a%2", 3}, {"%g0", 1}, {"%0g", 2}} {
		_, err := Unescape(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Offset != tt.offset || pe.Rule != "pct-encoded" {
			t.Errorf("Unescape(%q) = %v, want an error at %d", tt.in, err, tt.offset)
		}
	}
}

func TestQueryParams(t *testing.T) {
	i := mustRef(t, "http://h/?a=1&b=x+y&&c&=v&d=%26%3D%2B&e=é&a=2;x")
	var got []string
	for n, v := range i.QueryParams() {
		got = append(got, n+"="+v)
	}
	want := []string{"a=1", "b=x y", "c=", "=v", "d=&=+", "e=é", "a=2;x"}
	if !slices.Equal(got, want) {
		t.Errorf("QueryParams = %q, want %q", got, want)
	}
	// Agreement with url.ParseQuery on ASCII queries it accepts.
	for _, j := range allReferences(t) {
		q := j.Query()
		if !isASCII(q) {
			continue
		}
		v, err := url.ParseQuery(q)
		if err != nil {
			continue
		}
		got := url.Values{}
		for name, value := range j.QueryParams() {
			got[name] = append(got[name], value)
		}
		if !reflect.DeepEqual(got, v) {
			t.Errorf("QueryParams(%q) = %v, url.ParseQuery gives %v", j, got, v)
		}
	}
	// And back, through net/url's bridges, as QueryParams's doc says.
	v := url.Values{"q": {"Dürst & Co"}, "a": {"1", "2"}}
	if got, err := MustParse("http://h/p?old#f").WithQuery(v.Encode()); err != nil || got.String() != "http://h/p?a=1&a=2&q=D%C3%BCrst+%26+Co#f" {
		t.Errorf("WithQuery(v.Encode()) = %q, %v", got, err)
	}
	if u, err := MustParse("http://h/p?a=1&q=D%C3%BCrst+%26+Co&a=2").URL(); err != nil || !reflect.DeepEqual(u.Query(), url.Values{"q": {"Dürst & Co"}, "a": {"1", "2"}}) {
		t.Errorf("URL().Query() = %v, %v", u.Query(), err)
	}
	if got := MustParse("http://h/p?old#f").WithQueryParams(nil); got.String() != "http://h/p#f" {
		t.Errorf("WithQueryParams of nothing = %q", got)
	}
}

func TestHostAndPort(t *testing.T) {
	tests := []struct {
		in, hostname string
		addr         string // "" for none
		port         uint16
		portOK       bool
	}{
		{"http://[::1]:8080/", "::1", "::1", 8080, true},
		{"http://[2001:db8::7]/", "2001:db8::7", "2001:db8::7", 0, false},
		{"http://[::ffff:1.2.3.4]/", "::ffff:1.2.3.4", "::ffff:1.2.3.4", 0, false},
		{"http://192.0.2.16:80/", "192.0.2.16", "192.0.2.16", 80, true},
		{"http://[v7.fe80::abcd]/", "v7.fe80::abcd", "", 0, false},
		{"http://127.1/", "127.1", "", 0, false},
		{"http://256.0.0.1/", "256.0.0.1", "", 0, false},
		{"http://example.org:/", "example.org", "", 0, false},
		{"http://example.org:65536/", "example.org", "", 0, false},
		{"http://example.org:0065535/", "example.org", "", 65535, true},
		{"mailto:a@b", "", "", 0, false},
	}
	for _, tt := range tests {
		i := mustRef(t, tt.in)
		addr, ok := i.Addr()
		if i.Hostname() != tt.hostname || ok != (tt.addr != "") || ok && addr.String() != tt.addr {
			t.Errorf("%q: Hostname %q, Addr %v %v; want %q, %q", tt.in, i.Hostname(), addr, ok, tt.hostname, tt.addr)
		}
		if p, ok := i.PortNumber(); p != tt.port || ok != tt.portOK {
			t.Errorf("%q: PortNumber = %d, %v; want %d, %v", tt.in, p, ok, tt.port, tt.portOK)
		}
	}
	// Agreement with net/netip on every host of the tables and corpora.
	for _, i := range allReferences(t) {
		addr, ok := i.Addr()
		want, err := netip.ParseAddr(i.Hostname())
		if ok != (err == nil && !strings.Contains(i.Hostname(), "%")) || ok && addr != want {
			t.Errorf("%q: Addr = %v, %v; netip.ParseAddr(%q) = %v, %v", i, addr, ok, i.Hostname(), want, err)
		}
	}
}

func TestUserinfo(t *testing.T) {
	i := mustRef(t, "ftp://j%C3%BCrgen:p%40ss:w@h/")
	if p, ok := i.Password(); i.Username() != "jürgen" || !ok || p != "p@ss:w" {
		t.Errorf("Username, Password = %q, %q, %v", i.Username(), p, ok)
	}
	if got := i.Redacted(); got != "ftp://j%C3%BCrgen:xxxxx@h/" {
		t.Errorf("Redacted = %q", got)
	}
	if got := mustRef(t, "ftp://u@h/").Redacted(); got != "ftp://u@h/" {
		t.Errorf("Redacted without password = %q", got)
	}
}

func TestPathSegmentsAndJoinPath(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"http://h", nil}, {"http://h/", []string{""}}, {"http://h/a/b%2Fc/", []string{"a", "b/c", ""}},
		{"a/%25", []string{"a", "%"}}, {"mailto:a@b", []string{"a@b"}},
	} {
		if got := slices.Collect(mustRef(t, tt.in).PathSegments()); !slices.Equal(got, tt.want) {
			t.Errorf("PathSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct {
		in       string
		segments []string
		want     string
	}{
		{"http://h", []string{"a"}, "http://h/a"},
		{"http://h/", []string{"a", "b"}, "http://h/a/b"},
		{"http://h/x?q#f", []string{"a b", "c/d", "50%"}, "http://h/x/a%20b/c%2Fd/50%25?q#f"},
		{"http://h/x/", []string{"é"}, "http://h/x/é"},
		{"", []string{"a:b"}, "./a:b"},
		{"", []string{"a", "b:c"}, "a/b:c"},
		{"mailto:", []string{"x"}, "mailto:x"},
		{"x:/", []string{""}, "x:/"},
	} {
		got, err := mustRef(t, tt.in).JoinPath(tt.segments...)
		if err != nil || got.String() != tt.want {
			t.Errorf("JoinPath(%q, %q) = %q, %v; want %q", tt.in, tt.segments, got, err, tt.want)
		}
		checkReparses(t, got)
	}
	for _, dot := range []string{".", ".."} {
		if _, err := MustParse("http://h/a").JoinPath("b", dot); !errors.Is(err, ErrDotSegment) {
			t.Errorf("JoinPath(%q) = %v, want ErrDotSegment", dot, err)
		}
	}
}

func TestWith(t *testing.T) {
	i := MustParse("http://u@h:1/p?q#f")
	tests := []struct {
		name string
		got  func() (IRI, error)
		want string // "" for an error
	}{
		{"WithScheme", func() (IRI, error) { return i.WithScheme("https") }, "https://u@h:1/p?q#f"},
		{"WithScheme empty", func() (IRI, error) { return i.WithScheme("") }, "//u@h:1/p?q#f"},
		{"WithScheme bad", func() (IRI, error) { return i.WithScheme("h p") }, ""},
		{"WithAuthority", func() (IRI, error) { return i.WithAuthority("x@[::1]:2") }, "http://x@[::1]:2/p?q#f"},
		{"WithAuthority bad", func() (IRI, error) { return i.WithAuthority("a/b") }, ""},
		{"WithoutAuthority", func() (IRI, error) { return i.WithoutAuthority() }, "http:/p?q#f"},
		{"WithoutAuthority //", func() (IRI, error) { return MustParse("http://h//p").WithoutAuthority() }, ""},
		{"WithPath", func() (IRI, error) { return i.WithPath("/a%20b") }, "http://u@h:1/a%20b?q#f"},
		{"WithPath relative", func() (IRI, error) { return i.WithPath("a") }, ""},
		{"WithQuery", func() (IRI, error) { return i.WithQuery("") }, "http://u@h:1/p?#f"},
		{"WithoutQuery", func() (IRI, error) { return i.WithoutQuery(), nil }, "http://u@h:1/p#f"},
		{"WithFragment", func() (IRI, error) { return i.WithFragment("x/y?") }, "http://u@h:1/p?q#x/y?"},
		{"WithFragment bad", func() (IRI, error) { return i.WithFragment("a#b") }, ""},
		{"WithoutFragment", func() (IRI, error) { return i.WithoutFragment(), nil }, "http://u@h:1/p?q"},
	}
	for _, tt := range tests {
		got, err := tt.got()
		var pe *ParseError
		switch {
		case tt.want == "" && !errors.As(err, &pe):
			t.Errorf("%s = %q, %v; want a *ParseError", tt.name, got, err)
		case tt.want != "" && (err != nil || got.String() != tt.want):
			t.Errorf("%s = %q, %v; want %q", tt.name, got, err, tt.want)
		case tt.want != "":
			checkReparses(t, got)
		}
	}
}

// FuzzBuild builds mutated Components: either an error, or an IRI whose
// Components are the input.
func FuzzBuild(f *testing.F) {
	for _, row := range readTable(f, "valid.txt") {
		f.Add(row[0], "x", uint8(0))
	}
	f.Fuzz(func(t *testing.T, s, part string, which uint8) {
		i, err := ParseReference(s)
		if err != nil {
			return
		}
		c := i.Components()
		fields := []*string{&c.Scheme, &c.Userinfo, &c.Host, &c.Port, &c.Path, &c.Query, &c.Fragment}
		*fields[int(which)%len(fields)] = part
		flags := []*bool{&c.HasAuthority, &c.HasUserinfo, &c.HasPort, &c.HasQuery, &c.HasFragment}
		if which >= 128 {
			f := flags[int(which)%len(flags)]
			*f = !*f
		}
		built, err := Build(c)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Build(%#v): %v is not a *ParseError", c, err)
			}
			return
		}
		checkReparses(t, built)
		if got := built.Components(); got != c {
			t.Fatalf("Build(%#v) = %q reads back as %#v", c, built, got)
		}
	})
}

func TestBuildAllocs(t *testing.T) {
	i := MustParse("http://u@[::1]:80/a/b?c=d&e=%C3%A9#f")
	plain := mustRef(t, "http://h/?a=1&b=2")
	for _, c := range []struct {
		name string
		f    func()
		want float64
	}{
		{"Components", func() { _ = i.Components() }, 0},
		{"Hostname", func() { _ = i.Hostname() }, 0},
		{"Addr", func() { i.Addr() }, 0},
		{"EscapePathSegment unchanged", func() { EscapePathSegment("résumé:1") }, 0},
		{"EscapeQueryParam unchanged", func() { EscapeQueryParam("a/b?c") }, 0},
		{"EscapePathSegment", func() { EscapePathSegment("a b/c") }, 1},
		{"Unescape unchanged", func() { Unescape("abc") }, 0},
		{"QueryParams without decoding", func() {
			for range plain.QueryParams() {
			}
		}, 0},
		{"QueryParams, one pair decoded", func() {
			for range i.QueryParams() {
			}
		}, 1},
		{"Build", func() { Build(i.Components()) }, 1},
	} {
		if n := testing.AllocsPerRun(100, c.f); n != c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, n, c.want)
		}
	}
}

func TestEscapeValidUTF8Only(t *testing.T) {
	// Every escaper leaves only valid UTF-8.
	for _, s := range []string{"\xff", "a\xc3", "\xed\xa0\x80"} {
		for _, e := range []string{EscapePathSegment(s), EscapeQueryParam(s), EscapeFragment(s), EscapeUserinfo(s)} {
			if !utf8.ValidString(e) || !isASCII(e) {
				t.Errorf("escaping %q gives %q", s, e)
			}
		}
	}
}

// TestRedactedWithoutPassword: a userinfo without a password is kept as it
// is; a password is masked.
func TestRedactedWithoutPassword(t *testing.T) {
	if got := MustParse("http://user@h/").Redacted(); got != "http://user@h/" {
		t.Errorf("Redacted(http://user@h/) = %q", got)
	}
	if got := MustParse("http://user:pw@h/").Redacted(); got != "http://user:xxxxx@h/" {
		t.Errorf("Redacted(http://user:pw@h/) = %q", got)
	}
}

// TestRedactedWithoutAuthority: an IRI without an authority has no
// password to mask.
func TestRedactedWithoutAuthority(t *testing.T) {
	if got := MustParse("mailto:a@b").Redacted(); got != "mailto:a@b" {
		t.Errorf("Redacted(mailto:a@b) = %q", got)
	}
}
