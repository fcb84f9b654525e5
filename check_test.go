package iri

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/internal/uts39"
)

// For each code, IRIs that raise it and close ones that do not.
var checkTests = []struct {
	code      string
	raise     []string
	dontRaise []string
	advice    bool // a code of SeverityAdvice, which needs Checker.Advice
}{
	{"not-nfc", []string{"http://example.org/re\u0301sume\u0301", "http://example.org/?q=\u212b"},
		[]string{"http://example.org/résumé", "http://example.org/?q=Å"}, false},
	{"not-nfkc", []string{"http://example.org/\ufb01le", "http://example.org/x²"},
		[]string{"http://example.org/file", "http://example.org/x2"}, false},
	{"mixed-script", []string{"http://example.org/p\u0430ypal", "http://example.org/\u03b1\u0431", "foo://p\u0430ypal.example/", "http://example.org/\ud55c\u3042"},
		[]string{"http://example.org/paypal", "http://example.org/東京タワーとTokyo", "http://example.org/서울市", "http://example.org/Москва_(река)", "http://example.org/a/б"}, false},
	{"fullwidth", []string{"http://example.org/\uff21\uff22"}, []string{"http://example.org/AB", "http://example.org/ア"}, false},
	{"halfwidth-katakana", []string{"http://example.org/\uff71"}, []string{"http://example.org/ア"}, false},
	{"idna", []string{"http://a\u05d0.example/", "http://\u0301a.example/", "http://ex%FFample.org/", "https://xn--a.example/"},
		[]string{"http://résumé.example.org/", "http://xn--rsum-bpad.example.org/", "foo://a\u05d0.example/"}, false},
	{"bidi", []string{"http://ab.cd.ef/גד1/2הו/זח.html"}, []string{"http://ab.גדהוזח.ij/kl/mn/op.html"}, false},
	{"pct-not-utf8", []string{"http://example.org/r%E9sum%E9", "http://example.org/%ED%A0%80", "http://example.org/%F4%90%80%80"},
		[]string{"http://example.org/r%C3%A9sum%C3%A9", "http://example.org/%20"}, false},
	{"overlong-utf8", []string{"http://example.org/%C0%AF..", "http://example.org/%c1%81", "http://example.org/%E0%80%AF", "http://example.org/%F0%80%80%AF"},
		[]string{"http://example.org/%2F..", "http://example.org/%C3%A9", "http://example.org/%E0%A0%80"}, false},
	{"encoded-dot-segment", []string{"http://example.org/a/%2E%2E/b", "http://example.org/a/.%2e/b", "http://example.org/%2E"},
		[]string{"http://example.org/a/../b", "http://example.org/a/%2E%2E%2E/b", "http://example.org/a?%2E%2E"}, false},
	{"encoded-slash", []string{"http://example.org/a%2Fb", "http://example.org/a%2f"}, []string{"http://example.org/a/b", "http://example.org/a?b=%2F"}, false},
	{"userinfo", []string{"http://bank.example@attacker.example/", "https://u:p@example.org/"},
		[]string{"ftp://u@example.org/", "http://example.org/@x"}, false},
	{"default-port", []string{"http://example.org:80/", "https://example.org:443/", "http://example.org:080/"},
		[]string{"http://example.org:8080/", "https://example.org:80/", "foo://example.org:80/"}, true},
	{"uppercase-scheme", []string{"HTTP://example.org/", "Urn:isbn:1"}, []string{"http://example.org/", "urn:ISBN:1"}, true},
	{"uppercase-host", []string{"http://Example.org/", "foo://EXAMPLE/"}, []string{"http://example.org/", "http://RÉSUMÉ.example/"}, true},
	{"lowercase-hex", []string{"http://example.org/%c3%a9", "http://example.org/?%2f"}, []string{"http://example.org/%C3%A9", "http://example.org/c3"}, true},
	{"dot-segment", []string{"http://example.org/a/../b", "x:/./y"}, []string{"http://example.org/a/..b", "../a"}, true},

	// Hosts: DNS names, IPv4 forms (TestSpoofing has more forms; the IDN
	// display policy is package idn's, whose tests hold its codes).
	{"dns-empty-label", []string{"http://a..b/", "http://.a/"}, []string{"http://a.b/", "http://a.b./"}, false},
	{"dns-label-length", []string{"http://" + strings.Repeat("a", 64) + ".com/"}, []string{"http://" + strings.Repeat("a", 63) + ".com/"}, false},
	{"dns-name-length", []string{"http://" + strings.Repeat("a.", 127) + "com/"}, []string{"http://" + strings.Repeat("a.", 125) + "com/"}, false},
	{"dns-hyphen", []string{"http://-a.com/", "http://a-.com/"}, []string{"http://a-a.com/", "foo://-a.com/"}, false},
	{"host-pct-encoded", []string{"http://a%62c.com/"}, []string{"http://abc.com/", "http://abc.com/%62"}, false},
	{"ipv4-non-canonical", []string{"http://0x7f.1/", "http://010.0.0.1/", "http://2130706433/", "http://127.1/", "http://127.0.0.0x/"}, []string{"http://127.0.0.1/", "http://10.0.0.1/", "http://1.2.3.com/"}, false},
	{"userinfo-host-like", []string{"ftp://bank.example.com@evil.example/"}, []string{"ftp://user@evil.example/", "ftp://a_b:pw@evil.example/x"}, false},
	// Every component.
	{"invisible", []string{"http://e.com/a\u200bb", "http://e.com/?a%E2%80%8Bb", "http://e.com/#\u2028"}, []string{"http://e.com/ab", "http://e.com/\u263a\ufe0f", "http://e.com/%E2%80%8A"}, false},
	{"encoded-bidi", []string{"http://e.com/a%E2%80%AEb", "http://e.com/?%D8%9C"}, []string{"http://e.com/%E2%80%A9", "http://e.com/%C3%A9"}, false},
	{"encoded-control", []string{"http://e.com/a%00", "http://e.com/?%0D%0A", "http://e.com/%7f"}, []string{"http://e.com/%20", "http://e.com/%41"}, false},
	{"encoded-backslash", []string{"http://e.com/..%5C..", "http://e.com/%5c"}, []string{"http://e.com/%2F", "http://e.com/%5B"}, false},

	// The rules of schemes.
	{"http-host", []string{"http:///path", "https:/path", "http:"}, []string{"http://h/path", "foo:///path"}, false},
	{"file-path", []string{"file:relative/path", "file://host"}, []string{"file:///etc/hosts", "file:/etc", "file:c:/path/to/file", "file://host/x"}, false},
	{"file-port", []string{"file://h:80/x", "file://:1/x"}, []string{"file:///x", "file://h/x"}, false},
	{"web-invalid-ipv4", []string{"http://1.2.3.4.5/", "http://a.1/", "http://1.256.0.0/", "http://0x100000000/"}, []string{"http://1.2.3.4/", "http://a1.com/", "http://1.2.3.com/", "foo://a.1/"}, false},
	{"web-port-range", []string{"http://h:65536/", "http://h:99999999999999999999/", "foo://h:70000/"}, []string{"http://h:65535/", "http://h:0065535/", "http://h:/"}, false},
	{"file-remote-host", []string{"file://evil.com/share/x", "file://host"}, []string{"file:///etc/hosts", "file://localhost/etc", "file:/etc", "file:c:/x"}, false},
	// RFC 8141, sections 2 and 5.
	{"urn-nid", []string{"urn:a:b", "urn:-ab:c", "urn:ab-:c", "urn:" + strings.Repeat("a", 33) + ":x", "urn:X-foo:bar", "urn:urn-x:y", "urn:a_b:c", "urn:nocolon"},
		[]string{"urn:example:a123,z456", "urn:ISBN:0451450523", "urn:urn-7:x", "urn:" + strings.Repeat("a", 32) + ":x", "urn:xy:z"}, false},
	{"urn-nss", []string{"urn:example:"}, []string{"urn:example:a"}, false},
	{"urn-components", []string{"urn:example:a?x", "urn:example:a?+", "urn:example:a?=", "urn:example:a?+r?="},
		[]string{"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", "urn:example:weather?=op=map&lat=39.56", "urn:example:a?+r?=q", "urn:example:a123,z456#789"}, false},
	{"urn-uuid", []string{"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf", "urn:uuid:f81d4fae7dec11d0a76500a0c91e6bf6"},
		[]string{"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "urn:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"}, false},
	{"urn-oid", []string{"urn:oid:1.3.06", "urn:oid:1..2", "urn:oid:1.a"}, []string{"urn:oid:1.3.6.1.4.1", "urn:oid:0.9.2342"}, false},
	// RFC 6068, section 6.
	{"mailto-address", []string{"mailto:nobody", "mailto:@example.org", "mailto:a@", "mailto:a@b,c"},
		[]string{"mailto:chris@example.com", "mailto:infobot@example.com?subject=current-issue", "mailto:?to=joe@example.com", "mailto:joe@example.com,ann@example.org", "mailto:%22not%40me%22@example.org"}, false},
	{"mailto-header", []string{"mailto:a@b?subject", "mailto:a@b?=x"}, []string{"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", "mailto:a@b?body=x&cc=c@d"}, false},
	// RFC 4151, section 2.5.
	{"tag-syntax", []string{"tag:timothy@hpl.hp.com:x", "tag:example.com,2001-13:x", "tag:example.com,01:x", "tag:exa_mple.com,2000:x", "tag:example.com,2000"},
		[]string{"tag:timothy@hpl.hp.com,2001:web/externalHome", "tag:sandro@w3.org,2004-05:Sandro", "tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19", "tag:blogger.com,1999:blog-555", "tag:example.com,2000-02-29:x"}, false},
	// RFC 2397, section 4.
	{"data-syntax", []string{"data:text/plain", "data:text;charset=x,a", "data:text/plain;charset,a"},
		[]string{"data:,A%20brief%20note", "data:text/plain;charset=iso-8859-7,%be%fe%be", "data:image/gif;base64,R0lGODdhMAAw", "data:;base64,QQ=="}, false},
	{"data-base64", []string{"data:;base64,QQ%20==", "data:image/gif;base64,R0l*"}, []string{"data:;base64,QQ==", "data:text/plain,not%20base64!"}, false},
	// W3C DID 1.0, section 3.1.
	{"did-syntax", []string{"did:example", "did:Example:123", "did:example:", "did:example:a:", "did:ex_ample:1", "did:example:a/b"},
		[]string{"did:example:123456789abcdefghi", "did:web:w3c-ccg.github.io:user:alice", "did:example:a%20b"}, false},
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
		checker := Checker{Advice: tt.advice}
		for _, s := range tt.raise {
			i := MustParseReference(s)
			problems := checker.Check(i)
			if tt.advice && hasCode(i.Check(), tt.code) {
				t.Errorf("Check(%q) reports the advice %s without Checker.Advice", s, tt.code)
			}
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
			if problems := checker.Check(MustParseReference(s)); hasCode(problems, tt.code) {
				t.Errorf("Check(%q) = %q, want no %s", s, codes(problems), tt.code)
			}
		}
	}
}

func TestCheckDetails(t *testing.T) {
	problems := Checker{Advice: true}.Check(MustParse("http://bank.example@p\u0430ypal.example:80/%C0%AF"))
	var got []string
	for _, p := range problems {
		got = append(got, fmt.Sprintf("%s %s %d", p.Severity, p.Code, p.Offset))
	}
	want := "error userinfo 7; error idn-mixed-script 20; error idn-ascii-lookalike 20; advice default-port 36; error overlong-utf8 39"
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
		i := MustParseReference(s)
		if n := testing.AllocsPerRun(100, func() { i.Check() }); n != 0 {
			t.Errorf("Check(%q): %v allocations, want 0", s, n)
		}
	}
}

// TestSpoofing holds Check to known spoofing forms, each with the code it
// must raise (package idn's tests hold the host policy to many more), and
// to legitimate names in many scripts, which must raise nothing.
func TestSpoofing(t *testing.T) {
	spoofs := []struct{ in, code string }{
		{"http://\u0430\u0440\u0440\u04cf\u0435.com/", "idn-whole-script-confusable"}, // аррӏе, all Cyrillic
		{"http://\u0430\u0440\u0440\u04cf\u0435.com/", "idn-ascii-lookalike"},
		{"http://xn--80ak6aa92e.com/", "idn-whole-script-confusable"}, // the same, in punycode
		{"http://\u0261oogle.com/", "idn-not-allowed"},                // Latin small script g
		{"http://example.com\u2044evil.com/", "host-lookalike-delimiter"},
		{"http://paypal\u3002com/", "hidden-dot"},
		{"http://pay\u200bpal.com/", "idna-deleted"},
		{"http://0x7f.0.0.1/", "ipv4-non-canonical"},
		{"http://0177.0.0.1/", "ipv4-non-canonical"},
		{"http://127.1/", "ipv4-non-canonical"},
		{"http://2130706433/", "ipv4-non-canonical"},
		{"http://ex%61mple.com/", "host-pct-encoded"},
		{"http://a..b.com/", "dns-empty-label"},
		{"http://-a.com/", "dns-hyphen"},
		{"http://" + strings.Repeat("a", 64) + ".com/", "dns-label-length"},
		{"http://" + strings.Repeat("a.", 127) + "com/", "dns-name-length"},
		{"http://\u0430\u0561.com/", "idn-mixed-script"},               // Cyrillic and Armenian
		{"http://example.com/a\u200bb", "invisible"},                   // in a path
		{"http://example.com/a%E2%80%8Bb", "invisible"},                // encoded
		{"http://example.com/invoice%E2%80%AEfdp.exe", "encoded-bidi"}, // an encoded RLO
		{"http://example.com/a%00", "encoded-control"},
		{"http://example.com/..%5C..%5Cetc", "encoded-backslash"},
		{"ftp://bank.example.com@evil.example/", "userinfo-host-like"},
	}
	for _, tt := range spoofs {
		if problems := MustParse(tt.in).Check(); !hasCode(problems, tt.code) {
			t.Errorf("Check(%q) = %q, want %s", tt.in, codes(problems), tt.code)
		}
	}
	legitimate := []string{
		"http://bücher.de/", "http://例え.jp/", "http://한국.kr/", "http://пример.рф/", "http://пример.com/",
		"http://παράδειγμα.ελ/", "http://مثال.إختبار/", "http://ไทย.ไทย/", "http://東京タワー.jp/",
		"http://xn--bcher-kva.de/", "http://xn--r8jz45g.jp/", "http://xn--3e0b707e.kr/", "http://xn--e1afmkfd.xn--p1ai/",
		"http://xn--e1afmkfd.com/", "http://xn--hxajbheg2az3al.xn--qxam/", "http://xn--mgbh0fb.xn--kgbechtv/",
		"http://xn--o3cw4h.xn--o3cw4h/", "http://färgbolaget.se/", "http://col·legi.cat/",
		"http://example.com/東京", "http://127.0.0.1/", "http://[::1]/", "http://a-b.example/",
		"http://срб.срб/", "http://бг.бг/", "http://україна.укр/", "http://삼성.com/", "http://ファミリーマート.com/",
		"http://ελλάδα.gr/", "http://հայաստան.am/", "http://საქართველო.ge/", "http://भारत.in/", "http://இந்தியா.in/",
		"http://việtnam.vn/", "http://straße.de/", "http://türkiye.com/", "http://żółw.pl/", "http://ኢትዮጵያ.et/",
		"http://ラーメン.com/", "http://三菱ufj.jp/", "http://网址.公司/", "http://crème-brûlée.fr/", "http://דוגמה.il/",
		"http://\u0430\u0440\u0440\u04cf\u0435.ru/", "http://yaz\u0131l\u0131m.com.tr/", "http://台灣.tw/",
	}
	for _, s := range legitimate {
		if problems := MustParse(s).Check(); problems != nil {
			t.Errorf("Check(%q) = %v on a legitimate name", s, problems)
		}
	}
	// The ends of the width ranges, and the normal forms of a middle and a
	// last component.
	for s, want := range map[string][]string{
		"http://h/a\uff5e":      {"not-nfkc", "fullwidth"},
		"http://h/\uff71\uff9f": {"not-nfkc", "halfwidth-katakana"},
		"http://h/e\u0301?q":    {"not-nfc"},
		"http://h/p?e\u0301":    {"not-nfc"},
	} {
		if got := codes(MustParse(s).Check()); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("Check(%q) = %q, want %q", s, got, want)
		}
	}
	// Names the caller protects.
	c := Checker{Protect: idn.NewProtected([]string{"paypal.com", "linkedin.com"})}
	for s, want := range map[string][]string{
		"http://paypa1.com/":          {"idn-protected"},
		"http://PAYPA1.com:8080/":     {"idn-protected"},
		"http://l\u0131nkedin.com/":   {"idn-protected"},
		"http://p\u0430ypal.com/":     {"idn-mixed-script", "idn-ascii-lookalike", "idn-protected"},
		"http://paypal.com/":          nil,
		"http://www.paypal.com/":      nil,
		"http://paypa1.com.evil.net/": nil, // its last labels are another name's
		// As a reader sees it: a capital I among lowercase letters reads
		// as l (a browser goes to, and shows, paypai.com).
		"http://paypaI.com/":   {"idn-protected"},
		"http://PaypaI.cöm/":   {"idn-protected"},
		"http://PAYPAI.COM/":   {"idn-protected-near"}, // one edit away: a warning
		"http://paypai.com/":   {"idn-protected-near"},
		"http://PayPal.COM/":   nil,
		"http://LinkedIn.com/": nil,
	} {
		if got := codes(c.Check(MustParse(s))); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("Check(%q) with paypal.com and linkedin.com protected = %q, want %q", s, got, want)
		}
	}
}

// TestCheckBounded runs Check on a megabyte of the same problem: one
// problem per code and component, with its count.
func TestCheckBounded(t *testing.T) {
	i := MustParse("http://example.org/" + strings.Repeat("%80", 1<<18))
	problems := i.Check()
	if len(problems) != 1 || problems[0].Count != 1<<18 {
		t.Errorf("Check of %d %%80: %d problems, count %d", 1<<18, len(problems), problems[0].Count)
	}
}

// TestCharClasses holds the table of Check's pass over characters to the
// properties it is built from, for every character of the BMP, and
// checks a few classes by hand.
func TestCharClasses(t *testing.T) {
	classes := bmpClasses()
	for r := rune(0); r < 0x10000; r++ {
		if got, want := classes[r], charClass(r, uts39.Of(r)); got != want {
			t.Fatalf("bmpClasses[%U] = %#x, charClass = %#x", r, got, want)
		}
	}
	for _, tt := range []struct {
		r    rune
		want uint8
	}{
		{'é', classLatin},
		{0x0301, classOther | classUnsettled},  // COMBINING ACUTE ACCENT: a mark with Script_Extensions
		{0x20D0, classCommon | classUnsettled}, // COMBINING LEFT HARPOON ABOVE: Inherited
		{'д', classOther},
		{'例', classHan},
		{'ー', classOther}, // Script_Extensions Hira Kana
		{'ア', classKatakana},
		{'한', classHangul},
		{'א', classOther | classRTL},
		{0x200B, classCommon | classMaybeInvisible},
		{0x2028, classCommon | classMaybeInvisible},
		{0xFF21, classLatin | classUnsettled}, // FULLWIDTH LATIN CAPITAL LETTER A: Not_NFKC
		{0x10900, classOther | classRTL},      // PHOENICIAN LETTER ALF, beyond the BMP
	} {
		if got := charClass(tt.r, uts39.Of(tt.r)); got != tt.want {
			t.Errorf("charClass(%U) = %#x, want %#x", tt.r, got, tt.want)
		}
	}
}

// TestCheckCodes holds three lists to each other: the codes the source
// reports, the codes the documentation of Check lists, and the codes
// checkTests raises. The codes of package idn's issues (idn/idn.go, whose
// tests hold them) are listed at Check too, are none of problemTable's,
// and are errors.
func TestCheckCodes(t *testing.T) {
	// The constants of problems.go used by the source, besides their
	// table: every code of the table is reported somewhere.
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var source strings.Builder
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "gen_") || name == "problems.go" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		source.Write(src)
	}
	table, err := os.ReadFile("problems.go")
	if err != nil {
		t.Fatal(err)
	}
	reported := map[string]bool{}
	for _, m := range regexp.MustCompile(`(code\w+) +problemCode = "([a-z0-9-]+)"`).FindAllStringSubmatch(string(table), -1) {
		if !regexp.MustCompile(`\b` + m[1] + `\b`).MatchString(source.String()) {
			t.Errorf("%s (%s) is in the table but never reported", m[2], m[1])
		}
		reported[m[2]] = true
		if problemTable[problemCode(m[2])].doc == "" {
			t.Errorf("%s has no line of doc in the table", m[2])
		}
	}
	if len(reported) != len(problemTable) || len(reported) < 40 {
		t.Errorf("%d constants, %d rows in the table", len(reported), len(problemTable))
	}
	idnSource, err := os.ReadFile(filepath.Join("idn", "idn.go"))
	if err != nil {
		t.Fatal(err)
	}
	idnCodes := map[string]bool{}
	for _, m := range regexp.MustCompile(`(code\w+) += "([a-z0-9-]+)"`).FindAllStringSubmatch(string(idnSource), -1) {
		idnCodes[m[2]] = true
		if reported[m[2]] {
			t.Errorf("%s is package idn's and in problemTable", m[2])
		}
		if severityOf(problemCode(m[2])) != SeverityError {
			t.Errorf("%s, package idn's, is not an error by default", m[2])
		}
	}
	if len(idnCodes) < 15 {
		t.Errorf("read %d codes of package idn", len(idnCodes))
	}
	src, err := os.ReadFile("check.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	doc = doc[strings.Index(doc, "// Check looks for"):strings.Index(doc, "func (i IRI) Check()")]
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([a-z][a-z0-9]*(?:-[a-z0-9]+)*)"`).FindAllStringSubmatch(doc, -1) {
		documented[m[1]] = true
	}
	tested := map[string]bool{}
	for _, tt := range checkTests {
		tested[tt.code] = true
	}
	for code := range reported {
		if !documented[code] {
			t.Errorf("%s is reported but not documented at Check", code)
		}
		if !tested[code] {
			t.Errorf("%s is reported but not in checkTests", code)
		}
	}
	for code := range idnCodes {
		if !documented[code] {
			t.Errorf("%s, of package idn, is not listed at Check", code)
		}
	}
	for code := range documented {
		if !reported[code] && !idnCodes[code] {
			t.Errorf("%s is documented at Check but never reported", code)
		}
	}
	// Where the doc gives a code's severity, "(warning)" or "(error)"
	// after it, or the codes of its advice section, it is the table's.
	// The warnings of package idn are the rows of its table marked so.
	idnWarnings := map[string]bool{}
	for _, m := range regexp.MustCompile(`\{code\w+, "[^\n]*", (true|false)\},`).FindAllStringSubmatch(string(idnSource), -1) {
		code := regexp.MustCompile(`\{(code\w+),`).FindStringSubmatch(m[0])[1]
		for _, c := range regexp.MustCompile(`(code\w+) += "([a-z0-9-]+)"`).FindAllStringSubmatch(string(idnSource), -1) {
			if c[1] == code && m[1] == "true" {
				idnWarnings[c[2]] = true
			}
		}
	}
	if len(idnWarnings) != 2 {
		t.Errorf("package idn's warnings: %v", idnWarnings)
	}
	for _, m := range regexp.MustCompile(`"([a-z0-9-]+)" \((warning|error)\)`).FindAllStringSubmatch(doc, -1) {
		want := map[string]Severity{"warning": SeverityWarning, "error": SeverityError}[m[2]]
		got := problemTable[problemCode(m[1])].severity
		if idnCodes[m[1]] {
			got = map[bool]Severity{true: SeverityWarning, false: SeverityError}[idnWarnings[m[1]]]
		}
		if got != want {
			t.Errorf("%s: the doc says %v, the table %v", m[1], want, got)
		}
	}
	for code := range idnWarnings {
		if !strings.Contains(doc, `"`+code+`" (warning)`) {
			t.Errorf("%s, a warning of package idn, is not documented as one at Check", code)
		}
	}
	advice := doc[strings.Index(doc, "(SeverityAdvice)"):]
	for _, m := range regexp.MustCompile(`"([a-z][a-z0-9-]+)"`).FindAllStringSubmatch(advice, -1) {
		if got := problemTable[problemCode(m[1])].severity; got != SeverityAdvice {
			t.Errorf("%s: the doc says advice, the table %v", m[1], got)
		}
	}
}

// TestNoPasswordInMessages: no message the package writes copies a
// password, as net/url's Redacted and net/http do not.
func TestNoPasswordInMessages(t *testing.T) {
	for _, p := range MustParse("http://user:s3cret@example.com/").Check() {
		if strings.Contains(p.String(), "s3cret") {
			t.Errorf("Check: %s", p)
		}
	}
	for _, tt := range []struct{ in, msg string }{
		{"http://user:s3cret@exa mple.com/", `iri: parse "http://user:xxxxx@exa mple.com/": space not allowed in the host (rule ireg-name, at byte 22)`},
		{"http://user:s3 cret@example.com/", `iri: parse "http://user:xxxxx@example.com/": space not allowed in the userinfo (rule iuserinfo, at byte 14)`},
		// A long input is cut around the offset, which the mask shifts.
		{"http://user:s3cretpassword@example.com/" + strings.Repeat("a", 60) + " b",
			`iri: parse ..."` + strings.Repeat("a", 40) + ` b": space not allowed in the path (rule ipath-abempty, at byte 99)`},
		{"http://user:" + strings.Repeat("p", 50) + " x@example.com/" + strings.Repeat("a", 80),
			`iri: parse "http://user:xxxxx@example.com/aaaaaa"...: space not allowed in the userinfo (rule iuserinfo, at byte 62)`},
	} {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.msg {
			t.Errorf("Parse(%q): %v\nwant %s", tt.in, err, tt.msg)
		}
	}
	if got := MustParse("http://user:s3cret@example.com/").Redacted(); got != "http://user:xxxxx@example.com/" {
		t.Errorf("Redacted = %q", got)
	}
}

// TestCheckWhole asserts every problem Check reports (with Advice), its
// severity and offset, on inputs whose expectations are worked out by hand
// from the rules the codes name: a clean IRI that gains a problem, or one
// that loses one, fails here.
func TestCheckWhole(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"mailto:a@example.org", ""},
		{"http://example.com/", ""},
		{"urn:isbn:0451450523", ""},
		{"tag:example.com,2004:x", ""}, // RFC 4151
		{"data:,x", ""},                // RFC 2397
		{"mailto:", ""},                // RFC 6068: every part is optional
		{"http://a..b/", "error dns-empty-label 7"},
		{"http://u:pw@example.com/", "error userinfo 7"},
		{"file://evil.com/share/x", "warning file-remote-host 7"},
		{"http://h:65536/", "error web-port-range 9"},
		{"http://0x7f.1/", "error ipv4-non-canonical 7"},
		{"http://1.2.3.4.5/", "error web-invalid-ipv4 7"},
		{"http://e.com/a%E2%80%AEb", "error encoded-bidi 14"},
		{"http://e.com/a\u200bb", "warning invisible 14"},
		{"http://e.com/..%5C..", "warning encoded-backslash 15"},
		{"urn:X-foo:bar", "error urn-nid 4"},
		{"http:///x", "error http-host 7"},
		{"http://exa%6dple.com/", "warning host-pct-encoded 10; advice lowercase-hex 10"},
		{"file://h:80/x", "warning file-remote-host 7; error file-port 9"},
		{"https://xn--80ak6aa92e.com/", "error idn-whole-script-confusable 8; error idn-ascii-lookalike 8; error idn-protected 8"},
	} {
		var got []string
		for _, p := range (Checker{Advice: true}).Check(MustParseReference(tt.in)) {
			got = append(got, fmt.Sprintf("%s %s %d", p.Severity, p.Code, p.Offset))
		}
		if strings.Join(got, "; ") != tt.want {
			t.Errorf("Check(%q):\n got %s\nwant %s", tt.in, strings.Join(got, "; "), tt.want)
		}
	}
}

// TestCheckHostPolicy: Check reports package idn's issues about a host
// as errors at the host's offset, in the component of a label or of the
// whole host, after the characters as written and the rules of DNS names,
// and with the names its Checker protects.
func TestCheckHostPolicy(t *testing.T) {
	c := Checker{Protect: idn.NewProtected([]string{"paypal.com"})}
	for _, tt := range []struct{ in, want string }{
		{"http://u@a\u3002" + strings.Repeat("b", 64) + ".p\u0430ypal.com/",
			"error userinfo iuserinfo 7; error hidden-dot ihost 9; error dns-label-length ihost 9; error idn-mixed-script label 9; error idn-ascii-lookalike ihost 9; error idn-protected ihost 9"},
		{"https://xn--80ak6aa92e.com:8080/", "error idn-whole-script-confusable label 8; error idn-ascii-lookalike ihost 8; error idn-protected ihost 8"},
		{"http://PAYPA1.com/", "error idn-protected ihost 7"},
		{"http://paypal.com/", ""},
		{"foo://p\u0430ypa1.com/", "warning mixed-script ireg-name 6"}, // no DNS name: the rules of any component, no policy
	} {
		var got []string
		for _, p := range c.Check(MustParse(tt.in)) {
			got = append(got, fmt.Sprintf("%s %s %s %d", p.Severity, p.Code, p.Component, p.Offset))
		}
		if strings.Join(got, "; ") != tt.want {
			t.Errorf("Check(%q):\n got %s\nwant %s", tt.in, strings.Join(got, "; "), tt.want)
		}
	}
}

// TestCheckComponents: a problem names the component it is in, from the
// first character of a relative reference on; a host of a scheme without
// DNS names is not judged as one.
func TestCheckComponents(t *testing.T) {
	got := MustParseReference("e\u0301x").Check()
	if len(got) != 1 || got[0].Code != "not-nfc" || got[0].Component != "ipath" || got[0].Offset != 0 {
		t.Errorf("Check(e\u0301x) = %+v; want not-nfc in ipath at byte 0", got)
	}
	if got := codes(MustParse("http://h/%C0%AF/x%80").Check()); strings.Join(got, " ") != "overlong-utf8 pct-not-utf8" {
		t.Errorf("Check of two runs of encoded octets = %q; want both reported", got)
	}
	// Serbia's TLD, whose skeleton "cp6.cp6" is no ASCII host.
	if got := MustParse("http://\u0441\u0440\u0431.\u0441\u0440\u0431/").Check(); got != nil {
		t.Errorf("Check(срб.срб) = %+v", got)
	}
	if got := MustParse("foo://ex\u00e4mple/").Check(); got != nil {
		t.Errorf("Check(foo://exämple/) = %+v; a foo host is no DNS name", got)
	}
	if got := MustParse("foo://a\u0430/").Display(); got != "\u202afoo://a\u0430/\u202c" {
		t.Errorf("Display(foo://aа/) = %q; the host of a scheme without DNS names is shown as written", got)
	}
}

// TestCheckEdgesOfRules: every middle dot of a Catalan name is looked at;
// a DID method may hold "z"; a protected name is matched by suffixes of
// two labels or more, never by a top-level domain alone.
func TestCheckEdgesOfRules(t *testing.T) {
	for s, want := range map[string][]string{
		"http://l\u00b7ll\u00b7l.cat/": nil,
		"http://l\u00b7la\u00b7b.cat/": {"idn-dangerous-pattern"},
	} {
		if got := codes(MustParse(s).Check()); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("Check(%q) = %q, want %q", s, got, want)
		}
	}
	if got := (Checker{Advice: true}).Check(MustParse("did:zz:abc")); got != nil {
		t.Errorf("Check(did:zz:abc) = %+v", got)
	}
	if got := (Checker{Protect: idn.NewProtected([]string{"com"})}).Check(MustParse("http://\u00e9xample.corn/")); got != nil {
		t.Errorf("Check(éxample.corn) with Protect com = %+v; its top-level domain alone looks like com", got)
	}
}

// problemLines writes each problem as "severity code component offset".
func problemLines(problems []Problem) string {
	var lines []string
	for _, p := range problems {
		lines = append(lines, fmt.Sprintf("%s %s %s %d", p.Severity, p.Code, p.Component, p.Offset))
	}
	return strings.Join(lines, "; ")
}

// TestCheckPlaces holds Check to the component and offset of what it
// reports, worked out by hand: where a component starts right after the
// one before it, a port of six digits or more (all above 65535, what
// leading zeros there are), a userinfo like a host name, an encoded
// control or backslash right after encoded octets that are not UTF-8, an
// encoded bidi control after another encoded character, and an uppercase
// letter anywhere in the scheme (advice).
func TestCheckPlaces(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		// The host starts at byte 9, right after the "@" of a userinfo
		// beyond ASCII, with ANGSTROM SIGN, whose NFC is U+00C5: the
		// host is not in NFC, the userinfo "ü" is.
		{"foo://\u00fc@\u212b.example/", "warning not-nfc ihost 9"},
		{"foo://\u00fc@\u00fc\u0301.example/", "warning not-nfc ihost 9"},
		{"foo://\u00fc\u0301@\u00fc.example/", "warning not-nfc iuserinfo 6"},
		{"http://h:100000/", "error web-port-range port 9"},
		{"http://h:0100000/", "error web-port-range port 9"},
		{"http://h:000065535/", ""},
		{"foo://h:1234567/", "error web-port-range port 8"},
		{"ftp://bank.example.com@evil.example/", "warning userinfo-host-like iuserinfo 6"},
		// An encoded octet below 0x80 ends a run of octets above it: the
		// lone %C3 is not UTF-8 (section 8), and the %00 after it is NUL
		// once decoded, a control character, as it is on its own.
		{"http://a/%C3%00", "warning pct-not-utf8 ipath 9; error encoded-control ipath 12"},
		{"http://a/%C3%5C", "warning pct-not-utf8 ipath 9; warning encoded-backslash ipath 12"},
		// An encoded RLO (E2 80 AE) after an encoded "é" (C3 A9) starts
		// at the third "%" of the run.
		{"http://a/%C3%A9%E2%80%AE", "error encoded-bidi ipath 15"},
		// An encoded control is named by the component that holds it,
		// each of them in turn.
		{"foo://%00@h%00/p%00?q%00#f%00", "error encoded-control iuserinfo 6; error encoded-control ihost 11; " +
			"error encoded-control ipath 16; error encoded-control iquery 21; error encoded-control ifragment 26"},
	} {
		if got := problemLines(MustParseReference(tt.in).Check()); got != tt.want {
			t.Errorf("Check(%q):\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
	// The advice on a scheme's case looks at each of its letters, the
	// last one included (RFC 3986, section 3.1).
	for _, tt := range []struct{ in, want string }{
		{"htTp://a/", "advice uppercase-scheme scheme 2"},
		{"httP://a/", "advice uppercase-scheme scheme 3"},
		{"X://a/", "advice uppercase-scheme scheme 0"},
		{"x://a/", ""},
	} {
		if got := problemLines(Checker{Advice: true}.Check(MustParseReference(tt.in))); got != tt.want {
			t.Errorf("Check with advice (%q):\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}
