package ascii

import "testing"

func TestHex(t *testing.T) {
	const digits = "0123456789abcdefABCDEF"
	values := []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 10, 11, 12, 13, 14, 15}
	for c := 0; c < 256; c++ {
		want := -1
		for k := 0; k < len(digits); k++ {
			if digits[k] == byte(c) {
				want = int(values[k])
			}
		}
		if IsHexDigit(byte(c)) != (want >= 0) {
			t.Errorf("IsHexDigit(%q) = %v", byte(c), IsHexDigit(byte(c)))
		}
		if want >= 0 && int(HexValue(byte(c))) != want {
			t.Errorf("HexValue(%q) = %d, want %d", byte(c), HexValue(byte(c)), want)
		}
	}
}

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

func TestPercentDecode(t *testing.T) {
	for in, want := range map[string]string{
		"":               "",
		"abc":            "abc",
		"a%62c":          "abc",
		"%E2%80%8B":      "\u200b",
		"%e2%80%8b":      "\u200b",
		"%FF":            "\xff",
		"a%":             "a%",
		"a%4":            "a%4",
		"a%41":           "aA",
		"%zz%41":         "%zzA",
		"%%41":           "%A",
		"x%2E%2Ey%2":     "x..y%2",
		"%41%42%43%44%4": "ABCD%4",
	} {
		if got := PercentDecode(in); got != want {
			t.Errorf("PercentDecode(%q) = %q, want %q", in, got, want)
		}
	}
	s := "no percent here"
	if got := PercentDecode(s); got != s {
		t.Errorf("PercentDecode(%q) = %q", s, got)
	}
	if n := testing.AllocsPerRun(10, func() { PercentDecode(s) }); n != 0 {
		t.Errorf("PercentDecode of a text without %%: %v allocations", n)
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
