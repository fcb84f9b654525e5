package idn

import (
	"fmt"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// For each code, hosts that raise it and close ones that do not.
var hostTests = []struct {
	code      string
	raise     []string
	dontRaise []string
}{
	{"idn-blocked-char", []string{"a\u2010b.com", "\u02bcb.com", "a\u0138.com", "a\u01ceb.com", "\u1e01b.com"},
		[]string{"a-b.com", "ab.com", "vi\u1ec7t.vn", "a\u0103b.com"}},
	{"idn-not-allowed", []string{"a\u01c3b.com", "\u0261oogle.com", "\u1b29\u1b2e\u1b36.com"}, []string{"a\u00e9b.com", "\u1b29\u1b2e\u1b36.id"}},
	{"idn-invisible", []string{"ab\u0301\u0301.com", "a\u00e9\u0301.com", "ab\u0301\u0300\u0301.com"}, []string{"ab\u0301.com", "a\u00e9\u0300.com"}},
	{"idn-dangerous-pattern", []string{"a\u30ceb.com", "a\u00b7b.com", "col\u00b7legi.com", "\u30fdab.com", "\u30a2\u3078\u30a2.jp",
		"li\u0307ne.com", "\u0131\u0301x.com", "a\u4e28\u6771.com", "\u6771\u0327.jp", "\u0131\u0307stanbul.com", "example\u30cecom.jp",
		"\u30fc\u30ab.jp", "xj\u0307y.com", "xl\u0307y.com", "a\u0131\u0301b.com", "\u3078\u30d8\u3078.jp", "l\u00b7la\u00b7b.cat", "\u4e2bahoo.com",
		"\u30ceab.com", "ab\u30ce.com", "\u4e36ab.com", "ab\u5ddb.com", "1\u30fb2.jp", "\u672c\u30fb.jp", "\u30a2\u30fb.jp"},
		[]string{"\u30a2\u30ce\u30a2.jp", "\u30a2\u30ceb.com", "a\u30ce\u30a2.com", "\u4e00\u6771.cn", "\u6771\u4e00.cn", "col\u00b7legi.cat", "\u30a2\u30fd.jp", "\u3078\u3078.jp", "\u30a2\u30fc.jp", "\u6771\u4e28\u6771.cn", "ba\u0327.com",
			"\u30ab\u30fc.jp", "l\u00b7ll\u00b7l.cat", "\u30fb\u30ab.jp", "\u30ce.jp", "\u4e36\u5ddb.jp", "\u672c\u30fb\u91ce.jp",
			"\u3041\u3041\u30d8.jp"}}, // ヘ last, after Hiragana: not among them
	{"idn-mixed-script", []string{"g\u0585\u0585gle.com", "\u0430\u03b1.com", "\u0430\u0561.com", "p\u0430ypal.com.1"}, []string{"google.com", "東京tokyo.jp"}},
	{"idn-mixed-numbers", []string{"1\u0968.com"}, []string{"\u0967\u0968.in", "12.com"}},
	{"idn-digit-lookalike", []string{"\u09ea\u09ea.com", "1\u0437.com", "\u0a241.com", "\u0431\u0431.com"}, []string{"\u09ea\u0995.com", "1\u0437\u0434.com"}},
	{"idn-whole-script-confusable", []string{"\u0430\u0440\u0440\u04cf\u0435.com", "\u043f\u043e\u0440\u043a.com", "\u03ba\u03b1\u03c4\u03bf.com", "\u0e1a\u0e1e.com",
		"xn--80ak6aa92e.com", "xn--80ak6aa92e.1", "\u10d8\u10dd\u10ee.com", "\u0e17\u0e19\u0e1a\u0e1e\u0e23\u0e2b.com", "\u1004\u101d.com"},
		[]string{"\u0430\u0440\u0440\u04cf\u0435.ru", "\u043f\u0440\u0438\u043c\u0435\u0440.com", "\u043a\u0430\u043a.com", "\u03ba\u03b1\u03c4\u03bf.gr",
			"\u043f\u043e\u0440\u043a.\u0440\u0444", "\u0e1a\u0e1e.th", "\u10d8\u10dd\u10ee.ge", "\u1004\u101d.mm"}},
	{"idn-mixed-script-confusable", []string{"g\u3007\u3007gle.com", "ab\u30fcc.com"}, []string{"\u6771\u4eactokyo.jp", "sony\u30b9\u30c8\u30a2.jp"}},
	{"idn-tld-specific", []string{"\u00fek.com", "o\u00f0.com", "b\u0259b.com"}, []string{"\u00fek.is", "o\u00f0.fo", "b\u0259b.az", "\u00fe.com"}},
	{"idn-ascii-lookalike", []string{"p\u0430ypal.com", "\u0430\u0440\u0440\u04cf\u0435.com", "p\u0430ypa\u04cf.com", "\u0431\u0431.com"},
		[]string{"linkedin.com", "l\u00efnkedin.com", "l\u0131nkedin.com", "\u0430\u0440\u0440\u04cf\u0435.ru", "\u0441\u0440\u0431.\u0441\u0440\u0431",
			"\u0430\u0440\u0440\u04cf\u0435.123"}}, // no ASCII host has a top-level domain of digits
	{"hidden-dot", []string{"a\u3002com", "a\uff61com", "paypal\uff0ecom", "a%E3%80%82com"}, []string{"a.com", "a\u3001com"}},
	{"idna-deleted", []string{"a\u200bb.com", "a\u00adb.com", "pay%E2%80%8Bpal.com"}, []string{"ab.com", "a\u00e1b.com"}},
	{"host-lookalike-delimiter", []string{"a\u2044b.com", "a.com\u02d080", "example.com\u2044evil.com", "a%E2%81%84b.com"},
		[]string{"a.com", "a\u00f8b.com", "\u30ce.jp", "\u00e9%zz.com", "\u00e9%.com"}}, // "%" looks like "º/₀", but ASCII is what it is
}

func codesOf(issues []Issue) []string {
	var c []string
	for _, i := range issues {
		c = append(c, i.Code)
	}
	return c
}

func TestCheckHost(t *testing.T) {
	for _, tt := range hostTests {
		for _, h := range tt.raise {
			issues := Checker{}.CheckHost(h)
			if !slices.Contains(codesOf(issues), tt.code) {
				t.Errorf("CheckHost(%q) = %q, want %s", h, codesOf(issues), tt.code)
			}
			for _, i := range issues {
				if i.Message == "" || i.Label < -1 || i.Label >= strings.Count(h, ".")+1 {
					t.Errorf("CheckHost(%q): malformed %#v", h, i)
				}
			}
		}
		for _, h := range tt.dontRaise {
			if issues := (Checker{}).CheckHost(h); slices.Contains(codesOf(issues), tt.code) {
				t.Errorf("CheckHost(%q) = %q, want no %s", h, codesOf(issues), tt.code)
			}
		}
	}
}

// TestCheckHostWhole asserts every issue CheckHost reports, with the
// label it names, on hosts whose expectations are worked out by hand from
// the rules: a host that gains an issue, or loses one, fails here.
func TestCheckHostWhole(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"example.com", ""},
		{"bücher.de", ""},
		// apple.com and paypal.com are top domains, which a Checker
		// protects unless told not to.
		{"xn--80ak6aa92e.com", "idn-whole-script-confusable 0; idn-ascii-lookalike -1; idn-protected -1"},
		{"XN--80AK6AA92E.COM", "idn-whole-script-confusable 0; idn-ascii-lookalike -1; idn-protected -1"}, // any case
		{"%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com", "idn-whole-script-confusable 0; idn-ascii-lookalike -1; idn-protected -1"},
		{"www.p\u0430ypal.com", "idn-mixed-script 1; idn-ascii-lookalike -1; idn-protected -1"},
		{"a\u3002p\u0430ypal.com", "hidden-dot -1; idn-mixed-script 1; idn-ascii-lookalike -1; idn-protected -1"}, // written, then the name
		{"\u0431\u0431.com", "idn-digit-lookalike 0; idn-ascii-lookalike -1"},
		{"\u30fc\u30ab.jp", "idn-dangerous-pattern 0"},
		{"\u30ab\u30fc.jp", ""},
		{"ok.a\u2010b.com", "idn-blocked-char 1"},
		// Not a name to judge: addresses, hosts IDNA refuses, hosts too long.
		{"127.0.0.1", ""},
		{"0x7f.1", ""},
		{"\uff10x7f.\uff11", ""}, // an address once IDNA maps it
		{"[::1]", ""},
		{"", ""},
		{"xn--0-sfa.xn--4db", ""}, // the bidi rule spans the labels: IDNA refuses it
		{"a\u05d0.example", ""},
		{"a\u200b\u05d0.example", "idna-deleted -1"},
		{"a\u3002" + strings.Repeat("\u043f\u0440\u0438\u043c\u0435\u0440.", 500) + "com", "hidden-dot -1"},
	} {
		var got []string
		for _, i := range (Checker{}).CheckHost(tt.in) {
			got = append(got, fmt.Sprintf("%s %d", i.Code, i.Label))
		}
		if strings.Join(got, "; ") != tt.want {
			t.Errorf("CheckHost(%q):\n got %s\nwant %s", tt.in, strings.Join(got, "; "), tt.want)
		}
	}
}

// TestCheckHostMessages holds the messages of each kind of rule to their
// text, which names the host or label as written, cut when long.
func TestCheckHostMessages(t *testing.T) {
	long := strings.Repeat("a", 70) + "\u3002com"
	for _, tt := range []struct{ in, want string }{
		{"a%E3%80%82com", `hidden-dot: "a%E3%80%82com" has U+3002, which IDNA maps to "." (UTS #46): a label separator that does not look like one`},
		{long, `hidden-dot: "` + strings.Repeat("a", 64) + `"... has U+3002, which IDNA maps to "." (UTS #46): a label separator that does not look like one`},
		{"a\u00adb.com", `idna-deleted: "a\u00adb.com" has the invisible U+00AD, which IDNA deletes (UTS #46)`},
		{"a\u2044b.com", `host-lookalike-delimiter: "a⁄b.com" has U+2044, which looks like "/"`},
		{"p\u0430ypal.com", `idn-mixed-script: "pаypal" mixes scripts beyond what UTS #39 calls Highly Restrictive, or Latin beyond ASCII with Han (Minimally Restrictive)`},
		{"xn--80ak6aa92e.com", `idn-whole-script-confusable: "аррӏе" is in one script but looks like the Latin "apple" (UTS #39, section 4; Chromium IDN policy, rule 9)`},
	} {
		issues := Checker{}.CheckHost(tt.in)
		if len(issues) == 0 || issues[0].String() != tt.want {
			t.Errorf("CheckHost(%q) = %v\nwant first %s", tt.in, issues, tt.want)
		}
	}
	issues := Checker{}.CheckHost("p\u0430ypal.com")
	if got := issues[len(issues)-2].Message; got != `"pаypal.com" looks exactly like the ASCII host "paypal.com" (UTS #39, section 4)` {
		t.Errorf("the look-alike of a whole host: %s", got)
	}
	if got := issues[len(issues)-1].String(); got != `idn-protected: "pаypal.com" looks like "paypal.com", a top domain (Chromium's list)` {
		t.Errorf("a top domain's look-alike: %s", got)
	}
	c := Checker{Protect: NewProtected([]string{"paypal.com", "l.l"})}
	issues = c.CheckHost("PAYPA1.com")
	if len(issues) != 1 || issues[0].String() != `idn-protected: "PAYPA1.com" looks like "paypal.com", a name protected here` || issues[0].Label != -1 {
		t.Errorf("CheckHost(PAYPA1.com) with paypal.com protected = %#v", issues)
	}
	// An address is no name, though its skeleton is a protected name's.
	if issues := c.CheckHost("1.1"); issues != nil {
		t.Errorf("CheckHost(1.1) with l.l protected = %v", issues)
	}
	if issues := c.CheckHost("1.l"); len(issues) != 1 || issues[0].Code != "idn-protected" {
		t.Errorf("CheckHost(1.l) with l.l protected = %v", issues)
	}
}

// TestASCIILookalike: the ASCII text a host passes for replaces each
// character beyond ASCII with its prototype where that is ASCII, and
// only there (a skeleton maps ASCII too: "m" to "rn").
func TestASCIILookalike(t *testing.T) {
	for in, want := range map[string]string{
		"\u0430\u0440\u0440\u04cf\u0435.com": "apple.com",
		"\u0430\u02b3.com":                   "a\u02b3.com", // ʳ looks like ᣴ, which is no ASCII
		"m\u0430\u01c9.com":                  "malj.com",    // ǉ looks like "lj"
		"例.com":                              "例.com",
	} {
		if got := asciiLookalike(in); got != want {
			t.Errorf("asciiLookalike(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCheckName: the rules on a converted name are CheckHost's, without
// the rules on the host as written.
func TestCheckName(t *testing.T) {
	c := Checker{Protect: NewProtected([]string{"google.com"})}
	for _, h := range []string{"p\u0430ypal.com", "g\u00f8\u00f8gle.com", "\u30fc\u30ab.jp", "bücher.de", "google.com", "x.y\u0430.com"} {
		if got, want := c.CheckName(h), c.CheckHost(h); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("CheckName(%q) = %v; CheckHost gives %v", h, got, want)
		}
	}
	if got := c.CheckName("a\u3002com"); slices.Contains(codesOf(got), "hidden-dot") {
		t.Errorf("CheckName of a host as written: %v; the hidden dot is CheckWritten's", got)
	}
	if got := CheckWritten("p\u0430ypal.com"); got != nil {
		t.Errorf("CheckWritten(pаypal.com) = %v", got)
	}
}

// TestSpoofingLegitimate: names in many scripts, as their registries
// offer them, raise nothing; nor do words of Latin-script languages whose
// skeleton is ASCII (against a protected name they are caught, as
// Chromium catches them against its top domains), nor what Chromium shows
// though it looks odd, which DisplayHost shows as written. What UTS #39
// 17.0 no longer allows (Limited_Use, Uncommon_Use) stays in punycode,
// as Chromium with ICU 78.2 keeps it, though Chromium showed it before.
func TestSpoofingLegitimate(t *testing.T) {
	words := []string{"yaz\u0131l\u0131m.com.tr", "s\u0153ur.fr", "b\u00e6rum.no", "\u00feing.is"}
	shown := []string{"\u30ce.jp", "\u0e17\u0e19\u0e1a\u0e1e\u0e23\u0e2b.th",
		"\u1b29\u1b2e\u1b36.id"} // Bali in Balinese, a suffix of the Public Suffix List
	refused := map[string]string{
		"\u3105\u3106\u3107\u3108.tw":       "xn--5ekcde.tw",
		"\u3105\u4e2d\u6587.tw":             "xn--5ekt19fo6p.tw",
		"\u10fd\u10ff\u10ee.ge":             "xn--gpd3ag.ge",
		"\u30c8\u309a.jp":                   "xn--3bkxe.jp",
		"\u1090\u1091\u1095\u1096\u1097.mm": "xn--rmdcmef.mm",
	}
	for h, want := range refused {
		if host, reasons := DisplayHost(h); host != want || len(reasons) != 1 {
			t.Errorf("DisplayHost(%q) = %q, %q; want %q, refused", h, host, reasons, want)
		}
		if issues := (Checker{}).CheckHost(h); !slices.Equal(codesOf(issues), []string{"idn-not-allowed"}) {
			t.Errorf("CheckHost(%q) = %v; want idn-not-allowed", h, issues)
		}
	}
	for _, h := range slices.Concat(legitimateNames(), words, shown) {
		if issues := (Checker{}).CheckHost(h); issues != nil {
			t.Errorf("CheckHost(%q) = %v on a legitimate name", h, issues)
		}
	}
	for _, h := range shown {
		if host, refused := DisplayHost(h); host != h || refused != nil {
			t.Errorf("DisplayHost(%q) = %q, %q; want it as written", h, host, refused)
		}
	}
	// Such a word that looks like a top domain is caught, as Chromium
	// catches it, unless the top domains are left out.
	if issues := (Checker{}).CheckHost("l\u0131nkedin.com"); !slices.Contains(codesOf(issues), "idn-protected") {
		t.Errorf("CheckHost(lınkedin.com) = %q; linkedin.com is a top domain", codesOf(issues))
	}
	if issues := (Checker{NoDefaultProtect: true}).CheckHost("l\u0131nkedin.com"); issues != nil {
		t.Errorf("CheckHost(lınkedin.com) without the top domains = %q", codesOf(issues))
	}
	if issues := (Checker{NoDefaultProtect: true, Protect: NewProtected([]string{"linkedin.com"})}).CheckHost("l\u0131nkedin.com"); !slices.Contains(codesOf(issues), "idn-protected") {
		t.Errorf("CheckHost(lınkedin.com) with linkedin.com protected = %q", codesOf(issues))
	}
}

// TestLongHostCost: CheckHost and DisplayHost of a host of many
// internationalized labels cost memory in proportion to the input with a
// small constant: the label policy stops where no DNS name can be.
func TestLongHostCost(t *testing.T) {
	host := strings.Repeat("пример.例え.", 1<<16) + "com"
	for _, f := range []struct {
		name string
		fn   func()
	}{{"CheckHost", func() { Checker{}.CheckHost(host) }}, {"DisplayHost", func() { DisplayHost(host) }}} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f.fn()
		runtime.ReadMemStats(&after)
		if per := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(host)); per > 8 {
			t.Errorf("%s allocates %.1f bytes per byte of a %d-byte host", f.name, per, len(host))
		}
	}
	if got, refused := DisplayHost(host); got != host || len(refused) != 1 {
		t.Errorf("DisplayHost of a %d-byte host: %d bytes, %q", len(host), len(got), refused)
	}
}

// TestBlockedInLabel holds blockedInLabel's shortcut to its table: the
// ranges are sorted and apart, and the function answers as a walk of the
// whole table does for every character.
func TestBlockedInLabel(t *testing.T) {
	for k := 1; k < len(blockedInLabels); k++ {
		if blockedInLabels[k][0] <= blockedInLabels[k-1][1] {
			t.Errorf("blockedInLabels: %U..%U is not after %U..%U", blockedInLabels[k][0], blockedInLabels[k][1], blockedInLabels[k-1][0], blockedInLabels[k-1][1])
		}
	}
	for r := rune(0); r <= 0x10FFFF; r++ {
		in := slices.ContainsFunc(blockedInLabels, func(b [2]rune) bool { return b[0] <= r && r <= b[1] })
		if blockedInLabel(r) != in {
			t.Fatalf("blockedInLabel(%U) = %v, the table says %v", r, !in, in)
		}
	}
}

// TestCodes holds four lists to each other: the codes of the table, the
// codes the source reports, the codes Issue's documentation lists, and
// the codes hostTests raises.
func TestCodes(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var source strings.Builder
	for _, f := range files {
		if name := f.Name(); strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") && name != "idn.go" {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			source.Write(src)
		}
	}
	doc, err := os.ReadFile("idn.go")
	if err != nil {
		t.Fatal(err)
	}
	issueDoc := string(doc)
	issueDoc = issueDoc[strings.Index(issueDoc, "type Issue struct"):strings.Index(issueDoc, "\tCode string")]
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile(`//   - "([a-z0-9-]+)": `).FindAllStringSubmatch(issueDoc, -1) {
		documented[m[1]] = true
	}
	tested := map[string]bool{"idn-protected": true, "idn-protected-other-tld": true, "idn-protected-near": true} // TestCheckHostMessages, TestProtectWarnings
	for _, tt := range hostTests {
		tested[tt.code] = true
	}
	constants := regexp.MustCompile(`(code\w+) += "([a-z0-9-]+)"`).FindAllStringSubmatch(string(doc), -1)
	if len(constants) != len(codes) || len(codes) != 17 {
		t.Errorf("%d constants, %d rows in the table", len(constants), len(codes))
	}
	for k, m := range constants {
		if codes[k].code != m[2] || codes[k].doc == "" {
			t.Errorf("row %d of the table: %q, want %s with a line of doc", k, codes[k].code, m[2])
		}
		if !regexp.MustCompile(`\b` + m[1] + `\b`).MatchString(source.String()) {
			t.Errorf("%s (%s) is in the table but never reported", m[2], m[1])
		}
		if !documented[m[2]] {
			t.Errorf("%s is not documented at Issue", m[2])
		}
		if !tested[m[2]] {
			t.Errorf("%s is not in hostTests", m[2])
		}
		delete(documented, m[2])
	}
	for code := range documented {
		t.Errorf("%s is documented at Issue but not in the table", code)
	}
	// The warnings are the codes the doc of Issue.Warning names, and the
	// issues CheckHost reports are warnings by their code's row.
	warningDoc := string(doc)
	warningDoc = warningDoc[strings.Index(warningDoc, "\t// Warning marks"):strings.Index(warningDoc, "\tWarning bool")]
	warnings := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([a-z0-9-]+)"`).FindAllStringSubmatch(warningDoc, -1) {
		warnings[m[1]] = true
	}
	if len(warnings) != 2 {
		t.Errorf("the doc of Issue.Warning names %v", warnings)
	}
	warning := map[string]bool{}
	for _, row := range codes {
		warning[row.code] = row.warning
		if row.warning != warnings[row.code] {
			t.Errorf("%s: warning %v in the table, %v in the doc of Issue.Warning", row.code, row.warning, warnings[row.code])
		}
	}
	c := Checker{Protect: NewProtected([]string{"myetherwallet.com", "paypal.com"})}
	hosts := []string{"myetherwallet.co", "myetherwaliet.com", "paypa1.com", "xn--pypal-4ve.com"}
	for _, tt := range hostTests {
		hosts = append(hosts, tt.raise...)
	}
	reported := map[string]bool{}
	for _, host := range hosts {
		for _, i := range c.CheckHost(host) {
			reported[i.Code] = true
			if i.Warning != warning[i.Code] {
				t.Errorf("CheckHost(%q): %s with Warning %v", host, i, i.Warning)
			}
		}
	}
	if len(reported) != len(codes) {
		t.Errorf("the hosts raise %d codes of %d", len(reported), len(codes))
	}
}

// legitimateNames are names in many scripts, as their registries offer
// them, that raise nothing.
func legitimateNames() []string {
	return []string{
		"bücher.de", "例え.jp", "한국.kr", "пример.рф", "пример.com",
		"παράδειγμα.ελ", "مثال.إختبار", "ไทย.ไทย", "東京タワー.jp",
		"xn--bcher-kva.de", "xn--r8jz45g.jp", "xn--3e0b707e.kr", "xn--e1afmkfd.xn--p1ai",
		"xn--e1afmkfd.com", "xn--hxajbheg2az3al.xn--qxam", "xn--mgbh0fb.xn--kgbechtv",
		"xn--o3cw4h.xn--o3cw4h", "färgbolaget.se", "col·legi.cat", "a-b.example",
		"срб.срб", "бг.бг", "україна.укр", "삼성.com", "ファミリーマート.com",
		"ελλάδα.gr", "հայաստան.am", "საქართველო.ge", "भारत.in", "இந்தியா.in",
		"việtnam.vn", "straße.de", "türkiye.com", "żółw.pl", "ኢትዮጵያ.et",
		"ラーメン.com", "三菱ufj.jp", "网址.公司", "crème-brûlée.fr", "דוגמה.il",
		"\u0430\u0440\u0440\u04cf\u0435.ru", // Cyrillic at home under a TLD of Cyrillic names (Chromium's rule 9)
	}
}
