package iri

import (
	"testing"
	"unicode/utf8"
)

// TestPctRuneIllFormed: an encoded octet that does not start a strictly
// legal UTF-8 sequence (RFC 3629) is one octet alone, so that the octets
// after it are read on their own (RFC 3987, section 3.2, steps 2 and 3):
// a lead octet followed by text, or by an encoded octet that is no
// continuation.
func TestPctRuneIllFormed(t *testing.T) {
	tests := []struct {
		s    string
		want rune
		n    int
	}{
		{"%C3%A9", 'é', 2},
		{"%E2%82%AC", '€', 3},
		{"%F0%90%8C%80", '\U00010300', 4},
		{"%c3ab/", utf8.RuneError, 1},       // text where the second octet's "%" should be
		{"%E2%82ab/", utf8.RuneError, 1},    // and where the third's should be
		{"%C3%41", utf8.RuneError, 1},       // "A", no continuation
		{"%E2%82%41", utf8.RuneError, 1},    // the same third
		{"%C0%AF", utf8.RuneError, 1},       // overlong
		{"%ED%A0%80", utf8.RuneError, 1},    // a surrogate
		{"%F4%90%80%80", utf8.RuneError, 1}, // above U+10FFFF
		{"%80", utf8.RuneError, 1},
		{"%C3", utf8.RuneError, 1},
	}
	for _, tt := range tests {
		if r, n := pctRune(tt.s, 0, len(tt.s)); r != tt.want || n != tt.n {
			t.Errorf("pctRune(%q) = %q, %d; want %q, %d", tt.s, r, n, tt.want, tt.n)
		}
	}
	// Through ToIRI and syntax-based normalization: the octet stays
	// encoded in uppercase, what follows is read as it would be alone.
	for in, want := range map[string]string{
		"http://h/%c3ab/x":   "http://h/%C3ab/x",
		"http://h/%C3%41":    "http://h/%C3A",
		"http://h/%c3%41%7e": "http://h/%C3A~",
		"http://h/%E2%82%41": "http://h/%E2%82A",
	} {
		i := mustRef(t, in)
		if got := i.ToIRI().String(); got != want {
			t.Errorf("ToIRI(%q) = %q, want %q", in, got, want)
		}
		if got := i.Normalize(SyntaxBased).String(); got != want {
			t.Errorf("Normalize(%q, SyntaxBased) = %q, want %q", in, got, want)
		}
	}
}
