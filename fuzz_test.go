package iri

import (
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// addSeeds seeds a fuzz target with every input of the parser's tables and
// a slice of each corpus.
func addSeeds(f *testing.F) {
	for _, file := range []string{"valid.txt", "invalid.txt"} {
		for _, row := range readTable(f, file) {
			f.Add(row[0])
		}
	}
	for _, name := range corpora {
		lines, _ := loadCorpus(f, name)
		for _, s := range lines[:50] {
			f.Add(s)
		}
	}
}

func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		ref, err := ParseReference(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) || pe.Rule == "" {
				t.Fatalf("ParseReference(%q): malformed error %#v", s, err)
			}
			if _, err := Parse(s); err == nil {
				t.Fatalf("Parse(%q) succeeds where ParseReference fails", s)
			}
			return
		}
		if ref.String() != s {
			t.Fatalf("ParseReference(%q).String() = %q", s, ref.String())
		}
		if got := recompose(ref); got != s {
			t.Fatalf("ParseReference(%q): components recompose to %q", s, got)
		}
		if again, err := ParseReference(ref.String()); err != nil || again != ref {
			t.Fatalf("ParseReference(%q) reparses as %#v, %v", s, again, err)
		}
		i, err := Parse(s)
		if (err == nil) != ref.IsAbsolute() || err == nil && i != ref {
			t.Fatalf("Parse(%q) = %#v, %v; ParseReference gives %#v", s, i, err, ref)
		}
		if _, err := ParseAbsolute(s); (err == nil) != (ref.IsAbsolute() && !ref.HasFragment()) {
			t.Fatalf("ParseAbsolute(%q): %v", s, err)
		}
		compareWithNetURL(t, s)
	})
}

// FuzzIPv6 checks the IPv6address matcher against net/netip, which
// implements the same grammar but for zones and bare IPv4 addresses.
func FuzzIPv6(f *testing.F) {
	for _, s := range []string{"::", "::1", "1:2:3:4:5:6:7:8", "1::", "::1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
		"::ffff:1.2.3.4", "1:2:3:4:5:6:7::", "1::2::3", "12345::", "::01.2.3.4", "fe80::1%eth0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		end, ok := matchIPv6(s, 0)
		ours := ok && end == len(s)
		addr, err := netip.ParseAddr(s)
		theirs := err == nil && addr.Is6() && addr.Zone() == "" && !strings.Contains(s, "%")
		if ours != theirs {
			t.Fatalf("%q: IPv6address matches %v, netip.ParseAddr: %v, %v", s, ours, addr, err)
		}
		if end < 0 || end > len(s) {
			t.Fatalf("%q: offset %d out of range", s, end)
		}
	})
}

// FuzzResolve checks Resolve against the literal transcription of RFC 3986,
// section 5.2, in resolve_test.go, and that every result is valid.
func FuzzResolve(f *testing.F) {
	for _, tt := range resolveTests {
		f.Add("http://a/b/c/d;p?q", tt.ref)
	}
	f.Add("x:/a", "..//b")
	f.Add("a/b", "./c:d")
	f.Fuzz(func(t *testing.T, baseText, refText string) {
		base, err := ParseReference(baseText)
		if err != nil {
			return
		}
		ref, err := ParseReference(refText)
		if err != nil {
			return
		}
		got := base.Resolve(ref)
		again, err := ParseReference(got.String())
		if err != nil || again != got {
			t.Fatalf("%q.Resolve(%q) = %q, which reparses as %#v, %v", base, ref, got, again, err)
		}
		if base.IsAbsolute() && !got.IsAbsolute() {
			t.Fatalf("%q.Resolve(%q) = %q is not absolute", base, ref, got)
		}
		if want := resolveOracleSafe(baseText, refText); got.String() != want {
			t.Fatalf("%q.Resolve(%q) = %q, the RFC's algorithm gives %q", base, ref, got, want)
		}
	})
}
