package web

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// longWeb are the inputs of TestLongAllocations and BenchmarkLong, each
// of about n bytes: a path, query or fragment the parsers encode, bytes
// that are not UTF-8, tabs, dot segments, and the fast path's and the
// full parser's readings of a long ASCII path.
var longWeb = []struct {
	name string
	make func(n int) string
}{
	{"fast path to encode", func(n int) string { return "http://h/" + strings.Repeat("é x", n/4) }},
	{"full path to encode", func(n int) string { return " http://h/" + strings.Repeat("é x", n/4) }},
	{"serialized", func(n int) string { return "http://h/" + strings.Repeat("abc/", n/4) }},
	{"full serialized", func(n int) string { return "http://h/" + strings.Repeat("abc/", n/4) + " " }},
	{"not UTF-8", func(n int) string { return "http://h/" + strings.Repeat("\xff", n) }},
	{"tabs", func(n int) string { return "http://h/" + strings.Repeat("a\tb", n/3) }},
	{"dot segments", func(n int) string { return "http://h/" + strings.Repeat("a/../", n/5) }},
	{"query to encode", func(n int) string { return "http://h/?" + strings.Repeat("a=é&", n/5) }},
	{"fragment to encode", func(n int) string { return "foo://h/#" + strings.Repeat("é`", n/3) }},
	{"opaque path", func(n int) string { return "mailto:" + strings.Repeat("a@b é,", n/7) }},
}

// longEntries are the entry points run on each input: Parse, Validate,
// a reference against a base, and a chain of every setter.
var longEntries = []struct {
	name string
	f    func(s string) string // the output
}{
	{"Parse", func(s string) string { u, _ := Parse(s); return u.String() }},
	{"Validate", func(s string) string { Validate(s); return s }},
	{"base.Parse", func(s string) string {
		// The input from its path on (after its host "h").
		u, _ := MustParse("http://b/c/d").Parse(s[strings.IndexByte(s[:min(len(s), 16)], 'h')+1:])
		return u.String()
	}},
	{"setters", func(s string) string {
		u, _ := Parse(s)
		u = u.WithProtocol("https").WithUsername("v").WithPassword("w").WithHost("x.example:81").WithHostname("y.example").
			WithPort("82").WithSearch("a=b").WithHash("g")
		return u.String()
	}},
}

// allocated returns the bytes f allocates, the least of three runs.
func allocated(f func()) uint64 {
	least := ^uint64(0)
	var before, after runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// TestLongAllocations: on inputs of 1 MiB, Parse and base.Parse allocate
// at most twice the href they return, or, when the href is shorter than
// its input, twice the input; each setter allocates the href it returns,
// once.
// A count of bytes, which the machine's load does not change.
// BenchmarkLong times the same inputs.
func TestLongAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, in := range longWeb {
		s := in.make(1 << 20)
		for _, e := range longEntries {
			if e.name == "Validate" {
				continue // records the errors of every code point
			}
			if e.name == "setters" {
				continue // one by one below
			}
			var out string
			got := allocated(func() { out = e.f(s) })
			if limit := 2 * uint64(max(len(out), len(s))); got > limit+64<<10 {
				t.Errorf("%s on %s: %d bytes allocated for an href of %d bytes from %d", e.name, in.name, got, len(out), len(s))
			}
		}
		u, _ := Parse(s)
		for _, set := range []struct {
			name  string
			f     func(URL, string) URL
			value string
		}{
			{"protocol", URL.WithProtocol, "https"}, {"username", URL.WithUsername, "v"}, {"password", URL.WithPassword, "w"},
			{"host", URL.WithHost, "x.example:81"}, {"hostname", URL.WithHostname, "y.example"}, {"port", URL.WithPort, "82"},
			{"pathname", URL.WithPathname, "/p/q"}, {"search", URL.WithSearch, "a=b"}, {"hash", URL.WithHash, "g"},
		} {
			var out URL
			got := allocated(func() { out = set.f(u, set.value) })
			if limit := uint64(len(out.String())) + 64<<10; got > limit { // a large object takes whole pages of 8 KiB
				t.Errorf("With%s on %s: %d bytes allocated for an href of %d bytes", set.name, in.name, got, len(out.String()))
			}
		}
	}
}

// BenchmarkLong times the entry points of longEntries on each input of
// longWeb at 1 KiB and 16 MiB, per input byte (ns/B), with the bytes
// allocated per byte of output (allocB/outB): linear work costs the same
// per byte at both sizes. Compare the two sizes of one run:
//
//	go test -run '^$' -bench Long -benchtime 3x ./web/
func BenchmarkLong(b *testing.B) {
	for _, in := range longWeb {
		for _, n := range []int{1 << 10, 16 << 20} {
			s := in.make(n)
			for _, e := range longEntries {
				b.Run(in.name+"/"+e.name+"/"+strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
					var before, after runtime.MemStats
					runtime.ReadMemStats(&before)
					out := 0
					for b.Loop() {
						out = len(e.f(s))
					}
					runtime.ReadMemStats(&after)
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(s)), "ns/B")
					b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N*max(out, 1)), "allocB/outB")
				})
			}
		}
	}
}

// TestLongHrefNotShared: an href written in a buffer of its own, which
// becomes its string, keeps its text while other URLs are parsed: the
// buffer never goes back to the pool the parser reuses.
func TestLongHrefNotShared(t *testing.T) {
	u, _ := Parse(" http://h/" + strings.Repeat("é", 300)) // the full parser, 1,800 bytes of href
	want := strings.Clone(u.String())
	for k := range 20 {
		Parse(" http://h/" + strings.Repeat(string(rune('a'+k)), 1500))
		Parse(" http://h/" + strings.Repeat("x", 100))
	}
	if u.String() != want {
		t.Errorf("an href changed after other parses: %.40q..., want %.40q...", u.String(), want)
	}
}

// TestReplaceInvalidUTF8: each maximal ill-formed subsequence becomes one
// U+FFFD, as the Encoding Standard's UTF-8 decoder replaces them (the
// example of Unicode's Table 3-8, and the bounds of the second byte after
// E0, ED, F0 and F4).
func TestReplaceInvalidUTF8(t *testing.T) {
	const r = "\uFFFD"
	for _, c := range []struct{ in, want string }{
		{"a\xF1\x80\x80\xE1\x80\xC2b\x80c\x80\xBFd", "a" + r + r + r + "b" + r + "c" + r + r + "d"},
		{"\xE0\x80", r + r},
		{"\xE0\xA0", r},
		{"\xE0\xA0\x80", "\u0800"},
		{"\xED\xA0\x80", r + r + r},
		{"\xED\x9F", r},
		{"\xF0\x80", r + r},
		{"\xF0\x90\x80", r},
		{"\xF4\x90", r + r},
		{"\xF4\x8F\x80", r},
		{"\xC0\xAF", r + r},
		{"\xFF", r},
	} {
		if got := replaceInvalidUTF8(c.in); got != c.want {
			t.Errorf("replaceInvalidUTF8(%q) = %q, want %q", c.in, got, c.want)
		}
		// prepare replaces them too, and counts the href's size with them.
		if got, size := prepare(c.in); got != c.want || size < 3*len(c.want) {
			t.Errorf("prepare(%q) = %q, %d; want %q and at least %d", c.in, got, size, c.want, 3*len(c.want))
		}
	}
}
