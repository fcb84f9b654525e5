package iri_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/idn"
	"golang.org/x/text/encoding/charmap"
)

func ExampleIRI_CheckBidi() {
	// RFC 3987, section 4.4, Example 8, with Hebrew letters: "1/2" reads as
	// a fraction between two right-to-left components.
	i := iri.MustParse("http://ab.cd.ef/גד1/2הו/זח.html")
	err := i.CheckBidi()
	var be *iri.BidiError
	if errors.As(err, &be) {
		for _, v := range be.Violations {
			fmt.Println(v.Component, v.Offset, v.Rule, v.Count)
		}
	}
	fmt.Println(iri.MustParse("http://ab.גדהוזח.ij/kl/mn/op.html").CheckBidi())
	// Output:
	// segment 16 2 2
	// <nil>
}

func ExampleIRI_VisualOrder() {
	// RFC 3987, section 4.4, Example 1, with Hebrew letters.
	fmt.Println(iri.MustParse("http://ab.גדהוזח.ij/kl/mn/op.html").VisualOrder())
	// Output: http://ab.חזוהדג.ij/kl/mn/op.html
}

func ExampleIRI_Display() {
	i := iri.MustParse("http://ab.גדה.ij/kl")
	// The embedding characters make a bidi renderer lay it out left to
	// right, as RFC 3987, section 4.1, requires; %+q shows them.
	fmt.Printf("%+q\n", i.Display())
	fmt.Printf("%+q\n", iri.MustParse("http://example.org/a\u200bb").DisplayEncoded(nil))
	// Output:
	// "\u202ahttp://ab.\u05d2\u05d3\u05d4.ij/kl\u202c"
	// "\u202ahttp://example.org/a%E2%80%8Bb\u202c"
}

func ExampleIRI_Check() {
	for _, p := range iri.MustParse("http://bank.example@p\u0430ypal.example/%C0%AF").Check() {
		fmt.Println(p)
	}
	// Output:
	// error userinfo at byte 7 in iuserinfo: "bank.example" before the host of an http IRI, a form known from phishing (RFC 3986, section 7.6)
	// error idn-mixed-script at byte 20 in label: "pаypal" mixes scripts beyond what UTS #39 calls Highly Restrictive, or Latin beyond ASCII with Han (Minimally Restrictive)
	// error idn-ascii-lookalike at byte 20 in ihost: "pаypal.example" looks exactly like the ASCII host "paypal.example" (UTS #39, section 4)
	// error overlong-utf8 at byte 36 in ipath: overlong UTF-8 %C0%AF (RFC 3987, section 8)
}

func ExampleIRI_UnmarshalText() {
	// A flag of the IRI type, with flag.TextVar.
	fs := flag.NewFlagSet("tool", flag.ContinueOnError)
	var base iri.IRI
	fs.TextVar(&base, "base", iri.IRI{}, "the base `IRI`")
	err := fs.Parse([]string{"-base", "http://résumé.example.org/a/"})
	fmt.Println(base.Host(), err)
	ref, _ := iri.ParseReference("b")
	fmt.Println(base.Resolve(ref))
	// Output:
	// résumé.example.org <nil>
	// http://résumé.example.org/a/b
}

func ExampleIRI_MarshalText() {
	b, _ := json.Marshal(map[string]iri.IRI{"id": iri.MustParse("http://résumé.example.org/")})
	fmt.Println(string(b))
	var v struct{ ID iri.IRI }
	fmt.Println(json.Unmarshal([]byte(`{"ID": "http://a b/"}`), &v))
	// Output:
	// {"id":"http://résumé.example.org/"}
	// iri: parse "http://a b/": space not allowed in the host (rule ireg-name, at byte 8)
}

func ExampleIRI_URL() {
	u, _ := iri.MustParse("http://résumé.example.org/Dürst").URL()
	fmt.Println(u) // ready for net/http
	// Output: http://xn--rsum-bpad.example.org/D%C3%BCrst
}

func ExampleIRI_Relativize() {
	base := iri.MustParse("http://example.org/a/b/c")
	for _, s := range []string{"http://example.org/a/b/d", "http://example.org/a/x?q", "http://example.org/a/b/c#f", "https://example.org/"} {
		r, _ := base.Relativize(iri.MustParse(s))
		fmt.Println(r)
	}
	// Output:
	// d
	// ../x?q
	// #f
	// https://example.org/
}

func ExampleFromURL() {
	u, _ := url.Parse("http://www.example.org/D%C3%BCrst")
	i, _ := iri.FromURL(u)
	fmt.Println(i)
	fmt.Println(i.ToIRI())
	// Output:
	// http://www.example.org/D%C3%BCrst
	// http://www.example.org/Dürst
}

func ExampleParse() {
	i, err := iri.Parse("http://résumé.example.org/Dürst?q=€#frag")
	if err != nil {
		panic(err)
	}
	fmt.Println(i.Scheme())
	fmt.Println(i.Host())
	fmt.Println(i.Path())
	fmt.Println(i.Query())
	fmt.Println(i.Fragment())
	// Output:
	// http
	// résumé.example.org
	// /Dürst
	// q=€
	// frag
}

func ExampleParse_error() {
	_, err := iri.Parse("http://example.org/a path")
	fmt.Println(err)
	var pe *iri.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Rule, errors.Is(err, iri.ErrInvalidCharacter))
	}
	// Output:
	// iri: parse "http://example.org/a path": space not allowed in the path (rule ipath-abempty, at byte 20)
	// 20 ipath-abempty true
}

func ExampleParseReference() {
	ref, _ := iri.ParseReference("../g?y#s")
	fmt.Println(ref.IsAbsolute(), ref.Path(), ref.Query(), ref.Fragment())
	empty, _ := iri.ParseReference("?")
	fmt.Println(empty.HasQuery(), empty.Query() == "")
	// Output:
	// false ../g y s
	// true true
}

func ExampleIRI_Resolve() {
	base := iri.MustParse("http://a/b/c/d;p?q")
	for _, s := range []string{"g", "../g", "//g", "?y", "#s", "g;x?y#s", "../../../g"} {
		ref, _ := iri.ParseReference(s)
		fmt.Println(base.Resolve(ref))
	}
	// Output:
	// http://a/b/c/g
	// http://a/b/g
	// http://g
	// http://a/b/c/d;p?y
	// http://a/b/c/d;p?q#s
	// http://a/b/c/g;x?y#s
	// http://a/g
}

func ExampleIRI_Parse() {
	// Parse the base once; read each reference against it.
	base := iri.MustParse("http://example.org/vocab/")
	for _, ref := range []string{"Person", "../terms#name", "urn:isbn:0451450523", "a b"} {
		target, err := base.Parse(ref)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(target)
	}
	// Output:
	// http://example.org/vocab/Person
	// http://example.org/terms#name
	// urn:isbn:0451450523
	// error: iri: parse "a b": space not allowed in the path (rule ipath-noscheme, at byte 1)
}

func ExampleParseAbsolute() {
	_, err := iri.ParseAbsolute("http://example.org/vocab#")
	fmt.Println(err)
	base, _ := iri.ParseAbsolute("http://example.org/vocab")
	fmt.Println(base.Resolve(iri.MustParse("x:#term")), base.Resolve(iri.MustParseReference("#term")))
	// Output:
	// iri: parse "http://example.org/vocab#": a fragment is not allowed: an absolute IRI (a base) has none (rule absolute-IRI, at byte 24)
	// x:#term http://example.org/vocab#term
}

func ExampleMustParse() {
	var vocab = iri.MustParse("http://xmlns.com/foaf/0.1/")
	fmt.Println(vocab.Host(), vocab.Path())
	// Output: xmlns.com /foaf/0.1/
}

func ExampleParseLEIRI() {
	// An XML system identifier with a space: not an IRI, but a LEIRI.
	i, err := iri.ParseLEIRI("file:///C:/My Documents/schema.xsd")
	fmt.Println(i, err)
	_, err = iri.Parse("file:///C:/My Documents/schema.xsd")
	fmt.Println(err)
	// Output:
	// file:///C:/My%20Documents/schema.xsd <nil>
	// iri: parse "file:///C:/My Documents/schema.xsd": space not allowed in the path (rule ipath-abempty, at byte 13)
}

func ExampleParseUserInput() {
	i, _ := iri.ParseUserInput("  http://example.org/über uns \n")
	fmt.Println(i)
	fmt.Println(i.ToURI())
	// Output:
	// http://example.org/über%20uns
	// http://example.org/%C3%BCber%20uns
}

func ExampleIRI_ToURI() {
	i := iri.MustParse("http://résumé.example.org/Dürst?q=€#frag")
	fmt.Println(i.ToURI())
	// Output: http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst?q=%E2%82%AC#frag
}

func ExampleIRI_ToURIWithIDNA() {
	i := iri.MustParse("http://résumé.example.org/Dürst")
	u, err := i.ToURIWithIDNA()
	fmt.Println(u, err)
	// A host IDNA refuses (the bidi rule of RFC 5893) is a *ParseError
	// on the host, its cause IDNA's error.
	_, err = iri.MustParse("http://a\u05d0.example/").ToURIWithIDNA()
	var pe *iri.ParseError
	fmt.Println(errors.As(err, &pe), pe.Input, pe.Rule, pe.Err != nil)
	// Output:
	// http://xn--rsum-bpad.example.org/D%C3%BCrst <nil>
	// true aא.example ihost true
}

func ExampleConverter_ToURI() {
	// A page in windows-1252: browsers encode the query in the page's
	// encoding, the rest in UTF-8.
	c := iri.Converter{ASCIIHosts: true, QueryEncoding: charmap.Windows1252}
	u, _ := c.ToURI(iri.MustParse("http://résumé.example.org/Dürst?q=Dürst"))
	fmt.Println(u)
	// Output: http://xn--rsum-bpad.example.org/D%C3%BCrst?q=D%FCrst
}

func ExampleParseEncoded() {
	// "Việt Nam" in windows-1258, where "ệ" is "ê" and a combining dot.
	i, _ := iri.ParseEncoded([]byte("http://example.org/Vi\xea\xf2t_Nam"), charmap.Windows1258)
	fmt.Println(i.Path() == "/Vi\u1ec7t_Nam")
	// Output: true
}

func ExampleEqual() {
	a := iri.MustParse("http://example.com")
	b := iri.MustParse("HTTP://example.com:80/")
	for _, l := range []iri.Level{iri.SimpleString, iri.SyntaxBased, iri.SchemeBased} {
		fmt.Println(l, iri.Equal(a, b, l))
	}
	// Output:
	// simple false
	// syntax false
	// scheme true
}

func ExampleIRI_Normalize() {
	i := iri.MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")
	fmt.Println(i.Normalize(iri.SyntaxBased))
	j := iri.MustParse("HTTP://XN--RSUM-BPAD.example.org:80")
	fmt.Println(j.Normalize(iri.SchemeBased))
	// Output:
	// example://a/b/c/%7Bfoo%7D/rosé
	// http://résumé.example.org/
}

func ExampleComparer_Compare() {
	c := &iri.Comparer{Level: iri.SchemeBased, IgnoreFragment: true}
	fmt.Println(c.Compare(iri.MustParse("http://example.com/a#x"), iri.MustParse("http://EXAMPLE.com:80/a")))
	fmt.Println(c.Compare(iri.MustParse("http://example.com/a"), iri.MustParse("http://example.com/b")))
	// Equivalence with a host that IDNA rejects cannot be determined.
	fmt.Println(c.Compare(iri.MustParse("http://a\u05d0.example/"), iri.MustParse("http://b.example/")))
	// Output:
	// equivalent
	// different
	// undetermined
}

func ExampleComparer_AddRedirect() {
	c := &iri.Comparer{Level: iri.ProtocolBased}
	c.AddRedirect(iri.MustParse("http://example.com/data"), iri.MustParse("http://example.com/data/"))
	fmt.Println(c.Equal(iri.MustParse("http://example.com/data"), iri.MustParse("http://example.com:80/data/")))
	// Output: true
}

func ExampleIRI_ToIRI() {
	for _, s := range []string{
		"http://www.example.org/D%C3%BCrst",        // UTF-8: decoded
		"http://www.example.org/D%FCrst",           // not UTF-8: kept
		"http://xn--99zt52a.example.org/%e2%80%ae", // RLO (section 4.1): kept
		"http://www.example.org/a%2Fb%7Ec",         // "/" is reserved, "~" is not
	} {
		u, _ := iri.Parse(s)
		fmt.Println(u.ToIRI())
	}
	// Output:
	// http://www.example.org/Dürst
	// http://www.example.org/D%FCrst
	// http://xn--99zt52a.example.org/%E2%80%AE
	// http://www.example.org/a%2Fb~c
}

func ExampleConverter_ToIRI() {
	c := iri.Converter{UnicodeHosts: true}
	fmt.Println(c.ToIRI(iri.MustParse("http://xn--99zt52a.example.org/%e2%80%ae")))
	// Output: http://納豆.example.org/%E2%80%AE
}

// The whole story: parse what arrives, check it, build from parts, map to
// a URI for net/http, compare.
func Example() {
	i, err := iri.Parse("http://résumé.example.org/Dürst?q=€#frag")
	if err != nil {
		panic(err)
	}
	fmt.Println(i.Host(), i.Path())
	fmt.Println(len(i.Check()), "problems")

	link, _ := i.WithoutFragment().JoinPath("über uns")
	fmt.Println(link)
	u, _ := link.ToURIWithIDNA()
	fmt.Println(u) // for net/http

	fmt.Println(iri.Equal(iri.MustParse("HTTP://Résumé.example.org:80/Dürst?q=€"), i.WithoutFragment(), iri.SchemeBased))
	// Output:
	// résumé.example.org /Dürst
	// 0 problems
	// http://résumé.example.org/Dürst/über%20uns?q=€
	// http://xn--rsum-bpad.example.org/D%C3%BCrst/%C3%BCber%20uns?q=%E2%82%AC
	// true
}

func ExampleBuild() {
	i, err := iri.Build(iri.Components{
		Scheme:       "https",
		HasAuthority: true,
		Host:         "example.org",
		Path:         "/" + iri.EscapePathSegment("Dürst & Co/2024"),
		HasQuery:     true,
		Query:        "q=" + iri.EscapeQueryParam("a+b=c"),
	})
	fmt.Println(i, err)

	// A path after an authority must start with "/": nothing is repaired.
	_, err = iri.Build(iri.Components{Scheme: "https", HasAuthority: true, Host: "example.org", Path: "a"})
	fmt.Println(err)
	var pe *iri.ParseError
	if errors.As(err, &pe) {
		fmt.Printf("%q: rule %s, byte %d\n", pe.Input, pe.Rule, pe.Offset)
	}
	// Output:
	// https://example.org/Dürst%20&%20Co%2F2024?q=a%2Bb%3Dc <nil>
	// iri: path "a": a path after an authority starts with "/" (rule ipath-abempty, at byte 0)
	// "a": rule ipath-abempty, byte 0
}

func ExampleIRI_Components() {
	c := iri.MustParse("http://u@h:/p?#").Components()
	fmt.Printf("%q %v %q %v %v %v\n", c.Userinfo, c.HasPort, c.Port, c.HasQuery, c.HasFragment, c.Query == "")
	// Output: "u" true "" true true true
}

func ExampleEscapePathSegment() {
	fmt.Println(iri.EscapePathSegment("a/b c?é%"))
	fmt.Println(url.PathEscape("a/b c?é%")) // net/url encodes "é" too
	// Output:
	// a%2Fb%20c%3Fé%25
	// a%2Fb%20c%3F%C3%A9%25
}

func ExampleUnescape() {
	s, err := iri.Unescape("a%2Fb%20c")
	fmt.Printf("%q %v\n", s, err)
	_, err = iri.Unescape("100%")
	fmt.Println(err)
	// Output:
	// "a/b c" <nil>
	// iri: parse "100%": a "%" not followed by two hex digits (rule pct-encoded, at byte 4)
}

func ExampleIRI_QueryParams() {
	i := iri.MustParse("http://example.org/search?q=Dürst+%26+Co&lang=de&lang=fr")
	for name, value := range i.QueryParams() {
		fmt.Printf("%s=%q\n", name, value)
	}
	// Output:
	// q="Dürst & Co"
	// lang="de"
	// lang="fr"
}

func ExampleIRI_WithQueryParams() {
	i := iri.MustParse("http://example.org/search?utm_source=x&q=1")
	// Drop the tracking parameters, keep the rest in order.
	kept := func(yield func(string, string) bool) {
		for name, value := range i.QueryParams() {
			if !strings.HasPrefix(name, "utm_") && !yield(name, value) {
				return
			}
		}
	}
	fmt.Println(i.WithQueryParams(kept))
	fmt.Println(i.WithQueryParams(func(yield func(string, string) bool) { yield("q", "a b") }))
	// From url.Values, net/url's encoding: "+" for a space.
	fmt.Println(i.WithQuery(url.Values{"q": {"a b"}}.Encode()))
	// Output:
	// http://example.org/search?q=1
	// http://example.org/search?q=a%20b
	// http://example.org/search?q=a+b <nil>
}

func ExampleIRI_JoinPath() {
	base := iri.MustParse("http://example.org/files/")
	i, _ := base.JoinPath("2024", "report 50%.pdf")
	fmt.Println(i)
	fmt.Printf("%q\n", slices.Collect(i.PathSegments()))
	_, err := base.JoinPath("..", "etc")
	fmt.Println(err)
	// Output:
	// http://example.org/files/2024/report%2050%25.pdf
	// ["files" "2024" "report 50%.pdf"]
	// iri: a segment "." or ".." cannot be data in a path
}

func ExampleIRI_Addr() {
	for _, s := range []string{"http://[::1]:8080/", "http://192.0.2.1/", "http://example.org/", "http://127.1/"} {
		i := iri.MustParse(s)
		addr, ok := i.Addr()
		port, hasPort := i.PortNumber()
		fmt.Println(i.Hostname(), addr, ok, port, hasPort)
	}
	// Output:
	// ::1 ::1 true 8080 true
	// 192.0.2.1 192.0.2.1 true 0 false
	// example.org invalid IP false 0 false
	// 127.1 invalid IP false 0 false
}

func ExampleIRI_Redacted() {
	i := iri.MustParse("ftp://j%C3%BCrgen:secret@ftp.example.org/")
	password, _ := i.Password()
	fmt.Println(i.Username(), password)
	fmt.Println(i.Redacted())
	// Output:
	// jürgen secret
	// ftp://j%C3%BCrgen:xxxxx@ftp.example.org/
}

func ExampleIRI_RelativizeWith() {
	base := iri.MustParse("http://example.com/api/things/1")
	for _, s := range []string{"http://example.com/api/", "http://example.com/api/things/1", "http://schema.org/name"} {
		shortest, _ := base.Relativize(iri.MustParse(s))
		jsonld, _ := base.RelativizeWith(iri.MustParse(s), iri.RelativizeJSONLD)
		fmt.Printf("%q %q\n", shortest, jsonld)
	}
	// Output:
	// ".." "../"
	// "" "1"
	// "//schema.org/name" "http://schema.org/name"
}

func ExampleChecker() {
	// The protection list is made once, for any number of checks.
	c := iri.Checker{Advice: true, Protect: idn.NewProtected([]string{"paypal.com"})}
	for _, s := range []string{"HTTP://paypa1.com:80/", "http://paypal.co/", "http://gøøgle.com/", "urn:X-foo:bar"} {
		for _, p := range c.Check(iri.MustParse(s)) {
			fmt.Println(p.Severity, p.Code)
		}
	}
	// Chromium's top domains are protected too, unless left out.
	fmt.Println(len(iri.Checker{NoDefaultProtect: true}.Check(iri.MustParse("http://gøøgle.com/"))))
	// Output:
	// advice uppercase-scheme
	// error idn-protected
	// advice default-port
	// warning idn-protected-other-tld
	// error idn-protected
	// error urn-nid
	// 0
}
