package idn

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/iri-go/iri/internal/uts39"
)

// TestProtectChromiumLevel: the top-domain rule of Chromium's spoof
// checker (skeletons with diacritics removed and its extra mappings),
// names in any form, and a cost independent of the number of names.
func TestProtectChromiumLevel(t *testing.T) {
	p := NewProtected([]string{"google.com", "linkedin.com", "test.net", "xn--mnchen-3ya.de"})
	for _, tt := range []struct {
		host string
		name string // "" when it looks like none
	}{
		{"gọọgle.com", "google.com"}, {"gøøgle.com", "google.com"}, {"łinkedin.com", "linkedin.com"}, {"tést.net", "test.net"},
		{"xn--ggle-0qaa.com", "google.com"}, // gøøgle in punycode
		{"GØØGLE.COM", "google.com"},
		{"münchen.de", ""}, {"xn--mnchen-3ya.de", ""}, {"google.com", ""}, {"GOOGLE.com", ""},
		{"munchen.de", "xn--mnchen-3ya.de"}, {"example.com", ""}, {"bücher.de", ""},
	} {
		name, ok := p.Lookalike(tt.host)
		if name != tt.name || ok != (tt.name != "") {
			t.Errorf("Lookalike(%s) = %q, %v; want %q", tt.host, name, ok, tt.name)
		}
		issues := Checker{Protect: p}.CheckHost(tt.host)
		if got := slices.Contains(codesOf(issues), "idn-protected"); got != (tt.name != "") {
			t.Errorf("CheckHost(%s) with Protect: %v", tt.host, issues)
		}
	}
	// Cases of Chromium's own spoof-checker tests, with names of its test
	// list of top domains: suffixes of a host are looked up (a name under a
	// protected one is that name's), and its extra look-alikes are mapped
	// (Cyrillic ш, Bengali ০, Thai ฟ and ร, Lao ພ, æ, œ and þ read each way).
	chromium := NewProtected([]string{"digklmo68.com", "digklmo68.co.uk", "test.net", "o2.com", "39.com",
		"wmhtb.com", "wsws.com", "wsu.com", "aece.com", "aen.com", "n11.com", "phktb.com", "islkpx123.com"})
	for _, tt := range []struct {
		host    string
		flagged bool
	}{
		{"www.đigklmo68.com", true}, {"foo.bar.đigklmo68.com", true}, {"mail.đigklmo68.co.uk", true},
		{"some.tést.net", true}, {"éxample.test.nét", true},
		{"éxample.test.net", false}, {"ést.net", false}, {"atést.net", false}, {"some.atést.net", false},
		{"০২.com", true}, {"೦೩.com", true}, {"шмнть.com", true}, {"ฟรฟร.com", true}, {"พรบ.com", true},
		{"ພຣບ.com", true}, {"aeœ.com", true}, {"æœ.com", true}, {"ӕԥ.com", true}, {"ก11.com", true},
		{"þhktb.com", true}, {"іѕӏкрх123.com", true}, {"test.net", false}, {"sub.test.net", false},
	} {
		if _, got := chromium.Lookalike(tt.host); got != tt.flagged {
			t.Errorf("Lookalike(%s) with Chromium's test domains: %v, want %v", tt.host, got, tt.flagged)
		}
	}
	// A top-level domain alone looks like no name: suffixes have two
	// labels or more.
	if name, ok := NewProtected([]string{"com"}).Lookalike("\u00e9xample.corn"); ok {
		t.Errorf("Lookalike(éxample.corn) with com protected = %q", name)
	}
	many := make([]string, 100000)
	for k := range many {
		many[k] = fmt.Sprintf("brand%d.example", k)
	}
	big, small := Checker{Protect: NewProtected(many)}, Checker{Protect: NewProtected(many[:10])}
	const host = "bränd5.example"
	if !slices.Contains(codesOf(big.CheckHost(host)), "idn-protected") {
		t.Error("bränd5.example does not look like brand5.example")
	}
	nBig := testing.AllocsPerRun(20, func() { big.CheckHost(host) })
	nSmall := testing.AllocsPerRun(20, func() { small.CheckHost(host) })
	if nBig > nSmall+2 {
		t.Errorf("CheckHost allocates %v times with 100,000 protected names, %v with 10", nBig, nSmall)
	}
}

// TestProtectChromiumSteps holds Chromium's steps before skeletons to
// their limits: diacritics are removed from hosts of Latin, Greek and
// Cyrillic letters, digits, ".", "_", "-" and the marks U+0300..U+0339
// only; "þ" is read as "b" too in a host of at most 5 such letters, 128
// readings at most.
func TestProtectChromiumSteps(t *testing.T) {
	for host, want := range map[string]bool{
		"a_b-1.c": true, "ab\u0300.c": true, "ab\u0339.c": true, "é.ελ.рф": true,
		"ab\u033a.c": false, "a\u02ff.c": false, "a/b": false, "a:b": false, "a b": false, "例.c": false, "a\u0591.c": false,
	} {
		if isLGCHost(host) != want {
			t.Errorf("isLGCHost(%q) = %v", host, !want)
		}
	}
	if name, ok := NewProtected([]string{"ppppb.com"}).Lookalike("þþþþþ.com"); !ok {
		t.Errorf("Lookalike(þþþþþ.com) with ppppb.com protected = %q, %v", name, ok)
	}
	if name, ok := NewProtected([]string{"pppppb.com"}).Lookalike("þþþþþþ.com"); ok {
		t.Errorf("Lookalike(þþþþþþ.com) with pppppb.com protected = %q: six þ have no other readings", name)
	}
	// 32 characters at most, as Chromium's generator takes them.
	if n := len(supplementalHosts("þ" + strings.Repeat("a", 31))); n != 3 {
		t.Errorf("supplementalHosts of 32 characters: %d readings, want 3", n)
	}
	if n := len(supplementalHosts("þ" + strings.Repeat("a", 32))); n != 1 {
		t.Errorf("supplementalHosts of 33 characters: %d readings, want 1", n)
	}
	if n := len(supplementalHosts("þþþþþ")); n != 128 {
		t.Errorf("supplementalHosts(þþþþþ): %d readings, want 128", n)
	}
	if got := supplementalHosts("aœþ"); strings.Join(got, " ") != "aœþ aœb aœp aceþ aoeþ aceb aoeb acep aoep" {
		t.Errorf("supplementalHosts(aœþ) = %q", got)
	}
	// Since Chromium's update to Unicode 17: a skeleton is taken stripped
	// of its marks too (ɓ's prototype is "b" and U+0314), and Latin
	// letters Allowed since then map to the ASCII letters they look like.
	for host, name := range map[string]string{
		"e\u0253ay.com": "ebay.com", "www.re\u0257dit.com": "reddit.com", "\u028b\u0254\u0292\u0272\u01dd.com": "vozne.com",
		"\u025bb\u0254y.com": "eboy.com",
	} {
		p := NewProtected([]string{name})
		if got, ok := p.Lookalike(host); got != name || !ok {
			t.Errorf("Lookalike(%q) with %s protected = %q, %v", host, name, got, ok)
		}
	}
}

// TestProtectedOwnsItsList: a list is the names it was made of, whatever
// the caller does with its slice afterwards; nil and empty lists protect
// nothing.
func TestProtectedOwnsItsList(t *testing.T) {
	names := []string{"paypal.com"}
	p := NewProtected(names)
	names[0] = "example.com"
	if name, ok := p.Lookalike("paypa1.com"); !ok || name != "paypal.com" {
		t.Errorf("Lookalike(paypa1.com) = %q, %v after the caller's slice changed", name, ok)
	}
	if _, ok := p.Lookalike("examp1e.com"); ok {
		t.Error("the list follows the caller's slice")
	}
	var none *Protected
	for _, q := range []*Protected{none, NewProtected(nil), {}} {
		if name, ok := q.Lookalike("paypa1.com"); ok {
			t.Errorf("an empty list protects %q", name)
		}
	}
	if issues := (Checker{}).CheckHost("paypa1.com"); issues != nil {
		t.Errorf("CheckHost without Protect = %v", issues)
	}
}

// TestProtectedConcurrent: one list serves any number of goroutines, each
// with the answers it gets alone (run with -race).
func TestProtectedConcurrent(t *testing.T) {
	// The near index, built on first use, is built by whichever goroutine
	// comes first.
	c := Checker{Protect: NewProtected([]string{"paypal.com", "google.com"})}
	hosts := []string{"paypa1.com", "gọọgle.com", "xn--80ak6aa92e.com", "example.com", "p\u0430ypal.com", "paypals.com", "googel.com"}
	run := func(h string) string {
		shown, refused := DisplayHost(h)
		return fmt.Sprint(c.CheckHost(h), shown, refused)
	}
	want := map[string]string{}
	for _, h := range hosts {
		want[h] = run(h)
	}
	c = Checker{Protect: NewProtected([]string{"paypal.com", "google.com"})} // its index not built yet
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 40 {
				h := hosts[(g+k)%len(hosts)]
				if got := run(h); got != want[h] {
					t.Errorf("%s: %s, alone %s", h, got, want[h])
				}
			}
		})
	}
	wg.Wait()
}

// TestProtectWrittenCase: a name is looked at as a reader saw it, the
// case of its ASCII letters kept, and as IDNA resolves it: "paypaI.com",
// with a capital I, looks like paypal.com in sans-serif fonts, though a
// browser shows paypai.com; the lowercase name itself looks like nothing
// protected.
func TestProtectWrittenCase(t *testing.T) {
	p := NewProtected([]string{"paypal.com", "apple.com"})
	for host, want := range map[string]string{
		"paypaI.com": "paypal.com", "PAYPAI.COM": "", "paypai.com": "", "www.paypaI.com": "paypal.com",
		"AppIe.com": "apple.com", "PaypaI.cöm": "paypal.com", "PAYPAL.COM": "", "PAYPAI.cöm": "", "xn--pypal-4ve.com": "paypal.com",
		"APPLE.COM": "", "AppIe.coM": "apple.com",
	} {
		name, ok := p.Lookalike(host)
		if name != want || ok != (want != "") {
			t.Errorf("Lookalike(%q) = %q, %v; want %q", host, name, ok, want)
		}
		issues := Checker{Protect: p}.CheckHost(host)
		if got := slices.Contains(codesOf(issues), "idn-protected"); got != (want != "") {
			t.Errorf("CheckHost(%q) with paypal.com protected = %v", host, issues)
		}
	}
	// CheckName keeps the case for the protected names only: the label
	// policy sees the name IDNA resolves (a top-level domain in capitals is
	// the same domain).
	if got := codesOf(Checker{}.CheckName("\u0430\u0440\u0440\u04cf\u0435.RU")); got != nil {
		t.Errorf("CheckName(аррӏе.RU) = %q; under .ru Cyrillic is at home", got)
	}
}

// TestCapitalsAsRead: of the ASCII capitals, only "I" has a prototype in
// confusables.txt that is another letter than its own lower case, and it
// reads so among lowercase letters only.
func TestCapitalsAsRead(t *testing.T) {
	for c := 'A'; c <= 'Z'; c++ {
		kept := capitalsAsRead("a"+string(c)) == "a"+string(c)
		other := Skeleton(string(c)) != string(c)
		if kept != other {
			t.Errorf("capitalsAsRead(a%c) keeps it %v; its skeleton is %q", c, kept, Skeleton(string(c)))
		}
	}
	if got := capitalsAsRead("PAYPAI.PaypaI.COM"); got != "paypai.paypaI.com" {
		t.Errorf("capitalsAsRead = %q", got)
	}
}

// TestProtectWarnings: a host whose own label, before its public suffix,
// looks like a protected name's under another suffix, or one edit away
// from it once both are skeletons, is a warning; the name itself, a name
// under it, a look-alike of Chromium's rule (an error), a short own label
// and an unrelated name are none.
func TestProtectWarnings(t *testing.T) {
	c := Checker{NoDefaultProtect: true, Protect: NewProtected([]string{"myetherwallet.com", "paypal.com", "amazon.co.uk", "ebay.com", "bücher.de"})}
	for host, want := range map[string]string{
		"myetherwallet.co":         "idn-protected-other-tld myetherwallet.com",
		"myetherwallet.com.ru":     "idn-protected-other-tld myetherwallet.com", // com.ru: a suffix of two labels
		"myetherwallet.net.ru":     "idn-protected-other-tld myetherwallet.com", // net.ru: a suffix of two labels
		"myetherwaliet.com":        "idn-protected-near myetherwallet.com",
		"myeterwallet.com":         "idn-protected-near myetherwallet.com",
		"myetherwalllet.com":       "idn-protected-near myetherwallet.com",
		"myehterwallet.com":        "idn-protected-near myetherwallet.com", // two swapped
		"myetherwaIlet.io":         "idn-protected-other-tld myetherwallet.com",
		"rnyetherwallet.com":       "idn-protected myetherwallet.com", // the same skeleton: Chromium's rule
		"myetherwallet.com":        "",
		"www.myetherwallet.com":    "",
		"myetherwallets.org":       "idn-protected-near myetherwallet.com",
		"myetherwalletss.com":      "",
		"paypa1.net":               "idn-protected-other-tld paypal.com",
		"paypals.com":              "idn-protected-near paypal.com",
		"amazon.de":                "idn-protected-other-tld amazon.co.uk",
		"www.amazon.co.uk":         "",
		"arnazon.co.uk":            "idn-protected amazon.co.uk",
		"ebay.net":                 "idn-protected-other-tld ebay.com",
		"ebuy.com":                 "", // a short own label: no near
		"bucher.com":               "idn-protected-other-tld bücher.de",
		"example.com":              "",
		"com":                      "",
		"xn--mytherwallet-gfb.com": "idn-protected-near myetherwallet.com", // mÿtherwallet: diacritics removed
	} {
		var got []string
		for _, i := range c.CheckHost(host) {
			if how := map[string]string{"idn-protected-near": ", but for one character", "idn-protected-other-tld": ", under another public suffix"}[i.Code]; !strings.HasSuffix(i.Message, how) {
				t.Errorf("CheckHost(%q): %s", host, i)
			}
			if strings.HasPrefix(i.Code, "idn-protected") {
				name := i.Message[strings.Index(i.Message, "looks like ")+len("looks like "):]
				name, _ = strconv.Unquote(name[:strings.Index(name, ", ")])
				got = append(got, i.Code+" "+name)
				if i.Warning != (i.Code != "idn-protected") || i.Label != -1 {
					t.Errorf("CheckHost(%q): %#v", host, i)
				}
			}
		}
		if strings.Join(got, "; ") != want {
			t.Errorf("CheckHost(%q) = %q, want %q", host, got, want)
		}
	}
	// The top domains give no warning, and a list without names none.
	if got := (Checker{}).CheckHost("myetherwaliet.com"); got != nil {
		t.Errorf("CheckHost(myetherwaliet.com) with the top domains = %v", got)
	}
	if got := (Checker{NoDefaultProtect: true, Protect: NewProtected(nil)}).CheckHost("paypals.com"); got != nil {
		t.Errorf("an empty list warns: %v", got)
	}
}

// TestOneEdit holds oneEdit to the edits it names.
func TestOneEdit(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"abcde", "abcdf", true}, {"abcde", "abcd", true}, {"abcd", "abcde", true}, {"abcde", "bacde", true},
		{"abcde", "abced", true}, {"abcde", "abcde", false}, {"abcde", "abc", false}, {"abcde", "badce", false},
		{"abcde", "xbcdy", false}, {"", "a", true}, {"ab", "ba", true}, {"abc", "cba", false}, {"aéb", "ab", true},
		{"abcdef", "abdcef", true}, {"abcdef", "abdcfe", false}, {"abc", "abd", true}, {"abcd", "abdc", true},
	} {
		if got := oneEdit(tt.a, tt.b); got != tt.want {
			t.Errorf("oneEdit(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
	if got := deletions("aéb"); strings.Join(got, " ") != "éb ab aé" {
		t.Errorf("deletions(aéb) = %q", got)
	}
	for host, want := range map[string]string{
		"a.b.example.com": "example com", "www.amazon.co.uk": "amazon co.uk", "amazon.co.uk": "amazon co.uk",
		"co.uk": "co uk", "com": " com", "a.com.": "a com", "x.gov.com": "gov com", "x.co.jp": "x co.jp", "x.co.japan": "co japan",
	} {
		own, suffix := splitBrand(host)
		if own+" "+suffix != want {
			t.Errorf("splitBrand(%q) = %q, %q; want %q", host, own, suffix, want)
		}
	}
}

// TestKept holds mayHold's shortcut to the skeletons: a character kept
// stays in every skeleton of a host that holds it, so that a host with
// one in its last two labels that no protected skeleton holds looks like
// no protected name; and mayMatch answers false only where Lookalike
// finds nothing.
func TestKept(t *testing.T) {
	if testing.Short() {
		t.Skip("walks the characters")
	}
	for r := rune(0x80); r <= 0x2FFFF; r++ {
		if !kept(r) || !uts39.Of(r).Allowed() {
			continue
		}
		for _, sk := range hostSkeletons("a" + string(r) + ".com") {
			if !strings.ContainsRune(sk, r) {
				t.Errorf("%U is kept, but a skeleton of a%c.com is %q", r, r, sk)
			}
		}
	}
	p := NewProtected([]string{"google.com", "東京.jp", "пример.рф"})
	// 東京.јp, with a Cyrillic ј, looks like 東京.jp, whose kept 東 and 京
	// are in a protected skeleton; in 例え.gооgle.com, with Cyrillic о,
	// the kept 例 is in no label that the look-up of google.com reads.
	for _, h := range []string{"google.com", "東京.jp", "東亰.jp", "例え.jp", "пример.рф", "primer.рф", "gооgle.com", "bücher.de", "例え.google.com", "東京.јp", "例え.gооgle.com"} {
		shown := displayHost(h)
		name, _ := p.match(newLook(shown, h))
		if !p.mayMatch(shown, h) && name != "" {
			t.Errorf("mayMatch(%q) = false, but it matches", h)
		}
		if (h == "東京.јp" || h == "例え.gооgle.com") && name == "" {
			t.Errorf("%s looks like no protected name", h)
		}
	}
	if p.mayHold(displayHost("例え.jp")) {
		t.Error("mayHold(例え.jp) = true: 例 is in no protected skeleton")
	}
	if !p.mayHold(displayHost("пример.com")) {
		t.Error("mayHold(пример.com) = false: its letters have look-alikes")
	}
}

// A list travels as its names and is the same list on the other side:
// through JSON, as a pipeline's function does.
func TestProtectedText(t *testing.T) {
	type carrier struct{ Protect *Protected }
	in := carrier{NewProtected([]string{"paypal.com", "xn--mnchen-3ya.de", "myetherwallet.com"})}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"Protect":"paypal.com\nxn--mnchen-3ya.de\nmyetherwallet.com"}`; string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
	var out carrier
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	for _, host := range []string{"paypa1.com", "xn--pypal-4ve.com", "münchen.de", "mönchen.de", "myetherwallet.co", "myetherwaliet.com", "example.com"} {
		n1, ok1 := in.Protect.Lookalike(host)
		n2, ok2 := out.Protect.Lookalike(host)
		c1 := codesOf(Checker{Protect: in.Protect, NoDefaultProtect: true}.CheckHost(host))
		c2 := codesOf(Checker{Protect: out.Protect, NoDefaultProtect: true}.CheckHost(host))
		if n1 != n2 || ok1 != ok2 || !slices.Equal(c1, c2) {
			t.Errorf("%s: before %q %v %v, after %q %v %v", host, n1, ok1, c1, n2, ok2, c2)
		}
	}
	if _, ok := out.Protect.Lookalike("xn--pypal-4ve.com"); !ok {
		t.Error("the list read back protects nothing")
	}
	var nilList *Protected
	if b, err := nilList.MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("nil list: %q, %v", b, err)
	}
}
