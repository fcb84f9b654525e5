package canon_test

import (
	"fmt"

	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
)

func ExampleCanonicalizer_Canonicalize_safeBrowsing() {
	for _, s := range []string{
		"http://host/%25%32%35",
		"http://3279880203/blah",
		"http://www.GOOgle.com.../a/./b/../c//d#frag",
		"www.google.com",
	} {
		key, err := canon.SafeBrowsing.Canonicalize(s)
		fmt.Println(key, err)
	}
	// Output:
	// http://host/%25 <nil>
	// http://195.127.0.11/blah <nil>
	// http://www.google.com/a/c/d <nil>
	// http://www.google.com/ <nil>
}

func ExampleSURT_Key() {
	key, _ := canon.SURT{}.Key("http://www.archive.org/goo/?a=2&b&a=1")
	fmt.Println(key)
	key, _ = canon.SURT{WithScheme: true, TrailingComma: true, KeepWWW: true}.Key("https://www.example.com/")
	fmt.Println(key)
	// Output:
	// org,archive)/goo?a=1&a=2&b
	// https://(com,example,www,)/
}

func ExampleCanonicalizer_Canonicalize_archive() {
	// A session identifier goes by its value, as the Internet Archive's
	// surt removes it: 32 letters or digits here; "sid=2" stays.
	key, _ := canon.Archive.Canonicalize("http://www34.Archive.org:80/Index.html?b=a&PHPSESSID=9682993c8daa2c5497996114facdc805&sid=2&a=b#top")
	fmt.Println(key)
	// Output:
	// http://archive.org/index.html?a=b&b=a&sid=2
}

func ExampleCanonicalizer_Canonicalize_migration() {
	// An index keyed by Apache Nutch keeps its keys: the migration
	// reading (RFC 3986, not the browser's) with Nutch's steps.
	for _, s := range []string{
		"HTTP://Foo.Com:80/aa/../%66oo bar.html#ref",
		"https://john.doe@www.example.com/",
		"ftp://john.doe@ftp.example.org/",
	} {
		key, _ := canon.Nutch.Canonicalize(s)
		fmt.Println(key)
	}
	// Output:
	// http://foo.com/foo%20bar.html
	// https://www.example.com/
	// ftp://john.doe@ftp.example.org/
}

func ExampleCanonicalizer_base() {
	// A crawler resolves the links of a page against its URL.
	page := web.MustParse("https://example.com/docs/guide/index.html")
	c := canon.Semantic
	c.Base = &page
	for _, link := range []string{"../api/#top", "//cdn.example.com/a.js", "?page=2"} {
		key, _ := c.Canonicalize(link)
		fmt.Println(key)
	}
	// Output:
	// https://example.com/docs/api/
	// https://cdn.example.com/a.js
	// https://example.com/docs/guide/index.html?page=2
}

func ExampleSURT_Key_forms() {
	u := "http://www.example.org:81/path?query#frag"
	asWritten := canon.Canonicalizer{Reading: canon.ReadRFC3986}
	for _, s := range []canon.SURT{
		{},
		{WithScheme: true, TrailingComma: true, KeepWWW: true, Canonicalizer: &asWritten},
		{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten},
	} {
		key, _ := s.Key(u)
		fmt.Println(key)
	}
	// Output:
	// org,example:81)/path?query
	// http://(org,example,www,:81)/path?query#frag
	// org,example,www,//81:http:/path?query#frag
}

func ExampleCanonicalizer_variant() {
	// A preset with one more parameter dropped and the query sorted.
	c := canon.SafeBrowsing
	c.DropParams = []string{"ref"}
	c.SortQuery = canon.QuerySortByName
	key, _ := c.Canonicalize("http://example.com/p?z=1&ref=mail&a=2")
	fmt.Println(key)
	// Output:
	// http://example.com/p?a=2&z=1
}

func ExampleCanonicalizer_CanonicalizeURL() {
	u := web.MustParse("HTTP://www.Example.com:80/a/./b/index.html?utm_source=mail&b=2&a=1#top")
	v, _ := canon.Dedup.CanonicalizeURL(u)
	fmt.Println(v.Hostname(), v.Path(), v.Query())
	// Output:
	// example.com /a/b a=1&b=2
}

func ExampleSafeBrowsingExpressions() {
	exprs, _ := canon.SafeBrowsingExpressions("http://a.b.c/1/2.html?param=1")
	for _, e := range exprs {
		fmt.Println(e)
	}
	// Output:
	// a.b.c/1/2.html?param=1
	// a.b.c/1/2.html
	// a.b.c/
	// a.b.c/1/
	// b.c/1/2.html?param=1
	// b.c/1/2.html
	// b.c/
	// b.c/1/
}

func ExampleSafeBrowsingExpressions_browserHost() {
	// The host is the one a browser fetches: "good.com%2F" is userinfo.
	exprs, _ := canon.SafeBrowsingExpressions("http://good.com%2F@evil.com/login")
	fmt.Println(exprs)
	// A host that a browser refuses is not fetched: nothing was checked.
	_, err := canon.SafeBrowsingExpressions("http://%20leadingspace.com/")
	fmt.Println(err)
	// Output:
	// [evil.com/login evil.com/]
	// canon: cannot canonicalize "http://%20leadingspace.com/": invalid host (domain-to-ASCII) at byte 7
}
