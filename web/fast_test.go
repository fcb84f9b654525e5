package web

import (
	"strings"
	"testing"
)

// TestFastPath holds fastParse to the full parser on the inputs it takes
// (fast: it must take them) and those it leaves to the full parser,
// which must give the same URL either way ("" for a failure).
func TestFastPath(t *testing.T) {
	tests := []struct {
		in   string
		fast bool
		href string
	}{
		// Serialized already: the href is the input.
		{"https://example.org/a/b?c#d", true, "https://example.org/a/b?c#d"},
		{"http://a_b.example:8080/", true, "http://a_b.example:8080/"},
		{"http://h:65535/", true, "http://h:65535/"},
		{"http://h:1?q", true, "http://h:1/?q"},
		{"ws://h/x", true, "ws://h/x"},
		{"ftp://h.example/f.txt", true, "ftp://h.example/f.txt"},
		{"http://h/a%2fb%zz/.x/..x/x./x../%2e%2ex", true, "http://h/a%2fb%zz/.x/..x/x./x../%2e%2ex"},
		{"http://h/a?b/../c#d/./e", true, "http://h/a?b/../c#d/./e"},
		// Rewritten: case, the "/" of an empty path, percent-encoding.
		{"HTTP://EXAMPLE.org/A", true, "http://example.org/A"},
		{"Wss://h/", true, "wss://h/"},
		{"http://Example.ORG", true, "http://example.org/"},
		{"http://h?q", true, "http://h/?q"},
		{"http://h#f", true, "http://h/#f"},
		{"http://h/Günther_Kraus", true, "http://h/G%C3%BCnther_Kraus"},
		{"http://h/静岡", true, "http://h/%E9%9D%99%E5%B2%A1"},
		{"http://h/a b\"<>^`{}\x7f\x01.", true, "http://h/a%20b%22%3C%3E%5E%60%7B%7D%7F%01."},
		{"http://h/?a b'\"<>é`{}", true, "http://h/?a%20b%27%22%3C%3E%C3%A9`{}"},
		{"http://h/#a b\"<>`é#?{}", true, "http://h/#a%20b%22%3C%3E%60%C3%A9#?{}"},
		{"http://h/\U0001F600", true, "http://h/%F0%9F%98%80"},
		{"http://h/\uFFFD", true, "http://h/%EF%BF%BD"},
		{"HTTP://H:81" + strings.Repeat("/é", 200), true, "http://h:81" + strings.Repeat("/%C3%A9", 200)},
		// Left to the full parser.
		{" http://h/", false, "http://h/"},
		{"http://h/ ", false, "http://h/"},
		{"http://h/a\tb", false, "http://h/ab"},
		{"http://h\\a", false, "http://h/a"},
		{"http:///h/", false, "http://h/"},
		{"http://u@h/", false, "http://u@h/"},
		{"http://h:80/", false, "http://h/"},
		{"http://h:080/", false, "http://h/"},
		{"http://h:0/", false, "http://h:0/"},
		{"http://h:65536/", false, ""},
		{"http://h:/", false, "http://h/"},
		{"http://1.2.3.4/", false, "http://1.2.3.4/"},
		{"http://1.0x1/", false, "http://1.0.0.1/"},
		{"http://1.1./", false, "http://1.0.0.1/"},
		{"http://h.0x1/", false, ""}, // a number after a label that is none
		{"http://h.x/", true, "http://h.x/"},
		{"http://h.de/", true, "http://h.de/"},
		{"http://h.d1./", true, "http://h.d1./"},
		{"http://h%41/", false, "http://ha/"},
		{"http://bücher.example/", false, "http://xn--bcher-kva.example/"},
		{"http://h/a/./b", false, "http://h/a/b"},
		{"http://h/a/%2E%2e/b", false, "http://h/b"},
		{"http://h/a/..", false, "http://h/"},
		{"http://h/\xff", false, "http://h/%EF%BF%BD"},
		{"file:///x", false, "file:///x"},
		{"foo://h/x", false, "foo://h/x"},
	}
	for _, tt := range tests {
		var u URL
		if got := fastParse(tt.in, &u); got != tt.fast {
			t.Errorf("fastParse(%q) = %v, want %v", tt.in, got, tt.fast)
		}
		full, err := parse(tt.in, nil, nil, nil)
		if (err != nil) != (tt.href == "") || full.String() != tt.href {
			t.Errorf("parse(%q) = %q, %v; want %q", tt.in, full, err, tt.href)
		}
		if tt.fast && u != full {
			t.Errorf("fastParse(%q) = %#v; the full parser gives %#v", tt.in, u, full)
		}
	}
}

// TestFastPathAllocs: an href that is its input costs nothing, any other
// one allocation, its string, for a short one.
func TestFastPathAllocs(t *testing.T) {
	for _, c := range []struct {
		in     string
		allocs float64
	}{
		{"https://example.org/a/b?c#d", 0},
		{"HTTPS://Example.org/a/b?c#d", 1},
		{"http://h/Günther_Kraus", 1},
	} {
		if n := testing.AllocsPerRun(100, func() { Parse(c.in) }); n != c.allocs {
			t.Errorf("Parse(%q) allocates %v times, want %v", c.in, n, c.allocs)
		}
	}
}

// refBases are the bases the references of TestFastRef and FuzzFastRef are
// resolved against.
var refBases = []string{
	"https://www.example.org/dir/sub/index.html?x=1#top",
	"http://u:p@h:8080/a/b",
	"http://h/",
	"http://h/a/",
	"http://[::1]/a/b/c",
	"file:///C:/a/b",
	"foo://h/a/b",
	"mailto:x@y",
}

// checkRef holds base.Parse(ref) to the full parser.
func checkRef(t *testing.T, base URL, ref string) {
	t.Helper()
	got, err := base.Parse(ref)
	want, wantErr := parse(ref, &base, nil, nil)
	if got != want || (err == nil) != (wantErr == nil) {
		t.Fatalf("%q against %q = %q, %v; the full parser gives %q, %v (%#v / %#v)", ref, base, got, err, want, wantErr, got, want)
	}
}

func TestFastRef(t *testing.T) {
	refs := []string{
		"", "?", "#", "?q", "#f", "?q#f", "/", "/p", "/p?q#f", "p", "p?q", "p#f", "./p", "../p", "../../../../p",
		"../", "./", "..", ".", "../..", "./../p/", "a/./b", "a/../b", "%2e/p", "..%2fp", ".x/..y", "p/..",
		"/é?é#é", "é", "a b", "p\tq", "p\\q", "/\\h/p", "//h/p", "\\\\h\\p", "x:y", "HTTP://H/", " p", "p ",
		"?a b'\"", "#a b`", "\xff", "p?\xff", "C|/x", "/C:/x",
	}
	for _, bs := range refBases {
		base := MustParse(bs)
		for _, ref := range refs {
			checkRef(t, base, ref)
		}
	}
	// The fast path takes these, with one allocation (none for "").
	base := MustParse(refBases[0])
	for ref, allocs := range map[string]float64{"": 0, "/p?q#f": 1, "p?q": 1, "../p": 1, "#f": 1, "/é": 1} {
		var u URL
		if !fastParseRef(&base, ref, &u) {
			t.Errorf("fastParseRef(%q) = false", ref)
		}
		if n := testing.AllocsPerRun(100, func() { base.Parse(ref) }); n != allocs {
			t.Errorf("%q against %q allocates %v times, want %v", ref, base, n, allocs)
		}
	}
}

// FuzzFastRef holds the resolution of a reference against each of
// refBases to the full parser.
func FuzzFastRef(f *testing.F) {
	f.Add("../p?q#f")
	f.Add("./../é/")
	f.Fuzz(func(t *testing.T, ref string) {
		for _, bs := range refBases {
			checkRef(t, MustParse(bs), ref)
		}
	})
}
