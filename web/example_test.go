package web_test

import (
	"errors"
	"fmt"

	"github.com/iri-go/iri/web"
)

func ExampleParse() {
	u, err := web.Parse(" HTTP://user:pass@EXAMPLE.com:80\\a\\..\\b c?q=1#frag ")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(), u.Path(), u.Query(), u.Fragment())
	// Output:
	// http://user:pass@example.com/b%20c?q=1#frag
	// http user pass example.com  /b%20c q=1 frag
}

func ExampleURL_Parse() {
	base := web.MustParse("https://example.org/docs/guide/index.html")
	for _, ref := range []string{"../api/", "//cdn.example.net/x.js", "?page=2", "\\\\evil.example\\x"} {
		u, _ := base.Parse(ref)
		fmt.Println(u)
	}
	// Output:
	// https://example.org/docs/api/
	// https://cdn.example.net/x.js
	// https://example.org/docs/guide/index.html?page=2
	// https://evil.example/x
}

func ExampleParse_hosts() {
	for _, s := range []string{"http://0x7f.1/", "http://[0:0::1]/", "http://Bücher.example/", "http://a:99999/"} {
		u, err := web.Parse(s)
		if err != nil {
			fmt.Println(err, errors.Is(err, web.ErrInvalidPort))
			continue
		}
		fmt.Println(u.Hostname())
	}
	// Output:
	// 127.0.0.1
	// [::1]
	// xn--bcher-kva.example
	// web: parse "http://a:99999/": a port above 65535 (port-out-of-range) at byte 9 true
}

func ExampleURL_Origin() {
	fmt.Println(web.MustParse("https://example.org:8443/a?b").Origin())
	fmt.Println(web.MustParse("blob:https://example.org/uuid").Origin())
	fmt.Println(web.MustParse("data:text/plain,x").Origin())
	// Output:
	// https://example.org:8443
	// https://example.org
	// null
}

func ExampleURL_URI() {
	u := web.MustParse("http://example.org/a|b?q={x}")
	fmt.Println(u)
	fmt.Println(u.URI()) // an RFC 3986 URI for package iri: what net/url and servers decode is the same
	fmt.Println(u.URI().Check())
	// Output:
	// http://example.org/a|b?q={x}
	// http://example.org/a%7Cb?q=%7Bx%7D
	// []
}

func ExampleURL_WithPathname() {
	u := web.MustParse("https://example.com:8443/docs/?v=2#intro")
	fmt.Println(u.WithPathname("/api/v1 beta"))
	fmt.Println(u.WithSearch("q=a#b"))
	fmt.Println(u.WithPort("443")) // the default port of https is not kept
	fmt.Println(u.WithHost("example.org:invalid"))
	fmt.Println(u.WithProtocol("mailto")) // refused: https is special, mailto is not
	// Output:
	// https://example.com:8443/api/v1%20beta?v=2#intro
	// https://example.com:8443/docs/?q=a%23b#intro
	// https://example.com/docs/?v=2#intro
	// https://example.org:8443/docs/?v=2#intro
	// https://example.com:8443/docs/?v=2#intro
}

func ExampleURL_SearchParams() {
	u := web.MustParse("https://example.org/search?q=go+url&utm_source=mail&page=2&utm_medium=x")
	p := u.SearchParams()
	q, _ := p.Get("q")
	fmt.Println(q)
	p.Delete("utm_source")
	p.Delete("utm_medium")
	p.Set("page", "3")
	p.Append("lang", "en gb")
	p.Sort()
	fmt.Println(u.WithSearchParams(p))
	for name, value := range p.All() {
		fmt.Printf("%s: %q\n", name, value)
	}
	p.Delete("q")
	p.Delete("page")
	p.Delete("lang")
	fmt.Println(u.WithSearchParams(p)) // no pair left: no "?"
	// Output:
	// go url
	// https://example.org/search?lang=en+gb&page=3&q=go+url
	// lang: "en gb"
	// page: "3"
	// q: "go url"
	// https://example.org/search
}

func ExampleParseSearchParams() {
	p := web.ParseSearchParams("?a=1&b=%F0%9F%98%80&a=2&c")
	fmt.Println(p.Len(), p.GetAll("a"), p.Has("c"), p.HasValue("a", "3"))
	b, _ := p.Get("b")
	fmt.Println(b)
	p.DeleteValue("a", "1")
	fmt.Println(p)
	// Output:
	// 4 [1 2] true false
	// 😀
	// b=%F0%9F%98%80&a=2&c=
}

func ExampleValidate() {
	for _, s := range []string{"https://example.org/a?b#c", "https:example.org", `https://user@example.org\path`, "http://a:99999/"} {
		errs, err := web.Validate(s)
		fmt.Println(errs, err)
	}
	// Output:
	// [] <nil>
	// [special-scheme-missing-following-solidus at byte 6] <nil>
	// [invalid-credentials at byte 12 invalid-reverse-solidus at byte 24] <nil>
	// [port-out-of-range at byte 9] web: parse "http://a:99999/": a port above 65535 (port-out-of-range) at byte 9
}

func ExampleURL_Validate() {
	page := web.MustParse("https://example.org/docs/index.html")
	for _, href := range []string{"../img/logo.png", `..\img\logo.png`, "//cdn.example.net/a b.js"} {
		errs, _ := page.Validate(href)
		fmt.Printf("%-26q %v\n", href, errs)
	}
	// Output:
	// "../img/logo.png"          []
	// "..\\img\\logo.png"        [invalid-reverse-solidus at byte 2 invalid-reverse-solidus at byte 6]
	// "//cdn.example.net/a b.js" [invalid-URL-unit at byte 19]
}
