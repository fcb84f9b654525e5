package iri

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readTable reads a testdata file of tab-separated fields, skipping blank
// lines and # comments. A field that starts with a double quote is a Go
// string literal, as an input that starts with "#" must be: a comment
// with a tab is refused as a data row that would never run.
func readTable(t testing.TB, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") && strings.Contains(text, "\t") {
			t.Fatalf("%s:%d: a comment with a tab looks like a data row; quote its input: %q", name, line, text)
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		for i, field := range fields {
			if strings.HasPrefix(field, `"`) {
				if fields[i], err = strconv.Unquote(field); err != nil {
					t.Fatalf("%s:%d: field %d: %v", name, line, i+1, err)
				}
			}
		}
		rows = append(rows, fields)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// describe lists the components of i in the notation of testdata/valid.txt.
func describe(i IRI) string {
	var parts []string
	add := func(present bool, name, value string) {
		if present {
			parts = append(parts, name+"="+value)
		}
	}
	add(i.IsAbsolute(), "scheme", i.Scheme())
	add(i.HasUserinfo(), "userinfo", i.Userinfo())
	add(i.HasAuthority(), "host", i.Host())
	add(i.HasPort(), "port", i.Port())
	add(i.Path() != "", "path", i.Path())
	add(i.HasQuery(), "query", i.Query())
	add(i.HasFragment(), "fragment", i.Fragment())
	return strings.Join(parts, "\t")
}

// recompose puts the components of i back together with their delimiters.
func recompose(i IRI) string {
	var b strings.Builder
	if i.IsAbsolute() {
		b.WriteString(i.Scheme() + ":")
	}
	if i.HasAuthority() {
		b.WriteString("//" + i.Authority())
	}
	b.WriteString(i.Path())
	if i.HasQuery() {
		b.WriteString("?" + i.Query())
	}
	if i.HasFragment() {
		b.WriteString("#" + i.Fragment())
	}
	return b.String()
}

func TestParseValid(t *testing.T) {
	for _, row := range readTable(t, "valid.txt") {
		in, want := row[0], strings.Join(row[1:], "\t")
		ref, err := ParseReference(in)
		if err != nil {
			t.Errorf("ParseReference(%q): %v", in, err)
			continue
		}
		if got := describe(ref); got != want {
			t.Errorf("ParseReference(%q):\n got %s\nwant %s", in, got, want)
		}
		if ref.String() != in {
			t.Errorf("ParseReference(%q).String() = %q", in, ref.String())
		}
		if got := recompose(ref); got != in {
			t.Errorf("ParseReference(%q) recomposed = %q", in, got)
		}

		i, err := Parse(in)
		if ref.IsAbsolute() != (err == nil) {
			t.Errorf("Parse(%q): error %v, but IsAbsolute() = %v", in, err, ref.IsAbsolute())
		} else if err == nil && i != ref {
			t.Errorf("Parse(%q) = %#v, ParseReference gives %#v", in, i, ref)
		}
		_, err = ParseAbsolute(in)
		if wantOK := ref.IsAbsolute() && !ref.HasFragment(); wantOK != (err == nil) {
			t.Errorf("ParseAbsolute(%q): error %v, want success %v", in, err, wantOK)
		}
	}
}

func TestParseInvalid(t *testing.T) {
	kinds := map[string]error{
		"char": ErrInvalidCharacter, "end": ErrUnexpectedEnd,
		"utf8": ErrInvalidUTF8, "bidi": ErrBidiFormatting,
	}
	for _, row := range readTable(t, "invalid.txt") {
		if len(row) != 4 {
			t.Fatalf("invalid.txt: %q: want 4 fields", row)
		}
		in, rule, kind := row[0], row[2], kinds[row[3]]
		offset, _ := strconv.Atoi(row[1])
		_, err := ParseReference(in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseReference(%q) = %v, want a *ParseError", in, err)
			continue
		}
		if pe.Offset != offset || pe.Rule != rule || !errors.Is(err, kind) || pe.Input != in {
			t.Errorf("ParseReference(%q): %v\n got offset %d, rule %s, kind %v\nwant offset %d, rule %s, kind %v",
				in, err, pe.Offset, pe.Rule, pe.Err, offset, rule, kind)
		}
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) succeeded", in)
		}
		if _, err := ParseAbsolute(in); err == nil {
			t.Errorf("ParseAbsolute(%q) succeeded", in)
		}
	}
}

func TestParseNeedsScheme(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		char   rune
	}{
		{"", 0, -1},
		{"foo", 3, -1},
		{"/foo", 0, '/'},
		{"//a/b", 0, '/'},
		{"1a:b", 0, '1'},
		{"a_b:c", 1, '_'},
		{"?q", 0, '?'},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Offset != tt.offset || pe.Rule != "scheme" || pe.Char != tt.char {
			t.Errorf("Parse(%q) = %#v, want offset %d in scheme, char %q", tt.in, err, tt.offset, tt.char)
		}
	}
	for _, in := range []string{"http://a/#", "a:b#c"} {
		_, err := ParseAbsolute(in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Rule != "absolute-IRI" || pe.Char != '#' {
			t.Errorf("ParseAbsolute(%q) = %v, want a '#' rejected in absolute-IRI", in, err)
		}
	}
}

func TestParseErrorMessage(t *testing.T) {
	long := "http://example.org/" + strings.Repeat("a", 100) + " " + strings.Repeat("b", 100)
	tests := []struct{ in, want string }{
		{"http://a/b c/d", `iri: parse "http://a/b c/d": space not allowed in the path (rule ipath-abempty, at byte 10)`},
		{"http://a/%4", `iri: parse "http://a/%4": a "%" not followed by two hex digits (rule pct-encoded, at byte 11)`},
		{"http://a/\xff", `iri: parse "http://a/\xff": byte 0xFF is not UTF-8 (rule ipath-abempty, at byte 9)`},
		{"http://a/\u202e", `iri: parse "http://a/\u202e": the bidi formatting character U+202E is not allowed in an IRI (RFC 3987, section 4.1) (rule ipath-abempty, at byte 9)`},
		{"http://a/\u061c", `iri: parse "http://a/\u061c": the bidi formatting character U+061C is not allowed in an IRI (RFC 3987, section 4.1) (rule ipath-abempty, at byte 9)`},
		{"http://a/\x00", `iri: parse "http://a/\x00": control character U+0000 not allowed in the path (rule ipath-abempty, at byte 9)`},
		// Terminal control sequences are quoted, not written.
		{"http://a/\x1b]0;x\a", `iri: parse "http://a/\x1b]0;x\a": control character U+001B not allowed in the path (rule ipath-abempty, at byte 9)`},
		// A long input is cut around the offset.
		{long, `iri: parse ..."` + strings.Repeat("a", 40) + ` ` + strings.Repeat("b", 23) + `"...: space not allowed in the path (rule ipath-abempty, at byte 119)`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error = %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

func TestMustParse(t *testing.T) {
	if got := MustParse("http://a/").Host(); got != "a" {
		t.Errorf("MustParse(http://a/).Host() = %q", got)
	}
	defer func() {
		if _, ok := recover().(*ParseError); !ok {
			t.Error("MustParse of an invalid IRI did not panic with a *ParseError")
		}
	}()
	MustParse("no scheme")
}

func TestZeroValue(t *testing.T) {
	var zero IRI
	empty, err := ParseReference("")
	if err != nil || empty != zero {
		t.Errorf(`ParseReference("") = %#v, %v; want the zero IRI`, empty, err)
	}
	if zero.String() != "" || zero.IsAbsolute() || zero.HasAuthority() || zero.HasQuery() ||
		zero.HasFragment() || zero.HasPort() || zero.HasUserinfo() || zero.Path() != "" {
		t.Errorf("zero IRI has components: %s", describe(zero))
	}
}

// TestComparable checks that IRIs are equal with == exactly when their texts
// are, whichever parser made them, so that they serve as map keys.
func TestComparable(t *testing.T) {
	a, _ := Parse("http://a/b?c#d")
	b, _ := ParseReference("http://a/b?c#d")
	c, _ := ParseReference("http://a/b?c#e")
	m := map[IRI]int{a: 1}
	if a != b || m[b] != 1 || a == c {
		t.Errorf("== disagrees with the text: a==b %v, a==c %v", a == b, a == c)
	}
}

func TestUcscharRanges(t *testing.T) {
	// The ranges of RFC 3987, section 2.2, transcribed.
	ucschar := [][2]rune{
		{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
		{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
		{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
		{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
		{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
		{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	}
	iprivate := [][2]rune{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}
	in := func(ranges [][2]rune, r rune) bool {
		for _, rg := range ranges {
			if rg[0] <= r && r <= rg[1] {
				return true
			}
		}
		return false
	}
	for r := rune(0); r <= 0x10FFFF; r++ {
		if got, want := isUcschar(r), in(ucschar, r); got != want {
			t.Fatalf("isUcschar(%U) = %v", r, got)
		}
		if got, want := isIprivate(r), in(iprivate, r); got != want {
			t.Fatalf("isIprivate(%U) = %v", r, got)
		}
	}
}

var sink int

// TestNoAllocs holds Parse and the accessors to zero allocations.
func TestNoAllocs(t *testing.T) {
	const in = "http://user@résumé.example.org:8080/Dürst/a/b?q=€&r=\ue000#frag"
	i := MustParse(in)
	base := MustParse("http://a/b/c/d;p?q")
	plain, _ := ParseReference("http://a/b/c/g")
	calls := []struct {
		name string
		f    func()
	}{
		{"Parse", func() { Parse(in) }},
		{"ParseReference", func() { ParseReference("../g?q#f") }},
		{"ParseAbsolute", func() { ParseAbsolute("http://[::1]:80/a") }},
		{"accessors", func() {
			for _, s := range []string{i.Scheme(), i.Userinfo(), i.Host(), i.Port(), i.Path(), i.Query(), i.Fragment(), i.Authority()} {
				sink += len(s)
			}
			if i.HasAuthority() && i.HasUserinfo() && i.HasPort() && i.HasQuery() && i.HasFragment() && i.IsAbsolute() {
				sink++
			}
		}},
		{"String", func() { _ = i.String() }},
		{"Resolve to the reference itself", func() { base.Resolve(plain) }},
	}
	for _, c := range calls {
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", c.name, n)
		}
	}
}

// TestParseURI: the URI grammar of RFC 3986 is the IRI grammar without the
// characters beyond ASCII.
func TestParseURI(t *testing.T) {
	for _, s := range []string{"http://example.org/a?b#c", "urn:isbn:0451450523", "mailto:a@b"} {
		if _, err := ParseURI(s); err != nil {
			t.Errorf("ParseURI(%q): %v", s, err)
		}
	}
	if _, err := ParseURIReference("../a?b"); err != nil {
		t.Errorf("ParseURIReference: %v", err)
	}
	for _, tt := range []struct{ s, msg string }{
		{"http://résumé.example/", `iri: parse "http://résumé.example/": 'é' (U+00E9) at byte 8 is beyond ASCII, which a URI (RFC 3986) cannot hold: ToURI percent-encodes it`},
		{"a b", `iri: parse "a b": no scheme: an IRI starts with one and ":", such as "http:" (rule scheme, at byte 1)`},
		{"ht tp://a/", `iri: parse "ht tp://a/": space not allowed in the scheme (rule scheme, at byte 2)`},
		{"/ü", `iri: parse "/ü": 'ü' (U+00FC) at byte 1 is beyond ASCII, which a URI (RFC 3986) cannot hold: ToURI percent-encodes it`},
	} {
		var err error
		if strings.HasPrefix(tt.s, "/") {
			_, err = ParseURIReference(tt.s)
		} else {
			_, err = ParseURI(tt.s)
		}
		if err == nil || err.Error() != tt.msg {
			t.Errorf("%q: %v\nwant %s", tt.s, err, tt.msg)
		}
	}
	if _, err := ParseURI("http://é/"); !errors.Is(err, ErrNotASCII) {
		t.Errorf("errors.Is(%v, ErrNotASCII) is false", err)
	}
}

// TestDELMessage: DEL is named as the control character it is.
func TestDELMessage(t *testing.T) {
	_, err := Parse("http://h/\x7f")
	if want := `iri: parse "http://h/\x7f": control character U+007F not allowed in the path (rule ipath-abempty, at byte 9)`; err == nil || err.Error() != want {
		t.Errorf("Parse(DEL) = %v\nwant %s", err, want)
	}
}

// TestAddrIPv4: a host that is an IPv4address (RFC 3986, section 3.2.2)
// is an address, whatever the number of digits of its first dec-octet.
func TestAddrIPv4(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://1.2.3.4/", "1.2.3.4"},
		{"http://8.8.8.8:53/", "8.8.8.8"},
		{"http://0.0.0.0/", "0.0.0.0"},
		{"http://10.0.0.1/", "10.0.0.1"},
		{"http://255.255.255.255/", "255.255.255.255"},
		{"//9.1.1.1", "9.1.1.1"},
		{"http://x1.2.3.4/", ""},
		{"http://1.2.3.4.5/", ""},
		{"http://1.2.3/", ""},
		{"http://01.2.3.4/", ""},
	}
	for _, tt := range tests {
		addr, ok := mustRef(t, tt.in).Addr()
		if got := addr.String(); ok != (tt.want != "") || ok && got != tt.want {
			t.Errorf("%q: Addr() = %v, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}
