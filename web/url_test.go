package web

import (
	"errors"
	"net/netip"
	"slices"
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

// TestErrors asserts whole messages and kinds: the input (its password
// redacted), the words, the standard's name and the offset.
func TestErrors(t *testing.T) {
	tests := []struct {
		input, base string
		msg         string
		kind        error
	}{
		{"foo", "", `web: parse "foo": no scheme, and no base URL to resolve against (missing-scheme-non-relative-URL) at byte 0`, ErrMissingScheme},
		{"x", "mailto:a", `web: parse "x": no scheme, and no base URL to resolve against (missing-scheme-non-relative-URL) at byte 0`, ErrMissingScheme},
		{"http://", "", `web: parse "http://": the host is empty (host-missing) at byte 7`, ErrInvalidHost},
		{"http://u:s3cret@/", "", `web: parse "http://u:xxxxx@/": the host is empty (host-missing) at byte 16`, ErrInvalidHost},
		{"  http://a b/", "", `web: parse "  http://a b/": a character no domain may hold (domain-to-ASCII) at byte 9`, ErrInvalidHost},
		// Offsets are in the input as given: after a tab the parser removes,
		// and after bytes that are not UTF-8, which it reads as U+FFFD.
		{"http://a\t:8x/", "", `web: parse "http://a\t:8x/": a port that is not decimal digits (port-invalid) at byte 11`, ErrInvalidPort},
		{"foo://\xffa b/", "", `web: parse "foo://\xffa b/": a character no host may hold (host-invalid-code-point) at byte 8`, ErrInvalidHost},
		// A password as a browser reads the userinfo: without "//" after
		// a special scheme, and behind a backslash.
		{"http:u:s3cret@host:99999/", "", `web: parse "http:u:xxxxx@host:99999/": a port above 65535 (port-out-of-range) at byte 19`, ErrInvalidPort},
		{"http:\\u:s3cret@host:99999/", "", `web: parse "http:\\u:xxxxx@host:99999/": a port above 65535 (port-out-of-range) at byte 20`, ErrInvalidPort},
		{"foo://a b/", "", `web: parse "foo://a b/": a character no host may hold (host-invalid-code-point) at byte 7`, ErrInvalidHost},
		{"http://[::1/", "", `web: parse "http://[::1/": an IPv6 address without its closing ']' (IPv6-unclosed) at byte 7`, ErrInvalidHost},
		{"http://[1::2::3]/", "", `web: parse "http://[1::2::3]/": an IPv6 address with '::' twice (IPv6-multiple-compression) at byte 12`, ErrInvalidHost},
		{"http://1.2.3.4.5/", "", `web: parse "http://1.2.3.4.5/": a host ending in a number with more than four parts (IPv4-too-many-parts) at byte 7`, ErrInvalidHost},
		{"http://1.256.3.4/", "", `web: parse "http://1.256.3.4/": an IPv4 address with a number out of range (IPv4-out-of-range-part) at byte 7`, ErrInvalidHost},
		{"http://a:8x/", "", `web: parse "http://a:8x/": a port that is not decimal digits (port-invalid) at byte 10`, ErrInvalidPort},
		{"http://a:65536/", "", `web: parse "http://a:65536/": a port above 65535 (port-out-of-range) at byte 9`, ErrInvalidPort},
		{"https://xn--a.β/", "", `web: parse "https://xn--a.β/": IDNA refuses the domain (domain-to-ASCII) at byte 8`, ErrInvalidHost},
	}
	for _, tt := range tests {
		var err error
		if tt.base == "" {
			_, err = Parse(tt.input)
		} else {
			_, err = MustParse(tt.base).Parse(tt.input)
		}
		var e *Error
		if !errors.As(err, &e) || err.Error() != tt.msg || !errors.Is(err, tt.kind) {
			t.Errorf("Parse(%q) error = %v\n want %s (kind %v)", tt.input, err, tt.msg, tt.kind)
		}
	}
}

func TestAccessors(t *testing.T) {
	u := MustParse("https://user:pa%20ss@[::ffff:1.2.3.4]:8443/p/q?a=1#f")
	got := []string{u.Scheme(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(), u.Path(), u.Query(), u.Fragment(), u.Search(), u.Hash(), u.Origin()}
	want := []string{"https", "user", "pa%20ss", "[::ffff:102:304]:8443", "[::ffff:102:304]", "8443", "/p/q", "a=1", "f", "?a=1", "#f", "https://[::ffff:102:304]:8443"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("accessor %d = %q, want %q", i, got[i], want[i])
		}
	}
	if a, ok := u.Addr(); !ok || a != netip.MustParseAddr("::ffff:1.2.3.4") {
		t.Errorf("Addr = %v, %v", a, ok)
	}
	if p, ok := u.PortNumber(); !ok || p != 8443 {
		t.Errorf("PortNumber = %v, %v", p, ok)
	}
	empty := MustParse("http://a/?#")
	if !empty.HasQuery() || !empty.HasFragment() || empty.Query() != "" || empty.Search() != "" || empty.Hash() != "" {
		t.Errorf("http://a/?# : HasQuery %v HasFragment %v", empty.HasQuery(), empty.HasFragment())
	}
	none := MustParse("mailto:a@b")
	if none.HasHost() || !none.HasOpaquePath() || none.Path() != "a@b" || none.Origin() != "null" || none.IsSpecial() {
		t.Errorf("mailto:a@b: %#v", none)
	}
	if n := testing.AllocsPerRun(100, func() {
		sink = len(u.Scheme() + u.Host() + u.Path() + u.Query() + u.Fragment())
	}); n > 1 { // the concatenation itself
		t.Errorf("accessors allocate: %v", n)
	}
	if n := testing.AllocsPerRun(100, func() { u, _ = Parse("https://example.org/a/b?c#d") }); n != 0 {
		t.Errorf("Parse of a serialized URL allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { u, _ = Parse("HTTPS://example.org/a/../b?c#d") }); n != 1 {
		t.Errorf("Parse of a URL to rewrite allocates %v times, want 1", n)
	}
}

var sink int

// TestParseConcurrent parses the suite's inputs from eight goroutines at
// once (the parser's buffers come from a pool) and compares each result
// with the one parsed alone; .ci/run runs it with -race.
func TestParseConcurrent(t *testing.T) {
	cases := readWPT[urlTest](t, "urltestdata.json")
	type result struct {
		u   URL
		err string
	}
	alone := make([]result, len(cases))
	parseCase := func(c urlTest) result {
		u, err := parseWithBase(c.Input, c.Base)
		if err != nil {
			return result{err: err.Error()}
		}
		return result{u: u}
	}
	for k, c := range cases {
		alone[k] = parseCase(c)
	}
	done := make(chan bool)
	for g := 0; g < 8; g++ {
		go func() {
			for k := range cases {
				k = (k + g*97) % len(cases)
				if got := parseCase(cases[k]); got != alone[k] {
					t.Errorf("%q: %v, alone %v", cases[k].Input, got, alone[k])
				}
			}
			done <- true
		}()
	}
	for g := 0; g < 8; g++ {
		<-done
	}
}

// TestQueryForms: the application/x-www-form-urlencoded parser, serializer
// and sort, against URLSearchParams' behaviour in the URL Standard's
// examples and the Web Platform Tests' urlsearchparams cases.
func TestQueryForms(t *testing.T) {
	got := ParseQuery("a=b+c&&%61=%zz&=x&d&e=%F0%9F%98%80&f=%FF")
	want := []Param{{"a", "b c"}, {"a", "%zz"}, {"", "x"}, {"d", ""}, {"e", "😀"}, {"f", "\uFFFD"}}
	if !slices.Equal(got, want) {
		t.Errorf("ParseQuery = %q, want %q", got, want)
	}
	if s := EncodeQuery([]Param{{"a b", "c&d=e"}, {"é", "*-._~!'()"}}); s != "a+b=c%26d%3De&%C3%A9=*-._%7E%21%27%28%29" {
		t.Errorf("EncodeQuery = %q", s)
	}
	params := []Param{{"z", "1"}, {"\uFFFD", "2"}, {"😀", "3"}, {"a", "4"}, {"z", "5"}}
	SortParams(params)
	want = []Param{{"a", "4"}, {"z", "1"}, {"z", "5"}, {"😀", "3"}, {"\uFFFD", "2"}}
	if !slices.Equal(params, want) {
		t.Errorf("SortParams = %q, want %q", params, want)
	}
}

// TestZeroBaseAndTruncatedUTF8: the zero URL as a base is no base; a
// truncated sequence of UTF-8 is one replacement character, as the
// Encoding Standard's decoder reads a maximal ill-formed subsequence.
func TestZeroBaseAndTruncatedUTF8(t *testing.T) {
	var pe *Error
	if u, err := (URL{}).Parse("a"); !errors.As(err, &pe) {
		t.Errorf("URL{}.Parse(a) = %q, %v; want the error of Parse(a)", u, err)
	}
	if u, err := Parse("http://h/\xf0\x90\x80x"); err != nil || u.String() != "http://h/%EF%BF%BDx" {
		t.Errorf("Parse of a truncated 4-octet sequence = %q, %v", u, err)
	}
}

// TestZeroURL: every accessor of the zero URL answers as for an empty,
// absent component, and none panics (the zero value once reported a query
// and a fragment, and Query and Fragment sliced out of range).
func TestZeroURL(t *testing.T) {
	var u URL
	got := []string{u.String(), u.Scheme(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(),
		u.Path(), u.Query(), u.Fragment(), u.Search(), u.Hash(), u.Origin(), u.WithoutFragment().String()}
	want := []string{"", "", "", "", "", "", "", "", "", "", "", "", "null", ""}
	if !slices.Equal(got, want) {
		t.Errorf("zero URL accessors = %q, want %q", got, want)
	}
	bools := []bool{u.HasQuery(), u.HasFragment(), u.HasHost(), u.HasOpaquePath(), u.IsSpecial()}
	if !slices.Equal(bools, make([]bool, len(bools))) {
		t.Errorf("zero URL HasQuery, HasFragment, HasHost, HasOpaquePath, IsSpecial = %v, want all false", bools)
	}
	if p, ok := u.PortNumber(); p != 0 || ok {
		t.Errorf("zero URL PortNumber = %d, %v; want 0, false", p, ok)
	}
	if a, ok := u.Addr(); a.IsValid() || ok {
		t.Errorf("zero URL Addr = %v, %v; want none", a, ok)
	}
	if u.WithoutFragment() != u {
		t.Errorf("zero URL WithoutFragment = %#v, want the zero URL", u.WithoutFragment())
	}
	if p := u.SearchParams(); p.Len() != 0 {
		t.Errorf("zero URL SearchParams = %q, want none", p.String())
	}
	// Port 0 is a port: PortNumber tells it from none.
	if p, ok := MustParse("http://h:0/").PortNumber(); p != 0 || !ok {
		t.Errorf("http://h:0/ PortNumber = %d, %v; want 0, true", p, ok)
	}
}

// TestParserWithoutBase: a Parser with a query encoding and no base reads
// a relative reference as Parse does, as a failure; and an opaque host
// keeps a character beyond ASCII, percent-encoded, whichever its bytes.
func TestParserWithoutBase(t *testing.T) {
	enc, err := htmlindex.Get("windows-1252")
	if err != nil {
		t.Fatal(err)
	}
	if u, err := (Parser{QueryEncoding: enc}).Parse("a?é"); !errors.Is(err, ErrMissingScheme) {
		t.Errorf("Parser{QueryEncoding}.Parse(a?é) = %q, %v; want ErrMissingScheme", u, err)
	}
	if u, err := (Parser{QueryEncoding: enc}).Parse("http://h/?é"); err != nil || u.String() != "http://h/?%E9" {
		t.Errorf("Parser{QueryEncoding}.Parse(http://h/?é) = %q, %v", u, err)
	}
	if u, err := Parse("sc://\u0100\u0080/"); err != nil || u.String() != "sc://%C4%80%C2%80/" {
		t.Errorf("Parse(sc://\u0100\u0080/) = %q, %v", u, err)
	}
}
