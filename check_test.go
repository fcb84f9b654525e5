package iri

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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

	// Hosts: the IDN display policy, DNS names, IPv4 forms (TestSpoofing
	// has more forms).
	{"idn-blocked-char", []string{"http://a\u2010b.com/", "http://\u02bcb.com/", "http://a\u0138.com/", "http://a\u01ceb.com/", "http://\u1e01b.com/"},
		[]string{"http://a-b.com/", "http://ab.com/", "http://vi\u1ec7t.vn/", "http://a\u0103b.com/"}, false},
	{"idn-not-allowed", []string{"http://a\u01c3b.com/"}, []string{"http://a\u00e9b.com/"}, false},
	{"idn-invisible", []string{"http://ab\u0301\u0301.com/", "http://a\u00e9\u0301.com/", "http://ab\u0301\u0300\u0301.com/"}, []string{"http://ab\u0301.com/", "http://a\u00e9\u0300.com/"}, false},
	{"idn-dangerous-pattern", []string{"http://a\u30ceb.com/", "http://a\u00b7b.com/", "http://col\u00b7legi.com/", "http://\u30fdab.com/", "http://\u30a2\u3078\u30a2.jp/",
		"http://li\u0307ne.com/", "http://\u0131\u0301x.com/", "http://a\u4e28\u6771.com/", "http://\u6771\u0327.jp/"},
		[]string{"http://\u30a2\u30ce\u30a2.jp/", "http://col\u00b7legi.cat/", "http://\u30a2\u30fd.jp/", "http://\u3078\u3078.jp/", "http://\u30a2\u30fc.jp/", "http://\u6771\u4e28\u6771.cn/", "http://ba\u0327.com/"}, false},
	{"idn-mixed-script", []string{"http://g\u0585\u0585gle.com/", "http://\u0430\u03b1.com/"}, []string{"http://google.com/", "http://東京tokyo.jp/"}, false},
	{"idn-mixed-numbers", []string{"http://1\u0968.com/"}, []string{"http://\u0967\u0968.in/", "http://12.com/"}, false},
	{"idn-digit-lookalike", []string{"http://\u09ea\u09ea.com/", "http://1\u0437.com/", "http://\u0a241.com/"}, []string{"http://\u09ea\u0995.com/", "http://1\u0437\u0434.com/"}, false},
	{"idn-whole-script-confusable", []string{"http://\u0430\u0440\u0440\u04cf\u0435.com/", "http://\u043f\u043e\u0440\u043a.com/", "http://\u03ba\u03b1\u03c4\u03bf.com/", "http://\u0e1a\u0e1e.com/"},
		[]string{"http://\u0430\u0440\u0440\u04cf\u0435.ru/", "http://\u043f\u0440\u0438\u043c\u0435\u0440.com/", "http://\u043a\u0430\u043a.com/", "http://\u03ba\u03b1\u03c4\u03bf.gr/",
			"http://\u043f\u043e\u0440\u043a.\u0440\u0444/", "http://\u0e1a\u0e1e.th/"}, false},
	{"idn-mixed-script-confusable", []string{"http://g\u3007\u3007gle.com/", "http://ab\u30fcc.com/"}, []string{"http://\u6771\u4eactokyo.jp/", "http://sony\u30b9\u30c8\u30a2.jp/"}, false},
	{"idn-tld-specific", []string{"http://\u00fek.com/", "http://o\u00f0.com/", "http://b\u0259b.com/"}, []string{"http://\u00fek.is/", "http://o\u00f0.fo/", "http://b\u0259b.az/", "http://\u00fe.com/"}, false},
	{"idn-ascii-lookalike", []string{"http://p\u0430ypal.com/", "http://\u0430\u0440\u0440\u04cf\u0435.com/"},
		[]string{"http://linkedin.com/", "http://l\u00efnkedin.com/", "http://l\u0131nkedin.com/", "http://\u0430\u0440\u0440\u04cf\u0435.ru/"}, false},
	{"hidden-dot", []string{"http://a\u3002com/", "http://a\uff61com/"}, []string{"http://a.com/", "http://a\u3001com/"}, false},
	{"idna-deleted", []string{"http://a\u200bb.com/", "http://a\u00adb.com/"}, []string{"http://ab.com/", "http://a\u00e1b.com/"}, false},
	{"host-lookalike-delimiter", []string{"http://a\u2044b.com/", "http://a.com\u02d080/"}, []string{"http://a.com:80/", "http://a\u00f8b.com/"}, false},
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
// must raise, and to legitimate names in many scripts, which must raise
// nothing.
func TestSpoofing(t *testing.T) {
	spoofs := []struct{ in, code string }{
		{"http://\u0430\u0440\u0440\u04cf\u0435.com/", "idn-whole-script-confusable"}, // аррӏе, all Cyrillic
		{"http://\u0430\u0440\u0440\u04cf\u0435.com/", "idn-ascii-lookalike"},
		{"http://xn--80ak6aa92e.com/", "idn-whole-script-confusable"}, // the same, in punycode
		{"http://p\u0430ypa\u04cf.com/", "idn-ascii-lookalike"},       // Cyrillic а and ӏ
		{"http://\u0261oogle.com/", "idn-not-allowed"},                // Latin small script g
		{"http://g\u0585\u0585gle.com/", "idn-mixed-script"},          // Armenian oh
		{"http://example.com\u2044evil.com/", "host-lookalike-delimiter"},
		{"http://example.com\u02d080/", "host-lookalike-delimiter"},
		{"http://paypal\u3002com/", "hidden-dot"},
		{"http://paypal\uff0ecom/", "hidden-dot"},
		{"http://pay\u200bpal.com/", "idna-deleted"},
		{"http://pay\u00adpal.com/", "idna-deleted"},
		{"http://0x7f.0.0.1/", "ipv4-non-canonical"},
		{"http://0177.0.0.1/", "ipv4-non-canonical"},
		{"http://127.1/", "ipv4-non-canonical"},
		{"http://2130706433/", "ipv4-non-canonical"},
		{"http://ex%61mple.com/", "host-pct-encoded"},
		{"http://a..b.com/", "dns-empty-label"},
		{"http://-a.com/", "dns-hyphen"},
		{"http://" + strings.Repeat("a", 64) + ".com/", "dns-label-length"},
		{"http://" + strings.Repeat("a.", 127) + "com/", "dns-name-length"},
		{"http://\u09ea\u09ea.com/", "idn-digit-lookalike"},            // Bengali four, which looks like 8
		{"http://\u0131\u0307stanbul.com/", "idn-dangerous-pattern"},   // dotless i with a dot
		{"http://a\u30ceb.com/", "idn-dangerous-pattern"},              // Katakana no between Latin letters
		{"http://a\u00b7b.com/", "idn-dangerous-pattern"},              // middle dot outside l·l
		{"http://\u0430\u0561.com/", "idn-mixed-script"},               // Cyrillic and Armenian
		{"http://1\u0968.com/", "idn-mixed-numbers"},                   // ASCII and Devanagari digits
		{"http://a\u2010b.com/", "idn-blocked-char"},                   // HYPHEN
		{"http://a\u01c3b.com/", "idn-not-allowed"},                    // LATIN LETTER RETROFLEX CLICK
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
	}
	for _, s := range legitimate {
		if problems := MustParse(s).Check(); problems != nil {
			t.Errorf("Check(%q) = %v on a legitimate name", s, problems)
		}
	}
	// Cyrillic that looks Latin, under a TLD of Cyrillic names, is at
	// home there, as Chromium shows it (its rule 9).
	if p := MustParse("http://\u0430\u0440\u0440\u04cf\u0435.ru/").Check(); p != nil {
		t.Errorf("Check(аррӏе.ru) = %q", codes(p))
	}
	// Words of Latin-script languages whose skeleton is ASCII are quiet;
	// against a protected name they are caught, as Chromium catches them
	// against its top domains.
	for _, s := range []string{"http://yaz\u0131l\u0131m.com.tr/", "http://s\u0153ur.fr/", "http://b\u00e6rum.no/", "http://\u00feing.is/", "http://l\u0131nkedin.com/"} {
		if p := MustParse(s).Check(); p != nil {
			t.Errorf("Check(%q) = %q on a word of its language", s, codes(p))
		}
	}
	// What Chromium shows though UTS #39 17.0 no longer recommends it
	// (Bopomofo; Georgian ჽ and ჿ under .ge), and a Japanese name whose
	// skeleton is "/", which no ASCII host holds.
	for _, s := range []string{"http://\u3105\u3106\u3107\u3108.tw/", "http://\u3105\u4e2d\u6587.tw/", "http://\u10fd\u10ff\u10ee.ge/", "http://\u30ce.jp/",
		"http://\u30c8\u309a.jp/", "http://\u1090\u1091\u1095\u1096\u1097.mm/", "http://\u0e17\u0e19\u0e1a\u0e1e\u0e23\u0e2b.th/",
		"http://\u1b29\u1b2e\u1b36.id/"} { // Bali in Balinese, a suffix of the Public Suffix List
		i := MustParse(s)
		if p := i.Check(); p != nil {
			t.Errorf("Check(%q) = %q, where Chromium shows the name", s, codes(p))
		}
		if host, refused := i.DisplayHost(); host != i.Host() || refused != nil {
			t.Errorf("DisplayHost(%q) = %q, %q; want it as written", s, host, refused)
		}
	}
	// Chromium's rule 11, each pattern at its edges: "ー" after no Kana,
	// a dot above on "j" and "l", a mark on "ı", "ヘ" among Hiragana, "・"
	// first; a label made of
	// letters that look like digits (rule 10: "бб" reads "66").
	for s, want := range map[string][]string{
		"http://\u30fc\u30ab.jp/":       {"idn-dangerous-pattern"},
		"http://\u30ab\u30fc.jp/":       nil,
		"http://xj\u0307y.com/":         {"idn-dangerous-pattern"},
		"http://xl\u0307y.com/":         {"idn-dangerous-pattern"},
		"http://a\u0131\u0301b.com/":    {"idn-dangerous-pattern"},
		"http://\u0431\u0431.com/":      {"idn-digit-lookalike", "idn-ascii-lookalike"},
		"http://\u3078\u30d8\u3078.jp/": {"idn-dangerous-pattern"}, // the first of the Katakana twins among Hiragana
		"http://\u30fb\u30ab.jp/":       nil,                       // the Katakana middle dot first, beside no Latin letter
	} {
		if got := codes(MustParse(s).Check()); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("Check(%q) = %q, want %q", s, got, want)
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
	// A name IDNA refuses as a whole (the bidi rule spans the labels)
	// stays in punycode, and DisplayHost says why.
	if host, why := MustParse("http://xn--0-sfa.xn--4db/").DisplayHost(); host != "xn--0-sfa.xn--4db" || len(why) != 1 || !strings.HasPrefix(why[0], "IDNA refuses the host as a whole") {
		t.Errorf("DisplayHost(xn--0-sfa.xn--4db) = %q, %q", host, why)
	}
	// Beside Latin letters, "ノ" reads as "/" (Chromium's rule 11); ჽჿხ
	// looks Latin outside .ge (its rule 9).
	for s, code := range map[string]string{"http://example\u30cecom.jp/": "idn-dangerous-pattern", "http://\u10fd\u10ff\u10ee.com/": "idn-whole-script-confusable",
		"http://\u0e17\u0e19\u0e1a\u0e1e\u0e23\u0e2b.com/": "idn-whole-script-confusable", "http://\u1090\u1091\u1095\u1096\u1097.com/": "idn-whole-script-confusable",
		"http://\u1b29\u1b2e\u1b36.com/": "idn-not-allowed"} {
		if p := MustParse(s).Check(); !hasCode(p, code) {
			t.Errorf("Check(%q) = %q, want %s", s, codes(p), code)
		}
	}
	if p := (Checker{Protect: []string{"linkedin.com"}}).Check(MustParse("http://l\u0131nkedin.com/")); !hasCode(p, "idn-protected") {
		t.Errorf("Check(lınkedin.com) with Protect linkedin.com = %q", codes(p))
	}
	// Names the caller protects.
	c := Checker{Protect: []string{"paypal.com"}}
	if p := c.Check(MustParse("http://paypa1.com/")); !hasCode(p, "idn-protected") {
		t.Errorf("Check of paypa1.com with paypal.com protected = %q", codes(p))
	}
	if p := c.Check(MustParse("http://paypal.com/")); p != nil {
		t.Errorf("Check of the protected name itself = %q", codes(p))
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
		if got, want := classes[r], charClass(r, props(r)); got != want {
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
		if got := charClass(tt.r, props(tt.r)); got != tt.want {
			t.Errorf("charClass(%U) = %#x, want %#x", tt.r, got, tt.want)
		}
	}
}

// TestCheckCodes holds three lists to each other: the codes the source
// reports, the codes the documentation of Check lists, and the codes
// checkTests raises (idn-protected, which needs Checker.Protect, is in
// TestSpoofing).
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
	if len(reported) != len(problemTable) || len(reported) < 50 {
		t.Errorf("%d constants, %d rows in the table", len(reported), len(problemTable))
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
	tested := map[string]bool{"idn-protected": true}
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
	for code := range documented {
		if !reported[code] {
			t.Errorf("%s is documented at Check but never reported", code)
		}
	}
	// Where the doc gives a code's severity, "(warning)" or "(error)"
	// after it, or the codes of its advice section, it is the table's.
	for _, m := range regexp.MustCompile(`"([a-z0-9-]+)" \((warning|error)\)`).FindAllStringSubmatch(doc, -1) {
		want := map[string]Severity{"warning": SeverityWarning, "error": SeverityError}[m[2]]
		if got := problemTable[problemCode(m[1])].severity; got != want {
			t.Errorf("%s: the doc says %v, the table %v", m[1], want, got)
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
		{"https://xn--80ak6aa92e.com/", "error idn-whole-script-confusable 8; error idn-ascii-lookalike 8"},
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
	if got := (Checker{Protect: []string{"com"}}).Check(MustParse("http://\u00e9xample.corn/")); got != nil {
		t.Errorf("Check(éxample.corn) with Protect com = %+v; its top-level domain alone looks like com", got)
	}
}
