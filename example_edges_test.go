package iri_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
)

// A crawler reads each href as the browser does (package web), resolves it
// against the page, keys it for its frontier and requests it with net/http.
func Example_crawler() {
	page := web.MustParse("https://example.org/docs/guide/")
	seen := map[string]bool{}
	for _, href := range []string{"../api/", "../API/#top", "\\\\cdn.example.net\\x.js", "https://EXAMPLE.org:443/docs/api/"} {
		u, err := page.Parse(href)
		if err != nil {
			continue
		}
		key, _ := canon.Semantic.Canonicalize(u.String()) // fragment and default port gone
		if seen[key] {
			continue
		}
		seen[key] = true
		req, _ := u.URI().URL() // a *url.URL for an http.Request
		fmt.Println(key, req.Host)
	}
	// Output:
	// https://example.org/docs/api/ example.org
	// https://example.org/docs/API/ example.org
	// https://cdn.example.net/x.js cdn.example.net
}

// A handler reads its request from r.URL, which net/http parsed leniently:
// FromURL converts any such value, encoding what RFC 3987 refuses.
func Example_request() {
	r := httptest.NewRequest("GET", "/search?q=a|b&tags[]=x&p=100%", nil)
	i, err := iri.FromURL(r.URL)
	if err != nil {
		panic(err)
	}
	fmt.Println(i)
	for name, value := range i.QueryParams() {
		fmt.Printf("%s=%q\n", name, value)
	}
	// Output:
	// /search?q=a%7Cb&tags%5B%5D=x&p=100%25
	// q="a|b"
	// tags[]="x"
	// p="100%"
}

// A configuration value must be an absolute IRI, a base for others: one
// with a fragment or without a scheme is refused with a message that says
// why.
func Example_config() {
	for _, v := range []string{"https://api.example.org/v1/", "api.example.org/v1", "https://api.example.org/v1/#x"} {
		base, err := iri.ParseAbsolute(v)
		fmt.Println(base, err)
	}
	// Output:
	// https://api.example.org/v1/ <nil>
	//  iri: parse "api.example.org/v1": no scheme: an IRI starts with one and ":", such as "http:" (rule scheme, at byte 15)
	//  iri: parse "https://api.example.org/v1/#x": a fragment is not allowed: an absolute IRI (a base) has none (rule absolute-IRI, at byte 27)
}

// A JSON Lines file of records with IRIs: a bad one is reported with its
// line, and reading goes on.
func Example_jsonLines() {
	input := `{"id": "http://example.org/a"}
{"id": "http://example.org/b c"}
{"id": "urn:isbn:0451450523"}`
	sc := bufio.NewScanner(strings.NewReader(input))
	for line := 1; sc.Scan(); line++ {
		var rec struct {
			ID iri.IRI `json:"id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			fmt.Printf("line %d: %v\n", line, err)
			continue
		}
		fmt.Println(rec.ID)
	}
	// Output:
	// http://example.org/a
	// line 2: iri: parse "http://example.org/b c": space not allowed in the path (rule ipath-abempty, at byte 20)
	// urn:isbn:0451450523
}
