package iri

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
)

// scanByByte is scan as the grammar reads, one character at a time: the
// oracle of the word-at-a-time runs, the inline two-byte forms and
// decodeRune.
func scanByByte(s string, i int, class uint8, private bool) (end int, inPct bool) {
	for i < len(s) {
		c := s[i]
		switch {
		case c < utf8.RuneSelf && pct.Classes[c]&class != 0:
			i++
		case c == '%':
			if i+1 >= len(s) || !isHex(s[i+1]) {
				return i + 1, true
			}
			if i+2 >= len(s) || !isHex(s[i+2]) {
				return i + 2, true
			}
			i += 3
		case c < utf8.RuneSelf:
			return i, false
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || !allowedUnencoded(r, private) {
				return i, false
			}
			i += size
		}
	}
	return i, false
}

var scanClasses = []uint8{pct.ClassRegName, pct.ClassUserinfo, pct.ClassPath, pct.ClassQuery}

// checkScan holds scan to scanByByte from every offset of s.
func checkScan(t *testing.T, s string) {
	t.Helper()
	for i := 0; i <= len(s); i++ {
		for _, class := range scanClasses {
			for _, private := range []bool{false, true} {
				end, inPct := scan(s, i, class, private)
				wantEnd, wantPct := scanByByte(s, i, class, private)
				if end != wantEnd || inPct != wantPct {
					t.Fatalf("scan(%q, %d, %#x, %v) = %d, %v; want %d, %v", s, i, class, private, end, inPct, wantEnd, wantPct)
				}
			}
		}
	}
}

func TestScan(t *testing.T) {
	for _, s := range []string{
		"", "a", "abcdefgh", "abcdefghi/jklmnopq?r#s",
		"/resource/Günther_Kraus", "Schwaförden_(Samtgemeinde)", "静岡県駿東郡", "Go-Go’s",
		"ab\u0080cd", "ab\u00a0cd", "ab\u061ccd", "ab\u0600cd", "ab\u07ffcd", "ab\u200ecd", "ab\ue000cd",
		"abcdefgé", "abcdefgh\xc3", "abcdefg\xc3(", "é\xc3\xc3", "\xc3\xa9\xa9", "\xdf", "\xdf\xbf",
		"%41%4", "%4g", "abc%", "%e2%80%ae", "a b", "a<b>", strings.Repeat("é/", 20) + "?",
	} {
		checkScan(t, s)
	}
	// Every character from U+0080 to U+07FF between ASCII letters, at
	// every alignment to a word: the two-byte forms scan takes in line
	// (and the three-byte ones below).
	for r := rune(0x80); r <= 0x7FF; r++ {
		for pad := 0; pad < 8; pad++ {
			checkScan(t, strings.Repeat("a", pad)+string(r)+"bcdefghij")
		}
	}
	// Every character of the three-byte forms, U+0800 to U+FFFF, and the
	// surrogates' encodings, which are not UTF-8, in a path and a query.
	for r := rune(0x800); r <= 0xFFFF; r++ {
		s := "a" + string([]byte{0xE0 | byte(r>>12), 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F}) + "bc"
		for _, private := range []bool{false, true} {
			end, inPct := scan(s, 0, pct.ClassPath, private)
			wantEnd, wantPct := scanByByte(s, 0, pct.ClassPath, private)
			if end != wantEnd || inPct != wantPct {
				t.Fatalf("scan(%q, 0, path, %v) = %d, %v; want %d, %v", s, private, end, inPct, wantEnd, wantPct)
			}
		}
	}
	for _, name := range corpora {
		lines, _ := loadCorpus(t, name)
		for _, s := range lines[:200] {
			checkScan(t, s)
		}
	}
}

func FuzzScan(f *testing.F) {
	f.Add("/resource/Günther_Kraus")
	f.Add("abcdefg\xc3(")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			s = s[:64] // checkScan reads s from every offset
		}
		checkScan(t, s)
	})
}

// TestDecodeRune holds decodeRune to utf8.DecodeRuneInString on every
// sequence of three bytes that starts beyond ASCII, and their prefixes.
func TestDecodeRune(t *testing.T) {
	var b [3]byte
	for c0 := 0x80; c0 < 0x100; c0++ {
		for c1 := 0; c1 < 0x100; c1++ {
			for c2 := 0; c2 < 0x100; c2++ {
				b = [3]byte{byte(c0), byte(c1), byte(c2)}
				s := string(b[:])
				r, n := decodeRune(s)
				if wr, wn := utf8.DecodeRuneInString(s); r != wr || n != wn {
					t.Fatalf("decodeRune(%q) = %U, %d; want %U, %d", s, r, n, wr, wn)
				}
			}
			s := string([]byte{byte(c0), byte(c1)})
			r, n := decodeRune(s)
			if wr, wn := utf8.DecodeRuneInString(s); r != wr || n != wn {
				t.Fatalf("decodeRune(%q) = %U, %d; want %U, %d", s, r, n, wr, wn)
			}
		}
	}
}

// TestAuthorityRun holds Parse's reading of an authority that is a host
// of ireg-name's ASCII characters alone to parseAuthority's, on the
// corpora and the tables.
func TestAuthorityRun(t *testing.T) {
	var inputs []string
	for _, name := range corpora {
		lines, _ := loadCorpus(t, name)
		inputs = append(inputs, lines...)
	}
	for _, file := range []string{"valid.txt", "invalid.txt"} {
		for _, row := range readTable(t, file) {
			inputs = append(inputs, row[0])
		}
	}
	n := 0
	for _, s := range inputs {
		i, err := ParseReference(s)
		if err != nil || !i.HasAuthority() {
			continue
		}
		a := IRI{s: s}
		pathStart, perr := parseAuthority(&a, i.schemeEnd+2)
		if perr != nil || a.hostStart != i.hostStart || a.hostEnd != i.hostEnd || pathStart != i.pathStart {
			t.Errorf("ParseReference(%q): host %d-%d, path from %d; parseAuthority: %d-%d, %d, %v",
				s, i.hostStart, i.hostEnd, i.pathStart, a.hostStart, a.hostEnd, pathStart, perr)
		}
		n++
	}
	if n < 1000 {
		t.Errorf("only %d inputs with an authority", n)
	}
}
