package pct

import "testing"

// TestSets checks each set against the URL Standard's own words (section
// 1.3): the printable ASCII octets each one adds to the one it builds on.
func TestSets(t *testing.T) {
	members := func(s *Set) (printable string) {
		for c := 0x20; c < 0x7F; c++ {
			if s[c] {
				printable += string(rune(c))
			}
		}
		return printable
	}
	tests := []struct {
		name string
		set  *Set
		want string // the printable octets, in ASCII order
	}{
		{"C0Control", &C0Control, ""},
		{"Fragment", &Fragment, " \"<>`"},
		{"Query", &Query, " \"#<>"},
		{"SpecialQuery", &SpecialQuery, " \"#'<>"},
		{"Path", &Path, " \"#<>?^`{}"},
		{"Userinfo", &Userinfo, " \"#/:;<=>?@[\\]^`{|}"},
		{"Component", &Component, " \"#$%&+,/:;<=>?@[\\]^`{|}"},
		{"Form", &Form, " !\"#$%&'()+,/:;<=>?@[\\]^`{|}~"},
	}
	for _, tt := range tests {
		if got := members(tt.set); got != tt.want {
			t.Errorf("%s holds %q, want %q", tt.name, got, tt.want)
		}
		for c := 0; c < 0x20; c++ {
			if !tt.set[c] {
				t.Errorf("%s lacks the C0 control %#x", tt.name, c)
			}
		}
		if !tt.set[0x7F] || !tt.set.Has(0x80) || !tt.set.Has(0xFF) || tt.set.Has('a') {
			t.Errorf("%s: DEL %v, 0x80 %v, 0xFF %v, 'a' %v", tt.name, tt.set[0x7F], tt.set.Has(0x80), tt.set.Has(0xFF), tt.set.Has('a'))
		}
	}
	// With copies: the set it starts from is left as it was.
	base := Set{}
	if s := base.With("ab"); !s['a'] || !s['b'] || s['c'] || base['a'] {
		t.Errorf("With: %v %v %v, base %v", s['a'], s['b'], s['c'], base['a'])
	}
}

func TestAppend(t *testing.T) {
	tests := []struct {
		s    string
		set  *Set
		want string
	}{
		{"", &Path, ""},
		{"abc", &Path, "abc"},
		{"a b\x00\x7f{", &Path, "a%20b%00%7F%7B"},
		{"\u00e9\xff", &C0Control, "%C3%A9%FF"},
		{"%2541", &Path, "%2541"},
		{"%", &Component, "%25"},
		{"?#", &Fragment, "?#"},
		{"\x7f\x00 é", &Set{}, "\x7f\x00 %C3%A9"}, // a set without DEL or the controls
	}
	for _, tt := range tests {
		if got := string(Append([]byte("x:"), tt.s, tt.set)); got != "x:"+tt.want {
			t.Errorf("Append(%q) = %q, want %q", tt.s, got, "x:"+tt.want)
		}
	}
	for c, want := range map[byte]string{0: "%00", 0x0A: "%0A", 0x2F: "%2F", 0xAB: "%AB", 0xF0: "%F0", 0xFF: "%FF"} {
		if got := string(AppendByte(nil, c)); got != want {
			t.Errorf("AppendByte(%#x) = %q, want %q", c, got, want)
		}
	}
}

func TestDecode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"%41%62%2f", "Ab/"},
		{"%", "%"},
		{"%4", "%4"},
		{"a%4", "a%4"},
		{"%41%", "A%"},
		{"%G1%1G", "%G1%1G"},
		{"%%41", "%A"},
		{"%2541", "%41"}, // once only
		{"%C3%A9%FF", "\u00e9\xff"},
		{"+", "+"},
		{"%E2%80%8B", "\u200b"},
		{"%e2%80%8b", "\u200b"},
		{"%zz%41", "%zzA"},
		{"x%2E%2Ey%2", "x..y%2"},
		{"%41%42%43%44%4", "ABCD%4"},
	}
	for _, tt := range tests {
		if got := Decode(tt.in); got != tt.want {
			t.Errorf("Decode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	s := "no percent here"
	if n := testing.AllocsPerRun(10, func() { Decode(s) }); n != 0 {
		t.Errorf("Decode of a text without %%: %v allocations", n)
	}
}

func TestForm(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"a b  c", "a+b++c"},
		{" ", "+"},
		{"*-._~!'()", "*-._%7E%21%27%28%29"},
		{"a+b&c=d", "a%2Bb%26c%3Dd"},
		{"\u00e9", "%C3%A9"},
	}
	for _, tt := range tests {
		if got := string(AppendForm([]byte("q="), tt.in)); got != "q="+tt.want {
			t.Errorf("AppendForm(%q) = %q, want %q", tt.in, got, "q="+tt.want)
		}
	}
	decode := []struct{ in, want string }{
		{"a+b%20c", "a b c"},
		{"%2B+", "+ "},
		{"+a+", " a "},
		{"%FF%C3", "\xff\xc3"}, // octets that are not UTF-8 stay
		{"%", "%"},
	}
	for _, tt := range decode {
		if got := DecodeForm(tt.in); got != tt.want {
			t.Errorf("DecodeForm(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
