package iri

import (
	"math/rand/v2"
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

// checkPathRun holds the path Parse reads (its first run, which takes the
// letters of letterBytes, then scan) to scanByByte from every offset of s:
// the path of "x:/a/" and s[i:] ends where scanByByte says, or Parse
// refuses it there.
func checkPathRun(t *testing.T, s string) {
	t.Helper()
	for i := 0; i <= len(s); i++ {
		rest := s[i:]
		end, inPct := scanByByte(rest, 0, pct.ClassPath, false)
		const head = "x:/a/"
		in, want := head+rest, "/a/"+rest[:end]
		got, err := ParseReference(in)
		if !inPct && (end == len(rest) || rest[end] == '?' || rest[end] == '#') {
			if err == nil && got.Path() != want {
				t.Fatalf("ParseReference(%q).Path() = %q, want %q", in, got.Path(), want)
			}
			if pe, ok := err.(*ParseError); ok && pe.Offset < len(head)+end {
				t.Fatalf("ParseReference(%q): %v; want a path of %q", in, err, want)
			}
			continue
		}
		if pe, ok := err.(*ParseError); !ok || pe.Offset != len(head)+end {
			t.Fatalf("ParseReference(%q) = %v; want an error at %d", in, err, len(head)+end)
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
		"abcdefg\xc3\xa9\xa9bcdefgh", "abcdefgh\xe1\x80", "abcdefg\xe1\x80", "abcdefgh\xe1\x80\x80\x80",
		"abcdefghijklmn\xc3", "\xc3\xa9\xe1", "é静\xa9é", "\xe9\x9d\x99\xe9\x9d", "abcdefgh静é?\xc3",
		"a\xe9\x9db", "a\xe1\x80/", "a\xe1\x80\xe1\x80\x80", "abcdefgh\xe1\x80a",
	} {
		checkScan(t, s)
		checkPathRun(t, s)
	}
	// Every character from U+0080 to U+07FF between ASCII letters, at
	// every alignment to a word: the two-byte forms scan takes in line
	// (and the three-byte ones below).
	for r := rune(0x80); r <= 0x7FF; r++ {
		for pad := 0; pad < 8; pad++ {
			checkScan(t, strings.Repeat("a", pad)+string(r)+"bcdefghij")
		}
		checkPathRun(t, "abcdefg"+string(r)+"bcdefghij")
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
			checkPathRun(t, s)
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
		checkPathRun(t, s)
	})
}

// TestLetterSize holds letterSize to the ranges its doc names, for every
// character of two and three bytes, with and without a byte after it.
func TestLetterSize(t *testing.T) {
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		want := 0
		if 0xC0 <= r && r <= 0x7FF && !(0x600 <= r && r <= 0x63F) || 0x1000 <= r && r <= 0x1FFF || 0x3000 <= r && r <= 0xCFFF {
			want = utf8.RuneLen(r)
		}
		for _, s := range []string{string(r), string(r) + "a"} {
			if got := letterSize(s, 0); got != want {
				t.Fatalf("letterSize(%q, 0) = %d, want %d", s, got, want)
			}
		}
		if n := utf8.RuneLen(r); want > 0 {
			if got := letterSize(string(r)[:n-1]+"a", 0); got != 0 {
				t.Fatalf("letterSize(%q, 0) = %d, want 0", string(r)[:n-1]+"a", got)
			}
		}
	}
}

// TestLettersFit holds lettersFit, which checks the order of the letters'
// bytes eight at a time, up to the last or further, to lettersEndSlow on
// runs of the bytes letterBytes lets through, mostly the leads and
// continuations of letters, ordered or not, of every length up to 40 and
// from every offset.
func TestLettersFit(t *testing.T) {
	var through []byte
	for c := range 256 {
		if letterBytes[c]&inPathRun != 0 && c >= utf8.RuneSelf {
			through = append(through, byte(c))
		}
		// misfits tells the leads apart by their bit 5 alone.
		if lead := letterBytes[c] & (lead2 | lead3); lead != 0 && (lead == lead3) != (c&0x20 != 0) {
			t.Errorf("lead %#x: bit 5 does not tell its size", c)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 40; n++ {
		for trial := 0; trial < 300; trial++ {
			var b []byte
			for len(b) < n {
				switch r.IntN(6) {
				case 0: // a byte of a letter on its own
					b = append(b, through[r.IntN(len(through))])
				case 1, 2: // a letter
					b = utf8.AppendRune(b, []rune{'é', 'ß', 'Ÿ', 'ſ', 'Ж', '߿', 'ဂ', '静', '가', '\uCFFF'}[r.IntN(10)])
				default:
					b = append(b, "abz09/_-"[r.IntN(8)])
				}
			}
			s := string(b[:n])
			for i := 0; i <= n; i++ {
				fit := lettersEndSlow(s, i, n) == n
				// Up to the run's end, and up to just after the last byte
				// beyond ASCII, as EndMarked's to may be.
				to := i
				for k := i; k < n; k++ {
					if s[k] >= utf8.RuneSelf {
						to = k + 1
					}
				}
				for _, to := range []int{n, to} {
					if to >= 8 && lettersFit(s, i, to) != fit {
						t.Fatalf("lettersFit(%q, %d, %d) = %v, want %v", s, i, to, !fit, fit)
					}
				}
			}
		}
	}
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
		hostStart, hostEnd, pathStart, perr := parseAuthority(s, i.schemeEnd()+2)
		if perr != nil || hostStart != i.hostStart() || hostEnd != i.hostEnd() || pathStart != i.pathStart() {
			t.Errorf("ParseReference(%q): host %d-%d, path from %d; parseAuthority: %d-%d, %d, %v",
				s, i.hostStart(), i.hostEnd(), i.pathStart(), hostStart, hostEnd, pathStart, perr)
		}
		n++
	}
	if n < 1000 {
		t.Errorf("only %d inputs with an authority", n)
	}
}
