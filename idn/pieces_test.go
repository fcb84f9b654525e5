package idn

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/iri-go/iri/internal/uts39"
	"golang.org/x/text/unicode/norm"
)

// refMiss is what quickMiss answers, from wholeSkeletons: whether no
// skeleton of host has a suffix of 2 to 4 labels among p's skeletons.
func refMiss(p *Protected, host string) bool {
	for _, sk := range wholeSkeletons(host) {
		labels := strings.Split(sk, ".")
		for n := min(len(labels), 4); n >= 2; n-- {
			if _, ok := p.skeletons[strings.Join(labels[len(labels)-n:], ".")]; ok {
				return false
			}
		}
	}
	return true
}

// pieceHosts returns hosts for TestPieces: each character of the table
// between letters, with a mark after it, and as a label of its own;
// hosts at the limits of Chromium's readings and of the labels looked
// up; and random hosts of characters the table holds and some it does
// not.
func pieceHosts() []string {
	hosts := []string{
		"gọọgle.com", "gøøgle.com", "www.łinkedin.com", "körösi.com", "straße.de", "youtuße.com", "googıe.com",
		"gooӏgle.com", "gıӏgle.com", "ıӏ.com", "þœß.is", "ßßßß.de", "ßßßßß.de", "ßßßßßß.de", "œœœœ.fr",
		"a.b.c.d.e.f.gøøgle.com", "a..b.com", "é..", ".é", "é.", "", ".", "é", "ПАЙПАЛ.com", "Körösi.COM",
		"пример.рф", "αβγ.gr", "xn--80ak6aa92e.com", "paypaI.com", "PAYPAI.com", "a:b.com", "ab\u0301.c",
		"q\u0303.com", "e\u0301\u0301.com", "ǆ.com", "ŉ.com", "ÿ.com", "ʼn.com", "ß" + strings.Repeat("a", 31) + ".de",
		strings.Repeat("ß", 4) + strings.Repeat("a", 29) + ".x", "ӏ.ı.ß.þ", "例.com", "gọọgle.例", "a\u200db.com",
		"\u2000.com", "\u2000.a.b.c.d.com", // U+2000, the first character beyond the table, where it is looked at and where it is only counted
	}
	for r := rune(0x80); r < pieceLimit; r++ {
		if pieceTable().index[r] == 0 {
			continue
		}
		s := string(r)
		hosts = append(hosts, "a"+s+"b.com", s+".com", "x."+s+"\u0301.de", "ab"+s+"\u0323"+s)
	}
	var pool []rune
	for r := rune(0); r < pieceLimit; r++ {
		if pieceTable().index[r] != 0 && (r >= 0x80 || r%3 == 0) {
			pool = append(pool, r)
		}
	}
	pool = append(pool, []rune("...ßßþœӏıӏıøłđ\u0301\u0308\u0323\u0345\u0591例アЖ")...)
	rng := rand.New(rand.NewPCG(3, 9))
	for range 4000 {
		var b strings.Builder
		for range 1 + rng.IntN(24) {
			b.WriteRune(pool[rng.IntN(len(pool))])
		}
		b.WriteString([]string{".com", ".de", "", ".co.uk", "."}[rng.IntN(5)])
		hosts = append(hosts, b.String())
	}
	return hosts
}

// TestPieces holds the skeletons taken a character at a time to those
// taken whole: pieceSkeletons, where it settles a host, returns those of
// wholeSkeletons, in their order; quickMiss settles the same hosts, and
// finds no miss where a skeleton matches, and few matches where none
// does. The protected names are the top domains and the skeletons of a
// share of the hosts, so that some hosts match.
func TestPieces(t *testing.T) {
	hosts := pieceHosts()
	var names []string
	for k, h := range hosts {
		if k%7 == 0 {
			names = append(names, wholeSkeletons(h)...)
		}
	}
	lists := []*Protected{TopDomains(), NewProtected(names)}
	settled, matched, misses, passed := 0, 0, 0, 0
	for _, h := range hosts {
		sks, ok := pieceSkeletons(h)
		if !ok {
			for _, p := range lists {
				if _, settled := p.quickMiss(h); settled {
					t.Errorf("quickMiss settles %q, pieceSkeletons does not", h)
				}
			}
			continue
		}
		settled++
		if want := wholeSkeletons(h); !slices.Equal(sks, want) {
			t.Errorf("pieceSkeletons(%q) = %q, want %q", h, sks, want)
		}
		for k, p := range lists {
			miss, ok := p.quickMiss(h)
			want := refMiss(p, h)
			switch {
			case !ok:
				t.Errorf("pieceSkeletons settles %q, quickMiss does not", h)
			case !want && miss:
				t.Errorf("quickMiss(%q) on list %d finds no match, but its skeletons %q match", h, k, sks)
			case !want:
				matched++
			case miss:
				misses++
			default:
				passed++ // let through by the filter
			}
		}
	}
	// Half the hosts settle (the others hold a character the table does
	// not), some of them match, and the filter lets few others through.
	if settled < len(hosts)/2 || matched < len(hosts)/20 || passed > misses/50 {
		t.Errorf("%d hosts of %d settled; on 2 lists, %d matched, %d did not, %d let through", settled, len(hosts), matched, misses, passed)
	}
	for _, tt := range []struct {
		host          string
		miss, settled bool
	}{
		{"gọọgle.com", false, true}, {"körösi.com", true, true}, {"youtuße.com", false, true}, {"googıe.com", false, true},
		{"www.gøøgle.com", false, true}, {"www.youtuße.com", false, true}, {"mail.googıe.com", false, true}, {"a.b.c.gøøgle.com", true, true}, {"ßßßßß.com", false, false}, {"例え.jp", false, false},
		{"gooɡle.com", false, true}, // U+0261, whose prototype is "g"
		// Read other ways too (þ, ß, ı, ӏ), and still missed, by the
		// filter, on each reading.
		{"þingvellir.is", true, true}, {"straße.de", true, true}, {"ıstanbul.com", true, true}, {"ӏаb.ru", true, true},
		{"a.b.c.d.ıstanbul.com", true, true}, // no suffix of 5 labels looked up
	} {
		p := TopDomains()
		if tt.host == "a.b.c.gøøgle.com" {
			p = NewProtected([]string{"a.b.c.google.com"}) // a suffix of 5 labels is not looked up
		}
		if miss, ok := p.quickMiss(tt.host); miss != tt.miss || ok != tt.settled {
			t.Errorf("quickMiss(%q) = %v, %v; want %v, %v", tt.host, miss, ok, tt.miss, tt.settled)
		}
	}
}

// TestReadingChoices holds readingChoices to supplementalHosts: the ith
// reading of a host with n characters þ, œ and ß reads each as
// supplementalHosts' ith host does, for n up to 4, all their readings.
func TestReadingChoices(t *testing.T) {
	for _, host := range []string{"a", "þ", "xœy", "aœþ", "ßþœß", "þ.ß.œ.þ"} {
		var multi []rune // from the last, as choices counts them
		for _, r := range host {
			if multiReadings(r) != nil {
				multi = append([]rune{r}, multi...)
			}
		}
		want := supplementalHosts(host)
		if len(want) != pow3(len(multi)) {
			t.Fatalf("%q has %d readings, pow3 says %d", host, len(want), pow3(len(multi)))
		}
		for i, w := range want {
			choices := readingChoices(i, len(multi))
			var b strings.Builder
			j := len(multi) - 1 // the characters of host from the first
			for _, r := range host {
				if multiReadings(r) == nil {
					b.WriteRune(r)
					continue
				}
				if c := choices[j]; c > 0 {
					b.WriteString(multiReadings(r)[c-1])
				} else {
					b.WriteRune(r)
				}
				j--
			}
			if b.String() != w {
				t.Errorf("reading %d of %q: choices %v make %q, supplementalHosts %q", i, host, choices, b.String(), w)
			}
		}
	}
}

// TestPiecesNormalization holds the facts on which a skeleton joins its
// characters' pieces (pieces.go): every character of nonzero combining
// class is a mark from U+0300 on, which stripDiacritics removes; and the
// only characters of class 0 beside a mark that NFC composes with the one
// before them are Hangul jamo. Compositions of characters from pieceLimit
// on (Kirat Rai's vowels, of Unicode 16, compose with a letter of class
// 0) do not matter: a host holding one is not the table's.
func TestPiecesNormalization(t *testing.T) {
	if testing.Short() {
		t.Skip("walks the code points")
	}
	for r := rune(0); r <= 0x10FFFF; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		s := string(r)
		if norm.NFD.PropertiesString(s).CCC() != 0 && (r < 0x300 || !uts39.Of(r).Mark()) {
			t.Errorf("%U has a combining class but is no mark from U+0300", r)
		}
		d := norm.NFD.String(s)
		if d == s || norm.NFC.String(d) != s {
			continue // not a composition NFC makes
		}
		if slices.ContainsFunc([]rune(d), func(c rune) bool { return c >= pieceLimit }) {
			continue // not in a host the table settles
		}
		for _, c := range []rune(d)[1:] {
			if norm.NFD.PropertiesString(string(c)).CCC() == 0 && !uts39.Of(c).Mark() && !(0x1100 <= c && c <= 0x11FF) {
				t.Errorf("NFC composes %U of %+q, whose %U is of class 0", r, d, c)
			}
		}
	}
}

// FuzzQuickMiss holds pieceSkeletons to wholeSkeletons on any host, and
// quickMiss to their answer, against the top domains and a few names.
func FuzzQuickMiss(f *testing.F) {
	for _, h := range []string{"gọọgle.com", "körösi.com", "straße.de", "youtuße.com", "googıe.com", "ıӏ.com", "a.b.c.d.e.f", "ПАЙПАЛ.com", "þœß.is"} {
		f.Add(h)
	}
	own := NewProtected([]string{"google.com", "paypal.com", "strasse.de", "bücher.de", "пример.рф", "a.b.c.d"})
	f.Fuzz(func(t *testing.T, host string) {
		if len(host) > 200 {
			return
		}
		if sks, ok := pieceSkeletons(host); ok && !slices.Equal(sks, wholeSkeletons(host)) {
			t.Fatalf("pieceSkeletons(%q) = %q, want %q", host, sks, wholeSkeletons(host))
		}
		for _, p := range []*Protected{TopDomains(), own} {
			if miss, ok := p.quickMiss(host); ok && miss && !refMiss(p, host) {
				t.Fatalf("quickMiss(%q) finds no match, but its skeletons %q match", host, wholeSkeletons(host))
			}
		}
	})
}
