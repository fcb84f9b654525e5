package iri

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestDisplayPolicy checks that the displays keep in punycode the labels
// the policy refuses, as browsers do, and show the others in Unicode.
func TestDisplayPolicy(t *testing.T) {
	tests := []struct {
		in               string
		display, unicode string // Display without its embedding; Converter{UnicodeHosts} ToIRI
		host             string // DisplayHost
		refused          bool
	}{
		{"http://\u0430\u0440\u0440\u04cf\u0435.com/", "http://xn--80ak6aa92e.com/", "http://\u0430\u0440\u0440\u04cf\u0435.com/", "xn--80ak6aa92e.com", true},
		{"http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/", "xn--80ak6aa92e.com", true},
		{"http://bücher.de/", "http://bücher.de/", "http://bücher.de/", "bücher.de", false},
		{"http://xn--bcher-kva.de/", "http://xn--bcher-kva.de/", "http://bücher.de/", "bücher.de", false},
		{"http://xn--e1afmkfd.xn--p1ai/", "http://xn--e1afmkfd.xn--p1ai/", "http://пример.рф/", "пример.рф", false},
		{"http://Example.COM/", "http://Example.COM/", "http://Example.COM/", "Example.COM", false},
		{"foo://\u0430\u0440\u0440\u04cf\u0435.com/", "foo://\u0430\u0440\u0440\u04cf\u0435.com/", "foo://\u0430\u0440\u0440\u04cf\u0435.com/", "\u0430\u0440\u0440\u04cf\u0435.com", false},
	}
	for _, tt := range tests {
		i := MustParse(tt.in)
		if got := strings.Trim(i.Display(), "\u202a\u202c"); got != tt.display {
			t.Errorf("Display(%q) = %q, want %q", tt.in, got, tt.display)
		}
		if got := (Converter{UnicodeHosts: true}).ToIRI(i).String(); got != tt.unicode {
			t.Errorf("ToIRI with UnicodeHosts(%q) = %q, want %q", tt.in, got, tt.unicode)
		}
		host, reasons := i.DisplayHost()
		if host != tt.host || (len(reasons) > 0) != tt.refused {
			t.Errorf("DisplayHost(%q) = %q, %q; want %q, refused %v", tt.in, host, reasons, tt.host, tt.refused)
		}
	}
}

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

// TestShownIsReached: the displays show a host as IDNA resolves it, keep
// deviation characters in punycode, and the host checks run on hosts that
// end in a number too (issue: spoofing verdicts as browsers give them).
func TestShownIsReached(t *testing.T) {
	for _, tt := range []struct{ in, shown string }{
		{"http://\u017facebook.com/", "sacebook.com"}, // LATIN SMALL LETTER LONG S goes to s
		{"http://paypa\u2160.com/", "paypai.com"},     // ROMAN NUMERAL ONE goes to i
		{"http://xn--fu-hia.de/", "xn--fu-hia.de"},    // fuß: a deviation character
		{"http://B\u00fccher.de/", "bücher.de"},
		{"http://xn--bcher-kva.de/", "bücher.de"},
		{"http://\u4e2bahoo.com/", "xn--ahoo-pf5f.com"}, // 丫 for y: Chromium's CJK list
	} {
		i := MustParse(tt.in)
		if got, _ := i.DisplayHost(); got != tt.shown {
			t.Errorf("DisplayHost(%s) = %q, want %q", tt.in, got, tt.shown)
		}
		if !strings.Contains(tt.in, "xn--") {
			continue
		}
		if got := (Converter{UnicodeHosts: true}).ToIRI(i).Host(); got != tt.shown {
			t.Errorf("Converter.ToIRI(%s) host = %q, want %q", tt.in, got, tt.shown)
		}
	}
	for _, tt := range []struct{ in, code string }{
		{"http://p\u0430ypal.com.1/", "idn-mixed-script"},
		{"http://xn--80ak6aa92e.1/", "idn-whole-script-confusable"},
		{"http://\u4e2bahoo.com/", "idn-dangerous-pattern"},
	} {
		if p := MustParse(tt.in).Check(); !hasCode(p, tt.code) {
			t.Errorf("Check(%s) = %v, want %s", tt.in, p, tt.code)
		}
	}
}
