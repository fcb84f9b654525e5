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
