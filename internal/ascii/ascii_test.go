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

func TestIsLetter(t *testing.T) {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	for c := 0; c < 256; c++ {
		want := false
		for k := 0; k < len(letters); k++ {
			want = want || letters[k] == byte(c)
		}
		if IsLetter(byte(c)) != want {
			t.Errorf("IsLetter(%q) = %v", byte(c), IsLetter(byte(c)))
		}
	}
}
