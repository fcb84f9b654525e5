package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/iri-go/iri/internal/steps"
)

func fuzzSeeds(f *testing.F) {
	for _, c := range readWPT[urlTest](&testing.T{}, "urltestdata.json") {
		f.Add(c.Input)
	}
}

// FuzzParse holds Parse to properties every input must meet: no panic; an
// href of printable ASCII and reads back as the same
// URL (a space only in an opaque path); components that are substrings of the href in order; and the fast
// path giving exactly the full parser's result.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, input string) {
		u, err := Parse(input)
		full, fullErr := parse(input, nil, nil, nil)
		if (err == nil) != (fullErr == nil) || u != full {
			t.Fatalf("Parse(%q) = %q, %v; the full parser gives %q, %v", input, u, err, full, fullErr)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "web: parse ") {
				t.Fatalf("Parse(%q): error %q", input, err)
			}
			return
		}
		href := u.String()
		for i := 0; i < len(href); i++ {
			if href[i] < ' ' || href[i] >= 0x7F || href[i] == ' ' && !u.HasOpaquePath() {
				t.Fatalf("Parse(%q) = %q: byte %#x at %d", input, href, href[i], i)
			}
		}
		again, err := Parse(href)
		if err != nil || again != u {
			t.Fatalf("Parse(%q) = %q, which reads back as %q, %v (%#v / %#v)", input, href, again, err, u, again)
		}
		rebuilt := u.Scheme() + ":"
		if u.HasHost() {
			rebuilt += "//"
			if u.Username() != "" || u.Password() != "" {
				rebuilt += u.Username()
				if u.Password() != "" {
					rebuilt += ":" + u.Password()
				}
				rebuilt += "@"
			}
			rebuilt += u.Host()
		} else if strings.HasPrefix(u.Path(), "//") {
			rebuilt += "/."
		}
		rebuilt += u.Path()
		if u.HasQuery() {
			rebuilt += "?" + u.Query()
		}
		if u.HasFragment() {
			rebuilt += "#" + u.Fragment()
		}
		if rebuilt != href {
			t.Fatalf("Parse(%q) = %q, but its components make %q", input, href, rebuilt)
		}
		// The bridge: always an RFC 3986 URI, which a browser reads as u
		// again when nothing needed encoding.
		uri := u.URI()
		if uri.String() == "" {
			t.Fatalf("Parse(%q).URI() is empty", input)
		}
		if uri.String() == href {
			if back, err := FromIRI(uri); err != nil || back != u {
				t.Fatalf("FromIRI(%q) = %q, %v", uri, back, err)
			}
		}
	})
}

// FuzzValidate holds Validate to Parse: the same failure, the same URL
// from the parser whether it records validation errors or not, offsets in
// the input and in order, one error of a code at an offset, the failure's
// own error in the list; and the same against a base.
func FuzzValidate(f *testing.F) {
	fuzzSeeds(f)
	f.Add("\t http:\\\\u@[::01]:8\xff/%zz\\..?\x00#\x91")
	base := MustParse("https://example.org/a/b?q")
	f.Fuzz(func(t *testing.T, input string) {
		errs, err := Validate(input)
		_, perr := Parse(input)
		checkValidation(t, input, errs, err, perr)
		var v validation
		plain, _ := parse(input, nil, nil, nil)
		recorded, _ := parse(input, nil, nil, &v)
		if plain != recorded {
			t.Fatalf("parse(%q) = %#v; recording validation errors, %#v", input, plain, recorded)
		}
		errs, err = base.Validate(input)
		_, perr = base.Parse(input)
		checkValidation(t, input, errs, err, perr)
	})
}

// FuzzResolve parses a reference against a base: no panic, and a result
// that reads back as itself.
func FuzzResolve(f *testing.F) {
	f.Add("http://example.org/a/b?q#f", "../c")
	f.Add("file:///C:/x/y", "/../d")
	f.Add("sc://h/a", "//x")
	f.Add("non-spec:/.//p", "..")
	f.Add("about:blank", "#frag")
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, err := Parse(base)
		if err != nil {
			return
		}
		u, err := b.Parse(ref)
		if err != nil {
			return
		}
		again, err := Parse(u.String())
		if err != nil || again != u {
			t.Fatalf("%q against %q = %q, which reads back as %q, %v", ref, base, u, again, err)
		}
	})
}

// parseLinearFamilies are the units TestParseLinear repeats, each to
// make some step of the parser work hardest.
var parseLinearFamilies = []string{"http://h/../", "http://h/a/", "foo:/..//", "http://[::1]/%2e/", "http://a.b.c.", "http://h/?\x01 ", "file:///C:/../"}

// TestParseLinear checks that the work grows linearly with the input: it
// counts the statements Parse executes (package steps), a measure the
// machine's load does not change, on each unit repeated 256 and 4,096
// times. Linear work executes 16 times as many on the larger input,
// quadratic work 256 times; the test fails above 20 times.
func TestParseLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tests again with counters")
	}
	if name, ok := steps.Case(); ok {
		// Parse on every unit first, for the tables made on first use
		// to be made in the count of the empty case, which Count
		// subtracts; then the case, "unit@repetitions".
		for _, unit := range parseLinearFamilies {
			Parse(strings.Repeat(unit, 16))
		}
		if at := strings.LastIndexByte(name, '@'); at >= 0 {
			reps, err := strconv.Atoi(name[at+1:])
			if err != nil {
				t.Fatalf("case %q", name)
			}
			Parse(strings.Repeat(name[:at], reps))
		}
		return
	}
	counter := steps.NewCounter(t, "github.com/iri-go/iri,github.com/iri-go/iri/web,github.com/iri-go/iri/internal/...,golang.org/x/net/idna,golang.org/x/text/...")
	for _, unit := range parseLinearFamilies {
		cs, cl := counter.Count(t, unit+"@256"), counter.Count(t, unit+"@4096")
		if cs == 0 || cl > 20*cs {
			t.Errorf("%q repeated: %d statements for 256 times, %d for 4,096: %.1f times", unit, cs, cl, float64(cl)/float64(cs))
		}
	}
}

// FuzzSetters: every setter gives a URL that reads back as itself, leaves
// the parts it does not set as they were (but the port, which a scheme or
// host may make the default), and sets what it says when it changes the
// URL at all.
func FuzzSetters(f *testing.F) {
	for _, s := range []string{"http://u:p@example.com:8080/a/b?q#f", "foo://h/p", "foo:/p", "mailto:x@y", "file:///C:/x", "sc:opaque"} {
		f.Add(s, "x")
		f.Add(s, "")
		f.Add(s, "a:b@c/d?e#f")
	}
	f.Fuzz(func(t *testing.T, href, value string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		for name, set := range map[string]func(URL, string) URL{
			"protocol": URL.WithProtocol, "username": URL.WithUsername, "password": URL.WithPassword,
			"host": URL.WithHost, "hostname": URL.WithHostname, "port": URL.WithPort,
			"pathname": URL.WithPathname, "search": URL.WithSearch, "hash": URL.WithHash,
		} {
			v := set(u, value)
			if again, err := Parse(v.String()); err != nil || again != v {
				t.Fatalf("%q.With%s(%q) = %q, which reads back as %q, %v", href, name, value, v, again, err)
			}
			if name != "hash" && v.Fragment() != u.Fragment() {
				t.Fatalf("%q.With%s(%q) = %q changed the fragment", href, name, value, v)
			}
			if name == "hash" || name == "search" {
				if v.Path() != u.Path() || v.Host() != u.Host() || v.Scheme() != u.Scheme() {
					t.Fatalf("%q.With%s(%q) = %q changed another part", href, name, value, v)
				}
			}
		}
	})
}
