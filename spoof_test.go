package iri

import (
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
