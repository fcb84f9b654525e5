package urlstd

import (
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		href string
		want Parts
	}{
		{"http://u:p@[::1]:8080/p?q#f", Parts{Scheme: "http", HasAuthority: true, Userinfo: "u:p", HasUserinfo: true, Host: "[::1]", Port: "8080", HasPort: true, Path: "/p", Query: "q", HasQuery: true, Fragment: "f", HasFragment: true}},
		{"mailto:a@b?x#y", Parts{Scheme: "mailto", Path: "a@b", Query: "x", HasQuery: true, Fragment: "y", HasFragment: true}},
		{"file:///C:/x", Parts{Scheme: "file", HasAuthority: true, Path: "/C:/x"}},
		{"foo://h", Parts{Scheme: "foo", HasAuthority: true, Host: "h"}},
		{"foo://@h:/", Parts{Scheme: "foo", HasAuthority: true, HasUserinfo: true, Host: "h", HasPort: true, Path: "/"}},
		{"http://a/b#c?d", Parts{Scheme: "http", HasAuthority: true, Host: "a", Path: "/b", Fragment: "c?d", HasFragment: true}},
		{"a:/.//b", Parts{Scheme: "a", Path: "//b"}},
		{"a:?x#y", Parts{Scheme: "a", Query: "x", HasQuery: true, Fragment: "y", HasFragment: true}},
		{"a:/./b", Parts{Scheme: "a", Path: "/./b"}},
		{"a:", Parts{Scheme: "a"}},
		{":x?y", Parts{Path: "x", Query: "y", HasQuery: true}}, // an empty scheme is still one
	}
	for _, tt := range tests {
		got := Split(tt.href)
		if got != tt.want {
			t.Errorf("Split(%q) = %+v, want %+v", tt.href, got, tt.want)
		}
		if s := got.String(); s != tt.href {
			t.Errorf("Split(%q).String() = %q", tt.href, s)
		}
	}
	// A text without ":" is all path.
	if got := Split("a/b?c"); got != (Parts{Path: "a/b?c"}) {
		t.Errorf("Split(a/b?c) = %+v, want the path only", got)
	}
}

func TestPartsString(t *testing.T) {
	tests := []struct {
		p    Parts
		want string
	}{
		// A path starting with "//" without a host gets the serializer's "/.".
		{Parts{Scheme: "a", Path: "//b"}, "a:/.//b"},
		{Parts{Scheme: "a", HasAuthority: true, Path: "//b"}, "a:////b"},
		{Parts{Scheme: "a", Path: "/b"}, "a:/b"},
		// Components absent write nothing, even with a value.
		{Parts{Scheme: "http", HasAuthority: true, Userinfo: "u", Host: "h", Port: "1", Path: "/", Query: "q", Fragment: "f"}, "http://h/"},
		{Parts{Scheme: "http", HasAuthority: true, HasUserinfo: true, Host: "h", HasPort: true, Path: "/", HasQuery: true, HasFragment: true}, "http://@h:/?#"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestDefaultPort(t *testing.T) {
	for scheme, want := range map[string]int32{"http": 80, "ws": 80, "https": 443, "wss": 443, "ftp": 21, "file": -1, "gopher": -1, "HTTP": -1, "": -1} {
		if got := DefaultPort(scheme); got != want {
			t.Errorf("DefaultPort(%q) = %d, want %d", scheme, got, want)
		}
	}
}

func TestDots(t *testing.T) {
	single := []string{".", "%2e", "%2E"}
	double := []string{"..", ".%2e", ".%2E", "%2e.", "%2E.", "%2e%2e", "%2E%2e", "%2e%2E", "%2E%2E"}
	neither := []string{"", "...", "%2", "%2f", "%3e", "%2e%2e%2e", ".%2f", "%2f.", "a.", "..a", "%2e%2f", "%%2e", "x%2e"}
	for _, s := range single {
		if !IsSingleDot(s) || IsDoubleDot(s) {
			t.Errorf("%q: single %v, double %v; want a single dot", s, IsSingleDot(s), IsDoubleDot(s))
		}
	}
	for _, s := range double {
		if IsSingleDot(s) || !IsDoubleDot(s) {
			t.Errorf("%q: single %v, double %v; want a double dot", s, IsSingleDot(s), IsDoubleDot(s))
		}
	}
	for _, s := range neither {
		if IsSingleDot(s) || IsDoubleDot(s) {
			t.Errorf("%q: single %v, double %v; want neither", s, IsSingleDot(s), IsDoubleDot(s))
		}
	}
}

func TestTrimControlAndSpace(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{" \x00\x1f", ""},
		{"\t a b \n", "a b"},
		{"\x1fa\x00", "a"},
		{"!a!", "!a!"},
		{"\x7fa\x7f", "\x7fa\x7f"},
		{"\u00a0a", "\u00a0a"},
	}
	for _, tt := range tests {
		if got := TrimControlAndSpace(tt.in); got != tt.want {
			t.Errorf("TrimControlAndSpace(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDomainToASCII(t *testing.T) {
	tests := []struct{ in, want string }{
		{"EXAMPLE.com", "example.com"},
		{"xn--A", "xn--a"},                     // ASCII is only lowercased, even an A-label UTS #46 refuses
		{"B\u00dccher.ch", "xn--bcher-kva.ch"}, // mapped, then Punycode
		{"\u2603.com", "xn--n3h.com"},
		{"a\uff0eb", "a.b"},           // a full stop mapped to "."
		{"-x\u00e9", "xn---x-cja"},    // CheckHyphens false
		{"a b.\u00fc", "a b.xn--tda"}, // UseSTD3ASCIIRules false
	}
	for _, tt := range tests {
		if got, ok := DomainToASCII(tt.in); !ok || got != tt.want {
			t.Errorf("DomainToASCII(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	// CheckBidi and CheckJoiners: a right-to-left label with a digit first,
	// a ZERO WIDTH JOINER out of context, and U+FFFD.
	for _, in := range []string{"1\u05d0.com", "a\u200db.com", "\ufffd.com"} {
		if got, ok := DomainToASCII(in); ok {
			t.Errorf("DomainToASCII(%q) = %q; want a failure", in, got)
		}
	}
}

// TestDomainToASCIIStrict: UTS #46 17.0 with CheckHyphens,
// UseSTD3ASCIIRules and VerifyDnsLength, the same answers under every Go
// release (the final dot of "example.com." is refused from Unicode 16.0
// on, and x/net/idna's tables are 15.0 below Go 1.27).
func TestDomainToASCIIStrict(t *testing.T) {
	tests := []struct{ in, want string }{
		{"EXAMPLE.com", "example.com"},
		{"B\u00dccher.ch", "xn--bcher-kva.ch"},
		{"a\u3002b", "a.b"},
		{"a\u200bb.com", "ab.com"}, // ignored, not an error
		{"127.0.0.1", "127.0.0.1"},
	}
	for _, tt := range tests {
		if got, err := DomainToASCIIStrict(tt.in); err != nil || got != tt.want {
			t.Errorf("DomainToASCIIStrict(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"example.com.", "a\u3002b\u3002", "a_b.com", "-a.com", "ab--c.com", "xn--a.com", "a..b", "",
		"a b", strings.Repeat("a", 64) + ".com", strings.Repeat("a.", 127) + "aa", "\ufdd0.com"} {
		if got, err := DomainToASCIIStrict(in); err == nil {
			t.Errorf("DomainToASCIIStrict(%q) = %q; want an error", in, got)
		}
	}
}

func TestDomainToUnicode(t *testing.T) {
	for in, want := range map[string]string{
		"xn--bcher-kva.DE": "b\u00fccher.de",
		"B\u00dcCHER.de":   "b\u00fccher.de",
		"example.com":      "example.com",
		"xn--strae-oqa.de": "stra\u00dfe.de",
	} {
		if got, err := DomainToUnicode(in); err != nil || got != want {
			t.Errorf("DomainToUnicode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if got, err := DomainToUnicode("xn--a.com"); err == nil {
		t.Errorf("DomainToUnicode(xn--a.com) = %q; want an error (the label is not Punycode)", got)
	}
}

// TestRemoveTabAndNewline: every tab, line feed and carriage return goes,
// wherever it stands; a text without one is returned as it is, with no
// allocation.
func TestRemoveTabAndNewline(t *testing.T) {
	for in, want := range map[string]string{
		"":                 "",
		"http://a/b":       "http://a/b",
		"\t":               "",
		"\r\n\t":           "",
		"h\tt\ntp:/\r/a\t": "http://a",
		"\ta b\t\tc\n":     "a bc",
		"a\tb":             "ab",
		"\x0b\x0c é":       "\x0b\x0c é",
	} {
		if got := RemoveTabAndNewline(in); got != want {
			t.Errorf("RemoveTabAndNewline(%q) = %q, want %q", in, got, want)
		}
	}
	s := "http://example.com/a/b?c#d"
	if n := testing.AllocsPerRun(10, func() { _ = RemoveTabAndNewline(s) }); n != 0 {
		t.Errorf("RemoveTabAndNewline of a text without tabs: %v allocations", n)
	}
}
