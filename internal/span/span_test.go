package span

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// table: bit 1 for lowercase letters, bit 2 for digits, bit 4 for both
// and "/".
var table = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = 1 | 4
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = 2 | 4
	}
	t['/'] = 4
	return t
}()

// slowEnd is End as a byte loop.
func slowEnd(s string, i int, class uint8) int {
	for i < len(s) && table[s[i]]&class != 0 {
		i++
	}
	return i
}

func TestEnd(t *testing.T) {
	tests := []struct {
		s     string
		i     int
		class uint8
		want  int
	}{
		{"", 0, 1, 0},
		{"abc", 0, 1, 3},
		{"abc", 3, 1, 3},
		{"ab1", 0, 1, 2},
		{"ab1", 2, 2, 3},
		{"abcdefgh", 0, 1, 8},
		{"abcdefgh1", 0, 1, 8},
		{"abcdefghi", 0, 1, 9},
		{"abcdefghi", 8, 1, 9},
		{"1abcdefghi", 1, 1, 10},            // the last eight bytes hold the "1" before i
		{"1234567/a", 8, 2, 8},              // the last eight bytes end the run at i
		{"abcdefgh/abcdefgh/abc", 0, 4, 21}, // two words and a tail
		{"abcdefgh/abcdefgh/ab?", 0, 4, 20}, // the tail's last byte
		{"abcdefgh/abcdefgh/a?c", 0, 4, 19}, // a tail byte before the last
		{"abcdefgh/abcdefgh/abc", 0, 1, 8},  // the first byte of a word
		{"abcdefg\x80", 0, 1, 7},            // beyond ASCII: no class
		{"\xffabcdefgh", 1, 1, 9},           // a byte before i beyond ASCII
		{strings.Repeat("a", 1000) + "_", 0, 1, 1000},
	}
	for _, tt := range tests {
		if got := End(tt.s, tt.i, &table, tt.class); got != tt.want {
			t.Errorf("End(%q, %d, %d) = %d, want %d", tt.s, tt.i, tt.class, got, tt.want)
		}
	}
}

// TestEndRandom holds End and EndMarked to the byte loop (checkEnd) on
// strings of every length up to 40, from every offset, with the byte that
// ends the run anywhere.
func TestEndRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcxyz0189/_?\x80\xff"
	for n := 0; n <= 40; n++ {
		for trial := 0; trial < 200; trial++ {
			b := make([]byte, n)
			for k := range b {
				// Mostly letters, so that runs are long.
				if r.IntN(8) == 0 {
					b[k] = alphabet[r.IntN(len(alphabet))]
				} else {
					b[k] = 'a' + byte(r.IntN(26))
				}
			}
			s := string(b)
			for i := 0; i <= n; i++ {
				checkEnd(t, s, i)
			}
		}
	}
}

func FuzzEnd(f *testing.F) {
	f.Add("abcdefgh/abcdefgh/abc", 3)
	f.Add("1abcdefghi", 1)
	f.Fuzz(func(t *testing.T, s string, i int) {
		if i < 0 || i > len(s) {
			return
		}
		checkEnd(t, s, i)
	})
}

// checkEnd holds End and EndMarked, with the digits marked, to the byte
// loop on s from i, for each class of table.
func checkEnd(t *testing.T, s string, i int) {
	t.Helper()
	for _, class := range []uint8{1, 2, 4} {
		want := slowEnd(s, i, class)
		if got := End(s, i, &table, class); got != want {
			t.Fatalf("End(%q, %d, %d) = %d, want %d", s, i, class, got, want)
		}
		got, from, to := EndMarked(s, i, &table, class, 2)
		checkMarked(t, s, i, want, got, from, to, func(c byte) bool { return table[c]&2 != 0 })
	}
}

// checkMarked checks what EndMarked(s, i, ...) returned: the run's end,
// no marked byte of the run before from or from to on, and from and to
// at the end when no byte of s has a mark.
func checkMarked(t *testing.T, s string, i, end, got, from, to int, isMarked func(byte) bool) {
	t.Helper()
	first, last, any := end, i, false
	for k := range len(s) {
		if isMarked(s[k]) {
			any = true
			if i <= k && k < end {
				first, last = min(first, k), max(last, k+1)
			}
		}
	}
	if got != end || from < i || from > first || to < last || !any && (from != end || to != end) {
		t.Fatalf("EndMarked(%q, %d) = %d, %d, %d; want %d, and marks in at most [%d, %d)", s, i, got, from, to, end, first, last)
	}
}
