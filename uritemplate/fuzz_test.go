package uritemplate

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iri-go/iri"
)

// FuzzParse: Parse never panics; a rejection is an *Error that points
// into the template; an accepted template keeps its text, and expands
// with no values to its literals.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "{var}", "{/id*}{?q,lang}", "{a..b}", "a%41{%41:99}", "é{#x}", "{", "}", "{,}", "{var:10000}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tm, err := Parse(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) || e.Input != s || e.Rule == "" || e.Err == nil {
				t.Fatalf("Parse(%q) = %#v", s, err)
			}
			return
		}
		if tm.String() != s {
			t.Fatalf("String = %q", tm.String())
		}
		if l := tm.Level(); l < 1 || l > 4 {
			t.Fatalf("Level = %d", l)
		}
		got, err := tm.Expand(nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) > 3*len(s) {
			t.Fatalf("Expand(nil) = %q, longer than 3 bytes a byte", got)
		}
	})
}

// fuzzVars gives every variable of tm a value made of a and b: a string,
// a list or an associative array, by the variable's position.
func fuzzVars(tm Template, a, b string) map[string]any {
	vars := map[string]any{}
	for i, name := range tm.Variables() {
		switch i % 4 {
		case 0:
			vars[name] = a
		case 1:
			vars[name] = b
		case 2:
			vars[name] = []string{a, b}
		case 3:
			vars[name] = [][2]string{{a, b}, {b, a}}
		}
	}
	return vars
}

// safeLiterals reports whether the literals of tm can make no invalid
// reference: no ":" (a scheme, or a colon in a first segment), "@", "#",
// "[" or "]", and no "+" or "#" expression.
func safeLiterals(tm Template) bool {
	for _, p := range tm.parts {
		if p.op != nil {
			if p.op.reserved {
				return false
			}
		} else if strings.ContainsAny(p.raw, ":@#[]") {
			return false
		}
	}
	return true
}

// FuzzExpand: expansion is linear in the template and the values; the
// IRI form maps to the URI form; Expand gives a valid URI reference
// whenever the literals and the operators allow.
func FuzzExpand(f *testing.F) {
	f.Add("{var}", "value", "x")
	f.Add("/users{/id}{?q,lang}{&x*}", "a b", "é")
	f.Add("{+base}{#frag*}", "http://x/", "\ue000")
	f.Add("é{;a,b:3,c*}", "", "\u200e")
	f.Add("?{x}{y}", "\xff", "%41")
	f.Fuzz(func(t *testing.T, s, a, b string) {
		tm, err := Parse(s)
		if err != nil {
			return
		}
		vars := fuzzVars(tm, a, b)
		uri, err := tm.Expand(vars)
		if err != nil {
			if !errors.Is(err, ErrValue) {
				t.Fatalf("Expand: %v", err)
			}
			return
		}
		// Each value appears at most twice a varspec (an associative
		// array), its name with it, each byte at most as three.
		if bound := 3*len(s) + len(tm.specs)*(4*len(tm.raw)+6*(len(a)+len(b))+8); len(uri) > bound {
			t.Fatalf("Expand = %d bytes, more than %d", len(uri), bound)
		}
		for i := 0; i < len(uri); i++ {
			if uri[i] >= utf8.RuneSelf || uri[i] <= ' ' {
				t.Fatalf("Expand = %q: byte 0x%02x", uri, uri[i])
			}
		}
		parsed, perr := iri.ParseReference(uri)
		if perr == nil && parsed.String() != uri {
			t.Fatal("ParseReference changed the text")
		}
		if perr != nil && safeLiterals(tm) {
			t.Fatalf("Expand(%q) = %q: %v", s, uri, perr)
		}
		form, err := tm.ExpandIRI(vars)
		if err != nil {
			if perr == nil {
				t.Fatalf("ExpandIRI: %v; the URI form %q is valid", err, uri)
			}
			return
		}
		if got := form.ToURI().String(); got != uri {
			t.Fatalf("ExpandIRI(%q) = %q; ToURI = %q; Expand = %q", s, form, got, uri)
		}
	})
}

// FuzzMatch: MatchRaw reads every expansion back as values that expand
// to exactly it (unless a name repeats, which Match documents), Match the
// same of an expansion that is an IRI reference (unless the safety rules
// may refuse it), and of its IRI form; what MatchRaw finds in any
// string expands to that string, up to the forms Match documents as
// equal; and Match takes no string that is not an IRI reference.
func FuzzMatch(f *testing.F) {
	f.Add("{var}", "value", "x")
	f.Add("/users{/id}{?q,lang}{&x*}", "a b", "é")
	f.Add("{+base}{#frag*}", "http://x/", "y")
	f.Add("{/var:1,var}", "value", "")
	f.Add("/{a}.{b}", "x.y", "z")
	f.Add("{.a*}{;b*}", "a.b=c", "%2e")
	f.Add("https://h/{a}{?b}", "https://h/x?b=[", "y")
	f.Fuzz(func(t *testing.T, s, a, b string) {
		tm, err := Parse(s)
		if err != nil {
			return
		}
		if _, ok := tm.Match(a); ok {
			if _, err := iri.ParseReference(a); err != nil {
				t.Fatalf("Match(%q) takes what is not an IRI reference: %v", a, err)
			}
		}
		if got, ok := tm.MatchRaw(a); ok {
			again, err := tm.Expand(got)
			if err != nil || normalizePct(again) != normalizePct(uriForm(a)) {
				t.Fatalf("MatchRaw(%q) = %#v, which expands to %q, %v", a, got, again, err)
			}
		}
		vars := fuzzVars(tm, a, b)
		uri, err := tm.Expand(vars)
		if err != nil {
			return
		}
		got, ok := tm.MatchRaw(uri)
		if !ok {
			if len(tm.Variables()) == len(tm.specs) {
				t.Fatalf("MatchRaw(%q) failed", uri)
			}
			return
		}
		if again, err := tm.Expand(got); err != nil || again != uri {
			t.Fatalf("MatchRaw(%q) = %#v, which expands to %q, %v", uri, got, again, err)
		}
		ref, err := iri.ParseReference(uri)
		if err != nil {
			return
		}
		got2, ok := tm.Match(uri)
		switch {
		case !ok && !mayRefuse(s, ref):
			t.Fatalf("Match(%q) refused", uri)
		case ok && !reflect.DeepEqual(got, got2):
			t.Fatalf("Match(%q) = %#v; MatchRaw %#v", uri, got2, got)
		case !ok:
			return
		}
		if form, err := tm.ExpandIRI(vars); err == nil {
			got3, ok := tm.Match(form.String())
			if !ok || !reflect.DeepEqual(got, got3) {
				t.Fatalf("Match(IRI %q) = %#v, %v; Match(URI) = %#v", form, got3, ok, got)
			}
		}
	})
}

// uriForm percent-encodes the bytes of s beyond ASCII.
func uriForm(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			b = appendPct(b, s[i])
		} else {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// normalizePct writes the percent-encodings of s in upper case, and
// decodes those of unreserved characters (RFC 3986, section 6.2.2).
func normalizePct(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			b.WriteByte(s[i])
			continue
		}
		o := unhex(s[i+1])<<4 | unhex(s[i+2])
		if o < utf8.RuneSelf && asciiClass[o]&classU != 0 {
			b.WriteByte(o)
		} else {
			b.WriteString(strings.ToUpper(s[i : i+3]))
		}
		i += 2
	}
	return b.String()
}

// FuzzMatchRoundTrip: the round trip of TestMatchRoundTrip on the
// templates and values genCase makes of shape, a and b: MatchRaw reads
// every expansion back, and Match every one that is an IRI reference and
// that the safety rules do not refuse, as values that expand to exactly
// it; the IRI form reads as the URI form.
func FuzzMatchRoundTrip(f *testing.F) {
	f.Add([]byte{0, 1, 3, 4, 5, 6, 7}, "a b", "é")
	f.Add([]byte{0x81, 2, 5, 7, 9, 1, 3, 2, 0, 4}, "x/y?z", "")
	f.Add([]byte{1, 1, 4, 1, 8, 3, 2, 2, 1}, "", "\ue000")
	f.Fuzz(func(t *testing.T, shape []byte, a, b string) {
		tmpl, vars := genCase(shape, a, b)
		checkRoundTrip(t, tmpl, vars)
	})
}

// FuzzLayout: where plainLayout reads the layout of s without the
// parser and the template matches s (MatchRaw, without the safety
// rules), s is an IRI reference of that layout.
func FuzzLayout(f *testing.F) {
	for _, s := range []string{"https://api.example.com/users/a?q=1&r=%41", "/repos/a/b,c?z=1", "https://api.example.com/users/a#x", "/a%2G", "//x", "//h?a=b"} {
		f.Add(s)
	}
	var tms []Template
	for _, tmpl := range []string{"https://api.example.com/users/{user}{?q*}", "/repos/{x}{/y*}{?z}", "//h?{x}", "s://h{?a,b}{&c}", "/{;p*}{.e}"} {
		tms = append(tms, MustParse(tmpl))
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, tm := range tms {
			got, ok := tm.program().plainLayout(s)
			if !ok {
				continue
			}
			if _, matches := tm.MatchRaw(s); !matches {
				continue
			}
			if want, wok := parseLayout(s); !wok || want != got {
				t.Fatalf("%s on %q: plainLayout = %+v; the parser's %+v, %v", tm, s, got, want, wok)
			}
		}
	})
}
