package iri

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestLongHostCost: Check, Display and DisplayHost of a host of many
// internationalized labels cost memory in proportion to the input with a
// small constant: the label policy stops where no DNS name can be.
func TestLongHostCost(t *testing.T) {
	i := MustParse("http://" + strings.Repeat("пример.例え.", 1<<16) + "com/")
	for _, f := range []struct {
		name string
		fn   func()
	}{{"Check", func() { i.Check() }}, {"Display", func() { i.Display() }}, {"DisplayHost", func() { i.DisplayHost() }}} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f.fn()
		runtime.ReadMemStats(&after)
		if per := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(i.String())); per > 8 {
			t.Errorf("%s allocates %.1f bytes per byte of a %d-byte IRI", f.name, per, len(i.String()))
		}
	}
	if got := MustParse("http://" + strings.Repeat("пример.", 200) + "com/").Check(); !hasCode(got, "dns-name-length") {
		t.Errorf("Check of a 2.6 KB IDN host: %v", got)
	}
}

// TestProtectChromiumLevel: the top-domain rule of Chromium's spoof
// checker (skeletons with diacritics removed and its extra mappings),
// names in any form, and a cost independent of the number of names.
func TestProtectChromiumLevel(t *testing.T) {
	c := Checker{Protect: []string{"google.com", "linkedin.com", "test.net", "xn--mnchen-3ya.de"}}
	for _, tt := range []struct {
		host    string
		flagged bool
	}{
		{"gọọgle.com", true}, {"gøøgle.com", true}, {"łinkedin.com", true}, {"tést.net", true},
		{"xn--ggle-0qaa.com", true}, // gøøgle in punycode
		{"münchen.de", false}, {"xn--mnchen-3ya.de", false}, {"google.com", false},
		{"munchen.de", true}, {"example.com", false}, {"bücher.de", false},
	} {
		got := hasCode(c.Check(MustParse("http://"+tt.host+"/")), "idn-protected")
		if got != tt.flagged {
			t.Errorf("Check(%s) with Protect: idn-protected %v, want %v", tt.host, got, tt.flagged)
		}
	}
	// Cases of Chromium's own spoof-checker tests, with names of its test
	// list of top domains: suffixes of a host are looked up (a name under a
	// protected one is that name's), and its extra look-alikes are mapped
	// (Cyrillic ш, Bengali ০, Thai ฟ and ร, Lao ພ, æ, œ and þ read each way).
	chromium := Checker{Protect: []string{"digklmo68.com", "digklmo68.co.uk", "test.net", "o2.com", "39.com",
		"wmhtb.com", "wsws.com", "wsu.com", "aece.com", "aen.com", "n11.com", "phktb.com", "islkpx123.com"}}
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
		got := hasCode(chromium.Check(MustParse("http://"+tt.host+"/")), "idn-protected")
		if got != tt.flagged {
			t.Errorf("Check(%s) with Chromium's test domains: idn-protected %v, want %v", tt.host, got, tt.flagged)
		}
	}
	many := make([]string, 100000)
	for k := range many {
		many[k] = fmt.Sprintf("brand%d.example", k)
	}
	big, small := Checker{Protect: many}, Checker{Protect: many[:10]}
	i := MustParse("http://bränd5.example/")
	if !hasCode(big.Check(i), "idn-protected") { // computes the skeletons once
		t.Error("bränd5.example does not look like brand5.example")
	}
	small.Check(i)
	nBig := testing.AllocsPerRun(20, func() { big.Check(i) })
	nSmall := testing.AllocsPerRun(20, func() { small.Check(i) })
	if nBig > nSmall+2 {
		t.Errorf("Check allocates %v times with 100,000 protected names, %v with 10", nBig, nSmall)
	}
}

// TestHiddenIPv4: every text of a host that a browser reads as an IPv4
// address in another form than the dotted quad is an error, whose message
// names the address a client connects to.
func TestHiddenIPv4(t *testing.T) {
	for _, h := range []string{"0x7f%2E1", "\uff10x7f.\uff11", "\u24ea\u24e7\u2466\u24d5.\u2460", "\uff12\uff11\uff13\uff10\uff17\uff10\uff16\uff14\uff13\uff13", "127.0.0.1.", "\uff11\uff12\uff17.0.0.1", "0x7f.1", "0177.0.0.1"} {
		p := MustParse("http://" + h + "/").Check()
		k := slices.IndexFunc(p, func(p Problem) bool { return p.Code == "ipv4-non-canonical" })
		if k < 0 || !strings.Contains(p[k].Message, " 127.0.0.1 ") {
			t.Errorf("Check(http://%s/) = %v, want ipv4-non-canonical naming 127.0.0.1", h, p)
		}
	}
	if p := MustParse("http://127.0.0.1/").Check(); p != nil {
		t.Errorf("Check(http://127.0.0.1/) = %v", p)
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
