package iri

import (
	"fmt"
	"strings"
	"testing"
)

// For each code, IRIs that raise it and close ones that do not.
var checkTests = []struct {
	code      string
	raise     []string
	dontRaise []string
}{
	{"not-nfc", []string{"http://example.org/re\u0301sume\u0301", "http://example.org/?q=\u212b"},
		[]string{"http://example.org/résumé", "http://example.org/?q=Å"}},
	{"not-nfkc", []string{"http://example.org/\ufb01le", "http://example.org/x²"},
		[]string{"http://example.org/file", "http://example.org/x2"}},
	{"mixed-script", []string{"http://example.org/p\u0430ypal", "http://example.org/\u03b1\u0431", "http://p\u0430ypal.example/"},
		[]string{"http://example.org/paypal", "http://example.org/東京タワーとTokyo", "http://example.org/서울市", "http://example.org/Москва_(река)", "http://example.org/a/б"}},
	{"fullwidth", []string{"http://example.org/\uff21\uff22"}, []string{"http://example.org/AB", "http://example.org/ア"}},
	{"halfwidth-katakana", []string{"http://example.org/\uff71"}, []string{"http://example.org/ア"}},
	{"idna", []string{"http://a\u05d0.example/", "http://\u0301a.example/", "http://ex%FFample.org/", "https://xn--a.example/"},
		[]string{"http://résumé.example.org/", "http://xn--rsum-bpad.example.org/", "foo://a\u05d0.example/"}},
	{"bidi", []string{"http://ab.cd.ef/גד1/2הו/זח.html"}, []string{"http://ab.גדהוזח.ij/kl/mn/op.html"}},
	{"pct-not-utf8", []string{"http://example.org/r%E9sum%E9", "http://example.org/%ED%A0%80", "http://example.org/%F4%90%80%80"},
		[]string{"http://example.org/r%C3%A9sum%C3%A9", "http://example.org/%20"}},
	{"overlong-utf8", []string{"http://example.org/%C0%AF..", "http://example.org/%c1%81", "http://example.org/%E0%80%AF", "http://example.org/%F0%80%80%AF"},
		[]string{"http://example.org/%2F..", "http://example.org/%C3%A9", "http://example.org/%E0%A0%80"}},
	{"encoded-dot-segment", []string{"http://example.org/a/%2E%2E/b", "http://example.org/a/.%2e/b", "http://example.org/%2E"},
		[]string{"http://example.org/a/../b", "http://example.org/a/%2E%2E%2E/b", "http://example.org/a?%2E%2E"}},
	{"encoded-slash", []string{"http://example.org/a%2Fb", "http://example.org/a%2f"}, []string{"http://example.org/a/b", "http://example.org/a?b=%2F"}},
	{"userinfo", []string{"http://bank.example@attacker.example/", "https://u:p@example.org/"},
		[]string{"ftp://u@example.org/", "http://example.org/@x"}},
	{"default-port", []string{"http://example.org:80/", "https://example.org:443/", "http://example.org:080/"},
		[]string{"http://example.org:8080/", "https://example.org:80/", "foo://example.org:80/"}},
}

func codes(problems []Problem) []string {
	var c []string
	for _, p := range problems {
		c = append(c, p.Code)
	}
	return c
}

func hasCode(problems []Problem, code string) bool {
	for _, p := range problems {
		if p.Code == code {
			return true
		}
	}
	return false
}

func TestCheck(t *testing.T) {
	for _, tt := range checkTests {
		for _, s := range tt.raise {
			i := MustParse(s)
			problems := i.Check()
			if !hasCode(problems, tt.code) {
				t.Errorf("Check(%q) = %q, want %s", s, codes(problems), tt.code)
			}
			for _, p := range problems {
				if p.Offset < 0 || p.Offset > len(s) || p.Message == "" || p.Component == "" {
					t.Errorf("Check(%q): malformed %#v", s, p)
				}
			}
		}
		for _, s := range tt.dontRaise {
			if problems := MustParse(s).Check(); hasCode(problems, tt.code) {
				t.Errorf("Check(%q) = %q, want no %s", s, codes(problems), tt.code)
			}
		}
	}
}

func TestCheckDetails(t *testing.T) {
	problems := MustParse("http://bank.example@p\u0430ypal.example:80/%C0%AF").Check()
	var got []string
	for _, p := range problems {
		got = append(got, fmt.Sprintf("%s %s %d", p.Severity, p.Code, p.Offset))
	}
	want := "error userinfo 7; warning mixed-script 20; warning default-port 36; error overlong-utf8 39"
	if strings.Join(got, "; ") != want {
		t.Errorf("Check:\n got %s\nwant %s", strings.Join(got, "; "), want)
	}
}

func TestCheckCleanAndAllocs(t *testing.T) {
	for _, name := range []string{"web-urls", "rdf-dbpedia-mixed"} {
		iris, _ := parsedCorpus(t, name)
		for _, i := range iris {
			if indexNonASCII(i.s) < 0 && strings.IndexByte(i.s, '%') < 0 && !i.HasUserinfo() && !i.HasPort() {
				if p := i.Check(); p != nil {
					t.Errorf("Check(%q) = %v on a plain ASCII IRI", i, p)
				}
			}
		}
	}
	for _, s := range []string{"http://example.org/a/b?c=d#e", "http://de.dbpedia.org/resource/Albin_Körösi", "http://example.org/%20"} {
		i := MustParse(s)
		if n := testing.AllocsPerRun(100, func() { i.Check() }); n != 0 {
			t.Errorf("Check(%q): %v allocations, want 0", s, n)
		}
	}
}
