package idn

import (
	"strings"
	"testing"

	"golang.org/x/net/idna"
)

// TestDisplayHost: labels the policy refuses are shown in punycode, as
// browsers show them, the others in Unicode; KeepPunycode leaves the
// accepted punycode labels as written.
func TestDisplayHost(t *testing.T) {
	for _, tt := range []struct {
		in, shown, kept string // DisplayHost, Display{KeepPunycode: true}
		refused         bool
	}{
		{"\u0430\u0440\u0440\u04cf\u0435.com", "xn--80ak6aa92e.com", "xn--80ak6aa92e.com", true},
		{"xn--80ak6aa92e.com", "xn--80ak6aa92e.com", "xn--80ak6aa92e.com", true},
		{"bücher.de", "bücher.de", "bücher.de", false},
		{"xn--bcher-kva.de", "bücher.de", "xn--bcher-kva.de", false},
		{"xn--e1afmkfd.xn--p1ai", "пример.рф", "xn--e1afmkfd.xn--p1ai", false},
		{"Example.COM", "example.com", "example.com", false}, // ASCII as IDNA maps it
		{"paypaI.com", "paypai.com", "paypai.com", false},    // a capital I: shown where the request goes
		{"XN--80AK6AA92E.COM", "xn--80ak6aa92e.com", "xn--80ak6aa92e.com", true},
		{"XN--BCHER-KVA.DE", "bücher.de", "xn--bcher-kva.de", false},
		{"XN--A.COM", "xn--a.com", "xn--a.com", false}, // IDNA refuses the label: as written, lower case
		{"A%D0%B0.COM", "a%D0%B0.com", "a%D0%B0.com", false},
		{"[::A]", "[::A]", "[::A]", false},
		{"www.p\u0430ypal.com", "www.xn--pypal-4ve.com", "www.xn--pypal-4ve.com", true},
		{"B\u00fccher.de", "bücher.de", "bücher.de", false},
		{"\u017facebook.com", "sacebook.com", "sacebook.com", false}, // LATIN SMALL LETTER LONG S goes to s
		{"paypa\u2160.com", "paypai.com", "paypai.com", false},       // ROMAN NUMERAL ONE goes to i
		{"xn--fu-hia.de", "fuß.de", "xn--fu-hia.de", false},          // fuß: a deviation character, shown as Chromium shows it
		{"fu\u00df.de", "fuß.de", "fuß.de", false},
		{"xn--mxac2c.gr", "αβς.gr", "xn--mxac2c.gr", false},
		{"xn--h2by8byc123p.in", "xn--h2by8byc123p.in", "xn--h2by8byc123p.in", true}, // a ZWNJ: refused
		{"\u4e2bahoo.com", "xn--ahoo-pf5f.com", "xn--ahoo-pf5f.com", true},          // 丫 for y: Chromium's CJK list
		{"xn--0-sfa.xn--4db", "xn--0-sfa.xn--4db", "xn--0-sfa.xn--4db", true},
		{"a%D0%B0.com", "a%D0%B0.com", "a%D0%B0.com", false}, // percent-encoded: as written
		{"\u0430%41.com", "\u0430%41.com", "\u0430%41.com", false},
		{"%41\u0430.com", "%41\u0430.com", "%41\u0430.com", false},
		{"\u00dfa.de", "ßa.de", "ßa.de", false}, // a deviation first
		{"[::1]", "[::1]", "[::1]", false},
		{"", "", "", false},
		{"xn--a.com", "xn--a.com", "xn--a.com", false}, // IDNA refuses the label: as written
		{"a\u200bb.com", "ab.com", "ab.com", false},    // what IDNA resolves
	} {
		shown, refused := DisplayHost(tt.in)
		if shown != tt.shown || (len(refused) > 0) != tt.refused {
			t.Errorf("DisplayHost(%q) = %q, %q; want %q, refused %v", tt.in, shown, refused, tt.shown, tt.refused)
		}
		kept, _ := Display{KeepPunycode: true}.Host(tt.in)
		if kept != tt.kept {
			t.Errorf("Display{KeepPunycode}.Host(%q) = %q, want %q", tt.in, kept, tt.kept)
		}
	}
	// The policy stops where no DNS name can be, and not before.
	longest := "é" + strings.Repeat("a", 12*253-len("é"))
	if shown, refused := DisplayHost(longest); shown != longest || refused != nil {
		t.Errorf("DisplayHost of %d octets = %d octets, %q; want it judged, and shown", len(longest), len(shown), refused)
	}
	if _, refused := DisplayHost(longest + "a"); len(refused) != 1 || refused[0] != "the host is too long for a DNS name" {
		t.Errorf("DisplayHost of %d octets: %q", len(longest)+1, refused)
	}
	// A name IDNA refuses as a whole (the bidi rule spans the labels)
	// stays in punycode, and DisplayHost says why.
	if host, why := DisplayHost("xn--0-sfa.xn--4db"); host != "xn--0-sfa.xn--4db" || len(why) != 1 || !strings.HasPrefix(why[0], "IDNA refuses the host as a whole: idna: ") {
		t.Errorf("DisplayHost(xn--0-sfa.xn--4db) = %q, %q", host, why)
	}
	transitional := Display{IDNA: idna.New(idna.MapForLookup(), idna.Transitional(true))}
	if got, why := transitional.Host("xn--fu-hia.de"); got != "xn--fu-hia.de" || len(why) != 1 || why[0] != `"fuß" holds a deviation character (UTS #46, section 4): shown in punycode, as Chromium shows it` {
		t.Errorf("Display with transitional processing of xn--fu-hia.de: %q, %q", got, why)
	}
	if _, why := DisplayHost("\u0430\u0440\u0440\u04cf\u0435.com"); len(why) != 3 || !strings.Contains(why[1], `looks exactly like the ASCII host "apple.com"`) ||
		why[2] != `"аррӏе.com" looks like "apple.com", a top domain (Chromium's list)` {
		t.Errorf("DisplayHost(аррӏе.com): %q", why)
	}
}

// TestDisplayProfile: the labels are converted with the Display's
// profile, and a profile that keeps deviations (transitional processing)
// shows the name it maps to.
func TestDisplayProfile(t *testing.T) {
	transitional := idna.New(idna.MapForLookup(), idna.Transitional(true))
	if got, _ := (Display{IDNA: transitional}).Host("fu\u00df.de"); got != "fuss.de" {
		t.Errorf("Display with transitional processing: %q, want fuss.de", got)
	}
	if got, _ := (Display{IDNA: idna.Lookup}).Host("xn--bcher-kva.de"); got != "bücher.de" {
		t.Errorf("Display with idna.Lookup: %q", got)
	}
}

// TestDisplayProtect: a host that looks like a protected name is shown
// with every label beyond ASCII in punycode, the top domains protected
// unless NoDefaultProtect says otherwise; the name itself, and a name
// under it, are shown in Unicode.
func TestDisplayProtect(t *testing.T) {
	own := NewProtected([]string{"bücher.de", "example.com"})
	for _, tt := range []struct {
		d        Display
		in, want string
	}{
		{Display{}, "g\u00f8\u00f8gle.com", "xn--ggle-graa.com"}, // google.com, a top domain
		{Display{NoDefaultProtect: true}, "g\u00f8\u00f8gle.com", "g\u00f8\u00f8gle.com"},
		{Display{}, "\u00e9xample.com", "\u00e9xample.com"},
		{Display{Protect: own}, "\u00e9xample.com", "xn--xample-9ua.com"},
		{Display{Protect: own, KeepPunycode: true}, "xn--xample-9ua.com", "xn--xample-9ua.com"},
		{Display{Protect: own}, "b\u00fccher.de", "b\u00fccher.de"},         // the name itself
		{Display{Protect: own}, "www.b\u00fccher.de", "www.b\u00fccher.de"}, // a name under it
		{Display{Protect: own}, "bucher.de", "bucher.de"},                   // ASCII: as written
		{Display{Protect: own}, "b\u00fccher.\u00e9xample.com", "xn--bcher-kva.xn--xample-9ua.com"},
	} {
		if got, _ := tt.d.Host(tt.in); got != tt.want {
			t.Errorf("%+v.Host(%q) = %q, want %q", tt.d, tt.in, got, tt.want)
		}
	}
}
