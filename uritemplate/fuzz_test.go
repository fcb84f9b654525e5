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

// FuzzMatch: what Match finds expands back to its input, in the IRI form
// as in the URI form.
func FuzzMatch(f *testing.F) {
	f.Add("{var}", "value", "x")
	f.Add("/users{/id}{?q,lang}{&x*}", "a b", "é")
	f.Add("{+base}{#frag*}", "http://x/", "y")
	f.Add("{/var:1,var}", "value", "")
	f.Add("/{a}.{b}", "x.y", "z")
	f.Fuzz(func(t *testing.T, s, a, b string) {
		tm, err := Parse(s)
		if err != nil {
			return
		}
		vars := fuzzVars(tm, a, b)
		uri, err := tm.Expand(vars)
		if err != nil {
			return
		}
		got, ok := tm.Match(uri)
		if !ok {
			return
		}
		again, err := tm.Expand(got)
		if err != nil || normalizePct(again) != normalizePct(uri) {
			t.Fatalf("Match(%q) = %#v, which expands to %q, %v", uri, got, again, err)
		}
		if form, err := tm.ExpandIRI(vars); err == nil {
			got2, ok := tm.Match(form.String())
			if !ok || !reflect.DeepEqual(got, got2) {
				t.Fatalf("Match(IRI %q) = %#v, %v; Match(URI) = %#v", form, got2, ok, got)
			}
		}
	})
}

// normalizePct writes the percent-encodings of s in upper case, and
// decodes those of unreserved characters (RFC 3986, section 6.2.2).
func normalizePct(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) {
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

// unambiguous builds, from shape, a template of the shapes Match reads
// back without ambiguity, and values for it made of a and b.
func unambiguous(shape []byte, a, b string) (string, map[string]any) {
	var t strings.Builder
	vars := map[string]any{}
	n := 0
	name := func() string {
		n++
		return "v" + string(rune('a'+n%26)) + strings.Repeat("x", n/26)
	}
	nonEmpty := func(s string) string {
		if s == "" {
			return "x"
		}
		return s
	}
	pick := func(k byte) string {
		switch k % 3 {
		case 0:
			return a
		case 1:
			return b
		}
		return a + b
	}
	stage := 0 // 0 path, 1 query, 2 done
	for i, c := range shape {
		if i > 12 {
			break
		}
		switch {
		case stage == 0 && c%8 == 0:
			v := name()
			t.WriteString("/{" + v + "}")
			vars[v] = nonEmpty(pick(c >> 3))
		case stage == 0 && c%8 == 1:
			v := name()
			t.WriteString("{/" + v + "}")
			vars[v] = pick(c >> 3)
		case stage == 0 && c%8 == 2:
			t.WriteString("/lit")
		case stage == 0 && c%8 == 3:
			v, w := name(), name()
			t.WriteString("{/" + v + "," + w + "}")
			vars[v], vars[w] = pick(c>>3), pick(c>>4)
		case stage == 0 && c%8 == 4:
			v := name()
			t.WriteString("{/" + v + "*}")
			vars[v] = []string{pick(c >> 3), pick(c >> 4)}
			stage = 1
		case stage <= 1 && c%8 == 5:
			v, w := name(), name()
			t.WriteString("{?" + v + "," + w + "}")
			vars[v], vars[w] = pick(c>>3), []string{pick(c >> 4), pick(c >> 5)}
			stage = 2
		case stage == 2 && c%8 == 6:
			v := name()
			t.WriteString("{&" + v + "*}")
			vars[v] = []string{pick(c >> 3), pick(c >> 4)}
		case stage == 2 && c%8 == 7:
			v := name()
			t.WriteString("{&" + v + "}")
			vars[v] = pick(c >> 3)
		}
	}
	if len(shape) > 0 && shape[0]&0x80 != 0 && !strings.Contains(a, "%") {
		v := name()
		t.WriteString("{#" + v + "}")
		vars[v] = a
	}
	return t.String(), vars
}

// FuzzMatchRoundTrip: Match(Expand(v)) gives v back for unambiguous
// templates, from the URI form and from the IRI form.
func FuzzMatchRoundTrip(f *testing.F) {
	f.Add([]byte{0, 1, 3, 4, 5, 6, 7}, "a b", "é")
	f.Add([]byte{0x80, 2, 5, 7}, "x/y?z", "")
	f.Add([]byte{1, 1, 4}, "", "\ue000")
	f.Fuzz(func(t *testing.T, shape []byte, a, b string) {
		s, vars := unambiguous(shape, a, b)
		tm := MustParse(s)
		uri, err := tm.Expand(vars)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := iri.ParseReference(uri); err != nil {
			return // a "#" value that is not a fragment
		}
		got, ok := tm.Match(uri)
		if !ok || !reflect.DeepEqual(got, vars) {
			t.Fatalf("%q: Match(%q) = %#v, %v; want %#v", s, uri, got, ok, vars)
		}
		form, err := tm.ExpandIRI(vars)
		if err != nil {
			t.Fatalf("ExpandIRI: %v", err)
		}
		if got, ok := tm.Match(form.String()); !ok || !reflect.DeepEqual(got, vars) {
			t.Fatalf("%q: Match(%q) = %#v, %v; want %#v", s, form, got, ok, vars)
		}
	})
}
