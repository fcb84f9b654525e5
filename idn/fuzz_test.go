package idn

import (
	"strings"
	"testing"

	"github.com/iri-go/iri/internal/hostname"
	"golang.org/x/net/idna"
)

// FuzzDisplayHost holds the displays to what IDNA resolves: the host shown,
// lowercased, is where the request goes (ToASCII of the text shown is
// ToASCII of the host), and it holds no ASCII capital letter but the hex
// digits of a percent-encoding; the policy's verdicts stand whatever the
// case of the host.
func FuzzDisplayHost(f *testing.F) {
	for _, tt := range hostTests {
		for _, h := range append(append([]string{}, tt.raise...), tt.dontRaise...) {
			f.Add(h)
		}
	}
	for _, h := range []string{"paypaI.com", "XN--80AK6AA92E.COM", "Bücher.DE", "A%D0%B0.COM", "xn--fu-hia.de", "FUß.de"} {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, host string) {
		if len(host) > 300 {
			return
		}
		shown, _ := DisplayHost(host)
		for k := 0; k < len(shown); k++ {
			if c := shown[k]; 'A' <= c && c <= 'Z' && !(k >= 1 && shown[k-1] == '%' || k >= 2 && shown[k-2] == '%') && host[0] != '[' {
				t.Fatalf("DisplayHost(%q) = %q, with a capital letter", host, shown)
			}
		}
		want, err := hostname.ToASCII(idna.Lookup, host)
		if err != nil || host == "" || host[0] == '[' {
			return
		}
		want = strings.ToLower(want) // a name that needs no IDNA is as written
		got, err := hostname.ToASCII(idna.Lookup, shown)
		if err != nil || strings.ToLower(got) != want {
			t.Fatalf("DisplayHost(%q) = %q, which resolves to %q, %v; the host resolves to %q", host, shown, got, err, want)
		}
		// The case of the ASCII letters changes no verdict of the label
		// policy (the protected names aside, which see the case).
		lower := []byte(host)
		for k, c := range lower {
			if 'A' <= c && c <= 'Z' {
				lower[k] = c + 'a' - 'A'
			}
		}
		if a, b := codesOf(Checker{}.CheckHost(host)), codesOf(Checker{}.CheckHost(string(lower))); strings.Join(a, " ") != strings.Join(b, " ") {
			t.Fatalf("CheckHost(%q) = %q, of its lower case %q", host, a, b)
		}
	})
}
