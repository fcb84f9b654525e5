package iri

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/internal/hostname"
	"golang.org/x/net/idna"
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
		checkWide(t, "ParseReference", ref)
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
		checkReparses(t, got)
		if base.IsAbsolute() && !got.IsAbsolute() {
			t.Fatalf("%q.Resolve(%q) = %q is not absolute", base, ref, got)
		}
		if want := resolveOracleSafe(baseText, refText); got.String() != want {
			t.Fatalf("%q.Resolve(%q) = %q, the RFC's algorithm gives %q", base, ref, got, want)
		}
	})
}

// FuzzToURI checks that ToURI gives a valid ASCII URI, is idempotent, is
// the identity on URIs, and that the IDNA variant gives a valid URI too.
func FuzzToURI(f *testing.F) {
	addSeeds(f)
	for _, tt := range toURITests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i, err := ParseReference(s)
		if err != nil {
			return
		}
		u := i.ToURI()
		checkValidURI(t, "ToURI", s, u)
		if u.ToURI() != u {
			t.Fatalf("ToURI(%q) = %q is not idempotent", s, u)
		}
		if isASCII(s) && u != i {
			t.Fatalf("ToURI changed the URI %q to %q", s, u)
		}
		if d, err := i.ToURIWithIDNA(); err == nil {
			checkValidURI(t, "ToURIWithIDNA", s, d)
		}
	})
}

func checkValidURI(t *testing.T, name, in string, u IRI) {
	t.Helper()
	if !isASCII(u.String()) {
		t.Fatalf("%s(%q) = %q is not ASCII", name, in, u)
	}
	checkReparses(t, u)
}

// FuzzToIRI checks that ToIRI gives a valid IRI that maps back to the URI,
// and that ToURI then ToIRI is the identity on IRIs without "%" and the
// characters ToIRI keeps encoded.
func FuzzToIRI(f *testing.F) {
	addSeeds(f)
	for _, tt := range toIRITests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i, err := ParseReference(s)
		if err != nil {
			return
		}
		got := i.ToIRI()
		checkReparses(t, got)
		if !sameURI(got.ToURI().String(), i.ToURI().String()) {
			t.Fatalf("ToIRI(%q) = %q maps to %q, not %q", s, got, got.ToURI(), i.ToURI())
		}
		if got.ToIRI() != got {
			t.Fatalf("ToIRI(%q) = %q is not idempotent", s, got)
		}
		if !hasPercentOrKept(s) && i.ToURI().ToIRI() != i {
			t.Fatalf("ToURI then ToIRI of %q gives %q", s, i.ToURI().ToIRI())
		}
		checkReparses(t, Converter{UnicodeHosts: true}.ToIRI(i))
	})
}

// FuzzParseLEIRI checks that ParseLEIRI accepts every IRI reference as it
// is, gives valid IRIs, and reports offsets inside its input.
func FuzzParseLEIRI(f *testing.F) {
	addSeeds(f)
	f.Add("http://a/b c<d>#e f")
	f.Fuzz(func(t *testing.T, s string) {
		if off := backslashInAuthority(s); off >= 0 {
			if u, err := ParseUserInput(s); err == nil && strings.Contains(u.Host(), "%5C") {
				t.Fatalf("ParseUserInput(%q) has the host %q: a browser ends the host at the backslash", s, u.Host())
			}
		}
		i, err := ParseLEIRI(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) {
				t.Fatalf("ParseLEIRI(%q): malformed error %#v", s, err)
			}
			if _, err := ParseReference(s); err == nil {
				t.Fatalf("ParseLEIRI rejects the IRI reference %q: %v", s, err)
			}
			return
		}
		checkReparses(t, i)
		if ref, err := ParseReference(s); err == nil && ref != i {
			t.Fatalf("ParseLEIRI(%q) = %q changed an IRI reference", s, i)
		}
		if strings.TrimFunc(s, isTypedSpace) == s && backslashesAsSlashes(s) == s && !strings.Contains(s, "%") && !isHostPort(s) {
			if u, err := ParseUserInput(s); err != nil || u != i {
				t.Fatalf("ParseUserInput(%q) = %q, %v; ParseLEIRI gives %q", s, u, err, i)
			}
		}
	})
}

// FuzzNormalize checks, at every level, that Normalize gives a valid IRI
// and is idempotent and that the ladder composes (equivalence at a level
// holds at every level above); and that an IRI is equivalent to its ToURI
// from SyntaxBased up, with normalization commuting with ToURI there.
func FuzzNormalize(f *testing.F) {
	for _, tt := range normalizeTests {
		f.Add(tt.in, tt.want)
	}
	f.Add("http://example.com", "HTTP://example.com:80/")
	f.Add("http://xn--rsum-bpad.example.org", "http://RÉSUMÉ.example.org")
	f.Fuzz(func(t *testing.T, as, bs string) {
		a, err := ParseReference(as)
		if err != nil {
			return
		}
		b, err := ParseReference(bs)
		if err != nil {
			b = a.ToURI()
		}
		checkLadder(t, a, b)
		checkLadder(t, a, a.ToIRI())
		checkToURIEquivalent(t, a)
	})
}

// fuzzProtect is the protection list of FuzzCheck, made once.
var fuzzProtect = idn.NewProtected([]string{"example.com"})

// FuzzCheck checks CheckBidi, Check and the display functions: no panic,
// offsets inside the input, texts that are there, and nothing raised by
// an IRI of ASCII letters.
func FuzzCheck(f *testing.F) {
	addSeeds(f)
	for _, ex := range bidiExamples {
		f.Add(fromBidiNotation(ex.logical, hebrew))
		f.Add(fromBidiNotation(ex.logical, arabic))
	}
	for _, tt := range checkTests {
		for _, s := range tt.raise {
			f.Add(s)
		}
	}
	for _, h := range []string{"xn--krsi-5qae.com", "xn--abc-.com", "xn--fa-hia.de", "XN--bcher-kva.de", "xn--0-sfa.xn--4db", "xn--.example"} {
		f.Add("http://" + h + "/")
	}
	f.Fuzz(func(t *testing.T, s string) {
		i, err := ParseReference(s)
		if err != nil {
			return
		}
		var be *BidiError
		if err := i.CheckBidi(); errors.As(err, &be) {
			for _, v := range be.Violations {
				if v.Offset < 0 || v.Offset+len(v.Text) > len(s) || s[v.Offset:v.Offset+len(v.Text)] != v.Text || v.Rule < 1 || v.Rule > 2 {
					t.Fatalf("CheckBidi(%q): bad violation %#v", s, v)
				}
			}
		} else if err != nil {
			t.Fatalf("CheckBidi(%q) = %v, not a *BidiError", s, err)
		}
		problems := (Checker{Advice: true, Protect: fuzzProtect}).Check(i)
		// Check's quick pass over the characters spares the parts it
		// clears a look at their scripts: it must clear none that mixes
		// them.
		dnsHost := hasDNSHost(i.Scheme())
		i.bidiComponents(func(kind string, offset int, text string) {
			if kind == "label" && dnsHost || idn.Restriction(text) <= idn.HighlyRestrictive {
				return
			}
			for _, p := range problems {
				if p.Code == "mixed-script" && p.Component == kind {
					return
				}
			}
			t.Fatalf("Check(%q) = %v: %q in %s mixes scripts (%v)", s, problems, text, kind, idn.Restriction(text))
		})
		seen := map[[2]string]bool{}
		for _, p := range problems {
			if p.Offset < 0 || p.Offset > len(s) || p.Code == "" || p.Message == "" || p.Count < 1 {
				t.Fatalf("Check(%q): bad problem %#v", s, p)
			}
			// Bounded: one problem per code and component.
			if key := [2]string{p.Code, p.Component}; seen[key] {
				t.Fatalf("Check(%q): %s in %s twice", s, p.Code, p.Component)
			} else {
				seen[key] = true
			}
		}
		if d, _ := idn.DisplayHost(i.Host()); d == "" && i.Host() != "" {
			t.Fatalf("DisplayHost(%q) is empty", s)
		}
		// The one-pass conversion of a punycode name agrees with the
		// two passes it spares.
		if u, ok := hostname.PunycodeToUnicode(idna.Lookup, i.Host()); ok {
			ascii, err := hostToASCII(idna.Lookup, i.Host())
			long, err2 := hostname.ToUnicode(idna.Lookup, ascii)
			if err != nil || err2 != nil || ascii != i.Host() || long != u {
				t.Fatalf("PunycodeToUnicode(%q) = %q; ToASCII then ToUnicode give %q, %q (%v, %v)", i.Host(), u, ascii, long, err, err2)
			}
		}
		if len([]rune(i.VisualOrder())) != len([]rune(s)) {
			t.Fatalf("VisualOrder(%q) = %q changes the characters", s, i.VisualOrder())
		}
		if d := i.DisplayEncoded(nil); !strings.HasPrefix(d, "\u202a") || !strings.HasSuffix(d, "\u202c") {
			t.Fatalf("DisplayEncoded(%q) = %q", s, d)
		}
		letters := strings.Map(func(r rune) rune {
			if isAlpha(byte(r)) && r < utf8.RuneSelf || r == '/' || r == ':' {
				return r
			}
			return -1
		}, s)
		// ASCII letters break no rule but those of a scheme's own syntax.
		if l, err := ParseReference(letters); err == nil && l.Check() != nil && !l.HasUserinfo() &&
			(lookupScheme(l.Scheme()) == nil || lookupScheme(l.Scheme()).check == nil) {
			t.Fatalf("Check(%q) = %v on ASCII letters", letters, l.Check())
		}
	})
}

// FuzzRelativize checks that RelativizeWith inverts Resolve for every
// option set: for any reference x, base.RelativizeWith(base.Resolve(x))
// finds a reference that resolves to the same target, no longer than x
// with the shortest options and a base that resolution could produce (no
// dot segments); and whatever it returns for any target resolves to it.
func FuzzRelativize(f *testing.F) {
	for _, tt := range resolveTests {
		f.Add("http://a/b/c/d;p?q", tt.ref, uint8(0))
	}
	f.Add("http://a", "x", uint8(0))
	f.Add("urn:isbn:1", "other:2", uint8(0))
	f.Fuzz(func(t *testing.T, baseText, refText string, optionBits uint8) {
		base, err := Parse(baseText)
		if err != nil {
			return
		}
		x, err := ParseReference(refText)
		if err != nil {
			return
		}
		opts := RelativizeOptions{
			SameAuthority: optionBits&1 != 0, ParentSteps: optionBits&2 != 0, NonEmpty: optionBits&4 != 0,
			NoDotEnd: optionBits&8 != 0, SameDocument: optionBits&16 != 0, MaxParents: int(optionBits>>5) - 1,
		}
		target := base.Resolve(x)
		r, ok := base.RelativizeWith(target, opts)
		if !ok || base.Resolve(r) != target {
			t.Fatalf("%q.RelativizeWith(%q, %+v) = %q, %v; %q resolves to it", base, target, opts, r, ok, x)
		}
		checkReparses(t, r)
		if opts.NonEmpty && r.String() == "" && !hasDotSegment(target.Path()) || opts.NoDotEnd && (r.Path() == "." || strings.HasSuffix(r.Path(), "/.") || r.Path() == ".." || strings.HasSuffix(r.Path(), "/..")) {
			t.Fatalf("%q.RelativizeWith(%q, %+v) = %q breaks the options", base, target, opts, r)
		}
		if opts == (RelativizeOptions{}) && !hasDotSegment(base.Path()) && len(r.String()) > len(x.String()) {
			t.Fatalf("%q.Relativize(%q) = %q, longer than %q", base, target, r, x)
		}
		if r, ok := base.RelativizeWith(x, opts); ok && base.Resolve(r) != x {
			t.Fatalf("%q.RelativizeWith(%q, %+v) = %q, which resolves to %q", base, x, opts, r, base.Resolve(r))
		}
	})
}

// FuzzFromURL: every *url.URL without a host that net/url accepts
// converts (a request target, a relative reference), to a reference whose
// query net/url reads as the original's.
func FuzzFromURL(f *testing.F) {
	for _, s := range []string{"/a?b|c", "/a?x=%zz", "/a[]?a[]=1", "/a?q=a b", "/a?b#c", "/p?%", "x:y?z|", "/a?\xff", "//h/p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []func(string) (*url.URL, error){url.Parse, url.ParseRequestURI} {
			u, err := parse(s)
			// A path starting with "//" and no host (ParseRequestURI("//x")) has
			// no text as a URI reference: it would read as an authority.
			if err != nil || u.Host != "" || u.User != nil || strings.HasPrefix(u.EscapedPath(), "//") {
				continue
			}
			i, err := FromURL(u)
			if err != nil {
				t.Fatalf("FromURL(%q) (from %q): %v", u, s, err)
			}
			if i.Query() != u.RawQuery && strings.ReplaceAll(i.Query(), "%", "") == strings.ReplaceAll(u.RawQuery, "%", "") {
				continue
			}
			if want, _ := url.ParseQuery(u.RawQuery); u.RawQuery != "" && !strings.Contains(u.RawQuery, "%") {
				if got, _ := url.ParseQuery(i.Query()); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("FromURL(%q): query %q reads as %v, not %v", u, i.Query(), got, want)
				}
			}
		}
	})
}
