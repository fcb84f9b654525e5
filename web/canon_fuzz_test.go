package web

import (
	"strings"
	"testing"
)

// canonSeeds are the inputs of the tables, for the fuzz targets.
func canonSeeds(f *testing.F) {
	for _, tt := range safeBrowsingDocTests {
		f.Add(tt.in)
	}
	for _, s := range []string{"http://www.1.2.3/", "http://a..\u00fc/", "http://[::ffff:1.2.3.4]:8/%2e%2E/x?%2523#a#b",
		"http://u:p@www.www.Example.com.:80//a/./index.html/?b=1&a&utm_x=2&A=3", "HTTP://0x7f.1/%%%41", "a:80", "\t\n http://x/ \r"} {
		f.Add(s)
	}
}

// checkCanonicalText fails unless out holds only what Safe Browsing's
// escaping leaves: no octet at or below 0x20, none at or above 0x7F, no
// "#", and "%" only before two uppercase hexadecimal digits.
func checkCanonicalText(t *testing.T, in, out string) {
	t.Helper()
	for i := 0; i < len(out); i++ {
		c := out[i]
		if sbEscape[c] && c != '%' {
			t.Fatalf("Canonicalize(%q) = %q: raw octet %#x at %d", in, out, c, i)
		}
		if c == '%' && (i+2 >= len(out) || !strings.ContainsRune(upperHex, rune(out[i+1])) || !strings.ContainsRune(upperHex, rune(out[i+2]))) {
			t.Fatalf("Canonicalize(%q) = %q: stray %% at %d", in, out, i)
		}
	}
}

// FuzzSafeBrowsing: no panic; the result is stable (canonicalizing it
// again gives it back), escaped as the documentation says, bounded, and
// keeps the scheme, "://" and a path.
func FuzzSafeBrowsing(f *testing.F) {
	canonSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out, err := SafeBrowsing.Canonicalize(in)
		if err != nil {
			return
		}
		checkCanonicalText(t, in, out)
		if len(out) > 4*len(in)+16 {
			t.Fatalf("Canonicalize(%q) = %q: %d octets from %d", in, out, len(out), len(in))
		}
		again, err := SafeBrowsing.Canonicalize(out)
		if err != nil || again != out {
			t.Fatalf("Canonicalize(%q) = %q, but Canonicalize(%q) = %q, %v", in, out, out, again, err)
		}
		if i := strings.Index(out, "://"); i <= 0 || !strings.Contains(out[i+3:], "/") {
			t.Fatalf("Canonicalize(%q) = %q: no scheme, host and path", in, out)
		}
	})
}

// FuzzArchive: the Archive preset and the SURT keys made with it do not
// panic, and the canonical URL is stable.
func FuzzArchive(f *testing.F) {
	canonSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		if _, err := (SURT{TrailingComma: true, WithScheme: true}).Key(in); err != nil {
			return
		}
		out, err := Archive.Canonicalize(in)
		if err != nil {
			return
		}
		again, err := Archive.Canonicalize(out)
		if err != nil || again != out {
			t.Fatalf("Canonicalize(%q) = %q, but Canonicalize(%q) = %q, %v", in, out, out, again, err)
		}
	})
}
