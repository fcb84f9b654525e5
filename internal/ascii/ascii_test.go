package ascii

import "testing"

func TestClasses(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		alpha := 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z'
		digit := '0' <= b && b <= '9'
		if IsAlpha(b) != alpha || IsDigit(b) != digit {
			t.Errorf("%q: IsAlpha %v, IsDigit %v", b, IsAlpha(b), IsDigit(b))
		}
		if IsLDHLabel(string(b)) != (alpha || digit || b == '-') {
			t.Errorf("IsLDHLabel(%q) = %v", b, IsLDHLabel(string(b)))
		}
	}
	for s, want := range map[string]bool{"": false, "a-1": true, "-": true, "xn--abc": true, "a.b": false, "a_b": false, "é": false} {
		if IsLDHLabel(s) != want {
			t.Errorf("IsLDHLabel(%q) = %v", s, !want)
		}
	}
}

// TestLowerHost: ASCII capitals lowered but the hex digits of a
// percent-encoding, nothing beyond ASCII touched, and no allocation for a
// host in lower case.
func TestLowerHost(t *testing.T) {
	for in, want := range map[string]string{
		"":              "",
		"Example.COM":   "example.com",
		"A%D0%B0.COM":   "a%D0%B0.com",
		"%4A%4aB":       "%4A%4ab",
		"ÀB":            "Àb",
		"a%":            "a%",
		"Z%Z":           "z%Z",
		"%ZZZ":          "%ZZz",
		"example.com":   "example.com",
		"@[\\]`{":       "@[\\]`{",
		"ABCDEFGHIJKLM": "abcdefghijklm",
		"NOPQRSTUVWXYZ": "nopqrstuvwxyz",
	} {
		if got := LowerHost(in); got != want {
			t.Errorf("LowerHost(%q) = %q, want %q", in, got, want)
		}
	}
	s := "paypal.com"
	if n := testing.AllocsPerRun(10, func() { LowerHost(s) }); n != 0 {
		t.Errorf("LowerHost of a lowercase host: %v allocations", n)
	}
}

func TestLoad64(t *testing.T) {
	if got := Load64("\x01\x02\x03\x04\x05\x06\x07\x80tail"); got != 0x8007060504030201 {
		t.Errorf("Load64 = %#x, want 0x8007060504030201: the first octet at the bottom", got)
	}
}
